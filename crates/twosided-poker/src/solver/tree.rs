//! The abstract game tree of one hand: the real betting rules of [`Hand`], with bet sizes
//! cut down to a few levels ([`Abstraction`]).

use crate::action::{Action, Side};
use crate::card::{Card, MAX_FACE};
use crate::hand::{Hand, Next};
use crate::rules::Rules;
use crate::seat::Seat;
use crate::showdown;

use super::cfr::MAX_ACTIONS;

/// The number of possible backs, 1 to 10 at indexes 0 to 9: a player's type in the tree.
pub(crate) const TYPES: usize = MAX_FACE as usize;

/// A value per back, at index `back - 1`.
pub(crate) type Spread = [f64; TYPES];

/// Which levels the tree keeps (rules 2.6 allow every level from the least to the cap).
///
/// A bet or raise may go to: the least level allowed, the cap (all in, or what the opponent
/// can call), and for each share `p` of [`Abstraction::POT_PERCENTS`] the level that adds
/// `p`% of the pot (with the carry-over, after calling) to a call. A call is always kept.
/// After [`Abstraction::MAX_RAISES`] raises in a hand only fold and call remain.
pub(crate) struct Abstraction;

impl Abstraction {
    /// Bet sizes as percentages of the pot.
    pub const POT_PERCENTS: [u64; 2] = [50, 100];
    /// Raises allowed in a hand (a bet above the opponent's level counts as a raise).
    pub const MAX_RAISES: u32 = 2;

    /// The levels kept among `min..=max` for the player to move of `hand`, staking `side`,
    /// with `carry` chips carried over; `raise` says whether levels above the call are
    /// allowed.
    fn levels(
        hand: &Hand,
        side: Side,
        carry: u32,
        (min, max): (u32, u32),
        raise: bool,
    ) -> Vec<u32> {
        let me = hand.to_move.index();
        let mult = u64::from(side.multiplier());
        let facing = u64::from(hand.level[1 - me]);
        let call_cost = (facing * mult).saturating_sub(u64::from(hand.put[me]));
        let pot = u64::from(hand.pot()) + u64::from(carry) + call_cost;
        let mut levels = vec![min];
        if raise {
            for percent in Abstraction::POT_PERCENTS {
                let chips = u64::from(hand.put[me]) + call_cost + pot * percent / 100;
                let level = chips.div_ceil(mult);
                levels.push(level.clamp(u64::from(min), u64::from(max)) as u32);
            }
            levels.push(max);
        }
        levels.sort_unstable();
        levels.dedup();
        levels
    }
}

/// What a leaf of the tree pays seat one (index 0), in chips; seat two gets the opposite.
#[derive(Clone, Debug)]
pub(crate) enum Payoff {
    /// The same whatever the backs (a fold).
    Fixed(f64),
    /// By seat one's back (rows) and seat two's (columns), indexes `back - 1`.
    Showdown(Box<[Spread; TYPES]>),
}

/// A node of the tree.
#[derive(Clone, Debug)]
pub(crate) enum Node {
    /// `seat` (its index) acts: `actions[i]` leads to node `children[i]`; its regrets and
    /// strategy live at `slot`, `actions.len() * TYPES` values.
    Decision {
        seat: usize,
        slot: usize,
        actions: Vec<Action>,
        children: Vec<usize>,
    },
    /// The hand is over.
    Leaf(Payoff),
}

/// The public state of a hand at a decision: what the tree is built from.
#[derive(Clone, Debug)]
pub(crate) struct Root {
    pub rules: Rules,
    pub hand: Hand,
    /// Chips outside the pot, by seat index.
    pub chips: [u32; 2],
    /// The carry-over.
    pub carry: u32,
    /// Raises made so far this hand.
    pub raises: u32,
}

impl Root {
    /// The public state after `path` (actions from this one), or `None` if the hand ends
    /// on the way or refuses an action.
    pub fn after(&self, path: &[Action]) -> Option<Root> {
        let mut next = self.clone();
        let mut events = Vec::new();
        for &action in path {
            let step = next.hand.check(next.chips, action).ok()?;
            next.raises += u32::from(is_raise(&next.hand, action));
            if next.hand.apply(step, &mut next.chips, &mut events) != Next::Continue {
                return None;
            }
        }
        Some(next)
    }
}

