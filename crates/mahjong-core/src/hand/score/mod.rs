//! Scoring a winning hand ([spec](crate::spec) section 5, with section 4 for the
//! situation): yaku, fu, han, limit and payment, each explained.
//!
//! - [`WinningHand`]: the concealed tiles (winning tile included), the [`Meld`]s, the
//!   winning tile, ron or tsumo, the winds and the situation; built in code or parsed from
//!   text (`"123m456p789s1122z 2z ron riichi dora 1m"`).
//! - [`ScoringRules`]: the rules as data, [`ScoringRules::tenhou`] by default.
//! - [`WinningHand::score`] gives a [`Score`]: han, fu item by item ([`Fu`]), each [`Yaku`]
//!   with its han, dora, ura-dora and red fives, the [`Limit`], the [`Payment`] and the
//!   total; or a [`ScoreError`] saying why the win cannot be scored.
//!
//! When the hand reads several ways (which set the winning tile completed, triplets or
//! sequences, seven pairs or two iipeikou), the reading that pays most counts; between
//! readings that pay the same, a real yakuman beats kazoe, then more han, then more fu.
//!
//! Speed: a hand's standard readings come from a table of every complete suit, looked up
//! by the rank the hand already keeps for the analysis; scoring allocates nothing.
//!
//! ```
//! use mahjong_core::score::{Limit, Payment, ScoringRules, WinningHand, Yaku};
//!
//! let win: WinningHand = "234m78m345p456s22s 6m ron riichi dora 3p".parse()?;
//! let score = win.score(&ScoringRules::tenhou())?;
//! let yaku: Vec<_> = score.yaku().collect();
//! assert_eq!(yaku, [(Yaku::Riichi, 1), (Yaku::Pinfu, 1), (Yaku::Tanyao, 1)]);
//! assert_eq!((score.dora(), score.han(), score.fu()), (1, 4, 30));
//! assert_eq!(score.fu_items().to_string(), "20 base + 10 closed ron = 30");
//! assert_eq!(score.limit(), Limit::None);
//! assert_eq!(score.payment(), Payment::Ron { discarder: 7_700 });
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod check;
mod common;
mod error;
mod evaluate;
mod fu;
mod kinds;
mod list;
mod meld;
mod parse;
mod points;
mod readings;
mod result;
mod rules;
mod standard;
mod tile_copy;
mod win;
mod yaku;

pub use error::{Contradiction, ScoreError};
pub use fu::{Fu, FuItem, Wait};
pub use list::{Indicators, Melds, SmallList};
pub use meld::{Meld, MeldError, MeldKind, ParseMeldError};
pub use parse::ParseWinError;
pub use points::{Limit, Payment};
pub use result::Score;
pub use rules::{KazoeLimit, Renhou, SanmaTsumo, ScoringRules};
pub use tile_copy::TileCopy;
pub use win::{Riichi, WinBy, Wind, WinningHand};
pub use yaku::Yaku;

pub(crate) use kinds::dora_in;
pub(crate) use readings::warm_up;
#[cfg(test)]
pub(crate) use tile_copy::parse_copies;
pub(crate) use yaku::YAKUMAN_HAN;

impl WinningHand {
    /// Scores the win under `rules` (spec section 5): the reading of the hand that pays
    /// most.
    ///
    /// # Errors
    /// - [`ScoreError::TooManyMelds`], [`ScoreError::TileCount`]: the concealed tiles do
    ///   not fit the melds (`14 - 3 x melds`, the winning tile included);
    /// - [`ScoreError::WinningTileNotInHand`];
    /// - impossible tiles: [`ScoreError::FifthCopy`] (over hand, melds and indicators),
    ///   [`ScoreError::RedFives`], [`ScoreError::RedWithoutFive`], [`ScoreError::NotAFive`];
    /// - [`ScoreError::Contradiction`]: a situation that cannot happen (ippatsu without
    ///   riichi, riichi with an open meld, chankan by tsumo, rinshan without a kan, a first
    ///   turn after a call, ...);
    /// - [`ScoreError::NotComplete`]: not four sets and a pair, seven pairs or kokushi;
    /// - [`ScoreError::NoYaku`]: complete, but no reading has a yaku.
    pub fn score(&self, rules: &ScoringRules) -> Result<Score, ScoreError> {
        let tiles = check::check(self, rules)?;
        let context = evaluate::Context::new(self, rules, tiles);
        match context.best() {
            None => Err(ScoreError::NotComplete {
                hand: self.tiles_text(),
            }),
            Some(None) => Err(ScoreError::NoYaku),
            Some(Some(score)) => Ok(score),
        }
    }

    /// The concealed tiles and the melds as text: `123m456p11z pon 777p`.
    fn tiles_text(&self) -> String {
        let mut text = String::new();
        let copies = self.concealed_copies();
        text.push_str(&tile_copy::copies_text(copies));
        for meld in &self.melds {
            text.push_str(&format!(" {meld}"));
        }
        text
    }
}
