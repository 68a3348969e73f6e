//! Calls (`N`): the meld its `m` holds, checked against the hands and the discard just
//! made.

use mahjong_core::mjai::MjaiEvent;

use crate::mjlog::attrs::{not_in_hand, number, quoted, seat};
use crate::mjlog::error::MjlogError;
use crate::mjlog::meld::{self, MeldIds, MeldKind};
use crate::mjlog::read::{Reader, take, take_all, without};
use crate::mjlog::xml::Tag;

impl Reader {
    pub(super) fn call(&mut self, tag: &Tag<'_>) -> Result<(), MjlogError> {
        let who = seat(tag, "who", self.seats())?;
        let m = number(tag, "m")?;
        let bad_meld = |reason: &str| MjlogError::BadMeld {
            index: tag.index,
            tag: quoted(tag),
            m,
            reason: reason.to_string(),
        };
        let meld = meld::decode(m).map_err(bad_meld)?;
        let seats = self.seats();
        let hand = self.playing(tag)?;
        let mine = usize::from(who);
        hand.drawn[mine] = None;
        let event = match meld.kind {
            MeldKind::Chi | MeldKind::Pon | MeldKind::OpenKan => {
                let (target, discarded) = hand
                    .discard
                    .take()
                    .ok_or_else(|| bad_meld("a call with no discard to call"))?;
                if meld.called != Some(discarded) {
                    return Err(bad_meld("the called tile is not the discard just made"));
                }
                if target == who || (seats == 4 && (who + meld.from) % 4 != target) {
                    return Err(bad_meld(
                        "the tile does not come from the seat that discarded it",
                    ));
                }
                let consumed = without(&meld.ids, discarded);
                take_all(&mut hand.concealed[mine], &consumed)
                    .map_err(|id| not_in_hand(tag, who, id))?;
                if meld.kind == MeldKind::Pon {
                    hand.pons[mine].push(meld.ids.clone());
                }
                let kind = match meld.kind {
                    MeldKind::Chi => "chi",
                    MeldKind::Pon => "pon",
                    _ => "daiminkan",
                };
                let consumed = consumed.iter().map(|&id| self.copy(id)).collect();
                MjaiEvent::call(kind, who, target, self.copy(discarded), consumed)
            }
            MeldKind::ClosedKan => {
                take_all(&mut hand.concealed[mine], &meld.ids)
                    .map_err(|id| not_in_hand(tag, who, id))?;
                MjaiEvent::Ankan {
                    actor: who,
                    consumed: meld.ids.iter().map(|&id| self.copy(id)).collect(),
                }
            }
            MeldKind::AddedKan => self
                .added_kan(tag, who, &meld)
                .map_err(|e| e.unwrap_or_else(|| bad_meld("no pon of this tile to add to")))?,
            MeldKind::Kita => {
                take_all(&mut hand.concealed[mine], &meld.ids)
                    .map_err(|id| not_in_hand(tag, who, id))?;
                // The North set aside may be won on (Tenhou's sanma), as an added kan's tile.
                hand.added = Some(meld.ids[0]);
                MjaiEvent::Nukidora {
                    actor: who,
                    pai: self.copy(meld.ids[0]),
                }
            }
        };
        self.push(tag, event);
        Ok(())
    }

    /// The `kakan` of `meld`: its added id from the hand onto the seat's pon of the kind.
    /// `Err(None)`: the seat has no such pon.
    fn added_kan(
        &mut self,
        tag: &Tag<'_>,
        who: u8,
        meld: &MeldIds,
    ) -> Result<MjaiEvent, Option<MjlogError>> {
        let mine = usize::from(who);
        let added = meld.added.ok_or(None)?;
        let hand = self.hand.as_mut().ok_or(None)?;
        let at = hand.pons[mine]
            .iter()
            .position(|pon| pon.first().map(|id| id / 4) == Some(added / 4))
            .ok_or(None)?;
        take(&mut hand.concealed[mine], added).map_err(|_| Some(not_in_hand(tag, who, added)))?;
        let pon = hand.pons[mine].remove(at);
        hand.added = Some(added);
        Ok(MjaiEvent::Kakan {
            actor: who,
            pai: self.copy(added),
            consumed: pon.iter().map(|&id| self.copy(id)).collect(),
        })
    }
}