/// The stand-in action of a gadget's way out ([`Tree::gadget`]): a raise no match allows,
/// so no path of a real hand takes it.
pub(crate) const LEAVE: Action = Action::Raise(u32::MAX);

/// The abstract tree: nodes, the first being the root.
pub(crate) struct Tree {
    pub nodes: Vec<Node>,
    /// The number of regret (and strategy) values of all decisions.
    pub slots: usize,
}

impl Tree {
    /// The tree of the hand from `root`.
    #[cfg(test)]
    pub fn build(root: &Root) -> Tree {
        Tree::through(root, &[])
    }

    /// The tree of the hand from `root`, holding the line of `path` (actions from the root,
    /// each added where the abstraction leaves it out): the tree a player solves once an
    /// opponent has bet levels of its own choosing.
    pub fn through(root: &Root, path: &[Action]) -> Tree {
        let mut tree = Tree {
            nodes: Vec::new(),
            slots: 0,
        };
        tree.grow(root, root.hand.clone(), root.chips, root.raises, path);
        tree
    }

    /// The re-solving gadget of the decision at `root`, whose player took `action`, which
    /// the abstraction leaves out: that player may take `action` (the hand's subtree
    /// after it follows) or leave at once with `outside[back]`, what its back is worth at
    /// `root` against the solution held (safe re-solving: an answer solved this way never
    /// lets the new level win more than the levels the held solution answered).
    /// `None` when the hand ends with `action`.
    pub fn gadget(root: &Root, action: Action, outside: &Spread) -> Option<Tree> {
        let next = root.after(&[action])?;
        let mut tree = Tree {
            nodes: vec![Node::Leaf(Payoff::Fixed(0.0))],
            slots: 0,
        };
        let child = tree.grow(&next, next.hand.clone(), next.chips, next.raises, &[]);
        let seat = root.hand.to_move.index();
        let mut table = Box::new([[0.0; TYPES]; TYPES]);
        for (b0, row) in table.iter_mut().enumerate() {
            for (b1, value) in row.iter_mut().enumerate() {
                *value = if seat == 0 { outside[b0] } else { -outside[b1] };
            }
        }
        let out = tree.leaf(Payoff::Showdown(table));
        let slot = tree.slots;
        tree.slots += 2 * TYPES;
        tree.nodes[0] = Node::Decision {
            seat,
            slot,
            actions: vec![action, LEAVE],
            children: vec![child, out],
        };
        Some(tree)
    }

    /// Adds the subtree of `hand` with `chips` (after `raises` raises), holding the line of
    /// `path`; returns its index.
    fn grow(
        &mut self,
        root: &Root,
        hand: Hand,
        chips: [u32; 2],
        raises: u32,
        path: &[Action],
    ) -> usize {
        let index = self.nodes.len();
        self.nodes.push(Node::Leaf(Payoff::Fixed(0.0)));
        let seat = hand.to_move.index();
        let mut kept = Vec::new();
        let mut children = Vec::new();
        let mut events = Vec::new();
        let mut list = actions(root, &hand, chips, raises);
        if let Some(&forced) = path.first()
            && !list.contains(&forced)
        {
            list.push(forced);
        }
        for action in list {
            let Ok(step) = hand.check(chips, action) else {
                continue;
            };
            let (mut next, mut chips) = (hand.clone(), chips);
            let raised = u32::from(is_raise(&hand, action));
            let child = match next.apply(step, &mut chips, &mut events) {
                Next::Continue => {
                    let rest = match path.split_first() {
                        Some((&first, rest)) if first == action => rest,
                        _ => &[],
                    };
                    self.grow(root, next, chips, raises + raised, rest)
                }
                Next::Fold { winner } => {
                    self.leaf(Payoff::Fixed(win_payoff(root, &next, chips, winner)))
                }
                Next::Showdown => self.leaf(showdown_payoff(root, &next, chips)),
            };
            kept.push(action);
            children.push(child);
        }
        let slot = self.slots;
        self.slots += kept.len() * TYPES;
        let actions = kept;
        self.nodes[index] = Node::Decision {
            seat,
            slot,
            actions,
            children,
        };
        index
    }

