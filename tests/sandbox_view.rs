//! What a sandboxed program can see and reach: the allow-list of
//! `docs/noi2014.md` ("What a program can see") against hostile programs
//! (`tests/fixtures/hostile/hostile.sh`), each attack made by two bots of
//! one game (one process a request, and kept running) and by a `check`
//! solution run two at a time, with the judge run by root and by an
//! ordinary user. The judge is installed as a user would have it: in
//! `~/.cargo/bin` of a home that also has `~/bin` on `PATH`, an ssh key and
//! a cargo token (mode 600), a world-readable note, beside a rival bot's
//! folder and a logs folder; its environment holds a secret.
//!
//! Each attack runs with `--sandbox on`, where it must come to nothing,
//! and with `--sandbox off`, a control showing that the same checks see it
//! succeed (so that they can fail). Every run must complete, leave nothing
//! running, and keep the judge's memory bounded.
//!
//! The ordinary user is `mahjong-sim-test` (CI makes it with `useradd`);
//! run by another user than root, the tests run the judge as that user.
//! Skipped with a message where there is no sandbox or no such user.

use crate::common;
use mahjong_sim::named::WallFamily;

use std::net::TcpListener;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

/// The ordinary user CI makes for these tests.
const TEST_USER: &str = "mahjong-sim-test";

/// Who runs the judge: root, or an ordinary user (uid, gid); `switch`
/// when the test must become that user to run it.
#[derive(Clone, Copy, Debug)]
struct Runner {
    ids: Option<(u32, u32)>,
    switch: bool,
}

impl Runner {
    fn name(&self) -> &'static str {
        if self.ids.is_none() {
            "root"
        } else {
            "an ordinary user"
        }
    }
}

/// The judges to run each attack under: root and an ordinary user where
/// this test runs as root, else the user it runs as.
fn runners(test: &str) -> Vec<Runner> {
    if let Some(why) = mahjong_sim::process::sandbox::unavailable() {
        common::skip(&format!("{test}: no sandbox on this machine: {why}"));
        return Vec::new();
    }
    // SAFETY: getuid(2) and getgid(2) read this process's ids.
    let (uid, gid) = unsafe { (libc::getuid(), libc::getgid()) };
    if uid != 0 {
        return vec![Runner {
            ids: Some((uid, gid)),
            switch: false,
        }];
    }
    let mut all = vec![Runner {
        ids: None,
        switch: false,
    }];
    let id = |flag: &str| -> Option<u32> {
        let out = Command::new("id").args([flag, TEST_USER]).output().ok()?;
        String::from_utf8_lossy(&out.stdout).trim().parse().ok()
    };
    match (id("-u"), id("-g")) {
        (Some(u), Some(g)) => all.push(Runner {
            ids: Some((u, g)),
            switch: true,
        }),
        _ => common::skip(&format!(
            "{test}: as an ordinary user: no user `{TEST_USER}` (useradd --create-home {TEST_USER})"
        )),
    }
    all
}

/// One judge's machine: a home with its secrets and the CLI installed, a
/// hostile bot's folder, a rival's folder, a logs folder, walls.
struct Scene {
    _tmp: tempfile::TempDir,
    root: PathBuf,
    home: PathBuf,
    cli: PathBuf,
    bot_dir: PathBuf,
    rival: PathBuf,
    logs: PathBuf,
    wall: PathBuf,
    walls_dir: PathBuf,
    runner: Runner,
    token: String,
}

/// Two THUPC walls and their expected logs in `dir`, for `check`.
fn thupc_walls(dir: &Path) {
    let built = Path::new(env!("CARGO_BIN_EXE_mahjong-sim"));
    for args in [
        vec!["gen", "--count", "2", "--out"],
        vec!["simulate", "--out"],
    ] {
        let mut cmd = Command::new(built);
        cmd.args(&args).arg(dir);
        if args[0] == "simulate" {
            cmd.arg(dir);
        }
        assert!(cmd.output().unwrap().status.success(), "{args:?}");
    }
}

