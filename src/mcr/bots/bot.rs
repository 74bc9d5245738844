//! The in-process bot interface of MCR: a bot answers its own requests,
//! one at a time, as a bot program under Botzone's protocol would.

use crate::mcr::judge::Request;
use std::borrow::Cow;

/// A player that answers MCR requests in process.
///
/// The answer is the response string exactly as a program would print it
/// (`PASS`, `PLAY W3`, `CHI T5 B1`, ...): an illegal or malformed one is
/// judged as the official judge judges it, so a bot can be wrong the way
/// a program can. Static answers (`PASS`, `HU`) need no allocation.
pub trait Bot {
    /// Answers one request addressed to this bot.
    fn respond(&mut self, request: &Request) -> Cow<'static, str>;
}

impl<B: Bot + ?Sized> Bot for Box<B> {
    fn respond(&mut self, request: &Request) -> Cow<'static, str> {
        (**self).respond(request)
    }
}

impl<B: Bot + ?Sized> Bot for &mut B {
    fn respond(&mut self, request: &Request) -> Cow<'static, str> {
        (**self).respond(request)
    }
}
