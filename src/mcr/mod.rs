//! Chinese Standard Mahjong (MCR, 国标麻将), the ruleset Botzone and the
//! IJCAI mahjong AI competitions play: tiles under their Botzone names,
//! melds with their source, the fan calculator and shanten.
//!
//! The reference is MahjongGB 1.4.0 (`pymahjonggb`): every result here is
//! its result, in its table order, quirks included, and each quirk is
//! written down where it is followed. The calculator bundled with the
//! Botzone judge (2018) reads a few hands differently; [`Reading`] names
//! both, and each difference is one switch.
//!
//! - [`tile`]: the 34 kinds and the flowers;
//! - [`hand`]: melds, the hand, the context of a win;
//! - [`fan`]: the fan table, and which calculator's reading of it;
//! - [`calc`]: the calculator;
//! - [`shanten`]: shanten of every form, the best, the useful tiles;
//! - [`cases`]: the conformance files' JSON input and output;
//! - [`input`]: hands, melds and results as front ends read and print them;
//! - [`wait`]: waits, as the calculator reads them;
//! - [`judge`]: the official Botzone judge's game as a state machine, and
//!   the replay of its recorded games;
//! - [`bots`]: in-process bots and their interface;
//! - [`games`]: walls and the arena that plays a game between players;
//! - [`learn`]: the game one decision at a time, for learning environments.

pub mod bots;
pub mod calc;
pub mod cases;
pub mod fan;
pub mod games;
pub mod hand;
pub mod input;
pub mod judge;
pub mod learn;
pub mod shanten;
pub mod tile;
pub mod wait;

pub use calc::{calculate, FanError, FanResult, Form};
pub use fan::{Fan, FanTable, Reading};
pub use hand::{Hand, Meld, MeldKind, WinContext};
pub use tile::Tile;
