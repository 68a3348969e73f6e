//! What one seat may see of a hand of Go-Stop (conventions: hidden information).

use crate::action::{self, ActionList, Decision, LegalSet};
use crate::card::Card;
use crate::card::GukjinUse;
use crate::card_set::CardSet;
use crate::deal::Deal;
use crate::event::Outcome;
use crate::game::{ShownTurn, Tally, Turn, at, base_scores};
use crate::gostop::GoStop;
use crate::rules::Rules;
use crate::score::Score;
use crate::seat::Seat;

/// One seat's view of a hand of Go-Stop: its own hand, everything face up, and counts of
/// the rest. It never holds another seat's hand (only the cards it showed by shaking) nor
/// the stock order. Per-seat arrays have three entries, indexed by [`Seat::index`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SeatView {
    /// Whose view this is.
    pub seat: Seat,
    /// The rules of the hand.
    pub rules: Rules,
    /// The seat to move, `None` once the hand is over.
    pub to_move: Option<Seat>,
    /// What this seat must decide, when it is to move.
    pub decision: Option<Decision>,
    /// This seat's hand.
    pub hand: CardSet,
    /// The number of cards in each seat's hand.
    pub hand_lens: [usize; 3],
    /// The cards each seat showed by shaking that are still in its hand.
    pub shown: [CardSet; 3],
    /// The face-up floor.
    pub floor: CardSet,
    /// The played or flipped cards waiting for the mover to choose a floor card.
    pub awaiting_choice: CardSet,
    /// The ppuk piles on the floor by who made them.
    pub piles: [CardSet; 3],
    /// Every capture pile.
    pub captured: [CardSet; 3],
    /// The floor cards each seat passed over (as [`crate::View::passed_over`]).
    pub passed_over: [CardSet; 3],
    /// The month cards each seat played that matched nothing on the floor.
    pub discarded: [CardSet; 3],
    /// How the gukjin counts.
    pub gukjin: GukjinUse,
    /// Cards left in the stock.
    pub stock_len: usize,
    /// Every seat's tally (goes, shakes, bombs, ppuk, flip-only turns).
    pub tallies: [Tally; 3],
    /// The seat that called the last go (it pays for all if overtaken, section 12.6).
    pub last_go: Option<Seat>,
    /// How the hand ended, once it has.
    pub outcome: Option<Outcome<Seat>>,
}

impl SeatView {
    pub(crate) fn of(hand: &GoStop, seat: Seat) -> SeatView {
        let seats = [Seat::A, Seat::B, Seat::C];
        let to_move = hand.to_move();
        SeatView {
            seat,
            rules: hand.rules,
            to_move,
            decision: hand.decision().filter(|_| to_move == Some(seat)),
            hand: at(&hand.hands, seat),
            hand_lens: hand.hands.map(CardSet::len),
            shown: seats.map(|s| hand.shown(s)),
            floor: hand.floor,
            awaiting_choice: hand.awaiting_choice(),
            piles: seats.map(|s| hand.ppuk_piles(s)),
            captured: hand.captured,
            passed_over: hand.passed_over,
            discarded: hand.discarded,
            gukjin: hand.gukjin,
            stock_len: hand.stock.len(),
            tallies: hand.tallies,
            last_go: hand.last_go,
            outcome: hand.outcome,
        }
    }

    /// `seat`'s capture pile (empty for a seat not at the table).
    pub fn captured_by(&self, seat: Seat) -> CardSet {
        at(&self.captured, seat)
    }

    /// `seat`'s base score by category.
    pub fn score_of(&self, seat: Seat) -> Score {
        Score::of(self.captured_by(seat), self.gukjin)
    }

    /// `seat`'s tally (the default for a seat not at the table).
    pub fn tally_of(&self, seat: Seat) -> Tally {
        at(&self.tallies, seat)
    }

