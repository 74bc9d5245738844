//! `mahjong-sim mcr fan`: the fans of a winning hand, or of every case of
//! a conformance file.

use super::super::files::open_input;
use super::super::{CliError, Verdict};
use super::parse_tiles;
use mahjong_sim::mcr::cases::{answer, Output};
use mahjong_sim::mcr::{calculate, FanError, Hand, Meld, Reading, Tile, WinContext};
use serde::Serialize;
use std::io::{BufRead, Write};
use std::path::Path;
use std::process::ExitCode;

/// Score a winning hand: its fans, their points and the total.
///
/// HAND is the standing tiles (Botzone names: W1-W9 characters, T1-T9
/// bamboo, B1-B9 dots, F1-F4 east south west north, J1-J3 red green
/// white; H1-H8 flowers count as flowers), with the winning tile last
/// unless --win names it. Melds are `KIND,TILE,OFFER` as Botzone writes
/// them: `CHI,T5,2` (the chow's middle tile; offer 1-3 = which of its
/// tiles was claimed), `PENG,F1,3`, `GANG,W3,1` (offer 1-3 = the player
/// it came from), `GANG,W3,0` (a concealed kong); OFFER defaults to 1.
/// The answers are MahjongGB 1.4.0's (pymahjonggb), or the 2018
/// calculator of Botzone's judge with --reading judge2018.
///
/// With --cases, reads conformance-shaped JSON lines (an object with an
/// `input` field as in fans-public.jsonl.gz; other fields ignored) from
/// FILE or standard input and prints one `output`-shaped object a line:
/// `{"total":N,"fans":[[points,count,"中文","English"],...]}` or
/// `{"error":"ERROR_NOT_WIN"}`.
///
/// A hand that is no win prints `not a win` (status 0); bad tiles,
/// melds or tile counts are errors (status 2).
///
/// Example: mahjong-sim mcr fan W1 W2 W3 T4 T5 T6 B7 B8 B9 F1 F1 F1 J2 J2 --self-drawn
#[derive(clap::Args)]
pub struct FanArgs {
    /// The standing tiles, winning tile last (or, with --cases, the file
    /// of cases; standard input when absent or `-`).
    #[arg(value_name = "HAND")]
    pub hand: Vec<String>,
    /// A meld, `KIND,TILE[,OFFER]` (CHI, PENG or GANG); repeatable, in order.
    #[arg(long = "meld", value_name = "M")]
    pub melds: Vec<String>,
    /// The winning tile, when it is not the last of HAND.
    #[arg(long = "win", value_name = "TILE")]
    pub win: Option<String>,
    /// The winning tile was drawn (not a discard).
    #[arg(long)]
    pub self_drawn: bool,
    /// The winning tile is the last copy of its kind (和绝张).
    #[arg(long)]
    pub last_copy: bool,
    /// On a kong's replacement tile (self-drawn) or robbing a kong.
    #[arg(long)]
    pub about_kong: bool,
    /// The last tile of the wall.
    #[arg(long)]
    pub wall_last: bool,
    /// Seat wind: E S W N (or 0-3, or F1-F4).
    #[arg(long, value_name = "W", default_value = "E", value_parser = parse_wind)]
    pub seat_wind: u8,
    /// Prevalent wind: E S W N (or 0-3, or F1-F4).
    #[arg(long, value_name = "W", default_value = "E", value_parser = parse_wind)]
    pub prevalent_wind: u8,
    /// Flowers (one point each), besides H1-H8 in HAND.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub flowers: u8,
    /// Whose answers: 1.4.0 (MahjongGB, default) or judge2018.
    #[arg(long, value_name = "R", default_value = "1.4.0", value_parser = parse_reading)]
    pub reading: Reading,
    /// Read conformance-shaped JSON lines; print one output a line.
    #[arg(long)]
    pub cases: bool,
    /// Print the result as one JSON object: total, fans, form and the
    /// arrangement that scored it.
    #[arg(long)]
    pub json: bool,
}

fn parse_wind(s: &str) -> Result<u8, String> {
    match s {
        "E" | "0" | "F1" => Ok(0),
        "S" | "1" | "F2" => Ok(1),
        "W" | "2" | "F3" => Ok(2),
        "N" | "3" | "F4" => Ok(3),
        _ => Err(format!("`{s}` is no wind (E S W N, 0-3 or F1-F4)")),
    }
}

fn parse_reading(s: &str) -> Result<Reading, String> {
    Reading::parse(s).ok_or_else(|| format!("`{s}` is no reading (1.4.0 or judge2018)"))
}

/// Runs `mcr fan`.
pub fn run(args: FanArgs) -> Result<ExitCode, CliError> {
    if args.cases {
        if args.hand.len() > 1 {
            return Err(CliError::Other(
                "--cases reads one FILE (or standard input), not a hand".into(),
            ));
        }
        let input = open_input(args.hand.first().map(Path::new))?;
        let reading = args.reading;
        return super::super::stream(|out| cases(input, reading, out));
    }
    let mut out = Vec::new();
    one(&args, &mut out)?;
    super::super::emit(&out, Verdict::Ok)
}

