//! Each untrusted program (a bot, a contestant's solution) in a sandbox of
//! its own, built with bubblewrap (`bwrap`, the sandbox of Flatpak), plus a
//! control group ([`super::cgroup`]) for the limits bubblewrap does not
//! set. What a sandboxed program sees is an allow-list, the same whoever
//! runs the judge:
//!
//! - **Files**: the system's folders ([`SYSTEM`]: `/usr`, `/bin`, `/sbin`,
//!   `/lib*`, `/etc`) read-only; the folder of every file its command line
//!   names (the program, a script, an interpreter named by its path; as
//!   named and where links lead; for an interpreter in a virtual
//!   environment's `bin`, the environment), read-only; what the user
//!   shows with [`Grants::mounts`] (`--mount`), read-only; a private `/tmp`
//!   and `/dev/shm` of bounded size; its own `/proc` and a read-only
//!   `/dev`. Nothing else: not the home, not the folders on `PATH` (a
//!   command is found on the sandbox's own `PATH`, and an error names what
//!   is missing and the `--mount` that shows it), not the wall, the logs
//!   or other programs' folders. Judge files that lie inside a folder it
//!   sees are hidden ([`hide`]).
//! - **Its own PID namespace**: it sees only its own processes, cannot
//!   signal the judge or another program, and when its first process ends
//!   (or the judge kills it, or the judge dies) every process it started
//!   dies with it, whatever it did to its session or environment.
//! - **No network, no shared memory**: network, IPC and UTS namespaces of
//!   its own (loopback alone, so no abstract Unix socket of another).
//! - **Another user** when the judge runs as root: `nobody` (uid 65534), by
//!   `setpriv` inside the sandbox, with no capabilities. Run by another
//!   user, the judge is already not root; a user namespace keeps its uid.
//! - **Limits**: memory in use and the number of processes by a cgroup;
//!   where no cgroup can be had, an address-space limit and (not as root)
//!   a process limit counted in its own user namespace (`prlimit`), and
//!   [`Jail::describe`] says which apply.
//! - **A clean environment**: `PATH` (the judge's folders it sees, else the
//!   system's), `HOME` and `TMPDIR` at `/tmp`, `LANG`, and what the user
//!   passes ([`Grants::env`], `--env`); nothing else of the judge's, not
//!   even in bubblewrap's own process inside (`/proc/1/environ`).
//!
//! Where bubblewrap is missing or namespaces are not permitted (an
//! unprivileged user without user namespaces), [`SandboxMode::Auto`] runs
//! programs with the process-group containment of [`super`] alone and says
//! so once on standard error, with why ([`unavailable`]). `bwrap` is looked up
//! on `PATH`, or is `MAHJONG_SIM_BWRAP` when set.

use super::cgroup::{Cgroup, Version};
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Mutex, OnceLock};

/// Whether programs run in a sandbox.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SandboxMode {
    /// In a sandbox where the machine allows one, else with process-group
    /// containment alone (and a warning).
    #[default]
    Auto,
    /// In a sandbox, or not at all: an error where none can be had.
    Required,
    /// With process-group containment alone.
    Off,
}

impl std::str::FromStr for SandboxMode {
    type Err = String;
    fn from_str(s: &str) -> Result<SandboxMode, String> {
        match s {
            "auto" => Ok(SandboxMode::Auto),
            "on" | "required" => Ok(SandboxMode::Required),
            "off" => Ok(SandboxMode::Off),
            _ => Err(format!("`{s}`: the sandbox is auto, on or off")),
        }
    }
}

/// The name [`SandboxMode::from_str`](std::str::FromStr) reads back:
/// `auto`, `on` or `off`.
impl std::fmt::Display for SandboxMode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            SandboxMode::Auto => "auto",
            SandboxMode::Required => "on",
            SandboxMode::Off => "off",
        })
    }
}

/// The limits and the view of one program's sandbox.
#[derive(Clone, Debug, Default)]
pub struct SandboxOptions {
    /// Whether to sandbox.
    pub mode: SandboxMode,
    /// Memory in use, in bytes (an address-space limit where no cgroup can
    /// be had); `None` for no limit. A quarter of it is the size of each of
    /// its writable places (`/tmp`, `/dev/shm`), or [`WRITABLE_DEFAULT`]
    /// without a limit.
    pub memory: Option<u64>,
    /// Processes and threads at a time.
    pub processes: u64,
    /// What the user shows it beyond the allow-list.
    pub grants: Grants,
}

