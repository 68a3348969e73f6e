//! A complete hand split into its parts: melds and a pair, seven pairs, or kokushi
//! ([spec](crate::spec) section 2).

use std::fmt;

use crate::hand::concealed::Hand;
use crate::hand::tile::{KINDS, Tile};

/// One meld of a standard-form hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Meld {
    /// Three consecutive numbers of one suit, named by the lowest (`Sequence(1m)` = 123m).
    Sequence(Tile),
    /// Three copies of one kind.
    Triplet(Tile),
}

impl fmt::Display for Meld {
    /// `123m` or `555p`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Meld::Sequence(low) => {
                let n = low.number();
                write!(f, "{}{}{}{}", n, n + 1, n + 2, low.suit().letter())
            }
            Meld::Triplet(tile) => {
                let n = tile.number();
                write!(f, "{n}{n}{n}{}", tile.suit().letter())
            }
        }
    }
}

/// How a complete hand is complete.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Shape {
    /// Melds (in index order) and one pair.
    Standard {
        /// The melds: four in a 14-tile hand.
        melds: Vec<Meld>,
        /// The pair.
        pair: Tile,
    },
    /// Seven different pairs, in index order.
    Chiitoitsu {
        /// The pairs.
        pairs: [Tile; 7],
    },
    /// One of each terminal and honor, and a second copy of `pair`.
    Kokushi {
        /// The doubled kind.
        pair: Tile,
    },
}

impl fmt::Display for Shape {
    /// `123m 456p 789s 111z 55z`, `11m 22m ... (chiitoitsu)`, `kokushi, pair 1z`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Shape::Standard { melds, pair } => {
                for meld in melds {
                    write!(f, "{meld} ")?;
                }
                write!(f, "{0}{0}{1}", pair.number(), pair.suit().letter())
            }
            Shape::Chiitoitsu { pairs } => {
                for pair in pairs {
                    write!(f, "{0}{0}{1} ", pair.number(), pair.suit().letter())?;
                }
                f.write_str("(chiitoitsu)")
            }
            Shape::Kokushi { pair } => write!(f, "kokushi, pair {pair}"),
        }
    }
}

impl Hand {
    /// How the hand is complete: the standard form first (pair of lowest index, then melds
    /// taken from the lowest tile, triplet before sequence), then chiitoitsu, then kokushi;
    /// `None` when the hand is not agari (see [`Hand::is_agari`]). A hand complete in more
    /// than one way gets the first of them in that order.
    pub fn decompose(&self) -> Option<Shape> {
        if !self.is_agari() {
            return None;
        }
        standard(self.counts())
            .or_else(|| chiitoitsu(self))
            .or_else(|| kokushi(self))
    }
}

fn standard(counts: &[u8; KINDS]) -> Option<Shape> {
    if counts.iter().map(|&c| c as usize).sum::<usize>() % 3 != 2 {
        return None;
    }
    Tile::ALL.iter().find_map(|&pair| {
        let mut rest = *counts;
        let slot = &mut rest[pair.index() as usize];
        *slot = slot.checked_sub(2)?;
        let mut melds = Vec::with_capacity(4);
        melds_of(&mut rest, &mut melds).then_some(Shape::Standard { melds, pair })
    })
}

/// Splits `counts` into melds (appended to `melds`), from the lowest tile; restores both
/// when it fails. At most four levels deep.
fn melds_of(counts: &mut [u8; KINDS], melds: &mut Vec<Meld>) -> bool {
    let Some(low) = Tile::ALL
        .iter()
        .copied()
        .find(|t| counts[t.index() as usize] > 0)
    else {
        return true;
    };
    let i = low.index() as usize;
    if counts[i] >= 3 {
        counts[i] -= 3;
        melds.push(Meld::Triplet(low));
        if melds_of(counts, melds) {
            return true;
        }
        melds.pop();
        counts[i] += 3;
    }
    if !low.is_honor() && low.number() <= 7 && counts[i + 1] > 0 && counts[i + 2] > 0 {
        counts[i..i + 3].iter_mut().for_each(|c| *c -= 1);
        melds.push(Meld::Sequence(low));
        if melds_of(counts, melds) {
            return true;
        }
        melds.pop();
        counts[i..i + 3].iter_mut().for_each(|c| *c += 1);
    }
    false
}

fn chiitoitsu(hand: &Hand) -> Option<Shape> {
    let pairs: Vec<Tile> = hand
        .kinds()
        .iter()
        .filter(|&t| hand.count(t) == 2)
        .collect();
    let pairs: [Tile; 7] = pairs.try_into().ok()?;
    (hand.len() == 14).then_some(Shape::Chiitoitsu { pairs })
}

fn kokushi(hand: &Hand) -> Option<Shape> {
    let pair = hand.kinds().iter().find(|&t| hand.count(t) == 2)?;
    let all = Tile::ALL.iter().filter(|t| t.is_terminal_or_honor());
    let complete = all.clone().all(|&t| hand.contains(t)) && hand.len() == 14;
    (complete && pair.is_terminal_or_honor()).then_some(Shape::Kokushi { pair })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(text: &str) -> Option<String> {
        text.parse::<Hand>()
            .unwrap()
            .decompose()
            .map(|s| s.to_string())
    }

    #[test]
    fn standard_hands_split_into_melds_and_pair() {
        assert_eq!(
            shape("123m456p789s11122z").as_deref(),
            Some("123m 456p 789s 111z 22z")
        );
        // The pair 1m would strand a 1m: 111m 123m with the pair 99s is the only way.
        assert_eq!(
            shape("111123m789p555s99s").as_deref(),
            Some("111m 123m 789p 555s 99s")
        );
        assert_eq!(
            shape("11123m456p789s555z").as_deref(),
            Some("123m 456p 789s 555z 11m")
        );
    }

    #[test]
    fn special_forms_and_incomplete_hands() {
        assert_eq!(shape("1111m1199p1199s11z"), None); // four of a kind is not two pairs
        assert_eq!(
            shape("1133m1199p1199s11z").as_deref(),
            Some("11m 33m 11p 99p 11s 99s 11z (chiitoitsu)")
        );
        assert_eq!(
            shape("19m19p19s12345677z").as_deref(),
            Some("kokushi, pair 7z")
        );
        assert_eq!(shape("123m456p789s1123z"), None);
    }
}
