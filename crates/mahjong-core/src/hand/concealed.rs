//! Concealed hands as counts per kind, and their notation ([spec](crate::spec) sections 1 and 2).

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::excerpt::excerpt;
use crate::hand::lanes::{Lanes, gather};
use crate::hand::tables::{SUIT, tables};
use crate::hand::tile::{KINDS, Suit, Tile, TileErrorReason, tile_of_digit};
use crate::hand::tile_set::{TileSet, write_mpsz};

/// The most copies of one kind: there are four of each.
pub const MAX_COPIES: u8 = 4;
/// The most tiles a concealed hand holds: 13, and one just drawn.
pub const MAX_TILES: usize = 14;

/// A concealed hand: how many copies of each of the 34 kinds it holds (each `0..=4`, at most
/// 14 tiles in all). It is 48 bytes, `Copy`, and allocates nothing, so a game can keep one per
/// seat and copy it freely.
///
/// Besides the counts it keeps, for the analysis, each number suit's rank in the lookup
/// tables (see `tables`), brought up to date by every change: so building or changing a
/// hand uses the tables (and builds them on first use), and asking it costs no rank
/// arithmetic.
///
/// `Display` writes compact MPSZ notation in index order (`123m456p789s11z`, the empty hand as
/// nothing). `FromStr` reads that notation, and per-tile codes
/// (`1M 2M 5P 7Z`, separated by spaces or commas), in either case, with `0m/0p/0s` as fives.
///
/// The analysis ([`Hand::is_agari`], [`Hand::shanten`], [`Hand::waits`],
/// [`Hand::riichi_discards`]) lives in the `analysis` module.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Hand {
    counts: [u8; KINDS],
    len: u8,
    /// The rank of each number suit's counts: a function of `counts`.
    ranks: [u32; 3],
}

impl Hand {
    /// The empty hand.
    pub const fn new() -> Hand {
        // The empty suit has rank 0.
        Hand {
            counts: [0; KINDS],
            len: 0,
            ranks: [0; 3],
        }
    }

    /// The hand holding `counts[i]` copies of the kind of index `i`
    /// (`1m..9m, 1p..9p, 1s..9s, 1z..7z`).
    ///
    /// # Errors
    /// [`HandError::TooManyCopies`] for the first kind counted more than 4 times, and
    /// [`HandError::TooManyTiles`] when the counts add up to more than 14.
    pub fn from_counts(counts: [u8; KINDS]) -> Result<Hand, HandError> {
        let mut len = 0usize;
        for (tile, &count) in Tile::ALL.iter().zip(&counts) {
            if count > MAX_COPIES {
                return Err(HandError::TooManyCopies {
                    tile: *tile,
                    count: count as usize,
                });
            }
            len += count as usize;
        }
        if len > MAX_TILES {
            return Err(HandError::TooManyTiles { count: len });
        }
        let mut hand = Hand {
            counts,
            len: len as u8,
            ranks: [0; 3],
        };
        for suit in 0..3 {
            hand.rerank(suit);
        }
        Ok(hand)
    }

    /// Brings the rank of number suit `suit` (0 man, 1 pin, 2 sou) up to date.
    fn rerank(&mut self, suit: usize) {
        if let Some(rank) = self.ranks.get_mut(suit) {
            *rank = tables().rank(suit_counts(&self.counts, suit)) as u32;
        }
    }

    /// The rank of number suit `suit` (0 man, 1 pin, 2 sou) in the lookup tables.
    #[inline(always)]
    pub(crate) fn rank(&self, suit: usize) -> usize {
        self.ranks[suit % 3] as usize
    }

    /// The hand holding the given tiles, in any order.
    ///
    /// # Errors
    /// As [`Hand::add`]: a fifth copy of a kind, or a fifteenth tile.
    pub fn from_tiles(tiles: impl IntoIterator<Item = Tile>) -> Result<Hand, HandError> {
        let mut hand = Hand::new();
        for tile in tiles {
            hand.add(tile)?;
        }
        Ok(hand)
    }

    /// The number of copies of each kind, indexed `1m..9m, 1p..9p, 1s..9s, 1z..7z`.
    pub const fn counts(&self) -> &[u8; KINDS] {
        &self.counts
    }

    /// The number of copies of `tile`'s kind, `0..=4`.
    pub const fn count(&self, tile: Tile) -> u8 {
        self.counts[tile.index() as usize]
    }

    /// Whether the hand holds at least one copy of `tile`'s kind.
    pub const fn contains(&self, tile: Tile) -> bool {
        self.count(tile) > 0
    }

    /// The number of tiles, `0..=14`.
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether the hand holds no tile.
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The kinds the hand holds at least one copy of.
    pub fn kinds(&self) -> TileSet {
        self.kinds_where(Lanes::held)
    }