/// What the user grants a sandboxed program beyond the allow-list: folders
/// it sees read-only (`--mount DIR`: an interpreter outside the system, a
/// virtual environment, a data folder) and variables it gets (`--env
/// NAME[=VALUE]`). Every front end takes these as they are here.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Grants {
    /// Folders (or files) shown read-only, as absolute paths.
    pub mounts: Vec<PathBuf>,
    /// Variables set in the program's environment, in this order.
    pub env: Vec<(String, String)>,
}

impl Grants {
    /// A folder or file to show, as `--mount` takes it: it must exist; a
    /// relative path is taken from the working folder.
    pub fn mount(path: &Path) -> Result<PathBuf, String> {
        let absolute =
            std::path::absolute(path).map_err(|e| format!("`{}`: {e}", path.display()))?;
        if !absolute.exists() {
            return Err(format!(
                "`{}` does not exist: --mount shows an existing folder or file",
                path.display()
            ));
        }
        Ok(absolute)
    }

    /// A variable as `--env` takes it: `NAME=VALUE`, or `NAME` for the
    /// value it has here (an error when it has none).
    pub fn variable(spec: &str) -> Result<(String, String), String> {
        let (name, value) = match spec.split_once('=') {
            Some((n, v)) => (n, Some(v.to_string())),
            None => (spec, None),
        };
        let valid = !name.is_empty()
            && !name.starts_with(|c: char| c.is_ascii_digit())
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if !valid {
            return Err(format!(
                "`{spec}`: --env takes NAME=VALUE or NAME (letters, digits and _)"
            ));
        }
        let value = match value {
            Some(v) => v,
            None => std::env::var(name).map_err(|_| {
                format!("`{name}` is not set here: give its value with --env {name}=VALUE")
            })?,
        };
        Ok((name.to_string(), value))
    }
}

/// The size of each writable place of a sandbox (`/tmp`, `/dev/shm`) when
/// no memory limit applies.
pub const WRITABLE_DEFAULT: u64 = 1 << 30;

/// Files and folders of the judge (a wall, the logs) never shown to a
/// sandboxed program, even inside a folder it sees: see [`hide`].
static HIDDEN: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Hides `path` (a wall, a logs folder, an output file of the judge) from
/// every program sandboxed from now on, even one whose own folder holds
/// it. A path that does not exist yet is hidden once it does, if it is
/// made before the program starts.
pub fn hide(path: &Path) {
    let path = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let mut hidden = HIDDEN.lock().expect("no panics while held");
    if !hidden.contains(&path) {
        hidden.push(path);
    }
}

/// The shell script of a sandbox that serves one process per request
/// ([`super::Session::spawn_server`]): for each request (a line with its
/// length in bytes and a key, then the request) it runs the command line,
/// its first argument, with exactly the request on its standard input;
/// kills what the program left in the sandbox (in its own PID namespace,
/// as the sandbox's user, `kill -1` reaches nothing else); and prints a
/// newline, the program's exit status and the end-of-step line with the
/// key (which the program never sees, so cannot print), each on a line;
/// on standard error a newline and the end-of-step line.
const SERVER: &str = r#"c=$1
while IFS=' ' read -r n k; do
  head -c "$n" | sh -c "$c"
  s=$?
  kill -9 -1 2>/dev/null
  printf '\n>>>MAHJONG_SIM_STEP_END %s<<<\n' "$k" >&2
  printf '\n%s\n>>>MAHJONG_SIM_STEP_END %s<<<\n' "$s" "$k"
done"#;

/// The default limit on a program's processes and threads: room for a
/// JVM's threads, not for a fork bomb.
pub const PROCESS_LIMIT: u64 = 128;

/// The user programs run as when the judge is root.
const NOBODY: u32 = 65534;

/// How one program is contained: the sandbox's command line around it, its
/// environment, its cgroup, or an address-space limit. Made once per
/// program and used for each of its processes.
#[derive(Debug, Default)]
pub struct Jail {
    /// `bwrap` and its arguments up to the program's; empty for none.
    wrapper: Vec<OsString>,
    /// The whole environment of bubblewrap and so of the program (none of
    /// the judge's own): see [`environment`].
    env: Vec<(OsString, OsString)>,
    cgroup: Option<Cgroup>,
    /// `RLIMIT_AS` in bytes, set when no cgroup limits memory.
    address_space: Option<u64>,
    /// What applies, for logs.
    description: String,
}

