//! The NOI2014 rules table: every case of `tests/rules/noi2014/*.toml` (the
//! format is in that folder's README.md) played on both judges, the engine
//! (`mahjong_sim::noi2014::rules::judge::Judge`) and the oracle (`oracle::noi2014::play`),
//! each held to the case's expected requests, events and results, and the
//! two held to each other.
//!
//! A failure names the file, the case, the judge and the first expected
//! line that differs, then lists what that judge did, so a case can be
//! written by running it and reading the listing.

use mahjong_sim::noi2014::rules::judge::Judge;
use mahjong_sim::noi2014::rules::result::OutReason;
use mahjong_sim::noi2014::rules::result::PlayerEnd;
use mahjong_sim::noi2014::rules::result::TargetFlaw;
use mahjong_sim::noi2014::rules::tiles::name;
use mahjong_sim::noi2014::rules::wall::Wall;
use oracle::noi2014 as oracle_judge;
use serde::Deserialize;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The folder of case files.
const TABLE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/rules/noi2014");

/// The points of the rules page the table must cover: all but 20 (the JSON
/// lines of bot processes, which no in-process game shows; tested in
/// `src/noi2014/tests.rs`) and 24-26 (Swiss tournaments, tested in
/// `src/contest/swiss.rs`).
const REQUIRED_POINTS: &[u8] = &[
    1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 23, 27, 28, 29, 30,
    31, 32, 33, 34, 35,
];

/// A scripted answer that stands for no usable answer (a crash, a
/// time-out): `!failed WHY`.
const FAILED: &str = "!failed";

/// One case file: a list of `[[case]]` tables.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CaseFile {
    case: Vec<Case>,
}

/// One case as written (see the README for every field).
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    name: String,
    points: Vec<u8>,
    #[serde(default)]
    wall: Option<String>,
    #[serde(default)]
    hands: Option<Vec<String>>,
    #[serde(default)]
    draws: String,
    #[serde(default)]
    backs: String,
    #[serde(default)]
    refused: bool,
    #[serde(default)]
    answers: Vec<String>,
    #[serde(default)]
    requests: Option<Vec<String>>,
    #[serde(default)]
    asked: BTreeMap<String, Vec<String>>,
    #[serde(default)]
    events: Option<Vec<String>>,
    #[serde(default)]
    results: Option<Vec<String>>,
    #[serde(default)]
    out_reasons: Option<Vec<String>>,
    #[serde(default)]
    target_flaws: Option<Vec<String>>,
    #[serde(default)]
    each: Vec<BTreeMap<String, String>>,
}

impl Case {
    /// The runs of this case: itself, or one per row of `each` with its
    /// `{key}`s replaced in every string.
    fn variants(&self) -> Vec<(String, Case)> {
        if self.each.is_empty() {
            return vec![(self.name.clone(), self.clone())];
        }
        self.each
            .iter()
            .map(|row| {
                let sub = |s: &str| {
                    row.iter()
                        .fold(s.to_string(), |s, (k, v)| s.replace(&format!("{{{k}}}"), v))
                };
                let subs = |v: &[String]| v.iter().map(|s| sub(s)).collect::<Vec<_>>();
                let label: Vec<String> = row.iter().map(|(k, v)| format!("{k}={v:?}")).collect();
                let case = Case {
                    name: self.name.clone(),
                    points: self.points.clone(),
                    wall: self.wall.as_deref().map(sub),
                    hands: self.hands.as_deref().map(subs),
                    draws: sub(&self.draws),
                    backs: sub(&self.backs),
                    refused: self.refused,
                    answers: subs(&self.answers),
                    requests: self.requests.as_deref().map(subs),
                    asked: self
                        .asked
                        .iter()
                        .map(|(k, v)| (k.clone(), subs(v)))
                        .collect(),
                    events: self.events.as_deref().map(subs),
                    results: self.results.as_deref().map(subs),
                    out_reasons: self.out_reasons.as_deref().map(subs),
                    target_flaws: self.target_flaws.as_deref().map(subs),
                    each: Vec::new(),
                };
                (format!("{} [{}]", self.name, label.join(", ")), case)
            })
            .collect()
    }
}