/// Writes `text` to `path` with `mode`.
fn write(path: &Path, text: &str, mode: u32) {
    std::fs::write(path, text).unwrap();
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
}

/// Makes the folder `path` with `mode`.
fn folder(path: &Path, mode: u32) {
    std::fs::create_dir_all(path).unwrap();
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
}

impl Scene {
    fn new(attack: &str, runner: Runner) -> Scene {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path().to_path_buf();
        folder(&root, 0o755);
        let token = format!(
            "view-{attack}-{}-{}",
            runner.ids.map_or(0, |i| i.0),
            std::process::id()
        );
        let home = root.join("home");
        folder(&home.join(".ssh"), 0o700);
        folder(&home.join(".cargo/bin"), 0o755);
        folder(&home.join("bin"), 0o755);
        std::fs::set_permissions(&home, std::fs::Permissions::from_mode(0o755)).unwrap();
        write(
            &home.join(".ssh/id_ed25519"),
            "-----BEGIN OPENSSH PRIVATE KEY----- SECRET-SSH-\n",
            0o600,
        );
        write(
            &home.join(".cargo/credentials.toml"),
            "token = \"SECRET-CARGO-\"\n",
            0o600,
        );
        write(&home.join("notes.txt"), "SECRET-NOTES-\n", 0o644);
        // Installed as `cargo install` would: a copy (a link where it can).
        let cli = home.join(".cargo/bin/mahjong-sim");
        let built = Path::new(env!("CARGO_BIN_EXE_mahjong-sim"));
        if std::fs::hard_link(built, &cli).is_err() {
            std::fs::copy(built, &cli).unwrap();
        }
        let bot_dir = root.join("bot");
        folder(&bot_dir, 0o755);
        let script =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/hostile/hostile.sh");
        std::fs::copy(&script, bot_dir.join("hostile.sh")).unwrap();
        let rival = root.join("rival");
        folder(&rival, 0o755);
        write(&rival.join("rival.py"), "# SECRET-RIVAL-\n", 0o644);
        let logs = root.join("logs");
        folder(&logs, 0o755);
        write(&logs.join("game-1.json"), "{\"SECRET-LOGS-\":1}\n", 0o644);
        let wall = root.join("game.wall");
        let w = mahjong_sim::noi2014::games::families::Family::Uniform.seeded_wall(1);
        std::fs::write(&wall, w.to_string()).unwrap();
        let walls_dir = root.join("walls");
        thupc_walls(&walls_dir);
        if let Some((uid, gid)) = runner.ids.filter(|_| runner.switch) {
            // The user's own: its home (not the installed program, a link
            // to the build), the rival bot it plays against, its logs.
            for p in [
                &home,
                &home.join(".ssh"),
                &home.join(".ssh/id_ed25519"),
                &home.join(".cargo"),
                &home.join(".cargo/credentials.toml"),
                &home.join(".cargo/bin"),
                &home.join("bin"),
                &home.join("notes.txt"),
                &rival,
                &rival.join("rival.py"),
                &logs,
            ] {
                std::os::unix::fs::chown(p, Some(uid), Some(gid)).unwrap();
            }
        }
        Scene {
            _tmp: tmp,
            root,
            home,
            cli,
            bot_dir,
            rival,
            logs,
            wall,
            walls_dir,
            runner,
            token,
        }
    }

    /// A command run as the scene's judge user, with its environment: the
    /// home, `~/.cargo/bin` and `~/bin` first on `PATH`, a secret.
    fn as_judge(&self, program: &Path) -> Command {
        self.as_judge_with(program, None)
    }

