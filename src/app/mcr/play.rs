//! `mahjong-sim mcr play`: one MCR game between bots, its log streamed
//! as it is played.

use super::super::args::BotLimits;
use super::super::files::PendingFile;
use super::super::noi2014::{interrupted_log_words, Stream, TurnsWritten};
use super::super::CliError;
use mahjong_sim::contest::entrant::{BotSpec, Entrant};
use mahjong_sim::contest::limits::Limits;
use mahjong_sim::contest::logs::seat_records;
use mahjong_sim::contest::mcr::Mcr;
use mahjong_sim::contest::play::{self as contest_play, Played};
use mahjong_sim::contest::ruleset::Ruleset;
use mahjong_sim::mcr::games::arena::{Game, StepFailed, Turn};
use mahjong_sim::mcr::games::walls::Family;
use mahjong_sim::mcr::games::{log, transcript};
use mahjong_sim::mcr::judge::{Options, Reply};
use mahjong_sim::named::WallFamily;
use mahjong_sim::place::Setting;
use mahjong_sim::replay::mcr as page;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// Play one MCR game between four bots and print its log and result.
///
/// The game is Botzone's: a random wall of 144 tiles and a random
/// prevalent wind from the seed, judged as the official judge does. The
/// log shows each step's event (the deal, a draw, a discard, a claim, a
/// kong) and the four requests of the step with their answers, as the
/// protocol writes them; the result gives each seat's score and how the
/// game ended: the winning hand's fans, or the rule a penalised bot broke.
///
/// Example: mahjong-sim mcr play --seed 1 --bot greedy --transcript game.jsonl
#[derive(clap::Args)]
pub struct PlayArgs {
    /// The seed of the wall and wind, and of the bots' random choices.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// A seat's bot, in seat order (repeat up to 4 times; empty seats get
    /// the greedy bot): a built-in name (random, greedy, planner), or NAME=BOT to
    /// show it as NAME, BOT a built-in name or a bot program under
    /// Botzone's protocol (NAME=./mybot, NAME='python3 bot.py').
    #[arg(long = "bot", value_name = "[NAME=]BOT", value_parser = Entrant::<Mcr>::parse)]
    pub bots: Vec<Entrant<Mcr>>,
    #[command(flatten)]
    pub limits: BotLimits,
    #[command(flatten)]
    pub judge: super::JudgeArgs,
    /// Print JSON Lines (the game log, `mahjong-sim/mcr-game-log`):
    /// the header, each event, each request with its reply, the result.
    #[arg(long)]
    pub json: bool,
    /// Also write the game log (JSON Lines) to this file.
    #[arg(long, value_name = "FILE")]
    pub log: Option<PathBuf>,
    /// Also write the game's replay page to this file: one
    /// self-contained HTML file with every step, the hands, melds and
    /// discards, and the winning hand's fans.
    #[arg(long, value_name = "FILE")]
    pub replay: Option<PathBuf>,
    /// Also write the game as the official judge's transcript to this
    /// file (one JSON line, the format `mcr conform` replays).
    #[arg(long, value_name = "FILE")]
    pub transcript: Option<PathBuf>,
}

/// Runs `mcr play`: the log is streamed to standard output as the game
/// goes, the files are written at the end.
pub fn run(args: PlayArgs) -> Result<ExitCode, CliError> {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    play(&args, &mut out)?;
    Ok(super::super::Verdict::Ok.into())
}

