//! What one player may know (rules 2.2 and 2.10).

use crate::action::{Action, Side};
use crate::card::{Card, Face};
use crate::legal::LegalActions;
use crate::rules::Rules;
use crate::seat::Seat;

/// A face shown to both players: a front at the deal, a back at a showdown (rules 2.10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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
/// no allocation. Bots choose from a view only. Only [`Match::view`](crate::Match::view)
/// makes one, so every view is one a match can be in: its fields are read through the
/// accessors below. A view with an impossible front, which once made a bot index out of
/// bounds, cannot be built:
///
/// ```compile_fail
/// use rand::SeedableRng;
/// use twosided_poker::bot::{Bot, Counting};
/// use twosided_poker::{Match, Rules, Seat, View};
///
/// let game = Match::new(Rules::default(), &mut rand::rngs::StdRng::seed_from_u64(1)).unwrap();
/// let view = View { opponent_front: 11, ..game.view(Seat::One) }; // private fields
/// Counting::new().choose(&view);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct View<'a> {
    pub(crate) seat: Seat,
    pub(crate) rules: Rules,
    pub(crate) hand: u32,
    pub(crate) deck: u32,
    pub(crate) cards_left: usize,
    pub(crate) first: Seat,
    pub(crate) card: Card,
    pub(crate) opponent_front: u8,
    pub(crate) chips: [u32; 2],
    pub(crate) pot: u32,
    pub(crate) carry_over: u32,
    pub(crate) ante: [u32; 2],
    pub(crate) bets: [u32; 2],
    pub(crate) levels: [u32; 2],
    pub(crate) sides: [Option<Side>; 2],
    pub(crate) to_move: Option<Seat>,
    pub(crate) legal: LegalActions,
    pub(crate) actions: &'a [(Seat, Action)],
    pub(crate) revealed: &'a [Reveal],
    pub(crate) my_cards: &'a [Dealt],
}

impl<'a> View<'a> {
    /// The player this view is for.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// The rules of the match.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The current hand's number, from 1 (the last hand once the match is over).
    pub fn hand(&self) -> u32 {
        self.hand
    }

    /// The number of the deck being dealt, from 1.
    pub fn deck(&self) -> u32 {
        self.deck
    }

    /// Cards not yet dealt from that deck.
    pub fn cards_left(&self) -> usize {
        self.cards_left
    }

    /// Who acts first this hand.
    pub fn first(&self) -> Seat {
        self.first
    }

    /// The player's own card, both faces.
    pub fn card(&self) -> Card {
        self.card
    }

    /// The front of the opponent's card, 1 to 10.
    pub fn opponent_front(&self) -> u8 {
        self.opponent_front
    }

    /// Each seat's chips outside the pot, indexed by [`Seat::index`].
    pub fn chips(&self) -> [u32; 2] {
        self.chips
    }

    /// The chips in this hand's pot, antes included; 0 once the match is over.
    pub fn pot(&self) -> u32 {
        self.pot
    }

    /// The chips carried over from tied hands, won with this hand's pot.
    pub fn carry_over(&self) -> u32 {
        self.carry_over
    }

    /// The ante each seat paid this hand, indexed by [`Seat::index`] (a player short of
    /// chips pays what it has).
    pub fn ante(&self) -> [u32; 2] {
        self.ante
    }

    /// The chips each seat has bet this hand, without the ante, indexed by [`Seat::index`].
    pub fn bets(&self) -> [u32; 2] {
        self.bets
    }

    /// Each seat's level: chips per staked face this hand, indexed by [`Seat::index`].
    pub fn levels(&self) -> [u32; 2] {
        self.levels
    }

    /// Each seat's declared side this hand, indexed by [`Seat::index`].
    pub fn sides(&self) -> [Option<Side>; 2] {
        self.sides
    }

    /// Who acts now, or `None` once the match is over.
    pub fn to_move(&self) -> Option<Seat> {
        self.to_move
    }

    /// This player's legal actions: empty unless it is to move.
    pub fn legal(&self) -> LegalActions {
        self.legal
    }

    /// The betting actions of this hand so far, oldest first, with who took each.
    pub fn actions(&self) -> &'a [(Seat, Action)] {
        self.actions
    }

    /// Every face shown so far, oldest first: both fronts of every hand, then the backs
    /// shown at showdowns.
    pub fn revealed(&self) -> &'a [Reveal] {
        self.revealed
    }

    /// Every card this player was dealt, oldest first; the last is [`View::card`].
    pub fn my_cards(&self) -> &'a [Dealt] {
        self.my_cards
    }

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