    /// [`Scene::as_judge`] with `first` before the rest of `PATH`.
    fn as_judge_with(&self, program: &Path, first: Option<&Path>) -> Command {
        let mut cmd = match self.runner.ids.filter(|_| self.runner.switch) {
            Some((uid, gid)) => {
                let mut c = Command::new("setpriv");
                c.args(["--reuid", &uid.to_string(), "--regid", &gid.to_string()])
                    .args(["--clear-groups", "--"])
                    .arg(program);
                c
            }
            None => Command::new(program),
        };
        let path = format!(
            "{}{}:{}:/usr/local/bin:/usr/bin:/bin",
            first.map_or(String::new(), |f| format!("{}:", f.display())),
            self.home.join(".cargo/bin").display(),
            self.home.join("bin").display()
        );
        cmd.env_clear()
            .env("HOME", &self.home)
            .env("PATH", path)
            .env("LANG", "C.UTF-8")
            .env("SECRET_TOKEN", format!("SECRET-ENV-{}", self.token));
        cmd
    }

    /// Runs `attack` with `arg` in `mode` (`request` or `keep`: two bots of
    /// one game; `check`: a solution, two runs at a time) with `sandbox`;
    /// the judge's exit status, everything it printed and its peak memory
    /// in KiB.
    fn run(
        &self,
        attack: &str,
        arg: &str,
        mode: &str,
        sandbox: &str,
    ) -> (Option<i32>, String, u64) {
        let program = format!(
            "{} {attack} {} {mode} {arg}",
            self.bot_dir.join("hostile.sh").display(),
            self.token
        );
        let mut cmd = self.as_judge(&self.cli);
        if mode == "check" {
            // The memory of a bot (check's own default is 1024 MiB): the
            // same writable places.
            cmd.args([
                "check",
                "--jobs",
                "2",
                "--timeout",
                "3",
                "--memory-limit",
                "256",
            ])
            .arg("--walls-dir")
            .arg(&self.walls_dir)
            .args(["--shrink-seconds", "0", "--keep-going", "--save-dir"])
            .arg(&self.logs)
            .args(["--solution", &program]);
        } else {
            cmd.args(["noi2014", "play", "--json", "--time-limit", "3", "--wall"])
                .arg(&self.wall)
                .args(["--bot", &program, "--bot", &program]);
        }
        let child = cmd
            .args(["--sandbox", sandbox])
            .current_dir(&self.bot_dir)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let pid = child.id();
        let waiter = std::thread::spawn(move || child.wait_with_output().unwrap());
        let mut peak = 0;
        while !waiter.is_finished() {
            peak = peak.max(high_water_kib(pid));
            std::thread::sleep(Duration::from_millis(20));
        }
        let out = waiter.join().unwrap();
        let mut text = String::from_utf8_lossy(&out.stdout).into_owned();
        text.push_str(&String::from_utf8_lossy(&out.stderr));
        (out.status.code(), text, peak)
    }
}

/// The peak resident memory of process `pid` so far (`VmHWM`), in KiB; 0
/// once it is gone.
fn high_water_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

/// The most memory the judge may hold at its peak, in KiB: a flood of
/// 400 MB must not come into it.
const JUDGE_PEAK_KIB: u64 = 256 << 10;

/// Runs `attack` in the three modes under every runner, sandboxed then
/// not: `judge(scene, mode, sandboxed, text, left)` checks what came of it
/// (`left`: the processes it left running; an error names what went
/// wrong). Checks every run for completion, leftovers
/// and the judge's peak memory. `arg` gives the attack's argument in a
/// scene.
fn attack(
    name: &str,
    arg: impl Fn(&Scene) -> String,
    judge: impl Fn(&Scene, &str, bool, &str, &[String]) -> Result<(), String>,
) {
    for runner in runners(name) {
        for mode in ["request", "keep", "check"] {
            for sandbox in ["on", "off"] {
                let scene = Scene::new(name, runner);
                let (code, text, peak) = scene.run(name, &arg(&scene), mode, sandbox);
                let what = format!(
                    "{name} as {mode}, judge run by {}, --sandbox {sandbox}",
                    runner.name()
                );
                let left = common::left_behind(&scene.token);
                let want = if mode == "check" { 1 } else { 0 };
                assert_eq!(code, Some(want), "{what}: did not complete:\n{text}");
                assert!(peak < JUDGE_PEAK_KIB, "{what}: the judge held {peak} KiB");
                if sandbox == "on" {
                    assert!(left.is_empty(), "{what}: left running: {left:?}\n{text}");
                }
                if let Err(e) = judge(&scene, mode, sandbox == "on", &text, &left) {
                    panic!("{what}: {e}\n{text}");
                }
            }
        }
    }
}

