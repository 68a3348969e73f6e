//! Playing over mjai: a [`KyokuBot`] that is told the game as mjai lines (its own seat's
//! view) and answers with mjai action lines, as the mjai.app tournament and Mortal's
//! clients drive a bot.

use serde_json::Value;
use thiserror::Error;

use crate::bot::KyokuBot;
use crate::excerpt::excerpt;
use crate::game::kyoku::{
    Kyoku, KyokuAction, KyokuError, KyokuView, TileWall, Unfollowable, check_seats,
};
use crate::game::rules::{Rules, RulesError};
use crate::game::seat::Seat;
use crate::hand::score::TileCopy;
use crate::hand::tile::NORTH;
use crate::mjai::error::MjaiError;
use crate::mjai::event::MjaiEvent;
use crate::mjai::parse::parse_value;
use crate::mjai::reaction::{is_riichi, reaction};
use crate::mjai::replay::start_of;
use crate::mjai::tile::MjaiTile;

/// The line a bot writes when it has nothing to do.
pub const NONE_LINE: &str = r#"{"type":"none"}"#;

/// Why an [`MjaiBot`] cannot follow what it was told. `line` is the conversation's line
/// (the 1-based count of [`MjaiBot::react`] calls), `event` the 1-based position of the
/// event in that line's array.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum MjaiBotError {
    /// The line is not a JSON array of events.
    #[error("line {line}: not a JSON array of mjai events: {message}")]
    NotAnArray {
        /// The line number.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// An event of the line cannot be read (its error names the line).
    #[error(transparent)]
    Event(#[from] MjaiError),
    /// An event comes where the game cannot be: another seat's turn, a draw by the wrong
    /// seat, a call with no discard offered, a line before `start_kyoku`.
    #[error("line {line}, event {event}: a `{kind}` event where the game needs {expected}")]
    OutOfOrder {
        /// The line number.
        line: usize,
        /// The event's position in the line (from 1).
        event: usize,
        /// The event's `type`.
        kind: String,
        /// What the game needs.
        expected: String,
    },
    /// An event hides (`?`) a tile this seat must see: its own dealt or drawn tiles, a
    /// discarded or called tile, a dora indicator.
    #[error("line {line}, event {event}: the `{kind}` event hides a tile this seat must see")]
    Hidden {
        /// The line number.
        line: usize,
        /// The event's position in the line (from 1).
        event: usize,
        /// The event's `type`.
        kind: String,
    },
    /// The event shows this seat a tile the wall cannot hold: with every copy the seat has
    /// seen (its concealed tiles, every meld, every discard not called, the dora indicators)
    /// a fifth copy of a kind, or a second red five of a suit. The tiles an event shows are
    /// its own dealt or drawn tiles, another seat's discard, the tiles another seat's call or
    /// kan takes from its hand, and a dora indicator.
    #[error(
        "line {line}, event {event}: the `{kind}` event shows this seat one {tile} more than the wall holds"
    )]
    Impossible {
        /// The line number.
        line: usize,
        /// The event's position in the line (from 1).
        event: usize,
        /// The event's `type`.
        kind: String,
        /// The tile, in mjai notation.
        tile: String,
    },
    /// The event is this seat's own action, which the rules refuse (the tiles it was told
    /// it holds do not allow it).
    #[error("line {line}, event {event}: this seat's `{kind}` is refused: {error}")]
    Refused {
        /// The line number.
        line: usize,
        /// The event's position in the line (from 1).
        event: usize,
        /// The event's `type`.
        kind: String,
        /// Why the rules refuse it.
        error: KyokuError,
    },
}