/// The bubblewrap found and known to work, or why there is none.
fn bwrap() -> &'static Result<PathBuf, String> {
    static FOUND: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    FOUND.get_or_init(|| {
        let path = match std::env::var_os("MAHJONG_SIM_BWRAP") {
            Some(p) => PathBuf::from(p),
            None => on_path("bwrap", &judge_path()).ok_or(
                "bubblewrap (`bwrap`) is not installed (Debian and Ubuntu: apt-get install bubblewrap)",
            )?,
        };
        // A run of `true` in the sandbox tells whether namespaces are allowed.
        let mut probe = Command::new(&path);
        probe.env_clear().envs(environment(&[], &Grants::default()));
        probe.args(wrapper_args(&View::default()));
        probe.arg("true");
        match probe.output() {
            Ok(out) if out.status.success() => Ok(path),
            Ok(out) => Err(format!(
                "bubblewrap cannot make namespaces here: {}",
                String::from_utf8_lossy(&out.stderr).trim()
            )),
            Err(e) => Err(format!("cannot run {}: {e}", path.display())),
        }
    })
}

/// Why programs cannot be sandboxed on this machine; `None` when they can.
pub fn unavailable() -> Option<String> {
    bwrap().as_ref().err().cloned()
}

/// The judge's own `PATH`, as folders.
fn judge_path() -> Vec<PathBuf> {
    std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()).collect()
}

/// `program` as the shell would find it in the folders `path`.
fn on_path(program: &str, path: &[PathBuf]) -> Option<PathBuf> {
    use std::os::unix::fs::PermissionsExt;
    path.iter().map(|d| d.join(program)).find(|p| {
        p.metadata()
            .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
    })
}

/// The system's folders, shown read-only to every program: what a shell,
/// an interpreter or a compiled program needs, and nothing of any user.
pub const SYSTEM: [&str; 8] = [
    "/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc",
];

/// This program's own executable when it is the command line
/// ([`provide_self`]).
static OWN: OnceLock<PathBuf> = OnceLock::new();

/// Where a sandbox finds [`provide_self`]'s program, first on its `PATH`.
const OWN_DIR: &str = "/run/mahjong-sim";

/// Shows the executable `exe` (the command line's own program) to every
/// sandboxed program, as the one file of a folder first on its `PATH`
/// under the name `mahjong-sim`: a bot or a solution may run the judge's
/// own bots and simulator (`--bot 'mahjong-sim noi2014 bot'`) without its
/// installation folder being shown. The command line calls it at its
/// start; a front end that is not that program (Python) does not.
pub fn provide_self(exe: &Path) {
    if let Ok(real) = exe.canonicalize() {
        let _ = OWN.set(real);
    }
}

/// util-linux's `prlimit`, which sets a sandbox's process limit where no
/// cgroup can.
const PRLIMIT: &str = "/usr/bin/prlimit";

/// The `PATH` a program gets when none of the judge's folders is shown.
const PLAIN_PATH: &str = "/usr/local/bin:/usr/bin:/bin";

/// The whole environment of a sandboxed program, in this order: `PATH`
/// (the judge's folders the program sees, `shown`, or the system's
/// alone), `HOME` and `TMPDIR` at its private `/tmp`, `LANG` (the judge's,
/// or `C.UTF-8`), then the user's `grants`. Nothing else of the judge's:
/// bubblewrap itself starts with this alone, so that its process inside
/// the sandbox (`/proc/1/environ`) holds no more.
fn environment(shown: &[PathBuf], grants: &Grants) -> Vec<(OsString, OsString)> {
    let mut path: Vec<PathBuf> = Vec::new();
    for d in judge_path() {
        if d.is_absolute() && inside(&d, shown) && !path.contains(&d) {
            path.push(d);
        }
    }
    if path.is_empty() {
        path = std::env::split_paths(PLAIN_PATH).collect();
    }
    if OWN.get().is_some() {
        path.insert(0, OWN_DIR.into());
    }
    let path = std::env::join_paths(path).unwrap_or_else(|_| PLAIN_PATH.into());
    let lang = std::env::var_os("LANG").unwrap_or_else(|| "C.UTF-8".into());
    let mut env: Vec<(OsString, OsString)> = vec![
        ("PATH".into(), path),
        ("HOME".into(), "/tmp".into()),
        ("TMPDIR".into(), "/tmp".into()),
        ("LANG".into(), lang),
    ];
    for (k, v) in &grants.env {
        env.retain(|(name, _)| name != k.as_str());
        env.push((k.into(), v.into()));
    }
    env
}

