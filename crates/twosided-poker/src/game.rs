//! A match: hands dealt, bets checked and applied, showdowns, carry-over and the end (rules
//! sections 2 and 3).

use rand::Rng;
use thiserror::Error;

use crate::action::{Action, Side};
use crate::card::{Card, Face};
use crate::deck::{Deck, DeckError};
use crate::error::ActionError;
use crate::event::{Discard, EndReason, Event, EventSink, Outcome};
use crate::hand::{Hand, Next, Step};
use crate::legal::LegalActions;
use crate::position::Position;
use crate::rules::{MAX_STARTING_CHIPS, Rules, RulesError};
use crate::seat::Seat;
use crate::shoe::Shoe;
use crate::showdown;
use crate::view::{Dealt, Reveal, View};

/// Why a match cannot be made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum MatchError {
    /// The rules are not playable.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// A deck order is not a full deck of the rules' kind.
    #[error("deck order {number}: {error}")]
    Deck {
        /// The order's position in the list, from 1.
        number: usize,
        /// What is wrong with it.
        error: DeckError,
    },
    /// The list of deck orders is empty.
    #[error("a match needs at least one deck order, and the list of deck orders is empty")]
    NoDecks,
    /// A position holds more chips than a match may: the players' chips and the carry-over
    /// together are at most twice [`MAX_STARTING_CHIPS`].
    #[error("a position holds at most {max} chips in all, not {found}")]
    TooManyChips {
        /// The most allowed: twice [`MAX_STARTING_CHIPS`].
        max: u64,
        /// The chips of the position, carry-over included.
        found: u64,
    },
    /// Deck orders were given to a match that shuffles its own decks (one made by
    /// [`Match::new`]).
    #[error(
        "this match shuffles its own decks (it was made by Match::new) and takes no deck orders"
    )]
    ShuffledShoe,
    /// A position where `seat` has no chips and no carry-over is left to play for: the
    /// match would already be over (rules section 3).
    #[error("{seat} has no chips and no carry-over is left to play for: the match is over")]
    OutOfChips {
        /// The player without chips.
        seat: Seat,
    },
}

/// A match of two-sided poker between [`Seat::One`] and [`Seat::Two`], from the first deal
/// to the last chip (rules sections 2 and 3).
///
/// The only randomness is the shuffle, from the `Rng` given to [`Match::new`] or from the
/// explicit deck orders of [`Match::from_decks`]; every transition after that is
/// deterministic. Hands are dealt as soon as the previous one ends, so the match is always
/// waiting for an action of [`Match::to_move`] until it is over.
///
/// ```
/// use twosided_poker::{Action, Card, Deck, DeckKind, Event, Match, Rules, Seat, Side};
///
/// // Player one holds 9/2, player two 4/8.
/// let top: Vec<Card> = vec!["9/2".parse()?, "4/8".parse()?];
/// let deck = Deck::stacked(DeckKind::Standard, &top)?;
/// let mut game = Match::from_decks(Rules::default(), vec![deck])?;
/// assert_eq!(game.to_move(), Some(Seat::One));
/// game.apply(Action::Bet { side: Side::Front, amount: 3 })?;
/// let events = game.apply(Action::Bet { side: Side::Back, amount: 3 })?; // a call
/// assert!(events.contains(&Event::Win { seat: Seat::One, chips: 8 }), "9 beats 8");
/// assert_eq!(game.chips(Seat::One), 30 + 4 - 1); // won 4 from two, paid the next ante
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "RawMatch"))]
pub struct Match {
    rules: Rules,
    shoe: Shoe,
    chips: [u32; 2],
    /// The carry-over, by who put it in (so that it can go back at the hand limit).
    carry: [u32; 2],
    hand: Hand,
    /// The betting actions of the current hand, with who took each.
    actions: Vec<(Seat, Action)>,
    hands_played: u32,
    revealed: Vec<Reveal>,
    dealt: [Vec<Dealt>; 2],
    outcome: Option<Outcome>,
}

/// A match's fields as written (feature `serde`).
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct RawMatch {
    #[serde(deserialize_with = "crate::serde_checked::rules")]
    rules: Rules,
    shoe: Shoe,
    chips: [u32; 2],
    carry: [u32; 2],
    hand: Hand,
    actions: Vec<(Seat, Action)>,
    hands_played: u32,
    revealed: Vec<Reveal>,
    dealt: [Vec<Dealt>; 2],
    outcome: Option<Outcome>,
}

