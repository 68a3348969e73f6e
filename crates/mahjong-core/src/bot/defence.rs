//! Basic defence against a riichi: how likely a discard is to deal into the waits of the
//! seats in riichi, judged from their discards only (genbutsu, suji, honors seen), the way
//! a beginner's defence table reads ([spec](crate::spec) section 4: a riichi hand cannot
//! ron a kind among its own discards, furiten).

use crate::game::kyoku::KyokuView;
use crate::game::seat::MAX_SEATS;
use crate::hand::tile::{KINDS, Tile};
use crate::hand::tile_set::TileSet;

/// The other seats in riichi and the kinds each has discarded (its genbutsu).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Threats {
    /// By seat index: the genbutsu of a seat in riichi, `None` for the others and this seat.
    genbutsu: [Option<TileSet>; MAX_SEATS],
}

impl Threats {
    /// The seats of `view` other than its own that have declared riichi.
    pub(crate) fn of(view: &KyokuView) -> Threats {
        let mut threats = Threats::default();
        for (index, slot) in threats.genbutsu.iter_mut().enumerate() {
            if index == view.seat.index() || !view.riichi[index] {
                continue;
            }
            let mut safe = TileSet::EMPTY;
            view.discards[index]
                .iter()
                .for_each(|discard| safe.insert(discard.tile.tile));
            *slot = Some(safe);
        }
        threats
    }

    /// Whether another seat is in riichi.
    pub(crate) fn any(&self) -> bool {
        self.genbutsu.iter().any(Option::is_some)
    }

    /// The danger of discarding `tile`, summed over the seats in riichi: 0 when it is
    /// genbutsu to all of them (or none is in riichi), up to 8 a seat for a middle tile
    /// that no discard makes safer. `unseen` counts the copies this seat cannot see.
    pub(crate) fn danger(&self, tile: Tile, unseen: &[u8; KINDS]) -> u32 {
        self.genbutsu
            .iter()
            .flatten()
            .map(|&safe| danger_against(safe, tile, unseen))
            .sum()
    }
}

/// The danger of `tile` against one seat in riichi whose discards are `safe`.
///
/// Genbutsu 0. An honor by the copies left to wait on: 0 for none, 1 for one (tanki
/// only), 3 for two, 5 for three. A number by its suji (the numbers three away, `1-4-7`,
/// `2-5-8`, `3-6-9`: a two-sided wait on it would also win on them, which would be
/// furiten): terminals 2 with suji, 6 without; twos and eights 3 and 7; the middle 4 with
/// both suji, 7 with one, 8 with none.
fn danger_against(safe: TileSet, tile: Tile, unseen: &[u8; KINDS]) -> u32 {
    if safe.contains(tile) {
        return 0;
    }
    if tile.is_honor() {
        let left = unseen.get(tile.index() as usize).copied().unwrap_or(0);
        return [0, 1, 3, 5, 5][left.min(4) as usize];
    }
    let number = tile.number();
    let suji = |delta: i8| {
        let other = number as i8 + delta;
        (1..=9)
            .contains(&other)
            .then(|| Tile::new(tile.suit(), other as u8).is_some_and(|t| safe.contains(t)))
    };
    let sides = [suji(-3), suji(3)];
    let existing = sides.iter().flatten().count();
    let covered = sides.iter().flatten().filter(|&&s| s).count();
    match (number, existing == covered, covered) {
        (1 | 9, true, _) => 2,
        (1 | 9, false, _) => 6,
        (2 | 8, true, _) => 3,
        (2 | 8, false, _) => 7,
        (_, true, _) => 4,
        (_, false, 1) => 7,
        _ => 8,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tile(text: &str) -> Tile {
        text.parse().unwrap()
    }

    #[test]
    fn genbutsu_then_suji_then_the_rest() {
        // (the riichi seat's discards, the tile, its danger)
        let cases = [
            ("4m", "4m", 0),
            ("4m", "1m", 2),
            ("4m", "7m", 4),
            ("14m", "7m", 4),
            ("", "1m", 6),
            ("5p", "2p", 3),
            ("5p", "8p", 3),
            ("", "8p", 7),
            ("1s", "4s", 7),
            ("17s", "4s", 4),
            ("", "5s", 8),
            // Suji only within a suit.
            ("4m", "1p", 6),
        ];
        for (safe, text, expected) in cases {
            let safe: TileSet = safe.parse().unwrap();
            let danger = danger_against(safe, tile(text), &[2; KINDS]);
            assert_eq!(danger, expected, "{text} against {safe}");
        }
    }

    #[test]
    fn honors_by_the_copies_left() {
        let safe = TileSet::EMPTY;
        let mut unseen = [4; KINDS];
        for (left, expected) in [(0, 0), (1, 1), (2, 3), (3, 5)] {
            unseen[tile("5z").index() as usize] = left;
            assert_eq!(danger_against(safe, tile("5z"), &unseen), expected);
        }
    }
}