fn is_root() -> bool {
    // SAFETY: geteuid(2) reads this process's effective uid.
    unsafe { libc::geteuid() == 0 }
}

/// What one sandbox shows and bounds, for [`wrapper_args`].
#[derive(Debug, Default)]
struct View {
    /// Folders (or files) shown read-only.
    folders: Vec<PathBuf>,
    /// Judge files inside them, masked.
    hidden: Vec<PathBuf>,
    /// Where the program starts.
    cwd: Option<PathBuf>,
    /// The size of `/tmp` and of `/dev/shm`, in bytes.
    writable: u64,
    /// A limit on the program's processes by `prlimit` inside the sandbox
    /// (where no cgroup counts them).
    processes: Option<u64>,
}

/// bubblewrap's arguments for a program that sees `view`, followed by
/// what runs the program (the user switch when root, the process limit).
fn wrapper_args(view: &View) -> Vec<OsString> {
    let mut a: Vec<OsString> = Vec::new();
    let mut push = |words: &[&str]| a.extend(words.iter().map(OsString::from));
    push(&[
        "--unshare-ipc",
        "--unshare-pid",
        "--unshare-net",
        "--unshare-uts",
    ]);
    push(&["--unshare-cgroup-try", "--die-with-parent", "--new-session"]);
    if is_root() {
        // setpriv needs these to become nobody; it loses them on the way.
        push(&["--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID"]);
        push(&["--cap-add", "CAP_SETPCAP"]);
    } else {
        push(&["--unshare-user"]);
    }
    // A /dev of its own, read-only but for a bounded /dev/shm; then the
    // bounded private /tmp, before the folders shown: a program's folder
    // may be inside it.
    let size = view.writable.max(1 << 20).to_string();
    push(&["--proc", "/proc", "--dev", "/dev", "--remount-ro", "/dev"]);
    push(&["--perms", "1777", "--size", &size, "--tmpfs", "/dev/shm"]);
    push(&["--perms", "1777", "--size", &size, "--tmpfs", "/tmp"]);
    show(&mut a, view);
    a.extend(["--remount-ro".into(), "/".into()]);
    if let Some(cwd) = &view.cwd {
        a.extend(["--chdir".into(), cwd.as_os_str().to_owned()]);
    }
    a.push("--".into());
    if is_root() {
        let id = NOBODY.to_string();
        a.extend(["setpriv", "--reuid", &id, "--regid", &id, "--clear-groups"].map(OsString::from));
        a.extend(["--inh-caps=-all", "--bounding-set=-all", "--"].map(OsString::from));
    }
    if let Some(n) = view.processes {
        // In the sandbox's own user namespace the limit counts its
        // processes alone.
        a.extend([PRLIMIT.into(), format!("--nproc={n}").into(), "--".into()]);
    }
    a
}

/// bubblewrap's arguments that show the system's folders, this program
/// ([`provide_self`]) and `view`'s folders read-only, and mask its hidden
/// files.
fn show(a: &mut Vec<OsString>, view: &View) {
    for dir in SYSTEM {
        let p = Path::new(dir);
        match std::fs::read_link(p) {
            // `/bin -> usr/bin` on a merged /usr: the same link.
            Ok(target) => {
                a.extend(["--symlink".into(), target.into_os_string(), dir.into()]);
            }
            Err(_) if p.is_dir() => a.extend(["--ro-bind".into(), dir.into(), dir.into()]),
            Err(_) => {}
        }
    }
    // bubblewrap would make the folders above a folder shown for root
    // alone (mode 700): made here, open to the program's user.
    let mut above: Vec<&Path> = view
        .folders
        .iter()
        .flat_map(|f| f.ancestors().skip(1))
        .collect();
    above.sort();
    above.dedup();
    for dir in above.into_iter().filter(|d| d.parent().is_some()) {
        if !SYSTEM.iter().any(|s| dir.starts_with(s)) && dir != Path::new("/tmp") {
            push_dir(a, dir);
        }
    }
    if let Some(own) = OWN.get() {
        push_dir(a, Path::new("/run"));
        push_dir(a, Path::new(OWN_DIR));
        let to = Path::new(OWN_DIR).join("mahjong-sim");
        a.extend(["--ro-bind".into(), own.into(), to.into()]);
    }
    for f in &view.folders {
        a.extend([
            "--ro-bind".into(),
            f.clone().into_os_string(),
            f.clone().into_os_string(),
        ]);
    }
    for h in &view.hidden {
        if !view.folders.iter().any(|f| h.starts_with(f)) || !h.exists() {
            continue;
        }
        if h.is_dir() {
            a.extend(["--tmpfs".into(), h.clone().into_os_string()]);
        } else {
            a.extend([
                "--ro-bind".into(),
                "/dev/null".into(),
                h.clone().into_os_string(),
            ]);
        }
    }
}