#[cfg(feature = "serde")]
impl RawMatch {
    /// Both stacks, the carry-over and (while the match is played) the pot make twice the
    /// starting chips, and no level is above them.
    fn check_chips(&self) -> Result<(), String> {
        let total = 2 * u64::from(self.rules.starting_chips);
        let hand = &self.hand;
        let in_play = [self.chips, self.carry, hand.ante, hand.put];
        let counted = in_play[..if self.outcome.is_some() { 2 } else { 4 }]
            .iter()
            .flatten()
            .map(|&c| u64::from(c))
            .sum::<u64>();
        if counted != total {
            return Err(format!(
                "the stacks {:?}, carry-over {:?} and pot hold {counted} chips, not twice the \
                 starting {}",
                self.chips, self.carry, self.rules.starting_chips
            ));
        }
        if hand.level.iter().any(|&level| u64::from(level) > total) {
            return Err(format!(
                "a level of {:?} is above the chips in play",
                hand.level
            ));
        }
        Ok(())
    }

    /// The hands played are within the hand limit, the hand being played is the next, and
    /// its deck is numbered no higher.
    fn check_hands(&self) -> Result<(), String> {
        let limit = self.rules.max_hands.unwrap_or(u32::MAX - 1);
        let (played, number) = (self.hands_played, self.hand.number);
        let next = self.outcome.is_some() || played.checked_add(1) == Some(number);
        if played > limit || !next || self.shoe.number() > number {
            return Err(format!(
                "{played} hands played (of at most {limit}) with hand {number} dealt from deck {}",
                self.shoe.number()
            ));
        }
        Ok(())
    }
}

#[cfg(feature = "serde")]
impl TryFrom<RawMatch> for Match {
    type Error = String;

    /// The match of the fields when its chips are conserved (both stacks, the carry-over
    /// and, while the match is played, the pot make twice the starting chips, and no level
    /// is above them) and its hands are counted (within the hand limit, the hand being
    /// played the next, dealt from a deck numbered no higher).
    fn try_from(raw: RawMatch) -> Result<Match, String> {
        raw.check_chips()?;
        raw.check_hands()?;
        Ok(Match {
            rules: raw.rules,
            shoe: raw.shoe,
            chips: raw.chips,
            carry: raw.carry,
            hand: raw.hand,
            actions: raw.actions,
            hands_played: raw.hands_played,
            revealed: raw.revealed,
            dealt: raw.dealt,
            outcome: raw.outcome,
        })
    }
}

impl Match {
    /// A match under `rules`, its decks shuffled with randomness drawn from `rng` (a seed
    /// for every later reshuffle is drawn now). The first hand is dealt.
    ///
    /// # Errors
    /// [`RulesError`] when the rules are not playable (see [`Rules::validate`]).
    pub fn new<R: Rng + ?Sized>(rules: Rules, rng: &mut R) -> Result<Match, RulesError> {
        rules.validate()?;
        let shoe = Shoe::shuffled(rules.deck, rng.next_u64());
        let chips = [rules.starting_chips; 2];
        Ok(Match::start(rules, shoe, chips, [0; 2], rules.first_player))
    }

    /// A match dealt from explicit deck orders: the first deck is `decks[0]`, each
    /// reshuffle takes the next, and after the last the orders are used again from the
    /// first. Seat one gets the top card of each pair, seat two the next. The first hand is
    /// dealt.
    ///
    /// # Errors
    /// [`MatchError::Rules`] for unplayable rules; [`MatchError::NoDecks`] when `decks` is
    /// empty; [`MatchError::Deck`] when it holds an order of another kind than `rules.deck`.
    pub fn from_decks(rules: Rules, decks: Vec<Deck>) -> Result<Match, MatchError> {
        Match::from_position(rules, Position::start(&rules, decks))
    }

