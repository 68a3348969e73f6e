//! A game at a table of two (Matgo) or three (Go-Stop): state, legal actions, validated
//! transitions (rules sections 2 to 5, and 12).

use rand::Rng;
use rand::seq::SliceRandom;
use thiserror::Error;

use crate::action::{self, Action, ActionList, Decision, LegalSet};
use crate::card::{Card, GukjinUse};
use crate::card_set::CardSet;
use crate::deal::{Deal, DealError, Deck, Stock, split_deck};
use crate::event::{Event, EventSink, NoEvents, Outcome};
use crate::match_play::Ticket;
use crate::player::Player;
use crate::rules::{BothChongtong, FloorFour, Rules};
use crate::score::Score;
use crate::seat::SeatIndex;
use crate::settle::{self, Settlement};
use crate::view::View;

/// What a player has done so far in a game, all of it public.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Tally {
    /// Goes called.
    pub goes: u8,
    /// The base score at the last go (0 before any go).
    pub go_score: u32,
    /// Shakes made.
    pub shakes: u8,
    /// Bombs of three cards made (each doubles the score).
    pub bombs: u8,
    /// Bombs of two cards made ([`crate::TwoCardBomb`]; they double the score only under
    /// `TwoCardBomb::Double`).
    pub two_card_bombs: u8,
    /// Ppuk piles made.
    pub ppuks: u8,
    /// Flip-only turns left (two per bomb, one per two-card bomb).
    pub flip_credits: u8,
    /// Turns begun (a bonus card played from the hand does not begin one).
    pub turns: u8,
    /// Points received in instant payments.
    pub instant_points: u64,
}

/// Where the game stands: who must decide what.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub(crate) enum Phase<S> {
    Play(S),
    Choose(S),
    Gukjin(S),
    GoStop(S),
    Over,
}

/// The part of a turn still to be resolved while the player chooses, at a table of `N`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub(crate) struct Turn<const N: usize> {
    /// The turn has begun (the piles were noted).
    pub(crate) begun: bool,
    /// Every capture pile when the turn began, to tell score changes.
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_array"))]
    pub(crate) piles_before: [CardSet; N],
    /// The gukjin's use when the turn began.
    pub(crate) gukjin_before: GukjinUse,
    /// Every base score when the turn began ([`Table::base_score`]).
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_array"))]
    pub(crate) scores_before: [u32; N],
    /// The played card and the two floor cards it may take.
    pub(crate) hand_pair: Option<(Card, CardSet)>,
    /// The flipped card and the two floor cards it may take.
    pub(crate) flip_pair: Option<(Card, CardSet)>,
    /// The player captured the gukjin in this turn and has not said how it counts.
    pub(crate) took_gukjin: bool,
    /// The player made its third ppuk.
    pub(crate) three_ppuk: bool,
}

impl<const N: usize> Default for Turn<N> {
    fn default() -> Turn<N> {
        Turn {
            begun: false,
            piles_before: [CardSet::EMPTY; N],
            gukjin_before: GukjinUse::default(),
            scores_before: [0; N],
            hand_pair: None,
            flip_pair: None,
            took_gukjin: false,
            three_ppuk: false,
        }
    }
}

/// What a seat's view shows of the turn under way, to restore it
/// ([`Turn::restored`]).
pub(crate) struct ShownTurn<const N: usize> {
    pub(crate) captured: [CardSet; N],
    pub(crate) gukjin: GukjinUse,
    /// The deciding seat's ppuk count.
    pub(crate) ppuks: u8,
    pub(crate) awaiting_choice: CardSet,
    pub(crate) floor: CardSet,
}

impl<const N: usize> Turn<N> {
    /// The phase and the turn under way that a view shows its seat `me` deciding
    /// `decision`; `None` for cards waiting for a choice that no turn leaves.
    pub(crate) fn restored<S>(
        me: S,
        decision: Decision,
        shown: &ShownTurn<N>,
    ) -> Option<(Phase<S>, Turn<N>)> {
        let mid_turn = Turn {
            begun: true,
            piles_before: shown.captured,
            gukjin_before: shown.gukjin,
            scores_before: base_scores(shown.captured, shown.gukjin),
            three_ppuk: shown.ppuks >= 3,
            ..Turn::default()
        };
        let awaiting = shown.awaiting_choice;
        Some(match decision {
            Decision::Play => (Phase::Play(me), Turn::default()),
            Decision::GoStop { .. } => (Phase::GoStop(me), Turn::default()),
            Decision::Choose { card, options } => {
                let flipped = (awaiting - CardSet::single(card)).first();
                if !awaiting.contains(card) || awaiting.len() > 2 {
                    return None;
                }
                let turn = Turn {
                    hand_pair: Some((card, options)),
                    flip_pair: flipped.map(|f| (f, shown.floor.same_month(f))),
                    ..mid_turn
                };
                (Phase::Choose(me), turn)
            }
            Decision::Gukjin => (
                Phase::Gukjin(me),
                Turn {
                    took_gukjin: true,
                    ..mid_turn
                },
            ),
        })
    }
}

