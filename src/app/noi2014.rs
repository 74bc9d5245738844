//! `mahjong-sim noi2014 ...`: games of the NOI2014 ruleset between built-in
//! bots and bot programs.

use super::args::{parse_bot, parse_builtin, parse_noi_family, BotLimits};
use super::files::PendingFile;
use super::CliError;
use mahjong_sim::contest::entrant::BotSpec;
use mahjong_sim::contest::limits::Limits;
use mahjong_sim::contest::logs::seat_records;
use mahjong_sim::contest::noi2014::Noi2014;
use mahjong_sim::contest::play::{self as contest_play, Played};
use mahjong_sim::named::{BuiltInBot, WallFamily};
use mahjong_sim::noi2014::bots::built_in::BuiltIn;
use mahjong_sim::noi2014::games::arena::Turn;
use mahjong_sim::noi2014::games::families::Family;
use mahjong_sim::noi2014::games::log;
use mahjong_sim::noi2014::programs::server::{serve, ServeError};
use mahjong_sim::noi2014::rules::judge::Judge;
use mahjong_sim::noi2014::rules::request::Reply;
use mahjong_sim::noi2014::rules::result::{PlayerEnd, TargetFlaw};
use mahjong_sim::noi2014::rules::wall::Wall;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// `mahjong-sim noi2014 ...`: the NOI2014 team-contest mahjong, games
/// between bots under the judge of the rules in docs/noi2014-rules.md.
#[derive(clap::Subcommand)]
pub enum Command {
    // Each command's help is its arguments' doc comment.
    #[allow(missing_docs)]
    Play(PlayArgs),
    #[allow(missing_docs)]
    Bot(BotArgs),
    #[allow(missing_docs)]
    Duel(super::duel::Args<Noi2014>),
    #[allow(missing_docs)]
    Tournament(super::tournament::Args<Noi2014>),
    #[allow(missing_docs)]
    Merge(super::merge::Args<Noi2014>),
}

/// Runs a `noi2014` command.
pub fn run(command: Command) -> Result<ExitCode, CliError> {
    match command {
        Command::Play(args) => run_play(args),
        Command::Bot(args) => {
            let stdin = std::io::stdin().lock();
            super::stream(|out| bot(args.bot, args.seed, args.keep_running, stdin, out))
        }
        Command::Duel(args) => super::duel::run(args),
        Command::Tournament(args) => super::tournament::run(args),
        Command::Merge(args) => super::merge::run(args),
    }
}

/// Play one game between four bots and print its log and result table.
///
/// The log shows every request and answer (the protocol's strings,
/// docs/noi2014-rules.md) and
/// every event with that player's tiles as the protocol writes them
/// (exposed sets in lower case); the table gives each player's place,
/// points and how the game ended for it (won, put out and why, or its
/// declared target with its Hamming distance and chance value).
///
/// Example: mahjong-sim noi2014 play --seed 1 --bot greedy --bot sample
#[derive(clap::Args)]
pub struct PlayArgs {
    /// A wall file: 108 names W1..W9 B1..B9 T1..T9, four of each, first
    /// drawn first. Without it, a seeded wall.
    #[arg(long, value_name = "FILE", conflicts_with = "family")]
    pub wall: Option<PathBuf>,
    /// The seed of the wall (without --wall) and of the sample bots.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The family of the seeded wall: uniform, kongs, multi-ron, long.
    #[arg(long, value_parser = parse_noi_family)]
    pub family: Option<Family>,
    /// A seat's bot, in seat order (repeat up to 4 times; empty seats
    /// get the greedy bot): a built-in name (greedy, sample) or a bot
    /// program speaking Botzone's JSON protocol, one process per
    /// request, given by its path (./mybot) or a command line.
    #[arg(long = "bot", value_name = "BOT", value_parser = parse_bot)]
    pub bots: Vec<BotSpec<Noi2014>>,
    #[command(flatten)]
    pub limits: BotLimits,
    /// Print JSON Lines: the game, each request with its answer, each
    /// event with the player's tiles, and the result.
    #[arg(long)]
    pub json: bool,
    /// Also write the game's replay page to this file: one
    /// self-contained HTML file with every request and answer, the
    /// hands at every step and the ranking.
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
}

