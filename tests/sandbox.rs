//! The sandbox against hostile programs: each attack of
//! `tests/fixtures/hostile/hostile.sh` made by a bot (one process a
//! request, and kept running) and by a `check` solution. Each run must
//! complete, leave nothing running (found by scanning `/proc` for the run's
//! token in command lines: an escapee's environment may be empty), and
//! the attack must have come to nothing: no file read or written outside
//! the program's folder, no connection to a listener of the test, no judge
//! killed. Control runs with `--sandbox off` show that the same checks see
//! an attack that succeeds.
//!
//! Needs bubblewrap and namespaces (CI runs as root and installs
//! bubblewrap); skipped with a message where the machine has no sandbox.

use crate::common;
use mahjong_sim::named::WallFamily;

use std::net::TcpListener;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

fn me() -> &'static str {
    env!("CARGO_BIN_EXE_mahjong-sim")
}

/// True when programs can be sandboxed here; says why not otherwise.
fn sandbox_here(test: &str) -> bool {
    match mahjong_sim::process::sandbox::unavailable() {
        None => true,
        Some(why) => {
            common::skip(&format!("{test}: no sandbox on this machine: {why}"));
            false
        }
    }
}

/// A scratch folder for one attack: the bot's own folder (the hostile
/// script, a NOI2014 wall file the bot is told of, a THUPC wall with its
/// answer for `check --walls-dir`, the judge's pid file) and a file path
/// outside it; a TCP listener on loopback counting connections.
struct Arena {
    _tmp: tempfile::TempDir,
    bot_dir: PathBuf,
    wall: PathBuf,
    walls_dir: PathBuf,
    outside: PathBuf,
    pid_file: PathBuf,
    port: u16,
    accepted: Arc<AtomicUsize>,
}