/// A game of Matgo between players A and B.
///
/// Randomness is only in [`Game::new`]'s shuffle; [`Game::from_deal`] replays any deal.
/// [`Game::apply`] checks an action completely before it changes anything.
///
/// ```
/// use hwatu_core::{Action, CardSet, Deal, Event, Game, Player, Rules};
///
/// let deal = Deal {
///     hands: ["1G 5Y".parse()?, "7P1 7P2".parse()?],
///     floor: "1P1 10Y".parse()?,
///     stock: vec!["12Y".parse()?, "10P1".parse()?, "2P1".parse()?, "2P2".parse()?],
///     first: Player::A,
/// };
/// let mut game = Game::from_deal(Rules::classic(), deal)?;
/// let events = game.apply(Action::Play { card: "1G".parse()?, shake: false })?;
/// assert!(events.contains(&Event::Captured { player: Player::A, cards: "1G 1P1".parse()? }));
/// assert_eq!(game.to_move(), Some(Player::B));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub type Game = Table<Player, 2>;

/// The cards and the play at a table of `N` seats of type `S`, the one game engine of the
/// crate: [`Game`] is Matgo (`Table<Player, 2>`), [`crate::GoStop`] is Go-Stop among three
/// (`Table<Seat, 3>`). The turn, its captures and steals, go and stop are the same rules at
/// both tables (sections 3 to 5 and 12); what differs is said where it does (the deal,
/// stealing from each opponent, the settlement). Per-seat arrays are indexed by
/// [`SeatIndex::index`]. Only those two tables deal: another `N` for its seat type does not
/// compile.
///
/// ```compile_fail
/// use hwatu_core::{Player, Rules, Table};
/// use rand::{SeedableRng, rngs::StdRng};
///
/// // Three hands of Matgo's players: refused when the program is built.
/// let table = Table::<Player, 3>::new(Rules::standard(), Player::A, &mut StdRng::seed_from_u64(1));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Table<S, const N: usize> {
    pub(crate) rules: Rules,
    pub(crate) first: S,
    #[cfg_attr(
        feature = "serde",
        serde(serialize_with = "crate::serde_array::serialize")
    )]
    pub(crate) hands: [CardSet; N],
    pub(crate) floor: CardSet,
    #[cfg_attr(
        feature = "serde",
        serde(serialize_with = "crate::serde_array::serialize")
    )]
    pub(crate) captured: [CardSet; N],
    pub(crate) stock: Stock,
    /// The months of the ppuk piles each player made that are still on the floor, one bit
    /// per month (bit 0 is month 1).
    #[cfg_attr(
        feature = "serde",
        serde(serialize_with = "crate::serde_array::serialize")
    )]
    pub(crate) piles: [u16; N],
    /// The cards each player showed by shaking.
    #[cfg_attr(
        feature = "serde",
        serde(serialize_with = "crate::serde_array::serialize")
    )]
    pub(crate) revealed: [CardSet; N],
    /// The floor cards each player passed over ([`View::passed_over`]).
    #[cfg_attr(
        feature = "serde",
        serde(serialize_with = "crate::serde_array::serialize")
    )]
    pub(crate) passed_over: [CardSet; N],
    /// The cards each player played that matched nothing ([`View::discarded`]).
    #[cfg_attr(
        feature = "serde",
        serde(serialize_with = "crate::serde_array::serialize")
    )]
    pub(crate) discarded: [CardSet; N],
    #[cfg_attr(
        feature = "serde",
        serde(serialize_with = "crate::serde_array::serialize")
    )]
    pub(crate) tallies: [Tally; N],
    pub(crate) gukjin: GukjinUse,
    /// Every seat's base score, `Score::of(captured, gukjin).total()`, brought up to date at the end
    /// of every action ([`Game::base_score`]).
    #[cfg_attr(
        feature = "serde",
        serde(serialize_with = "crate::serde_array::serialize")
    )]
    pub(crate) base_scores: [u32; N],
    pub(crate) phase: Phase<S>,
    pub(crate) turn: Turn<N>,
    pub(crate) outcome: Option<Outcome<S>>,
    /// The bonus cards dealt to the floor, which went to the first player's pile.
    pub(crate) dealt_bonus: CardSet,
    /// How the deal ended the game, if it did (chongtong, or a nagari by house rule).
    pub(crate) deal_end: Option<Event<S>>,
    /// The match that dealt the game, and its number there.
    pub(crate) ticket: Option<Ticket>,
    /// The seat that called the last go, kept at Go-Stop tables only (where it tells who
    /// pays for all when two losers called go, section 12); Matgo keeps `None`.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub(crate) last_go: Option<S>,
}