/// A bot that plays one seat over mjai: [`MjaiBot::react`] takes the events since its last
/// answer (its seat's view: the other seats' tiles `?`) and returns its action.
///
/// It keeps the hand from the events alone ([`MjaiBot::view`]) and answers only actions the
/// rules allow (the chosen [`KyokuBot`] picks among the legal actions of that view). Each
/// `start_kyoku` sets the table from its fields, so a match may start at any hand with any
/// points (as mjai.app resumes after a penalty). `start_game`'s `id`, `end_kyoku`,
/// `end_game`, and the scores and yaku of `hora` and `ryukyoku` are not needed; fields it
/// does not use (`meta`, `ura_markers`...) are ignored.
///
/// A riichi takes two answers, as in mjai: `reach`, then, once the `reach` comes back, the
/// `dahai`.
///
/// # Three players
///
/// Under three-player rules ([`Rules::tenhou_sanma`], [`Rules::mahjong_soul_sanma`]) the
/// bot plays seat 0, 1 or 2 of a three-player table, in the dialect of the three-player
/// forks of Mortal's libriichi (the `libriichi3p.mjai.Bot` that Xe-Persistent/Akagi-NG
/// drives, `akagi_backend/akagi_ng/mjai_bot/mortal/` and
/// `akagi_backend/tests/integration/test_nukidora_integration.py`; the arena of
/// Mateces/mortal-sanma, `libriichi/src/arena/board.rs`):
/// `start_kyoku` lists four seats with the fourth's `tehais` all `?` and its `scores` 0
/// (three-seat lists, as RiichiEnv and Mateces/mortal-sanma write them, are read too); a
/// kita is answered as `{"type":"nukidora","actor":A,"pai":"N"}` (RiichiEnv's `kita` is
/// read as the same event), and the seat's replacement tile comes in the next `tsumo`, from
/// the dead wall (libriichi's `deal_from_rinshan` after `Event::Nukidora`). The table has
/// no chi and no North round; the rules refuse an answer they do not allow, such as a
/// `nukidora` without a North in the hand or at four seats ([`MjaiBotError::Refused`]).
pub struct MjaiBot {
    seat: Seat,
    rules: Rules,
    player: Box<dyn KyokuBot + Send>,
    kyoku: Option<Kyoku>,
    /// The riichi discard the player chose, answered with `reach`.
    riichi: Option<KyokuAction>,
    /// A `reach` read whose `dahai` has not come yet.
    declared: Option<Seat>,
    /// Lines answered.
    lines: usize,
}

/// Where an event sits: the line and the position in it.
#[derive(Clone, Copy)]
struct At {
    line: usize,
    event: usize,
}

impl MjaiBot {
    /// A bot for `seat` that lets `player` choose, under the default (Tenhou, four-player)
    /// rules.
    pub fn new(seat: Seat, player: impl KyokuBot + Send + 'static) -> MjaiBot {
        MjaiBot {
            seat,
            rules: Rules::default(),
            player: Box::new(player),
            kyoku: None,
            riichi: None,
            declared: None,
            lines: 0,
        }
    }

    /// As [`MjaiBot::new`], under `rules`: the four-player game (spec section 4) or the
    /// three-player one (sanma, section 6; see [`MjaiBot`] for its mjai lines).
    ///
    /// # Errors
    /// [`RulesError::FullGameSeats`] unless `rules.seats` is 4 or 3;
    /// [`RulesError::EmptySeat`] for seat 3 under three-player rules.
    pub fn with_rules(
        seat: Seat,
        player: impl KyokuBot + Send + 'static,
        rules: Rules,
    ) -> Result<MjaiBot, RulesError> {
        check_seats(&rules)?;
        if seat.index() >= rules.seats {
            let (seat, seats) = (seat.index(), rules.seats);
            return Err(RulesError::EmptySeat { seat, seats });
        }
        Ok(MjaiBot {
            rules,
            ..MjaiBot::new(seat, player)
        })
    }

    /// The seat played.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// The rules the bot plays by.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The seat's view of the hand being played, as the events told it (`None` before the
    /// first `start_kyoku` and after `end_kyoku`).
    pub fn view(&self) -> Option<KyokuView> {
        self.kyoku.as_ref().map(|kyoku| kyoku.view(self.seat))
    }

    /// Takes one line of the conversation: `text` is a JSON array of mjai events; returns
    /// the answer as one JSON line ([`NONE_LINE`] when there is nothing to do).
    ///
    /// # Errors
    /// [`MjaiBotError::NotAnArray`] when `text` is not a JSON array; else as
    /// [`MjaiBot::react`]. A refused line changes nothing but the line count.
    pub fn react_line(&mut self, text: &str) -> Result<String, MjaiBotError> {
        let events = self.read_line(text).inspect_err(|_| self.lines += 1)?;
        let answer = self.react(&events)?;
        Ok(answer.map_or_else(|| NONE_LINE.to_string(), |line| line.to_json()))
    }

