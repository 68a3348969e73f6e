//! The result of a hand: `AGARI` (one per winner) and `RYUUKYOKU`, with the points they move
//! and the match's end (`owari`).

use mahjong_core::mjai::{MjaiEvent, MjaiTile, Scores};

use crate::mjlog::attrs::{bad, list, not_in_hand, number, numbers, seat, signed_list};
use crate::mjlog::error::MjlogError;
use crate::mjlog::read::{Reader, take};
use crate::mjlog::xml::Tag;
use crate::mjlog::yaku;

impl Reader {
    /// The hand's result's `sc`: the points before (checked against the seats' points) and
    /// the deltas, ×100; applies the deltas and returns them with the points after.
    fn settle(&mut self, tag: &Tag<'_>) -> Result<(Scores, Scores), MjlogError> {
        let sc = signed_list(tag, "sc")?;
        if sc.len() < 8 {
            return Err(bad(tag, "sc", "fewer than 8 numbers"));
        }
        let mut deltas = [0; 4];
        for seat in 0..4 {
            if sc[2 * seat] * 100 != self.points[seat] {
                return Err(
                    self.out_of_place(tag, "the points before (`sc`) are not the seats' points")
                );
            }
            deltas[seat] = sc[2 * seat + 1] * 100;
            self.points[seat] = self.points[seat].saturating_add(deltas[seat]);
        }
        Ok((deltas, self.points))
    }

    pub(super) fn agari(&mut self, tag: &Tag<'_>) -> Result<(), MjlogError> {
        let seats = self.seats();
        let who = seat(tag, "who", seats)?;
        let from = seat(tag, "fromWho", seats)?;
        let machi = number(tag, "machi")?;
        let ten = numbers(tag, "ten", 3)?;
        let hai = list(tag, "hai")?;
        let ura = list(tag, "doraHaiUra")?;
        let Some(hand) = self.hand.as_mut() else {
            return Err(self.out_of_place(tag, "no hand is being played"));
        };
        if tag.get("doraHai").is_some() && list(tag, "doraHai")? != hand.dora {
            return Err(bad(
                tag,
                "doraHai",
                "not the dora indicators shown in the hand",
            ));
        }
        let offered = hand.discard.map(|(_, id)| id).or(hand.added);
        let fits = match (hand.over, who == from) {
            // A double ron: a second `AGARI` on the same tile.
            (true, false) => hand.won_on == Some(machi),
            (true, true) => false,
            (false, true) => hand.drawn[usize::from(who)] == Some(machi),
            (false, false) => offered == Some(machi),
        };
        if !fits {
            return Err(self.out_of_place(
                tag,
                "a win on a tile not just drawn by the winner, discarded or added to a kan",
            ));
        }
        if who != from {
            hand.won_on = Some(machi);
        }
        let mut held = hand.concealed[usize::from(who)].clone();
        if who != from {
            held.push(machi);
        }
        for &id in &hai {
            take(&mut held, id).map_err(|_| not_in_hand(tag, who, id))?;
        }
        hand.over = true;
        let pairs = yaku_pairs(tag)?;
        let is_yakuman = tag.get("yakuman").is_some_and(|v| !v.is_empty());
        let fan = pairs
            .iter()
            .fold(0u32, |sum, &(_, han)| sum.saturating_add(han));
        let uradora = self.ura(tag, &ura)?;
        let (deltas, scores) = self.settle(tag)?;
        let event = MjaiEvent::Hora {
            actor: who,
            target: from,
            pai: Some(self.copy(machi)),
            uradora_markers: Some(uradora),
            yakus: Some(yaku::yakus(&pairs)),
            fu: Some(if is_yakuman { 0 } else { ten[0] }),
            fan: Some(fan),
            hora_points: Some(ten[1]),
            deltas: Some(deltas),
            scores: Some(scores),
        };
        self.push(tag, event);
        self.end_of_hand(tag)
    }

