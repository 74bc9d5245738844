//! `mahjong-sim noi2014 ...`: games of the NOI2014 ruleset between built-in
//! bots and bot programs.

use super::CliError;
use mahjong_sim::noi2014::families::{walls, Family};
use mahjong_sim::noi2014::program::ProgramBot;
use mahjong_sim::noi2014::result::PlayerEnd;
use mahjong_sim::noi2014::tiles::{lower_name, name};
use mahjong_sim::noi2014::wall::Wall;
use mahjong_sim::noi2014::{Bot, GreedyBot, Judge, Reply, SampleBot};
use serde_json::json;
use std::io::Write;
use std::path::Path;

/// The built-in bots, by name.
pub const BUILT_IN: [&str; 2] = ["greedy", "sample"];

/// Who plays at a seat, as given by `--bot`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BotSpec {
    /// A built-in bot, by name.
    BuiltIn(&'static str),
    /// A program: a shell command line.
    Program(String),
}

impl BotSpec {
    /// A built-in name, or a program: a path (with a `/`) or a command line
    /// (with a space). Anything else is an unknown name.
    pub fn parse(s: &str) -> Result<BotSpec, String> {
        if let Some(b) = BUILT_IN.iter().find(|&&b| b == s) {
            return Ok(BotSpec::BuiltIn(b));
        }
        if s.contains('/') || s.trim().contains(char::is_whitespace) {
            return Ok(BotSpec::Program(s.to_string()));
        }
        Err(format!(
            "unknown bot `{s}`: the built-in bots are {}; a program is given by its path (`./mybot`) or a command line (`python3 bot.py`)",
            BUILT_IN.join(", ")
        ))
    }

    fn label(&self) -> String {
        match self {
            BotSpec::BuiltIn(b) => b.to_string(),
            BotSpec::Program(c) => c.clone(),
        }
    }
}

enum Seat {
    BuiltIn(Box<dyn Bot>),
    Program(ProgramBot),
}

/// Where the wall comes from.
pub enum WallSource<'a> {
    /// A wall file (standard input for `-`).
    File(&'a Path),
    /// A seeded wall of a family.
    Seed(u64, Family),
}

