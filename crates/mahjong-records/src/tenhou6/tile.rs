//! Tiles as tenhou.net/6 numbers them: `11`..`19` man, `21`..`29` pin, `31`..`39` sou,
//! `41`..`47` East South West North and the white, green, red dragons, `51` `52` `53` the
//! red 5m, 5p, 5s (tenhou.net/6's editor; tensoul's `tm2t` writes the same numbers).

use mahjong_core::Tile;
use mahjong_core::score::TileCopy;

/// The tile of Tenhou's number `n`, `None` for a number that names none.
pub(super) fn tile(n: u32) -> Option<TileCopy> {
    let (kind, red) = match n {
        51..=53 => ((n - 50) * 10 + 5, true),
        _ => (n, false),
    };
    let (suit, number) = (kind / 10, kind % 10);
    let index = match suit {
        1..=3 if (1..=9).contains(&number) => (suit - 1) * 9 + number - 1,
        4 if (1..=7).contains(&number) => 27 + number - 1,
        _ => return None,
    };
    let tile = Tile::from_index(u8::try_from(index).ok()?)?;
    Some(TileCopy { tile, red })
}

/// Tenhou's number of a tile (a red flag on a tile other than a five is ignored).
pub(super) fn number(copy: TileCopy) -> u32 {
    let index = u32::from(copy.tile.index());
    if index >= 27 {
        return 41 + index - 27;
    }
    let (suit, rank) = (index / 9, index % 9 + 1);
    if copy.red && rank == 5 {
        51 + suit
    } else {
        (suit + 1) * 10 + rank
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_number_maps_back() {
        let mut named = 0;
        for n in 0..100 {
            if let Some(copy) = tile(n) {
                assert_eq!(number(copy), n);
                named += 1;
            }
        }
        assert_eq!(named, 37);
        assert_eq!(tile(52).map(|t| (t.tile.index(), t.red)), Some((13, true)));
        assert_eq!(tile(47).map(|t| t.tile.index()), Some(33));
        assert_eq!(tile(10), None);
        assert_eq!(tile(48), None);
    }
}
