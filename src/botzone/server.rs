//! The other side of [`super::program`]: an in-process bot answering as a
//! bot program under Botzone's protocol, on standard input and output. No
//! ruleset is known here: the caller hands in how to make a fresh bot and
//! how it answers one request string.

use super::protocol::{bot_output, read_input, KEEP_RUNNING};
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

/// Serves a bot as a bot program. Reads the judge's line (the protocol's
/// JSON input), replays every request through a `fresh` bot (deterministic
/// bots answer the old requests as they did before) and writes its
/// `answer` to the newest as the protocol's output line. With
/// `keep_running` it then writes the keep-running marker and answers each
/// further line (the newest request as a JSON string) with the same bot,
/// until its input ends; a full input line starts it afresh. `answer` says
/// in words why a string is no request it can answer.
pub fn serve<B>(
    mut fresh: impl FnMut() -> B,
    mut answer: impl FnMut(&mut B, &str) -> Result<String, String>,
    keep_running: bool,
    mut input: impl BufRead,
    out: &mut dyn Write,
) -> Result<(), ServeError> {
    let mut bot: Option<B> = None;
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
        let mut answer_to = |bot: &mut B, i: usize, request: &str| {
            answer(bot, request).map_err(|e| {
                ServeError::Input(format!(
                    "input line {number}: request {i} (`{request}`) is not a request: {e}"
                ))
            })
        };
        let reply = match serde_json::from_str::<String>(text) {
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
                let mut reply = String::new();
                for (i, request) in input.requests.iter().enumerate() {
                    reply = answer_to(b, i + 1, request)?;
                }
                reply
            }
        };
        writeln!(out, "{}", bot_output(&reply, "")).map_err(ServeError::Write)?;
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

    /// A bot that counts the requests it has answered and says the count
    /// and the request; "bad" is no request.
    fn serve_counter(keep_running: bool, input: &str) -> Result<String, String> {
        let mut out = Vec::new();
        let answer = |n: &mut u32, r: &str| {
            *n += 1;
            (r != "bad").then(|| format!("{n} {r}")).ok_or("bad".into())
        };
        serve(|| 0, answer, keep_running, input.as_bytes(), &mut out).map_err(|e| e.to_string())?;
        Ok(String::from_utf8(out).unwrap())
    }

    #[test]
    fn a_fresh_bot_replays_the_history_and_a_kept_one_goes_on() {
        let full = r#"{"requests":["a","b"],"responses":["x"],"data":""}"#;
        let once = serve_counter(false, &format!("{full}\n\"c\"\n")).unwrap();
        assert_eq!(once, "{\"data\":\"\",\"response\":\"2 b\"}\n");
        let kept = serve_counter(true, &format!("{full}\n\"c\"\n{full}\n")).unwrap();
        let answers: Vec<&str> = kept.lines().filter(|l| *l != KEEP_RUNNING).collect();
        assert_eq!(
            answers,
            [
                r#"{"data":"","response":"2 b"}"#,
                r#"{"data":"","response":"3 c"}"#,
                r#"{"data":"","response":"2 b"}"#
            ]
        );
        let e = serve_counter(false, r#"{"requests":["a","bad"],"responses":[]}"#).unwrap_err();
        assert_eq!(e, "input line 1: request 2 (`bad`) is not a request: bad");
    }
}