/// `text` holds each of `words`.
fn holds_all(text: &str, words: &[&str]) -> Result<(), String> {
    match words.iter().find(|w| !text.contains(*w)) {
        None => Ok(()),
        Some(w) => Err(format!("no `{w}` in the output")),
    }
}

#[test]
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow: cargo test --features slow-tests"
)]
fn the_home_a_rivals_source_the_logs_and_the_judges_environment_stay_unread() {
    attack(
        "read-secrets",
        |s| {
            format!(
                "{},{},{}",
                s.home.display(),
                s.rival.display(),
                s.logs.display()
            )
        },
        |_, _, sandboxed, text, _| {
            holds_all(text, &["ATTACKED read-secrets:", "searched"])?;
            if sandboxed {
                if text.contains("SECRET-") || text.contains("listed-") {
                    return Err("it read or listed something".into());
                }
                return Ok(());
            }
            // The control reads every secret: the checks can fail.
            holds_all(
                text,
                &[
                    "listed-home",
                    "SECRET-SSH",
                    "SECRET-CARGO",
                    "SECRET-NOTES",
                    "SECRET-RIVAL",
                    "SECRET-LOGS",
                    "own-SECRET-ENV",
                ],
            )
        },
    );
}

#[test]
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow: cargo test --features slow-tests"
)]
fn nothing_is_written_in_the_home_a_rivals_folder_var_tmp_or_dev_shm() {
    let places = |s: &Scene| -> Vec<PathBuf> {
        vec![
            s.home.clone(),
            s.rival.clone(),
            PathBuf::from("/var/tmp"),
            PathBuf::from("/dev/shm"),
        ]
    };
    attack(
        "write-places",
        |s| {
            places(s)
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(",")
        },
        |s, _, sandboxed, text, _| {
            holds_all(text, &["ATTACKED write-places:"])?;
            let written: Vec<PathBuf> = places(s)
                .iter()
                .map(|p| p.join(format!("written-{}", s.token)))
                .filter(|p| p.exists())
                .collect();
            for p in &written {
                let _ = std::fs::remove_file(p);
            }
            match (sandboxed, written.len()) {
                (true, 0) => Ok(()),
                (true, _) => Err(format!("it wrote {written:?}")),
                (false, 4) => Ok(()),
                (false, _) => Err(format!("the control wrote only {written:?}")),
            }
        },
    );
}

#[test]
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow: cargo test --features slow-tests"
)]
fn a_process_of_the_same_user_outside_cannot_be_signalled() {
    for runner in runners("signal-outside") {
        for mode in ["request", "keep", "check"] {
            for sandbox in ["on", "off"] {
                let scene = Scene::new("signal-outside", runner);
                // A process of the judge's user, outside any sandbox.
                let victim_token = format!("victim-{}", scene.token);
                let mut victim = scene
                    .as_judge(Path::new("/bin/sh"))
                    .args(["-c", "while :; do sleep 1; done", &victim_token])
                    .stdin(Stdio::null())
                    .spawn()
                    .unwrap();
                let pid_file = scene.bot_dir.join("victim.pid");
                write(&pid_file, &victim.id().to_string(), 0o644);
                let (code, text, _) = scene.run(
                    "signal-outside",
                    &pid_file.display().to_string(),
                    mode,
                    sandbox,
                );
                let what = format!(
                    "signal-outside as {mode}, judge run by {}, --sandbox {sandbox}",
                    runner.name()
                );
                let want = if mode == "check" { 1 } else { 0 };
                assert_eq!(code, Some(want), "{what}:\n{text}");
                let alive = victim.try_wait().unwrap().is_none();
                let _ = victim.kill();
                let _ = victim.wait();
                assert!(text.contains("ATTACKED signal-outside:"), "{what}:\n{text}");
                if sandbox == "on" {
                    assert!(alive, "{what}: the process outside was killed\n{text}");
                } else {
                    assert!(!alive, "{what}: the control did not kill it\n{text}");
                }
            }
        }
    }
}

