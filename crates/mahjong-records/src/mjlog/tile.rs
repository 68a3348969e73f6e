//! Tenhou's tile ids: 0-135, four per kind, kinds in the order 1m..9m, 1p..9p, 1s..9s,
//! E S W N, white green red (kind = id / 4). When red fives are played the first copy of
//! each five, ids 16 (5m), 52 (5p) and 88 (5s), is the red one (NegativeMjark/tenhou-log's
//! `tenhouLog.py` and mjx's `mjlog` decoder read ids so).

use mahjong_core::Tile;
use mahjong_core::score::TileCopy;

/// The ids of a wall: 136.
pub(crate) const IDS: u32 = 136;

/// The ids of the red fives (5m, 5p, 5s).
pub(crate) const RED_IDS: [u32; 3] = [16, 52, 88];

/// The copy of id `id` (`None` above 135); `red_fives`: whether the game plays them.
pub(crate) fn copy(id: u32, red_fives: bool) -> Option<TileCopy> {
    if id >= IDS {
        return None;
    }
    let tile = Tile::from_index(u8::try_from(id / 4).ok()?)?;
    Some(TileCopy {
        tile,
        red: red_fives && RED_IDS.contains(&id),
    })
}

/// Whether id `id` is a tile of the three-player wall (no 2m-8m: ids 4-31 are absent).
pub(crate) fn in_sanma_wall(id: u32) -> bool {
    !(4..32).contains(&id)
}

/// The ids of each tile in play in a hand being written: per kind, the lowest id not yet
/// used; the red five takes its id (16, 52, 88), plain fives the other three of their kind
/// when red fives are played.
#[derive(Clone, Debug)]
pub(crate) struct IdPool {
    used: [bool; IDS as usize],
    red_fives: bool,
}

impl IdPool {
    pub fn new(red_fives: bool) -> IdPool {
        IdPool {
            used: [false; IDS as usize],
            red_fives,
        }
    }

    /// A fresh id for `copy`, `None` when its kind has no id left.
    pub fn take(&mut self, copy: TileCopy) -> Option<u32> {
        let base = u32::from(copy.tile.index()) * 4;
        let id = (base..base + 4).find(|&id| {
            let is_red = self.red_fives && RED_IDS.contains(&id);
            !self.used[id as usize] && is_red == (copy.red && self.red_fives)
        })?;
        self.used[id as usize] = true;
        Some(id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_map_to_kinds_and_red_fives() {
        assert_eq!(copy(0, true).map(|c| c.tile.to_string()), Some("1m".into()));
        assert_eq!(copy(135, true).map(|c| c.tile.index()), Some(33));
        assert_eq!(copy(136, true), None);
        for id in RED_IDS {
            assert!(copy(id, true).is_some_and(|c| c.red));
            assert!(copy(id, false).is_some_and(|c| !c.red));
            assert!(copy(id + 1, true).is_some_and(|c| !c.red));
        }
        assert!(in_sanma_wall(3) && !in_sanma_wall(4) && !in_sanma_wall(31) && in_sanma_wall(32));
    }

    #[test]
    fn the_pool_gives_the_lowest_free_id_and_the_red_five_its_own() {
        let mut pool = IdPool::new(true);
        let five = copy(17, true).unwrap();
        let red = copy(16, true).unwrap();
        assert_eq!(pool.take(five), Some(17));
        assert_eq!(pool.take(red), Some(16));
        assert_eq!(pool.take(red), None);
        assert_eq!(pool.take(five), Some(18));
        assert_eq!(pool.take(five), Some(19));
        assert_eq!(pool.take(five), None);
        let mut plain = IdPool::new(false);
        assert_eq!(plain.take(five), Some(16));
    }
}
