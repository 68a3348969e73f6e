//! Writing a [`GameRecord`] as an mjlog: tile ids given out per hand, tags as Tenhou writes
//! them.

use std::fmt::Write as _;

use mahjong_core::mjai::{MjaiEvent, MjaiTile, Scores};
use mahjong_core::score::TileCopy;

mod result;

use crate::GameRecord;
use crate::mjlog::error::MjlogError;
use crate::mjlog::meld::{MeldIds, MeldKind, encode};
use crate::mjlog::names::encode_name;
use crate::mjlog::rules::flags_of;
use crate::mjlog::tile::IdPool;
use crate::mjlog::xml::escape;

/// The dice of every `INIT` seed: mjai does not record them, so the writer writes `0,0`
/// (two dice showing 1, as Tenhou numbers them from 0).
pub const DICE: [u32; 2] = [0, 0];

/// Writes `record` (a whole match, `start_game` to `end_game`, or its first hands) as an
/// mjlog: `mjloggm` holding `GO` (the flags of its rules, a game of people in the ippan
/// lobby), `UN` (the `start_game` names, URL-encoded; fixed `dan` 0, `rate` 1500, `sx` C),
/// `TAIKYOKU oya="0"`, each hand's `INIT` (dice [`DICE`]), draws, discards, `N`, `REACH`,
/// `DORA` and its result with `sc`, and `owari` on the last result when the record has
/// `end_game` with its points (each seat's points and Tenhou's ranking points after them,
/// one decimal, as tenhou.net/6's `sc` has them).
/// No `SHUFFLE` is written (the wall's seed is not in mjai), nor an `AGARI`'s `paoWho` (mjai
/// has no field for it; the `sc` carries the payments).
///
/// Tile ids are given out per hand, per kind the lowest id not yet used (the red five of a
/// kind its id 16, 52 or 88, plain fives the others when red fives are played); a discard
/// from the hand takes an id other than the drawn tile's. Reading the text back with
/// [`read`](crate::mjlog::read) gives `record` again.
///
/// # Errors
/// [`MjlogError::Unwritable`] for what the format cannot hold: rules that no `GO` flags
/// name, a record not starting with `start_game`, an event outside a hand, a fifth copy of a
/// tile, a discard or call of a tile the seat does not hold, a discard of the drawn tile's
/// only copy not marked tsumogiri, points that are not whole hundreds, a yaku with no
/// Tenhou id.
pub fn write(record: &GameRecord) -> Result<String, MjlogError> {
    let flags =
        flags_of(&record.rules).ok_or_else(|| unwritable(0, "rules that no `GO` flags name"))?;
    let mut writer = Writer {
        out: String::new(),
        seats: record.rules.seats,
        red: record.rules.red_fives,
        hand: None,
        last_result: None,
        started: false,
    };
    writer.out.push_str("<mjloggm ver=\"2.3\">");
    let _ = write!(writer.out, "<GO type=\"{flags}\" lobby=\"0\"/>");
    for (at, event) in record.events.iter().enumerate() {
        writer.event(at, event)?;
    }
    writer.out.push_str("</mjloggm>");
    Ok(writer.out)
}

pub(super) fn unwritable(event: usize, reason: &str) -> MjlogError {
    MjlogError::Unwritable {
        event,
        reason: reason.to_string(),
    }
}

/// The hand being written.
pub(super) struct Hand {
    pool: IdPool,
    concealed: [Vec<(u32, TileCopy)>; 4],
    /// Each seat's melded ids and the `m` of each meld.
    melded: [Vec<u32>; 4],
    meld_codes: [Vec<u32>; 4],
    pons: [Vec<MeldIds>; 4],
    drawn: [Option<u32>; 4],
    /// The tile that may be won on or called: the last discard's seat and id, or an added
    /// kan's.
    offered: Option<(u8, u32)>,
    dora: Vec<u32>,
    ura: Option<Vec<u32>>,
    round: u32,
    dealer: u8,
    honba: u32,
    sticks: u32,
    points: Scores,
}

pub(super) struct Writer {
    out: String,
    seats: usize,
    red: bool,
    hand: Option<Hand>,
    /// Where the last result tag's `/>` is, for `owari`.
    last_result: Option<usize>,
    /// Whether `start_game` was written.
    started: bool,
}

impl Writer {
    fn hand(&mut self, at: usize) -> Result<&mut Hand, MjlogError> {
        self.hand
            .as_mut()
            .ok_or_else(|| unwritable(at, "an event outside a hand"))
    }

