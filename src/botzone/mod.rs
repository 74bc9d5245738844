//! Botzone's bot protocol, free of any ruleset: bot programs that read
//! every request so far as one line of JSON (or, kept running, one request
//! a line) and print their response as JSON, run contained by
//! [`crate::process`]; and the other side, an in-process bot served as
//! such a program.
//!
//! - [`protocol`]: the protocol's JSON lines, its limits, and why a step
//!   gave no answer ([`protocol::StepError`], of a [`protocol::Failure`]
//!   kind).
//! - [`program`]: bot programs spoken to under it, one process per request
//!   or kept running; a step's outcome is mapped to a ruleset's reply by
//!   [`program::Judged`].
//! - [`server`]: an in-process bot answering as a bot program.
//! - [`seat`]: who plays at a seat of a game, an in-process bot or a bot
//!   program.
//!
//! NOI2014 (`noi2014::programs`) and MCR (`mcr::games::program`) each say
//! what their judge takes for a step.

pub mod program;
pub mod protocol;
pub mod seat;
pub mod server;