    /// The kinds the hand holds exactly `count` (`1..=4`) copies of.
    pub(crate) fn kinds_counted(&self, count: u8) -> TileSet {
        self.kinds_where(|lanes| lanes.exactly(count))
    }

    /// The kinds whose counts `pick` marks, eight counts at a time: the lanes picked,
    /// gathered into eight bits.
    #[inline(always)]
    fn kinds_where(&self, pick: impl Fn(Lanes) -> u64) -> TileSet {
        let lanes = |at: usize| gather(pick(Lanes::of(&self.counts[at..KINDS.min(at + 8)])));
        let bits = lanes(0) | lanes(8) << 8 | lanes(16) << 16 | lanes(24) << 24 | lanes(32) << 32;
        TileSet::from_bits(bits)
    }

    /// Every tile of the hand in index order, each copy once (`1m 1m 2m ...`).
    pub fn tiles(&self) -> impl Iterator<Item = Tile> + '_ {
        Tile::ALL
            .iter()
            .flat_map(|&tile| std::iter::repeat_n(tile, self.count(tile) as usize))
    }

    /// Adds one copy of `tile`; on error the hand is unchanged.
    ///
    /// # Errors
    /// [`HandError::TooManyCopies`] when the hand already holds all four copies, and
    /// [`HandError::TooManyTiles`] when it already holds 14 tiles.
    pub fn add(&mut self, tile: Tile) -> Result<(), HandError> {
        let count = self.count(tile);
        if count >= MAX_COPIES {
            return Err(HandError::TooManyCopies {
                tile,
                count: count as usize + 1,
            });
        }
        if self.len() >= MAX_TILES {
            return Err(HandError::TooManyTiles {
                count: self.len() + 1,
            });
        }
        self.counts[tile.index() as usize] += 1;
        self.len += 1;
        self.rerank(tile.suit() as usize);
        Ok(())
    }

    /// Removes one copy of `tile`; on error the hand is unchanged.
    ///
    /// # Errors
    /// [`HandError::NotInHand`] when the hand holds no copy of it.
    pub fn remove(&mut self, tile: Tile) -> Result<(), HandError> {
        if !self.contains(tile) {
            return Err(HandError::NotInHand { tile });
        }
        self.counts[tile.index() as usize] -= 1;
        self.len -= 1;
        self.rerank(tile.suit() as usize);
        Ok(())
    }
}

/// The nine counts of number suit `suit` (0 man, 1 pin, 2 sou).
#[inline(always)]
pub(crate) fn suit_counts(counts: &[u8; KINDS], suit: usize) -> &[u8; SUIT] {
    let start = SUIT * (suit % 3);
    counts[start..start + SUIT].try_into().unwrap_or(&[0; SUIT])
}

impl Default for Hand {
    fn default() -> Hand {
        Hand::new()
    }
}

impl fmt::Display for Hand {
    /// Compact MPSZ notation in index order: `123m456p789s11z`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let held = Tile::ALL.iter().map(|&tile| (tile, self.count(tile)));
        write_mpsz(f, held.filter(|&(_, copies)| copies > 0))
    }
}

impl fmt::Debug for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Hand({self})")
    }
}

impl FromStr for Hand {
    type Err = ParseHandError;

    /// Reads compact MPSZ notation (`123m456p789s11z`, groups may be separated by spaces) or
    /// per-tile codes (`1M 2M 3M`, separated by spaces or commas), in either case.
    fn from_str(text: &str) -> Result<Hand, ParseHandError> {
        let mut counts = [0u8; KINDS];
        let mut len = 0usize;
        parse_tiles(text, |tile| {
            let count = &mut counts[tile.index() as usize];
            if *count == MAX_COPIES {
                return Err(HandError::TooManyCopies { tile, count: 5 }.into());
            }
            *count += 1;
            len += 1;
            Ok(())
        })?;
        if len > MAX_TILES {
            return Err(HandError::TooManyTiles { count: len }.into());
        }
        Ok(Hand::from_counts(counts)?)
    }
}

