//! The classroom game's wall: the 136 tiles in drawing order, no red fives, the last 14 of
//! them the dead wall, never drawn ([spec](crate::spec) section 3).

use rand::Rng;
use rand::seq::SliceRandom;

use crate::game::wall::{LIVE_TILES, WALL_TILES, WallError};
use crate::hand::concealed::MAX_COPIES;
use crate::hand::tile::{KINDS, Tile};

/// The 136 tiles in the order they are dealt and drawn; the last 14 are the dead wall.
#[derive(Clone, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Wall {
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_array"))]
    tiles: [Tile; WALL_TILES],
}

impl Wall {
    /// A wall shuffled by `rng`: the only randomness of a game.
    pub fn shuffled<R: Rng + ?Sized>(rng: &mut R) -> Wall {
        let mut tiles = [Tile::ALL[0]; WALL_TILES];
        for (slot, index) in tiles.iter_mut().zip(0..) {
            *slot = Tile::ALL[index / MAX_COPIES as usize];
        }
        tiles.shuffle(rng);
        Wall { tiles }
    }

    /// The wall of an explicit order: `tiles[0]` is dealt first, `tiles[122..]` is the dead
    /// wall.
    ///
    /// # Errors
    /// [`WallError::Length`] unless there are 136 tiles, and [`WallError::Copies`] when a
    /// kind is not there exactly 4 times.
    pub fn from_tiles(tiles: &[Tile]) -> Result<Wall, WallError> {
        let tiles: [Tile; WALL_TILES] = tiles
            .try_into()
            .map_err(|_| WallError::Length { len: tiles.len() })?;
        let mut counts = [0usize; KINDS];
        for tile in tiles {
            counts[tile.index() as usize] += 1;
        }
        match Tile::ALL
            .iter()
            .find(|tile| counts[tile.index() as usize] != 4)
        {
            Some(&tile) => Err(WallError::Copies {
                tile,
                count: counts[tile.index() as usize],
            }),
            None => Ok(Wall { tiles }),
        }
    }

    /// The 136 tiles in drawing order.
    pub fn tiles(&self) -> &[Tile; WALL_TILES] {
        &self.tiles
    }

    /// The live tiles (the first 122), in drawing order.
    pub fn live(&self) -> &[Tile] {
        &self.tiles[..LIVE_TILES]
    }

    /// The dead wall (the last 14 tiles).
    pub fn dead_wall(&self) -> &[Tile] {
        &self.tiles[LIVE_TILES..]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    #[test]
    fn a_shuffled_wall_holds_four_of_each_kind() {
        let wall = Wall::shuffled(&mut StdRng::seed_from_u64(1));
        assert_eq!(Wall::from_tiles(wall.tiles()), Ok(wall.clone()));
        assert_eq!(wall.live().len() + wall.dead_wall().len(), WALL_TILES);
        assert_eq!(wall.dead_wall().len(), 14);
    }

    #[test]
    fn wrong_walls_are_refused_with_the_reason() {
        let wall = Wall::shuffled(&mut StdRng::seed_from_u64(2));
        let short = Wall::from_tiles(&wall.tiles()[1..]).unwrap_err();
        assert_eq!(short.to_string(), "a wall has 136 tiles, not 135");
        let mut tiles = *wall.tiles();
        let first = tiles[0];
        let other = tiles.iter().copied().find(|&t| t != first).unwrap();
        tiles[0] = other;
        let error = Wall::from_tiles(&tiles).unwrap_err();
        assert_eq!(
            error,
            WallError::Copies {
                tile: first.min(other),
                count: if first < other { 3 } else { 5 }
            }
        );
    }
}