/// bubblewrap's arguments that make the folder `dir`, open to the
/// program's user (bubblewrap alone would make it for root alone).
fn push_dir(a: &mut Vec<OsString>, dir: &Path) {
    a.extend(["--perms".into(), "0755".into(), "--dir".into(), dir.into()]);
}

/// The words of a shell command line, and those of a command line inside
/// a word (`sh -c '... ./bot'`).
fn words_of(command: &str) -> Vec<String> {
    let split = |c: &str| {
        shlex::split(c).unwrap_or_else(|| c.split_whitespace().map(str::to_string).collect())
    };
    let mut words = split(command);
    let inner: Vec<String> = words[1.min(words.len())..]
        .iter()
        .filter(|w| w.contains(char::is_whitespace))
        .flat_map(|w| split(w))
        .collect();
    words.extend(inner);
    words
}

/// The folders a program run by `command` sees besides the system's: the
/// folder of every existing file its words name (a folder named is itself
/// shown; as named, and where links lead), and, for an interpreter named
/// in a virtual environment's `bin` (`venv/bin/python`), the environment
/// (the folder holding `pyvenv.cfg`). Nothing is found on `PATH`: a word
/// without a `/` names a file only in the working folder `cwd`, except
/// the first, the command, which the sandbox finds on its own `PATH`.
fn folders_named(command: &str, cwd: &Path) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = Vec::new();
    for (i, word) in words_of(command).iter().enumerate() {
        // `--opt=path` names a path too.
        let word = word.rsplit_once('=').map_or(word.as_str(), |(_, v)| v);
        if word.is_empty() || (i == 0 && !word.contains('/')) {
            continue;
        }
        let path = cwd.join(word);
        let Ok(real) = path.canonicalize() else {
            continue;
        };
        let mut dirs = vec![if real.is_dir() {
            real.clone()
        } else {
            real.parent().unwrap_or(&real).to_path_buf()
        }];
        // The named path itself may be a link into another folder
        // (`venv/bin/python`), or lie below a link (`tests/x` where
        // `tests` links elsewhere): its folder as named is shown too.
        if let Ok(named) = std::path::absolute(&path) {
            let named = if real.is_dir() {
                named
            } else {
                named.parent().unwrap_or(&named).to_path_buf()
            };
            if !dirs.contains(&named) {
                dirs.push(named);
            }
        }
        for dir in dirs {
            if let Some(venv) = virtual_environment(&dir) {
                found.push(venv);
            }
            found.push(dir);
        }
    }
    found
}

/// The virtual environment whose `bin` is `dir`: its parent when that
/// holds `pyvenv.cfg`.
fn virtual_environment(dir: &Path) -> Option<PathBuf> {
    let prefix = dir.parent()?;
    (dir.file_name()? == "bin" && prefix.join("pyvenv.cfg").is_file()).then(|| prefix.into())
}

/// True when the program `command` runs exists here (by its path from
/// `cwd`, or on the judge's `PATH`): if its sandbox then says "command
/// not found", what is missing is something it runs that the sandbox
/// does not show, not the program itself.
pub fn program_exists(command: &str, cwd: &Path) -> bool {
    let Some(first) = words_of(command).into_iter().next() else {
        return false;
    };
    if first.contains('/') {
        cwd.join(first).exists()
    } else {
        on_path(&first, &judge_path()).is_some()
    }
}

/// `folders` without the system's, those inside another and repeats.
fn outermost(mut folders: Vec<PathBuf>) -> Vec<PathBuf> {
    let system = |p: &Path| SYSTEM.iter().any(|s| p.starts_with(s)) || p == Path::new("/");
    folders.retain(|p| !system(p));
    folders.sort();
    folders.dedup();
    let all = folders.clone();
    folders.retain(|p| !all.iter().any(|q| q != p && p.starts_with(q)));
    folders
}

/// True when `path` (as named, and where its links lead) lies in the
/// system's folders or in `shown`.
fn visible(path: &Path, shown: &[PathBuf]) -> bool {
    let real = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
    inside(path, shown) && inside(&real, shown)
}

