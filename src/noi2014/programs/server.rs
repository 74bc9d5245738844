//! A built-in bot served as a bot program under Botzone's protocol (the
//! `noi2014 bot` command's logic): the other side of [`super::program`].

use crate::botzone::server;
pub use crate::botzone::server::{ServeError, LINE_LIMIT};
use crate::named::BuiltInBot;
use crate::noi2014::bots::bot::Bot;
use crate::noi2014::bots::built_in::BuiltIn;
use std::io::{BufRead, Write};

/// Serves `built_in` (seeded with `seed`) as a bot program under
/// Botzone's protocol ([`crate::botzone::server::serve`]): every request is
/// answered by a fresh bot replaying the history, or, with `keep_running`,
/// by the same bot for as long as it runs.
pub fn serve(
    built_in: BuiltIn,
    seed: u64,
    keep_running: bool,
    input: impl BufRead,
    out: &mut dyn Write,
) -> Result<(), ServeError> {
    let fresh = || -> Box<dyn Bot + Send> { built_in.bot(seed) };
    let answer = |bot: &mut Box<dyn Bot + Send>, request: &str| {
        bot.respond_str(request)
            .map(|a| a.into_owned())
            .map_err(|e| e.to_string())
    };
    server::serve(fresh, answer, keep_running, input, out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::botzone::protocol::KEEP_RUNNING;
    use crate::named::BuiltInBot;

    /// What [`serve`] writes for `input`, or its error.
    fn bot_says(name: &str, keep_running: bool, input: &[u8]) -> Result<String, String> {
        let mut out = Vec::new();
        let built_in = BuiltIn::parse(name).unwrap().unwrap();
        serve(built_in, 1, keep_running, input, &mut out).map_err(|e| e.to_string())?;
        Ok(String::from_utf8(out).unwrap())
    }

    const FIRST: &str = r#"{"requests":["0 2"],"responses":[],"data":""}"#;

    #[test]
    fn the_bot_answers_one_line_or_keeps_running() {
        let one = bot_says("greedy", false, format!("{FIRST}\n{FIRST}\n").as_bytes()).unwrap();
        assert_eq!(one.lines().count(), 1, "{one}");
        // The last line needs no newline.
        assert_eq!(bot_says("greedy", false, FIRST.as_bytes()).unwrap(), one);
        let kept = bot_says("greedy", true, format!("{FIRST}\n\n{FIRST}\n").as_bytes()).unwrap();
        assert_eq!(kept, format!("{one}{KEEP_RUNNING}\n{one}{KEEP_RUNNING}\n"));
    }

    #[test]
    fn the_bot_names_the_input_line_and_request_it_cannot_read() {
        let err = |keep_running, input: &str| {
            bot_says("greedy", keep_running, input.as_bytes()).unwrap_err()
        };
        for input in ["", "\n", "\n  \n"] {
            assert!(err(false, input).starts_with("no input"), "{input:?}");
        }
        let bad = r#"{"requests":["0 2","9 nonsense"],"responses":["PASS"],"data":""}"#;
        let e = err(true, &format!("{FIRST}\n\n{bad}\n"));
        assert!(
            e.starts_with("input line 3: request 2 (`9 nonsense`) is not a request: `9 nonsense` is not a NOI2014 request (`0 P`"),
            "{e}"
        );
        // The shape expected, never the names of Rust types.
        for (input, says) in [
            ("9 9\n", "expected a JSON object with \"requests\" and \"responses\", lists of strings (column 1)"),
            ("[1]\n", "expected a JSON object with \"requests\" and \"responses\", lists of strings (column 2)"),
            ("abc\n", "not JSON (expected value at line 1 column 1)"),
        ] {
            let e = err(false, input);
            assert_eq!(e, format!("input line 1: not the protocol's input line: {says}"));
        }
        let e = err(true, "\n\"1 W1\"\n");
        assert!(e.starts_with("input line 2 is a lone request"), "{e}");
        let e = bot_says("greedy", false, b"\n\xff\n").unwrap_err();
        assert_eq!(e, "input line 2 is not UTF-8");
    }

    #[test]
    fn a_line_is_read_up_to_its_limit() {
        let limit = LINE_LIMIT as usize;
        let e = bot_says("greedy", false, &vec![b' '; limit]).unwrap_err();
        assert_eq!(e, format!("input line 1 is longer than {limit} bytes"));
        // Exactly the limit with its newline: read whole (white space, so
        // no input).
        let mut line = vec![b' '; limit - 1];
        line.push(b'\n');
        let e = bot_says("greedy", false, &line).unwrap_err();
        assert!(e.starts_with("no input"), "{e}");
    }
}