    /// The events of the next line, `text`.
    fn read_line(&self, text: &str) -> Result<Vec<MjaiEvent>, MjaiBotError> {
        let line = self.lines + 1;
        let not_array = |message: String| MjaiBotError::NotAnArray { line, message };
        let value: Value = text.parse().map_err(|e| not_array(format!("{e}")))?;
        let Value::Array(values) = value else {
            return Err(not_array(format!("`{}`", excerpt(text.trim()))));
        };
        let events = values.iter().map(|value| parse_value(line, value));
        Ok(events.collect::<Result<Vec<_>, _>>()?)
    }

    /// Takes the events since the last answer and returns this seat's action: a `dahai`,
    /// `reach`, `chi`, `pon`, `daiminkan`, `kakan`, `ankan`, `nukidora` (sanma), `hora` or
    /// `ryukyoku` (kyuushu kyuuhai) line, or `None` when it has nothing to do.
    ///
    /// # Errors
    /// [`MjaiBotError::OutOfOrder`], [`MjaiBotError::Hidden`] or
    /// [`MjaiBotError::Refused`] for the first event that cannot be followed; the bot
    /// then keeps what the events before it told.
    pub fn react(&mut self, events: &[MjaiEvent]) -> Result<Option<MjaiEvent>, MjaiBotError> {
        self.lines += 1;
        for (index, event) in events.iter().enumerate() {
            let at = At {
                line: self.lines,
                event: index + 1,
            };
            self.observe(event, at)?;
        }
        Ok(self.decide(events.last()))
    }

    /// Follows one event.
    fn observe(&mut self, event: &MjaiEvent, at: At) -> Result<(), MjaiBotError> {
        if let Some(start) = start_of(event) {
            return self.start(event, start, at);
        }
        if matches!(
            event,
            MjaiEvent::StartGame { .. } | MjaiEvent::EndGame { .. }
        ) {
            self.kyoku = None;
            return Ok(());
        }
        if matches!(event, MjaiEvent::EndKyoku) {
            self.kyoku = None;
            return Ok(());
        }
        let observer = self.seat;
        let declared = self.declared;
        let seat = |actor: u8| Seat::ALL[usize::from(actor) % 4];
        let next_declared = match event {
            MjaiEvent::Dahai { .. } => None,
            MjaiEvent::Reach { actor } => Some(seat(*actor)),
            _ => declared,
        };
        let Some(kyoku) = self.kyoku.as_mut() else {
            return Err(out_of_order(event, at, "a start_kyoku event"));
        };
        let known = |tile: MjaiTile| tile.copy().ok_or_else(|| hidden(event, at));
        let shown = shown(event, observer);
        if !shown.is_empty() {
            let mut tiles = seen(kyoku, observer);
            tiles.extend(shown.iter().filter_map(|tile| tile.copy()));
            fits_the_wall(&self.rules, &tiles, event, at)?;
        }
        let followed = match event {
            MjaiEvent::Tsumo { actor, pai } => {
                // The seat's own draw must be shown; another's is `?` (or shown, in a
                // full log).
                let own = seat(*actor) == observer;
                let tile = if own { Some(known(*pai)?) } else { pai.copy() };
                kyoku.observe_draw(seat(*actor), tile)
            }
            MjaiEvent::Dahai {
                actor,
                pai,
                tsumogiri,
            } => {
                let riichi = declared == Some(seat(*actor));
                kyoku.observe_discard(observer, seat(*actor), known(*pai)?, *tsumogiri, riichi)
            }
            MjaiEvent::Reach { actor } => {
                if kyoku.to_move() != Some(seat(*actor)) || kyoku.next_drawer().is_some() {
                    return Err(out_of_order(event, at, "a draw or discard"));
                }
                Ok(())
            }
            MjaiEvent::Chi {
                actor,
                target,
                consumed,
                ..
            }
            | MjaiEvent::Pon {
                actor,
                target,
                consumed,
                ..
            }
            | MjaiEvent::Daiminkan {
                actor,
                target,
                consumed,
                ..
            } => {
                let consumed = copies(consumed).ok_or_else(|| hidden(event, at))?;
                let action = match (event, &consumed[..]) {
                    (MjaiEvent::Chi { .. }, &[a, b]) => KyokuAction::Chi(a, b),
                    (MjaiEvent::Pon { .. }, &[a, b]) => KyokuAction::Pon(a, b),
                    _ => KyokuAction::OpenKan,
                };
                let (caller, from) = (seat(*actor), seat(*target));
                let action = own_order(kyoku, caller == observer, action);
                kyoku.observe_call(observer, caller, from, action, &consumed)
            }
            MjaiEvent::Kakan { actor, pai, .. } => {
                kyoku.observe_added_kan(observer, seat(*actor), known(*pai)?)
            }
            MjaiEvent::Ankan { actor, consumed } => {
                let consumed = copies(consumed).ok_or_else(|| hidden(event, at))?;
                kyoku.observe_closed_kan(observer, seat(*actor), &consumed)
            }
            MjaiEvent::Dora { dora_marker } => {
                kyoku.observe_dora(known(*dora_marker)?);
                Ok(())
            }
            MjaiEvent::Nukidora { actor, pai } => {
                if known(*pai)?.tile != NORTH {
                    return Err(out_of_order(event, at, "a nukidora of `N`"));
                }
                kyoku.observe_kita(observer, seat(*actor))
            }
            MjaiEvent::ReachAccepted { actor, .. } => {
                kyoku.observe_riichi_accepted(seat(*actor));
                Ok(())
            }
            _ => {
                // `hora` and `ryukyoku`: the hand is over as told.
                kyoku.observe_end();
                Ok(())
            }
        };
        followed.map_err(|error| match error {
            Unfollowable::OutOfTurn => {
                let expected = expected(kyoku);
                out_of_order(event, at, &expected)
            }
            Unfollowable::Refused(error) => MjaiBotError::Refused {
                line: at.line,
                event: at.event,
                kind: event.kind().to_string(),
                error,
            },
        })?;
        self.declared = next_declared;
        Ok(())
    }