    /// A match from `position`: each player's chips, the carry-over, who acts first in its
    /// first hand and the deck orders to deal from (as [`Match::from_decks`]). The first
    /// hand is dealt (with its antes) as hand 1 of deck 1; players then alternate as usual,
    /// and [`Rules::max_hands`] counts from it. `rules.starting_chips` and
    /// `rules.first_player` are not used.
    ///
    /// ```
    /// use twosided_poker::{Deck, DeckKind, Match, MatchError, Position, Rules, Seat};
    ///
    /// let decks = vec![Deck::new(DeckKind::Standard)];
    /// let position = Position { chips: [5, 52], carry_over: [1, 2], first: Seat::Two, decks };
    /// let game = Match::from_position(Rules::default(), position.clone())?;
    /// assert_eq!((game.chips(Seat::One), game.pot(), game.carry_over()), (4, 2, 3));
    /// assert_eq!(game.to_move(), Some(Seat::Two));
    ///
    /// let over = Position { chips: [0, 57], carry_over: [0, 0], ..position };
    /// assert_eq!(
    ///     Match::from_position(Rules::default(), over),
    ///     Err(MatchError::OutOfChips { seat: Seat::One })
    /// );
    /// # Ok::<(), MatchError>(())
    /// ```
    ///
    /// # Errors
    /// [`MatchError::Rules`] for unplayable rules; [`MatchError::NoDecks`] and
    /// [`MatchError::Deck`] as [`Match::from_decks`]; [`MatchError::TooManyChips`] when the
    /// chips and carry-over add up to more than twice [`MAX_STARTING_CHIPS`];
    /// [`MatchError::OutOfChips`] when a player has no chips and the carry-over is 0.
    pub fn from_position(rules: Rules, position: Position) -> Result<Match, MatchError> {
        rules.validate()?;
        check_position(&rules, &position)?;
        let Position {
            chips,
            carry_over,
            first,
            decks,
        } = position;
        let shoe = Shoe::orders(rules.deck, decks);
        Ok(Match::start(rules, shoe, chips, carry_over, first))
    }

    /// Starts the match again from its first deal, as [`Match::from_decks`] with the
    /// match's rules and `decks` makes a new one, keeping the memory of its records (the
    /// reveals, the cards dealt, the betting actions, the deck being dealt), so that a
    /// program playing many matches one after the other allocates nothing per match but
    /// the deck orders.
    ///
    /// ```
    /// use twosided_poker::{Action, Deck, DeckKind, Match, Rules};
    ///
    /// let decks = vec![Deck::new(DeckKind::Standard)];
    /// let mut game = Match::from_decks(Rules::default(), decks.clone())?;
    /// game.apply(Action::Fold)?;
    /// game.restart(decks.clone())?;
    /// assert_eq!(game, Match::from_decks(Rules::default(), decks)?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`MatchError::NoDecks`] and [`MatchError::Deck`] as [`Match::from_decks`] (the
    /// match's rules are playable already); the match is unchanged on error.
    pub fn restart(&mut self, decks: Vec<Deck>) -> Result<(), MatchError> {
        let position = Position::start(&self.rules, decks);
        check_position(&self.rules, &position)?;
        self.shoe.restart(position.decks);
        self.chips = position.chips;
        self.carry = position.carry_over;
        self.actions.clear();
        self.revealed.clear();
        self.dealt.iter_mut().for_each(Vec::clear);
        self.hands_played = 0;
        self.outcome = None;
        self.hand = first_hand(&mut self.shoe, &mut self.chips, position.first, &self.rules);
        self.record_deal();
        Ok(())
    }

    /// The match with `chips` and the carry-over `carry` (by who put it in), its first hand
    /// dealt from `shoe` with `first` to act.
    fn start(
        rules: Rules,
        mut shoe: Shoe,
        mut chips: [u32; 2],
        carry: [u32; 2],
        first: Seat,
    ) -> Match {
        let hand = first_hand(&mut shoe, &mut chips, first, &rules);
        let mut game = Match {
            rules,
            shoe,
            chips,
            carry,
            hand,
            actions: Vec::with_capacity(8),
            hands_played: 0,
            revealed: Vec::with_capacity(32),
            dealt: [Vec::with_capacity(16), Vec::with_capacity(16)],
            outcome: None,
        };
        game.record_deal();
        game
    }

    /// The rules of the match.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The chips `seat` holds outside the pot.
    pub fn chips(&self, seat: Seat) -> u32 {
        self.chips[seat.index()]
    }

