//! Helpers shared by the integration tests.
#![allow(dead_code)]

pub mod schemas;

use mahjong_sim::noi2014::games::log;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A fresh temporary folder named `PREFIX-…`; the guard removes it when
/// dropped, even if the test panics.
pub fn scratch(prefix: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("{prefix}-"))
        .tempdir()
        .expect("a temporary folder")
}

/// A fresh [`scratch`] folder holding a copy of every file the repository
/// tracks (`git ls-files`, as they are in the working tree): the root of a
/// fresh clone, where the README's and guides' examples must run (a
/// folder committed by mistake, say a default logs folder, shows there).
/// Without git or outside a checkout: `corpus/`, `examples/` and `tests/`
/// linked in, and a [`skip`] note.
pub fn fresh_clone(prefix: &str) -> tempfile::TempDir {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = scratch(prefix);
    let listed = Command::new("git")
        .args(["ls-files", "-z", "--cached"])
        .current_dir(root)
        .output();
    match listed {
        Ok(out) if out.status.success() => {
            for name in out.stdout.split(|&b| b == 0).filter(|n| !n.is_empty()) {
                let name = std::str::from_utf8(name).expect("a UTF-8 path");
                let from = root.join(name);
                // Deleted in the working tree (not yet committed): gone.
                if !from.is_file() {
                    continue;
                }
                let to = dir.path().join(name);
                std::fs::create_dir_all(to.parent().expect("a parent")).unwrap();
                std::fs::copy(&from, &to).unwrap();
            }
        }
        _ => {
            skip("no git checkout: examples run beside links to corpus/, examples/ and tests/, not in a copy of the clone");
            for folder in ["corpus", "examples", "tests"] {
                std::os::unix::fs::symlink(root.join(folder), dir.path().join(folder)).unwrap();
            }
        }
    }
    dir
}

/// A logs folder that does not exist yet, in a fresh [`scratch`] folder
/// named after `name`.
pub fn logs_dir(name: &str) -> (tempfile::TempDir, PathBuf) {
    let tmp = scratch(name);
    let logs = tmp.path().join("logs");
    (tmp, logs)
}

/// What a run of the binary produced.
pub struct Run {
    pub code: Option<i32>,
    pub stdout: Vec<u8>,
    pub stderr: String,
}

/// Runs `mahjong-sim ARGS` with `stdin` as standard input.
pub fn run(args: &[&str], stdin: &[u8]) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mahjong-sim"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn mahjong-sim");
    let mut input = child.stdin.take().unwrap();
    let data = stdin.to_vec();
    // Write from a thread so a large output cannot deadlock against the input.
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&data);
    });
    let out = child.wait_with_output().expect("wait for mahjong-sim");
    writer.join().unwrap();
    Run {
        code: out.status.code(),
        stdout: out.stdout,
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// The official THUPC 2021 data beside the project, when present.
pub fn conformance_dir() -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/conformance/thupc2021");
    dir.is_dir().then_some(dir)
}

/// Says on the real stderr (not captured by the test harness) that a test
/// was skipped, so a green run cannot hide it.
pub fn skip(what: &str) {
    let _ = writeln!(std::io::stderr(), "SKIPPED: {what}");
}

/// Whether `python3` runs here; says that `what` is skipped otherwise.
pub fn python3(what: &str) -> bool {
    let ok = Command::new("python3")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        skip(&format!("{what}: python3 is not available"));
    }
    ok
}

/// The lines of a gzipped MCR conformance file in
/// `../shared/conformance/mcr/`, or `None` (after saying why) when it or
/// `gzip` is missing.
pub fn mcr_cases(file: &str) -> Option<Vec<serde_json::Value>> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/conformance/mcr");
    if !dir.is_dir() {
        skip(&format!(
            "../shared/conformance/mcr not found; {file} not checked"
        ));
        return None;
    }
    let out = match Command::new("gzip").arg("-dc").arg(dir.join(file)).output() {
        Ok(out) if out.status.success() => out.stdout,
        _ => {
            skip(&format!("cannot gunzip {file}; not checked"));
            return None;
        }
    };
    Some(
        String::from_utf8(out)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect(),
    )
}

/// The sample wall bundled in the repository.
pub fn sample_wall() -> Vec<u8> {
    std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/corpus/walls/sample.in"
    ))
    .unwrap()
}

/// Live processes (zombies are dead already) other than this test that
/// `wanted(environment, command line)` picks, given the raw bytes of
/// `/proc/PID/environ` and `/proc/PID/cmdline`: their pids and command
/// lines.
pub fn live_processes(wanted: impl Fn(&[u8], &[u8]) -> bool) -> Vec<(i32, String)> {
    let me = std::process::id() as i32;
    let mut found = Vec::new();
    for e in std::fs::read_dir("/proc").unwrap().flatten() {
        let Some(pid) = e.file_name().to_str().and_then(|s| s.parse::<i32>().ok()) else {
            continue;
        };
        let env = std::fs::read(format!("/proc/{pid}/environ")).unwrap_or_default();
        let cmd = std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
        if pid == me || !wanted(&env, &cmd) {
            continue;
        }
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
        if stat
            .rsplit(')')
            .next()
            .is_some_and(|s| s.trim_start().starts_with('Z'))
        {
            continue;
        }
        found.push((pid, String::from_utf8_lossy(&cmd).replace('\0', " ")));
    }
    found
}

/// Live processes (not zombies) whose command line has the word `token`
/// (an escapee's environment may be empty).
pub fn processes_with_word(token: &str) -> Vec<(i32, String)> {
    live_processes(|_, cmd| cmd.split(|&b| b == 0).any(|w| w == token.as_bytes()))
}

