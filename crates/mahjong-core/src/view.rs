//! What one seat may know (rules section 3): its own hand and drawn tile, every discard
//! pile, who declared riichi and when, and how many live tiles are left. Never another
//! seat's hand or the order of the wall.

use crate::action::Action;
use crate::game::Seat;
use crate::hand::Hand;
use crate::outcome::Outcome;
use crate::rules::Rules;
use crate::tile::{KINDS, Tile};

/// One seat's view of a game, made by [`crate::Game::view`]. Bots choose from it alone.
#[derive(Clone, Debug, PartialEq, Eq)]
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
    /// of [`crate::Game::legal_actions`].
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
        self.riichi.get(seat).is_some_and(Option::is_some)
    }

    /// The copies of each kind this seat sees, `[u8; 34]` in index order: its own hand
    /// and every discard.
    pub fn visible(&self) -> [u8; KINDS] {
        let mut counts = *self.hand.counts();
        for tile in self.discards.iter().flatten() {
            counts[tile.index() as usize] += 1;
        }
        counts
    }

    /// The copies of each kind this seat cannot see (4 minus [`View::visible`]): the tiles
    /// it may still draw or win on.
    pub fn unseen(&self) -> [u8; KINDS] {
        self.visible().map(|seen| 4u8.saturating_sub(seen))
    }

    /// The own hand without the drawn tile, sorted in index order, and the drawn tile apart:
    /// the seed's display order.
    pub fn sorted_hand(&self) -> (Vec<Tile>, Option<Tile>) {
        let mut rest = self.hand;
        if let Some(drawn) = self.drawn {
            let _ = rest.remove(drawn);
        }
        (rest.tiles().collect(), self.drawn)
    }
}