// ---- tiles and walls ----

/// The kind (0..27: W1..W9, B1..B9, T1..T9) of an upper-case tile name.
fn kind(word: &str) -> Option<u8> {
    let b = word.as_bytes();
    let suit = match b.first()? {
        b'W' => 0,
        b'B' => 1,
        b'T' => 2,
        _ => return None,
    };
    match b.get(1..) {
        Some([d @ b'1'..=b'9']) => Some(suit * 9 + (d - b'1')),
        _ => None,
    }
}

/// The kinds of whitespace-separated upper-case tile names.
fn kinds(text: &str) -> Result<Vec<u8>, String> {
    text.split_whitespace()
        .map(|w| kind(w).ok_or_else(|| format!("`{w}` is not an upper-case tile name")))
        .collect()
}

/// The wall place of player `p`'s `i`-th dealt tile (point 5).
fn deal_place(p: usize, i: usize) -> usize {
    if i < 12 {
        16 * (i / 4) + 4 * p + i % 4
    } else {
        48 + p
    }
}

/// The wall of a case: `wall` as given, or the deal, front draws and back
/// draws placed and every other place filled with the tiles left over (the
/// README says in which order).
fn build_wall(case: &Case) -> Result<[u8; 108], String> {
    if let Some(text) = &case.wall {
        if case.hands.is_some() || !case.draws.is_empty() || !case.backs.is_empty() {
            return Err("give either `wall` or `hands`/`draws`/`backs`, not both".into());
        }
        let tiles = kinds(text)?;
        return tiles
            .try_into()
            .map_err(|t: Vec<u8>| format!("`wall` has {} tiles, not 108", t.len()));
    }
    let hands: Vec<Vec<u8>> = match &case.hands {
        Some(h) if h.len() != 4 => return Err("`hands` lists 4 seats".into()),
        Some(h) => h.iter().map(|s| kinds(s)).collect::<Result<_, _>>()?,
        None => vec![Vec::new(); 4],
    };
    let (draws, backs) = (kinds(&case.draws)?, kinds(&case.backs)?);
    let mut left = [4u8; 27];
    for &k in hands.iter().flatten().chain(&draws).chain(&backs) {
        if left[k as usize] == 0 {
            return Err(format!("more than 4 of {}", NAMES[k as usize]));
        }
        left[k as usize] -= 1;
    }
    if hands.iter().any(|h| h.len() > 13) {
        return Err("a hand of more than 13 tiles".into());
    }
    if draws.len() + backs.len() > 56 {
        return Err("more draws and backs than the 56 tiles after the deal".into());
    }
    // One of each kind left, in kind order, round after round.
    let mut filler = (0..4)
        .flat_map(|round| (0..27u8).filter(move |&k| left[k as usize] > round))
        .collect::<Vec<_>>()
        .into_iter();
    let mut wall = [None; 108];
    for (p, hand) in hands.iter().enumerate() {
        for i in 0..13 {
            wall[deal_place(p, i)] = Some(hand.get(i).copied().or_else(|| filler.next()));
        }
    }
    for (i, &k) in draws.iter().enumerate() {
        wall[52 + i] = Some(Some(k));
    }
    for (i, &k) in backs.iter().enumerate() {
        wall[107 - i] = Some(Some(k));
    }
    let wall = wall.map(|place| place.unwrap_or_else(|| filler.next()));
    Ok(wall.map(|k| k.expect("108 tiles in all")))
}

/// Upper-case tile names by kind.
const NAMES: [&str; 27] = [
    "W1", "W2", "W3", "W4", "W5", "W6", "W7", "W8", "W9", "B1", "B2", "B3", "B4", "B5", "B6", "B7",
    "B8", "B9", "T1", "T2", "T3", "T4", "T5", "T6", "T7", "T8", "T9",
];

// ---- scripted answers ----

