//! Go-Stop among three (rules section 12): the same cards, turns, captures, go and stop as
//! Matgo ([`crate::Table`] plays both), a threshold of 3, every steal and early payment
//! taken from each opponent, and a settlement in which each loser pays its own share, the
//! go-caller who is overtaken paying for both (dokbak).

mod rules;
mod seating;
mod settle;
mod table;
mod view;

pub use rules::{Dokbak, GoStopRules, GwangSale, Meong, SalePayers};
pub use seating::{Sale, SeatChoice, Seating, SeatingError, Sitting, TableError};
pub use settle::{GoStopSettlement, LoserShare};
pub use table::{GoStopMatch, TableSettlement};
pub use view::SeatView;

use crate::game::Table;
use crate::seat::Seat;

/// A hand of Go-Stop among three seats, `A`, `B` and `C` in turn order: [`crate::Table`]
/// with three [`Seat`]s. Dealt by [`Table::new`] (7 cards a hand, 6 on the floor) or
/// [`Table::from_deal`]; played with [`Table::apply`]; seen by each seat through
/// [`GoStop::view`]; settled by [`GoStop::settle`].
///
/// ```
/// use hwatu_core::{Action, Deal, Event, GoStop, GoStopRules, Seat};
///
/// let deal = Deal {
///     hands: ["1G 5Y".parse()?, "7P1 7P2".parse()?, "8G 8Y".parse()?],
///     floor: "3P1 10Y".parse()?,
///     stock: "1P1 12Y 10P1 2P1 2P2".split(' ').map(str::parse).collect::<Result<_, _>>()?,
///     first: Seat::A,
/// };
/// let mut hand = GoStop::from_deal(GoStopRules::standard().rules, deal)?;
/// // A plays the crane, which matches nothing on the floor, and flips a pine pi: jjok, a
/// // pi from each opponent (who have none yet).
/// let events = hand.apply(Action::Play { card: "1G".parse()?, shake: false })?;
/// assert!(events.contains(&Event::Jjok { player: Seat::A, month: 1 }));
/// assert_eq!(hand.to_move(), Some(Seat::B));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub type GoStop = Table<Seat, 3>;

impl GoStop {
    /// What `seat` may see of the hand: its own hand, everything face up, counts of the
    /// rest ([`SeatView`]).
    pub fn view(&self, seat: Seat) -> SeatView {
        SeatView::of(self, seat)
    }
}
