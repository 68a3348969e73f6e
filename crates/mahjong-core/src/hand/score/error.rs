//! Why a win cannot be scored (spec section 5).

use thiserror::Error;

use crate::hand::score::tile_copy::TileCopy;
use crate::hand::tile::{Suit, Tile};

/// Why [`WinningHand::score`](crate::score::WinningHand::score) refuses a win: the tiles
/// cannot exist, the situation cannot happen, the hand is not complete, or it has no yaku.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ScoreError {
    /// More than 4 melds.
    #[error("{melds} melds: a hand has at most 4")]
    TooManyMelds {
        /// How many were given.
        melds: usize,
    },
    /// The concealed tiles do not fit the melds: a hand with `m` melds holds `14 - 3m`
    /// concealed tiles, the winning tile included.
    #[error(
        "{tiles} concealed tiles with {melds} melds: the hand must hold {expected}, the \
         winning tile included"
    )]
    TileCount {
        /// Concealed tiles given.
        tiles: usize,
        /// Melds given.
        melds: usize,
        /// Concealed tiles expected, `14 - 3 x melds`.
        expected: usize,
    },
    /// The winning tile is not among the concealed tiles: its kind is not held, it is the
    /// red five and none is marked red, or it is a plain five and every five held is
    /// marked red.
    #[error("the winning tile {tile} is not among the concealed tiles")]
    WinningTileNotInHand {
        /// The winning tile.
        tile: TileCopy,
    },
    /// A tile other than a five of a number suit is marked red.
    #[error("{} is marked red: only the fives of man, pin and sou have a red copy", tile.tile)]
    NotAFive {
        /// The tile.
        tile: TileCopy,
    },
    /// More than four copies of a kind over the hand, the melds and the indicators.
    #[error("{count} copies of {tile} over the hand, melds and indicators: there are only 4")]
    FifthCopy {
        /// The kind.
        tile: Tile,
        /// How many copies were given.
        count: usize,
    },
    /// More red fives of a suit than exist: one each under the rules' red fives, none
    /// without.
    #[error("{count} red fives of {suit:?} marked: {allowed} exist under these rules")]
    RedFives {
        /// The suit.
        suit: Suit,
        /// How many were marked.
        count: usize,
        /// How many exist: 1, or 0 without red fives.
        allowed: usize,
    },
    /// More red fives marked in the concealed tiles than the hand holds fives.
    #[error("{count} red fives of {suit:?} marked, but the hand holds only {fives} fives")]
    RedWithoutFive {
        /// The suit.
        suit: Suit,
        /// Red fives marked.
        count: u8,
        /// Fives held.
        fives: u8,
    },
    /// The situation cannot happen.
    #[error("impossible situation: {0}")]
    Contradiction(#[from] Contradiction),
    /// The hand is not complete: not four sets and a pair, seven pairs or kokushi.
    #[error("{hand} is not a complete hand")]
    NotComplete {
        /// The hand as written (concealed tiles and melds).
        hand: String,
    },
    /// The hand is complete but has no yaku (dora alone is not a yaku): it cannot win.
    #[error("the hand has no yaku (dora, red fives and ura-dora alone are not yaku): no win")]
    NoYaku,
}

/// A situation that cannot happen (spec sections 4 and 5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum Contradiction {
    /// Riichi needs a closed hand (closed kans allowed).
    #[error("riichi with an open meld")]
    RiichiOpen,
    /// Ippatsu comes only after riichi.
    #[error("ippatsu without riichi")]
    IppatsuWithoutRiichi,
    /// A kan breaks ippatsu, so a win on its replacement tile is never ippatsu.
    #[error("ippatsu with rinshan (the kan broke the ippatsu)")]
    IppatsuWithRinshan,
    /// Rinshan is a tsumo on a kan's replacement tile.
    #[error("rinshan by ron (rinshan is a tsumo on the replacement tile)")]
    RinshanByRon,
    /// Rinshan needs a kan among the melds, or a kita (three-player riichi).
    #[error("rinshan without a kan or a kita")]
    RinshanWithoutKan,
    /// Chankan robs another seat's added kan: a ron.
    #[error("chankan by tsumo (chankan is a ron on a tile added to a kan)")]
    ChankanByTsumo,
    /// The robbed kan holds the other three copies of the winning tile.
    #[error("chankan on a tile of which another copy is in the hand, melds or indicators")]
    ChankanTileVisible,
    /// The last tile is drawn from the live wall, not the dead wall, and no kan is made on
    /// the last discard.
    #[error("last tile (haitei/houtei) together with rinshan or chankan")]
    LastTileWithKanWin,
    /// A first-turn win (tenhou, chiihou, renhou) comes before any call or riichi.
    #[error("first-turn win after a call or riichi")]
    FirstTurnAfterCall,
    /// A first-turn win is none of ippatsu, last tile, rinshan, chankan.
    #[error("first-turn win together with ippatsu, last tile, rinshan or chankan")]
    FirstTurnWithOtherFlag,
    /// The dealer discards first: it cannot ron before its first draw.
    #[error("a first-turn ron by the dealer")]
    FirstTurnRonByDealer,
    /// North tiles set aside (kita) exist only at a table of three (sanma).
    #[error("kita at a table of four (only three-player riichi sets North aside)")]
    KitaAtFourSeats,
    /// Ura-dora are shown only to a riichi winner.
    #[error("ura-dora indicators without riichi")]
    UraWithoutRiichi,
    /// At most 5 dora indicators: 1, and one more per kan of any seat, up to 4 kans (and as
    /// many ura-dora).
    #[error("more than 5 dora or ura-dora indicators")]
    TooManyIndicators,
}