    fn leaf(&mut self, payoff: Payoff) -> usize {
        self.nodes.push(Node::Leaf(payoff));
        self.nodes.len() - 1
    }
}

/// Whether `action` raises: goes above an opponent's level that is not 0.
fn is_raise(hand: &Hand, action: Action) -> bool {
    let facing = hand.level[hand.to_move.opponent().index()];
    match action {
        Action::Raise(_) => true,
        Action::Bet { amount, .. } => facing > 0 && amount > facing,
        Action::Call | Action::Fold => false,
    }
}

/// The abstract actions of the player to move of `hand`: fold, the kept levels of each
/// side's bet, call, and the kept raises.
fn actions(root: &Root, hand: &Hand, chips: [u32; 2], raises: u32) -> Vec<Action> {
    let legal = hand.legal(chips);
    let facing = hand.level[hand.to_move.opponent().index()];
    let may_raise = raises < Abstraction::MAX_RAISES;
    let mut list = Vec::with_capacity(16);
    if legal.fold {
        list.push(Action::Fold);
    }
    for side in Side::ALL {
        if let Some(range) = legal.bets[side_slot(side)] {
            let raise = may_raise || facing == 0;
            for amount in Abstraction::levels(hand, side, root.carry, range, raise) {
                list.push(Action::Bet { side, amount });
            }
        }
    }
    if legal.call {
        list.push(Action::Call);
    }
    if let (Some(range), Some(side), true) =
        (legal.raise, hand.side[hand.to_move.index()], may_raise)
    {
        list.extend(
            Abstraction::levels(hand, side, root.carry, range, true)
                .into_iter()
                .map(Action::Raise),
        );
    }
    // Room for an action of a path (see `Tree::through`).
    list.truncate(MAX_ACTIONS - 1);
    list
}

fn side_slot(side: Side) -> usize {
    match side {
        Side::Front => 0,
        Side::Back => 1,
        Side::Both => 2,
    }
}

/// What seat one wins (negative: loses) when `winner` takes the pot of `hand`, `chips`
/// being what each has left: the opponent's stake, half the carry-over (which each player
/// would otherwise win half the time), the both-sides bonus or penalty.
fn win_payoff(root: &Root, hand: &Hand, chips: [u32; 2], winner: Seat) -> f64 {
    let (w, l) = (winner.index(), winner.opponent().index());
    let mut gain = f64::from(hand.stake(winner.opponent())) + f64::from(root.carry) / 2.0;
    if hand.side[w] == Some(Side::Both) {
        gain += f64::from(root.rules.both_bonus.min(chips[l]));
    }
    if hand.side[l] == Some(Side::Both) {
        gain += f64::from(root.rules.both_penalty.min(chips[l]));
    }
    if w == 0 { gain } else { -gain }
}

/// The showdown's payoff for every pair of backs; a tie leaves the pot to be won later, half
/// each in expectation.
fn showdown_payoff(root: &Root, hand: &Hand, chips: [u32; 2]) -> Payoff {
    let sides = hand.side.map(|side| side.unwrap_or(Side::Front));
    let fronts = hand.cards.map(Card::front);
    let tie = (f64::from(hand.stake(Seat::Two)) - f64::from(hand.stake(Seat::One))) / 2.0;
    let mut table = Box::new([[0.0; TYPES]; TYPES]);
    for (b0, row) in table.iter_mut().enumerate() {
        for (b1, value) in row.iter_mut().enumerate() {
            let backs = [b0, b1].map(|b| b as u8 + 1);
            let (Ok(one), Ok(two)) = (
                Card::new(fronts[0], backs[0]),
                Card::new(fronts[1], backs[1]),
            ) else {
                continue;
            };
            *value = match showdown::winner([one, two], sides) {
                Some(seat) => win_payoff(root, hand, chips, seat),
                None => tie,
            };
        }
    }
    Payoff::Showdown(table)
}