    /// The ura dora indicators `ids` of a win, new ids unless a win of the hand showed the
    /// same ones (a double ron).
    fn ura(&mut self, tag: &Tag<'_>, ids: &[u32]) -> Result<Vec<MjaiTile>, MjlogError> {
        let shown = self
            .hand
            .as_ref()
            .is_some_and(|h| !h.ura.is_empty() && h.ura == ids);
        let mut markers = Vec::new();
        for &id in ids {
            markers.push(if shown {
                self.copy(id)
            } else {
                self.fresh(tag, id)?.into()
            });
        }
        if let Some(hand) = &mut self.hand {
            hand.ura = ids.to_vec();
        }
        Ok(markers)
    }

    pub(super) fn ryuukyoku(&mut self, tag: &Tag<'_>) -> Result<(), MjlogError> {
        let drawer = self.playing(tag)?.drawer;
        let kind = tag.get("type");
        let reason = match kind {
            None => "fanpai",
            Some("nm") => "nagashimangan",
            Some("yao9") => "kyushukyuhai",
            Some("reach4") => "suchareach",
            Some("ron3") => "sanchaho",
            Some("kan4") => "sukaikan",
            Some("kaze4") => "sufonrenta",
            Some(_) => {
                return Err(bad(
                    tag,
                    "type",
                    "not a draw of the format (yao9, reach4, ron3, kan4, kaze4, nm)",
                ));
            }
        };
        let exhaustive = matches!(kind, None | Some("nm"));
        let mut tenpais = [false; 4];
        for (seat, tenpai) in tenpais.iter_mut().enumerate() {
            let attribute = format!("hai{seat}");
            let shown = list(tag, &attribute)?;
            *tenpai = tag.get(&attribute).is_some();
            if let Some(hand) = &self.hand {
                let mut held = hand.concealed[seat].clone();
                for &id in &shown {
                    take(&mut held, id).map_err(|_| not_in_hand(tag, seat as u8, id))?;
                }
            }
        }
        if let Some(hand) = &mut self.hand {
            hand.over = true;
        }
        let (deltas, scores) = self.settle(tag)?;
        let event = MjaiEvent::Ryukyoku {
            actor: (kind == Some("yao9")).then_some(drawer).flatten(),
            reason: Some(reason.to_string()),
            tenpais: exhaustive.then_some(tenpais),
            deltas: Some(deltas),
            scores: Some(scores),
        };
        self.push(tag, event);
        self.end_of_hand(tag)
    }

    /// After a result: the match's end when the tag carries `owari`.
    fn end_of_hand(&mut self, tag: &Tag<'_>) -> Result<(), MjlogError> {
        if tag.get("owari").is_none() {
            return Ok(());
        }
        let owari = signed_list(tag, "owari")?;
        if owari.len() < 8 {
            return Err(bad(tag, "owari", "fewer than 8 numbers"));
        }
        let points: Scores = std::array::from_fn(|seat| owari[2 * seat] * 100);
        self.push(tag, MjaiEvent::EndKyoku);
        self.push(
            tag,
            MjaiEvent::EndGame {
                scores: Some(points),
            },
        );
        self.final_points = Some(points);
        Ok(())
    }
}

/// The `(counted, han)` pairs of an `AGARI`'s `yaku` (id, han pairs) and `yakuman` (ids, 13
/// han each: Tenhou's rule counts each yakuman once).
fn yaku_pairs(tag: &Tag<'_>) -> Result<Vec<(yaku::Counted, u32)>, MjlogError> {
    let mut pairs = Vec::new();
    for (attribute, yakuman) in [("yaku", false), ("yakuman", true)] {
        let values = list(tag, attribute)?;
        let step = if yakuman { 1 } else { 2 };
        if !yakuman && values.len() % 2 != 0 {
            return Err(bad(tag, attribute, "not pairs of id and han"));
        }
        for chunk in values.chunks(step) {
            let counted =
                yaku::counted(chunk[0]).ok_or_else(|| bad(tag, attribute, "a yaku id above 54"))?;
            pairs.push((counted, if yakuman { 13 } else { chunk[1] }));
        }
    }
    Ok(pairs)
}