/// An action that [`Game::apply`] refuses. The game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum ActionError {
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// The action does not answer the decision the player faces.
    #[error("'{action}' is not possible now: {expected}")]
    NotNow {
        /// The action.
        action: Action,
        /// What the player must do instead.
        expected: Decision,
    },
    /// The card is not in the player's hand.
    #[error("{card} is not in your hand")]
    NotInHand {
        /// The card.
        card: Card,
    },
    /// A shake needs three cards of the month in hand and none on the floor.
    #[error(
        "you cannot shake with {card}: that takes three cards of its month in hand and none on the floor"
    )]
    CannotShake {
        /// The card.
        card: Card,
    },
    /// A bomb needs three cards of the month in hand and the fourth on the floor (or two and
    /// two under the two-card bomb house rule, [`crate::TwoCardBomb`]).
    #[error(
        "you cannot bomb month {month}: that takes three of its cards in hand and the fourth on the floor (or two and two, if the house rules allow it)"
    )]
    CannotBomb {
        /// The month.
        month: u8,
    },
    /// No flip-only turn was earned (they come from bombs).
    #[error("you have no flip-only turn (two are earned by each bomb)")]
    NoFlipOnlyTurn,
    /// No chongtong to declare: it takes all four cards of a month in hand, before the
    /// player's first turn, under the play-on rule ([`Rules::chongtong_play_on`]).
    #[error(
        "you have no chongtong to declare: that takes all four cards of a month in hand, before your first turn"
    )]
    NoChongtong,
    /// The card is not one of the two floor cards to choose from.
    #[error("{card} is not one of the cards to choose from: {options}")]
    NotAnOption {
        /// The card.
        card: Card,
        /// The cards to choose from.
        options: CardSet,
    },
}

impl<S: SeatIndex, const N: usize> Table<S, N> {
    /// A table deals one hand to each of its seats: `N` is the seat type's number of hands
    /// (2 for Matgo's [`Player`], 3 for Go-Stop's [`crate::Seat`]). Another `N` does not
    /// compile: every constructor reads this constant.
    const ONE_HAND_A_SEAT: () = assert!(N == S::HANDS, "a table has one hand a seat");

    /// Shuffles the deck of `rules` with `rng` and deals a game that `first` leads, in the
    /// order of [`Deal::from_deck`]; a deal with four cards of a month on the floor is
    /// redone under [`FloorFour::Redeal`] (section 2). The deal may end the game at once
    /// (chongtong; see [`Game::deal_events`]). A `first` not seated at the table (Go-Stop's
    /// `D` or `E` at a table of three) is taken as the first seat, `A`.
    pub fn new<R: Rng + ?Sized>(rules: Rules, first: S, rng: &mut R) -> Table<S, N> {
        let () = Self::ONE_HAND_A_SEAT;
        let first = match first.index() < N {
            true => first,
            false => S::from_index(0).unwrap_or(first),
        };
        let mut deck = Deck::of(&rules);
        loop {
            deck.cards_mut().shuffle(rng);
            let dealt = split_deck(deck.cards(), first)
                .and_then(|(hands, floor, stock)| Table::deal(rules, first, hands, floor, stock));
            if let Ok(game) = dealt {
                return game;
            }
        }
    }

    /// A game from an explicit deal, with the deal rules of sections 2 and 10: a bonus card
    /// on the floor goes to the first player's pile and is replaced from the top of the
    /// stock. Chongtong ends the game at the deal: a hand dealt all four cards of a month wins
    /// at once ([`Game::is_over`], [`Game::outcome`] and [`Game::deal_events`] tell it; the
    /// first player's when both are, unless [`BothChongtong::Nagari`]); so do four cards of a
    /// month on the floor under [`FloorFour::Nagari`] and [`FloorFour::FirstPlayerWins`].
    /// Hands may be smaller than ten cards, so that tests can set up a situation.
    ///
    /// # Errors
    /// [`DealError`] for a card dealt twice, a bonus card not in the rules' deck, a hand of
    /// more than ten cards (seven in Go-Stop), a first player not seated at the table
    /// ([`DealError::NotSeated`]), or four cards of a month on the floor under
    /// [`FloorFour::Redeal`] ([`DealError::FourOnFloor`]).
    pub fn from_deal(rules: Rules, deal: Deal<S, N>) -> Result<Table<S, N>, DealError<S>> {
        let () = Self::ONE_HAND_A_SEAT;
        check_deal(&rules, &deal)?;
        Table::deal(rules, deal.first, deal.hands, deal.floor, &deal.stock)
    }

    /// The game of a deck order, dealt as [`Deal::from_deck`] deals it: the same game (or
    /// error) as `Table::from_deal(rules, Deal::from_deck(deck, first)?)`, without building
    /// the [`Deal`] and its stock list, for a caller that deals many games.
    ///
    /// # Errors
    /// As [`Deal::from_deck`] and [`Game::from_deal`]: [`DealError::DeckSize`] for fewer than
    /// 28 cards, [`DealError::Duplicate`] for a card twice, [`DealError::NotInDeck`] for a
    /// bonus card the rules do not use, [`DealError::FourOnFloor`] under
    /// [`FloorFour::Redeal`].
    pub fn from_deck(rules: Rules, deck: &[Card], first: S) -> Result<Table<S, N>, DealError<S>> {
        let () = Self::ONE_HAND_A_SEAT;
        let cards: CardSet = deck.iter().copied().collect();
        let foreign = cards & (CardSet::BONUS - rules.bonus_cards.cards());
        if cards.len() != deck.len() || !foreign.is_empty() {
            // A refused deck: the checks of `from_deal` name the card as it does.
            return Table::from_deal(rules, Deal::split(deck, first)?);
        }
        let (hands, floor, stock) = split_deck(deck, first)?;
        Table::deal(rules, first, hands, floor, stock)
    }