/// Reads tiles in MPSZ notation or per-tile codes and hands each one to `take`,
/// which may refuse it.
pub(crate) fn parse_tiles(
    text: &str,
    mut take: impl FnMut(Tile) -> Result<(), ParseHandError>,
) -> Result<(), ParseHandError> {
    // The byte offset where the pending digits start.
    let mut digits_start: Option<usize> = None;
    for (at, character) in text.char_indices() {
        if character.is_ascii_digit() {
            digits_start.get_or_insert(at);
            continue;
        }
        let pending = digits_start.take().map(|start| &text[start..at]);
        if character.is_whitespace() || character == ',' {
            if let Some(digits) = pending {
                return Err(ParseHandError::MissingSuit {
                    digits: excerpt(digits),
                });
            }
            continue;
        }
        let group = &text[at - pending.map_or(0, str::len)..at + character.len_utf8()];
        let Some(suit) = Suit::from_letter(character) else {
            return Err(if character.is_alphabetic() {
                ParseHandError::UnknownSuit {
                    text: excerpt(group),
                }
            } else {
                ParseHandError::UnexpectedCharacter { character }
            });
        };
        let Some(digits) = pending else {
            return Err(ParseHandError::MissingDigits { letter: character });
        };
        for digit in digits.bytes() {
            let tile =
                tile_of_digit(suit, digit - b'0').ok_or_else(|| ParseHandError::OutOfRange {
                    tile: format!("{}{character}", digit as char),
                })?;
            take(tile)?;
        }
    }
    match digits_start {
        Some(start) => Err(ParseHandError::MissingSuit {
            digits: excerpt(&text[start..]),
        }),
        None => Ok(()),
    }
}

/// Counts that are not a hand.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum HandError {
    /// A kind is held more than 4 times.
    #[error("{count} copies of {tile}: there are only 4 of each kind")]
    TooManyCopies {
        /// The kind.
        tile: Tile,
        /// How many copies there would be.
        count: usize,
    },
    /// More than 14 tiles.
    #[error("{count} tiles: a concealed hand holds at most 14")]
    TooManyTiles {
        /// How many tiles there would be.
        count: usize,
    },
    /// A tile to remove is not in the hand.
    #[error("the hand holds no {tile}")]
    NotInHand {
        /// The kind.
        tile: Tile,
    },
}