/// True when `path`, as it is written, lies in the system's folders or in
/// `shown`.
fn inside(path: &Path, shown: &[PathBuf]) -> bool {
    SYSTEM.iter().any(|s| path.starts_with(s)) || shown.iter().any(|f| path.starts_with(f))
}

/// An error when the program `command` names cannot be found in the
/// sandbox that shows `shown` and has `path` as its `PATH`: a command found
/// only on the judge's `PATH` outside it, a script whose interpreter
/// (`#!`) it does not show. The error names the missing path and the
/// `--mount` that shows it. A command found in the sandbox but elsewhere
/// on the judge's `PATH` is noted once on standard error.
fn check_visible(
    command: &str,
    cwd: &Path,
    shown: &[PathBuf],
    path: &[PathBuf],
) -> Result<(), String> {
    let words = words_of(command);
    let Some(first) = words.first() else {
        return Ok(());
    };
    if first == "mahjong-sim" && OWN.get().is_some() {
        return Ok(());
    }
    let program = if first.contains('/') {
        // `./bot` as `/dir/bot`, not `/dir/./bot`.
        cwd.join(first).components().collect()
    } else {
        let judges = on_path(first, &judge_path());
        match (on_path(first, path), judges) {
            (Some(inside), Some(here)) => {
                if inside.canonicalize().ok() != here.canonicalize().ok() {
                    note_once(&format!(
                        "note: in the sandbox `{first}` is {}, not {} as on your PATH ({} to use that one)\n",
                        inside.display(),
                        here.display(),
                        mount_flag(&here)
                    ));
                }
                inside
            }
            (Some(inside), None) => inside,
            (None, Some(here)) => {
                return Err(format!(
                    "`{first}` is {} on your PATH, which the sandbox does not show: name it by its path ({}), or show its folder with {}",
                    here.display(),
                    here.display(),
                    mount_flag(&here)
                ));
            }
            // A shell word (`exec`, `cd`) or a program nowhere: the shell
            // says so when it runs.
            (None, None) => return Ok(()),
        }
    };
    if !program.exists() {
        return Ok(());
    }
    if !visible(&program, shown) {
        return Err(format!(
            "{} is not shown to the program: show it with {}",
            program.display(),
            mount_flag(&program)
        ));
    }
    check_interpreter(&program, shown, path)
}

/// The `--mount` that shows the file or folder `p`: its folder; for an
/// interpreter in a virtual environment, the environment; for a shim
/// (pyenv's `shims`), the install folder above it.
fn mount_flag(p: &Path) -> String {
    let dir = if p.is_dir() {
        p
    } else {
        p.parent().unwrap_or(p)
    };
    let dir = match (virtual_environment(dir), dir.parent()) {
        (Some(venv), _) => venv,
        (None, Some(up)) if dir.file_name().is_some_and(|n| n == "shims") => up.into(),
        _ => dir.to_path_buf(),
    };
    format!("--mount {}", dir.display())
}

/// An error when the script `program` names an interpreter (`#!/path`, or
/// `#!/usr/bin/env name`) that the sandbox showing `shown`, with `path`
/// as its `PATH`, does not show.
fn check_interpreter(program: &Path, shown: &[PathBuf], path: &[PathBuf]) -> Result<(), String> {
    let mut head = [0u8; 256];
    let n = std::fs::File::open(program)
        .and_then(|mut f| std::io::Read::read(&mut f, &mut head))
        .unwrap_or(0);
    let Some(line) = head[..n].strip_prefix(b"#!") else {
        return Ok(());
    };
    let line = String::from_utf8_lossy(line.split(|&b| b == b'\n').next().unwrap_or_default())
        .into_owned();
    let mut interp = line.split_whitespace();
    let Some(first) = interp.next() else {
        return Ok(());
    };
    if Path::new(first).ends_with("env") {
        if let Some(name) = interp.find(|w| !w.starts_with('-')) {
            if on_path(name, path).is_none() {
                if let Some(here) = on_path(name, &judge_path()) {
                    return Err(format!(
                        "{} runs `{name}`, which is {} on your PATH, not shown to the program: show it with {}",
                        program.display(),
                        here.display(),
                        mount_flag(&here)
                    ));
                }
            }
        }
        return Ok(());
    }
    let interp = Path::new(first);
    if interp.exists() && !visible(interp, shown) {
        return Err(format!(
            "{} runs {}, which is not shown to the program: show it with {}",
            program.display(),
            interp.display(),
            mount_flag(interp)
        ));
    }
    Ok(())
}