/// A scripted answer line `P: REQUEST -> ANSWER`.
#[derive(Clone, Debug)]
struct Line {
    text: String,
    seat: usize,
    request: String,
    answer: Answer,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Answer {
    Text(String),
    Failed(String),
}

fn parse_answer_line(text: &str) -> Result<Line, String> {
    let bad = || format!("answer `{text}` is not `P: REQUEST -> ANSWER`");
    let (seat, rest) = text.split_once(": ").ok_or_else(bad)?;
    let seat: usize = seat.parse().ok().filter(|&p| p < 4).ok_or_else(bad)?;
    // The answer is everything after `-> `, spaces and tabs included; a line
    // ending in ` ->` answers the empty string.
    let (request, answer) = match rest.split_once(" -> ") {
        Some(split) => split,
        None => (rest.strip_suffix(" ->").ok_or_else(bad)?, ""),
    };
    let answer = match answer.strip_prefix(FAILED) {
        Some(why) => Answer::Failed(match why.trim() {
            "" => "scripted failure".to_string(),
            why => why.to_string(),
        }),
        None => Answer::Text(answer.to_string()),
    };
    Ok(Line {
        text: text.to_string(),
        seat,
        request: request.to_string(),
        answer,
    })
}

/// The scripted answers of one game: each line answers the first request
/// to its seat that its request pattern matches and is then used up; the
/// others get the default answer.
struct Script {
    lines: Vec<(Line, bool)>,
}

impl Script {
    fn new(lines: &[Line]) -> Script {
        Script {
            lines: lines.iter().map(|l| (l.clone(), false)).collect(),
        }
    }

    fn answer(&mut self, seat: usize, request: &str) -> Answer {
        for (line, used) in &mut self.lines {
            if !*used && line.seat == seat && glob(&line.request, request) {
                *used = true;
                return line.answer.clone();
            }
        }
        // The default: PASS, discard the tile just drawn, no target.
        Answer::Text(if let Some(tile) = request.strip_prefix("2 ") {
            format!("PLAY {tile}")
        } else if request == "4" {
            String::new()
        } else {
            "PASS".to_string()
        })
    }

    fn unused(&self) -> Vec<String> {
        self.lines
            .iter()
            .filter(|(_, used)| !used)
            .map(|(l, _)| l.text.clone())
            .collect()
    }
}

// ---- running a case ----

/// What one judge did, as the lines a case compares.
#[derive(Debug, PartialEq)]
struct Run {
    /// `P: REQUEST` in the order asked.
    requests: Vec<String>,
    /// Event lines.
    events: Vec<String>,
    /// One line per player.
    results: Vec<String>,
    /// Engine only: why each player was put out, `-` when not.
    out_reasons: Option<Vec<String>>,
    /// Engine only: the flaw of each player's target, `-` when none.
    target_flaws: Option<Vec<String>>,
    /// Answer lines never used.
    unused: Vec<String>,
}

impl Run {
    fn asked(&self, seat: usize) -> Vec<String> {
        let prefix = format!("{seat}: ");
        self.requests
            .iter()
            .filter_map(|r| r.strip_prefix(&prefix).map(str::to_string))
            .collect()
    }
}

/// The two judges.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum JudgeKind {
    Engine,
    Oracle,
}

const JUDGES: [JudgeKind; 2] = [JudgeKind::Engine, JudgeKind::Oracle];

impl JudgeKind {
    fn name(self) -> &'static str {
        match self {
            JudgeKind::Engine => "engine",
            JudgeKind::Oracle => "oracle",
        }
    }
}

/// The common part of a player's result: `won 1 self` / `won 2 discard` /
/// `playing` / `out at N`, then `place P points X`, then for a player who
/// answered request `4`: `target "TEXT"` and `valid hamming H chance C` or
/// `invalid`.
fn result_line(
    end: String,
    place: u8,
    half_points: u8,
    target: Option<&str>,
    valid: bool,
    hamming: Option<u32>,
    chance: Option<u32>,
) -> String {
    let points = if half_points % 2 == 0 {
        format!("{}", half_points / 2)
    } else {
        format!("{}.5", half_points / 2)
    };
    let mut line = format!("{end} place {place} points {points}");
    if let Some(t) = target {
        line += &format!(" target {t:?}");
        match (valid, hamming, chance) {
            (true, Some(h), Some(c)) => line += &format!(" valid hamming {h} chance {c}"),
            (false, None, None) => line += " invalid",
            other => line += &format!(" inconsistent {other:?}"),
        }
    }
    line
}

