//! A hand's result array (`和了`, `流局`, `流し満貫`, the abortive draws) as mjai lines:
//! `hora` with the yaku, han, fu and points its strings give, `ryukyoku` with its reason
//! and point changes.

use mahjong_core::mjai::{FANPAI, MjaiEvent, MjaiTile, NAGASHIMANGAN, abort_reason};
use mahjong_core::score::SanmaTsumo;
use mahjong_core::{AbortiveDraw, Rules};
use serde_json::Value;

use super::error::TenhouError;
use super::hand::{Hand, deltas};
use super::play::Play;
use super::points::{self, Payment};
use super::yaku::{self, Credit, YAKUMAN_HAN};

impl Hand {
    /// The result's lines and `end_kyoku`, once `play` has run.
    pub(super) fn write_result(
        &self,
        rules: &Rules,
        play: &Play<'_>,
        lines: &mut Vec<MjaiEvent>,
    ) -> Result<(), TenhouError> {
        let abort = |draw: AbortiveDraw, actor: Option<u8>| MjaiEvent::Ryukyoku {
            actor,
            reason: Some(abort_reason(draw).to_string()),
            tenpais: None,
            // An abortive draw pays nothing (its riichi sticks stay on the table).
            deltas: Some([0; 4]),
            scores: None,
        };
        let line = match self.kind() {
            "和了" => {
                if self.result.len() < 3 || self.result.len().is_multiple_of(2) {
                    return Err(
                        self.bad_result("a win without its point changes and winner".to_string())
                    );
                }
                for at in (1..self.result.len()).step_by(2) {
                    lines.push(self.hora(rules, play, at)?);
                }
                None
            }
            "流局" | "全員聴牌" | "全員不聴" | "流し満貫" => Some(self.draw()?),
            "九種九牌" => Some(abort(AbortiveDraw::KyuushuKyuuhai, Some(play.seat))),
            "四風連打" => Some(abort(AbortiveDraw::SuufonRenda, None)),
            "四家立直" => Some(abort(AbortiveDraw::SuuchaRiichi, None)),
            "四槓散了" | "四開槓" => Some(abort(AbortiveDraw::Suukaikan, None)),
            "三家和了" | "三家和" => Some(abort(AbortiveDraw::Sanchahou, None)),
            other => return Err(self.bad_result(format!("`{other}` is no result"))),
        };
        lines.extend(line);
        lines.push(MjaiEvent::EndKyoku);
        Ok(())
    }

    /// An exhaustive draw's `ryukyoku`: `流局` with the tenpai payments (the tenpai seats
    /// are those paid, when any is), `全員聴牌` / `全員不聴` (all tenpai / none: no
    /// payments), `流し満貫` with the nagashi mangan's payments.
    fn draw(&self) -> Result<MjaiEvent, TenhouError> {
        let kind = self.kind();
        let changes = match (kind, self.result.len()) {
            ("全員聴牌" | "全員不聴", 1) => [0; 4],
            _ => deltas(self.result.get(1))
                .filter(|_| self.result.len() == 2)
                .ok_or_else(|| self.bad_result(format!("`{kind}` without four point changes")))?,
        };
        let seats = usize::from(self.seats);
        let tenpais = match kind {
            "全員聴牌" => Some(std::array::from_fn(|s| s < seats)),
            "全員不聴" => Some([false; 4]),
            "流局" if changes.iter().any(|&d| d != 0) => Some(changes.map(|d| d > 0)),
            _ => None,
        };
        let reason = if kind == "流し満貫" {
            NAGASHIMANGAN
        } else {
            FANPAI
        };
        Ok(MjaiEvent::Ryukyoku {
            actor: None,
            reason: Some(reason.to_string()),
            tenpais,
            deltas: Some(changes),
            scores: None,
        })
    }