    /// Deals checked cards: bonus cards off the floor, four on the floor, chongtong.
    fn deal(
        rules: Rules,
        first: S,
        hands: [CardSet; N],
        mut floor: CardSet,
        stock: &[Card],
    ) -> Result<Table<S, N>, DealError<S>> {
        let mut stock = Stock::new(stock);
        let mut captured = [CardSet::EMPTY; N];
        captured[first.index()] = replace_floor_bonus(&mut floor, &mut stock);
        let deal_end = deal_end(&rules, first, hands, floor)?;
        let mut game = Table {
            rules,
            first,
            hands,
            floor,
            captured,
            stock,
            piles: [0; N],
            revealed: [CardSet::EMPTY; N],
            passed_over: [CardSet::EMPTY; N],
            discarded: [CardSet::EMPTY; N],
            tallies: [Tally::default(); N],
            gukjin: GukjinUse::default(),
            base_scores: base_scores(captured, GukjinUse::default()),
            phase: Phase::Play(first),
            turn: Turn::default(),
            outcome: None,
            dealt_bonus: captured[first.index()],
            deal_end,
            ticket: None,
            last_go: None,
        };
        if let Some(end) = deal_end {
            game.phase = Phase::Over;
            game.outcome = Some(match end {
                Event::Chongtong {
                    player,
                    month,
                    on_floor,
                } => Outcome::Chongtong {
                    winner: player,
                    month,
                    on_floor,
                },
                _ => Outcome::Nagari,
            });
        } else if !game.can_move(first) {
            // A hand-made deal with an empty first hand: the next who can plays, or no one can.
            game.advance(first, &mut NoEvents);
        }
        Ok(game)
    }

    /// What happened at the deal, before any action: the bonus cards dealt to the floor
    /// going to the first player ([`Event::Captured`]), then, when the deal ends the game,
    /// [`Event::Chongtong`] or [`Event::Nagari`] (sections 2, 10 and 11). Every card in them
    /// is face up, so they are the same for every seat.
    pub fn deal_events(&self) -> Vec<Event<S>> {
        let bonus = (!self.dealt_bonus.is_empty()).then_some(Event::Captured {
            player: self.first,
            cards: self.dealt_bonus,
        });
        bonus.into_iter().chain(self.deal_end).collect()
    }

    /// The rules of the game.
    #[inline]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Who led the game.
    pub fn first(&self) -> S {
        self.first
    }

    /// The player to move, or `None` once the game is over.
    #[inline]
    pub fn to_move(&self) -> Option<S> {
        match self.phase {
            Phase::Play(p) | Phase::Choose(p) | Phase::Gukjin(p) | Phase::GoStop(p) => Some(p),
            Phase::Over => None,
        }
    }

    /// What the player to move must decide, or `None` once the game is over.
    #[inline]
    pub fn decision(&self) -> Option<Decision> {
        Some(match self.phase {
            Phase::Play(_) => Decision::Play,
            Phase::Choose(_) => {
                let (card, options) = self.turn.hand_pair.or(self.turn.flip_pair)?;
                Decision::Choose { card, options }
            }
            Phase::Gukjin(_) => Decision::Gukjin,
            Phase::GoStop(p) => Decision::GoStop {
                score: self.base_score(p),
            },
            Phase::Over => return None,
        })
    }

    /// Whether the game has ended.
    #[inline]
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// How the game ended, once it has.
    pub fn outcome(&self) -> Option<Outcome<S>> {
        self.outcome
    }

    /// Every action the player to move may take, never empty while the game is not over
    /// (see [`Decision::actions`] for the order).
    pub fn legal_actions(&self) -> ActionList {
        self.legal_set().actions()
    }

    /// The same actions as [`Game::legal_actions`], as sets of cards and flags (empty once
    /// the game is over): a whole legal-action mask at once, without listing each action.
    pub fn legal_set(&self) -> LegalSet {
        match (self.to_move(), self.decision()) {
            (Some(p), Some(decision)) => {
                let tally = self.tallies[p.index()];
                let cards = (self.hands[p.index()], self.floor);
                action::legal(
                    decision,
                    cards,
                    (tally.flip_credits, tally.turns),
                    &self.rules,
                )
            }
            _ => LegalSet::default(),
        }
    }

    /// Plays `action` for the player to move and returns what happened, in order.
    ///
    /// The events show every card, the one a player draws into its hand included: show each
    /// player `event.seen_by(player)` ([`Event::seen_by`]), which hides what it may not see.
    ///
    /// # Errors
    /// [`ActionError`] saying why the action is refused; the game is then unchanged.
    pub fn apply(&mut self, action: Action) -> Result<Vec<Event<S>>, ActionError> {
        let mut events = Vec::with_capacity(12);
        self.apply_into(action, &mut events)?;
        Ok(events)
    }

