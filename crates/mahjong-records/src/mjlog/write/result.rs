//! The result tags: `AGARI` (its yaku by Tenhou's ids, `ten`, `sc`) and `RYUUKYOKU`, and the
//! match's end (`owari`).

use std::fmt::Write as _;

use mahjong_core::mjai::{MjaiEvent, Scores};

use crate::mjlog::error::MjlogError;
use crate::mjlog::write::{Writer, hundred, join, known, unwritable};
use crate::mjlog::yaku::{TenhouYaku, tenhou_ids};
use crate::ranking::ranking_points;

impl Writer {
    /// `sc` of a result with `deltas`, and the points after.
    fn sc(&mut self, at: usize, deltas: &Scores) -> Result<String, MjlogError> {
        let hand = self.hand(at)?;
        let before = hand.points;
        let mut parts = Vec::new();
        for seat in 0..4 {
            parts.push(hundred(at, before[seat])?.to_string());
            parts.push(hundred(at, deltas[seat])?.to_string());
            hand.points[seat] = hand.points[seat].saturating_add(deltas[seat]);
        }
        Ok(parts.join(","))
    }

    pub(super) fn agari(&mut self, at: usize, event: &MjaiEvent) -> Result<(), MjlogError> {
        let MjaiEvent::Hora {
            actor,
            target,
            pai,
            uradora_markers,
            yakus,
            fu,
            fan,
            hora_points,
            deltas,
            ..
        } = event
        else {
            return Ok(());
        };
        let missing = |field: &str| unwritable(at, &format!("a hora without `{field}`"));
        let deltas = deltas.ok_or_else(|| missing("deltas"))?;
        let yakus = yakus.as_ref().ok_or_else(|| missing("yakus"))?;
        let (fu, fan, points) = (
            fu.ok_or_else(|| missing("fu"))?,
            fan.ok_or_else(|| missing("fan"))?,
            hora_points.ok_or_else(|| missing("hora_points"))?,
        );
        let seats = self.seats as u8;
        let red = self.red;
        let hand = self.hand(at)?;
        let seat = usize::from(*actor);
        let machi = if actor == target {
            hand.drawn[seat].ok_or_else(|| unwritable(at, "a tsumo with no drawn tile"))?
        } else {
            hand.offered
                .filter(|&(s, _)| s == *target)
                .map(|(_, id)| id)
                .ok_or_else(|| unwritable(at, "a ron on no discard of its target"))?
        };
        if pai.is_some_and(|p| p.copy() != crate::mjlog::tile::copy(machi, red)) {
            return Err(unwritable(at, "a win on a tile other than the one offered"));
        }
        let mut hai: Vec<u32> = hand.concealed[seat].iter().map(|(id, _)| *id).collect();
        if actor != target {
            hai.push(machi);
        }
        hai.sort_unstable();
        let mut all = hai.clone();
        all.extend(&hand.melded[seat]);
        let seat_wind =
            (u32::from(*actor) + u32::from(seats) - u32::from(hand.dealer)) % u32::from(seats);
        let dragons = [0, 1, 2].map(|d| all.iter().filter(|&&id| id / 4 == 31 + d).count() >= 3);
        let TenhouYaku { yaku, yakuman } = tenhou_ids(yakus, seat_wind, hand.round / 4, dragons)
            .map_err(|reason| unwritable(at, &reason))?;
        let markers = uradora_markers.as_deref().unwrap_or_default();
        let ura = match &hand.ura {
            _ if markers.is_empty() => Vec::new(),
            Some(ura) => ura.clone(),
            None => {
                let mut ids = Vec::new();
                for &marker in markers {
                    let copy = known(at, marker)?;
                    ids.push(
                        hand.pool
                            .take(copy)
                            .ok_or_else(|| unwritable(at, "a fifth copy of a tile"))?,
                    );
                }
                hand.ura = Some(ids.clone());
                ids
            }
        };
        let limit = limit(fu, fan);
        let mut tag = format!(
            "<AGARI ba=\"{},{}\" hai=\"{}\"",
            hand.honba,
            hand.sticks,
            join(hai)
        );
        if !hand.meld_codes[seat].is_empty() {
            let _ = write!(
                tag,
                " m=\"{}\"",
                join(hand.meld_codes[seat].iter().copied())
            );
        }
        let _ = write!(tag, " machi=\"{machi}\" ten=\"{fu},{points},{limit}\"");
        if !yaku.is_empty() {
            let _ = write!(
                tag,
                " yaku=\"{}\"",
                join(yaku.iter().flat_map(|&(id, han)| [id, han]))
            );
        }
        if !yakuman.is_empty() {
            let _ = write!(tag, " yakuman=\"{}\"", join(yakuman));
        }
        let _ = write!(tag, " doraHai=\"{}\"", join(hand.dora.iter().copied()));
        if !ura.is_empty() {
            let _ = write!(tag, " doraHaiUra=\"{}\"", join(ura));
        }
        let sc = self.sc(at, &deltas)?;
        let _ = write!(tag, " who=\"{actor}\" fromWho=\"{target}\" sc=\"{sc}\"");
        self.result(tag);
        Ok(())
    }