    /// A hand starts: the table from `start`, this seat's 13 tiles from `tehais`.
    fn start(
        &mut self,
        event: &MjaiEvent,
        start: crate::game::kyoku::KyokuStart,
        at: At,
    ) -> Result<(), MjaiBotError> {
        let MjaiEvent::StartKyoku {
            dora_marker,
            tehais,
            ..
        } = event
        else {
            return Ok(());
        };
        let own = copies(&tehais[self.seat.index()]).ok_or_else(|| hidden(event, at))?;
        let tiles: [TileCopy; 13] = own.try_into().map_err(|_| hidden(event, at))?;
        let indicator = dora_marker.copy().ok_or_else(|| hidden(event, at))?;
        let dealt = [&tiles[..], &[indicator]].concat();
        fits_the_wall(&self.rules, &dealt, event, at)?;
        let kyoku = Kyoku::observed(self.rules, start, self.seat, &tiles, indicator);
        // `with_rules` refused any rules `observed` refuses.
        self.kyoku = kyoku.ok();
        self.riichi = None;
        self.declared = None;
        Ok(())
    }

    /// The answer after the events of a line, the last being `last`.
    fn decide(&mut self, last: Option<&MjaiEvent>) -> Option<MjaiEvent> {
        let kyoku = self.kyoku.as_ref()?;
        if kyoku.observed_over() || kyoku.to_move() != Some(self.seat) {
            return None;
        }
        let mut view = kyoku.view(self.seat);
        // Once its `reach` came back, the seat answers with the riichi discard.
        let declared = matches!(last, Some(MjaiEvent::Reach { actor }) if usize::from(*actor) == self.seat.index());
        if declared {
            view.legal.retain(is_riichi);
            if let Some(riichi) = self.riichi.take().filter(|a| view.legal.contains(a)) {
                return reaction(&view, riichi, true, None);
            }
        }
        if view.legal.iter().all(|a| *a == KyokuAction::Pass) {
            return None;
        }
        let chosen = self.player.choose(&view);
        let action = chosen
            .filter(|a| view.legal.contains(a))
            .or_else(|| view.legal.first().copied())?;
        if is_riichi(&action) && !declared {
            self.riichi = Some(action);
        }
        reaction(&view, action, declared, kyoku.offered_by())
    }
}

/// What the game needs next, in words.
fn expected(kyoku: &Kyoku) -> String {
    match (kyoku.next_drawer(), kyoku.to_move()) {
        _ if kyoku.observed_over() => "end_kyoku".to_string(),
        (Some(seat), _) => format!("a draw by seat {}", seat.index()),
        (None, Some(seat)) => format!("an action of seat {}", seat.index()),
        (None, None) => "end_kyoku".to_string(),
    }
}