    /// The `hora` of the win whose point changes are `result[at]` and whose winner, from,
    /// pao, points and yaku are `result[at + 1]`.
    fn hora(&self, rules: &Rules, play: &Play<'_>, at: usize) -> Result<MjaiEvent, TenhouError> {
        let changes = deltas(self.result.get(at)).ok_or_else(|| {
            self.bad_result("a win's point changes are not four numbers".to_string())
        })?;
        let info = self.result.get(at + 1).and_then(Value::as_array);
        let info =
            info.ok_or_else(|| self.bad_result("a win's winner is not an array".to_string()))?;
        let seat = |i: usize| {
            info.get(i)
                .and_then(Value::as_u64)
                .and_then(|s| u8::try_from(s).ok())
                .filter(|&s| s < self.seats)
        };
        let (Some(actor), Some(target)) = (seat(0), seat(1)) else {
            return Err(self.bad_result("a win names no seats".to_string()));
        };
        let strings: Vec<&str> = info
            .iter()
            .skip(3)
            .map(Value::as_str)
            .collect::<Option<_>>()
            .ok_or_else(|| self.bad_result("a win's points or yaku is not a string".to_string()))?;
        let Score {
            yakus,
            fu,
            fan,
            hora_points,
        } = match strings.split_first() {
            Some((points, yakus)) => self.score(rules, actor, target, points, yakus)?,
            None => Score::default(),
        };
        let pai = if actor == target {
            play.drawn
        } else {
            play.offered
        };
        Ok(MjaiEvent::Hora {
            actor,
            target,
            pai: pai.map(MjaiTile::from),
            // The wall's ura indicators, under the dora shown (riichi only).
            uradora_markers: Some(if play.riichi[usize::from(actor)] {
                self.ura
                    .iter()
                    .take(play.dora_shown)
                    .map(|&t| t.into())
                    .collect()
            } else {
                Vec::new()
            }),
            yakus,
            fu,
            fan,
            hora_points,
            deltas: Some(changes),
            scores: None,
        })
    }

    /// The score a win's points string and yaku strings give.
    fn score(
        &self,
        rules: &Rules,
        actor: u8,
        target: u8,
        points: &str,
        yakus: &[&str],
    ) -> Result<Score, TenhouError> {
        let read = points::parse(points)
            .ok_or_else(|| self.bad_result(format!("`{points}` is no points string")))?;
        let credits: Vec<(Credit, u32)> = yakus
            .iter()
            .map(|text| {
                yaku::parse(text, rules.scoring.double_yakuman)
                    .ok_or_else(|| self.bad_result(format!("`{text}` is no yaku")))
            })
            .collect::<Result<_, _>>()?;
        let yakuman = credits.iter().any(|&(credit, han)| {
            matches!(credit, Credit::Yaku(y) if y.is_yakuman()) && han >= YAKUMAN_HAN
        });
        let sum = credits
            .iter()
            .fold(0u32, |sum, &(_, han)| sum.saturating_add(han));
        let fan = match (credits.is_empty(), read.han) {
            (true, han) => han,
            (false, Some(han)) if han != sum => {
                return Err(self.bad_result(format!(
                    "the yaku add up to {sum} han, `{points}` says {han}"
                )));
            }
            (false, _) => Some(sum),
        };
        let dealer = actor == (self.index % 4) as u8;
        let tsumo = actor == target;
        let form_fits = match read.payment {
            Payment::Ron(_) => !tsumo,
            Payment::Tsumo { .. } => tsumo && !dealer,
            Payment::DealerTsumo(_) => tsumo && dealer,
        };
        if !form_fits {
            return Err(self.bad_result(format!("`{points}` is not a payment of this win")));
        }
        // Mahjong Soul's three-player tsumo (North's share split) is not the sum of the
        // string's payments: its value is left to the game.
        let split = rules.scoring.sanma == Some(SanmaTsumo::NorthSplit);
        Ok(Score {
            yakus: (!credits.is_empty()).then(|| yaku::mjai_yakus(&credits)),
            fu: if yakuman { Some(0) } else { read.fu },
            fan,
            hora_points: (!(split && tsumo)).then(|| read.payment.total(u32::from(self.seats))),
        })
    }
}

/// What a win's strings give of its `hora` line (nothing without strings).
#[derive(Default)]
struct Score {
    yakus: Option<Vec<(String, u32)>>,
    fu: Option<u32>,
    fan: Option<u32>,
    hora_points: Option<u32>,
}
