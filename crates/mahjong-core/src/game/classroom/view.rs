//! What one seat may know ([spec](crate::spec) section 3): its own hand and drawn tile, every
//! discard pile, who declared riichi and when, and how many live tiles are left. Never another
//! seat's hand or the order of the wall.

use crate::game::classroom::action::Action;
use crate::game::classroom::outcome::Outcome;
use crate::game::rules::Rules;
use crate::game::seat::Seat;
use crate::hand::concealed::Hand;
use crate::hand::tile::{KINDS, Tile};

/// One seat's view of a game, made by [`crate::classroom::Game::view`]. Bots choose from it alone.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct View {
    /// The rules of the game.
    pub rules: Rules,
    /// The seat this view belongs to.
    pub seat: Seat,
    /// The number of seats.
    pub seats: usize,
    /// The seat's concealed tiles: 14 while it is to discard (the drawn tile included), else 13.
    pub hand: Hand,
    /// The tile just drawn, while the seat is to discard.
    pub drawn: Option<Tile>,
    /// Every seat's discards in order, indexed by seat.
    pub discards: Vec<Vec<Tile>>,
    /// For each seat in riichi, the position in its discards of its riichi discard.
    pub riichi: Vec<Option<usize>>,
    /// The number of live tiles left to draw.
    pub live_tiles: usize,
    /// Whose turn it is: the seat that drew, or the discarder while its discard may be
    /// claimed; `None` once the game is over.
    pub turn: Option<Seat>,
    /// The actions this seat may take now (empty when another seat is to act), in the order
    /// of [`crate::classroom::Game::legal_actions`].
    pub legal: Vec<Action>,
    /// How the game ended, once it has (the winner's hand is then shown to all).
    pub outcome: Option<Outcome>,
}

impl View {
    /// Whether the seat must act now.
    pub fn is_to_act(&self) -> bool {
        !self.legal.is_empty()
    }

    /// Whether `seat` has declared riichi.
    pub fn is_riichi(&self, seat: Seat) -> bool {
        self.riichi.get(seat.index()).is_some_and(Option::is_some)
    }

    /// The copies of each kind this seat sees, `[u8; 34]` in index order: its own hand
    /// and every discard. A view made by hand may show more than 4 copies of a kind (at most
    /// 255 are counted).
    pub fn visible(&self) -> [u8; KINDS] {
        let mut counts = *self.hand.counts();
        for tile in self.discards.iter().flatten() {
            let count = &mut counts[tile.index() as usize];
            *count = count.saturating_add(1);
        }
        counts
    }

    /// The copies of each kind this seat cannot see (4 minus [`View::visible`], 0 when it
    /// sees 4 or more): the tiles it may still draw or win on.
    pub fn unseen(&self) -> [u8; KINDS] {
        self.visible().map(|seen| 4u8.saturating_sub(seen))
    }

    /// The own hand without the drawn tile, sorted in index order, and the drawn tile apart:
    /// the display order of spec section 3.
    pub fn sorted_hand(&self) -> (Vec<Tile>, Option<Tile>) {
        let mut rest = self.hand;
        if let Some(drawn) = self.drawn {
            let _ = rest.remove(drawn);
        }
        (rest.tiles().collect(), self.drawn)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A view made by hand, not by a game: any hand and discards.
    fn view(hand: &str, discards: Vec<Vec<Tile>>) -> View {
        View {
            rules: Rules::classroom(),
            seat: Seat::ALL[0],
            seats: discards.len(),
            hand: hand.parse().unwrap(),
            drawn: None,
            riichi: vec![None; discards.len()],
            discards,
            live_tiles: 0,
            turn: None,
            legal: Vec::new(),
            outcome: None,
        }
    }

    fn tile(text: &str) -> Tile {
        text.parse().unwrap()
    }

    #[test]
    fn counts_add_the_hand_and_every_discard() {
        let view = view(
            "1123m",
            vec![vec![tile("1m")], vec![tile("7z"), tile("1m")]],
        );
        let (one, two, red) = (0, 1, 33);
        assert_eq!(view.visible()[one], 4);
        assert_eq!(view.visible()[two], 1);
        assert_eq!(view.visible()[red], 1);
        assert_eq!(view.unseen()[one], 0);
        assert_eq!(view.unseen()[two], 3);
        assert_eq!(view.unseen()[red], 3);
        assert_eq!(view.unseen()[9], 4, "1p is not seen");
    }

    #[test]
    fn impossible_piles_count_without_overflow() {
        let one = tile("1m");
        let view = view("1111m", vec![vec![one; 300], vec![one; 300]]);
        let (visible, unseen) = (view.visible(), view.unseen());
        assert_eq!(visible[0], u8::MAX);
        assert_eq!(unseen[0], 0);
        assert_eq!(visible[1..], [0; KINDS - 1]);
        assert_eq!(unseen[1..], [4; KINDS - 1]);
    }
}
