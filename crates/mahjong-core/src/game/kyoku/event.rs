//! What happened in a hand of the full game, in order ([spec](crate::spec) section 4), and
//! what one seat may know of it ([`KyokuEvent::seen_by`]).

use std::fmt;

use crate::game::seat::Seat;
use crate::game::write_ryuukyoku;
use crate::hand::score::{Meld, MeldKind, Score, TileCopy, WinningHand};

/// A meld on the table: the scorer's [`Meld`], and for a called one the seat it was called
/// from and the called tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TableMeld {
    /// The meld.
    pub meld: Meld,
    /// The discarder of the called tile (`None` for a closed kan).
    pub from: Option<Seat>,
    /// The called tile (for an added kan, the called tile of its pon).
    pub called: Option<TileCopy>,
}

/// One discard in a seat's pile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct DiscardedTile {
    /// The tile.
    pub tile: TileCopy,
    /// Whether it was the tile just drawn (tsumogiri) rather than one from the hand.
    pub tsumogiri: bool,
    /// Whether it declared riichi.
    pub riichi: bool,
    /// Whether another seat called it (it then lies in that seat's meld).
    pub called: bool,
}

/// Why points moved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum PaymentReason {
    /// A riichi stick put on the table (1,000 points).
    RiichiStick,
    /// A win's payment, honba included (spec section 5).
    Win,
    /// The riichi sticks on the table, taken by the winner.
    RiichiSticks,
    /// Pao: the seat that fed the last set of a daisangen or daisuushii pays for it.
    Pao,
    /// Tenpai payments at an exhaustive draw: 3,000 from the noten seats to the tenpai ones.
    Tenpai,
    /// Nagashi mangan, paid as a tsumo mangan.
    NagashiMangan,
}

impl fmt::Display for PaymentReason {
    /// `riichi stick`, `win`, `riichi sticks`, `pao`, `tenpai` or `nagashi mangan`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PaymentReason::RiichiStick => "riichi stick",
            PaymentReason::Win => "win",
            PaymentReason::RiichiSticks => "riichi sticks",
            PaymentReason::Pao => "pao",
            PaymentReason::Tenpai => "tenpai",
            PaymentReason::NagashiMangan => "nagashi mangan",
        })
    }
}

/// How a hand was aborted (spec section 4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum AbortiveDraw {
    /// Nine or more kinds of terminals and honors on a first uninterrupted turn.
    KyuushuKyuuhai,
    /// The same wind discarded by all four seats on the first uninterrupted go-around.
    SuufonRenda,
    /// All four seats in riichi.
    SuuchaRiichi,
    /// Four kans by more than one seat.
    Suukaikan,
    /// Three rons on one discard.
    Sanchahou,
}

impl fmt::Display for AbortiveDraw {
    /// `kyuushu kyuuhai`, `suufon renda`, `suucha riichi`, `suukaikan` or `sanchahou`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            AbortiveDraw::KyuushuKyuuhai => "kyuushu kyuuhai",
            AbortiveDraw::SuufonRenda => "suufon renda",
            AbortiveDraw::SuuchaRiichi => "suucha riichi",
            AbortiveDraw::Suukaikan => "suukaikan",
            AbortiveDraw::Sanchahou => "sanchahou",
        })
    }
}

/// One thing that happened.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum KyokuEvent {
    /// `seat` drew a tile: from the live wall, or a replacement tile after a kan (`rinshan`).
    Draw {
        /// The seat.
        seat: Seat,
        /// The tile: `None` in the form another seat sees ([`KyokuEvent::seen_by`]).
        tile: Option<TileCopy>,
        /// Whether it is a replacement tile from the dead wall.
        rinshan: bool,
    },
    /// `seat` declared riichi (double riichi on its first uninterrupted turn); its discard
    /// follows.
    Riichi {
        /// The seat.
        seat: Seat,
        /// Whether it is a double riichi.
        double: bool,
    },
    /// `seat` discarded.
    Discard {
        /// The seat.
        seat: Seat,
        /// The tile, with its tsumogiri and riichi marks.
        tile: DiscardedTile,
    },
    /// `seat` called or declared a meld.
    Meld {
        /// The seat.
        seat: Seat,
        /// The meld.
        meld: TableMeld,
    },
    /// A dora indicator was turned over (at the start of the hand none: the first is in the
    /// view; then one per kan).
    DoraIndicator {
        /// The indicator.
        tile: TileCopy,
    },
    /// `seat` won; its payments follow as [`KyokuEvent::Payment`]s.
    Win {
        /// The winner.
        seat: Seat,
        /// The discarder (or the seat robbed of its kan); `None` for tsumo.
        from: Option<Seat>,
        /// The win as the scorer read it: tiles and situation.
        hand: Box<WinningHand>,
        /// The scorer's answer.
        score: Score,
    },
    /// Points moved.
    Payment {
        /// Who paid; `None` when the riichi sticks on the table are taken.
        payer: Option<Seat>,
        /// Who was paid; `None` when a riichi stick goes on the table.
        payee: Option<Seat>,
        /// How many points.
        points: u32,
        /// Why.
        reason: PaymentReason,
    },
    /// The live wall ran out with no win (ryuukyoku).
    Ryuukyoku {
        /// Which seats were tenpai, by seat index.
        tenpai: [bool; 4],
        /// Which seats made nagashi mangan, by seat index.
        nagashi: [bool; 4],
    },
    /// The hand was aborted.
    Abort {
        /// How.
        draw: AbortiveDraw,
    },
    /// `seat` declared a North aside (kita, three-player riichi): a bonus dora, with a
    /// replacement draw to follow unless another seat rons the North.
    Kita {
        /// The seat.
        seat: Seat,
    },
}

