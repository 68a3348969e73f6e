//! The description of a win: the tiles and the situation (spec sections 4 and 5).

use std::fmt;

use crate::hand::concealed::Hand;
use crate::hand::score::list::{Indicators, Melds};
use crate::hand::score::tile_copy::{TileCopy, write_copies};
use crate::hand::tile::{Suit, Tile};

/// A wind: of a seat (East is the dealer) or of the round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Wind {
    /// East (`1z`); as a seat wind, the dealer.
    #[default]
    East,
    /// South (`2z`).
    South,
    /// West (`3z`).
    West,
    /// North (`4z`).
    North,
}

impl Wind {
    /// The four winds in order.
    pub const ALL: [Wind; 4] = [Wind::East, Wind::South, Wind::West, Wind::North];

    /// The wind's tile, `1z..4z`.
    pub const fn tile(self) -> Tile {
        Tile::ALL[27 + self as usize]
    }

    /// The wind's letter: `E`, `S`, `W` or `N`.
    pub const fn letter(self) -> char {
        ['E', 'S', 'W', 'N'][self as usize]
    }

    /// The wind's English name: `East`, `South`, `West` or `North`.
    ///
    /// ```
    /// use mahjong_core::score::Wind;
    /// assert_eq!(Wind::South.name(), "South");
    /// assert_eq!(Wind::from_name(Wind::North.name()), Some(Wind::North));
    /// ```
    pub const fn name(self) -> &'static str {
        ["East", "South", "West", "North"][self as usize]
    }

    /// The wind of a letter or English name, in either case (`E`, `east`, `1z`).
    pub fn from_name(name: &str) -> Option<Wind> {
        let names = [
            ["e", "east", "1z"],
            ["s", "south", "2z"],
            ["w", "west", "3z"],
            ["n", "north", "4z"],
        ];
        let at = names
            .iter()
            .position(|names| names.iter().any(|n| n.eq_ignore_ascii_case(name)))?;
        Some(Wind::ALL[at])
    }
}

impl fmt::Display for Wind {
    /// `E`, `S`, `W` or `N`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// How the winning tile came.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum WinBy {
    /// From another seat's discard (or robbed from its added kan: chankan).
    #[default]
    Ron,
    /// Drawn by the winner (from the wall, or from the dead wall: rinshan).
    Tsumo,
}

/// Whether and how the winner declared riichi.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Riichi {
    /// No riichi.
    #[default]
    None,
    /// Riichi (1 han).
    Riichi,
    /// Double riichi, declared on the first uninterrupted turn (2 han).
    Double,
}

/// Everything scoring needs to know of a win (spec section 5): the tiles, how the winning
/// tile came, and the situation. Build it in code (the fields are public; [`Default`] is an
/// empty ron by a South seat in the East round) or parse it from text (see
/// [`WinningHand::from_str`](std::str::FromStr)); `Display` writes the text form, which
/// parses back to the same value. It is `Copy` and holds no allocation: the melds and the
/// indicators are short lists held inline ([`Melds`], [`Indicators`]).
///
/// Nothing here is checked until scoring: [`WinningHand::score`](crate::score::WinningHand::score)
/// refuses a description that cannot happen, with a [`ScoreError`](crate::score::ScoreError).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct WinningHand {
    /// The concealed tiles, **including the winning tile**: `14 - 3 x melds` tiles (a kan
    /// counts 3 here). Red fives are counted in `concealed_red_fives`.
    pub concealed: Hand,
    /// How many of the concealed fives are red, per suit `[man, pin, sou]` (0 or 1 each).
    pub concealed_red_fives: [u8; 3],
    /// The called and declared melds, at most 4 (more are counted and refused by scoring).
    pub melds: Melds,
    /// The winning tile (one of the concealed tiles; red when the red five won).
    pub winning_tile: TileCopy,
    /// Ron or tsumo.
    pub by: WinBy,
    /// The winner's seat wind; East is the dealer.
    pub seat_wind: Wind,
    /// The round wind.
    pub round_wind: Wind,
    /// Riichi or double riichi (closed hands only).
    pub riichi: Riichi,
    /// Ippatsu: the win came within one go-around of the riichi, with no call in between.
    pub ippatsu: bool,
    /// The last tile: haitei (tsumo on the last tile of the live wall) or houtei (ron on the
    /// last discard).
    pub last_tile: bool,
    /// Rinshan kaihou: tsumo on the replacement tile of a kan.
    pub rinshan: bool,
    /// Chankan: ron on a tile added to another seat's kan (kakan).
    pub chankan: bool,
    /// The first uninterrupted turn: tenhou (the dealer's tsumo on its dealt hand), chiihou
    /// (another seat's tsumo on its first draw), or renhou (a ron before the winner's first
    /// draw; a yaku only under [`ScoringRules::renhou`](crate::score::ScoringRules::renhou)).
    pub first_turn: bool,
    /// The dora indicators (1, and one more per kan); the dora is the next tile.
    pub dora_indicators: Indicators,
    /// The ura-dora indicators (riichi only), as many as the dora indicators.
    pub ura_indicators: Indicators,
    /// Honba counters on the table: 300 points each on a win (the text form takes at most
    /// [`WinningHand::MOST_ON_TABLE`]; a payment past `u32` saturates).
    pub honba: u32,
    /// Riichi sticks on the table: 1,000 points each, to the winner (the text form takes at
    /// most [`WinningHand::MOST_ON_TABLE`]).
    pub riichi_sticks: u32,
    /// North tiles the winner declared aside (kita, three-player riichi): each is a dora
    /// (nukidora), and counts again for every indicator pointing at North.
    pub nukidora: u8,
}