    /// The same as [`Game::apply`], appending the events to `events` instead of returning a
    /// new list, so that a caller stepping many games reuses one buffer.
    ///
    /// # Errors
    /// As [`Game::apply`]; on error neither the game nor `events` changes.
    pub fn apply_into(
        &mut self,
        action: Action,
        events: &mut Vec<Event<S>>,
    ) -> Result<(), ActionError> {
        self.check(action)?;
        self.perform(action, events);
        Ok(())
    }

    /// The same transition as [`Game::apply`] without listing its events (none is built),
    /// for a caller that reads the state after each action rather than the events: an
    /// environment stepping many games, a search.
    ///
    /// # Errors
    /// As [`Game::apply`]; on error the game does not change.
    pub fn apply_without_events(&mut self, action: Action) -> Result<(), ActionError> {
        self.check(action)?;
        self.perform(action, &mut NoEvents);
        Ok(())
    }

    /// The game after `action`, leaving this one as it is.
    ///
    /// # Errors
    /// As [`Game::apply`].
    pub fn after(&self, action: Action) -> Result<Table<S, N>, ActionError> {
        let mut next = self.clone();
        next.apply(action)?;
        Ok(next)
    }

    /// Checks `action` against the decision the player to move faces.
    fn check(&self, action: Action) -> Result<(), ActionError> {
        let (player, expected) = match (self.to_move(), self.decision()) {
            (Some(p), Some(d)) => (p, d),
            _ => return Err(ActionError::GameOver),
        };
        let hand = self.hands[player.index()];
        let not_now = Err(ActionError::NotNow { action, expected });
        match (expected, action) {
            (Decision::Gukjin, Action::Gukjin(_))
            | (Decision::GoStop { .. }, Action::Go | Action::Stop) => Ok(()),
            (Decision::Play, Action::Play { card, shake }) => {
                if !hand.contains(card) {
                    Err(ActionError::NotInHand { card })
                } else if shake && !action::can_shake(hand, self.floor, card) {
                    Err(ActionError::CannotShake { card })
                } else {
                    Ok(())
                }
            }
            (Decision::Play, Action::Bomb { month }) => {
                if action::can_bomb(hand, self.floor, month, self.rules.allows_two_card_bombs()) {
                    Ok(())
                } else {
                    Err(ActionError::CannotBomb { month })
                }
            }
            (Decision::Play, Action::Chongtong) => {
                action::chongtong_held(hand, self.tallies[player.index()].turns, &self.rules)
                    .map(|_| ())
                    .ok_or(ActionError::NoChongtong)
            }
            (Decision::Play, Action::FlipOnly) => {
                if self.tallies[player.index()].flip_credits > 0 {
                    Ok(())
                } else {
                    Err(ActionError::NoFlipOnlyTurn)
                }
            }
            (Decision::Choose { options, .. }, Action::Choose { card }) => {
                if options.contains(card) {
                    Ok(())
                } else {
                    Err(ActionError::NotAnOption { card, options })
                }
            }
            _ => not_now,
        }
    }

    /// Carries out a checked action.
    fn perform(&mut self, action: Action, events: &mut impl EventSink<S>) {
        let Some(player) = self.to_move() else {
            return;
        };
        match action {
            Action::Play { card, shake } => self.play(player, card, shake, events),
            Action::Bomb { month } => self.bomb(player, month, events),
            Action::FlipOnly => self.flip_only(player, events),
            Action::Choose { card } => self.choose(player, card, events),
            Action::Gukjin(use_as) => self.choose_gukjin(player, use_as, events),
            Action::Chongtong => self.declare_chongtong(player, events),
            Action::Go => self.go(player, events),
            Action::Stop => self.stop(player, false, events),
        }
        if self.turn.begun {
            // The turn waits for a choice: its captures so far count now.
            self.base_scores = self.turn_scores();
        }
    }

    /// `player`'s base score by category.
    pub fn score(&self, player: S) -> Score {
        Score::of(at(&self.captured, player), self.gukjin)
    }

    /// `player`'s base score: the same as `self.score(player).total()`, but kept up to date
    /// as the game goes (read, not recounted).
    #[inline]
    pub fn base_score(&self, player: S) -> u32 {
        at(&self.base_scores, player)
    }

    /// The cards `player` showed by shaking that are still in its hand (public:
    /// [`View::opponent_shown`] shows them to the opponent).
    #[inline]
    pub fn shown(&self, player: S) -> CardSet {
        at(&self.revealed, player) & at(&self.hands, player)
    }

    /// The ppuk piles `player` made that are still on the floor ([`View::piles`]).
    #[inline]
    pub fn ppuk_piles(&self, player: S) -> CardSet {
        let mut months = at(&self.piles, player);
        let mut pile = CardSet::EMPTY;
        while months != 0 {
            pile |= self.floor.of_month(months.trailing_zeros() as u8 + 1);
            months &= months - 1;
        }
        pile
    }

    /// The floor cards `player` passed over ([`View::passed_over`]).
    #[inline]
    pub fn passed_over(&self, player: S) -> CardSet {
        at(&self.passed_over, player)
    }

    /// The month cards `player` played from its hand that matched nothing on the floor
    /// ([`View::discarded`]).
    #[inline]
    pub fn discarded(&self, player: S) -> CardSet {
        at(&self.discarded, player)
    }