#[test]
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow: cargo test --features slow-tests"
)]
fn two_programs_of_one_game_cannot_talk() {
    attack(
        "talk",
        |_| {
            // A free port on loopback for their listener.
            let l = TcpListener::bind("127.0.0.1:0").unwrap();
            l.local_addr().unwrap().port().to_string()
        },
        |s, _, sandboxed, text, _| {
            holds_all(text, &["ATTACKED talk:"])?;
            // What the control left on the machine goes.
            for dir in ["/tmp", "/dev/shm"] {
                for e in std::fs::read_dir(dir).unwrap().flatten() {
                    let name = e.file_name().to_string_lossy().into_owned();
                    if name.starts_with(&format!("talk-{}-", s.token)) {
                        let _ = std::fs::remove_file(e.path());
                    }
                }
            }
            if !sandboxed {
                for id in text.split("queue ").skip(1) {
                    let id: String = id.chars().take_while(char::is_ascii_digit).collect();
                    let _ = Command::new("ipcrm").args(["-q", &id]).output();
                }
                return holds_all(text, &["met via"]);
            }
            if text.contains("met via") {
                return Err("they met".into());
            }
            holds_all(text, &["alone"])
        },
    );
}

#[test]
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow: cargo test --features slow-tests"
)]
fn a_storm_of_detached_processes_leaves_nothing() {
    attack(
        "storm",
        |_| "-".into(),
        |_, _, sandboxed, text, left| {
            if sandboxed {
                // Its report, a shell that the process limit stopped, or a
                // time-out (the game went on either way).
                let ended = [
                    "ATTACKED storm:",
                    "Cannot fork",
                    "\"failure\":\"time_limit\"",
                ];
                return if ended.iter().any(|e| text.contains(e)) {
                    Ok(())
                } else {
                    Err("no report and no time-out".into())
                };
            }
            // Without the sandbox the detached processes outlive the run.
            if left.is_empty() {
                Err("the control left nothing running".into())
            } else {
                Ok(())
            }
        },
    );
}

/// The size of each writable place of a sandbox at the default memory
/// limit (256 MiB): a quarter of it.
const WRITABLE: u64 = 64 << 20;

#[test]
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow: cargo test --features slow-tests"
)]
fn filling_every_writable_place_stops_at_its_size() {
    attack(
        "fill",
        // 96 MiB a place: more than the sandbox's places hold.
        |_| "96".into(),
        |s, _, sandboxed, text, _| {
            let filled = |place: &str| -> Option<u64> {
                let at = text.find(&format!("filled {place} "))?;
                let n = text[at..].split_whitespace().nth(2)?;
                n[..n.find(|c: char| !c.is_ascii_digit()).unwrap_or(n.len())]
                    .parse()
                    .ok()
            };
            // Each process names its files `fill-TOKEN-PID`.
            let prefix = format!("fill-{}-", s.token);
            let host: Vec<PathBuf> = [Path::new("/tmp"), Path::new("/var/tmp")]
                .into_iter()
                .chain([Path::new("/dev/shm"), s.bot_dir.as_path()])
                .filter_map(|d| std::fs::read_dir(d).ok())
                .flatten()
                .filter_map(|e| e.ok())
                .filter(|e| e.file_name().to_string_lossy().starts_with(&prefix))
                .map(|e| e.path())
                .collect();
            for p in &host {
                let _ = std::fs::remove_file(p);
            }
            if !sandboxed {
                // The machine's /tmp takes all 96 MiB.
                return match filled("/tmp") {
                    Some(n) if n == 96 << 20 => Ok(()),
                    n => Err(format!("the control wrote {n:?} bytes in /tmp")),
                };
            }
            if !host.is_empty() {
                return Err(format!("it wrote on the machine: {host:?}"));
            }
            for place in ["/tmp", "/dev/shm"] {
                match filled(place) {
                    Some(n) if n <= WRITABLE => {}
                    n => return Err(format!("{place} took {n:?} bytes")),
                }
            }
            match (filled("/var/tmp"), filled(&s.bot_dir.display().to_string())) {
                (Some(0), Some(0)) => Ok(()),
                other => Err(format!(
                    "/var/tmp and its folder ({}) took {other:?}",
                    s.bot_dir.display()
                )),
            }
        },
    );
}

