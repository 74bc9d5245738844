//! Bot programs under Botzone's JSON protocol (points 20 and 28).
//!
//! - [`protocol`]: the protocol's JSON lines.
//! - [`program`]: bot programs spoken to under it, one process per request
//!   or kept running.
//! - [`server`]: the other side: a built-in bot answering as a bot program.

pub mod program;
pub mod protocol;
pub mod server;
