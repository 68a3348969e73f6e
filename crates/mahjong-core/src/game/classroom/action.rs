//! What a player may do: discard, declare riichi with a discard, tsumo, ron, or pass a ron
//! ([spec](crate::spec) section 3), and why an action is refused.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::excerpt::excerpt;
use crate::game::seat::Seat;
use crate::hand::tile::Tile;

/// One action of the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Action {
    /// Discard this tile (after riichi: only the tile just drawn, tsumogiri).
    Discard(Tile),
    /// Declare riichi and discard this tile, which must leave the hand tenpai. The classroom
    /// game sets no other condition: riichi may be declared on any turn, even the last.
    Riichi(Tile),
    /// Win on the tile just drawn: the 14 tiles are agari.
    Tsumo,
    /// Win on another seat's discard (only in riichi, and not furiten).
    Ron,
    /// Decline a ron.
    Pass,
}

impl fmt::Display for Action {
    /// `discard 5m`, `riichi 5m`, `tsumo`, `ron` or `pass`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Discard(tile) => write!(f, "discard {tile}"),
            Action::Riichi(tile) => write!(f, "riichi {tile}"),
            Action::Tsumo => f.write_str("tsumo"),
            Action::Ron => f.write_str("ron"),
            Action::Pass => f.write_str("pass"),
        }
    }
}

impl FromStr for Action {
    type Err = ParseActionError;

    /// Reads what `Display` writes, in either case; a tile alone (`5m`, `5M`) is a discard.
    fn from_str(text: &str) -> Result<Action, ParseActionError> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let tile = |word: &str| {
            word.parse::<Tile>()
                .map_err(|error| ParseActionError::Tile {
                    text: excerpt(word),
                    reason: error.to_string(),
                })
        };
        let lower: Vec<String> = words.iter().map(|w| w.to_ascii_lowercase()).collect();
        match lower.iter().map(String::as_str).collect::<Vec<_>>()[..] {
            ["tsumo"] => Ok(Action::Tsumo),
            ["ron"] => Ok(Action::Ron),
            ["pass"] => Ok(Action::Pass),
            ["discard", _] => tile(words[1]).map(Action::Discard),
            ["riichi", _] => tile(words[1]).map(Action::Riichi),
            [_] if words[0].chars().next().is_some_and(|c| c.is_ascii_digit()) => {
                tile(words[0]).map(Action::Discard)
            }
            _ => Err(ParseActionError::Unknown {
                text: excerpt(text.trim()),
            }),
        }
    }
}

/// Text that is not an action.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParseActionError {
    /// Not one of the action words.
    #[error(
        "`{text}` is not an action: write a tile (5m), discard 5m, riichi 5m, tsumo, ron or pass"
    )]
    Unknown {
        /// The text, trimmed (its first 20 characters and `…` when longer).
        text: String,
    },
    /// The tile of a discard or riichi is not a tile.
    #[error("{reason}")]
    Tile {
        /// The text of the tile (its first 20 characters and `…` when longer).
        text: String,
        /// Why it is not a tile.
        reason: String,
    },
}

/// Why [`crate::classroom::Game::apply`] refused an action; the game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ActionError {
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// The tile to discard is not in the hand.
    #[error("the hand holds no {tile}")]
    NotInHand {
        /// The tile.
        tile: Tile,
    },
    /// In riichi only the tile just drawn may be discarded.
    #[error("in riichi only the tile just drawn ({drawn}) may be discarded, not {tile}")]
    Tsumogiri {
        /// The tile just drawn.
        drawn: Tile,
        /// The tile the player tried to discard.
        tile: Tile,
    },
    /// Riichi a second time.
    #[error("riichi is already declared")]
    AlreadyRiichi,
    /// The riichi discard does not leave the hand tenpai.
    #[error("discarding {tile} does not leave the hand tenpai: no riichi")]
    NotTenpai {
        /// The tile.
        tile: Tile,
    },
    /// Tsumo with a hand that is not agari.
    #[error("the hand is not complete: no tsumo")]
    NotAgari,
    /// Ron on a tile that does not complete the hand.
    #[error("{tile} is not a wait of the hand: no ron, pass")]
    NotAWait {
        /// The discarded tile.
        tile: Tile,
    },
    /// Ron while furiten (spec section 3): a wait is among the seat's own discards, or it
    /// passed a ron since its riichi.
    #[error(
        "furiten: no ron on {tile} (a wait is among your discards, or you passed a ron since riichi)"
    )]
    Furiten {
        /// The discarded tile.
        tile: Tile,
    },
    /// Ron or pass when no discard waits for an answer.
    #[error("no discard waits for a ron: draw and discard")]
    NoDiscardToClaim,
    /// A discard, riichi or tsumo while a seat must answer a discard (the seat to move, which
    /// is the one that acted).
    #[error("answer the discard of {tile} first: ron or pass")]
    ClaimPending {
        /// The seat that must answer.
        seat: Seat,
        /// The discarded tile.
        tile: Tile,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_read_back_what_they_write() {
        let five: Tile = "5m".parse().unwrap();
        for action in [
            Action::Discard(five),
            Action::Riichi(five),
            Action::Tsumo,
            Action::Ron,
            Action::Pass,
        ] {
            assert_eq!(action.to_string().parse(), Ok(action));
        }
        assert_eq!("5M".parse(), Ok(Action::Discard(five)));
        assert_eq!("RIICHI 5m".parse(), Ok(Action::Riichi(five)));
    }

    #[test]
    fn bad_actions_say_why() {
        let error = "chi 5m".parse::<Action>().unwrap_err();
        assert!(error.to_string().starts_with("`chi 5m` is not an action"));
        let error = "discard 8z".parse::<Action>().unwrap_err();
        assert!(error.to_string().contains("8z"), "{error}");
    }

    #[test]
    fn long_texts_are_quoted_cut() {
        let long = "x".repeat(1_000_000);
        let twenty = &long[..20];
        assert_eq!(
            long.parse::<Action>(),
            Err(ParseActionError::Unknown {
                text: format!("{twenty}…")
            })
        );
        let error = format!("riichi 5{long}").parse::<Action>().unwrap_err();
        assert!(
            error
                .to_string()
                .starts_with(&format!("`5{}…` is not a tile", &twenty[1..])),
            "{error}"
        );
        assert!(error.to_string().len() < 100, "{error}");
    }
}
