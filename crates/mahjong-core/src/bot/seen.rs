//! What a seat sees of a hand of the full game, digested once per decision for the bots
//! ([spec](crate::spec) section 4): its concealed tiles as counts, the copies of each kind
//! it cannot see (the live tiles of ukeire), its yakuhai kinds and dora, and whether it
//! holds a yakuhai triplet (a yaku that survives opening the hand).

use crate::game::kyoku::KyokuView;
use crate::hand::concealed::Hand;
use crate::hand::score::{MeldKind, Wind, dora_in};
use crate::hand::tile::{KINDS, Tile};
use crate::hand::tile_set::TileSet;

/// The dragons, `5z 6z 7z`: yakuhai for every seat.
const DRAGONS: [usize; 3] = [31, 32, 33];

/// One seat's view of a hand, reduced to what the bots' arithmetic needs. Made in a few
/// hundred nanoseconds, with no allocation.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Seen {
    /// The concealed tiles as counts (the drawn tile included).
    pub(crate) hand: Hand,
    /// The copies of each kind this seat cannot see: 4 minus its own concealed copies,
    /// every discard still in a pile, every meld's tiles and the dora indicators.
    pub(crate) unseen: [u8; KINDS],
    /// The kinds whose triplet is a yaku for this seat: the dragons, its seat wind and the
    /// round wind.
    pub(crate) yakuhai: TileSet,
    /// The dora kinds the indicators point at.
    pub(crate) dora: TileSet,
    /// Whether a meld or three concealed copies are a yakuhai triplet: a yaku an open hand
    /// keeps.
    pub(crate) yakuhai_triplet: bool,
}

impl Seen {
    /// The digest of `view`; `None` when its concealed tiles are not a hand (more than 14,
    /// or a fifth copy: only in a view made by hand).
    pub(crate) fn of(view: &KyokuView) -> Option<Seen> {
        let hand = Hand::from_tiles(view.concealed.iter().map(|copy| copy.tile)).ok()?;
        let seats = view.rules.seats.clamp(1, 4);
        let seat_wind =
            Wind::ALL[(view.seat.index() + seats - view.dealer.index() % seats) % seats];
        let mut yakuhai = TileSet::from_bits(DRAGONS.iter().fold(0, |bits, &i| bits | 1 << i));
        yakuhai.insert(seat_wind.tile());
        yakuhai.insert(view.round_wind.tile());
        let mut dora = TileSet::EMPTY;
        view.dora_indicators
            .iter()
            .for_each(|indicator| dora.insert(dora_in(indicator.tile, &view.rules.scoring)));
        let mut seen = Seen {
            hand,
            unseen: [0; KINDS],
            yakuhai,
            dora,
            yakuhai_triplet: false,
        };
        seen.unseen = seen.count_unseen(view);
        seen.yakuhai_triplet = seen.has_yakuhai_triplet(view);
        Some(seen)
    }

    /// 4 minus the copies of each kind the seat sees (the North tiles declared aside
    /// among them), never below 0; none of 2m-8m in three-player riichi, whose wall has
    /// none.
    fn count_unseen(&self, view: &KyokuView) -> [u8; KINDS] {
        let mut visible = *self.hand.counts();
        let mut see = |tile: Tile| {
            let count = &mut visible[tile.index() as usize];
            *count = count.saturating_add(1);
        };
        let piles = view.discards.iter().flatten().filter(|d| !d.called);
        piles.for_each(|discard| see(discard.tile.tile));
        let melds = view.melds.iter().flatten();
        melds.for_each(|meld| meld.meld.copies().for_each(|copy| see(copy.tile)));
        view.dora_indicators.iter().for_each(|copy| see(copy.tile));
        let north = &mut visible[crate::hand::tile::NORTH.index() as usize];
        *north = north.saturating_add(view.kita.iter().sum());
        let mut unseen = visible.map(|count| 4u8.saturating_sub(count));
        if view.rules.seats == 3 {
            unseen[1..8].fill(0);
        }
        unseen
    }

    /// Whether a meld of the seat (not a chi) or three concealed copies are yakuhai.
    fn has_yakuhai_triplet(&self, view: &KyokuView) -> bool {
        let melds = &view.melds[view.seat.index()];
        let called = melds
            .iter()
            .any(|m| m.meld.kind() != MeldKind::Chi && self.yakuhai.contains(m.meld.tile()));
        called || self.yakuhai.iter().any(|t| self.hand.count(t) >= 3)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::common::testing::{copies, kyoku_view};
    use crate::game::kyoku::{DiscardedTile, TableMeld};
    use crate::game::seat::Seat;

    fn unseen(seen: &Seen, tile: &str) -> u8 {
        seen.unseen[tile.parse::<Tile>().unwrap().index() as usize]
    }

    #[test]
    fn counts_every_tile_the_seat_sees_once() {
        let mut view = kyoku_view("123m456m789m1p77z", "4p");
        let pile = |tiles: &str, called: bool| {
            copies(tiles).into_iter().map(move |tile| DiscardedTile {
                tile,
                tsumogiri: false,
                riichi: false,
                called,
            })
        };
        // A called 7z lies in seat 2's pon: counted there, not in seat 1's pile.
        view.discards[1] = pile("1p", false).chain(pile("7z", true)).collect();
        view.melds[2].push(TableMeld {
            meld: "pon 777z".parse().unwrap(),
            from: Some(Seat::ALL[1]),
            called: Some("7z".parse().unwrap()),
        });
        let seen = Seen::of(&view).unwrap();
        assert_eq!(unseen(&seen, "1p"), 2);
        assert_eq!(unseen(&seen, "4p"), 3);
        assert_eq!(unseen(&seen, "7z"), 0);
        assert_eq!(unseen(&seen, "1m"), 3);
        assert_eq!(unseen(&seen, "9s"), 4);
        // The indicator 4p points at 5p; the dealer's yakuhai: East (twice), the dragons.
        assert_eq!(seen.dora, "5p".parse().unwrap());
        assert_eq!(seen.yakuhai, "1567z".parse().unwrap());
        // Two 7z held and another seat's pon are no yakuhai triplet; an own pon of 5z is.
        assert!(!seen.yakuhai_triplet);
        view.melds[0].push(TableMeld {
            meld: "pon 555z".parse().unwrap(),
            from: Some(Seat::ALL[3]),
            called: Some("5z".parse().unwrap()),
        });
        assert!(Seen::of(&view).unwrap().yakuhai_triplet);
        // Not a hand: a fifth copy.
        view.concealed = copies("11111m");
        assert!(Seen::of(&view).is_none());
    }
}
