//! A built-in bot served as a bot program under Botzone's protocol (the
//! `noi2014 bot` command's logic): the other side of [`crate::noi2014::programs::program`].

use crate::noi2014::bots::bot::Bot;
use crate::noi2014::bots::built_in::BuiltIn;
use crate::noi2014::programs::protocol::{bot_output, read_input, KEEP_RUNNING};
use std::io::{self, BufRead, Read, Write};

/// The longest input line [`serve`] reads.
pub const LINE_LIMIT: u64 = 16 << 20;

/// Why [`serve`] stopped before its input ended.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The input could not be read.
    #[error("cannot read standard input: {0}")]
    Read(io::Error),
    /// The output could not be written.
    #[error("cannot write standard output: {0}")]
    Write(io::Error),
    /// An input line that is no request to answer: the sentence names the
    /// line (and the request) and why.
    #[error("{0}")]
    Input(String),
}

/// Serves `built_in` as a bot program. Reads the judge's line (the
/// protocol's JSON input), replays every request through a fresh bot (the
/// bots are deterministic, so it answers the old requests as it did before)
/// and writes its answer to the newest as the protocol's output line. With
/// `keep_running` it then writes the keep-running marker and answers each
/// further line (the newest request as a JSON string) with the same bot,
/// until its input ends; a full input line starts it afresh.
pub fn serve(
    built_in: BuiltIn,
    seed: u64,
    keep_running: bool,
    mut input: impl BufRead,
    out: &mut dyn Write,
) -> Result<(), ServeError> {
    let fresh = || -> Box<dyn Bot + Send> { built_in.bot(seed) };
    let mut bot: Option<Box<dyn Bot + Send>> = None;
    let mut number = 0;
    let mut raw = Vec::new();
    loop {
        raw.clear();
        (&mut input)
            .take(LINE_LIMIT)
            .read_until(b'\n', &mut raw)
            .map_err(ServeError::Read)?;
        if raw.is_empty() {
            return if bot.is_none() {
                Err(ServeError::Input(
                    "no input: expected the judge's JSON line on standard input".into(),
                ))
            } else {
                Ok(())
            };
        }
        number += 1;
        if raw.len() as u64 == LINE_LIMIT && raw.last() != Some(&b'\n') {
            return Err(ServeError::Input(format!(
                "input line {number} is longer than {LINE_LIMIT} bytes"
            )));
        }
        let text = std::str::from_utf8(&raw)
            .map_err(|_| ServeError::Input(format!("input line {number} is not UTF-8")))?
            .trim();
        if text.is_empty() {
            continue;
        }
        let answer_to = |bot: &mut Box<dyn Bot + Send>, i: usize, request: &str| {
            bot.respond_str(request)
                .map(|a| a.into_owned())
                .map_err(|e| {
                    ServeError::Input(format!(
                        "input line {number}: request {i} (`{request}`) is not a request: {e}"
                    ))
                })
        };
        let answer = match serde_json::from_str::<String>(text) {
            // Keep-running: only the newest request.
            Ok(request) => {
                let Some(b) = bot.as_mut() else {
                    return Err(ServeError::Input(format!(
                        "input line {number} is a lone request, but no full input line came before it"
                    )));
                };
                answer_to(b, 1, &request)?
            }
            Err(_) => {
                let input = read_input(text)
                    .map_err(|e| ServeError::Input(format!("input line {number}: {e}")))?;
                let b = bot.insert(fresh());
                let mut answer = String::new();
                for (i, request) in input.requests.iter().enumerate() {
                    answer = answer_to(b, i + 1, request)?;
                }
                answer
            }
        };
        writeln!(out, "{}", bot_output(&answer, "")).map_err(ServeError::Write)?;
        if !keep_running {
            return Ok(());
        }
        writeln!(out, "{KEEP_RUNNING}").map_err(ServeError::Write)?;
        out.flush().map_err(ServeError::Write)?;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
