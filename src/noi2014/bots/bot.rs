//! The in-process bot interface: a bot answers its own requests, one at a
//! time, and keeps its own view of the game (see [`crate::noi2014::bots::view`]).

use crate::noi2014::rules::request::{Request, RequestParseError};
use std::borrow::Cow;

/// A player that answers requests in process, deterministically.
///
/// Answers are `Cow<'static, str>`: the usual ones (`PASS`, `PLAY W3`, ...)
/// are static strings, so a game needs no formatting or allocation but for
/// the target hand.
pub trait Bot {
    /// Answers one request addressed to this bot.
    fn respond(&mut self, request: &Request) -> Cow<'static, str>;

    /// Answers one request given as its string (point 21).
    fn respond_str(&mut self, request: &str) -> Result<Cow<'static, str>, RequestParseError> {
        let r: Request = request.parse()?;
        Ok(self.respond(&r))
    }
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