    /// `player`'s hand.
    #[inline]
    pub fn hand(&self, player: S) -> CardSet {
        at(&self.hands, player)
    }

    /// The face-up floor cards.
    #[inline]
    pub fn floor(&self) -> CardSet {
        self.floor
    }

    /// `player`'s capture pile.
    #[inline]
    pub fn captured(&self, player: S) -> CardSet {
        at(&self.captured, player)
    }

    /// The stock, top first (hidden from the players: use [`Game::view`] for a player).
    #[inline]
    pub fn stock(&self) -> &[Card] {
        self.stock.remaining()
    }

    /// What `player` has done so far (goes, shakes, bombs, ppuk, flip-only turns…).
    #[inline]
    pub fn tally(&self, player: S) -> Tally {
        at(&self.tallies, player)
    }

    /// How the gukjin counts (for whoever holds it; yeol until its owner chooses).
    #[inline]
    pub fn gukjin(&self) -> GukjinUse {
        self.gukjin
    }

    /// The played or flipped cards waiting for the player to choose which of two floor cards
    /// each takes (rules section 3; [`Decision::Choose`]): face up, in neither hand, floor
    /// nor pile until the choice. At most two (the hand card's and the flip's).
    #[inline]
    pub fn awaiting_choice(&self) -> CardSet {
        [self.turn.hand_pair, self.turn.flip_pair]
            .into_iter()
            .flatten()
            .fold(CardSet::EMPTY, |set, (card, _)| set | card)
    }

    /// Whether no card is in two places among the hands, the floor, the capture piles, the
    /// stock and the cards waiting for a choice (what [`Game::all_cards`] unites).
    #[cfg(feature = "serde")]
    pub(crate) fn cards_are_distinct(&self) -> bool {
        let stock = self.stock.remaining();
        let sets = [self.hands, self.captured].into_iter().flatten();
        let [floor, awaiting] = [self.floor, self.awaiting_choice()];
        let lens = sets.map(CardSet::len).sum::<usize>() + floor.len() + stock.len();
        let awaiting_len = [self.turn.hand_pair, self.turn.flip_pair]
            .iter()
            .flatten()
            .count();
        lens + awaiting_len == self.all_cards().len() && awaiting.len() == awaiting_len
    }

    /// Whether every seat the state names (the first, the one to move, the winner, the last
    /// go) is one of the table's `N`, as a table read back must be before it is played.
    #[cfg(feature = "serde")]
    pub(crate) fn seats_are_seated(&self) -> bool {
        let winner = self.outcome.and_then(|o| o.winner());
        let named = [Some(self.first), self.to_move(), winner, self.last_go];
        named.into_iter().flatten().all(|seat| seat.index() < N)
    }

    /// Every card of the game: hands, floor, capture piles, the stock and the cards waiting
    /// for a choice ([`Game::awaiting_choice`]). It is always the deck of the deal (the cards are
    /// conserved).
    pub fn all_cards(&self) -> CardSet {
        let stock: CardSet = self.stock.remaining().iter().copied().collect();
        let seats = self.hands.iter().chain(&self.captured);
        let held = seats.fold(CardSet::EMPTY, |all, &cards| all | cards);
        held | self.floor | stock | self.awaiting_choice()
    }

    /// Whether `player` can still take a turn: a card in hand or a flip-only turn.
    pub(crate) fn can_move(&self, player: S) -> bool {
        !at(&self.hands, player).is_empty() || at(&self.tallies, player).flip_credits > 0
    }
}

impl Game {
    /// What `player` may see: its hand, the floor, both capture piles, the stock count,
    /// scores and tallies, never the other hand or the stock order.
    pub fn view(&self, player: Player) -> View {
        View::of(self, player)
    }

    /// The settlement of the finished game with the nagari multiplier carried into it
    /// (see [`settle::settle`]); `None` while the game is not over.
    pub fn settle(&self, nagari_multiplier: u64) -> Option<Settlement> {
        let outcome = self.outcome?;
        Some(settle::settle(
            &self.rules,
            outcome,
            self.captured,
            self.gukjin,
            self.tallies,
            nagari_multiplier,
        ))
    }

    /// The game `view` shows, with the cards it does not show dealt as given: `opponent` is
    /// the opponent's hand (the cards it showed by shaking included), `stock` the stock from
    /// the top. Everything public is restored from the view: captures, ppuk piles, shown and
    /// passed-over and discarded cards, tallies, the gukjin's use, the decision asked and the turn under
    /// way (the played card's floor-card choice first, then the flipped card's). `None` when
    /// the view asks nothing of its player or the cards do not make a valid deal.
    ///
    /// A view does not show whether the gukjin was captured in the turn under way, so a game
    /// built while its player chooses a floor card leaves the gukjin's use as it is.
    pub(crate) fn from_view(view: &View, opponent: CardSet, stock: &[Card]) -> Option<Game> {
        let me = view.player;
        let decision = view.decision?;
        let mut hands = [CardSet::EMPTY; 2];
        hands[me.index()] = view.hand;
        hands[me.other().index()] = opponent;
        let deal = Deal {
            hands,
            floor: view.floor,
            stock: stock.to_vec(),
            first: me,
        };
        let mut game = Game::from_deal(view.rules, deal).ok()?;
        game.captured = view.captured;
        game.piles = view.piles.map(CardSet::month_mask);
        game.revealed = [CardSet::EMPTY; 2];
        game.revealed[me.other().index()] = view.opponent_shown;
        game.passed_over = view.passed_over;
        game.discarded = view.discarded;
        game.tallies = view.tallies;
        game.gukjin = view.gukjin;
        game.base_scores = base_scores(view.captured, view.gukjin);
        game.dealt_bonus = CardSet::EMPTY;
        game.deal_end = None;
        game.outcome = None;
        let shown = ShownTurn {
            captured: view.captured,
            gukjin: view.gukjin,
            ppuks: view.tallies[me.index()].ppuks,
            awaiting_choice: view.awaiting_choice,
            floor: view.floor,
        };
        (game.phase, game.turn) = Turn::restored(me, decision, &shown)?;
        Some(game)
    }
}

