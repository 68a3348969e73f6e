//! The legal actions of the player to move, as ranges of levels that expand into a list
//! without allocating.

use std::ops::RangeInclusive;

use crate::action::{Action, Side};

/// Every action the player to move may take now: folding, the opening or answering bet of
/// each side over a range of levels, calling, and raising over a range of levels.
///
/// It is a small `Copy` value. [`LegalActions::iter`] lists the concrete actions in a fixed
/// order (fold, bets front, back, both by rising level, call, raises by rising level);
/// [`LegalActions::len`] and [`LegalActions::get`] index that list, so a random choice needs
/// no allocation. Empty only once the match is over.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct LegalActions {
    pub(crate) fold: bool,
    pub(crate) bets: [Option<(u32, u32)>; 3],
    pub(crate) call: bool,
    pub(crate) raise: Option<(u32, u32)>,
}

impl LegalActions {
    /// Whether the player may fold.
    pub fn can_fold(&self) -> bool {
        self.fold
    }

    /// Whether the player may call.
    pub fn can_call(&self) -> bool {
        self.call
    }

    /// The levels the player may bet on `side` with [`Action::Bet`], or `None` when it may
    /// not declare that side now.
    pub fn bet_range(&self, side: Side) -> Option<RangeInclusive<u32>> {
        self.bets[side_index(side)].map(|(min, max)| min..=max)
    }

    /// The levels the player may raise to with [`Action::Raise`], or `None`.
    pub fn raise_range(&self) -> Option<RangeInclusive<u32>> {
        self.raise.map(|(min, max)| min..=max)
    }

    /// Whether `action` is legal now.
    pub fn contains(&self, action: Action) -> bool {
        let within = |range: Option<(u32, u32)>, amount| {
            range.is_some_and(|(min, max)| (min..=max).contains(&amount))
        };
        match action {
            Action::Fold => self.fold,
            Action::Call => self.call,
            Action::Bet { side, amount } => within(self.bets[side_index(side)], amount),
            Action::Raise(amount) => within(self.raise, amount),
        }
    }

    /// The number of concrete legal actions.
    pub fn len(&self) -> usize {
        let count = |range: Option<(u32, u32)>| range.map_or(0, |(min, max)| span(min, max));
        usize::from(self.fold)
            + self.bets.iter().map(|&r| count(r)).sum::<usize>()
            + usize::from(self.call)
            + count(self.raise)
    }

    /// Whether there is no legal action (only once the match is over).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The `index`-th concrete legal action in the order of [`LegalActions::iter`], or
    /// `None` past the end.
    pub fn get(&self, index: usize) -> Option<Action> {
        let mut rest = index;
        if self.fold {
            if rest == 0 {
                return Some(Action::Fold);
            }
            rest -= 1;
        }
        for (side, range) in Side::ALL.into_iter().zip(self.bets) {
            if let Some(amount) = take(range, &mut rest) {
                return Some(Action::Bet { side, amount });
            }
        }
        if self.call {
            if rest == 0 {
                return Some(Action::Call);
            }
            rest -= 1;
        }
        take(self.raise, &mut rest).map(Action::Raise)
    }

    /// Every concrete legal action, in order: fold, bets on front, back and both by rising
    /// level, call, raises by rising level.
    pub fn iter(&self) -> impl Iterator<Item = Action> + '_ {
        let bets = Side::ALL
            .into_iter()
            .zip(self.bets)
            .flat_map(|(side, range)| {
                levels(range).map(move |amount| Action::Bet { side, amount })
            });
        self.fold
            .then_some(Action::Fold)
            .into_iter()
            .chain(bets)
            .chain(self.call.then_some(Action::Call))
            .chain(levels(self.raise).map(Action::Raise))
    }

    /// The concrete legal actions as a list (see [`LegalActions::iter`]).
    pub fn to_vec(&self) -> Vec<Action> {
        self.iter().collect()
    }
}

impl IntoIterator for LegalActions {
    type Item = Action;
    type IntoIter = std::vec::IntoIter<Action>;

    fn into_iter(self) -> Self::IntoIter {
        self.to_vec().into_iter()
    }
}

const fn side_index(side: Side) -> usize {
    match side {
        Side::Front => 0,
        Side::Back => 1,
        Side::Both => 2,
    }
}

fn span(min: u32, max: u32) -> usize {
    (max - min) as usize + 1
}

fn levels(range: Option<(u32, u32)>) -> impl Iterator<Item = u32> {
    range.into_iter().flat_map(|(min, max)| min..=max)
}

/// The level at position `rest` of `range`, or `None` after taking the range's length off
/// `rest`.
fn take(range: Option<(u32, u32)>, rest: &mut usize) -> Option<u32> {
    let (min, max) = range?;
    let len = span(min, max);
    if *rest < len {
        // `rest < len <= u32::MAX + 1`, so it fits.
        return Some(min + *rest as u32);
    }
    *rest -= len;
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> LegalActions {
        LegalActions {
            fold: true,
            bets: [Some((2, 4)), None, Some((2, 2))],
            call: false,
            raise: None,
        }
    }

    #[test]
    fn get_follows_iter() {
        let legal = sample();
        let listed = legal.to_vec();
        assert_eq!(listed.len(), legal.len());
        assert_eq!(listed.len(), 5);
        for (i, &action) in listed.iter().enumerate() {
            assert_eq!(legal.get(i), Some(action));
            assert!(legal.contains(action));
        }
        assert_eq!(legal.get(5), None);
        assert!(!legal.contains(Action::Bet {
            side: Side::Back,
            amount: 2
        }));
        assert!(!legal.contains(Action::Call));
    }

    #[test]
    fn empty_when_nothing_allowed() {
        let none = LegalActions::default();
        assert!(none.is_empty());
        assert_eq!(none.iter().count(), 0);
        assert_eq!(none.get(0), None);
    }
}