impl Arena {
    fn new() -> Arena {
        let tmp = tempfile::tempdir().unwrap();
        // Readable by the sandbox's user (nobody), as a user's folder is.
        std::fs::set_permissions(tmp.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
        let bot_dir = tmp.path().join("bot");
        std::fs::create_dir(&bot_dir).unwrap();
        std::fs::set_permissions(&bot_dir, std::fs::Permissions::from_mode(0o755)).unwrap();
        let script =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/hostile/hostile.sh");
        std::fs::copy(&script, bot_dir.join("hostile.sh")).unwrap();
        // The wall lies in the bot's own folder: hidden all the same.
        let wall = bot_dir.join("game.wall");
        let w = mahjong_sim::noi2014::games::families::Family::Uniform.seeded_wall(1);
        std::fs::write(&wall, w.to_string()).unwrap();
        // A THUPC wall and its expected log, in the solution's folder too.
        let walls_dir = bot_dir.join("walls");
        for args in [
            vec!["gen", "--count", "1", "--out"],
            vec!["simulate", "--out"],
        ] {
            let mut cmd = Command::new(me());
            cmd.args(&args).arg(&walls_dir);
            if args[0] == "simulate" {
                cmd.arg(&walls_dir);
            }
            assert!(cmd.output().unwrap().status.success(), "{args:?}");
        }
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let accepted = Arc::new(AtomicUsize::new(0));
        let count = accepted.clone();
        std::thread::spawn(move || {
            for _ in listener.incoming().flatten() {
                count.fetch_add(1, Ordering::SeqCst);
            }
        });
        Arena {
            outside: tmp.path().join("outside.txt"),
            pid_file: bot_dir.join("judge.pid"),
            _tmp: tmp,
            bot_dir,
            wall,
            walls_dir,
            port,
            accepted,
        }
    }

    /// The argument the attack needs in `mode`: the wall a bot draws
    /// from, the answers a solution is checked against.
    fn arg(&self, attack: &str, mode: &str) -> String {
        match attack {
            "kill-judge" => self.pid_file.display().to_string(),
            "read-wall" if mode == "check" => {
                let answer = std::fs::read_dir(&self.walls_dir)
                    .unwrap()
                    .flatten()
                    .map(|e| e.path())
                    .find(|p| p.extension().is_some_and(|x| x == "ans"))
                    .expect("an answer file");
                answer.display().to_string()
            }
            "read-wall" => self.wall.display().to_string(),
            "write-outside" => self.outside.display().to_string(),
            "network" => self.port.to_string(),
            _ => "-".into(),
        }
    }

    /// Runs the attack as a bot in `mode` (`request` or `keep`) in a game
    /// on the arena's wall, or as a solution (`check`), with `sandbox`;
    /// returns the exit status and everything the judge printed.
    fn run(&self, attack: &str, token: &str, mode: &str, sandbox: &str) -> (Option<i32>, String) {
        self.run_with(attack, token, mode, sandbox, &[])
    }

    /// [`Arena::run`] with more options for the judge.
    fn run_with(
        &self,
        attack: &str,
        token: &str,
        mode: &str,
        sandbox: &str,
        more: &[&str],
    ) -> (Option<i32>, String) {
        let program = format!(
            "{} {attack} {token} {mode} {}",
            self.bot_dir.join("hostile.sh").display(),
            self.arg(attack, mode)
        );
        let mut cmd = Command::new(me());
        // 3 s a request, unless the caller sets its own limit.
        let limit = if more
            .iter()
            .any(|a| *a == "--time-limit" || *a == "--timeout")
        {
            &[][..]
        } else if mode == "check" {
            &["--timeout", "3"][..]
        } else {
            &["--time-limit", "3"][..]
        };
        if mode == "check" {
            cmd.args(["check", "--jobs", "1"])
                .args(limit)
                .arg("--walls-dir")
                .arg(&self.walls_dir)
                .args(["--shrink-seconds", "0", "--keep-going", "--save-dir"])
                .arg(self._tmp.path().join("failures"))
                .args(["--solution", &program]);
        } else {
            cmd.args(["noi2014", "play", "--json"])
                .args(limit)
                .arg("--wall")
                .arg(&self.wall)
                .args(["--bot", &program]);
        }
        let child = cmd
            .args(["--sandbox", sandbox])
            .args(more)
            .current_dir(&self.bot_dir)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        std::fs::write(&self.pid_file, child.id().to_string()).unwrap();
        let out = child.wait_with_output().unwrap();
        let mut text = String::from_utf8_lossy(&out.stdout).into_owned();
        text.push_str(&String::from_utf8_lossy(&out.stderr));
        (out.status.code(), text)
    }
}

/// Runs `attack` in the three modes under the sandbox and checks each is
/// contained; `came_to_nothing` checks the judge's output for the attack's
/// own report.
fn contained(attack: &str, came_to_nothing: impl Fn(&str) -> Result<(), String>) {
    if !sandbox_here(attack) {
        return;
    }
    for mode in ["request", "keep", "check"] {
        let arena = Arena::new();
        let token = format!("hostile-{attack}-{mode}-{}", std::process::id());
        let (code, text) = arena.run(attack, &token, mode, "on");
        let what = format!("{attack} as {mode}");
        let left = common::left_behind(&token);
        assert!(left.is_empty(), "{what}: left running: {left:?}\n{text}");
        // The game or the check ran to its end: the judge was not killed.
        let want = if mode == "check" { 1 } else { 0 };
        assert_eq!(code, Some(want), "{what}: {text}");
        assert_eq!(
            arena.accepted.load(Ordering::SeqCst),
            0,
            "{what}: connected"
        );
        assert!(!arena.outside.exists(), "{what}: wrote outside its folder");
        let host_tmp = Path::new("/tmp").join(&token);
        assert!(!host_tmp.exists(), "{what}: wrote the machine's /tmp");
        if let Err(e) = came_to_nothing(&text) {
            panic!("{what}: {e}\n{text}");
        }
    }
}

/// The judge's own time-out verdict: a bot put out with `time_limit` in
/// the game log, or the check report's "timed out" for a solution. (A
/// word such as "time" alone would not do: the check report repeats the
/// command line, `--timeout` and all.)
fn timed_out(text: &str) -> Result<(), String> {
    if text.contains("\"failure\":\"time_limit\"") || text.contains("the solution timed out") {
        Ok(())
    } else {
        Err("no time-out verdict".into())
    }
}

/// The time-out check reads the verdict, not a word the report may hold
/// anyway.
#[test]
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow: cargo test --features slow-tests"
)]
fn the_time_out_check_reads_the_verdict_not_the_word() {
    assert!(timed_out("reproduce: ./hostile.sh sleep t check --timeout 3 < wall").is_err());
    assert!(timed_out(r#"{"reply":{"kind":"failed","failure":"time_limit"}}"#).is_ok());
    assert!(timed_out("on that wall the solution timed out").is_ok());
}

/// The attack ran and said `said`.
fn reported(said: &'static str) -> impl Fn(&str) -> Result<(), String> {
    move |text: &str| {
        if text.contains(said) {
            Ok(())
        } else {
            Err(format!("no `{said}` in the output"))
        }
    }
}

#[test]
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow: cargo test --features slow-tests"
)]
fn a_setsid_env_i_child_that_is_quiet_dies_with_the_bot() {
    contained("setsid-quiet", reported("ATTACKED setsid-quiet: started"));
}