/// Run a built-in bot as a bot program under Botzone's protocol.
///
/// It reads the judge's JSON line from standard input and prints the
/// answer line (the protocol: docs/noi2014-rules.md, "The bot protocol").
/// One process per request, as in 2014, or kept running with
/// --keep-running.
///
/// Example: mahjong-sim noi2014 play --bot 'mahjong-sim noi2014 bot'
#[derive(clap::Args)]
pub struct BotArgs {
    /// Which built-in bot: greedy, sample, or greedy:eps=P (the greedy bot
    /// with a random legal move with probability P at each decision).
    #[arg(long, default_value = "greedy", value_parser = parse_builtin)]
    pub bot: BuiltIn,
    /// The seed of the sample and noisy bots' random choices.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Botzone's keep-running mode: after each answer print the line
    /// `>>>BOTZONE_REQUEST_KEEP_RUNNING<<<` and answer the next line
    /// (the newest request alone, as a JSON string) without restarting,
    /// until standard input ends.
    #[arg(long)]
    pub keep_running: bool,
}

/// Runs `noi2014 play`: the log is streamed to standard output as the
/// game goes.
fn run_play(args: PlayArgs) -> Result<ExitCode, CliError> {
    let source = match &args.wall {
        Some(path) => WallSource::File(path),
        None => WallSource::Seed(args.seed, args.family.unwrap_or(Family::Uniform)),
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    play(
        source,
        &args.bots,
        args.seed,
        args.limits.into(),
        args.json,
        args.html.as_deref(),
        &mut out,
    )?;
    Ok(super::Verdict::Ok.into())
}

/// Where the wall comes from.
pub enum WallSource<'a> {
    /// A wall file (standard input for `-`).
    File(&'a Path),
    /// A seeded wall of a family.
    Seed(u64, Family),
}

/// `noi2014 play`: one game; its log and the result table (or JSON
/// Lines) written to `out` as the game goes, each turn as it is played; the
/// replay page to `html` at the end, whole or not at all (its folder tried
/// before the game, its path untouched until then: [`PendingFile`]). A
/// closed `out` (a pipe whose reader left) does not stop the game.
pub fn play(
    source: WallSource,
    bots: &[BotSpec<Noi2014>],
    seed: u64,
    limits: Limits,
    json: bool,
    html: Option<&Path>,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let (wall, wall_label) = load_wall(source)?;
    // The page's folder is tried before the game, which may be long.
    let page_file = html.map(PendingFile::create).transpose()?;
    let labels: Vec<String> = contest_play::seated(bots)
        .iter()
        .map(BotSpec::label)
        .collect();
    let turns = TurnsWritten::default();
    note_interrupted_play(turns.clone(), html.zip(page_file.as_ref()));
    super::on_interrupt(super::OnInterrupt::Exit);
    let mut stream = Stream {
        out,
        error: None,
        closed: false,
    };
    let setting = log::Setting {
        wall: wall_label.clone(),
        seats: seat_records(
            std::array::from_fn(|p| labels[p].clone()),
            std::array::from_fn(|p| labels[p].clone()),
        ),
        context: None,
    };
    let played = contest_play::play_watched(&wall, (), bots, seed, limits, |turn| {
        turns.turn(|first| {
            if first {
                // The header once the bots are known to run.
                stream.write(|o| {
                    if json {
                        log::write_line(o, &log::header(&setting, &wall))
                    } else {
                        write_text_header(o, &wall_label, &labels)
                    }
                });
            }
            stream.write(|o| {
                if json {
                    let lines = log::turn_lines(turn);
                    lines.iter().try_for_each(|l| log::write_line(o, l))
                } else {
                    write_text_turn(o, turn)
                }
            });
        });
    });
    // An interrupted game has no result: the handler is exiting.
    super::wait_for_interrupt_exit();
    // On an error the page's temporary file goes with `page_file`.
    let Played { game, .. } = played?;
    stream.write(|o| {
        if json {
            log::write_line(o, &log::result_line(&game.judge))
        } else {
            result_table(o, &game.judge, &labels)
        }
    });
    if let Some(e) = stream.error {
        return Err(CliError::Io {
            what: "cannot write standard output".into(),
            source: e,
        });
    }
    if let Some(file) = page_file {
        let page = mahjong_sim::replay::noi2014::game_page(&game, &labels, &wall_label);
        file.finish(page.as_bytes())?;
    }
    Ok(())
}

/// The wall of `source` and its label; a wall file is hidden from the
/// bots' sandboxes.
fn load_wall(source: WallSource) -> Result<(Wall, String), CliError> {
    Ok(match source {
        WallSource::File(path) => {
            let bytes = read_bounded(Some(path), 1 << 20)?;
            let wall = Wall::parse(&bytes)
                .map_err(|e| CliError::Other(format!("{}: {e}", path.display())))?;
            // The bots must not read what they will draw.
            mahjong_sim::process::sandbox::hide(path);
            (wall, format!("wall {}", path.display()))
        }
        WallSource::Seed(s, family) => (family.seeded_wall(s), family.wall_label(s)),
    })
}

/// What an interrupted `play` says: how much of the log was written
/// (`turns` requests) and that the page, if any (its path and pending
/// file), was not: its temporary file is removed, its path never touched.
fn note_interrupted_play(turns: TurnsWritten, html: Option<(&Path, &PendingFile)>) {
    let page = html.map(|(p, f)| (p.to_path_buf(), f.temp().to_path_buf()));
    super::interrupt_note(move || {
        let n = turns.count();
        let page = page.as_ref().map_or(String::new(), |(path, temp)| {
            // The exit skips the file's own clean-up.
            let _ = std::fs::remove_file(temp);
            format!(
                "; no replay page was written ({} untouched)",
                path.display()
            )
        });
        format!("{}{page}", interrupted_log_words(n))
    });
}

/// How much of its log an interrupted `play` wrote to standard output:
/// `turns` requests. Every ruleset's `play` says it so.
pub(super) fn interrupted_log_words(turns: usize) -> String {
    match turns {
        0 => "no line of the game's log was written".to_string(),
        n => format!(
            "the game's log up to its {} was written to standard output, without its result",
            mahjong_sim::contest::count(n, "request")
        ),
    }
}

/// How many turns of a game's log `play` has written to standard output,
/// as its interrupt handler counts them: a turn being written when the
/// interrupt comes is waited for, and none starts after it, so the note
/// names exactly the requests that are out. Every ruleset's `play` counts
/// so.
#[derive(Clone, Default)]
pub(super) struct TurnsWritten(std::sync::Arc<TurnCounts>);

#[derive(Default)]
struct TurnCounts {
    /// Turns begun, written or not.
    begun: std::sync::atomic::AtomicUsize,
    /// Turns over, written or not.
    over: std::sync::atomic::AtomicUsize,
    /// Turns written.
    written: std::sync::atomic::AtomicUsize,
}

impl TurnsWritten {
    /// Writes a turn with `write` (told whether it is the game's first)
    /// unless an interrupt came first: its bots were killed by then, so
    /// the turn is not the game's.
    pub(super) fn turn(&self, write: impl FnOnce(bool)) {
        use std::sync::atomic::Ordering::SeqCst;
        let c = &self.0;
        // Begun before the interrupt flag is read, both sequentially
        // consistent: the handler, which raises the flag before it counts,
        // either sees this turn begun and waits for it, or the turn sees
        // the flag and writes nothing.
        c.begun.fetch_add(1, SeqCst);
        if !mahjong_sim::contest::guard::interrupted() {
            write(c.written.load(SeqCst) == 0);
            c.written.fetch_add(1, SeqCst);
        }
        c.over.fetch_add(1, SeqCst);
    }

    /// The turns written, once the one being written (if any) is out; for
    /// the interrupt handler. It waits a second at most: a write held up
    /// by a full pipe must not hold up the exit.
    pub(super) fn count(&self) -> usize {
        use std::sync::atomic::Ordering::SeqCst;
        let c = &self.0;
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(1);
        while c.begun.load(SeqCst) != c.over.load(SeqCst) && std::time::Instant::now() < deadline {
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        c.written.load(SeqCst)
    }
}

/// A log written as the game goes: each piece flushed at once; the first
/// error kept (a closed pipe is no error: the game goes on unread). Every
/// ruleset's `play` streams so.
pub(super) struct Stream<'a> {
    pub(super) out: &'a mut dyn Write,
    pub(super) error: Option<std::io::Error>,
    pub(super) closed: bool,
}

impl Stream<'_> {
    pub(super) fn write(&mut self, piece: impl FnOnce(&mut dyn Write) -> std::io::Result<()>) {
        if self.closed || self.error.is_some() {
            return;
        }
        match piece(&mut *self.out).and_then(|()| self.out.flush()) {
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => self.closed = true,
            Err(e) => self.error = Some(e),
            Ok(()) => {}
        }
    }
}

