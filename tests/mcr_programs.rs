//! MCR bot programs under Botzone's protocol, through the arena (and the
//! arena's games in process, the baseline): the
//! Python and C++ examples play whole games in both modes (one process a
//! request, kept running), in a sandbox where the machine allows one; a
//! program's illegal move, time-out, memory, crash, flood of output and
//! malformed output end the game as the official judge ends it (−30 for the offender, +10 for each
//! other seat), and the game records why with the end of its output.

use crate::common;

use mahjong_sim::botzone::protocol::Failure;
use mahjong_sim::contest::mcr::Mcr;
use mahjong_sim::contest::ruleset::Ruleset;
use mahjong_sim::mcr::bots::bot::Bot;
use mahjong_sim::mcr::games::arena::{try_play, Game, Seat};
use mahjong_sim::mcr::games::program::ProgramBot;
use mahjong_sim::mcr::games::walls::random_init;
use mahjong_sim::mcr::judge::{
    End, InitData, Offence, Options, Reply, Request, Verdict, WrongMove, PLAYERS,
};
use mahjong_sim::rng::Rng;
use std::borrow::Cow;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// What the examples do, in process: discards its draw, passes otherwise
/// (the one such bot of the tests).
struct DrawAndDiscard;

impl Bot for DrawAndDiscard {
    fn respond(&mut self, request: &Request) -> Cow<'static, str> {
        match request {
            Request::Draw(t) => format!("PLAY {t}").into(),
            _ => "PASS".into(),
        }
    }
}

fn in_process() -> Seat {
    Seat::InProcess(Box::new(DrawAndDiscard))
}

/// The program run by `command`, with a generous time limit for a busy
/// machine (the tests of time-outs set their own).
fn program(command: &str) -> Seat {
    Seat::Program(Box::new(
        ProgramBot::new(command).with_time_limit(Duration::from_secs(20)),
    ))
}

fn example(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("examples")
        .join(name)
}

fn python() -> bool {
    common::python3("MCR Python bot programs")
}

/// The C++ example built with g++ into `dir`, or `None` (said) without g++.
fn cpp_example(dir: &Path) -> Option<PathBuf> {
    let out = dir.join("mcr_bot");
    let built = Command::new("g++")
        .args(["-O2", "-o"])
        .arg(&out)
        .arg(example("mcr_bot.cpp"))
        .status();
    match built {
        Ok(s) if s.success() => Some(out),
        Ok(s) => panic!("g++ failed to build examples/mcr_bot.cpp: {s}"),
        Err(e) => {
            common::skip(&format!("the C++ MCR example: no g++ here ({e})"));
            None
        }
    }
}

fn init(seed: u64) -> InitData {
    random_init(&mut Rng::new(seed))
}

fn play(init: &InitData, seats: &mut [Seat; PLAYERS]) -> Game {
    try_play(init, Options::default(), seats, &mut |_| {}).expect("the programs run")
}

/// How many processes the program at `seat` started.
fn starts(seats: &[Seat; PLAYERS], seat: usize) -> u64 {
    match &seats[seat] {
        Seat::Program(bot) => bot.starts(),
        Seat::InProcess(_) => panic!("seat {seat} is no program"),
    }
}

/// The game's record of each program seat's steps: one a request, with
/// a process started as often as the program says, the first step
/// saying what contains it; the game's count of starts is the
/// program's, and the outcome's; no step of an in-process seat.
fn check_program_steps(seats: &[Seat; PLAYERS], game: &Game) {
    // The contest layer counts them for a tournament's summary.
    let outcome = <Mcr as Ruleset>::outcome(game);
    assert_eq!(outcome.starts, game.starts.iter().sum::<u64>());
    assert!(outcome.starts > 0, "games with programs start some");
    for (p, seat) in seats.iter().enumerate() {
        let steps: Vec<_> = game.programs.iter().filter(|s| s.player == p).collect();
        match seat {
            Seat::InProcess(_) => {
                assert!(steps.is_empty(), "seat {p}: {steps:?}");
                assert_eq!(game.starts[p], 0);
            }
            Seat::Program(bot) => {
                assert_eq!(steps.len() as u64, asked(game), "seat {p}");
                let started = steps.iter().filter(|s| s.program.started).count();
                assert_eq!(started as u64, bot.starts(), "seat {p}");
                assert_eq!(game.starts[p], bot.starts(), "seat {p}");
                assert!(steps[0].program.started, "seat {p}: {:?}", steps[0]);
                assert!(steps[0].program.containment.is_some(), "{:?}", steps[0]);
                assert!(steps[1..].iter().all(|s| s.program.containment.is_none()));
                let in_order = steps.windows(2).all(|w| w[0].step < w[1].step);
                assert!(in_order, "seat {p}");
            }
        }
    }
}