#[test]
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow: cargo test --features slow-tests"
)]
fn a_setsid_env_i_child_holding_the_output_dies_with_the_bot() {
    contained(
        "setsid-holding",
        reported("ATTACKED setsid-holding: started"),
    );
}

#[test]
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow: cargo test --features slow-tests"
)]
fn a_double_fork_dies_with_the_bot() {
    contained("double-fork", reported("ATTACKED double-fork: started"));
}

#[test]
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow: cargo test --features slow-tests"
)]
fn a_fork_bomb_is_contained() {
    // It may run out of processes before it can report: then it is put
    // out for its time.
    contained("fork-bomb", |text| {
        // It may run out of processes before it can report or be timed
        // out: the shell says it cannot fork.
        let ended = ["ATTACKED fork-bomb", "Cannot fork"];
        if ended.iter().any(|e| text.contains(e)) || timed_out(text).is_ok() {
            Ok(())
        } else {
            Err("neither its report, a time-out nor the process limit".into())
        }
    });
}

#[test]
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow: cargo test --features slow-tests"
)]
fn killing_its_parent_harms_nobody() {
    contained("kill-parent", |_| Ok(()));
}

#[test]
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow: cargo test --features slow-tests"
)]
fn killing_the_judge_by_its_pid_fails() {
    contained("kill-judge", reported("ATTACKED kill-judge: "));
}

#[test]
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow: cargo test --features slow-tests"
)]
fn the_wall_in_its_own_folder_cannot_be_read() {
    contained("read-wall", |text| {
        if text.contains("ATTACKED read-wall: blocked") && !text.contains("read-wall: read:") {
            Ok(())
        } else {
            Err("the wall was read, or the attack did not report".into())
        }
    });
}

#[test]
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow: cargo test --features slow-tests"
)]
fn nothing_outside_the_private_tmp_can_be_written() {
    contained("write-outside", |text| {
        if text.contains("ATTACKED write-outside: blocked") && !text.contains("wrote ") {
            Ok(())
        } else {
            Err("a file was written, or the attack did not report".into())
        }
    });
}

#[test]
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow: cargo test --features slow-tests"
)]
fn no_connection_reaches_a_listener_on_loopback() {
    contained("network", reported("ATTACKED network: blocked"));
}

#[test]
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow: cargo test --features slow-tests"
)]
fn allocating_a_gibibyte_is_put_out_for_memory() {
    contained("memory", |text| {
        if text.contains("allocated") {
            return Err("it allocated 1 GiB".into());
        }
        // A bot is put out naming the limit; a solution is killed.
        let game = text.contains("\"type\":\"header\"");
        if game && text.contains("\"failure\":\"memory_limit\"") || !game && text.contains("killed")
        {
            Ok(())
        } else {
            Err("not put out for memory".into())
        }
    });
}