/// The tiles `event` shows `observer` that it has not seen yet: its own draw, another
/// seat's discard, added-kan tile or North set aside (kita), the tiles another seat's chi,
/// pon or kan takes from its hand (the called discard was seen already), a dora indicator.
fn shown(event: &MjaiEvent, observer: Seat) -> &[MjaiTile] {
    let own = |actor: &u8| usize::from(*actor) % 4 == observer.index();
    match event {
        MjaiEvent::Tsumo { actor, pai } if own(actor) => std::slice::from_ref(pai),
        MjaiEvent::Dahai { actor, pai, .. }
        | MjaiEvent::Kakan { actor, pai, .. }
        | MjaiEvent::Nukidora { actor, pai }
            if !own(actor) =>
        {
            std::slice::from_ref(pai)
        }
        MjaiEvent::Chi {
            actor, consumed, ..
        }
        | MjaiEvent::Pon {
            actor, consumed, ..
        }
        | MjaiEvent::Daiminkan {
            actor, consumed, ..
        }
        | MjaiEvent::Ankan { actor, consumed }
            if !own(actor) =>
        {
            consumed
        }
        MjaiEvent::Dora { dora_marker } => std::slice::from_ref(dora_marker),
        _ => &[],
    }
}

/// Every copy `observer` sees in `kyoku`: its concealed tiles, every meld, every North set
/// aside, every discard not called (a called one lies in a meld), the dora indicators.
fn seen(kyoku: &Kyoku, observer: Seat) -> Vec<TileCopy> {
    let mut tiles = kyoku.concealed(observer);
    tiles.extend_from_slice(kyoku.dora_indicators());
    for seat in Seat::ALL {
        tiles.extend(kyoku.melds(seat).iter().flat_map(|m| m.meld.copies()));
        let kitas = usize::from(kyoku.kita(seat));
        tiles.extend(std::iter::repeat_n(TileCopy::plain(NORTH), kitas));
        let discards = kyoku.discards(seat).iter();
        tiles.extend(discards.filter(|d| !d.called).map(|d| d.tile));
    }
    tiles
}

/// The tiles, or `None` when one is hidden.
fn copies(tiles: &[MjaiTile]) -> Option<Vec<TileCopy>> {
    tiles.iter().map(|tile| tile.copy()).collect()
}

/// The observer's own chi or pon in the order its legal actions list the two tiles.
fn own_order(kyoku: &Kyoku, own: bool, action: KyokuAction) -> KyokuAction {
    let swapped = match action {
        KyokuAction::Chi(a, b) => KyokuAction::Chi(b, a),
        KyokuAction::Pon(a, b) => KyokuAction::Pon(b, a),
        other => other,
    };
    if own && !kyoku.legal().contains(&action) && kyoku.legal().contains(&swapped) {
        swapped
    } else {
        action
    }
}

/// Refuses `tiles` (what the seat sees, as one event leaves it) when a kind or a red five
/// comes more often than the wall of `rules` holds it: 4 copies a kind and one red five a
/// suit (spec section 1: 136 tiles), none of 2m-8m at three seats and no red five without
/// [`Rules::red_fives`] (spec section 6: the 108 tiles of sanma).
fn fits_the_wall(
    rules: &Rules,
    tiles: &[TileCopy],
    event: &MjaiEvent,
    at: At,
) -> Result<(), MjaiBotError> {
    let wall: Vec<TileCopy> = TileWall::copies(rules.seats == 3, rules.red_fives).collect();
    let count =
        |tiles: &[TileCopy], f: &dyn Fn(&TileCopy) -> bool| tiles.iter().filter(|t| f(t)).count();
    let over = tiles.iter().find(|copy| {
        let kind = |t: &TileCopy| t.tile == copy.tile;
        let same = |t: &TileCopy| t == *copy;
        count(tiles, &kind) > count(&wall, &kind)
            || (copy.red && count(tiles, &same) > count(&wall, &same))
    });
    match over {
        Some(&copy) => Err(MjaiBotError::Impossible {
            line: at.line,
            event: at.event,
            kind: event.kind().to_string(),
            tile: MjaiTile::Known(copy).to_string(),
        }),
        None => Ok(()),
    }
}

fn out_of_order(event: &MjaiEvent, at: At, expected: &str) -> MjaiBotError {
    MjaiBotError::OutOfOrder {
        line: at.line,
        event: at.event,
        kind: event.kind().to_string(),
        expected: expected.to_string(),
    }
}

fn hidden(event: &MjaiEvent, at: At) -> MjaiBotError {
    MjaiBotError::Hidden {
        line: at.line,
        event: at.event,
        kind: event.kind().to_string(),
    }
}