/// The base scores of every capture pile, the gukjin counting as `gukjin`.
pub(crate) fn base_scores<const N: usize>(captured: [CardSet; N], gukjin: GukjinUse) -> [u32; N] {
    captured.map(|pile| Score::of(pile, gukjin).total())
}

/// How a dealt hand and floor end the game at once, if they do (sections 2, 10, 11 and 12):
/// among several chongtong hands, the first in turn order from `first` wins.
fn deal_end<S: SeatIndex, const N: usize>(
    rules: &Rules,
    first: S,
    hands: [CardSet; N],
    floor: CardSet,
) -> Result<Option<Event<S>>, DealError<S>> {
    let chongtong = |player: S, month: u8, on_floor: bool| Event::Chongtong {
        player,
        month,
        on_floor,
    };
    if let Some(month) = floor.months_with(4).next() {
        return match rules.floor_four {
            FloorFour::Redeal => Err(DealError::FourOnFloor { month }),
            FloorFour::Nagari => Ok(Some(Event::Nagari)),
            FloorFour::FirstPlayerWins => Ok(Some(chongtong(first, month, true))),
        };
    }
    if rules.chongtong_play_on {
        return Ok(None);
    }
    let mut held = turn_order(first, N).filter_map(|p| {
        let month = hands.get(p.index())?.months_with(4).next()?;
        Some(chongtong(p, month, false))
    });
    let holder = held.next();
    let nagari = rules.both_chongtong == BothChongtong::Nagari && held.next().is_some();
    Ok(if nagari { Some(Event::Nagari) } else { holder })
}

/// The entry of `seat` in a per-seat array; the default (an empty set, a zero) for a seat
/// that is not at the table, so that no accessor panics.
#[inline]
pub(crate) fn at<S: SeatIndex, T: Copy + Default, const N: usize>(array: &[T; N], seat: S) -> T {
    array.get(seat.index()).copied().unwrap_or_default()
}

/// The seats of a table of `seats` in turn order from `first` (`first` included).
pub(crate) fn turn_order<S: SeatIndex>(first: S, seats: usize) -> impl Iterator<Item = S> {
    (0..seats).filter_map(move |k| S::from_index((first.index() + k) % seats))
}

/// Takes the bonus cards off a dealt `floor`, each replaced from the top of `stock` (again
/// when the replacement is one), and returns them: they go to the first player (section 2).
pub(crate) fn replace_floor_bonus(floor: &mut CardSet, stock: &mut Stock) -> CardSet {
    let mut taken = CardSet::EMPTY;
    while let Some(bonus) = (*floor & CardSet::BONUS).first() {
        floor.remove(bonus);
        taken.insert(bonus);
        if let Some(card) = stock.draw() {
            floor.insert(card);
        }
    }
    taken
}

/// The cards of a deal: each once, bonus cards only of the rules' deck.
pub(crate) fn check_cards<S: SeatIndex>(
    rules: &Rules,
    cards: impl IntoIterator<Item = Card>,
) -> Result<(), DealError<S>> {
    let mut seen = CardSet::EMPTY;
    for card in cards {
        if !seen.insert(card) {
            return Err(DealError::Duplicate { card });
        }
        if card.is_bonus() && !rules.bonus_cards.cards().contains(card) {
            return Err(DealError::NotInDeck { card });
        }
    }
    Ok(())
}

/// The checks of [`Table::from_deal`] that need no dealing.
fn check_deal<S: SeatIndex, const N: usize>(
    rules: &Rules,
    deal: &Deal<S, N>,
) -> Result<(), DealError<S>> {
    if deal.first.index() >= N {
        return Err(DealError::NotSeated { player: deal.first });
    }
    let parts = deal
        .hands
        .iter()
        .chain([&deal.floor])
        .flat_map(|s| s.iter());
    check_cards(rules, parts.chain(deal.stock.iter().copied()))?;
    for player in turn_order(deal.first, N) {
        let cards = deal.hands[player.index()].len();
        if cards > S::HAND_SIZE {
            return Err(DealError::HandSize { player, cards });
        }
    }
    Ok(())
}