impl KyokuEvent {
    /// What `seat` may know of this event: another seat's [`KyokuEvent::Draw`] loses its
    /// tile; everything else is public.
    pub fn seen_by(&self, seat: Seat) -> KyokuEvent {
        match *self {
            KyokuEvent::Draw {
                seat: drawer,
                rinshan,
                ..
            } if drawer != seat => KyokuEvent::Draw {
                seat: drawer,
                tile: None,
                rinshan,
            },
            _ => self.clone(),
        }
    }
}

impl fmt::Display for KyokuEvent {
    /// One line: `seat 1 draws 5m`, `seat 1 discards 9s (tsumogiri)`,
    /// `seat 2 calls pon 777p from seat 0`, `seat 2 adds kakan 7777p`,
    /// `seat 2 wins by ron from seat 0: 8000 points`, `seat 0 pays 8000 to seat 2 (win)`,
    /// `ryuukyoku, tenpai: seat 1` (`seats 1 3`, `no one tenpai`), ...
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KyokuEvent::Draw {
                seat,
                tile,
                rinshan,
            } => {
                let from = if *rinshan { " from the dead wall" } else { "" };
                match tile {
                    Some(tile) => write!(f, "{seat} draws {tile}{from}"),
                    None => write!(f, "{seat} draws a tile{from}"),
                }
            }
            KyokuEvent::Riichi { seat, double } => {
                let double = if *double { "double " } else { "" };
                write!(f, "{seat} declares {double}riichi")
            }
            KyokuEvent::Discard { seat, tile } => {
                let how = if tile.tsumogiri { " (tsumogiri)" } else { "" };
                write!(f, "{seat} discards {}{how}", tile.tile)
            }
            KyokuEvent::Meld { seat, meld } => match (meld.from, meld.meld.kind()) {
                (_, MeldKind::Kakan) => write!(f, "{seat} adds {}", meld.meld),
                (Some(from), _) => write!(f, "{seat} calls {} from {from}", meld.meld),
                (None, _) => write!(f, "{seat} declares {}", meld.meld),
            },
            KyokuEvent::DoraIndicator { tile } => write!(f, "dora indicator {tile}"),
            KyokuEvent::Win {
                seat, from, score, ..
            } => match from {
                Some(from) => write!(
                    f,
                    "{seat} wins by ron from {from}: {} points",
                    score.total()
                ),
                None => write!(f, "{seat} tsumo: {} points", score.total()),
            },
            KyokuEvent::Payment {
                payer,
                payee,
                points,
                reason,
            } => {
                let payer = payer.map_or("the table".to_string(), |s| s.to_string());
                let payee = payee.map_or("the table".to_string(), |s| s.to_string());
                write!(f, "{payer} pays {points} to {payee} ({reason})")
            }
            KyokuEvent::Ryuukyoku { tenpai, .. } => {
                let seats: Vec<usize> = (0..tenpai.len()).filter(|&i| tenpai[i]).collect();
                write_ryuukyoku(f, &seats)
            }
            KyokuEvent::Abort { draw } => write!(f, "abortive draw: {draw}"),
            KyokuEvent::Kita { seat } => write!(f, "{seat} declares kita (North aside)"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reasons_and_abortive_draws_read_as_words() {
        let reasons = [
            PaymentReason::RiichiStick,
            PaymentReason::Win,
            PaymentReason::RiichiSticks,
            PaymentReason::Pao,
            PaymentReason::Tenpai,
            PaymentReason::NagashiMangan,
        ];
        let words = reasons.map(|r| r.to_string());
        let expected = ["riichi stick", "win", "riichi sticks", "pao", "tenpai"];
        assert_eq!(words[..5], expected);
        assert_eq!(words[5], "nagashi mangan");
        assert_eq!(AbortiveDraw::KyuushuKyuuhai.to_string(), "kyuushu kyuuhai");
        assert_eq!(AbortiveDraw::SuuchaRiichi.to_string(), "suucha riichi");
    }

    #[test]
    fn ryuukyoku_names_one_tenpai_seat_as_seat_and_several_as_seats() {
        let draw = |tenpai| KyokuEvent::Ryuukyoku {
            tenpai,
            nagashi: [false; 4],
        };
        let lines = [
            ([false, true, false, false], "ryuukyoku, tenpai: seat 1"),
            ([false, true, false, true], "ryuukyoku, tenpai: seats 1 3"),
            ([false; 4], "ryuukyoku, no one tenpai"),
        ];
        for (tenpai, line) in lines {
            assert_eq!(draw(tenpai).to_string(), line);
        }
    }
}