impl Jail {
    /// No containment beyond process groups (and `memory` as an
    /// address-space limit).
    pub fn unsandboxed(memory: Option<u64>) -> Jail {
        Jail {
            wrapper: Vec::new(),
            env: Vec::new(),
            cgroup: None,
            address_space: memory,
            description: match memory {
                Some(m) => format!("no sandbox; address space at most {} MiB", m >> 20),
                None => "no sandbox".into(),
            },
        }
    }

    /// The containment of the program run by the shell command line
    /// `command` from the working folder `cwd`: see the module's
    /// documentation. An error when `options.mode` requires a sandbox and
    /// none can be had, when the program (or a script's interpreter) is
    /// not shown to it, or when a folder it sees cannot be read by the
    /// sandbox's user.
    pub fn new(command: &str, cwd: &Path, options: &SandboxOptions) -> Result<Jail, String> {
        if options.mode == SandboxMode::Off {
            return Ok(Jail::unsandboxed(options.memory));
        }
        let bwrap = match bwrap() {
            Ok(b) => b,
            Err(why) if options.mode == SandboxMode::Required => {
                return Err(format!("no sandbox can be had: {why}"))
            }
            Err(why) => {
                warn_once(why);
                return Ok(Jail::unsandboxed(options.memory));
            }
        };
        let mut folders = folders_named(command, cwd);
        for m in &options.grants.mounts {
            folders.push(m.clone());
            if let Ok(real) = m.canonicalize() {
                folders.push(real);
            }
        }
        let folders = outermost(folders);
        let env = environment(&folders, &options.grants);
        let path: Vec<PathBuf> = env
            .iter()
            .find(|(k, _)| k == "PATH")
            .map(|(_, v)| std::env::split_paths(v).collect())
            .unwrap_or_default();
        check_visible(command, cwd, &folders, &path)?;
        if is_root() {
            for f in &folders {
                unreadable_by_others(f)?;
            }
        }
        // The working folder exists in the sandbox when a folder shown is
        // in it; otherwise programs start in /tmp.
        let shown = |p: &Path| folders.iter().any(|f| f.starts_with(p) || p.starts_with(f));
        let cwd = cwd.canonicalize().unwrap_or_else(|_| cwd.to_path_buf());
        let start = if shown(&cwd) {
            cwd
        } else {
            PathBuf::from("/tmp")
        };
        let hidden: Vec<PathBuf> = HIDDEN
            .lock()
            .expect("no panics while held")
            .iter()
            .filter_map(|h| h.canonicalize().ok())
            .collect();
        let mut jail = Jail {
            wrapper: Vec::new(),
            env,
            cgroup: None,
            address_space: None,
            description: String::new(),
        };
        let user = if is_root() {
            "user nobody"
        } else {
            "your user"
        };
        let (limit, processes) = jail.limit(options);
        // A quarter each: what it writes there is memory (a cgroup counts
        // it), and the program needs room to run.
        let writable = options.memory.map_or(WRITABLE_DEFAULT, |m| m / 4);
        let view = View {
            folders,
            hidden,
            cwd: Some(start),
            writable,
            processes,
        };
        jail.wrapper = vec![bwrap.clone().into_os_string()];
        jail.wrapper.extend(wrapper_args(&view));
        jail.description = format!(
            "sandbox (bubblewrap, {user}, no network); {limit}; /tmp and /dev/shm {} MiB each",
            writable >> 20
        );
        Ok(jail)
    }

    /// Sets the jail's memory and process limits from `options`: a cgroup
    /// where one can be had, else an address-space limit and, not as root,
    /// a process limit by `prlimit` (returned); and says which apply.
    fn limit(&mut self, options: &SandboxOptions) -> (String, Option<u64>) {
        let limit = match options.memory {
            None => "no memory limit".to_string(),
            Some(m) => match Cgroup::create(m, options.processes) {
                Ok(c) => {
                    let v = match c.version() {
                        Version::V1 => "v1",
                        Version::V2 => "v2",
                    };
                    self.cgroup = Some(c);
                    format!(
                        "memory in use at most {} MiB and {} processes (cgroup {v})",
                        m >> 20,
                        options.processes
                    )
                }
                Err(why) => {
                    self.address_space = Some(m);
                    format!("address space at most {} MiB (no cgroup: {why})", m >> 20)
                }
            },
        };
        // Without a cgroup, its own user namespace (not root's `nobody`,
        // shared by every sandbox) lets `prlimit` count its processes.
        if self.cgroup.is_some() {
            (limit, None)
        } else if !is_root() && Path::new(PRLIMIT).exists() {
            let n = options.processes;
            (format!("{limit}; {n} processes"), Some(n))
        } else {
            (format!("{limit}; no process limit"), None)
        }
    }