/// Text that is not a hand, naming the part that is wrong.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParseHandError {
    /// Digits followed by a letter that is not a suit (`12x`).
    #[error("`{text}`: the suit letter must be m, p, s or z")]
    UnknownSuit {
        /// The digits and the letter (the first 20 characters and `…` when longer).
        text: String,
    },
    /// A digit outside its suit (`8z`, `0z`).
    #[error("`{tile}` is not a tile: {}", TileErrorReason::OutOfRange)]
    OutOfRange {
        /// The digit and its suit letter.
        tile: String,
    },
    /// Digits with no suit letter after them (`123`).
    #[error("`{digits}` has no suit letter after it (m, p, s or z)")]
    MissingSuit {
        /// The digits (the first 20 and `…` when longer).
        digits: String,
    },
    /// A suit letter with no digits before it.
    #[error("`{letter}` has no digits before it")]
    MissingDigits {
        /// The letter.
        letter: char,
    },
    /// A character that is neither a digit, a letter, a space nor a comma.
    #[error("`{character}` cannot be part of a hand: write 123m456p or 1M 2M 3M")]
    UnexpectedCharacter {
        /// The character.
        character: char,
    },
    /// The tiles are not a hand (a fifth copy, more than 14 tiles).
    #[error(transparent)]
    Hand(#[from] HandError),
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hand(text: &str) -> Hand {
        text.parse().unwrap()
    }

    #[test]
    fn mpsz_and_per_tile_codes_read_the_same_hand() {
        let compact = hand("123m456p789s1122z");
        let codes = hand("1M 2M 3M 4P 5P 6P 7S 8S 9S 1Z 1Z 2Z 2Z");
        let commas = hand("1m,2m,3m, 4p,5p,6p,7s,8s,9s,1z,1z,2z,2z");
        assert_eq!(compact, codes);
        assert_eq!(compact, commas);
        assert_eq!(compact.len(), 13);
        assert_eq!(compact.to_string(), "123m456p789s1122z");
        assert_eq!(hand("321m 11z").to_string(), "123m11z");
        assert_eq!(hand("0m0p0s").to_string(), "5m5p5s");
        assert_eq!(hand("").to_string(), "");
    }

    #[test]
    fn counts_round_trip() {
        let h = hand("1112345678999m5z");
        let mut counts = [0u8; KINDS];
        counts[0] = 3;
        counts[1..8].fill(1);
        counts[8] = 3;
        counts[31] = 1;
        assert_eq!(h.counts(), &counts);
        assert_eq!(Hand::from_counts(counts), Ok(h));
        assert_eq!(h.tiles().count(), 14);
        assert_eq!(Hand::from_tiles(h.tiles()), Ok(h));
        assert_eq!(h.kinds().to_string(), "123456789m5z");
    }

    #[test]
    fn kinds_are_the_kinds_held() {
        for tile in Tile::ALL {
            let mut h = Hand::from_tiles([tile, tile]).unwrap();
            assert_eq!(h.kinds().iter().collect::<Vec<_>>(), [tile]);
            h.add(Tile::ALL[33]).unwrap();
            let expected: Vec<Tile> = Tile::ALL.into_iter().filter(|&t| h.contains(t)).collect();
            assert_eq!(h.kinds().iter().collect::<Vec<_>>(), expected);
        }
        assert_eq!(hand("8999m1p9s1z77z").kinds().to_string(), "89m1p9s17z");
        assert!(Hand::new().kinds().is_empty());
    }

    #[test]
    fn a_hand_is_small() {
        assert_eq!(std::mem::size_of::<Hand>(), 48);
    }

    #[test]
    fn ranks_follow_the_counts() {
        assert_eq!(Hand::new(), Hand::from_counts([0; KINDS]).unwrap());
        let mut h = Hand::new();
        for tile in hand("123m456p789s1z").tiles() {
            h.add(tile).unwrap();
        }
        assert_eq!(h, Hand::from_counts(*h.counts()).unwrap());
        h.remove("5p".parse().unwrap()).unwrap();
        assert_eq!(h, hand("123m46p789s1z"));
    }

    #[test]
    fn add_and_remove_keep_the_hand_valid() {
        let mut h = hand("1111m");
        let one: Tile = "1m".parse().unwrap();
        let two: Tile = "2m".parse().unwrap();
        assert_eq!(
            h.add(one),
            Err(HandError::TooManyCopies {
                tile: one,
                count: 5
            })
        );
        assert_eq!(h.remove(two), Err(HandError::NotInHand { tile: two }));
        assert_eq!(h, hand("1111m"));
        h.remove(one).unwrap();
        h.add(two).unwrap();
        assert_eq!(h, hand("1112m"));
        let mut full = hand("11122233344455m");
        assert_eq!(full.add(two), Err(HandError::TooManyTiles { count: 15 }));
        assert_eq!(full.len(), 14);
    }

    #[test]
    fn bad_counts_are_refused() {
        let mut counts = [0u8; KINDS];
        counts[5] = 5;
        assert!(matches!(
            Hand::from_counts(counts),
            Err(HandError::TooManyCopies { count: 5, .. })
        ));
        let counts = [1u8; KINDS];
        assert_eq!(
            Hand::from_counts(counts),
            Err(HandError::TooManyTiles { count: 34 })
        );
    }

    #[test]
    fn parse_errors_name_the_offending_text() {
        let err = |t: &str| t.parse::<Hand>().unwrap_err();
        assert_eq!(
            err("123m8z"),
            ParseHandError::OutOfRange { tile: "8z".into() }
        );
        assert_eq!(err("0z"), ParseHandError::OutOfRange { tile: "0z".into() });
        assert_eq!(
            err("123m45"),
            ParseHandError::MissingSuit {
                digits: "45".into()
            }
        );
        assert_eq!(
            err("12 3m"),
            ParseHandError::MissingSuit {
                digits: "12".into()
            }
        );
        assert_eq!(
            err("12x"),
            ParseHandError::UnknownSuit { text: "12x".into() }
        );
        assert_eq!(err("m"), ParseHandError::MissingDigits { letter: 'm' });
        assert_eq!(
            err("1m;2m"),
            ParseHandError::UnexpectedCharacter { character: ';' }
        );
        assert_eq!(
            err("11111m"),
            ParseHandError::Hand(HandError::TooManyCopies {
                tile: "1m".parse().unwrap(),
                count: 5
            })
        );
        assert_eq!(
            err("111122223333444m"),
            ParseHandError::Hand(HandError::TooManyTiles { count: 15 })
        );
        assert_eq!(
            err("123m8z").to_string(),
            "`8z` is not a tile: honors go from 1z to 7z, numbers from 1 to 9 (0 is a red five)"
        );
        assert_eq!(
            err("123m45").to_string(),
            "`45` has no suit letter after it (m, p, s or z)"
        );
    }

    #[test]
    fn parse_errors_quote_at_most_twenty_characters() {
        let megabyte = "1".repeat(1_000_000);
        let twenty = &megabyte[..20];
        assert_eq!(
            megabyte.parse::<Hand>().unwrap_err().to_string(),
            format!("`{twenty}…` has no suit letter after it (m, p, s or z)")
        );
        assert_eq!(
            format!("{megabyte}x").parse::<Hand>().unwrap_err(),
            ParseHandError::UnknownSuit {
                text: format!("{twenty}…")
            }
        );
        assert_eq!(
            format!("1m {megabyte}").parse::<TileSet>().unwrap_err(),
            ParseHandError::MissingSuit {
                digits: format!("{twenty}…")
            }
        );
    }
}
