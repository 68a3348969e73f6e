//! Tile kinds as bits, for the scoring's hand-wide checks (spec section 5), and the dora
//! an indicator points at.

use crate::hand::tile::{KINDS, Tile};

/// The first honor and the first dragon.
pub(super) const EAST: usize = 27;
/// The index of North (`4z`).
pub(super) const NORTH: usize = 30;
pub(super) const WHITE: usize = 31;

/// Kinds as bits (bit `i` = the kind of index `i`): one number suit's nine (shift by 9 per
/// suit), the honors, winds, dragons, terminals (ones and nines), terminals and honors, and
/// the green tiles of ryuuiisou (2s 3s 4s 6s 8s and the green dragon).
pub(super) const SUIT: u64 = 0x1ff;
pub(super) const HONORS: u64 = 0x7f << EAST;
pub(super) const WINDS: u64 = 0xf << EAST;
pub(super) const DRAGONS: u64 = 0x7 << WHITE;
pub(super) const TERMINALS: u64 = 0x101 | 0x101 << 9 | 0x101 << 18;
pub(super) const TERMINALS_AND_HONORS: u64 = TERMINALS | HONORS;
pub(super) const GREENS: u64 = 1 << 19 | 1 << 20 | 1 << 21 | 1 << 23 | 1 << 25 | 1 << 32;
/// The tile of index `index` (wrapped into range).
pub(super) fn tile_at(index: usize) -> Tile {
    Tile::ALL.get(index).copied().unwrap_or(Tile::ALL[0])
}

/// The dora a indicator points at: the next number in its suit (9 -> 1), the next wind
/// (N -> E), the next dragon (red -> white).
pub(crate) fn dora_of(indicator: Tile) -> Tile {
    tile_at(
        DORA.get(indicator.index() as usize)
            .map_or(0, |&dora| dora as usize),
    )
}

/// The dora an indicator points at under `rules`: [`dora_of`], except that at a table of
/// three ([`ScoringRules::sanma`](crate::score::ScoringRules::sanma)), where 2m-8m do not
/// exist, 1m points to 9m and 9m to 1m.
pub(crate) fn dora_in(indicator: Tile, rules: &crate::hand::score::ScoringRules) -> Tile {
    match indicator.index() {
        0 if rules.sanma.is_some() => Tile::ALL[8],
        _ => dora_of(indicator),
    }
}

/// The index of the dora of each indicator index, worked out at compile time.
const DORA: [u8; KINDS] = {
    let mut table = [0; KINDS];
    let mut index = 0;
    while index < KINDS {
        let (start, size) = match index {
            0..EAST => (index / 9 * 9, 9),
            EAST..WHITE => (EAST, 4),
            _ => (WHITE, 3),
        };
        table[index] = (start + (index - start + 1) % size) as u8;
        index += 1;
    }
    table
};
