//! The contest layer: running untrusted programs (contestants' solutions,
//! bot programs) over many walls and games, for both rulesets.
//!
//! - [`guard`]: the one containment guard ([`guard::Containment`]) every
//!   run of programs happens under: the subreaper, the sweeps of what the
//!   programs leave behind, and the interrupt path.
//! - [`pool`]: the one job pool: items a few at a time, results to the
//!   caller as they finish, stopped by the caller or an interrupt.
//! - [`entrant`]: who plays a NOI2014 game (built-in bots, bot programs),
//!   their names, and a program's limits.
//! - [`check`]: differential testing of a THUPC 2021 solution against the
//!   engine, with shrinking.
//! - [`swiss`]: Swiss-round pairings and standings of NOI2014 tournaments
//!   (points 24-26).
//!
//! ## Layers
//!
//! The library is built in layers, each using only those below it (checked
//! by `tests/layers.rs`, which reads the `use crate::` lines):
//!
//! 1. the rule-free core: `tile`, `hand`, `meld`, `distance`, `analysis`,
//!    `parse`, `rng`, `stats`, `process`;
//! 2. the rulesets: `thupc2021`, `noi2014` (judges, bots, bot programs, the
//!    arena of one game);
//! 3. `replay`: a ruleset's game as a self-contained page (pure: no
//!    programs, no files);
//! 4. `contest` (this folder): programs over many games, with limits, logs
//!    folders and the reports of `check`, duels and tournaments; it saves
//!    replay pages into its logs, so it sits above `replay`;
//! 5. the command-line app (`src/app/`, the binary only): arguments,
//!    progress bars, printing.

pub mod check;
pub mod entrant;
pub mod guard;
pub mod pool;
pub mod swiss;
