//! `mahjong-sim mcr fan`: the fans of a winning hand, or of every case of
//! a conformance file.

use super::super::files::open_input;
use super::super::{CliError, Verdict};
use mahjong_sim::mcr::cases::{answer, Output};
use mahjong_sim::mcr::input::{fans, winning_hand, Names};
use mahjong_sim::mcr::{Hand, Reading, WinContext};
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

use mahjong_sim::mcr::input::{parse_reading, parse_wind};

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

/// The hand and context of `mcr fan HAND ...`.
fn hand_of(args: &FanArgs) -> Result<(Hand, WinContext), CliError> {
    let names = Names {
        hand: "HAND",
        meld: "--meld",
        win: "--win",
    };
    let (hand, win_tile, flowers) =
        winning_hand(&args.hand, &args.melds, args.win.as_deref(), names)
            .map_err(CliError::Other)?;
    let context = WinContext {
        win_tile,
        self_drawn: args.self_drawn,
        last_copy: args.last_copy,
        about_kong: args.about_kong,
        wall_last: args.wall_last,
        seat_wind: args.seat_wind,
        prevalent_wind: args.prevalent_wind,
        flowers: args.flowers.saturating_add(flowers),
    };
    Ok((hand, context))
}

fn one(args: &FanArgs, out: &mut Vec<u8>) -> Result<(), CliError> {
    let (hand, ctx) = hand_of(args)?;
    let Some(report) = fans(&hand, &ctx, args.reading).map_err(CliError::Other)? else {
        if args.json {
            writeln!(out, "{{\"error\":\"ERROR_NOT_WIN\"}}")
        } else {
            writeln!(out, "not a win")
        }
        .map_err(CliError::Stdout)?;
        return Ok(());
    };
    if args.json {
        serde_json::to_writer(&mut *out, &report).map_err(|e| CliError::Stdout(e.into()))?;
        writeln!(out).map_err(CliError::Stdout)?;
        return Ok(());
    }
    for f in &report.fans {
        writeln!(
            out,
            "{:>2} x{} {} ({})",
            f.points, f.count, f.chinese, f.english
        )
        .map_err(CliError::Stdout)?;
    }
    writeln!(out, "total {}", report.total).map_err(CliError::Stdout)?;
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
