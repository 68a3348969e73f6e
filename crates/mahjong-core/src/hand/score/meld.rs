//! Called and declared melds: chi, pon and the three kans (spec section 4).

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::excerpt::excerpt;
use crate::hand::concealed::ParseHandError;
use crate::hand::score::tile_copy::{TileCopy, parse_copies, write_copies};
use crate::hand::tile::Tile;

/// How a meld was made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum MeldKind {
    /// A sequence called from the previous seat's discard (`chi 345m`).
    Chi,
    /// A triplet called from any seat's discard (`pon 777p`).
    Pon,
    /// An open kan, daiminkan: a fourth copy called onto three concealed ones (`kan 1111z`).
    Kan,
    /// A closed kan, ankan: four concealed copies declared; the hand stays closed
    /// (`ankan 9999s`).
    Ankan,
    /// An added kan, kakan (shouminkan): a fourth copy added to an own pon; open
    /// (`kakan 5555p`).
    Kakan,
}

impl MeldKind {
    /// Every kind: chi, pon, kan, ankan, kakan.
    pub const ALL: [MeldKind; 5] = [
        MeldKind::Chi,
        MeldKind::Pon,
        MeldKind::Kan,
        MeldKind::Ankan,
        MeldKind::Kakan,
    ];

    /// The word of the notation: `chi`, `pon`, `kan`, `ankan` or `kakan`.
    pub const fn word(self) -> &'static str {
        match self {
            MeldKind::Chi => "chi",
            MeldKind::Pon => "pon",
            MeldKind::Kan => "kan",
            MeldKind::Ankan => "ankan",
            MeldKind::Kakan => "kakan",
        }
    }

    /// The number of tiles: 3 for chi and pon, 4 for the kans.
    pub const fn tiles(self) -> usize {
        match self {
            MeldKind::Chi | MeldKind::Pon => 3,
            _ => 4,
        }
    }

    /// Whether it is one of the kans.
    pub const fn is_kan(self) -> bool {
        self.tiles() == 4
    }

    /// Whether the meld opens the hand: every kind but the closed kan.
    pub const fn is_open(self) -> bool {
        !matches!(self, MeldKind::Ankan)
    }

    fn from_word(word: &str) -> Option<MeldKind> {
        MeldKind::ALL
            .into_iter()
            .find(|kind| kind.word().eq_ignore_ascii_case(word))
    }
}

/// A meld outside the concealed hand: its kind, its tile (the lowest of a chi) and whether
/// it holds the red five of its suit.
///
/// `Display` and `FromStr` use the notation of the shared test data: the kind's word, a
/// space, the tiles in compact MPSZ with `0` for the red five (`chi 340m`, `pon 777p`,
/// `kan 1111z`, `ankan 9999s`, `kakan 0555p`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Meld {
    kind: MeldKind,
    tile: Tile,
    red: bool,
}

impl Meld {
    /// A meld that fills unused slots of a [`Melds`](crate::score::Melds) list.
    pub(crate) const FILLER: Meld = Meld {
        kind: MeldKind::Pon,
        tile: Tile::ALL[0],
        red: false,
    };

    /// The meld of `kind` on `tile`: for a chi the lowest tile of the sequence, else the
    /// kind of the triplet or kan; `red` when one of its fives is the red five.
    ///
    /// # Errors
    /// [`MeldError::NoSequence`] for a chi on an honor or above 7;
    /// [`MeldError::NoFive`] when `red` is set but the meld holds no five of a number suit.
    pub fn new(kind: MeldKind, tile: Tile, red: bool) -> Result<Meld, MeldError> {
        let meld = Meld { kind, tile, red };
        if kind == MeldKind::Chi && (tile.is_honor() || tile.number() > 7) {
            return Err(MeldError::NoSequence { tile });
        }
        if red && (tile.is_honor() || meld.count(five_of(tile)) == 0) {
            return Err(MeldError::NoFive { meld });
        }
        Ok(meld)
    }

    /// How it was made.
    pub const fn kind(self) -> MeldKind {
        self.kind
    }

    /// Its tile: the lowest of a chi's sequence, or the kind of a pon or kan.
    pub const fn tile(self) -> Tile {
        self.tile
    }

    /// Whether one of its tiles is the red five.
    pub const fn has_red_five(self) -> bool {
        self.red
    }

    /// How many copies of `tile`'s kind it holds (0 to 4).
    pub fn count(self, tile: Tile) -> u8 {
        match self.kind {
            MeldKind::Chi => {
                let low = self.tile.index();
                u8::from(tile.suit() == self.tile.suit() && (low..low + 3).contains(&tile.index()))
            }
            kind if tile == self.tile => kind.tiles() as u8,
            _ => 0,
        }
    }

    /// Its tiles in index order, the red five (if any) first among the fives.
    pub fn copies(self) -> impl Iterator<Item = TileCopy> {
        let mut red = self.red;
        let (first, len) = match self.kind {
            MeldKind::Chi => (self.tile.index(), 3u8),
            kind => (self.tile.index(), kind.tiles() as u8),
        };
        let step = u8::from(self.kind == MeldKind::Chi);
        (0..len).map(move |i| {
            let tile = Tile::ALL[(first + i * step) as usize % Tile::ALL.len()];
            let copy = TileCopy {
                tile,
                red: red && tile.number() == 5 && !tile.is_honor(),
            };
            red &= !copy.red;
            copy
        })
    }
}