    /// The chips in the current hand's pot, antes included; 0 once the match is over.
    pub fn pot(&self) -> u32 {
        if self.is_over() { 0 } else { self.hand.pot() }
    }

    /// The chips carried over from tied hands, waiting for the next hand with a winner.
    pub fn carry_over(&self) -> u32 {
        self.carry[0] + self.carry[1]
    }

    /// The current hand's number, from 1 (the last hand once the match is over).
    pub fn hand_number(&self) -> u32 {
        self.hand.number
    }

    /// The number of the deck being dealt, from 1 (reshuffles start a new deck); the same as
    /// [`View::deck`] of either seat.
    pub fn deck_number(&self) -> u32 {
        self.shoe.number()
    }

    /// The cards not yet dealt from the deck being dealt; the same as [`View::cards_left`].
    /// Fewer than 2 means the next hand is dealt from a fresh deck (rules 2.1).
    pub fn cards_left(&self) -> usize {
        self.shoe.left()
    }

    /// The betting actions of the current hand so far, oldest first, with who took each;
    /// the same as [`View::actions`] (they are public).
    pub fn actions(&self) -> &[(Seat, Action)] {
        &self.actions
    }

    /// Adds `deck` after the deck orders a match made by [`Match::from_decks`] or
    /// [`Match::from_position`] deals from. The `k`-th deck the match takes (from 0: the
    /// first hand's deck is deck 0) is order `k % n` of the `n` orders it holds at that
    /// moment, so an order added before the match has gone once through the orders it held
    /// (it may be dealing from the last one) is dealt after them, in its turn. A program
    /// that derives its deck orders one by one (from a seed) can make the match with the
    /// first only and add each next one once [`Match::cards_left`] is below 2, before the
    /// hand that needs it is dealt: the match is the one the whole list makes.
    ///
    /// ```
    /// use twosided_poker::{Action, Deck, DeckKind, Match, Rules, Seat};
    ///
    /// let rules = Rules { max_hands: Some(50), ..Rules::default() };
    /// let decks = [Deck::new(DeckKind::Standard), Deck::stacked(DeckKind::Standard, &["9/2".parse()?])?];
    /// let mut whole = Match::from_decks(rules, decks.to_vec())?;
    /// let mut lazy = Match::from_decks(rules, decks[..1].to_vec())?;
    /// while !whole.is_over() {
    ///     if lazy.cards_left() < 2 && lazy.deck_number() == 1 {
    ///         lazy.add_deck_order(decks[1].clone())?;
    ///     }
    ///     whole.apply(Action::Fold)?; // each hand's first player folds: 50 hands
    ///     lazy.apply(Action::Fold)?;
    ///     assert_eq!(lazy.view(Seat::One), whole.view(Seat::One));
    /// }
    /// assert_eq!(whole.deck_number(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`MatchError::Deck`] (with [`DeckError::KindMismatch`]) when `deck` is not of the
    /// rules' kind, and [`MatchError::ShuffledShoe`] for a match made by [`Match::new`],
    /// which shuffles its own decks. The match is unchanged on error.
    pub fn add_deck_order(&mut self, deck: Deck) -> Result<(), MatchError> {
        check_deck_kind(&self.rules, self.shoe.order_count() + 1, &deck)?;
        if self.shoe.add_order(deck) {
            Ok(())
        } else {
            Err(MatchError::ShuffledShoe)
        }
    }

    /// The number of hands finished.
    pub fn hands_played(&self) -> u32 {
        self.hands_played
    }

    /// `seat`'s card in the current hand. Hidden information: show a player only its
    /// [`Match::view`].
    pub fn card(&self, seat: Seat) -> Card {
        self.hand.cards[seat.index()]
    }

    /// `seat`'s declared side in the current hand, if any.
    pub fn side(&self, seat: Seat) -> Option<Side> {
        self.hand.side[seat.index()]
    }

    /// `seat`'s level in the current hand: chips per staked face, without the ante.
    pub fn level(&self, seat: Seat) -> u32 {
        self.hand.level[seat.index()]
    }

    /// Who acts first in the current hand.
    pub fn first(&self) -> Seat {
        self.hand.first
    }