fn won(order: u8, self_drawn: bool) -> String {
    format!(
        "won {order} {}",
        if self_drawn { "self" } else { "discard" }
    )
}

fn out_reason(r: &OutReason) -> String {
    match r {
        OutReason::Failed(_, why) => format!("failed {why:?}"),
        OutReason::Malformed(a) => format!("malformed {a:?}"),
        OutReason::NotAllowed(a) => format!("not-allowed {a:?}"),
        OutReason::NotHeld(t) => format!("not-held {}", name(*t)),
        OutReason::CannotPeng(t) => format!("cannot-peng {}", name(*t)),
        OutReason::PengDiscardNotHeld(t) => format!("peng-discard-not-held {}", name(*t)),
        OutReason::CannotGang(t) => format!("cannot-gang {}", name(*t)),
        OutReason::KongOnEmptyWall(t) => format!("kong-on-empty-wall {}", name(*t)),
        OutReason::NotWinning { self_drawn: true } => "not-winning self".into(),
        OutReason::NotWinning { self_drawn: false } => "not-winning discard".into(),
    }
}

fn target_flaw(f: &TargetFlaw) -> String {
    match f {
        TargetFlaw::Empty => "empty".into(),
        TargetFlaw::NotATile(w) => format!("not-a-tile {w:?}"),
        TargetFlaw::Size(n) => format!("size {n}"),
        TargetFlaw::MoreThanFour(t) => format!("more-than-four {}", name(*t)),
        TargetFlaw::LacksExposed(m) => {
            let set = if m.size() == 4 { "kong" } else { "pung" };
            format!("lacks-exposed {set} {}", name(m.first()))
        }
        TargetFlaw::NotWinning { sets } => format!("not-winning {sets} sets"),
    }
}

fn run_engine(wall: &[u8; 108], lines: &[Line]) -> Run {
    let wall = Wall::from_kinds(wall).expect("a checked wall");
    let mut judge = Judge::new(&wall);
    let mut script = Script::new(lines);
    while let Some((p, request)) = judge.pending() {
        let request = request.to_string();
        match script.answer(p, &request) {
            Answer::Text(t) => judge.answer_text(&t),
            Answer::Failed(why) => judge.answer_failed(&why),
        }
        .expect("a request is pending");
    }
    let result = judge.result().expect("the game is over");
    Run {
        requests: judge
            .requests()
            .iter()
            .map(|(p, r)| format!("{p}: {r}"))
            .collect(),
        events: judge.events().iter().map(|e| e.to_string()).collect(),
        results: result
            .players
            .iter()
            .map(|r| {
                let end = match &r.end {
                    PlayerEnd::Won { order, self_drawn } => won(*order, *self_drawn),
                    PlayerEnd::Playing => "playing".into(),
                    PlayerEnd::Out { request, .. } => format!("out at {request}"),
                };
                result_line(
                    end,
                    r.place,
                    r.half_points,
                    r.target.as_deref(),
                    r.valid,
                    r.hamming,
                    r.chance,
                )
            })
            .collect(),
        out_reasons: Some(
            result
                .players
                .iter()
                .map(|r| match &r.end {
                    PlayerEnd::Out { reason, .. } => out_reason(reason),
                    _ => "-".into(),
                })
                .collect(),
        ),
        target_flaws: Some(
            result
                .players
                .iter()
                .map(|r| r.flaw.as_ref().map_or("-".into(), target_flaw))
                .collect(),
        ),
        unused: script.unused(),
    }
}