/// [`processes_with_word`], killed: what a run left behind. Waits up to 3 s
/// for them to go (the kernel ends a PID namespace's processes after its
/// first one).
pub fn left_behind(token: &str) -> Vec<String> {
    let mut found = Vec::new();
    wait_until(Duration::from_secs(3), || {
        found = processes_with_word(token);
        found.is_empty()
    });
    for (pid, _) in &found {
        // SAFETY: kill(2) on a leftover of this test.
        unsafe {
            libc::kill(*pid, libc::SIGKILL);
        }
    }
    found.into_iter().map(|(_, c)| c).collect()
}

/// Live processes other than this test whose environment holds `token`
/// and whose command line does not hold `except` (the program under test
/// itself, when it carries the token too): their pids and command lines.
pub fn processes_with(token: &str, except: &str) -> Vec<(i32, String)> {
    live_processes(|env, cmd| {
        // The command line's words joined by spaces, as `except` is written.
        let cmd = String::from_utf8_lossy(cmd).replace('\0', " ");
        env.windows(token.len()).any(|w| w == token.as_bytes())
            && (except.is_empty() || !cmd.contains(except))
    })
}

/// Waits (up to `within`) until a program of `token` runs (as
/// [`processes_with`] finds them, `except` left out), then after `delay`
/// sends `signal` to `child`: an interrupt once the programs are running.
pub fn signal_once_running(
    child: &std::process::Child,
    (token, except): (&str, &str),
    within: Duration,
    delay: Duration,
    signal: i32,
) {
    let running = wait_until(within, || !processes_with(token, except).is_empty());
    assert!(running, "no bot program started in {within:?}");
    std::thread::sleep(delay);
    // SAFETY: kill(2) sends a signal to the caller's own child.
    unsafe {
        libc::kill(child.id() as i32, signal);
    }
}

/// Waits up to 3 s for every process [`processes_with`] finds to be gone;
/// the survivors, killed afterwards so that a failing test leaves nothing
/// either.
pub fn survivors(token: &str, except: &str) -> Vec<(i32, String)> {
    let mut left = Vec::new();
    wait_until(Duration::from_secs(3), || {
        left = processes_with(token, except);
        left.is_empty()
    });
    for (pid, _) in &left {
        // SAFETY: kill(2) on a leftover of this test.
        unsafe {
            libc::kill(*pid, libc::SIGKILL);
        }
    }
    left
}

/// Waits until `cond` holds, for up to `limit` (a busy machine can outlast
/// a fixed wait), and says whether it held; callers assert what they
/// needed.
pub fn wait_until(limit: Duration, mut cond: impl FnMut() -> bool) -> bool {
    let deadline = Instant::now() + limit;
    loop {
        if cond() {
            return true;
        }
        if Instant::now() >= deadline {
            return false;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// A NOI2014 game log (`noi2014 play --json`'s output or a saved game):
/// every line validated against the committed JSON Schema, then read by
/// the library's one reader. Every test reads logs through here, so every
/// log the tests produce is validated.
pub fn game_log(bytes: &[u8]) -> log::GameLog {
    if let Err(e) = schemas::validate_lines(schemas::NOI2014_GAME_LOG, bytes) {
        panic!("a game log not valid under its schema: {e}");
    }
    log::read(bytes).unwrap_or_else(|e| panic!("not a NOI2014 game log: {e}"))
}

/// An MCR game log (`mcr play --json`'s output or a saved game), as
/// [`game_log`] reads NOI2014's: validated against the committed schema,
/// then read.
pub fn mcr_game_log(bytes: &[u8]) -> mahjong_sim::mcr::games::log::GameLog {
    if let Err(e) = schemas::validate_lines(schemas::MCR_GAME_LOG, bytes) {
        panic!("an MCR game log not valid under its schema: {e}");
    }
    mahjong_sim::mcr::games::log::read(bytes).unwrap_or_else(|e| panic!("not an MCR game log: {e}"))
}

/// [`game_log`] of a file.
pub fn game_log_file(path: &std::path::Path) -> log::GameLog {
    game_log(&std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
}

/// The events of a NOI2014 game log, each with the tiles it shows: two
/// games are the same game when these are equal.
pub fn events(log: &log::GameLog) -> Vec<log::EventRecord> {
    log.events().cloned().collect()
}

/// The events of a NOI2014 game log as the interface's lines (`draw 0 W3`).
pub fn event_texts(log: &log::GameLog) -> Vec<String> {
    log.events()
        .map(|e| mahjong_sim::noi2014::rules::event::Event::from(e.event).to_string())
        .collect()
}

/// Whether `player` was put out, by the log's result.
pub fn is_out(log: &log::GameLog, player: usize) -> bool {
    matches!(
        log.result.players[player].end,
        log::PlayerEndRecord::Out { .. }
    )
}

/// The lines of a `--json` output (UTF-8, one JSON value a line), parsed.
pub fn json_lines(out: &[u8]) -> Vec<serde_json::Value> {
    std::str::from_utf8(out)
        .expect("UTF-8 output")
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

/// Whether a bot's memory is counted in use, by a cgroup of its sandbox
/// (at the default 256 MiB); otherwise how the sandbox says it is counted.
pub fn memory_cgroup() -> Result<(), String> {
    let options = mahjong_sim::process::SandboxOptions {
        memory: Some(256 << 20),
        ..Default::default()
    };
    let jail =
        mahjong_sim::process::Jail::new("true", std::path::Path::new("/"), &options).unwrap();
    let how = jail.describe();
    if how.contains("cgroup v") {
        Ok(())
    } else {
        Err(how.to_string())
    }
}