#[test]
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow: cargo test --features slow-tests"
)]
fn a_flood_on_standard_error_and_output_is_cut_off() {
    attack(
        "flood",
        |_| "-".into(),
        |_, mode, _, text, _| {
            // The judge put the program out (a game) or found it wrong (a
            // check), having kept its memory (checked for every run).
            let out = if mode == "check" {
                text.contains("disagree") || text.contains("differ")
            } else {
                text.contains("\"failure\":")
            };
            if out {
                Ok(())
            } else {
                Err("the flooding program was not put out".into())
            }
        },
    );
}

/// A game of `bots` (command lines) with the judge installed in the
/// scene's `~/.cargo/bin`, `first` first on its `PATH` and `more`
/// arguments: the exit status, standard output and standard error.
fn play(
    scene: &Scene,
    first: Option<&Path>,
    bots: &[&str],
    more: &[&str],
) -> (Option<i32>, String, String) {
    let mut cmd = scene.as_judge_with(&scene.cli, first);
    cmd.args([
        "noi2014",
        "play",
        "--json",
        "--time-limit",
        "10",
        "--sandbox",
        "on",
    ]);
    for b in bots {
        cmd.args(["--bot", b]);
    }
    let out = cmd
        .args(more)
        .current_dir(&scene.root)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The game ran to its end with no program put out.
fn played(what: &str, (code, stdout, stderr): &(Option<i32>, String, String)) {
    assert_eq!(*code, Some(0), "{what}: {stderr}\n{stdout}");
    assert!(
        stdout.contains("\"type\":\"result\"") && !stdout.contains("\"failure\""),
        "{what}: a program was put out\n{stdout}\n{stderr}"
    );
}

/// The judge refused to start, naming the `--mount` that would do.
fn refused(what: &str, (code, _, stderr): &(Option<i32>, String, String), mount: &Path) {
    assert_eq!(*code, Some(2), "{what}: {stderr}");
    let flag = format!("--mount {}", mount.display());
    assert!(stderr.contains(&flag), "{what}: no `{flag}` in: {stderr}");
}

/// Programs outside the system's folders play with the documented flag
/// and are refused with a clear error without it: the CLI's own bot (shown
/// to every sandbox as `mahjong-sim`), another program installed in
/// `~/bin`, a Python bot in a virtual environment (its `#!`, or its
/// interpreter named), a pyenv-style interpreter found by a shim.
#[test]
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow: cargo test --features slow-tests"
)]
fn interpreters_outside_the_system_play_when_shown() {
    for runner in runners("interpreters") {
        let s = Scene::new("interpreters", runner);
        let who = runner.name();
        // The CLI's own bot, installed in ~/.cargo/bin.
        let r = play(&s, None, &["mahjong-sim noi2014 bot"], &[]);
        played(&format!("{who}: mahjong-sim noi2014 bot"), &r);
        // Another program on PATH, in ~/bin.
        let other = s.home.join("bin/other-bot");
        if std::fs::hard_link(&s.cli, &other).is_err() {
            std::fs::copy(&s.cli, &other).unwrap();
        }
        let bin = s.home.join("bin");
        let r = play(&s, None, &["other-bot noi2014 bot"], &[]);
        refused(&format!("{who}: other-bot"), &r, &bin);
        let mount = ["--mount", bin.to_str().unwrap()];
        let r = play(&s, None, &["other-bot noi2014 bot"], &mount);
        played(&format!("{who}: other-bot with --mount"), &r);
        // A virtual environment with a module of its own.
        let venv = s.root.join("venv");
        let made = Command::new("/usr/bin/python3")
            .args(["-m", "venv", "--without-pip"])
            .arg(&venv)
            .output();
        if !made.as_ref().is_ok_and(|o| o.status.success()) {
            common::skip(&format!(
                "interpreters: no venv from /usr/bin/python3: {made:?}"
            ));
            continue;
        }
        let site = std::fs::read_dir(venv.join("lib"))
            .unwrap()
            .flatten()
            .next()
            .unwrap()
            .path()
            .join("site-packages");
        std::fs::write(site.join("venvmark.py"), "").unwrap();
        let pybot = s.root.join("pybot");
        folder(&pybot, 0o755);
        let example = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/noi2014_bot.py");
        std::fs::copy(example, pybot.join("example_bot.py")).unwrap();
        let python = venv.join("bin/python");
        write(
            &pybot.join("bot.py"),
            &format!(
                "#!{}\nimport venvmark\nimport example_bot\nexample_bot.main()\n",
                python.display()
            ),
            0o755,
        );
        let by_shebang = pybot.join("bot.py").display().to_string();
        let r = play(&s, None, &[&by_shebang], &[]);
        refused(&format!("{who}: a venv's #!"), &r, &venv);
        let mount = ["--mount", venv.to_str().unwrap()];
        let r = play(&s, None, &[&by_shebang], &mount);
        played(&format!("{who}: a venv's #! with --mount"), &r);
        let named = format!("{} {by_shebang}", python.display());
        let r = play(&s, None, &[&named], &[]);
        played(&format!("{who}: a venv's python named"), &r);
        pyenv_bot(&s, &pybot);
    }
}

