//! The transposition table: positions met before, by Zobrist key, with the depth searched,
//! the value and its bound, and the best move. The threads of a lazy SMP search share it
//! without locks: an entry is two atomic words, the key stored xor'ed with the data, so that
//! a write torn by another thread reads as a miss, never as a wrong entry.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::board::CELLS;
use crate::stone::Stone;

/// The Zobrist key of `stone` on the cell `i`.
pub(crate) fn zobrist(i: usize, stone: Stone) -> u64 {
    static KEYS: OnceLock<Vec<u64>> = OnceLock::new();
    let keys = KEYS.get_or_init(|| {
        // splitmix64 from a fixed seed: the same keys on every run.
        let mut state = 0x9E37_79B9_7F4A_7C15_u64;
        (0..CELLS * 2)
            .map(|_| {
                state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
                let mut z = state;
                z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
                z ^ (z >> 31)
            })
            .collect()
    });
    keys[i * 2 + stone as usize]
}

/// The key of the side to move: white's positions differ from black's.
pub(crate) const WHITE_TO_MOVE: u64 = 0x2545_F491_4F6C_DD1D;

/// How a stored value bounds the position's true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The value is exact.
    Exact,
    /// The true value is at least this (a cut-off above beta).
    Lower,
    /// The true value is at most this (no move raised alpha).
    Upper,
}

/// What the table knows of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    /// The value for the player to move.
    pub value: i32,
    /// The depth it was searched to.
    pub depth: u8,
    /// How the value bounds the true one.
    pub bound: Bound,
    /// The best move found, a cell.
    pub best: Option<usize>,
}

impl Entry {
    fn pack(self) -> u64 {
        let bound = match self.bound {
            Bound::Exact => 0,
            Bound::Lower => 1,
            Bound::Upper => 2,
        };
        let best = self.best.map_or(0, |b| b as u64 + 1) & 0xFFFF;
        u64::from(self.value as u32) | u64::from(self.depth) << 32 | bound << 40 | best << 42
    }

    fn unpack(data: u64) -> Entry {
        let bound = match (data >> 40) & 3 {
            0 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        };
        let best = ((data >> 42) & 0xFFFF) as usize;
        Entry {
            value: data as u32 as i32,
            depth: (data >> 32) as u8,
            bound,
            best: best.checked_sub(1),
        }
    }
}

/// A transposition table shared by the searches that hold it (an engine keeps one from
/// move to move; a GUI's `YXHASHCLEAR` clears it). `Debug` shows its size, not its entries.
pub struct TranspositionTable {
    /// Per entry: the key xor the data, and the data.
    entries: Vec<[AtomicU64; 2]>,
}

impl std::fmt::Debug for TranspositionTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TranspositionTable")
            .field("bytes", &self.bytes())
            .finish()
    }
}

impl TranspositionTable {
    /// The bytes of one entry.
    pub const ENTRY_BYTES: usize = 16;

    /// The size of a table made with [`TranspositionTable::new`]`(bytes)`: the largest
    /// power of two of entries that fits in `bytes`, and at least 1,024 entries.
    pub fn bytes_for(bytes: usize) -> usize {
        let wanted = (bytes / Self::ENTRY_BYTES).max(1024);
        let count = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        };
        count * Self::ENTRY_BYTES
    }

    /// A table of [`TranspositionTable::bytes_for`]`(bytes)` bytes.
    pub fn new(bytes: usize) -> TranspositionTable {
        let count = Self::bytes_for(bytes) / Self::ENTRY_BYTES;
        TranspositionTable {
            entries: (0..count)
                .map(|_| [AtomicU64::new(0), AtomicU64::new(0)])
                .collect(),
        }
    }

    /// The table's size in bytes.
    pub fn bytes(&self) -> usize {
        self.entries.len() * Self::ENTRY_BYTES
    }

    /// Forgets every position.
    pub fn clear(&self) {
        for [check, data] in &self.entries {
            check.store(0, Ordering::Relaxed);
            data.store(0, Ordering::Relaxed);
        }
    }

    fn slot(&self, key: u64) -> &[AtomicU64; 2] {
        &self.entries[(key as usize) & (self.entries.len() - 1)]
    }

    /// What the table knows of the position of `key`.
    pub(crate) fn probe(&self, key: u64) -> Option<Entry> {
        let [check, data] = self.slot(key);
        let data = data.load(Ordering::Relaxed);
        (data != 0 && check.load(Ordering::Relaxed) ^ data == key).then(|| Entry::unpack(data))
    }

    /// Stores `entry` for `key`, over whatever the slot held unless it holds the same
    /// position searched deeper.
    pub(crate) fn store(&self, key: u64, entry: Entry) {
        if self
            .probe(key)
            .is_some_and(|old| old.depth > entry.depth && entry.bound != Bound::Exact)
        {
            return;
        }
        let [check, data] = self.slot(key);
        let packed = entry.pack();
        data.store(packed, Ordering::Relaxed);
        check.store(key ^ packed, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip_and_other_keys_miss() {
        let table = TranspositionTable::new(1 << 16);
        assert_eq!(table.bytes(), 1 << 16);
        for entry in [
            Entry {
                value: -123_456,
                depth: 9,
                bound: Bound::Upper,
                best: Some(783),
            },
            Entry {
                value: 77,
                depth: 0,
                bound: Bound::Exact,
                best: None,
            },
        ] {
            table.store(42, entry);
            assert_eq!(table.probe(42), Some(entry));
            assert_eq!(table.probe(42 + (1 << 40)), None, "same slot, other key");
        }
        table.clear();
        assert_eq!(table.probe(42), None);
        assert_eq!(format!("{table:?}"), "TranspositionTable { bytes: 65536 }");
        assert_ne!(zobrist(5, Stone::Black), zobrist(5, Stone::White));
    }
}