/// Requests asked of each seat in `game`: every step asks all four.
fn asked(game: &Game) -> u64 {
    game.steps.len() as u64
}

/// Checks that `game` (with program seats) is the game of the in-process
/// bots on the same wall, request for request, reply for reply.
fn same_as_in_process(init: &InitData, game: &Game) {
    let mut ours: [Seat; PLAYERS] = std::array::from_fn(|_| in_process());
    let reference = play(init, &mut ours);
    assert!(game.failures.is_empty(), "{:?}", game.failures);
    assert_eq!(game.steps, reference.steps);
    assert_eq!(game.replies, reference.replies);
    assert_eq!(game.result, reference.result);
    // Not degenerate: a whole game, to the end of a wall.
    assert!(
        matches!(game.result.end, End::Exhausted { .. }),
        "{:?}",
        game.result
    );
    assert!(game.steps.len() > 30, "{} steps", game.steps.len());
}

/// In process, the examples' way (discard the draw, pass the rest)
/// exhausts every wall: no win, no penalty, every step asking all four.
#[test]
fn bots_that_discard_their_draws_exhaust_the_wall() {
    let mut rng = Rng::new(3);
    for _ in 0..20 {
        let init = random_init(&mut rng);
        let mut turns = 0;
        let mut seats = std::array::from_fn(|_| in_process());
        let game = try_play(&init, Options::default(), &mut seats, &mut |_| turns += 1).unwrap();
        assert!(
            matches!(game.result.end, End::Exhausted { .. }),
            "{:?}",
            game.result
        );
        assert_eq!(game.result.scores, [0; 4]);
        assert_eq!(game.steps.len(), game.replies.len());
        assert_eq!(turns, 4 * game.steps.len());
        // Init, deal, then draws: a part of 36 tiles gives at most 23 draws.
        assert!(game.steps.len() > 2 + 4 * 8, "{} steps", game.steps.len());
        assert!(game.programs.is_empty() && game.starts == [0; 4]);
    }
}

/// An in-process bot's wrong answer ends the game at once, penalised.
#[test]
fn a_wrong_answer_ends_the_game_with_the_penalty() {
    struct Garbage;
    impl Bot for Garbage {
        fn respond(&mut self, _: &Request) -> Cow<'static, str> {
            "PLAY".into()
        }
    }
    let game = play(
        &init(1),
        &mut with_bad_seat(Seat::InProcess(Box::new(Garbage))),
    );
    let (seat, offence, answer) = penalty(&game);
    assert_eq!((seat, offence.action(), answer), (2, "WA", Some("PLAY")));
    assert_eq!(game.steps.len(), 1, "the first step's answer is wrong");
}

#[test]
fn the_python_example_plays_whole_games_in_both_modes() {
    if !python() {
        return;
    }
    let py = format!("python3 {}", example("mcr_bot.py").display());
    for seed in [1, 2] {
        let init = init(seed);
        let mut seats = [
            program(&py),
            program(&format!("{py} --keep-running")),
            in_process(),
            program(&format!("{py} --keep-running")),
        ];
        let game = play(&init, &mut seats);
        same_as_in_process(&init, &game);
        // Once a request, or once for the whole game.
        assert_eq!(starts(&seats, 0), asked(&game));
        assert_eq!(starts(&seats, 1), 1);
        assert_eq!(starts(&seats, 3), 1);
        check_program_steps(&seats, &game);
    }
}