    /// Every face shown so far, oldest first.
    pub fn revealed(&self) -> &[Reveal] {
        &self.revealed
    }

    /// Who acts now, or `None` once the match is over.
    pub fn to_move(&self) -> Option<Seat> {
        (!self.is_over()).then_some(self.hand.to_move)
    }

    /// Whether the match has ended.
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// How the match ended, or `None` while it goes on.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// The legal actions of the player to move, as ranges (no allocation); empty once the
    /// match is over, never before.
    pub fn legal(&self) -> LegalActions {
        if self.is_over() {
            LegalActions::default()
        } else {
            self.hand.legal(self.chips)
        }
    }

    /// Every legal action of the player to move, listed one by one (see
    /// [`LegalActions::iter`] for the order); empty once the match is over, never before.
    /// With many chips the list is long: [`Match::legal`] gives the same as ranges.
    pub fn legal_actions(&self) -> Vec<Action> {
        self.legal().to_vec()
    }

    /// Checks `action` for the player to move without applying it.
    ///
    /// # Errors
    /// As [`Match::apply`].
    pub fn check(&self, action: Action) -> Result<(), ActionError> {
        self.step(action).map(|_| ())
    }

    fn step(&self, action: Action) -> Result<Step, ActionError> {
        if self.is_over() {
            return Err(ActionError::MatchOver);
        }
        self.hand.check(self.chips, action)
    }

    /// Applies `action` for the player to move and returns what happened, in order: the
    /// action's own events, then for a hand that ends its showdown, tie or win and bonus,
    /// and then either the next hand's reshuffle, deal and ante or the end of the match.
    /// Every event is public (a deal shows the fronts, a showdown the staked faces only):
    /// [`Event::seen_by`] gives each seat's form, the same event, so that a program shows
    /// each player its events the way it does in every crate of the workspace.
    ///
    /// # Errors
    /// - [`ActionError::MatchOver`] once the match has ended;
    /// - [`ActionError::DeclareOnly`] for anything but `bet <side> 0` in a hand without
    ///   betting (a player had no chips after the ante);
    /// - [`ActionError::SideAlreadyDeclared`] for a bet after the side is declared,
    ///   [`ActionError::SideNotDeclared`] for a raise or call before;
    /// - [`ActionError::BothTaken`] for both sides when the opponent has them;
    /// - [`ActionError::BetTooSmall`] and [`ActionError::RaiseTooSmall`] for levels too low;
    /// - [`ActionError::InsufficientChips`] for more chips than the player has, and
    ///   [`ActionError::OpponentCannotCall`] for a level the opponent could not call.
    ///
    /// On error the match is unchanged.
    pub fn apply(&mut self, action: Action) -> Result<Vec<Event>, ActionError> {
        let mut events = Vec::new();
        self.apply_into(action, &mut events)?;
        Ok(events)
    }

    /// As [`Match::apply`], appending the events to `events` instead of returning a new
    /// list (so that a loop can reuse one buffer).
    ///
    /// # Errors
    /// As [`Match::apply`]; on error neither the match nor `events` changes.
    pub fn apply_into(
        &mut self,
        action: Action,
        events: &mut Vec<Event>,
    ) -> Result<(), ActionError> {
        self.play(action, events)
    }

    /// As [`Match::apply`], without recording the events: for a program that reads the
    /// match after each action and not its events (a learning environment, a search), so
    /// that no list is written.
    ///
    /// ```
    /// use twosided_poker::{Action, Deck, DeckKind, Match, Rules};
    ///
    /// let decks = vec![Deck::new(DeckKind::Standard)];
    /// let mut quiet = Match::from_decks(Rules::default(), decks.clone())?;
    /// let mut told = Match::from_decks(Rules::default(), decks)?;
    /// quiet.apply_quiet(Action::Fold)?;
    /// assert!(!told.apply(Action::Fold)?.is_empty());
    /// assert_eq!(quiet, told);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`Match::apply`]; on error the match is unchanged.
    pub fn apply_quiet(&mut self, action: Action) -> Result<(), ActionError> {
        self.play(action, &mut Discard)
    }

