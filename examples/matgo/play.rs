//! Playing one hand to its end, at a Matgo table and a Go-Stop table alike: each bot
//! chooses from its view, the person is shown the table and asked, and the events are told.

use hwatu_core::bot::Bot;
use hwatu_core::{CardSet, Decision, Names, SeatIndex, SeatView, Table, View};

use tabletop_rules::say_goodbye;

use crate::prompt::choose;
use crate::show::narrate;

/// What the play loop reads of a seat's view: Matgo's [`View`], a Go-Stop [`SeatView`].
pub trait Sight {
    /// The seat's hand.
    fn hand(&self) -> CardSet;
    /// The floor.
    fn floor(&self) -> CardSet;
    /// What the seat must decide, when it is to move.
    fn decision(&self) -> Option<Decision>;
    /// The goes the seat has called.
    fn goes(&self) -> u8;
}

impl Sight for View {
    fn hand(&self) -> CardSet {
        self.hand
    }
    fn floor(&self) -> CardSet {
        self.floor
    }
    fn decision(&self) -> Option<Decision> {
        self.decision
    }
    fn goes(&self) -> u8 {
        self.tally_of(self.player).goes
    }
}

impl Sight for SeatView {
    fn hand(&self) -> CardSet {
        self.hand
    }
    fn floor(&self) -> CardSet {
        self.floor
    }
    fn decision(&self) -> Option<Decision> {
        self.decision
    }
    fn goes(&self) -> u8 {
        self.tally_of(self.seat).goes
    }
}

/// Who plays each seat of a hand (a bot, or the person where there is none), how the texts
/// name the seats, and whose knowledge the narration keeps to (`None`: bots play, and
/// everything is told).
pub struct Seats<S, V> {
    /// A bot for each seat, by its index; `None` for the person's.
    pub bots: Vec<Option<Box<dyn Bot<V>>>>,
    /// The seats' names.
    pub names: Names<S>,
    /// The seat whose knowledge the narration keeps to.
    pub viewer: Option<S>,
}

/// Why a hand stopped before its end.
#[derive(Debug, PartialEq)]
pub enum Stopped {
    /// The person's input ended.
    InputEnded,
    /// A bot gave no action, or one the game refused: what happened, in words.
    BotFailed(String),
    /// The match refused to record the hand: why, in words.
    Unrecorded(String),
}

impl Stopped {
    /// Says why the match ends here.
    pub fn tell(&self) {
        match self {
            Stopped::InputEnded => say_goodbye(),
            Stopped::BotFailed(why) | Stopped::Unrecorded(why) => println!("\n{why}"),
        }
    }
}

/// Plays the hand `game` to its end: a seat's bot chooses from its `view`; the person is
/// shown the table (`show`) whenever its hand or the floor has changed, then asked.
pub fn play<S: SeatIndex, const N: usize, V: Sight>(
    game: &mut Table<S, N>,
    seats: &mut Seats<S, V>,
    view: fn(&Table<S, N>, S) -> V,
    show: impl Fn(&V, &Names<S>),
) -> Result<(), Stopped> {
    let mut shown = None;
    while let Some(seat) = game.to_move() {
        let seen = view(game, seat);
        let action = match seats.bots.get_mut(seat.index()).and_then(Option::as_mut) {
            Some(bot) => bot.choose(&seen).ok_or_else(|| {
                Stopped::BotFailed(format!("{} has no action to take.", seats.names.name(seat)))
            })?,
            None => {
                // Show the table again whenever the hand or the floor has changed.
                if shown != Some((seen.hand(), seen.floor())) {
                    show(&seen, &seats.names);
                    shown = Some((seen.hand(), seen.floor()));
                }
                let decision = seen.decision().ok_or(Stopped::InputEnded)?;
                choose(game, decision, seen.hand(), seen.goes()).ok_or(Stopped::InputEnded)?
            }
        };
        let events = game.apply(action).map_err(|error| {
            Stopped::BotFailed(format!(
                "{} chose {action}, which was refused: {error}.",
                seats.names.name(seat)
            ))
        })?;
        narrate(&events, &seats.names, seats.viewer);
    }
    Ok(())
}
