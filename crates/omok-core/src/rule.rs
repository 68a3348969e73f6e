//! Rule sets and fouls ([spec](crate::spec) section 3).

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::stone::Stone;

/// The rule set of a game ([spec](crate::spec) section 3).
///
/// | rule | wins | forbidden |
/// |---|---|---|
/// | `Freestyle` | five or more, both colours | nothing |
/// | `Standard` | exactly five, both colours | nothing |
/// | `Renju` | black: exactly five; white: five or more | black: double-four, double-three, overline |
/// | `Omok` | exactly five, both colours | double-three, both colours |
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Rule {
    /// Gomoku where five or more in a row wins for both colours, and nothing is forbidden.
    Freestyle,
    /// Gomocup "standard" gomoku: exactly five wins; an overline is a legal move that does not
    /// win; nothing is forbidden.
    Standard,
    /// RIF renju: black wins only with exactly five and may not make a double-four, a
    /// double-three or an overline (a move that makes an exact five wins all the same);
    /// white wins with five or more and has no fouls.
    Renju,
    /// The common Korean omok rule, the default: exactly five wins for both colours, and a
    /// double-three is forbidden for both (an exact five beats it); double-fours and
    /// overlines are legal, and an overline does not win.
    #[default]
    Omok,
}

impl Rule {
    /// Every rule set, in the order of the table above.
    pub const ALL: [Rule; 4] = [Rule::Freestyle, Rule::Standard, Rule::Renju, Rule::Omok];

    /// Whether `stone` wins only with exactly five (an overline does not win).
    pub const fn exact_five(self, stone: Stone) -> bool {
        match self {
            Rule::Freestyle => false,
            Rule::Standard | Rule::Omok => true,
            Rule::Renju => matches!(stone, Stone::Black),
        }
    }

    /// Whether `stone` has forbidden points under this rule.
    pub const fn has_fouls(self, stone: Stone) -> bool {
        match self {
            Rule::Freestyle | Rule::Standard => false,
            Rule::Renju => matches!(stone, Stone::Black),
            Rule::Omok => true,
        }
    }

    /// The rule's name as [`FromStr`] takes it: `freestyle`, `standard`, `renju`, `omok`.
    pub const fn name(self) -> &'static str {
        match self {
            Rule::Freestyle => "freestyle",
            Rule::Standard => "standard",
            Rule::Renju => "renju",
            Rule::Omok => "omok",
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Rule {
    type Err = ParseRuleError;

    /// Parses a rule name, case-insensitive: `freestyle`, `standard`, `renju` or `omok`.
    fn from_str(text: &str) -> Result<Rule, ParseRuleError> {
        let wanted = text.trim().to_ascii_lowercase();
        Rule::ALL
            .into_iter()
            .find(|rule| rule.name() == wanted)
            .ok_or_else(|| ParseRuleError(text.to_string()))
    }
}

/// Text that names no rule set.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[error("`{0}` is not a rule: use freestyle, standard, renju or omok")]
pub struct ParseRuleError(pub String);

/// Why a point is forbidden ([spec](crate::spec) section 3).
///
/// When a move commits several fouls the first of double-four, double-three, overline is
/// named.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Foul {
    /// The move makes two or more threes at once (each three must be able to become a
    /// straight four through a point that is itself legal).
    DoubleThree,
    /// The move makes two or more fours at once, two on one line included.
    DoubleFour,
    /// The move makes six or more in a row.
    Overline,
}

impl fmt::Display for Foul {
    /// `double-three`, `double-four` or `overline`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Foul::DoubleThree => "double-three",
            Foul::DoubleFour => "double-four",
            Foul::Overline => "overline",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_round_trip_through_their_names() {
        for rule in Rule::ALL {
            assert_eq!(rule.to_string().parse::<Rule>(), Ok(rule));
        }
        assert_eq!(" Renju ".parse::<Rule>(), Ok(Rule::Renju));
        assert!(
            "go".parse::<Rule>()
                .unwrap_err()
                .to_string()
                .contains("`go`")
        );
    }

    #[test]
    fn win_lengths_and_fouls_follow_the_table() {
        assert!(!Rule::Freestyle.exact_five(Stone::Black));
        assert!(Rule::Standard.exact_five(Stone::White));
        assert!(Rule::Renju.exact_five(Stone::Black) && !Rule::Renju.exact_five(Stone::White));
        assert!(Rule::Renju.has_fouls(Stone::Black) && !Rule::Renju.has_fouls(Stone::White));
        assert!(Rule::Omok.has_fouls(Stone::White));
        assert!(!Rule::Standard.has_fouls(Stone::Black));
    }
}
