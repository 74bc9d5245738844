//! Whole MCR games between four built-in bots in process, over random
//! walls from a fixed seed: through the arena (which keeps the full record,
//! a `String` per answer), and with the judge driven directly (answers
//! passed as borrowed strings). The target for the cheap bots is
//! 10,000 games a second a core.
//!
//! Then four such games (one of each of `.ci/official-mcr-judge`'s bot
//! mixes) replayed by two judges in the same run, from their transcripts,
//! an iteration replaying all four: ours (`mcr-replay/ours`, as `mcr
//! conform` replays a line: read, replayed, every request and the scores
//! compared) and, when `MCR_OFFICIAL_JUDGE` names the official Botzone
//! judge (built as that script's header says), that judge as Botzone runs
//! it (`mcr-replay/official`): one process a step, reading the whole log
//! so far on its standard input. Its games are checked once against the
//! transcripts before they are timed. At about 1.5 s a game, its part
//! takes a minute or two: 10 samples of one iteration (40 games), or with
//! `--quick` 3 or 7 (12 or 28 games).

use criterion::{
    criterion_group, criterion_main, BenchmarkId, Criterion, SamplingMode, Throughput,
};
use mahjong_sim::mcr::bots::bot::Bot;
use mahjong_sim::mcr::bots::built_in::BuiltIn;
use mahjong_sim::mcr::games::arena::{play, Seat};
use mahjong_sim::mcr::games::transcript::{official_judge_inputs, transcript};
use mahjong_sim::mcr::games::walls::random_init;
use mahjong_sim::mcr::judge::conform::{replay_line, Conformance};
use mahjong_sim::mcr::judge::{InitData, Judge, Options};
use mahjong_sim::named::BuiltInBot;
use mahjong_sim::rng::Rng;
use serde_json::Value;
use std::hint::black_box;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

fn bench(c: &mut Criterion) {
    let mut rng = Rng::new(48);
    let walls: Vec<InitData> = (0..1024).map(|_| random_init(&mut rng)).collect();
    let mut group = c.benchmark_group("mcr-game");
    group.throughput(Throughput::Elements(1));
    for bot in [BuiltIn::Random, BuiltIn::Greedy] {
        let mut i = 0;
        group.bench_function(BenchmarkId::new("arena", bot.name()), |b| {
            b.iter(|| {
                i = (i + 1) % walls.len();
                let mut seats: [Seat; 4] =
                    std::array::from_fn(|s| Seat::InProcess(bot.bot((i * 4 + s) as u64)));
                black_box(play(&walls[i], Options::default(), &mut seats, &mut |_| {}))
            })
        });
        let mut i = 0;
        group.bench_function(BenchmarkId::new("judge", bot.name()), |b| {
            b.iter(|| {
                i = (i + 1) % walls.len();
                let mut bots: [Box<dyn Bot + Send>; 4] =
                    std::array::from_fn(|s| bot.bot((i * 4 + s) as u64));
                let mut judge = Judge::new(&walls[i]);
                while let Some((seat, request)) = judge.pending() {
                    let request = *request;
                    let answer = bots[seat].respond(&request);
                    judge.answer_text(&answer).expect("a request is pending");
                }
                black_box(judge.result().cloned())
            })
        });
    }
    group.finish();
}

/// The seats' bots of the replayed games, cycling as in
/// `.ci/official-mcr-judge`.
const MIXES: [[BuiltIn; 4]; 4] = {
    use BuiltIn::{Greedy as G, Planner as P, Random as R};
    [[G, G, G, G], [R, R, R, R], [P, P, P, P], [R, G, P, G]]
};

/// The games both judges replay: one of each mix.
const REPLAYED: usize = MIXES.len();

/// A game of our built-in bots for the judges to replay: its transcript
/// line, and the official judge's input at each step.
struct Replayed {
    line: String,
    transcript: Value,
    inputs: Vec<String>,
}