    /// Applies `action`, recording its events in `events` (see [`Match::apply`]).
    fn play(&mut self, action: Action, events: &mut impl EventSink) -> Result<(), ActionError> {
        let step = self.step(action)?;
        self.actions.push((self.hand.to_move, action));
        match self.hand.apply(step, &mut self.chips, events) {
            Next::Continue => {}
            Next::Fold { winner } => self.finish_hand(Some(winner), events),
            Next::Showdown => self.showdown(events),
        }
        Ok(())
    }

    /// The match after `action`, leaving this one as it is.
    ///
    /// # Errors
    /// As [`Match::apply`].
    pub fn after(&self, action: Action) -> Result<Match, ActionError> {
        let mut next = self.clone();
        next.apply(action)?;
        Ok(next)
    }

    /// What `seat` may know now (see [`View`]).
    pub fn view(&self, seat: Seat) -> View<'_> {
        let i = seat.index();
        let hand = &self.hand;
        View {
            seat,
            rules: self.rules,
            hand: hand.number,
            deck: self.shoe.number(),
            cards_left: self.shoe.left(),
            first: hand.first,
            card: hand.cards[i],
            opponent_front: hand.cards[1 - i].front(),
            chips: self.chips,
            pot: self.pot(),
            carry_over: self.carry_over(),
            ante: hand.ante,
            bets: hand.put,
            levels: hand.level,
            sides: hand.side,
            to_move: self.to_move(),
            legal: if self.to_move() == Some(seat) {
                self.legal()
            } else {
                LegalActions::default()
            },
            actions: &self.actions,
            revealed: &self.revealed,
            my_cards: &self.dealt[i],
        }
    }

    /// Shows the chosen faces and settles the hand (rules 2.9).
    fn showdown(&mut self, events: &mut impl EventSink) {
        let (shown, winner) = showdown::resolve(&self.hand);
        for seat in Seat::BOTH {
            if let Some(value) = shown[seat.index()].back {
                self.revealed.push(Reveal {
                    hand: self.hand.number,
                    deck: self.hand.deck,
                    seat,
                    face: Face::Back,
                    value,
                });
            }
        }
        events.record(Event::Showdown { shown, winner });
        self.finish_hand(winner, events);
    }

    /// Pays the pot to `winner` (with the carry-over and any both-sides bonus) or carries
    /// it over on a tie, then deals the next hand or ends the match.
    fn finish_hand(&mut self, winner: Option<Seat>, events: &mut impl EventSink) {
        self.hands_played += 1;
        match winner {
            Some(seat) => self.pay(seat, events),
            None => {
                for seat in Seat::BOTH {
                    self.carry[seat.index()] += self.hand.stake(seat);
                }
                events.record(Event::Tie {
                    carry_over: self.carry_over(),
                });
            }
        }
        match self.end() {
            Some(outcome) => {
                self.outcome = Some(outcome);
                events.record(Event::MatchOver { outcome });
            }
            None => self.deal_next(events),
        }
    }

    /// Gives the pot and the carry-over to `seat`, the both-sides bonus if it bet both, and
    /// the both-sides penalty if its opponent bet both and the rules charge it.
    fn pay(&mut self, seat: Seat, events: &mut impl EventSink) {
        let (w, l) = (seat.index(), seat.opponent().index());
        let chips = self.hand.pot() + self.carry_over();
        self.carry = [0; 2];
        self.chips[w] += chips;
        events.record(Event::Win { seat, chips });
        if self.hand.side[w] == Some(Side::Both) {
            let bonus = self.transfer(l, w, self.rules.both_bonus);
            events.record(Event::BothBonus { seat, chips: bonus });
        }
        if self.hand.side[l] == Some(Side::Both) && self.rules.both_penalty > 0 {
            let penalty = self.transfer(l, w, self.rules.both_penalty);
            events.record(Event::BothPenalty {
                seat: seat.opponent(),
                chips: penalty,
            });
        }
    }

    /// Moves `chips` from seat index `from` to `to`, at most what `from` has; returns the
    /// chips moved.
    fn transfer(&mut self, from: usize, to: usize, chips: u32) -> u32 {
        let moved = chips.min(self.chips[from]);
        self.chips[from] -= moved;
        self.chips[to] += moved;
        moved
    }

    /// The outcome if the match ends before the next hand (rules section 3): the hand limit
    /// is reached, or a player has no chips and no carry-over is left to play for.
    fn end(&mut self) -> Option<Outcome> {
        let hands = self.hands_played;
        if self.rules.max_hands.is_some_and(|max| hands >= max) {
            for i in 0..2 {
                self.chips[i] += self.carry[i];
            }
            self.carry = [0; 2];
            let [one, two] = self.chips;
            let winner = match one.cmp(&two) {
                std::cmp::Ordering::Greater => Some(Seat::One),
                std::cmp::Ordering::Less => Some(Seat::Two),
                std::cmp::Ordering::Equal => None,
            };
            return Some(Outcome {
                winner,
                reason: EndReason::HandLimit,
                chips: self.chips,
                hands,
            });
        }
        let broke = Seat::BOTH.map(|seat| self.chips(seat) == 0);
        if self.carry_over() > 0 || broke == [false; 2] {
            return None;
        }
        Some(Outcome {
            winner: Seat::BOTH.into_iter().find(|s| !broke[s.index()]),
            reason: EndReason::OutOfChips,
            chips: self.chips,
            hands,
        })
    }

    /// Deals the next hand: a fresh deck if needed, the cards, the antes (rules 2.1-2.4).
    fn deal_next(&mut self, events: &mut impl EventSink) {
        let (cards, refilled) = self.shoe.deal();
        if refilled {
            events.record(Event::Reshuffle {
                deck: self.shoe.number(),
            });
        }
        let number = self.hands_played + 1;
        let first = self.hand.first.opponent();
        self.actions.clear();
        self.hand = Hand::deal(
            number,
            self.shoe.number(),
            first,
            cards,
            &mut self.chips,
            self.rules.ante,
        );
        events.record(Event::Deal {
            hand: number,
            first,
            fronts: cards.map(Card::front),
        });
        events.record(Event::Ante {
            paid: self.hand.ante,
        });
        self.record_deal();
    }

    /// Records the current hand's fronts as revealed and each card as seen by its holder.
    fn record_deal(&mut self) {
        let hand = &self.hand;
        for seat in Seat::BOTH {
            let card = hand.cards[seat.index()];
            self.revealed.push(Reveal {
                hand: hand.number,
                deck: hand.deck,
                seat,
                face: Face::Front,
                value: card.front(),
            });
            self.dealt[seat.index()].push(Dealt {
                hand: hand.number,
                deck: hand.deck,
                card,
            });
        }
    }
}