#[test]
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow: cargo test --features slow-tests"
)]
fn sleeping_past_the_limit_is_a_time_out_and_the_sleep_dies() {
    contained("sleep", timed_out);
}

#[test]
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow: cargo test --features slow-tests"
)]
fn ignoring_sigterm_changes_nothing() {
    contained("ignore-term", timed_out);
}

/// The same checks see attacks that succeed without the sandbox: they can
/// fail.
#[test]
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow: cargo test --features slow-tests"
)]
fn without_the_sandbox_the_same_checks_see_the_attacks() {
    if !sandbox_here("controls") {
        return;
    }
    let arena = Arena::new();
    let token = format!("hostile-control-{}", std::process::id());
    let (_, text) = arena.run("read-wall", &token, "request", "off");
    assert!(text.contains("read-wall: read: "), "{text}");
    let (_, text) = arena.run("write-outside", &token, "request", "off");
    assert!(text.contains("wrote "), "{text}");
    assert!(arena.outside.exists());
    let _ = std::fs::remove_file(Path::new("/tmp").join(&token));
    // At least once: `play` first asks each program one request to see that
    // it runs, and this one attacks at each first request.
    let (_, _) = arena.run("network", &token, "request", "off");
    assert!(arena.accepted.load(Ordering::SeqCst) >= 1);
    // The memory attack gets its gibibyte when nothing limits it; touching
    // a gibibyte can take seconds on a busy machine, hence the long limit.
    let more = ["--memory-limit", "0", "--time-limit", "60"];
    let (_, text) = arena.run_with("memory", &token, "request", "off", &more);
    assert!(text.contains("allocated 1073741824"), "{text}");
    // Nothing stops it from killing the judge.
    let (code, text) = arena.run("kill-judge", &token, "request", "off");
    assert_ne!(code, Some(0), "the judge survived: {text}");
    // `env -i` drops the judge's mark: the escapee outlives the game.
    let (code, text) = arena.run("setsid-quiet", &token, "request", "off");
    assert_eq!(code, Some(0), "{text}");
    assert!(
        !common::left_behind(&token).is_empty(),
        "the escapee was not found"
    );
}

/// A machine without bubblewrap (or namespaces): the judge says so once,
/// and plays with process-group containment; `--sandbox on` refuses.
#[test]
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow: cargo test --features slow-tests"
)]
fn without_bubblewrap_the_judge_warns_or_refuses() {
    let play = |sandbox: &str| {
        let out = Command::new(me())
            .args(["noi2014", "play", "--bot", &format!("{} noi2014 bot", me())])
            .args([
                "--bot",
                &format!("{} noi2014 bot", me()),
                "--sandbox",
                sandbox,
            ])
            .env("MAHJONG_SIM_BWRAP", "/nonexistent/bwrap")
            .stdin(Stdio::null())
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let (code, stderr) = play("auto");
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(
        stderr
            .matches("warning: programs run without a sandbox")
            .count(),
        1,
        "{stderr}"
    );
    let (code, stderr) = play("on");
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("no sandbox can be had"), "{stderr}");
}