    /// The actions this seat may take now (the same as [`crate::Table::legal_actions`] when
    /// it is to move); empty when it is not.
    pub fn legal_actions(&self) -> ActionList {
        self.legal_set().actions()
    }

    /// The same actions as [`SeatView::legal_actions`], as sets.
    pub fn legal_set(&self) -> LegalSet {
        match self.decision {
            Some(decision) => {
                let tally = self.tally_of(self.seat);
                let cards = (self.hand, self.floor);
                action::legal(
                    decision,
                    cards,
                    (tally.flip_credits, tally.turns),
                    &self.rules,
                )
            }
            None => LegalSet::default(),
        }
    }
}

impl GoStop {
    /// The hand `view` shows, with the cards it does not show dealt as given: `hands` are
    /// the other seats' hands by seat (the viewer's entry is ignored; the cards a seat
    /// showed by shaking included), `stock` the stock from the top. Everything public is
    /// restored from the view, as [`crate::Game`]'s search restores a Matgo view. `None`
    /// when the view asks nothing of its seat or the cards do not make a valid deal.
    pub(crate) fn from_view(
        view: &SeatView,
        hands: [CardSet; 3],
        stock: &[Card],
    ) -> Option<GoStop> {
        let me = view.seat;
        let decision = view.decision?;
        let mut hands = hands;
        *hands.get_mut(me.index())? = view.hand;
        let deal = Deal {
            hands,
            floor: view.floor,
            stock: stock.to_vec(),
            first: me,
        };
        let mut hand = GoStop::from_deal(view.rules, deal).ok()?;
        hand.captured = view.captured;
        hand.piles = view.piles.map(CardSet::month_mask);
        hand.revealed = view.shown;
        hand.passed_over = view.passed_over;
        hand.discarded = view.discarded;
        hand.tallies = view.tallies;
        hand.gukjin = view.gukjin;
        hand.base_scores = base_scores(view.captured, view.gukjin);
        hand.dealt_bonus = CardSet::EMPTY;
        hand.deal_end = None;
        hand.outcome = None;
        hand.last_go = view.last_go;
        let shown = ShownTurn {
            captured: view.captured,
            gukjin: view.gukjin,
            ppuks: at(&view.tallies, me).ppuks,
            awaiting_choice: view.awaiting_choice,
            floor: view.floor,
        };
        (hand.phase, hand.turn) = Turn::restored(me, decision, &shown)?;
        Some(hand)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gostop::GoStopRules;
    use proptest::prelude::*;
    use rand::SeedableRng;
    use rand::rngs::StdRng;
    use rand::seq::IndexedRandom;

    /// A random hand after `steps` random actions (or at its end).
    fn random_hand(seed: u64, steps: usize) -> GoStop {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut hand = GoStop::new(GoStopRules::standard().rules, Seat::A, &mut rng);
        for _ in 0..steps {
            let legal = hand.legal_actions();
            let Some(&action) = legal.choose(&mut rng) else {
                break;
            };
            hand.apply(action).expect("legal");
        }
        hand
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1000))]

        /// Two hands that differ only in another seat's hidden hand cards and the stock
        /// order give the viewer identical views, and the mover's view lists its legal
        /// actions.
        #[test]
        fn views_do_not_leak_hidden_cards(
            seed in any::<u64>(), steps in 0usize..40, other in 1usize..3,
            pick in any::<prop::sample::Index>(), slot in any::<prop::sample::Index>(),
        ) {
            let hand = random_hand(seed, steps);
            for viewer in Seat::first(3) {
                let hidden_seat = (viewer.index() + other) % 3;
                let changed = hand.with_hidden_redealt(hidden_seat, pick, slot);
                prop_assert_eq!(hand.view(viewer), changed.view(viewer));
                if hand.to_move() == Some(viewer) {
                    prop_assert_eq!(hand.view(viewer).legal_actions(), hand.legal_actions());
                }
            }
        }
    }
}
