//! Walls as Botzone deals them: the 144 tiles (four of each of the 34
//! kinds and the eight flowers) in a uniformly random order, and a random
//! prevalent wind.

use crate::mcr::judge::{Flower, InitData, Wall, WallTile, PLAYERS};
use crate::mcr::tile::{Tile, KINDS};
use crate::named::WallFamily;
use crate::rng::Rng;

/// Tiles in a full set.
pub const TILES: usize = 4 * KINDS + 8;

/// The 144 tiles in a fixed order: each kind four times, then `H1`-`H8`.
pub fn full_set() -> Vec<WallTile> {
    let kinds = Tile::all().flat_map(|t| [WallTile::Kind(t); 4]);
    let flowers = (1..=8).map(|n| WallTile::Flower(Flower::new(n).expect("1-8")));
    kinds.chain(flowers).collect()
}

/// A random game: the full set shuffled by `rng`, and a random wind.
///
/// A shuffle may leave a seat's part with fewer than 13 ordinary tiles
/// (its 36 tiles would need 24 flowers, of which there are 8): never, so
/// every shuffle deals.
pub fn random_init(rng: &mut Rng) -> InitData {
    let mut tiles = full_set();
    rng.shuffle(&mut tiles);
    let wall = Wall::new(tiles).expect("36 tiles a part hold at most 8 flowers");
    let quan = rng.below(PLAYERS) as i64;
    InitData::new(wall, quan).expect("0-3")
}

/// A seeded family of walls (the contest layer's `--family`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// Botzone's random deal ([`random_init`]).
    Uniform,
}

impl WallFamily for Family {
    type Wall = InitData;

    const ALL: &'static [Family] = &[Family::Uniform];

    fn name(self) -> &'static str {
        match self {
            Family::Uniform => "uniform",
        }
    }

    fn wall(self, rng: &mut Rng) -> InitData {
        match self {
            Family::Uniform => random_init(rng),
        }
    }

    /// The first game of its stream: the one `mcr play --seed` deals.
    fn seeded_wall(self, seed: u64) -> InitData {
        self.wall(&mut Rng::new(seed))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_full_set_has_four_of_each_kind_and_eight_flowers() {
        let set = full_set();
        assert_eq!(set.len(), TILES);
        for t in Tile::all() {
            assert_eq!(set.iter().filter(|&&w| w == WallTile::Kind(t)).count(), 4);
        }
        let flowers = set.iter().filter(|w| matches!(w, WallTile::Flower(_)));
        assert_eq!(flowers.count(), 8);
    }

    #[test]
    fn random_walls_differ_and_every_wind_comes_up() {
        let mut rng = Rng::new(7);
        let inits: Vec<InitData> = (0..64).map(|_| random_init(&mut rng)).collect();
        assert_ne!(inits[0].wall, inits[1].wall);
        for q in 0..4 {
            assert!(inits.iter().any(|i| i.quan == q), "wind {q} never dealt");
        }
        let mut sorted: Vec<String> = inits[0]
            .wall
            .tiles()
            .iter()
            .map(|t| t.to_string())
            .collect();
        let mut set: Vec<String> = full_set().iter().map(|t| t.to_string()).collect();
        sorted.sort();
        set.sort();
        assert_eq!(sorted, set, "a wall is the full set, shuffled");
    }
}