/// `mcr play`: one game, its log written to `out` as the game goes, the
/// files asked for at the end (their folders tried before the game, their
/// paths untouched until then).
fn play(args: &PlayArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let family = Family::Uniform;
    let init = family.seeded_wall(args.seed);
    let outputs = [&args.log, &args.replay, &args.transcript];
    let files = outputs
        .iter()
        .map(|p| p.as_deref().map(PendingFile::create).transpose())
        .collect::<Result<Vec<_>, _>>()?;
    let (specs, setting) = seating(args, family.wall_label(args.seed));
    let turns = TurnsWritten::default();
    note_interrupted(turns.clone(), args, &files);
    super::super::on_interrupt(super::super::OnInterrupt::Exit);
    let mut stream = Stream {
        out,
        error: None,
        closed: false,
    };
    let json = args.json;
    let limits: Limits = args.limits.clone().into();
    let mut events_shown = 0;
    let rules = args.judge.options();
    let played =
        contest_play::play_watched::<Mcr>(&init, rules, &specs, args.seed, limits, |turn| {
            turns.turn(|first| {
                events_shown += turn.events.len();
                if first {
                    stream.write(|o| {
                        if json {
                            log::write_line(o, &log::header(&setting, &init, rules))
                        } else {
                            write_text_header(o, &setting, init.quan, rules)
                        }
                    });
                }
                stream.write(|o| {
                    if json {
                        log::turn_lines(turn)
                            .iter()
                            .try_for_each(|l| log::write_line(o, l))
                    } else {
                        write_text_turn(o, turn)
                    }
                });
            });
        });
    // An interrupted game has no result: the handler is exiting.
    super::super::wait_for_interrupt_exit();
    // A program that cannot run: the files' temporary files go with them.
    let Played { game, .. } = played?;
    stream.write(|o| {
        if json {
            log::last_events(&game, events_shown)
                .iter()
                .chain([&log::result_line(&game)])
                .try_for_each(|l| log::write_line(o, l))
        } else {
            let names: Vec<String> = setting.seats.iter().map(|s| s.name.clone()).collect();
            write_text_result(o, &game, events_shown, &names)
        }
    });
    if let Some(e) = stream.error {
        return Err(CliError::Io {
            what: "cannot write standard output".into(),
            source: e,
        });
    }
    write_files(files, &setting, &game)
}

/// What an interrupted `mcr play` says: how much of the log it wrote
/// (`turns` requests), and that the files asked for were not written (their
/// temporary files, in `files`, are removed; their paths were never
/// touched).
fn note_interrupted(turns: TurnsWritten, args: &PlayArgs, files: &[Option<PendingFile>]) {
    let whats = ["log", "replay page", "transcript"];
    let paths = [&args.log, &args.replay, &args.transcript];
    let unwritten: Vec<(String, std::path::PathBuf)> = files
        .iter()
        .zip(whats.iter().zip(paths))
        .filter_map(|(f, (what, path))| {
            let (f, path) = (f.as_ref()?, path.as_ref()?);
            Some((format!("{what} {}", path.display()), f.temp().to_path_buf()))
        })
        .collect();
    super::super::interrupt_note(move || {
        let mut note = interrupted_log_words(turns.count());
        if !unwritten.is_empty() {
            for (_, temp) in &unwritten {
                // The exit skips the files' own clean-up.
                let _ = std::fs::remove_file(temp);
            }
            let named: Vec<&str> = unwritten.iter().map(|(w, _)| w.as_str()).collect();
            note.push_str(&format!("; not written: the {}", named.join(", the ")));
        }
        note
    });
}

/// The bots of `args` in seat order, and the log's setting: the wall's
/// `label` and each seat's name (the NAME given, else the bot's own) and
/// bot.
fn seating(args: &PlayArgs, label: String) -> (Vec<BotSpec<Mcr>>, Setting) {
    let specs: Vec<BotSpec<Mcr>> = args.bots.iter().map(|e| e.spec.clone()).collect();
    let seated = contest_play::seated(&specs);
    let names: [String; 4] = std::array::from_fn(|p| {
        args.bots
            .get(p)
            .map_or_else(|| seated[p].label(), |e| e.name.clone())
    });
    let setting = Setting {
        wall: label,
        seats: seat_records(names, std::array::from_fn(|p| seated[p].label())),
        context: None,
    };
    (specs, setting)
}