    /// True when the program runs in a sandbox.
    pub fn sandboxed(&self) -> bool {
        !self.wrapper.is_empty()
    }

    /// What contains the program and which memory limit applies, in words.
    pub fn describe(&self) -> &str {
        &self.description
    }

    /// The command that runs the shell command line `command` in this
    /// jail, with what happens between fork and exec (the cgroup, the
    /// address-space limit) set on it. As a `server` (in a sandbox only),
    /// the sandbox's shell runs `command` once for each request it is
    /// sent: see [`super::Session::spawn_server`].
    pub(super) fn command(&self, command: &str, server: bool) -> Command {
        use std::os::unix::process::CommandExt;
        let mut words = vec!["sh", "-c"];
        if server {
            words.extend([SERVER, "sh", command]);
        } else {
            words.push(command);
        }
        let mut cmd = match self.wrapper.split_first() {
            Some((bwrap, args)) => {
                let mut c = Command::new(bwrap);
                c.env_clear().envs(self.env.iter().map(|(k, v)| (k, v)));
                c.args(args).args(words);
                c
            }
            None => {
                let mut c = Command::new(words[0]);
                c.args(&words[1..]);
                c
            }
        };
        let procs = self.cgroup.as_ref().map(|c| c.join_files());
        let address_space = self.address_space;
        // SAFETY: between fork and exec only open/write/close on paths made
        // before (the cgroup) and setrlimit(2) run: async-signal-safe.
        unsafe {
            cmd.pre_exec(move || {
                if let Some(procs) = &procs {
                    super::cgroup::join(procs)?;
                }
                if let Some(bytes) = address_space {
                    let limit = libc::rlimit {
                        rlim_cur: bytes as libc::rlim_t,
                        rlim_max: bytes as libc::rlim_t,
                    };
                    if libc::setrlimit(libc::RLIMIT_AS, &limit) != 0 {
                        return Err(std::io::Error::last_os_error());
                    }
                }
                Ok(())
            });
        }
        cmd
    }

    /// CPU time used by the program's processes so far, in microseconds,
    /// where a cgroup counts it.
    pub fn cpu_micros(&self) -> Option<u64> {
        self.cgroup.as_ref()?.cpu_micros()
    }

    /// How many of the program's processes the kernel killed for using up
    /// the memory limit so far (cgroup only).
    pub fn oom_kills(&self) -> u64 {
        self.cgroup.as_ref().map_or(0, Cgroup::oom_kills)
    }
}

/// Says once on standard error that programs run without a sandbox, and
/// why: a security matter the user of any front end must hear of.
fn warn_once(why: &str) {
    use std::io::Write;
    static SAID: std::sync::Once = std::sync::Once::new();
    SAID.call_once(|| {
        let _ = std::io::stderr().write_all(
            format!(
                "warning: programs run without a sandbox ({why}): they can read your files, \
                 use the network and leave processes behind; --sandbox on refuses to run them so\n"
            )
            .as_bytes(),
        );
    });
}

/// Prints `note` on standard error the first time it comes (one a
/// command, however many of its programs start).
fn note_once(note: &str) {
    use std::io::Write;
    static SAID: Mutex<Vec<String>> = Mutex::new(Vec::new());
    let mut said = SAID.lock().expect("no panics while held");
    if !said.iter().any(|s| s == note) {
        said.push(note.to_string());
        let _ = std::io::stderr().write_all(note.as_bytes());
    }
}

/// An error when `folder` cannot be entered or read by the sandbox's user
/// (a folder of mode 700, as temporary folders are made).
fn unreadable_by_others(folder: &Path) -> Result<(), String> {
    use std::os::unix::fs::PermissionsExt;
    let mode = folder
        .metadata()
        .map(|m| m.permissions().mode())
        .unwrap_or(0);
    if mode & 0o005 == 0o005 {
        return Ok(());
    }
    Err(format!(
        "{} (mode {:o}) cannot be read by the sandbox's user nobody: make it readable (chmod o+rx) or run without the sandbox (--sandbox off)",
        folder.display(),
        mode & 0o777
    ))
}