/// A pyenv-style install (a shim that sets its variable and runs the
/// version its root names) plays with `--mount` and `--env`; without them
/// the sandbox's `python3` is the system's, and the judge says so.
fn pyenv_bot(s: &Scene, pybot: &Path) {
    let who = s.runner.name();
    // A pyenv-style install: a shim that sets its variable and runs
    // the version its root names.
    let pyenv = s.root.join("pyenv");
    folder(&pyenv.join("shims"), 0o755);
    folder(&pyenv.join("versions/3/bin"), 0o755);
    std::os::unix::fs::symlink("/usr/bin/python3", pyenv.join("versions/3/bin/python3")).unwrap();
    write(&pyenv.join("version"), "3\n", 0o644);
    write(
        &pyenv.join("shims/python3"),
        "#!/usr/bin/env bash\nexport MOCK_PYENV=1\nexec \"$PYENV_ROOT/versions/$(cat \"$PYENV_ROOT/version\")/bin/python3\" \"$@\"\n",
        0o755,
    );
    write(
        &pybot.join("pyenv_bot.py"),
        "import os\nassert os.environ.get('MOCK_PYENV') == '1', 'not the pyenv interpreter'\nimport example_bot\nexample_bot.main()\n",
        0o644,
    );
    let bot = format!("python3 {}", pybot.join("pyenv_bot.py").display());
    let shims = pyenv.join("shims");
    let root_var = format!("PYENV_ROOT={}", pyenv.display());
    // Without the flag the sandbox's python3 is the system's: the bot
    // says it is not pyenv's, and the judge noted why.
    let (code, stdout, stderr) = play(s, Some(&shims), &[&bot], &[]);
    assert_eq!(code, Some(0), "{who}: pyenv: {stderr}");
    assert!(
        stdout.contains("not the pyenv interpreter"),
        "{who}: pyenv: {stdout}"
    );
    let note = format!("--mount {} to use that one", pyenv.display());
    assert!(
        stderr.contains(&note),
        "{who}: pyenv: no `{note}` in {stderr}"
    );
    let more = ["--mount", pyenv.to_str().unwrap(), "--env", &root_var];
    let r = play(s, Some(&shims), &[&bot], &more);
    played(&format!("{who}: pyenv with --mount and --env"), &r);
}