fn run_oracle(wall: &[u8; 108], lines: &[Line]) -> Run {
    let mut script = Script::new(lines);
    let outcome = oracle_judge::play(wall, &mut |p, request| match script
        .answer(p as usize, request)
    {
        Answer::Text(t) => oracle_judge::Reply::Text(t),
        Answer::Failed(why) => oracle_judge::Reply::Failed(why),
    });
    Run {
        requests: outcome
            .requests
            .iter()
            .map(|(p, r)| format!("{p}: {r}"))
            .collect(),
        events: outcome.events.clone(),
        results: outcome
            .results
            .iter()
            .map(|r| {
                let end = match &r.end {
                    oracle_judge::End::Won { order, self_drawn } => won(*order, *self_drawn),
                    oracle_judge::End::Playing => "playing".into(),
                    oracle_judge::End::Out { request } => format!("out at {request}"),
                };
                result_line(
                    end,
                    r.place,
                    r.half_points,
                    r.target.as_deref(),
                    r.valid,
                    r.hamming,
                    r.chance,
                )
            })
            .collect(),
        out_reasons: None,
        target_flaws: None,
        unused: script.unused(),
    }
}

fn run_judge(judge: JudgeKind, wall: &[u8; 108], lines: &[Line]) -> Run {
    match judge {
        JudgeKind::Engine => run_engine(wall, lines),
        JudgeKind::Oracle => run_oracle(wall, lines),
    }
}

// ---- matching ----

/// `*` in a pattern line matches any run of characters.
fn glob(pattern: &str, line: &str) -> bool {
    let (p, s) = (pattern.as_bytes(), line.as_bytes());
    // Classic wildcard matching: remember the last `*` and retry from it.
    let (mut i, mut j, mut star, mut mark) = (0, 0, None, 0);
    while j < s.len() {
        if i < p.len() && p[i] == b'*' {
            star = Some(i);
            mark = j;
            i += 1;
        } else if i < p.len() && p[i] == s[j] {
            i += 1;
            j += 1;
        } else if let Some(st) = star {
            i = st + 1;
            mark += 1;
            j = mark;
        } else {
            return false;
        }
    }
    p[i..].iter().all(|&c| c == b'*')
}

/// Matches expected lines (a line `...` stands for any number of lines)
/// against what a judge gave; on a mismatch, says which expected line is
/// the first that cannot be matched and what stood there.
fn match_lines(expected: &[String], got: &[String]) -> Result<(), String> {
    let (n, m) = (expected.len(), got.len());
    // reach[i][j]: expected[..i] matches got[..j].
    let mut reach = vec![vec![false; m + 1]; n + 1];
    reach[0][0] = true;
    for i in 0..n {
        for j in 0..=m {
            if !reach[i][j] {
                continue;
            }
            if expected[i] == "..." {
                for r in &mut reach[i + 1][j..] {
                    *r = true;
                }
                break;
            } else if j < m && glob(&expected[i], &got[j]) {
                reach[i + 1][j + 1] = true;
            }
        }
    }
    if reach[n][m] {
        return Ok(());
    }
    let i = (0..=n)
        .rev()
        .find(|&i| reach[i].contains(&true))
        .expect("row 0");
    let j = (0..=m).rev().find(|&j| reach[i][j]).expect("reached");
    let at = |j: usize| match got.get(j) {
        Some(line) => format!("`{line}` (line {})", j + 1),
        None => "the end".to_string(),
    };
    Err(if i == n {
        format!(
            "expected nothing after line {n} `{}`, got {}",
            expected[n - 1],
            at(j)
        )
    } else {
        format!("expected line {} `{}`, got {}", i + 1, expected[i], at(j))
    })
}

fn listing(lines: &[String]) -> String {
    lines
        .iter()
        .enumerate()
        .map(|(i, l)| format!("    {:3} {l}\n", i + 1))
        .collect()
}

/// Checks one judge's run against the case; the failures, each naming the
/// field and the first differing expected line.
fn check(case: &Case, judge: JudgeKind, run: &Run) -> Vec<String> {
    let mut failures = Vec::new();
    let mut field = |what: &str, expected: &[String], got: &[String]| {
        if let Err(e) = match_lines(expected, got) {
            failures.push(format!(
                "{what}: {e}\n  the {}'s {what}:\n{}",
                judge.name(),
                listing(got)
            ));
        }
    };
    if let Some(expected) = &case.requests {
        field("requests", expected, &run.requests);
    }
    for (seat, expected) in &case.asked {
        let p: usize = seat.parse().expect("checked seat");
        field(&format!("asked.{p}"), expected, &run.asked(p));
    }
    if let Some(expected) = &case.events {
        field("events", expected, &run.events);
    }
    if let Some(expected) = &case.results {
        field("results", expected, &run.results);
    }
    if let (Some(expected), Some(got)) = (&case.out_reasons, &run.out_reasons) {
        field("out_reasons", expected, got);
    }
    if let (Some(expected), Some(got)) = (&case.target_flaws, &run.target_flaws) {
        field("target_flaws", expected, got);
    }
    for line in &run.unused {
        failures.push(format!(
            "answer `{line}` was never used: the game did not go as the case says"
        ));
    }
    failures
}