impl Default for WinningHand {
    fn default() -> WinningHand {
        WinningHand {
            concealed: Hand::new(),
            concealed_red_fives: [0; 3],
            melds: Melds::default(),
            winning_tile: TileCopy::plain(Tile::ALL[0]),
            by: WinBy::Ron,
            seat_wind: Wind::South,
            round_wind: Wind::East,
            riichi: Riichi::None,
            ippatsu: false,
            last_tile: false,
            rinshan: false,
            chankan: false,
            first_turn: false,
            dora_indicators: Indicators::default(),
            ura_indicators: Indicators::default(),
            honba: 0,
            riichi_sticks: 0,
            nukidora: 0,
        }
    }
}

impl WinningHand {
    /// The most honba, and the most riichi sticks, the text form of a win takes: far past
    /// any match, and low enough that their payments (300 and 1,000 points each) cannot
    /// overflow.
    pub const MOST_ON_TABLE: u32 = 1_000_000;

    /// Whether the winner is the dealer (seat wind East).
    pub fn is_dealer(&self) -> bool {
        self.seat_wind == Wind::East
    }

    /// The concealed tiles in index order, the red fives marked, each before the plain
    /// fives of its suit (as many red as `concealed_red_fives` says, at most the fives held).
    pub fn concealed_copies(&self) -> impl Iterator<Item = TileCopy> + '_ {
        let mut red = self.concealed_red_fives;
        self.concealed.tiles().map(move |tile| {
            let slot = match tile.suit() {
                Suit::Honor => None,
                suit => red.get_mut(suit as usize).filter(|_| tile.number() == 5),
            };
            let is_red = slot.is_some_and(|left| {
                let had = *left > 0;
                *left = left.saturating_sub(1);
                had
            });
            TileCopy { tile, red: is_red }
        })
    }
}

impl fmt::Display for WinningHand {
    /// The text form [`WinningHand::from_str`](std::str::FromStr) reads:
    /// `123m340p789s11z pon 777z win 3m ron seat S round E riichi dora 1m ura 9p`, every
    /// field written that differs from [`Default`] (the tiles, `win` and the winds always).
    /// A meld or indicator list holding more than it keeps writes its last kept item again
    /// for each one not kept, so the text parses back to an equal value.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_copies(f, self.concealed_copies())?;
        for meld in self.melds.written() {
            write!(f, " {meld}")?;
        }
        let by = match self.by {
            WinBy::Ron => "ron",
            WinBy::Tsumo => "tsumo",
        };
        write!(
            f,
            " win {} {by} seat {} round {}",
            self.winning_tile, self.seat_wind, self.round_wind
        )?;
        match self.riichi {
            Riichi::None => {}
            Riichi::Riichi => f.write_str(" riichi")?,
            Riichi::Double => f.write_str(" double-riichi")?,
        }
        let flags = [
            (self.ippatsu, "ippatsu"),
            (self.last_tile, "last-tile"),
            (self.rinshan, "rinshan"),
            (self.chankan, "chankan"),
            (self.first_turn, "first-turn"),
        ];
        for (_, word) in flags.iter().filter(|(set, _)| *set) {
            write!(f, " {word}")?;
        }
        for (word, indicators) in [
            ("dora", &self.dora_indicators),
            ("ura", &self.ura_indicators),
        ] {
            if !indicators.is_empty() {
                write!(f, " {word} ")?;
                for copy in indicators.written() {
                    write!(f, "{copy}")?;
                }
            }
        }
        let nukidora = u32::from(self.nukidora);
        for (word, count) in [
            ("honba", self.honba),
            ("sticks", self.riichi_sticks),
            ("kita", nukidora),
        ] {
            if count > 0 {
                write!(f, " {word} {count}")?;
            }
        }
        Ok(())
    }
}
