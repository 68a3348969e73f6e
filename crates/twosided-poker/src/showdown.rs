//! The showdown: the faces shown and who wins (rules 2.9).

use std::cmp::Ordering;

use crate::action::Side;
use crate::card::Card;
use crate::event::Shown;
use crate::hand::Hand;
use crate::seat::Seat;

/// What each player of `hand` shows (its side's faces: the back only for `Back` and `Both`)
/// and who wins, `None` for a tie. Both players have declared.
pub(crate) fn resolve(hand: &Hand) -> ([Shown; 2], Option<Seat>) {
    // Both sides are declared before a showdown; `Front` only stands in for the type.
    let sides = hand.side.map(|side| side.unwrap_or(Side::Front));
    let shown = [0, 1].map(|i| Shown {
        side: sides[i],
        front: hand.cards[i].front(),
        back: (sides[i] != Side::Front).then_some(hand.cards[i].back()),
    });
    (shown, winner(hand.cards, sides))
}

/// The winner of a showdown between `cards` staked on `sides`, or `None` for a tie: the
/// higher number wins; a both-sides bettor wins only if both its faces are higher, so an
/// equal number loses for it instead of tying.
pub(crate) fn winner(cards: [Card; 2], sides: [Side; 2]) -> Option<Seat> {
    let [one, two] = [0, 1].map(|i| sides[i].value(cards[i]));
    match one.cmp(&two) {
        Ordering::Greater => Some(Seat::One),
        Ordering::Less => Some(Seat::Two),
        Ordering::Equal if sides[0] == Side::Both => Some(Seat::Two),
        Ordering::Equal if sides[1] == Side::Both => Some(Seat::One),
        Ordering::Equal => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(text: &str) -> Card {
        text.parse().unwrap()
    }

    #[test]
    fn both_needs_both_faces_higher() {
        let both = [Side::Both, Side::Front];
        assert_eq!(winner([card("9/6"), card("5/1")], both), Some(Seat::One));
        assert_eq!(winner([card("9/5"), card("5/1")], both), Some(Seat::Two));
        assert_eq!(winner([card("9/4"), card("5/1")], both), Some(Seat::Two));
        assert_eq!(
            winner([card("1/5"), card("4/7")], [Side::Front, Side::Both]),
            Some(Seat::Two)
        );
    }

    #[test]
    fn single_sides_tie_on_equal_numbers() {
        let sides = [Side::Back, Side::Front];
        assert_eq!(winner([card("1/5"), card("5/1")], sides), None);
        assert_eq!(winner([card("1/6"), card("5/1")], sides), Some(Seat::One));
    }
}