/// The first line where two runs differ, or `None`.
fn disagreement(a: &Run, b: &Run) -> Option<String> {
    for (what, x, y) in [
        ("requests", &a.requests, &b.requests),
        ("events", &a.events, &b.events),
        ("results", &a.results, &b.results),
    ] {
        if x != y {
            let i = (0..).find(|&i| x.get(i) != y.get(i)).expect("differ");
            return Some(format!(
                "{what} line {}: engine {:?}, oracle {:?}",
                i + 1,
                x.get(i),
                y.get(i)
            ));
        }
    }
    None
}

/// Checks the parts of a case that need no game: its points, seats and
/// answer lines.
fn validate(case: &Case) -> Result<Vec<Line>, String> {
    if case.name.trim().is_empty() {
        return Err("a case needs a name".into());
    }
    if case.points.is_empty() || case.points.iter().any(|p| !(1..=35).contains(p)) {
        return Err("`points` lists rules-page points 1..=35, at least one".into());
    }
    for seat in case.asked.keys() {
        if !matches!(seat.as_str(), "0" | "1" | "2" | "3") {
            return Err(format!("`asked.{seat}`: seats are 0..3"));
        }
    }
    for (what, v) in [
        ("results", &case.results),
        ("out_reasons", &case.out_reasons),
        ("target_flaws", &case.target_flaws),
    ] {
        if v.as_ref().is_some_and(|v| v.len() != 4) {
            return Err(format!("`{what}` has one line per seat, 4 lines"));
        }
    }
    let expects = case.requests.is_some()
        || !case.asked.is_empty()
        || case.events.is_some()
        || case.results.is_some();
    if case.refused == expects {
        return Err("a case expects requests, events or results, or `refused`".into());
    }
    case.answers.iter().map(|l| parse_answer_line(l)).collect()
}

/// Plays one case (one variant) on both judges: its failures.
fn run_case(case: &Case) -> Vec<String> {
    let lines = match validate(case) {
        Ok(lines) => lines,
        Err(e) => return vec![format!("the case is not well formed: {e}")],
    };
    if case.refused {
        return check_refused(case);
    }
    let wall = match build_wall(case) {
        Ok(w) => w,
        Err(e) => return vec![format!("no wall: {e}")],
    };
    if let Err(e) = Wall::from_kinds(&wall) {
        return vec![format!("not a wall: {e}")];
    }
    let runs = JUDGES.map(|j| run_judge(j, &wall, &lines));
    let mut failures: Vec<String> = JUDGES
        .iter()
        .zip(&runs)
        .flat_map(|(&j, run)| {
            check(case, j, run)
                .into_iter()
                .map(move |f| format!("{}: {f}", j.name()))
        })
        .collect();
    if let Some(d) = disagreement(&runs[0], &runs[1]) {
        failures.push(format!("the judges disagree: {d}"));
    }
    failures
}

/// A `refused` case: its `wall` is no wall, and both judges refuse it (the
/// engine's parser with an error, the oracle's `play` by panicking).
fn check_refused(case: &Case) -> Vec<String> {
    let Some(text) = &case.wall else {
        return vec!["a `refused` case gives a `wall`".into()];
    };
    let mut failures = Vec::new();
    if let Ok(w) = Wall::parse(text.as_bytes()) {
        failures.push(format!("engine: took the wall {w:?}"));
    }
    match kinds(text).map(<[u8; 108]>::try_from) {
        Ok(Ok(wall)) => {
            // The oracle's refusal is a panic, whose message the test
            // output shows (with --nocapture): it is expected.
            let played = std::panic::catch_unwind(|| {
                oracle_judge::play(&wall, &mut |_, _| oracle_judge::Reply::Text("PASS".into()))
            });
            if played.is_ok() {
                failures.push("oracle: played the wall".into());
            }
        }
        // The oracle takes 108 tile kinds: anything else cannot reach it.
        _ => failures.push("oracle: a `refused` wall must be 108 tile names".into()),
    }
    failures
}