/// Parses `KIND,TILE[,OFFER]`.
fn parse_meld(i: usize, m: &str) -> Result<Meld, CliError> {
    let bad = |why: String| CliError::Other(format!("--meld {} (`{m}`): {why}", i + 1));
    let parts: Vec<&str> = m.split([',', ' ']).filter(|p| !p.is_empty()).collect();
    let (kind, tile, offer) = match parts[..] {
        [k, t] => (k, t, 1),
        [k, t, o] => (
            k,
            t,
            o.parse()
                .map_err(|_| bad(format!("offer `{o}` is not 0-3")))?,
        ),
        _ => {
            return Err(bad(
                "write KIND,TILE[,OFFER], e.g. CHI,T5,2 or GANG,W3,0".into()
            ))
        }
    };
    Meld::parse(&kind.to_uppercase(), tile, offer).map_err(|e| bad(e.to_string()))
}

/// The hand and context of `mcr fan HAND ...`.
fn hand_of(args: &FanArgs) -> Result<(Hand, WinContext), CliError> {
    let (mut tiles, flowers) = parse_tiles(&args.hand, "HAND")?;
    let melds = args
        .melds
        .iter()
        .enumerate()
        .map(|(i, m)| parse_meld(i, m))
        .collect::<Result<Vec<_>, _>>()?;
    let win = match &args.win {
        Some(w) => w
            .parse::<Tile>()
            .map_err(|e| CliError::Other(format!("--win: {e}")))?,
        None => tiles
            .pop()
            .ok_or_else(|| CliError::Other("no tiles: give HAND, the winning tile last".into()))?,
    };
    let want = 13 - 3 * melds.len() as i64;
    if melds.len() > 4 || tiles.len() as i64 != want {
        return Err(CliError::Other(format!(
            "HAND holds {} tile(s) besides the winning tile; with {} meld(s) it must hold {} (13 less 3 a meld)",
            tiles.len(),
            melds.len(),
            want.max(0)
        )));
    }
    let ctx = WinContext {
        win_tile: win,
        self_drawn: args.self_drawn,
        last_copy: args.last_copy,
        about_kong: args.about_kong,
        wall_last: args.wall_last,
        seat_wind: args.seat_wind,
        prevalent_wind: args.prevalent_wind,
        flowers: args.flowers.saturating_add(flowers),
    };
    Ok((
        Hand {
            melds,
            standing: tiles,
        },
        ctx,
    ))
}

#[derive(Serialize)]
struct FanLine {
    points: u16,
    count: u16,
    chinese: &'static str,
    english: &'static str,
}

#[derive(Serialize)]
struct FanJson<'a> {
    total: i32,
    fans: Vec<FanLine>,
    form: mahjong_sim::mcr::Form,
    sets: &'a [mahjong_sim::mcr::calc::Set],
}

fn one(args: &FanArgs, out: &mut Vec<u8>) -> Result<(), CliError> {
    let (hand, ctx) = hand_of(args)?;
    let result = match calculate(&hand, &ctx, args.reading) {
        Ok(r) => r,
        Err(FanError::NotWin) => {
            if args.json {
                writeln!(out, "{{\"error\":\"ERROR_NOT_WIN\"}}")
            } else {
                writeln!(out, "not a win")
            }
            .map_err(CliError::Stdout)?;
            return Ok(());
        }
        Err(e @ FanError::TileCountGreaterThan4) => {
            return Err(CliError::Other(format!(
                "a tile more than four times, which the judge2018 reading refuses ({e})"
            )))
        }
        Err(e) => return Err(CliError::Other(e.to_string())),
    };
    let fans: Vec<FanLine> = result
        .table
        .entries()
        .map(|(f, n)| FanLine {
            points: f.points(),
            count: n,
            chinese: f.chinese(args.reading),
            english: f.english(),
        })
        .collect();
    if args.json {
        let j = FanJson {
            total: result.total,
            fans,
            form: result.form,
            sets: &result.sets,
        };
        serde_json::to_writer(&mut *out, &j).map_err(|e| CliError::Stdout(e.into()))?;
        writeln!(out).map_err(CliError::Stdout)?;
        return Ok(());
    }
    for f in &fans {
        writeln!(
            out,
            "{:>2} x{} {} ({})",
            f.points, f.count, f.chinese, f.english
        )
        .map_err(CliError::Stdout)?;
    }
    writeln!(out, "total {}", result.total).map_err(CliError::Stdout)?;
    Ok(())
}

/// `mcr fan --cases`: one output a line for each input line.
fn cases(
    input: super::super::files::Input,
    reading: Reading,
    out: &mut dyn Write,
) -> Result<Verdict, CliError> {
    let name = input.name.clone();
    for (n, line) in input.reader.lines().enumerate() {
        let line = line.map_err(|source| CliError::Io {
            what: format!("cannot read {name}"),
            source,
        })?;
        if line.trim().is_empty() {
            continue;
        }
        let at = |why: String| CliError::Other(format!("{name}, line {}: {why}", n + 1));
        let case: serde_json::Value =
            serde_json::from_str(&line).map_err(|e| at(format!("not JSON: {e}")))?;
        let input = case
            .get("input")
            .ok_or_else(|| at("no `input` field".into()))?;
        let output: Output = answer(input, reading).map_err(at)?;
        serde_json::to_writer(&mut *out, &output).map_err(|e| CliError::Stdout(e.into()))?;
        writeln!(out).map_err(CliError::Stdout)?;
    }
    Ok(Verdict::Ok)
}
