//! What a seat sees of a hand of the full game, digested once per decision for the bots
//! ([spec](crate::spec) section 4): its concealed tiles as counts, the copies of each kind
//! it cannot see (the live tiles of ukeire), its yakuhai kinds and dora, and whether its
//! hand is open and with which yaku it can still win.

use crate::game::kyoku::KyokuView;
use crate::hand::concealed::Hand;
use crate::hand::score::{MeldKind, Wind, dora_of};
use crate::hand::tile::{KINDS, Tile};
use crate::hand::tile_set::TileSet;

/// The dragons, `5z 6z 7z`: yakuhai for every seat.
const DRAGONS: [usize; 3] = [31, 32, 33];

/// With which yaku an open hand can still win, and so which tiles it may keep.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Plan {
    /// Closed: riichi (or menzen tsumo) is always there; every tile may serve.
    Closed,
    /// Open with a yakuhai triplet (called or concealed): every tile may serve.
    Yakuhai,
    /// Open without one: only tanyao (all simples, open tanyao being on in Tenhou rules),
    /// so terminals and honors are off the plan.
    Tanyao,
}

impl Plan {
    /// Whether the plan wants `tile` out of the hand.
    pub(crate) fn is_off(self, tile: Tile) -> bool {
        self == Plan::Tanyao && tile.is_terminal_or_honor()
    }
}

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
    /// The yaku the hand can still win with.
    pub(crate) plan: Plan,
}

impl Seen {
    /// The digest of `view`; `None` when its concealed tiles are not a hand (more than 14,
    /// or a fifth copy: only in a view made by hand).
    pub(crate) fn of(view: &KyokuView) -> Option<Seen> {
        let hand = Hand::from_tiles(view.concealed.iter().map(|copy| copy.tile)).ok()?;
        let seat_wind = Wind::ALL[(view.seat.index() + 4 - view.dealer.index() % 4) % 4];
        let mut yakuhai = TileSet::from_bits(DRAGONS.iter().fold(0, |bits, &i| bits | 1 << i));
        yakuhai.insert(seat_wind.tile());
        yakuhai.insert(view.round_wind.tile());
        let mut dora = TileSet::EMPTY;
        view.dora_indicators
            .iter()
            .for_each(|indicator| dora.insert(dora_of(indicator.tile)));
        let mut seen = Seen {
            hand,
            unseen: [0; KINDS],
            yakuhai,
            dora,
            plan: Plan::Closed,
        };
        seen.unseen = seen.count_unseen(view);
        seen.plan = seen.plan_of(view);
        Some(seen)
    }

    /// 4 minus the copies of each kind the seat sees, never below 0.
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
        visible.map(|count| 4u8.saturating_sub(count))
    }

    /// Closed when no meld of the seat is open; else yakuhai when a meld or three concealed
    /// copies are a yakuhai triplet; else tanyao.
    fn plan_of(&self, view: &KyokuView) -> Plan {
        let melds = &view.melds[view.seat.index()];
        if melds.iter().all(|m| !m.meld.kind().is_open()) {
            return Plan::Closed;
        }
        let yakuhai_meld = melds
            .iter()
            .any(|m| m.meld.kind() != MeldKind::Chi && self.yakuhai.contains(m.meld.tile()));
        let yakuhai_triplet = self.yakuhai.iter().any(|t| self.hand.count(t) >= 3);
        if yakuhai_meld || yakuhai_triplet {
            Plan::Yakuhai
        } else {
            Plan::Tanyao
        }
    }

    /// The unseen copies the plan can use: the off-plan kinds count for nothing.
    pub(crate) fn live_for_plan(&self) -> [u8; KINDS] {
        let mut live = self.unseen;
        for tile in Tile::ALL.into_iter().filter(|&t| self.plan.is_off(t)) {
            live[tile.index() as usize] = 0;
        }
        live
    }
}