fn replayed_games() -> Vec<Replayed> {
    let mut rng = Rng::new(1448);
    (0..REPLAYED)
        .map(|g| {
            let init = random_init(&mut rng);
            let mut seats: [Seat; 4] = std::array::from_fn(|s| {
                Seat::InProcess(MIXES[g % MIXES.len()][s].bot((g * 4 + s) as u64))
            });
            let game = play(&init, Options::default(), &mut seats, &mut |_| {});
            let transcript = transcript(&game, None);
            let inputs = official_judge_inputs(&transcript).expect("a transcript has turns");
            Replayed {
                line: transcript.to_string(),
                transcript,
                inputs,
            }
        })
        .collect()
}

/// The official judge named by `MCR_OFFICIAL_JUDGE`, or why there is none.
fn official_judge() -> Result<PathBuf, String> {
    let path = std::env::var_os("MCR_OFFICIAL_JUDGE").ok_or(
        "MCR_OFFICIAL_JUDGE is not set (.ci/official-mcr-judge's header says how to build the judge)",
    )?;
    let path = PathBuf::from(path);
    let runs = std::fs::metadata(&path).is_ok_and(|m| {
        use std::os::unix::fs::PermissionsExt;
        m.is_file() && m.permissions().mode() & 0o111 != 0
    });
    if runs {
        Ok(path)
    } else {
        Err(format!(
            "MCR_OFFICIAL_JUDGE={} is no executable file",
            path.display()
        ))
    }
}

/// One run of the official judge on `input`, as Botzone runs it: its
/// standard output.
fn run_official(judge: &Path, input: &str) -> Vec<u8> {
    let mut child = Command::new(judge)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the official judge starts");
    // It reads its whole input before it answers.
    let mut stdin = child.stdin.take().expect("piped");
    stdin
        .write_all(input.as_bytes())
        .expect("the judge reads its input");
    drop(stdin);
    let out = child.wait_with_output().expect("the judge ends");
    assert!(
        out.status.success(),
        "the official judge failed: {}",
        out.status
    );
    out.stdout
}

/// Panics unless the official judge's requests and scores are the
/// transcript's at every step of `game`.
fn check_official(judge: &Path, game: &Replayed, g: usize) {
    let turns = game.transcript["turns"].as_array().expect("turns");
    for (k, input) in game.inputs.iter().enumerate() {
        let got: Value = serde_json::from_slice(&run_official(judge, input))
            .unwrap_or_else(|e| panic!("game {g}, turn {k}: the official judge's output: {e}"));
        for field in ["command", "content"] {
            assert_eq!(
                got[field], turns[k]["judge"][field],
                "game {g}, turn {k}: the official judge's {field} differs"
            );
        }
    }
}

fn replay_bench(c: &mut Criterion) {
    let games = replayed_games();
    let mut group = c.benchmark_group("mcr-replay");
    group.throughput(Throughput::Elements(games.len() as u64));
    group.bench_function("ours", |b| {
        b.iter(|| {
            for game in &games {
                let replayed = replay_line(&game.line, Options::default());
                assert!(
                    matches!(replayed, Conformance::Identical(_)),
                    "{replayed:?}"
                );
                black_box(replayed);
            }
        })
    });
    match official_judge() {
        Ok(judge) => {
            group
                .sample_size(10)
                .sampling_mode(SamplingMode::Flat)
                .warm_up_time(Duration::from_secs(1))
                .measurement_time(Duration::from_secs(40));
            let mut checked = false;
            group.bench_function("official", |b| {
                // Here, not before: only when the filter selects it.
                if !checked {
                    for (g, game) in games.iter().enumerate() {
                        check_official(&judge, game, g);
                    }
                    checked = true;
                }
                b.iter(|| {
                    for input in games.iter().flat_map(|g| &g.inputs) {
                        black_box(run_official(&judge, input));
                    }
                })
            });
        }
        Err(why) => println!("mcr-replay/official: skipped: {why}"),
    }
    group.finish();
}

criterion_group!(benches, bench, replay_bench);
criterion_main!(benches);