/// Why `position` cannot start a match under `rules` (playable rules), if it cannot: the
/// checks of [`Match::from_position`] after the rules'.
fn check_position(rules: &Rules, position: &Position) -> Result<(), MatchError> {
    let Position {
        chips,
        carry_over,
        decks,
        ..
    } = position;
    let found = chips.iter().chain(carry_over).map(|&c| u64::from(c)).sum();
    let max = 2 * u64::from(MAX_STARTING_CHIPS);
    if found > max {
        return Err(MatchError::TooManyChips { max, found });
    }
    if *carry_over == [0; 2]
        && let Some(seat) = Seat::BOTH.into_iter().find(|s| chips[s.index()] == 0)
    {
        return Err(MatchError::OutOfChips { seat });
    }
    if decks.is_empty() {
        return Err(MatchError::NoDecks);
    }
    for (i, deck) in decks.iter().enumerate() {
        check_deck_kind(rules, i + 1, deck)?;
    }
    Ok(())
}

/// [`MatchError::Deck`] with [`DeckError::KindMismatch`] when `deck`, the match's `number`-th
/// deck order (from 1), is not of the rules' kind.
fn check_deck_kind(rules: &Rules, number: usize, deck: &Deck) -> Result<(), MatchError> {
    if deck.kind() == rules.deck {
        return Ok(());
    }
    Err(MatchError::Deck {
        number,
        error: DeckError::KindMismatch {
            expected: rules.deck,
            found: deck.kind(),
        },
    })
}

/// The first hand of a match, dealt from `shoe` with `first` to act, its antes taken out of
/// `chips`.
fn first_hand(shoe: &mut Shoe, chips: &mut [u32; 2], first: Seat, rules: &Rules) -> Hand {
    let (cards, _) = shoe.deal();
    Hand::deal(1, shoe.number(), first, cards, chips, rules.ante)
}
