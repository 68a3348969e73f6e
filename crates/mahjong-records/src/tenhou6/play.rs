//! A hand's draws and discards played in turn order as mjai lines.
//!
//! The streams say what each seat did, not when, so the reader plays them in turn order
//! as the game does. A call waiting in a seat's draws is paired with the first discard
//! it fits; when that leaves the streams out of turn (the same tile was discarded again
//! before the caller drew, and the call took the later one), the reader goes back and
//! reads that discard as passed. A hand ends when the streams run out, and every item
//! must have been played by then. mahjong-core's order is kept where the format leaves
//! it open: an open or added kan's dora is written just before the kan seat's next
//! discard, or before the replacement draw of an added kan, or the closed kan, declared
//! on its replacement tile (a closed kan's own right after it); a riichi discard not won
//! on has its stick taken, a four-riichi abortive draw included.

use std::cell::Cell;

use mahjong_core::mjai::{MjaiEvent, MjaiTile};
use mahjong_core::score::TileCopy;

use super::error::TenhouError;
use super::hand::{Hand, Item};
use super::tile::tile;

/// The North tile, which a kita sets aside (`f44` in the discards).
const NORTH: u32 = 44;

/// The tiles of a call or kan string: each two digits a tile, `marker` the letter before
/// the marked one; returns the tiles in order and the marked one's place.
fn call_tiles(text: &str, marker: char) -> Option<(Vec<TileCopy>, usize)> {
    let at = text.find(marker)?;
    let digits: String = text.chars().filter(char::is_ascii_digit).collect();
    if !digits.len().is_multiple_of(2) || !at.is_multiple_of(2) || text.len() != digits.len() + 1 {
        return None;
    }
    let tiles = (0..digits.len() / 2)
        .map(|i| digits.get(2 * i..2 * i + 2)?.parse().ok().and_then(tile))
        .collect::<Option<Vec<_>>>()?;
    Some((tiles, at / 2))
}

/// How many times the reading of a hand may go back to a call it paired with a discard and
/// read that discard as passed instead (a log whose calls stay ambiguous is refused rather
/// than read for ever).
pub(super) const MAX_RETRIES: u32 = 256;

/// The most items a seat's draws or discards may hold: more than the wall's 136 tiles is
/// no hand (and would make the reading recurse without end).
pub(super) const MAX_ITEMS: usize = 136;

/// A call in a seat's draws that fits the discard just made.
#[derive(Clone, Debug)]
struct Call {
    /// The calling seat.
    pub(super) seat: u8,
    /// The call's tiles, the called one among them.
    tiles: Vec<TileCopy>,
    /// The called tile's place in `tiles`.
    at: usize,
    /// `c` (chi), `p` (pon) or `m` (open kan).
    marker: char,
}

/// Walks the seats' streams in turn order.
#[derive(Clone)]
pub(super) struct Play<'a> {
    hand: &'a Hand,
    /// Retries left to the whole hand (see [`MAX_RETRIES`]).
    retries: &'a Cell<u32>,
    next_draw: [usize; 4],
    next_discard: [usize; 4],
    /// The seat to act.
    pub(super) seat: u8,
    /// The tile the seat to act drew last (a tsumo's winning tile, a tsumogiri's tile).
    pub(super) drawn: Option<TileCopy>,
    /// The last tile another seat could win on: a discard, an added kan's tile, a kita.
    pub(super) offered: Option<TileCopy>,
    /// How many dora indicators are shown (the ura indicators under them count).
    pub(super) dora_shown: usize,
    /// Kan dora of open and added kans not yet shown: shown with the kan seat's next
    /// discard, or when a kan or kita is declared before it (on the replacement tile), as
    /// the game shows them.
    pending_dora: usize,
    /// Which seats declared riichi.
    pub(super) riichi: [bool; 4],
}