/// `noi2014 play`: one game; the log and the result table (or JSON Lines).
pub fn play(
    source: WallSource,
    bots: &[BotSpec],
    seed: u64,
    time_limit: std::time::Duration,
    json: bool,
    html: Option<&Path>,
) -> Result<Vec<u8>, CliError> {
    if bots.len() > 4 {
        return Err(CliError::Other(format!(
            "{} bots given; a table seats 4",
            bots.len()
        )));
    }
    let (wall, wall_label) = match source {
        WallSource::File(path) => {
            let bytes = read_bounded(Some(path), 1 << 20)?;
            let wall = Wall::parse(&bytes)
                .map_err(|e| CliError::Other(format!("{}: {e}", path.display())))?;
            (wall, format!("wall {}", path.display()))
        }
        WallSource::Seed(s, family) => (
            walls(family, s, 1).pop().expect("one wall"),
            format!("wall of seed {s} ({})", family.name()),
        ),
    };
    let mut specs: Vec<BotSpec> = bots.to_vec();
    specs.resize(4, BotSpec::BuiltIn("greedy"));
    let mut seats: Vec<Seat> = specs
        .iter()
        .enumerate()
        .map(|(p, spec)| match spec {
            BotSpec::BuiltIn("sample") => Seat::BuiltIn(Box::new(SampleBot::new(
                seed.wrapping_mul(4).wrapping_add(p as u64),
            ))),
            BotSpec::BuiltIn(_) => Seat::BuiltIn(Box::new(GreedyBot::new())),
            BotSpec::Program(cmd) => {
                Seat::Program(ProgramBot::new(cmd).with_time_limit(time_limit))
            }
        })
        .collect();
    let mut out = Vec::new();
    let labels: Vec<String> = specs.iter().map(BotSpec::label).collect();
    if json {
        line(
            &mut out,
            json!({"type": "game", "wall": wall_label, "seats": labels}),
        );
    } else {
        let seated: Vec<String> = labels
            .iter()
            .enumerate()
            .map(|(p, l)| format!("{p} {l}"))
            .collect();
        writeln!(
            out,
            "NOI2014 game, {wall_label}; seats: {}",
            seated.join(", ")
        )
        .expect("to memory");
    }
    let mut judge = Judge::new(&wall);
    let mut shown = 0;
    let mut answers = Vec::new();
    while let Some((p, request)) = judge.pending() {
        let text = request.to_string();
        let (reply, note) = match &mut seats[p] {
            Seat::BuiltIn(bot) => (
                Reply::Text(bot.respond(request).into_owned()),
                String::new(),
            ),
            Seat::Program(bot) => {
                let step = bot.ask(&text).map_err(|source| CliError::Io {
                    what: format!("cannot run bot `{}`", bot.command()),
                    source,
                })?;
                let note = if step.stderr_tail.is_empty() {
                    String::new()
                } else {
                    format!("; its stderr ends: {}", step.stderr_tail)
                };
                (step.reply, note)
            }
        };
        if json {
            let answer = match &reply {
                Reply::Text(t) => {
                    json!({"type": "request", "player": p, "request": text, "answer": t})
                }
                Reply::Failed(why) => {
                    json!({"type": "request", "player": p, "request": text, "failed": why, "stderr": note})
                }
            };
            line(&mut out, answer);
        } else {
            let answer = match &reply {
                Reply::Text(t) => t.clone(),
                Reply::Failed(why) => format!("(no answer: {why}{note})"),
            };
            writeln!(out, "  {p} <- {text:<44} -> {answer}").expect("to memory");
        }
        if html.is_some() {
            answers.push(mahjong_sim::replay::noi2014::Answer {
                reply: reply.clone(),
                note: note.trim_start_matches("; ").to_string(),
            });
        }
        judge.answer(reply).expect("a request is pending");
        shown = show_events(&mut out, &judge, shown, json);
    }
    result_table(&mut out, &judge, &labels, json);
    if let Some(path) = html {
        let page = mahjong_sim::replay::noi2014::page(&judge, &labels, &answers, &wall_label)
            .expect("the answers given replay the game");
        super::commands::write_page(path, &page)?;
    }
    Ok(out)
}

/// Writes the events past `shown`, each with its player's hand after it.
fn show_events(out: &mut Vec<u8>, judge: &Judge, shown: usize, json: bool) -> usize {
    for e in &judge.events()[shown..] {
        let text = e.to_string();
        let player = text.split(' ').nth(1).and_then(|p| p.parse::<usize>().ok());
        let hand = player.map(|p| hand_text(judge, p));
        if json {
            line(out, json!({"type": "event", "event": text, "hand": hand}));
        } else {
            match hand {
                Some(h) => writeln!(out, "{text:<24} | {} holds {h}", player.unwrap_or(0)),
                None => writeln!(out, "{text}"),
            }
            .expect("to memory");
        }
    }
    judge.events().len()
}

/// A player's tiles as the protocol writes them: concealed in upper case,
/// exposed sets in lower case.
fn hand_text(judge: &Judge, p: usize) -> String {
    let mut words: Vec<&str> = judge.hand(p).tiles().map(name).collect();
    for m in judge.melds(p) {
        words.extend(m.tiles().into_iter().map(lower_name));
    }
    words.join(" ")
}