#[test]
fn the_cpp_example_plays_whole_games_in_both_modes() {
    let dir = common::scratch("mcr-cpp");
    let Some(bot) = cpp_example(dir.path()) else {
        return;
    };
    let bot = bot.display().to_string();
    let init = init(3);
    let mut seats = [
        program(&format!("{bot} --keep-running")),
        program(&bot),
        program(&format!("{bot} --keep-running")),
        program(&bot),
    ];
    let game = play(&init, &mut seats);
    same_as_in_process(&init, &game);
    assert_eq!(starts(&seats, 0), 1);
    assert_eq!(starts(&seats, 1), asked(&game));
    assert_eq!(starts(&seats, 2), 1);
    check_program_steps(&seats, &game);
}

/// The seat penalised at the end of `game`, its offence and its answer;
/// checks the official judge's scores (−30 for it, +10 for the others).
fn penalty(game: &Game) -> (u8, &Offence, Option<&str>) {
    let End::Penalty {
        seat,
        offence,
        answer,
    } = &game.result.end
    else {
        panic!("no penalty: {:?}", game.result)
    };
    let mut expected = [10; 4];
    expected[*seat as usize] = -30;
    assert_eq!(game.result.scores, expected);
    (*seat, offence, answer.as_deref())
}

/// Seat 2 is `bad`, the others the in-process bot.
fn with_bad_seat(bad: Seat) -> [Seat; PLAYERS] {
    [in_process(), in_process(), bad, in_process()]
}

#[test]
fn an_illegal_move_is_penalised_as_the_official_judge_does() {
    if !python() {
        return;
    }
    // Declares a concealed kong of every tile it draws.
    let kong = r#"python3 -c 'import json; r = json.loads(input())["requests"][-1]; print(json.dumps({"response": "GANG " + r[2:] if r.startswith("2 ") else "PASS"}))'"#;
    let game = play(&init(4), &mut with_bad_seat(program(kong)));
    let (seat, offence, answer) = penalty(&game);
    assert_eq!(seat, 2);
    let Offence::Wrong(WrongMove::CannotConcealedKong(t)) = offence else {
        panic!("{offence:?}")
    };
    assert_eq!(answer, Some(format!("GANG {t}").as_str()));
    assert_eq!(offence.action(), "WA");
    assert_eq!(
        offence.to_string(),
        format!("wrong answer: GANG {t} without four {t}")
    );
    // The program answered; nothing failed.
    assert!(game.failures.is_empty(), "{:?}", game.failures);
    // Not at once: it passed the notices before its first draw.
    assert!(game.steps.len() > 2, "{} steps", game.steps.len());
}

#[test]
fn a_program_over_its_time_limit_gets_tle_with_the_end_of_its_output() {
    let slow = ProgramBot::new("echo 'thinking hard' >&2; sleep 30")
        .with_time_limit(Duration::from_millis(500));
    let game = play(&init(5), &mut with_bad_seat(Seat::Program(Box::new(slow))));
    let (seat, offence, answer) = penalty(&game);
    assert_eq!(seat, 2);
    assert_eq!(offence, &Offence::Verdict(Verdict::TimeLimit));
    assert_eq!(offence.action(), "TLE");
    assert_eq!(answer, None);
    assert_eq!(game.replies[0][2], Reply::Failed(Verdict::TimeLimit));
    let [f] = &game.failures[..] else {
        panic!("{:?}", game.failures)
    };
    assert_eq!((f.step, f.player, f.failed.kind), (0, 2, Failure::TimeOut));
    assert!(f.failed.words.contains("over the time limit"), "{f:?}");
    assert_eq!(f.failed.stderr, "thinking hard");
}