/// The first line of the game's log for people: the wall and the seats.
fn write_text_header(
    out: &mut dyn Write,
    wall_label: &str,
    labels: &[String],
) -> std::io::Result<()> {
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
}

/// One turn of the game's log for people: the request and its answer,
/// then each event with its player's tiles.
fn write_text_turn(out: &mut dyn Write, turn: &Turn) -> std::io::Result<()> {
    let answer = match &turn.reply {
        Reply::Text(t) => t.clone(),
        Reply::Failed(_, why) => {
            let output = turn
                .program
                .as_ref()
                .map_or(String::new(), |s| s.output_words());
            format!("(no answer: {why}{output})")
        }
    };
    writeln!(out, "  {} <- {:<44} -> {answer}", turn.player, turn.request)?;
    for e in &turn.events {
        match e.hand() {
            Some(h) => writeln!(
                out,
                "{:<24} | {} holds {}",
                e.event.to_string(),
                h.player,
                h.text()
            ),
            None => writeln!(out, "{}", e.event),
        }?;
    }
    Ok(())
}

/// The end of the game's log for people: how it ended and the result table.
fn result_table(out: &mut dyn Write, judge: &Judge, labels: &[String]) -> std::io::Result<()> {
    let result = judge.result().expect("the game is over");
    let end = match result.end {
        mahjong_sim::noi2014::rules::event::EndReason::EmptyWall => "the wall ran out",
        mahjong_sim::noi2014::rules::event::EndReason::OneLeft => "at most one player was left",
    };
    writeln!(out, "\nresult ({end}):")?;
    let names = table_names(labels);
    // As wide as the longest name, at least as wide as a built-in's.
    let width = names
        .iter()
        .map(|n| n.chars().count())
        .max()
        .unwrap_or(0)
        .max(9);
    writeln!(out, "place  points  seat  {:<width$} how it ended", "bot")?;
    let mut order: Vec<usize> = (0..4).collect();
    order.sort_by_key(|&p| (result.players[p].place, p));
    for p in order {
        let r = &result.players[p];
        let how = match &r.end {
            PlayerEnd::Won { order, self_drawn } => {
                mahjong_sim::replay::noi2014::won_words(*order, *self_drawn)
            }
            PlayerEnd::Out { request, reason } => format!("put out at request {request}: {reason}"),
            PlayerEnd::Playing => match (&r.target, &r.flaw) {
                (None, _) => "playing; no target".to_string(),
                (Some(_), Some(TargetFlaw::Empty)) => "playing; declared no target".to_string(),
                (Some(t), Some(flaw)) => format!("playing; target `{t}` is not valid: {flaw}"),
                (Some(t), None) => format!(
                    "playing; target {t} (valid, Hamming distance {}, chance value {})",
                    r.hamming.unwrap_or(0),
                    r.chance.unwrap_or(0)
                ),
            },
        };
        writeln!(
            out,
            "{:<6} {:<7} {:<5} {:<width$} {how}",
            r.place,
            r.points(),
            p,
            names[p]
        )?;
    }
    Ok(())
}

