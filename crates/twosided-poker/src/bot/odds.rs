//! Card counting: the chances of the opponent's hidden back from the cards not yet seen
//! (rules 2.10 and section 4).

use crate::action::Side;
use crate::card::{Card, Face, MAX_FACE, MIN_FACE};
use crate::view::View;

/// A chance for each number 1 to 10, at its own index (index 0 unused).
type Spread = [f64; 11];

/// What a player can tell about the opponent's card: the front is public, and the back is
/// estimated from the cards of the current deck not yet seen.
///
/// The unseen cards are the full deck's composition minus every card of the current deck
/// whose two faces the player knows: its own cards, and the opponent's cards whose back a
/// showdown showed. Among them, the opponent's card is one with the public front, so the
/// chance of each back is its share of the unseen cards with that front. (The opponent's
/// earlier cards whose backs stayed hidden change nothing: they were drawn from the same
/// unseen cards.)
///
/// ```
/// use rand::SeedableRng;
/// use twosided_poker::bot::Odds;
/// use twosided_poker::{Match, Rules, Seat};
///
/// let game = Match::new(Rules::default(), &mut rand::rngs::StdRng::seed_from_u64(1))?;
/// let odds = Odds::new(&game.view(Seat::One));
/// let total: f64 = (1..=10).map(|back| odds.opponent_back(back)).sum();
/// assert!((total - 1.0).abs() < 1e-9);
/// # Ok::<(), twosided_poker::RulesError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Odds {
    front: u8,
    back: Spread,
}

/// The chances of one side against the opponent's.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Chances {
    /// The chance to win the showdown.
    pub win: f64,
    /// The chance of a tie (the pot carries over).
    pub tie: f64,
}

impl Chances {
    /// The share of the pot expected: a win counts whole, a tie half.
    pub fn equity(&self) -> f64 {
        self.win + self.tie / 2.0
    }
}

impl Odds {
    /// The odds for the player of `view`.
    pub fn new(view: &View<'_>) -> Odds {
        Odds::holding(view, view.card)
    }

    /// The odds the player of `view` would have if its card of this hand were `card`
    /// instead: the opponent's back is then dealt from the unseen cards less `card`. The
    /// equilibrium bot weighs each back it might hold this way (with equal fronts, the
    /// opponent cannot hold the card it holds).
    pub(crate) fn holding(view: &View<'_>, card: Card) -> Odds {
        let unseen = unseen_cards(view, card);
        let front = view.opponent_front;
        let mut back = [0.0; 11];
        for value in MIN_FACE..=MAX_FACE {
            if let Ok(card) = Card::new(front, value) {
                back[usize::from(value)] = f64::from(unseen[card.index()]);
            }
        }
        let total: f64 = back.iter().sum();
        if total > 0.0 {
            back.iter_mut().for_each(|p| *p /= total);
        } else {
            // Nothing unseen fits the front (not with a full deck): every back alike.
            for value in (MIN_FACE..=MAX_FACE).filter(|&v| v != front) {
                back[usize::from(value)] = 1.0 / 9.0;
            }
        }
        Odds { front, back }
    }

    /// The chance that the opponent's back is `value`.
    pub fn opponent_back(&self, value: u8) -> f64 {
        self.back.get(usize::from(value)).copied().unwrap_or(0.0)
    }

    /// The chances of `card` staked on `mine` against the opponent's side `theirs`; when the
    /// opponent has not declared yet, it is taken to stake on its higher face.
    pub fn chances(&self, card: Card, mine: Side, theirs: Option<Side>) -> Chances {
        let mine_value = usize::from(mine.value(card));
        if theirs == Some(Side::Both) {
            // The opponent wins only with both faces above ours (rules 2.9).
            let front_above = usize::from(self.front) > mine_value;
            let back_above: f64 = self.back[mine_value + 1..].iter().sum();
            let lose = if front_above { back_above } else { 0.0 };
            return Chances {
                win: 1.0 - lose,
                tie: 0.0,
            };
        }
        let theirs = self.opponent_value(theirs.and_then(Side::face));
        let below: f64 = theirs[..mine_value].iter().sum();
        let equal = theirs[mine_value];
        if mine == Side::Both {
            // Equal loses for a both-sides bettor.
            return Chances {
                win: below,
                tie: 0.0,
            };
        }
        Chances {
            win: below,
            tie: equal,
        }
    }

    /// The chances of the number the opponent shows on `face`, or on its higher face when
    /// `None`.
    fn opponent_value(&self, face: Option<Face>) -> Spread {
        let front = usize::from(self.front);
        match face {
            Some(Face::Back) => self.back,
            Some(Face::Front) => {
                let mut spread = [0.0; 11];
                spread[front] = 1.0;
                spread
            }
            None => {
                let mut spread = [0.0; 11];
                for (value, &p) in self.back.iter().enumerate() {
                    spread[value.max(front)] += p;
                }
                spread
            }
        }
    }
}

/// How many copies of each card (by [`Card::index`]) of the current deck the player of
/// `view` has not seen both faces of, were its card of this hand `card`.
fn unseen_cards(view: &View<'_>, card: Card) -> [u16; 100] {
    let kind = view.rules.deck;
    let mut unseen = [0u16; 100];
    for card in crate::deck::all_cards() {
        unseen[card.index()] = u16::from(kind.copies(card));
    }
    let mut remove = |card: Card| {
        let count = &mut unseen[card.index()];
        *count = count.saturating_sub(1);
    };
    let deck = view.deck;
    view.my_cards
        .iter()
        .filter(|dealt| dealt.deck == deck && dealt.hand != view.hand)
        .for_each(|dealt| remove(dealt.card));
    remove(card);
    // Fronts are revealed at the deal, before any back of the same hand.
    let opponent = view.opponent();
    let mut front = 0;
    for reveal in view
        .revealed
        .iter()
        .filter(|r| r.deck == deck && r.seat == opponent)
    {
        match reveal.face {
            Face::Front => front = reveal.value,
            Face::Back => {
                if let Ok(card) = Card::new(front, reveal.value) {
                    remove(card);
                }
            }
        }
    }
    unseen
}
