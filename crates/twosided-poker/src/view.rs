//! What one player may know (rules 2.2 and 2.10).

use crate::action::Side;
use crate::card::{Card, Face};
use crate::legal::LegalActions;
use crate::rules::Rules;
use crate::seat::Seat;

/// A face shown to both players: a front at the deal, a back at a showdown (rules 2.10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Reveal {
    /// The hand, from 1.
    pub hand: u32,
    /// The deck the card came from, from 1 (reshuffles start a new deck).
    pub deck: u32,
    /// Whose card it was.
    pub seat: Seat,
    /// Which face.
    pub face: Face,
    /// Its number.
    pub value: u8,
}

/// A card a player was dealt (it has seen both faces).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Dealt {
    /// The hand, from 1.
    pub hand: u32,
    /// The deck the card came from, from 1.
    pub deck: u32,
    /// The card.
    pub card: Card,
}

/// Everything one player may know, and nothing more: both fronts, its own back, chips, the
/// pot, the carry-over, the bets so far and every face ever shown. The opponent's back of
/// the current hand, and every back never shown, are not in it (rules 2.2).
///
/// It borrows the match's public record and the player's own cards, so taking a view costs
/// no allocation. Bots choose from a view only.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct View<'a> {
    /// The player this view is for.
    pub seat: Seat,
    /// The rules of the match.
    pub rules: Rules,
    /// The current hand's number, from 1 (the last hand once the match is over).
    pub hand: u32,
    /// The number of the deck being dealt, from 1.
    pub deck: u32,
    /// Cards not yet dealt from that deck.
    pub cards_left: usize,
    /// Who acts first this hand.
    pub first: Seat,
    /// The player's own card, both faces.
    pub card: Card,
    /// The front of the opponent's card.
    pub opponent_front: u8,
    /// Each seat's chips outside the pot, indexed by [`Seat::index`].
    pub chips: [u32; 2],
    /// The chips in this hand's pot, antes included.
    pub pot: u32,
    /// The chips carried over from tied hands, won with this hand's pot.
    pub carry_over: u32,
    /// The chips each seat has bet this hand, without the ante.
    pub bets: [u32; 2],
    /// Each seat's level: chips per staked face this hand.
    pub levels: [u32; 2],
    /// Each seat's declared side this hand.
    pub sides: [Option<Side>; 2],
    /// Who acts now, or `None` once the match is over.
    pub to_move: Option<Seat>,
    /// This player's legal actions: empty unless it is to move.
    pub legal: LegalActions,
    /// Every face shown so far, oldest first: both fronts of every hand, then the backs
    /// shown at showdowns.
    pub revealed: &'a [Reveal],
    /// Every card this player was dealt, oldest first; the last is [`View::card`].
    pub my_cards: &'a [Dealt],
}

impl View<'_> {
    /// The opponent's seat.
    pub fn opponent(&self) -> Seat {
        self.seat.opponent()
    }

    /// This player's chips outside the pot.
    pub fn my_chips(&self) -> u32 {
        self.chips[self.seat.index()]
    }

    /// The opponent's chips outside the pot.
    pub fn opponent_chips(&self) -> u32 {
        self.chips[self.opponent().index()]
    }

    /// This player's declared side, if any.
    pub fn my_side(&self) -> Option<Side> {
        self.sides[self.seat.index()]
    }

    /// The opponent's declared side, if any.
    pub fn opponent_side(&self) -> Option<Side> {
        self.sides[self.opponent().index()]
    }

    /// Whether it is this player's turn.
    pub fn is_my_turn(&self) -> bool {
        self.to_move == Some(self.seat)
    }
}