    fn event(&mut self, at: usize, event: &MjaiEvent) -> Result<(), MjlogError> {
        let target = match event {
            MjaiEvent::Chi { target, .. }
            | MjaiEvent::Pon { target, .. }
            | MjaiEvent::Daiminkan { target, .. }
            | MjaiEvent::Hora { target, .. } => Some(*target),
            MjaiEvent::StartKyoku { oya, .. } => Some(*oya),
            _ => None,
        };
        if [event.actor(), target]
            .into_iter()
            .flatten()
            .any(|s| usize::from(s) >= self.seats)
        {
            return Err(unwritable(at, "a seat not at the table"));
        }
        match event {
            MjaiEvent::StartGame { names, .. } => self.start_game(at, names.as_ref()),
            MjaiEvent::StartKyoku {
                bakaze,
                honba,
                kyotaku,
                oya,
                dora_marker,
                scores,
                tehais,
                ..
            } => self.init(
                at,
                *bakaze,
                (*honba, *kyotaku),
                *oya,
                *dora_marker,
                *scores,
                tehais,
            ),
            MjaiEvent::Tsumo { actor, pai } => {
                let hand = self.hand(at)?;
                let copy = known(at, *pai)?;
                let id = hand
                    .pool
                    .take(copy)
                    .ok_or_else(|| unwritable(at, "a fifth copy of a tile"))?;
                hand.concealed[usize::from(*actor)].push((id, copy));
                hand.drawn[usize::from(*actor)] = Some(id);
                hand.offered = None;
                let letter = letter(b"TUVW", *actor, at)?;
                let _ = write!(self.out, "<{letter}{id}/>");
                Ok(())
            }
            MjaiEvent::Dahai {
                actor,
                pai,
                tsumogiri,
            } => self.discard(at, *actor, *pai, *tsumogiri),
            MjaiEvent::Reach { actor } => {
                self.hand(at)?;
                let _ = write!(self.out, "<REACH who=\"{actor}\" step=\"1\"/>");
                Ok(())
            }
            MjaiEvent::ReachAccepted { actor, .. } => {
                let hand = self.hand(at)?;
                hand.points[usize::from(*actor)] =
                    hand.points[usize::from(*actor)].saturating_sub(1000);
                hand.sticks = hand.sticks.saturating_add(1);
                let ten = hundreds(at, &hand.points)?;
                let _ = write!(
                    self.out,
                    "<REACH who=\"{actor}\" ten=\"{ten}\" step=\"2\"/>"
                );
                Ok(())
            }
            MjaiEvent::Chi {
                actor,
                target,
                pai,
                consumed,
            } => self.call(at, MeldKind::Chi, *actor, *target, *pai, consumed),
            MjaiEvent::Pon {
                actor,
                target,
                pai,
                consumed,
            } => self.call(at, MeldKind::Pon, *actor, *target, *pai, consumed),
            MjaiEvent::Daiminkan {
                actor,
                target,
                pai,
                consumed,
            } => self.call(at, MeldKind::OpenKan, *actor, *target, *pai, consumed),
            MjaiEvent::Kakan { actor, pai, .. } => self.added_kan(at, *actor, *pai),
            MjaiEvent::Ankan { actor, consumed } => {
                let hand = self.hand(at)?;
                let ids = take_copies(at, &mut hand.concealed[usize::from(*actor)], consumed)?;
                let meld = MeldIds {
                    kind: MeldKind::ClosedKan,
                    from: 0,
                    ids,
                    called: None,
                    added: None,
                };
                self.meld(at, *actor, &meld)
            }
            MjaiEvent::Nukidora { actor, pai } => {
                let hand = self.hand(at)?;
                let ids = take_copies(at, &mut hand.concealed[usize::from(*actor)], &[*pai])?;
                // A kita may be won on (ron on the North, Tenhou's sanma).
                hand.offered = Some((*actor, ids[0]));
                let meld = MeldIds {
                    kind: MeldKind::Kita,
                    from: 0,
                    ids,
                    called: None,
                    added: None,
                };
                self.meld(at, *actor, &meld)
            }
            MjaiEvent::Dora { dora_marker } => {
                let hand = self.hand(at)?;
                let id = hand
                    .pool
                    .take(known(at, *dora_marker)?)
                    .ok_or_else(|| unwritable(at, "a fifth copy of a tile"))?;
                hand.dora.push(id);
                let _ = write!(self.out, "<DORA hai=\"{id}\" />");
                Ok(())
            }
            MjaiEvent::Hora { .. } => self.agari(at, event),
            MjaiEvent::Ryukyoku { .. } => self.ryuukyoku(at, event),
            MjaiEvent::EndKyoku => Ok(()),
            MjaiEvent::EndGame { scores } => self.owari(at, scores.as_ref()),
            _ => Err(unwritable(at, "an event the format has no tag for")),
        }
    }