/// The bots' names for the table: a built-in bot by its name, a program by
/// its command line as given, never cut, so two programs never share a name.
fn table_names(labels: &[String]) -> Vec<String> {
    labels
        .iter()
        .map(|label| match BuiltIn::parse(label) {
            Ok(Some(b)) => b.name(),
            _ => label.clone(),
        })
        .collect()
}

/// Reads `path` (stdin for `None` or `-`), at most `limit` bytes: a wall or
/// a bot's input line is far smaller, and nothing more is read.
pub fn read_bounded(path: Option<&Path>, limit: u64) -> Result<Vec<u8>, CliError> {
    use std::io::Read;
    let input = super::files::open_input(path)?;
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

/// `noi2014 bot`: a built-in bot as a bot program
/// ([`mahjong_sim::noi2014::programs::server::serve`]).
pub fn bot(
    built_in: BuiltIn,
    seed: u64,
    keep_running: bool,
    input: impl std::io::BufRead,
    out: &mut dyn Write,
) -> Result<super::Verdict, CliError> {
    serve(built_in, seed, keep_running, input, out)
        .map(|()| super::Verdict::Ok)
        .map_err(|e| match e {
            ServeError::Read(source) => CliError::Io {
                what: "cannot read standard input".into(),
                source,
            },
            ServeError::Write(e) => CliError::Stdout(e),
            ServeError::Input(why) => CliError::Other(why),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_names_bots_in_full_and_apart() {
        let names =
            |ls: &[&str]| table_names(&ls.iter().map(|l| l.to_string()).collect::<Vec<_>>());
        assert_eq!(
            names(&[
                "./v1/mybot_version1",
                "./v2/mybot_version1",
                "greedy:eps=0.050",
                "sample"
            ]),
            [
                "./v1/mybot_version1",
                "./v2/mybot_version1",
                "greedy:eps=0.05",
                "sample"
            ]
        );
    }
}