#[test]
fn a_program_that_crashes_gets_re_with_the_end_of_its_output() {
    if !python() {
        return;
    }
    // Passes the notices, and fails on its first draw.
    let crash = r#"python3 -c 'import json; r = json.loads(input())["requests"][-1]; r.startswith("2 ") and print("drew", r); assert not r.startswith("2 "), "no idea what to discard"; print(json.dumps({"response": "PASS"}))'"#;
    let game = play(&init(6), &mut with_bad_seat(program(crash)));
    let (seat, offence, _) = penalty(&game);
    assert_eq!(seat, 2);
    assert_eq!(offence, &Offence::Verdict(Verdict::RuntimeError));
    assert_eq!(offence.action(), "RE");
    let [f] = &game.failures[..] else {
        panic!("{:?}", game.failures)
    };
    assert_eq!((f.player, f.failed.kind), (2, Failure::Crash));
    assert!(f.step > 1, "{f:?}");
    assert!(f.failed.words.starts_with("crashed ("), "{f:?}");
    assert!(
        f.failed
            .stderr
            .ends_with("AssertionError: no idea what to discard"),
        "{f:?}"
    );
    assert!(f.failed.stdout.starts_with("drew 2 "), "{f:?}");
    assert_eq!(
        game.replies[f.step][2],
        Reply::Failed(Verdict::RuntimeError)
    );
}

#[test]
fn malformed_output_is_an_empty_response_and_a_wrong_answer() {
    let game = play(&init(7), &mut with_bad_seat(program("echo PASS")));
    let (seat, offence, answer) = penalty(&game);
    assert_eq!((seat, answer), (2, Some("")));
    // The first request is a notice: only PASS is allowed.
    assert_eq!(offence, &Offence::Wrong(WrongMove::NotPass));
    let [f] = &game.failures[..] else {
        panic!("{:?}", game.failures)
    };
    assert_eq!(
        (f.step, f.player, f.failed.kind),
        (0, 2, Failure::MalformedOutput)
    );
    assert_eq!(f.failed.stdout, "PASS");
    assert!(f.failed.words.starts_with("output is not one JSON object"));
}

#[test]
fn a_program_that_cannot_run_is_an_error_not_a_move() {
    let mut seats = with_bad_seat(program("/nonexistent/mcr-bot"));
    let e = try_play(&init(8), Options::default(), &mut seats, &mut |_| {}).unwrap_err();
    assert!(e.to_string().contains("/nonexistent/mcr-bot"), "{e}");
}

#[test]
fn a_program_over_its_memory_limit_gets_mle() {
    let hog = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/noi2014/memory_hog.sh");
    let bot =
        ProgramBot::new(&format!("sh {}", hog.display())).with_time_limit(Duration::from_secs(20));
    let game = play(&init(9), &mut with_bad_seat(Seat::Program(Box::new(bot))));
    let (seat, offence, _) = penalty(&game);
    assert_eq!(seat, 2);
    let [f] = &game.failures[..] else {
        panic!("{:?}", game.failures)
    };
    match common::memory_cgroup() {
        // Memory in use, counted by the sandbox's cgroup: killed for it.
        Ok(()) => {
            assert_eq!(offence, &Offence::Verdict(Verdict::MemoryLimit));
            assert_eq!(f.failed.kind, Failure::MemoryLimit);
        }
        // Address space without one: the allocation fails, and the shell
        // goes on or gives up.
        Err(why) => {
            common::skip(&format!("MLE of an MCR program: no memory cgroup ({why})"));
            assert!(
                matches!(f.failed.kind, Failure::Crash | Failure::MalformedOutput),
                "{f:?}"
            );
        }
    }
}

#[test]
fn a_program_printing_too_much_gets_ole() {
    let flood = "read -r line; yes aaaa";
    let game = play(&init(10), &mut with_bad_seat(program(flood)));
    let (seat, offence, _) = penalty(&game);
    assert_eq!(seat, 2);
    assert_eq!(offence, &Offence::Verdict(Verdict::OutputLimit));
    let [f] = &game.failures[..] else {
        panic!("{:?}", game.failures)
    };
    assert_eq!(f.failed.kind, Failure::TooMuchOutput);
    // The end of what it printed, not all of it.
    assert!(f.failed.stdout.contains("aaaa\naaaa"), "{f:?}");
    assert!(f.failed.stdout.len() <= 400, "{}", f.failed.stdout.len());
}