fn result_table(out: &mut Vec<u8>, judge: &Judge, labels: &[String], json: bool) {
    let result = judge.result().expect("the game is over");
    if json {
        line(
            out,
            json!({"type": "result", "end": result.end, "players": result.players}),
        );
        return;
    }
    let end = match result.end {
        mahjong_sim::noi2014::EndReason::EmptyWall => "the wall ran out",
        mahjong_sim::noi2014::EndReason::OneLeft => "at most one player was left",
    };
    writeln!(out, "\nresult ({end}):").expect("to memory");
    writeln!(out, "place  points  seat  bot       how it ended").expect("to memory");
    let mut order: Vec<usize> = (0..4).collect();
    order.sort_by_key(|&p| (result.players[p].place, p));
    for p in order {
        let r = &result.players[p];
        let how = match &r.end {
            PlayerEnd::Won { order, self_drawn } => format!(
                "won {} ({})",
                ordinal(*order),
                if *self_drawn {
                    "self-drawn"
                } else {
                    "on a discard"
                }
            ),
            PlayerEnd::Out { request, reason } => format!("put out at request {request}: {reason}"),
            PlayerEnd::Playing => match (&r.target, r.valid) {
                (Some(t), true) => format!(
                    "playing; target {t} (valid, Hamming distance {}, chance value {})",
                    r.hamming.unwrap_or(0),
                    r.chance.unwrap_or(0)
                ),
                (Some(t), false) if t.trim().is_empty() => {
                    "playing; declared no target".to_string()
                }
                (Some(t), false) => format!("playing; target `{t}` is not valid"),
                (None, _) => "playing; no target".to_string(),
            },
        };
        writeln!(
            out,
            "{:<6} {:<7} {:<5} {:<9} {how}",
            r.place,
            r.points(),
            p,
            short(&labels[p])
        )
        .expect("to memory");
    }
}

/// A bot's label for the table: a program by the file name it runs.
fn short(label: &str) -> String {
    let first = label.split_whitespace().next().unwrap_or(label);
    let file = first.rsplit('/').next().unwrap_or(first);
    file.chars().take(9).collect()
}

fn ordinal(n: u8) -> String {
    match n {
        1 => "1st".into(),
        2 => "2nd".into(),
        3 => "3rd".into(),
        n => format!("{n}th"),
    }
}

fn line(out: &mut Vec<u8>, value: serde_json::Value) {
    serde_json::to_writer(&mut *out, &value).expect("JSON to memory");
    out.push(b'\n');
}

/// Reads `path` (stdin for `None` or `-`), at most `limit` bytes: a wall or
/// a bot's input line is far smaller, and nothing more is read.
pub fn read_bounded(path: Option<&Path>, limit: u64) -> Result<Vec<u8>, CliError> {
    use std::io::Read;
    let input = super::commands::open_input(path)?;
    let mut bytes = Vec::new();
    input
        .reader
        .take(limit)
        .read_to_end(&mut bytes)
        .map_err(|source| CliError::Io {
            what: format!("cannot read {}", input.name),
            source,
        })?;
    Ok(bytes)
}

/// `noi2014 bot`: a built-in bot as a bot program. Reads the judge's line
/// (point 20) from `input`, replays every request through a fresh bot (the
/// bots are deterministic, so it answers the old requests as it did before)
/// and returns its answer to the newest as the protocol's output line.
pub fn bot(name: &str, seed: u64, input: &[u8]) -> Result<Vec<u8>, CliError> {
    use mahjong_sim::noi2014::protocol::{bot_output, read_input};
    let text = std::str::from_utf8(input)
        .map_err(|_| CliError::Other("standard input is not UTF-8".into()))?;
    let line = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    let input = read_input(line).map_err(CliError::Other)?;
    let mut bot: Box<dyn Bot> = match name {
        "sample" => Box::new(SampleBot::new(seed)),
        _ => Box::new(GreedyBot::new()),
    };
    let mut answer = String::new();
    for (i, request) in input.requests.iter().enumerate() {
        let a = bot.respond_str(request).map_err(|e| {
            CliError::Other(format!(
                "request {} (`{request}`) is not a request: {e:?}",
                i + 1
            ))
        })?;
        answer = a.into_owned();
    }
    let mut out = bot_output(&answer, "").into_bytes();
    out.push(b'\n');
    Ok(out)
}