impl<'a> Play<'a> {
    pub(super) fn new(hand: &'a Hand, dealer: u8, retries: &'a Cell<u32>) -> Play<'a> {
        Play {
            hand,
            retries,
            next_draw: [0; 4],
            next_discard: [0; 4],
            seat: dealer,
            drawn: None,
            offered: None,
            dora_shown: 1,
            pending_dora: 0,
            riichi: [false; 4],
        }
    }

    fn draw_item(&self, seat: u8) -> Option<&'a Item> {
        self.hand.draws[usize::from(seat)].get(self.next_draw[usize::from(seat)])
    }

    fn dora(&mut self, lines: &mut Vec<MjaiEvent>) {
        if let Some(&tile) = self.hand.dora.get(self.dora_shown) {
            self.dora_shown += 1;
            lines.push(MjaiEvent::Dora {
                dora_marker: tile.into(),
            });
        }
    }

    /// Shows the kan dora waiting to be shown.
    fn turn_dora(&mut self, lines: &mut Vec<MjaiEvent>) {
        for _ in 0..std::mem::take(&mut self.pending_dora) {
            self.dora(lines);
        }
    }

    /// Plays the streams until they run out where the hand ends, trying an earlier
    /// discard as passed where a call paired with it leaves the streams out of turn.
    /// `needs_draw`: the seat to act draws first.
    pub(super) fn run(
        &mut self,
        lines: &mut Vec<MjaiEvent>,
        mut needs_draw: bool,
    ) -> Result<(), TenhouError> {
        loop {
            let seat = usize::from(self.seat);
            if needs_draw && !self.draw(lines)? {
                return self.finished();
            }
            let Some(item) = self.hand.discards[seat].get(self.next_discard[seat]) else {
                return self.finished();
            };
            self.next_discard[seat] += 1;
            if self.kan(item, lines)? || self.kita(item, lines)? {
                needs_draw = true;
                continue;
            }
            let (tile, riichi) = self.discard(item, lines)?;
            if let Some(call) = self.fitting_call(tile) {
                return self.call_or_pass(call, riichi, lines);
            }
            if !self.pass(riichi, lines) {
                return self.finished();
            }
            needs_draw = true;
        }
    }

    /// The seat to act draws its next tile; `false` when its draws have run out.
    fn draw(&mut self, lines: &mut Vec<MjaiEvent>) -> Result<bool, TenhouError> {
        let seat = usize::from(self.seat);
        match self.draw_item(self.seat) {
            Some(Item::Tile(n)) => {
                let tile = tile(*n).ok_or_else(|| self.bad(format!("tile {n}")))?;
                self.next_draw[seat] += 1;
                self.drawn = Some(tile);
                lines.push(MjaiEvent::Tsumo {
                    actor: self.seat,
                    pai: tile.into(),
                });
                Ok(true)
            }
            Some(Item::Text(text)) => Err(self.bad(format!("call {text} where seat {seat} draws"))),
            None => Ok(false),
        }
    }

    /// A closed or added kan in place of a discard (`true`), with the kan dora the game
    /// shows at once: a closed kan's own and any still waiting; before an added kan's
    /// replacement draw, the waiting ones of earlier kans (the added kan's own then waits).
    fn kan(&mut self, item: &Item, lines: &mut Vec<MjaiEvent>) -> Result<bool, TenhouError> {
        let Item::Text(text) = item else {
            return Ok(false);
        };
        if text.contains('a') {
            let (tiles, _) = call_tiles(text, 'a').ok_or_else(|| self.bad(text.clone()))?;
            // The dora owed to an earlier kan first, then the closed kan's own.
            self.turn_dora(lines);
            lines.push(MjaiEvent::Ankan {
                actor: self.seat,
                consumed: tiles.iter().map(|&t| t.into()).collect(),
            });
            self.dora(lines);
            return Ok(true);
        }
        if !text.contains('k') {
            return Ok(false);
        }
        let (mut pon, at) = call_tiles(text, 'k').ok_or_else(|| self.bad(text.clone()))?;
        let added = pon.remove(at);
        self.offered = Some(added);
        lines.push(MjaiEvent::Kakan {
            actor: self.seat,
            pai: added.into(),
            consumed: pon.iter().map(|&t| t.into()).collect(),
        });
        // Robbed (chankan: no replacement draw follows), the earlier dora stay hidden.
        if self.draw_item(self.seat).is_some() {
            self.turn_dora(lines);
        }
        self.pending_dora += 1;
        Ok(true)
    }

    /// A kita in place of a discard (`true`): `f44` (or `f60` for a drawn North) sets a
    /// North aside, as tenhou.net/6 and tensoul write it in three-player logs; its
    /// replacement draw follows (unless it is won on).
    fn kita(&mut self, item: &Item, lines: &mut Vec<MjaiEvent>) -> Result<bool, TenhouError> {
        let Item::Text(text) = item else {
            return Ok(false);
        };
        let Some(number) = text.strip_prefix('f') else {
            return Ok(false);
        };
        let north = match number.parse::<u32>() {
            Ok(NORTH) => tile(NORTH),
            Ok(60) => self.drawn.filter(|t| Some(*t) == tile(NORTH)),
            _ => None,
        };
        let north = north.ok_or_else(|| self.bad(format!("kita {text} of no North")))?;
        if self.hand.seats != 3 {
            return Err(self.bad(format!("kita {text} at four seats")));
        }
        self.offered = Some(north);
        lines.push(MjaiEvent::Nukidora {
            actor: self.seat,
            pai: north.into(),
        });
        // As after an added kan, the dora an earlier kan owes is shown before the
        // replacement draw (mahjong-core's order), unless the kita is won on.
        if self.draw_item(self.seat).is_some() {
            self.turn_dora(lines);
        }
        Ok(true)
    }

    /// The discard `item` of the seat to act (`reach` first for a riichi discard), and
    /// the kan dora waiting for it; returns the tile and whether it declared riichi.
    fn discard(
        &mut self,
        item: &Item,
        lines: &mut Vec<MjaiEvent>,
    ) -> Result<(TileCopy, bool), TenhouError> {
        let (riichi, value) = match item {
            Item::Text(text) => match text.strip_prefix('r').map(str::parse::<u32>) {
                Some(Ok(n)) => (true, n),
                _ => return Err(self.bad(text.clone())),
            },
            Item::Tile(n) => (false, *n),
        };
        let tsumogiri = value == 60;
        let tile = if tsumogiri {
            self.drawn
                .ok_or_else(|| self.bad("tsumogiri without a draw".to_string()))?
        } else {
            tile(value).ok_or_else(|| self.bad(format!("tile {value}")))?
        };
        if riichi {
            self.riichi[usize::from(self.seat)] = true;
            lines.push(MjaiEvent::Reach { actor: self.seat });
        }
        self.offered = Some(tile);
        // The dora an open or added kan owes is shown as the discard is made, written
        // before it (mahjong-core's order, libriichi's).
        self.turn_dora(lines);
        lines.push(MjaiEvent::Dahai {
            actor: self.seat,
            pai: tile.into(),
            tsumogiri,
        });
        Ok((tile, riichi))
    }

    /// The call of `tile`, just discarded, waiting next in another seat's draws: a pon or
    /// open kan before a chi.
    fn fitting_call(&self, tile: TileCopy) -> Option<Call> {
        let from = self.seat;
        let call = |marker: char| {
            (1..self.hand.seats).find_map(|d| {
                let seat = (from + d) % self.hand.seats;
                let Some(Item::Text(text)) = self.draw_item(seat) else {
                    return None;
                };
                let (tiles, at) = text.contains(marker).then(|| call_tiles(text, marker))??;
                let source = match (marker, at) {
                    ('c', _) | (_, 0) => 3,
                    (_, 1) => 2,
                    _ => 1,
                };
                let fits = tiles.get(at) == Some(&tile) && (from + 4 - seat) % 4 == source;
                fits.then_some(Call {
                    seat,
                    tiles,
                    at,
                    marker,
                })
            })
        };
        call('p').or_else(|| call('m')).or_else(|| call('c'))
    }

    /// Reads the discard just made as taken by `call` and plays on; if the streams then
    /// fall out of turn, reads it as passed (the call takes the same tile discarded again
    /// later, before the caller draws) and plays on from there.
    fn call_or_pass(
        &mut self,
        call: Call,
        riichi: bool,
        lines: &mut Vec<MjaiEvent>,
    ) -> Result<(), TenhouError> {
        let mark = lines.len();
        let mut taking = self.clone();
        if riichi {
            taking.accept_riichi(lines);
        }
        let needs_draw = taking.take(call, lines);
        let error = match taking.run(lines, needs_draw) {
            Ok(()) => {
                *self = taking;
                return Ok(());
            }
            Err(error) => error,
        };
        lines.truncate(mark);
        let retries = self.retries.get();
        if retries == 0 || self.draw_item((self.seat + 1) % self.hand.seats).is_none() {
            return Err(error);
        }
        self.retries.set(retries - 1);
        self.pass(riichi, lines);
        self.run(lines, true).map_err(|_| error)
    }

    /// The discard just made is not called: the next seat draws (`true`), or the hand
    /// ends (the next seat has nothing more to draw). A riichi discard's stick is taken
    /// unless the discard was won on (as the game does before a four-riichi or other
    /// abortive draw).
    fn pass(&mut self, riichi: bool, lines: &mut Vec<MjaiEvent>) -> bool {
        let next = (self.seat + 1) % self.hand.seats;
        let goes_on = self.draw_item(next).is_some();
        if riichi && (goes_on || !self.hand.ends_in_ron()) {
            self.accept_riichi(lines);
        }
        if goes_on {
            self.seat = next;
        }
        goes_on
    }

    fn accept_riichi(&self, lines: &mut Vec<MjaiEvent>) {
        lines.push(MjaiEvent::ReachAccepted {
            actor: self.seat,
            deltas: None,
            scores: None,
        });
    }

    /// Writes `call` of the discard just made; the caller acts next, drawing first after
    /// an open kan (`true`: its replacement tile).
    fn take(&mut self, call: Call, lines: &mut Vec<MjaiEvent>) -> bool {
        let Call {
            seat,
            mut tiles,
            at,
            marker,
        } = call;
        let called = tiles.remove(at);
        let consumed: Vec<MjaiTile> = tiles.iter().map(|&t| t.into()).collect();
        let (actor, target, pai) = (seat, self.seat, called.into());
        let kind = match marker {
            'c' => "chi",
            'p' => "pon",
            _ => "daiminkan",
        };
        lines.push(MjaiEvent::call(kind, actor, target, pai, consumed));
        self.next_draw[usize::from(seat)] += 1;
        self.seat = seat;
        self.drawn = None;
        if marker == 'm' {
            self.pending_dora += 1;
            // The open kan's `0` in the discards, then its replacement draw.
            self.next_discard[usize::from(seat)] += 1;
        }
        marker == 'm'
    }

    /// The hand ends here: every seat's draws and discards must have been played.
    fn finished(&self) -> Result<(), TenhouError> {
        for seat in 0..4 {
            let left = |items: &[Item], next: usize| items.len().saturating_sub(next);
            let draws = left(&self.hand.draws[seat], self.next_draw[seat]);
            let discards = left(&self.hand.discards[seat], self.next_discard[seat]);
            if draws + discards > 0 {
                return Err(self.bad(format!(
                    "the hand ends with {draws} draws and {discards} discards of seat {seat} left"
                )));
            }
        }
        Ok(())
    }

    fn bad(&self, message: String) -> TenhouError {
        self.hand.out_of_turn(message)
    }
}