/// The files asked for (`--log`, `--replay`, `--transcript`, in that
/// order), written from the finished `game` and put in their places.
fn write_files(
    files: Vec<Option<PendingFile>>,
    setting: &Setting,
    game: &Game,
) -> Result<(), CliError> {
    let labels: Vec<String> = setting.seats.iter().map(|s| s.name.clone()).collect();
    for (i, file) in files.into_iter().enumerate() {
        let Some(file) = file else {
            continue;
        };
        let mut bytes = Vec::new();
        match i {
            0 => Mcr::write_log(&mut bytes, setting, game),
            1 => bytes = page::game_page(game, &labels, &setting.wall).into_bytes(),
            _ => transcript::write(&mut bytes, game, Some(setting)).expect("to memory"),
        }
        file.finish(&bytes)?;
    }
    Ok(())
}

/// The first line of the log for people: the wall, the wind and the seats.
fn write_text_header(
    out: &mut dyn Write,
    setting: &Setting,
    quan: u8,
    rules: Options,
) -> std::io::Result<()> {
    let seated: Vec<String> = setting
        .seats
        .iter()
        .enumerate()
        .map(|(p, s)| format!("{p} {}", s.name))
        .collect();
    let wind = ["east", "south", "west", "north"][usize::from(quan)];
    writeln!(
        out,
        "MCR game, {}, prevalent wind {wind}; seats: {}",
        setting.wall,
        seated.join(", ")
    )?;
    if rules != Options::default() {
        // Said only when they are not the official judge's, in the log's
        // own words.
        let record = serde_json::to_value(log::OptionsRecord::from(rules))?;
        let words: Vec<String> = record
            .as_object()
            .into_iter()
            .flatten()
            .map(|(k, v)| format!("{k} {}", v.as_str().unwrap_or_default()))
            .collect();
        writeln!(out, "judged under: {}", words.join(", "))?;
    }
    Ok(())
}

/// One request of the log for people: the events before it, then the
/// request and its answer.
fn write_text_turn(out: &mut dyn Write, turn: &Turn) -> std::io::Result<()> {
    for e in &turn.events {
        writeln!(out, "{}", page::event_text(e))?;
    }
    let answer = match (&turn.reply, &turn.failed) {
        (Reply::Text(t), None) => t.to_string(),
        // Malformed output: the judge reads the empty response.
        (Reply::Text(_), Some(f)) => format!("(no usable answer: {})", failure_words(f)),
        (Reply::Failed(v), Some(f)) => format!("(no answer: {v}, {})", failure_words(f)),
        (Reply::Failed(v), None) => format!("(no answer: {v})"),
    };
    let request = turn.request.to_string();
    writeln!(out, "  {} <- {request:<44} -> {answer}", turn.player)
}

/// Why a program gave no usable answer, for people: the driver's words
/// and the ends of its output (`crashed (exit status 3); its stderr
/// ends: boom`).
fn failure_words(f: &StepFailed) -> String {
    let mut words = f.words.clone();
    for (name, text) in [("stdout", &f.stdout), ("stderr", &f.stderr)] {
        if !text.is_empty() {
            words.push_str(&format!("; its {name} ends: {text}"));
        }
    }
    words
}

/// The end of the log for people: the events no request followed (after
/// the first `shown`), how the game ended, the scores and the fans.
fn write_text_result(
    out: &mut dyn Write,
    game: &Game,
    shown: usize,
    names: &[String],
) -> std::io::Result<()> {
    for e in game.events.iter().skip(shown) {
        writeln!(out, "{}", page::event_text(e))?;
    }
    let table = page::result_table(game, names);
    writeln!(out, "\nresult: {}", table.summary)?;
    let width = names
        .iter()
        .map(|n| n.chars().count())
        .max()
        .unwrap_or(0)
        .max(3);
    writeln!(out, "seat  score  {:<width$}  how it ended", "bot")?;
    for row in &table.rows {
        writeln!(
            out,
            "{:<5} {:<6} {:<width$}  {}",
            row[0], row[2], row[1], row[3]
        )?;
    }
    let fans = page::fan_lines(game);
    if !fans.is_empty() {
        writeln!(out, "\nfans:")?;
        for f in fans {
            writeln!(out, "  {f}")?;
        }
    }
    Ok(())
}