    fn start_game(&mut self, at: usize, names: Option<&[String; 4]>) -> Result<(), MjlogError> {
        if at != 0 {
            return Err(unwritable(at, "a second start_game"));
        }
        if let Some(names) = names {
            let name = |seat: usize| escape(&encode_name(&names[seat]));
            let _ = write!(
                self.out,
                "<UN n0=\"{}\" n1=\"{}\" n2=\"{}\" n3=\"{}\" dan=\"0,0,0,0\" \
                 rate=\"1500.00,1500.00,1500.00,1500.00\" sx=\"C,C,C,C\"/>",
                name(0),
                name(1),
                name(2),
                name(3)
            );
        }
        self.out.push_str("<TAIKYOKU oya=\"0\"/>");
        self.started = true;
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    fn init(
        &mut self,
        at: usize,
        bakaze: MjaiTile,
        (honba, sticks): (u32, u32),
        oya: u8,
        dora_marker: MjaiTile,
        scores: Scores,
        tehais: &[Vec<MjaiTile>; 4],
    ) -> Result<(), MjlogError> {
        if !self.started {
            return Err(unwritable(at, "a hand before start_game"));
        }
        let wind = known(at, bakaze)?.tile.index();
        if !(27..31).contains(&wind) || usize::from(oya) >= self.seats {
            return Err(unwritable(
                at,
                "a round wind or dealer the format has no number for",
            ));
        }
        let round = u32::from(wind - 27) * 4 + u32::from(oya);
        let mut hand = Hand {
            pool: IdPool::new(self.red),
            concealed: Default::default(),
            melded: Default::default(),
            meld_codes: Default::default(),
            pons: Default::default(),
            drawn: [None; 4],
            offered: None,
            dora: Vec::new(),
            ura: None,
            round,
            dealer: oya,
            honba,
            sticks,
            points: scores,
        };
        let mut hais: [String; 4] = Default::default();
        for seat in 0..self.seats {
            for &tile in &tehais[seat] {
                let copy = known(at, tile)?;
                let id = hand
                    .pool
                    .take(copy)
                    .ok_or_else(|| unwritable(at, "a fifth copy of a tile"))?;
                hand.concealed[seat].push((id, copy));
            }
            hais[seat] = join(hand.concealed[seat].iter().map(|(id, _)| *id));
        }
        let dora = hand
            .pool
            .take(known(at, dora_marker)?)
            .ok_or_else(|| unwritable(at, "a fifth copy of a tile"))?;
        hand.dora.push(dora);
        let ten = hundreds(at, &scores)?;
        let [d0, d1] = DICE;
        let _ = write!(
            self.out,
            "<INIT seed=\"{round},{honba},{sticks},{d0},{d1},{dora}\" ten=\"{ten}\" oya=\"{oya}\" hai0=\"{}\" hai1=\"{}\" hai2=\"{}\" hai3=\"{}\"/>",
            hais[0], hais[1], hais[2], hais[3]
        );
        self.hand = Some(hand);
        Ok(())
    }

    fn discard(
        &mut self,
        at: usize,
        actor: u8,
        pai: MjaiTile,
        tsumogiri: bool,
    ) -> Result<(), MjlogError> {
        let hand = self.hand(at)?;
        let copy = known(at, pai)?;
        let seat = usize::from(actor);
        let drawn = hand.drawn[seat].take();
        let held = &mut hand.concealed[seat];
        let place = held
            .iter()
            .position(|&(id, c)| c == copy && (Some(id) == drawn) == tsumogiri);
        let Some(place) = place else {
            return Err(unwritable(
                at,
                if tsumogiri {
                    "a tsumogiri with no such drawn tile"
                } else {
                    "a discard of a tile not held besides the drawn one"
                },
            ));
        };
        let (id, _) = held.remove(place);
        hand.offered = Some((actor, id));
        let letter = letter(b"DEFG", actor, at)?;
        let _ = write!(self.out, "<{letter}{id}/>");
        Ok(())
    }

    fn call(
        &mut self,
        at: usize,
        kind: MeldKind,
        actor: u8,
        target: u8,
        pai: MjaiTile,
        consumed: &[MjaiTile],
    ) -> Result<(), MjlogError> {
        let seats = self.seats as u8;
        let hand = self.hand(at)?;
        let (from, called) = hand
            .offered
            .take()
            .filter(|&(seat, _)| seat == target)
            .ok_or_else(|| unwritable(at, "a call of no discard of its target"))?;
        let copy = known(at, pai)?;
        let mut ids = take_copies(at, &mut hand.concealed[usize::from(actor)], consumed)?;
        if crate::mjlog::tile::copy(called, self.red) != Some(copy) {
            return Err(unwritable(at, "a call of a tile other than the discard"));
        }
        ids.push(called);
        let meld = MeldIds {
            kind,
            from: (from + seats - actor) % seats,
            ids,
            called: Some(called),
            added: None,
        };
        if kind == MeldKind::Pon
            && let Some(hand) = &mut self.hand
        {
            hand.pons[usize::from(actor)].push(meld.clone());
        }
        self.meld(at, actor, &meld)
    }

    fn added_kan(&mut self, at: usize, actor: u8, pai: MjaiTile) -> Result<(), MjlogError> {
        let hand = self.hand(at)?;
        let seat = usize::from(actor);
        let copy = known(at, pai)?;
        let ids = take_copies(at, &mut hand.concealed[seat], &[pai])?;
        let place = hand.pons[seat]
            .iter()
            .position(|pon| pon.ids.first().map(|id| id / 4) == Some(u32::from(copy.tile.index())))
            .ok_or_else(|| unwritable(at, "an added kan with no pon"))?;
        let pon = hand.pons[seat].remove(place);
        hand.offered = Some((actor, ids[0]));
        let meld = MeldIds {
            kind: MeldKind::AddedKan,
            added: Some(ids[0]),
            ..pon
        };
        self.meld(at, actor, &meld)
    }

    /// Writes the `N` tag of `meld`.
    fn meld(&mut self, at: usize, actor: u8, meld: &MeldIds) -> Result<(), MjlogError> {
        let m = encode(meld).ok_or_else(|| unwritable(at, "a meld the `m` bits cannot hold"))?;
        let hand = self.hand(at)?;
        let seat = usize::from(actor);
        hand.drawn[seat] = None;
        if meld.kind == MeldKind::AddedKan {
            hand.melded[seat].extend(meld.added);
        } else {
            hand.melded[seat].extend(&meld.ids);
        }
        if meld.kind == MeldKind::AddedKan {
            if let Some(code) = hand.meld_codes[seat].iter_mut().find(|c| {
                crate::mjlog::meld::decode(**c)
                    .is_ok_and(|p| p.kind == MeldKind::Pon && p.ids == meld.ids)
            }) {
                *code = m;
            }
        } else if meld.kind != MeldKind::Kita {
            hand.meld_codes[seat].push(m);
        }
        let _ = write!(self.out, "<N who=\"{actor}\" m=\"{m}\" />");
        Ok(())
    }
}

pub(super) fn known(at: usize, tile: MjaiTile) -> Result<TileCopy, MjlogError> {
    tile.copy()
        .ok_or_else(|| unwritable(at, "a hidden tile (`?`): only a full log can be written"))
}

fn letter(letters: &[u8; 4], seat: u8, at: usize) -> Result<char, MjlogError> {
    letters
        .get(usize::from(seat))
        .map(|&b| b as char)
        .ok_or_else(|| unwritable(at, "a seat above 3"))
}

/// The ids of `copies` taken out of `held`.
fn take_copies(
    at: usize,
    held: &mut Vec<(u32, TileCopy)>,
    copies: &[MjaiTile],
) -> Result<Vec<u32>, MjlogError> {
    let mut rest = held.clone();
    let mut ids = Vec::new();
    for &tile in copies {
        let copy = known(at, tile)?;
        let place = rest
            .iter()
            .position(|&(_, c)| c == copy)
            .ok_or_else(|| unwritable(at, "a call or kan of a tile the seat does not hold"))?;
        ids.push(rest.remove(place).0);
    }
    *held = rest;
    Ok(ids)
}

pub(super) fn hundred(at: usize, points: i32) -> Result<i32, MjlogError> {
    if points % 100 != 0 {
        return Err(unwritable(at, "points that are not whole hundreds"));
    }
    Ok(points / 100)
}

fn hundreds(at: usize, points: &Scores) -> Result<String, MjlogError> {
    let values = points
        .iter()
        .map(|&p| hundred(at, p))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(values
        .iter()
        .map(i32::to_string)
        .collect::<Vec<_>>()
        .join(","))
}

pub(super) fn join(ids: impl IntoIterator<Item = u32>) -> String {
    ids.into_iter()
        .map(|id| id.to_string())
        .collect::<Vec<_>>()
        .join(",")
}
