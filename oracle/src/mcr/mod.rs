//! A deliberately naive oracle for Chinese Standard Mahjong (MCR, 国标麻将)
//! scoring, written apart from the engine's `src/mcr/` and without reading
//! MahjongGB's algorithm: the rules, a census of the public conformance
//! cases, brute force, and (for inputs with a fifth copy only) answers of
//! MahjongGB's calculator run as a black box on random hands.
//!
//! - [`fan`]: every arrangement of the tiles ([`shapes`]: four sets and a
//!   pair, seven pairs, thirteen orphans, honors and knitted tiles, a knitted
//!   straight with a set and a pair) and every place of the winning tile in
//!   it; each fan by its definition ([`fans`]); the "not counted with" lists
//!   ([`table`]) and the combination principles; the highest total wins.
//!   The 81 fans plus flowers plus MahjongGB's 明暗杠, in its table order.
//!   Where MahjongGB 1.4.0 reads a rule in its own way, the code says so and
//!   names the public case (`fans-public.jsonl.gz` id) that showed it.
//! - [`fan_with`] with [`Reading::Judge2018`]: the Botzone judge's bundled
//!   2018 calculator, the differences as switches.
//! - [`shanten()`]: for each form, the fewest tiles missing from any complete
//!   hand of that form (minus one: tenpai = 0), and the kinds whose draw
//!   lowers it, by exhaustive search.
//!
//! Measured on the public files: 20,000 / 20,000 fan cases as 1.4.0 (and
//! 19,691 / 19,691 as the 2018 copy), 20,000 / 20,000 shanten hands; and
//! against the compiled calculator, 2,600,000 random winning and
//! near-winning hands, all identical.
//! Depends on nothing but std.

pub mod fans;
pub mod hand;
pub mod shanten;
pub mod shapes;
pub mod table;
pub mod tiles;

pub use fans::{fan, fan_with, Reading};
pub use hand::{FanEntry, FanInput, FanOutput, PackIn};
pub use shanten::{shanten, FormAnswer, ShantenAnswer};