/// Run by an unprivileged user (here: nobody, when the tests run as root
/// and user namespaces are allowed), the sandbox holds with a user
/// namespace; without a cgroup it falls back to an address-space limit and
/// says so in the log... and an escapee still dies with the bot.
#[test]
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow: cargo test --features slow-tests"
)]
fn as_an_unprivileged_user_the_sandbox_holds() {
    // SAFETY: geteuid(2) reads this process's uid.
    if unsafe { libc::geteuid() } != 0 {
        common::skip("unprivileged: needs root to become an unprivileged user");
        return;
    }
    if !sandbox_here("unprivileged") {
        return;
    }
    let arena = Arena::new();
    let token = format!("hostile-unprivileged-{}", std::process::id());
    let program = format!(
        "{} setsid-holding {token} request -",
        arena.bot_dir.join("hostile.sh").display()
    );
    let out = Command::new("setpriv")
        .args([
            "--reuid",
            "65534",
            "--regid",
            "65534",
            "--clear-groups",
            "--",
        ])
        .arg(me())
        .args([
            "noi2014",
            "play",
            "--json",
            "--time-limit",
            "3",
            "--bot",
            &program,
        ])
        .args(["--sandbox", "on"])
        .current_dir(&arena.bot_dir)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let mut text = String::from_utf8_lossy(&out.stdout).into_owned();
    text.push_str(&String::from_utf8_lossy(&out.stderr));
    if text.contains("no sandbox can be had") {
        common::skip(&format!(
            "unprivileged: no user namespaces for an unprivileged user here: {text}"
        ));
        return;
    }
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("ATTACKED setsid-holding: started"), "{text}");
    // No cgroup for nobody here: the log says which limit applies.
    assert!(
        text.contains(r#""containment":"sandbox (bubblewrap, your user, no network); "#),
        "{text}"
    );
    let left = common::left_behind(&token);
    assert!(left.is_empty(), "left running: {left:?}");
}

/// 20 interrupts, SIGINT and SIGTERM in turn at moments spread over the
/// first seconds, of a tournament of hostile bots (escaping children that
/// hold the output or not, a double fork, a bot that ignores SIGTERM, in
/// both protocol modes): each exits with 128 + the signal, says where the
/// logs it saved are, and leaves nothing running (found by scanning
/// `/proc` for the run's token in command lines).
#[test]
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow: cargo test --features slow-tests"
)]
fn twenty_interrupts_of_a_tournament_of_hostile_bots_leave_nothing() {
    if !sandbox_here("interrupts") {
        return;
    }
    let arena = Arena::new();
    let script = arena.bot_dir.join("hostile.sh");
    // A fixed spread of moments from 0.2 s to 4 s (no seed to chase).
    let mut moment: u64 = 200;
    let mut reached = 0;
    for i in 0..20 {
        moment = (moment * 7 + 1300) % 3800 + 200;
        let token = format!("hostile-interrupt-{i}-{}", std::process::id());
        let logs = arena._tmp.path().join(format!("logs-{i}"));
        let bot = |name: &str, attack: &str, mode: &str| {
            let keep = if mode == "keep" { " #keep" } else { "" };
            format!(
                "{name}={} {attack} {token} {mode} -{keep}",
                script.display()
            )
        };
        let child = Command::new(me())
            .args(["noi2014", "tournament", "--rounds", "20", "--jobs", "2"])
            .args(["--time-limit", "2", "--logs"])
            .arg(&logs)
            .args(["--bot", &bot("a", "setsid-holding", "keep")])
            .args(["--bot", &bot("b", "setsid-quiet", "request")])
            .args(["--bot", &bot("c", "double-fork", "request")])
            .args(["--bot", &bot("d", "ignore-term", "request")])
            .args(["--bot", &format!("e={} noi2014 bot --keep-running", me())])
            .args(["--bot", "f=greedy"])
            .current_dir(&arena.bot_dir)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(moment));
        if !common::processes_with_word(&token).is_empty() {
            reached += 1;
        }
        let (signal, status) = if i % 2 == 0 {
            (libc::SIGINT, 130)
        } else {
            (libc::SIGTERM, 143)
        };
        // SAFETY: kill(2) signals our own child.
        unsafe {
            libc::kill(child.id() as i32, signal);
        }
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        let left = common::left_behind(&token);
        assert!(
            left.is_empty(),
            "interrupt {i} at {moment} ms: left {left:?}\n{stderr}"
        );
        if out.status.code() == Some(0) {
            panic!("interrupt {i} at {moment} ms: the tournament had ended\n{stderr}");
        }
        assert_eq!(out.status.code(), Some(status), "interrupt {i}: {stderr}");
        assert!(
            stderr.contains(&format!("finished so far are in {}/games", logs.display())),
            "interrupt {i}: {stderr}"
        );
    }
    // Not degenerate: most interrupts came while hostile bots ran.
    assert!(
        reached >= 10,
        "only {reached} of 20 interrupts found a bot running"
    );
}