// ---- the table ----

/// Every case file, sorted by name.
fn case_files() -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(TABLE).expect("the rules table folder") {
        let path = entry.expect("a folder entry").path();
        let file = path.file_name().and_then(|f| f.to_str()).unwrap_or("");
        if file.ends_with(".toml") {
            files.push(path);
        } else {
            // Anything else there is a typo that would silently skip cases.
            assert_eq!(file, "README.md", "not a case file: {}", path.display());
        }
    }
    files.sort();
    files
}

fn read_cases(path: &Path) -> Vec<Case> {
    let text = std::fs::read_to_string(path).expect("a readable case file");
    let file: CaseFile = toml::from_str(&text)
        .unwrap_or_else(|e| panic!("{}: not a case file: {e}", path.display()));
    // Every `[[case]]` written is a case read: none lost to a mistyped table.
    let written = text.lines().filter(|l| l.trim() == "[[case]]").count();
    assert_eq!(
        file.case.len(),
        written,
        "{}: cases read and `[[case]]` lines",
        path.display()
    );
    file.case
}

#[test]
fn every_case_passes_on_both_judges() {
    let files = case_files();
    assert!(!files.is_empty(), "no case file in {TABLE}");
    let (mut cases, mut runs) = (0, 0);
    let mut covered = BTreeSet::new();
    let mut failures = Vec::new();
    let mut names = BTreeSet::new();
    for path in &files {
        let file = path.file_name().unwrap().to_string_lossy().to_string();
        let in_file = read_cases(path);
        assert!(!in_file.is_empty(), "{file}: no case");
        for case in &in_file {
            assert!(
                names.insert(case.name.clone()),
                "{file}: a second case named {:?}",
                case.name
            );
            cases += 1;
            covered.extend(case.points.iter().copied());
            for (label, variant) in case.variants() {
                runs += 1;
                for f in run_case(&variant) {
                    failures.push(format!("{file}: case {label:?}: {f}"));
                }
            }
        }
    }
    println!(
        "NOI2014 rules table: {} files, {cases} cases, {runs} games on each judge, points {covered:?}",
        files.len()
    );
    assert!(runs >= cases, "every case runs at least once");
    assert!(
        failures.is_empty(),
        "{} failures:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
    let missing: Vec<u8> = REQUIRED_POINTS
        .iter()
        .copied()
        .filter(|p| !covered.contains(p))
        .collect();
    assert!(missing.is_empty(), "no case covers points {missing:?}");
}

/// A case that passes: player 2 pungs player 0's B4 and discards T1.
const SELF_CHECK: &str = r#"
    [[case]]
    name = "self-check"
    points = [9]
    hands = ["", "", "B4 B4 T1", ""]
    draws = "B4"
    answers = ["2: 3 0 PLAY B4 -> PENG T1"]
    events = ["draw 0 B4", "play 0 B4", "peng 2 B4", "play 2 T1", "...", "end empty-wall"]
"#;

/// The one case in case-file `text`.
fn parse_case(text: &str) -> Case {
    let mut f: CaseFile = toml::from_str(text).expect("a case file");
    f.case.remove(0)
}

/// The runner can fail: a case written in memory with one wrong expected
/// line fails on each judge, naming the judge and that line.
#[test]
fn a_wrong_expectation_fails_on_both_judges() {
    let case = parse_case(SELF_CHECK);
    assert_eq!(run_case(&case), Vec::<String>::new());
    let lines = validate(&case).unwrap();
    let wall = build_wall(&case).unwrap();

    let mut wrong = case.clone();
    wrong.events.as_mut().unwrap()[2] = "peng 1 B4".into();
    for judge in JUDGES {
        let failures = check(&wrong, judge, &run_judge(judge, &wall, &lines));
        assert_eq!(failures.len(), 1, "{judge:?}: {failures:?}");
        assert!(
            failures[0].starts_with("events: expected line 3 `peng 1 B4`, got `peng 2 B4`"),
            "{judge:?}: {}",
            failures[0]
        );
        assert!(failures[0].contains(&format!("the {}'s events", judge.name())));
    }
    let failures = run_case(&wrong);
    assert_eq!(failures.len(), 2, "{failures:?}");
    assert!(failures[0].starts_with("engine: events: expected line 3"));
    assert!(failures[1].starts_with("oracle: events: expected line 3"));
}

/// A wrong result line, an extra expected event, an answer never used and
/// a wrong answer each fail.
#[test]
fn a_wrong_result_extra_event_or_unused_answer_fails() {
    let case = parse_case(SELF_CHECK);
    let mut wrong = case.clone();
    wrong.results = Some(vec![
        "*".into(),
        "*".into(),
        "won 1 self*".into(),
        "*".into(),
    ]);
    assert!(run_case(&wrong)[0].starts_with("engine: results: expected line 3 `won 1 self*`"));
    let mut wrong = case.clone();
    wrong.events.as_mut().unwrap().push("draw 0 W1".into());
    assert!(
        run_case(&wrong)[1].starts_with("oracle: events: expected line 7 `draw 0 W1`, got the end")
    );
    let mut wrong = case.clone();
    wrong.events.as_mut().unwrap().truncate(4);
    assert!(run_case(&wrong)[0]
        .starts_with("engine: events: expected nothing after line 4 `play 2 T1`, got `draw 3 "));
    let mut wrong = case.clone();
    wrong.answers.push("1: 5 -> PASS".into());
    wrong.events = None;
    wrong.results = Some(vec!["*".into(); 4]);
    let failures = run_case(&wrong);
    assert!(failures
        .iter()
        .any(|f| f.starts_with("oracle: answer `1: 5 -> PASS` was never used")));
    assert!(!run_case(&parse_case(&SELF_CHECK.replace("PENG T1", "PENG T2"))).is_empty());
}

/// A `refused` case with a good wall fails on both judges.
#[test]
fn a_refused_case_with_a_good_wall_fails() {
    let sorted: Vec<&str> = NAMES.iter().flat_map(|n| [*n; 4]).collect();
    let refused = Case {
        name: "refused".into(),
        points: vec![3],
        wall: Some(sorted.join(" ")),
        refused: true,
        ..Case::default()
    };
    let failures = run_case(&refused);
    assert_eq!(failures.len(), 2, "{failures:?}");
}

/// Two judges that differ are reported at the first differing line.
#[test]
fn differing_judges_are_reported_at_the_first_differing_line() {
    let case = parse_case(SELF_CHECK);
    let lines = validate(&case).unwrap();
    let wall = build_wall(&case).unwrap();
    let engine = run_judge(JudgeKind::Engine, &wall, &lines);
    let mut oracle = run_judge(JudgeKind::Oracle, &wall, &lines);
    assert_eq!(disagreement(&engine, &oracle), None);
    oracle.events[3] = "play 2 T2".into();
    assert_eq!(
        disagreement(&engine, &oracle).as_deref(),
        Some(r#"events line 4: engine Some("play 2 T1"), oracle Some("play 2 T2")"#)
    );
}

/// The matcher's wildcards: `*` in a line, `...` for any lines.
#[test]
fn the_matcher_takes_wildcards() {
    assert!(glob("draw 1 *", "draw 1 W5") && !glob("draw 1 *", "draw 2 W5"));
    assert!(glob("*out*", "out 2") && glob("a*b*c", "aXbYbc") && !glob("a*b", "ab c"));
    let v = |s: &[&str]| s.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    assert!(match_lines(&v(&["...", "b", "..."]), &v(&["a", "b", "c"])).is_ok());
    assert!(match_lines(&v(&["..."]), &v(&[])).is_ok());
    assert!(match_lines(&v(&["a"]), &v(&[])).is_err());
}