/// The five of `tile`'s suit (`5z`, white, for an honor: check honors apart).
fn five_of(tile: Tile) -> Tile {
    Tile::new(tile.suit(), 5).unwrap_or(tile)
}

impl fmt::Display for Meld {
    /// `chi 340m`, `pon 777p`, `kan 1111z`, `ankan 9999s`, `kakan 0555p`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ", self.kind.word())?;
        write_copies(f, self.copies())
    }
}

impl FromStr for Meld {
    type Err = ParseMeldError;

    /// Reads `<kind> <tiles>`: `chi 345m`, `pon 777p`, `kan 1111z`, `ankan 9999s`,
    /// `kakan 0555p` (words in either case, the tiles in any order, `0` = red five).
    fn from_str(text: &str) -> Result<Meld, ParseMeldError> {
        let text = text.trim();
        let (word, tiles) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
        let kind = MeldKind::from_word(word).ok_or_else(|| ParseMeldError::UnknownKind {
            word: excerpt(word),
        })?;
        let mut copies = parse_copies(tiles)?;
        copies.sort();
        let wrong = || ParseMeldError::WrongTiles {
            kind,
            tiles: excerpt(tiles.trim()),
        };
        let (Some(first), true) = (copies.first(), copies.len() == kind.tiles()) else {
            return Err(wrong());
        };
        let fits = copies.iter().enumerate().all(|(i, copy)| match kind {
            MeldKind::Chi => copy.tile.index() as usize == first.tile.index() as usize + i,
            _ => copy.tile == first.tile,
        });
        let same_suit = copies
            .iter()
            .all(|copy| copy.tile.suit() == first.tile.suit());
        let reds = copies.iter().filter(|copy| copy.red).count();
        if !fits || !same_suit || reds > 1 {
            return Err(wrong());
        }
        Meld::new(kind, first.tile, reds == 1).map_err(|_| wrong())
    }
}

/// A meld that cannot exist.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum MeldError {
    /// A chi must start on a number tile from 1 to 7 (`chi 789m` starts on 7).
    #[error("no sequence starts on {tile}: a chi is three consecutive numbers of one suit")]
    NoSequence {
        /// The tile given as the lowest.
        tile: Tile,
    },
    /// A red five was marked in a meld without a five.
    #[error("`{meld}` holds no five, so no red five")]
    NoFive {
        /// The meld as it would be.
        meld: Meld,
    },
}

/// Text that is not a meld.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParseMeldError {
    /// The first word is not a meld kind.
    #[error("`{word}` is not a meld: write chi, pon, kan, ankan or kakan and its tiles")]
    UnknownKind {
        /// The word (its first 20 characters).
        word: String,
    },
    /// The tiles do not make that kind of meld.
    #[error(
        "`{tiles}` is not a {}: a chi is three consecutive tiles of one suit, a pon three of \
         a kind, a kan four of a kind (at most one red five)",
        kind.word()
    )]
    WrongTiles {
        /// The kind asked for.
        kind: MeldKind,
        /// The tiles given (their first 20 characters).
        tiles: String,
    },
    /// The tiles are not valid notation.
    #[error(transparent)]
    Tiles(#[from] ParseHandError),
}

#[cfg(test)]
mod tests {
    use super::*;

    fn meld(text: &str) -> Meld {
        text.parse().unwrap()
    }

    #[test]
    fn melds_round_trip_in_the_test_data_notation() {
        for text in [
            "chi 345m",
            "chi 340m",
            "pon 777p",
            "pon 055s",
            "kan 1111z",
            "ankan 9999s",
            "kakan 0555p",
        ] {
            assert_eq!(meld(text).to_string(), text);
        }
        assert_eq!(meld("CHI 534m").to_string(), "chi 345m");
        assert_eq!(meld("chi 0m34m").to_string(), "chi 340m");
        assert!(meld("kakan 0555p").has_red_five());
        assert_eq!(meld("chi 345m").count("4m".parse().unwrap()), 1);
        assert_eq!(meld("kan 1111z").count("1z".parse().unwrap()), 4);
        assert_eq!(meld("kan 1111z").count("2z".parse().unwrap()), 0);
    }

    #[test]
    fn wrong_melds_say_why() {
        let err = |text: &str| text.parse::<Meld>().unwrap_err().to_string();
        assert_eq!(
            err("chii 345m"),
            "`chii` is not a meld: write chi, pon, kan, ankan or kakan and its tiles"
        );
        for bad in [
            "chi 346m",
            "chi 789z",
            "pon 778p",
            "kan 111z",
            "pon 000m",
            "chi 3m4p5s",
        ] {
            assert!(err(bad).contains("is not a"), "{bad}: {}", err(bad));
        }
        assert!(err("pon 8z8z8z").contains("8z"));
        let seven: Tile = "7z".parse().unwrap();
        assert_eq!(
            Meld::new(MeldKind::Chi, seven, false),
            Err(MeldError::NoSequence { tile: seven })
        );
        assert!(matches!(
            Meld::new(MeldKind::Pon, seven, true),
            Err(MeldError::NoFive { .. })
        ));
    }
}