/// The init of each sandbox's PID namespace may end after bubblewrap's
/// outer process and come to the judge (the subreaper) as a zombie: the
/// judge reaps them, so that many sandboxes one after another (a `check`,
/// or bots whose server cannot be had) do not fill the process table with
/// them (one a sandbox before).
#[test]
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow: cargo test --features slow-tests"
)]
fn forty_sandboxes_in_a_row_leave_no_pile_of_zombies() {
    use mahjong_sim::process::{Jail, SandboxOptions, Session};
    if !sandbox_here("zombies") {
        return;
    }
    let guard = mahjong_sim::contest::guard::Containment::new();
    let command = r#"echo '{"response":"PASS"}'"#;
    let jail = Jail::new(command, Path::new("/"), &SandboxOptions::default()).unwrap();
    let sandboxes = |n: usize| {
        for _ in 0..n {
            let mut s = Session::spawn(command, &jail).unwrap();
            let ex = s.exchange(b"\n", Duration::from_secs(20), 1000, "-");
            assert_eq!(ex.stdout, b"{\"response\":\"PASS\"}\n");
        }
    };
    let me = std::process::id().to_string();
    let zombies = || {
        let mut n = 0;
        for e in std::fs::read_dir("/proc").unwrap().flatten() {
            let stat = std::fs::read_to_string(e.path().join("stat")).unwrap_or_default();
            let Some(close) = stat.rfind(')') else {
                continue;
            };
            let f: Vec<&str> = stat[close + 1..].split_whitespace().collect();
            if stat.contains("(bwrap)") && f.first() == Some(&"Z") && f.get(1) == Some(&me.as_str())
            {
                n += 1;
            }
        }
        n
    };
    // Every test of the suite runs in this process, two at a time: the
    // sandboxes of another that ended since the last spawn are zombies
    // of ours too (17 were seen at once). What this test's own leave is
    // the growth from 40 sandboxes to 100: 60 with the bug, a few without.
    sandboxes(40);
    let before = zombies();
    sandboxes(60);
    let after = zombies();
    assert!(
        after < before + 30,
        "{before} zombie sandboxes after 40 in a row, {after} after 60 more"
    );
    guard.finish();
}

/// One process per request, served in one sandbox after the first request:
/// what a request's process leaves running (a child in a session of its
/// own, without the judge's environment) is killed when it exits, before
/// its answer counts, and each request still gets a process of its own.
#[test]
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow: cargo test --features slow-tests"
)]
fn a_served_request_leaves_nothing_for_the_next() {
    use mahjong_sim::noi2014::programs::program::ProgramBot;
    use mahjong_sim::noi2014::rules::request::Reply;
    if !sandbox_here("served") {
        return;
    }
    let token = format!("hostile-served-{}", std::process::id());
    let command = format!(
        r#"setsid env -i sh -c 'while :; do sleep 1; done' {token} </dev/null >/dev/null 2>&1 & echo "{{\"response\":\"$$\"}}""#
    );
    let mut bot = ProgramBot::new(&command).with_time_limit(Duration::from_secs(20));
    let mut pids = Vec::new();
    for n in 1..=4 {
        let step = bot.ask("0 0").unwrap();
        let Reply::Text(pid) = &step.reply else {
            panic!("step {n}: {step:?}");
        };
        pids.push(pid.clone());
        assert!(step.started && !step.kept_running, "{step:?}");
        // The request's escapee is gone before the next request.
        let left = common::left_behind(&token);
        assert!(left.is_empty(), "step {n}: {left:?}");
    }
    bot.stop();
    // A process a request: the shells' pids (in the sandbox) differ.
    pids.dedup();
    assert_eq!(pids.len(), 4, "{pids:?}");
}