#[cfg(test)]
impl<S: SeatIndex, const N: usize> Table<S, N> {
    /// The table with what no other seat sees of `seat` changed: the stock reversed, and a
    /// hidden card of its hand (`pick`) swapped with a stock card (`slot`). The property
    /// tests check that the other seats' views do not change.
    pub(crate) fn with_hidden_redealt(
        &self,
        seat: usize,
        pick: proptest::sample::Index,
        slot: proptest::sample::Index,
    ) -> Table<S, N> {
        let mut changed = self.clone();
        changed.stock.remaining_mut().reverse();
        let hidden = changed.hands[seat] - changed.revealed[seat];
        let stock_len = changed.stock.len();
        if let (Some(card), true) = (
            hidden.iter().nth(pick.index(hidden.len().max(1))),
            stock_len > 0,
        ) {
            let stock = changed.stock.remaining_mut();
            let swapped = std::mem::replace(&mut stock[slot.index(stock_len)], card);
            changed.hands[seat].remove(card);
            changed.hands[seat].insert(swapped);
        }
        changed
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::{Bot, RandomBot};
    use proptest::prelude::*;
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    /// A random game after `steps` random actions (or at its end).
    fn random_game(rules: Rules, seed: u64, steps: usize) -> Game {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut game = Game::new(rules, Player::A, &mut rng);
        let mut bot = RandomBot::new(rng);
        for _ in 0..steps {
            let Some(player) = game.to_move() else { break };
            let action = bot.choose(&game.view(player)).expect("an action");
            game.apply(action).expect("legal");
        }
        game
    }

    /// A deck order deals the game (or the error) that its `Deal` does, for shuffled decks
    /// of every preset, short decks, decks with a card twice or a foreign bonus card.
    #[test]
    fn a_deck_deals_as_its_deal() {
        let mut rng = StdRng::seed_from_u64(5);
        for (_, rules) in Rules::PRESETS {
            for round in 0..300 {
                let mut deck = Deck::of(&rules).cards().to_vec();
                deck.shuffle(&mut rng);
                match round % 5 {
                    1 => deck.truncate(20 + round % 30),
                    2 => deck[round % 40] = deck[41],
                    3 => deck.push(Card::B3),
                    _ => {}
                }
                let first = Player::BOTH[round % 2];
                let expected =
                    Deal::from_deck(&deck, first).and_then(|d| Game::from_deal(rules, d));
                assert_eq!(Game::from_deck(rules, &deck, first), expected, "{deck:?}");
            }
        }
    }

    /// A game played without events reaches the states, and the errors, of the same game
    /// played with them.
    #[test]
    fn events_do_not_change_the_game() {
        for (_, rules) in Rules::PRESETS {
            for seed in 0..200 {
                let mut rng = StdRng::seed_from_u64(seed);
                let mut with = Game::new(rules, Player::BOTH[seed as usize % 2], &mut rng);
                let mut without = with.clone();
                let mut bot = RandomBot::new(rng);
                while let Some(player) = with.to_move() {
                    let refused = Action::Choose { card: Card::B3 };
                    assert_eq!(
                        without.apply_without_events(refused),
                        with.apply(refused).map(drop)
                    );
                    let action = bot.choose(&with.view(player)).expect("an action");
                    with.apply(action).expect("legal");
                    without.apply_without_events(action).expect("legal");
                    assert_eq!(with, without);
                }
            }
        }
    }

    /// The public accessors read the state as it is: shown cards still in hand, the floor
    /// cards of each player's ppuk months, the base scores counted from the piles.
    #[test]
    fn accessors_follow_the_state() {
        let mut ppuk_seen = 0;
        for seed in 0..400 {
            for steps in [5, 12, 25] {
                let game = random_game(Rules::standard(), seed, steps);
                for p in Player::BOTH {
                    let i = p.index();
                    assert_eq!(game.shown(p), game.revealed[i] & game.hands[i]);
                    let months = (1..=12u8).filter(|m| game.piles[i] >> (m - 1) & 1 == 1);
                    let pile = months.fold(CardSet::EMPTY, |set, m| set | game.floor.of_month(m));
                    assert_eq!(game.ppuk_piles(p), pile);
                    ppuk_seen += usize::from(!pile.is_empty());
                    assert_eq!(game.base_score(p), game.score(p).total());
                    assert_eq!(game.passed_over(p), game.passed_over[i]);
                    assert_eq!(game.discarded(p), game.discarded[i]);
                }
            }
        }
        assert!(ppuk_seen > 0, "some games have a ppuk pile");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1000))]

        /// Two games that differ only in the opponent's hidden hand cards and the stock order
        /// give the viewer identical views.
        #[test]
        fn views_do_not_leak_hidden_cards(
            seed in any::<u64>(), steps in 0usize..40, preset in 0usize..3,
            pick in any::<prop::sample::Index>(), slot in any::<prop::sample::Index>(),
        ) {
            let game = random_game(Rules::PRESETS[preset].1, seed, steps);
            for viewer in Player::BOTH {
                let changed = game.with_hidden_redealt(viewer.other().index(), pick, slot);
                prop_assert_eq!(game.view(viewer), changed.view(viewer));
            }
        }
    }
}