    pub(super) fn ryuukyoku(&mut self, at: usize, event: &MjaiEvent) -> Result<(), MjlogError> {
        let MjaiEvent::Ryukyoku {
            actor,
            reason,
            tenpais,
            deltas,
            ..
        } = event
        else {
            return Ok(());
        };
        let kind = match reason.as_deref().unwrap_or("fanpai") {
            "fanpai" => None,
            "nagashimangan" => Some("nm"),
            "kyushukyuhai" => Some("yao9"),
            "suchareach" => Some("reach4"),
            "sanchaho" => Some("ron3"),
            "sukaikan" => Some("kan4"),
            "sufonrenta" => Some("kaze4"),
            other => {
                return Err(unwritable(
                    at,
                    &format!("the draw `{other}` has no Tenhou type"),
                ));
            }
        };
        let deltas = deltas.ok_or_else(|| unwritable(at, "a ryukyoku without `deltas`"))?;
        let hand = self.hand(at)?;
        let mut tag = String::from("<RYUUKYOKU");
        if let Some(kind) = kind {
            let _ = write!(tag, " type=\"{kind}\"");
        }
        let _ = write!(tag, " ba=\"{},{}\"", hand.honba, hand.sticks);
        let shown: Vec<usize> = match (kind, tenpais, actor) {
            (Some("yao9"), _, Some(actor)) => vec![usize::from(*actor)],
            (_, Some(tenpais), _) => (0..4).filter(|&s| tenpais[s]).collect(),
            _ => Vec::new(),
        };
        let hais: Vec<(usize, String)> = shown
            .iter()
            .map(|&s| (s, join(hand.concealed[s].iter().map(|(id, _)| *id))))
            .collect();
        let sc = self.sc(at, &deltas)?;
        let _ = write!(tag, " sc=\"{sc}\"");
        for (seat, hai) in hais {
            let _ = write!(tag, " hai{seat}=\"{hai}\"");
        }
        self.result(tag);
        Ok(())
    }

    /// Closes a result tag, remembering where `owari` would go.
    fn result(&mut self, tag: String) {
        self.out.push_str(&tag);
        self.last_result = Some(self.out.len());
        self.out.push_str(" />");
    }

    pub(super) fn owari(&mut self, at: usize, scores: Option<&Scores>) -> Result<(), MjlogError> {
        let Some(scores) = scores else {
            return Ok(());
        };
        let place = self
            .last_result
            .ok_or_else(|| unwritable(at, "end_game with no hand"))?;
        let ranks = ranking_points(scores, self.seats);
        let mut parts = Vec::new();
        for (&points, rank) in scores.iter().zip(ranks) {
            parts.push(format!(
                "{},{:.1}",
                hundred(at, points)?,
                rank as f64 / 10.0
            ));
        }
        self.out
            .insert_str(place, &format!(" owari=\"{}\"", parts.join(",")));
        Ok(())
    }
}

/// Tenhou's limit code of a win's `ten`: 0 none, 1 mangan, 2 haneman, 3 baiman, 4
/// sanbaiman, 5 yakuman (as the records show: `ten="40,16000,3"` a non-dealer's baiman).
fn limit(fu: u32, fan: u32) -> u32 {
    match fan {
        13.. => 5,
        11..=12 => 4,
        8..=10 => 3,
        6..=7 => 2,
        5 => 1,
        _ if fu.saturating_mul(1 << (fan + 2)) >= 2000 => 1,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_as_tenhou_writes_them() {
        assert_eq!(limit(30, 1), 0);
        assert_eq!(limit(30, 4), 0);
        assert_eq!(limit(40, 4), 1);
        assert_eq!(limit(70, 3), 1);
        assert_eq!(limit(30, 5), 1);
        assert_eq!(limit(30, 6), 2);
        assert_eq!(limit(40, 8), 3);
        assert_eq!(limit(40, 11), 4);
        assert_eq!(limit(0, 13), 5);
    }
}
