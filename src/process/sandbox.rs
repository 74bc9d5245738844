//! Each untrusted program (a bot, a contestant's solution) in a sandbox of
//! its own, built with bubblewrap (`bwrap`, the sandbox of Flatpak), plus a
//! control group ([`super::cgroup`]) for the limits bubblewrap does not
//! set. What a sandboxed program gets:
//!
//! - **Its own PID namespace**: it sees only its own processes, cannot
//!   signal the judge or another bot, and when its first process ends (or
//!   the judge kills it, or the judge dies) every process it started dies
//!   with it, whatever it did to its session or environment.
//! - **Its own mount view**: the system (`/usr`, `/bin`, `/lib*`, `/etc`,
//!   `/opt`) and the folders of the files its command line names (the
//!   program, a script, an interpreter outside the system) read-only; a
//!   private `/tmp`; a `/proc` of its own; nothing else of the machine —
//!   not the wall, the logs, other bots' folders, the user's home. Judge
//!   files that lie inside a folder it sees are hidden ([`hide`]).
//! - **No network**: a network namespace with only its own loopback.
//! - **Another user** when the judge runs as root: `nobody` (uid 65534), by
//!   `setpriv` inside the sandbox, with no capabilities. Run by another
//!   user, the judge is already not root; a user namespace keeps its uid.
//! - **Limits**: memory in use and the number of processes by a cgroup;
//!   where no cgroup can be had, an address-space limit (`RLIMIT_AS`) and no
//!   process limit, and [`Jail::describe`] says so.
//! - **A clean environment**: `PATH`, the locale, `TZ`, `PYENV_ROOT`,
//!   `PYENV_VERSION`, `JAVA_HOME` and the user's `MAHJONG_SIM_BOT_*` pass;
//!   `HOME` and `TMPDIR` are `/tmp`.
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
    /// be had); `None` for no limit.
    pub memory: Option<u64>,
    /// Processes and threads at a time (cgroup only).
    pub processes: u64,
}

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
/// cgroup, or an address-space limit. Made once per program and used for
/// each of its processes.
#[derive(Debug, Default)]
pub struct Jail {
    /// `bwrap` and its arguments up to the program's; empty for none.
    wrapper: Vec<OsString>,
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
            None => on_path("bwrap").ok_or(
                "bubblewrap (`bwrap`) is not installed (Debian and Ubuntu: apt-get install bubblewrap)",
            )?,
        };
        // A run of `true` in the sandbox tells whether namespaces are allowed.
        let mut probe = Command::new(&path);
        probe.args(wrapper_args(&[], &[], None));
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

/// `program` as the shell would find it on `PATH`.
fn on_path(program: &str) -> Option<PathBuf> {
    use std::os::unix::fs::PermissionsExt;
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|d| d.join(program))
        .find(|p| {
            p.metadata()
                .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
        })
}

/// The system's folders, shown read-only to every program.
const SYSTEM: [&str; 9] = [
    "/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc", "/opt",
];

/// The variables of the environment a program keeps: what finds and runs
/// interpreters, the locale, and the user's own settings for bots
/// (`MAHJONG_SIM_BOT_*`).
fn kept_variable(name: &str) -> bool {
    [
        "PATH",
        "LANG",
        "LANGUAGE",
        "TZ",
        "TERM",
        "PYENV_ROOT",
        "PYENV_VERSION",
        "JAVA_HOME",
    ]
    .contains(&name)
        || name.starts_with("LC_")
        || name.starts_with("MAHJONG_SIM_BOT_")
}

fn is_root() -> bool {
    // SAFETY: geteuid(2) reads this process's effective uid.
    unsafe { libc::geteuid() == 0 }
}

/// bubblewrap's arguments for a program that sees `folders` (read-only),
/// with `hidden` masked, in the working folder `cwd`, followed by what
/// runs the program (the user switch when root).
fn wrapper_args(folders: &[PathBuf], hidden: &[PathBuf], cwd: Option<&Path>) -> Vec<OsString> {
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
    // The private /tmp first: a program's folder may be inside it.
    push(&[
        "--proc", "/proc", "--dev", "/dev", "--perms", "1777", "--tmpfs", "/tmp",
    ]);
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
    let mut above: Vec<&Path> = folders.iter().flat_map(|f| f.ancestors().skip(1)).collect();
    above.sort();
    above.dedup();
    for dir in above.into_iter().filter(|d| d.parent().is_some()) {
        if !SYSTEM.iter().any(|s| dir.starts_with(s)) && dir != Path::new("/tmp") {
            a.extend(["--perms".into(), "0755".into(), "--dir".into(), dir.into()]);
        }
    }
    for f in folders {
        a.extend([
            "--ro-bind".into(),
            f.clone().into_os_string(),
            f.clone().into_os_string(),
        ]);
    }
    for h in hidden {
        if !folders.iter().any(|f| h.starts_with(f)) || !h.exists() {
            continue;
        }
        let mask = if h.is_dir() { "--tmpfs" } else { "--ro-bind" };
        if h.is_dir() {
            a.extend([mask.into(), h.clone().into_os_string()]);
        } else {
            a.extend([mask.into(), "/dev/null".into(), h.clone().into_os_string()]);
        }
    }
    let mut push = |words: &[&str]| a.extend(words.iter().map(OsString::from));
    push(&["--remount-ro", "/"]);
    push(&[
        "--clearenv",
        "--setenv",
        "HOME",
        "/tmp",
        "--setenv",
        "TMPDIR",
        "/tmp",
    ]);
    for (k, v) in std::env::vars_os() {
        if k.to_str().is_some_and(kept_variable) {
            a.extend(["--setenv".into(), k, v]);
        }
    }
    if let Some(cwd) = cwd {
        a.extend(["--chdir".into(), cwd.as_os_str().to_owned()]);
    }
    a.push("--".into());
    if is_root() {
        let id = NOBODY.to_string();
        a.extend(["setpriv", "--reuid", &id, "--regid", &id, "--clear-groups"].map(OsString::from));
        a.extend(["--inh-caps=-all", "--bounding-set=-all", "--"].map(OsString::from));
    }
    a
}

/// The folders a program run by `command` needs to see: the folder of
/// every existing file its words name (a folder named is itself shown; as
/// named, and where links lead), and
/// the folders on `PATH` (where interpreters and the programs a script runs
/// are found). A folder called `bin` or `shims` shows its parent, the
/// install folder (`~/.cargo/bin` shows `~/.cargo`, a pyenv shim
/// `~/.pyenv`). Folders inside the system's, or inside another in the
/// list, are left out.
fn folders_named(command: &str, cwd: &Path) -> Vec<PathBuf> {
    let split = |c: &str| {
        shlex::split(c).unwrap_or_else(|| c.split_whitespace().map(str::to_string).collect())
    };
    let mut words = split(command);
    // A command line inside a word (`sh -c '... ./bot'`) names paths too.
    let inner: Vec<String> = words[1.min(words.len())..]
        .iter()
        .filter(|w| w.contains(char::is_whitespace))
        .flat_map(|w| split(w))
        .collect();
    words.extend(inner);
    let mut found: Vec<PathBuf> = Vec::new();
    for (i, word) in words.iter().enumerate() {
        // `--opt=path` names a path too.
        let word = word.rsplit_once('=').map_or(word.as_str(), |(_, v)| v);
        if word.is_empty() {
            continue;
        }
        let path = if word.contains('/') {
            cwd.join(word)
        } else if i == 0 {
            match on_path(word) {
                Some(p) => p,
                None => continue,
            }
        } else if cwd.join(word).exists() {
            cwd.join(word)
        } else {
            continue;
        };
        let Ok(real) = path.canonicalize() else {
            continue;
        };
        let mut dirs = vec![if real.is_dir() {
            real.clone()
        } else {
            real.parent().unwrap_or(&real).to_path_buf()
        }];
        // The named path itself may be a link into another folder (a
        // shim, `~/.cargo/bin/x`), or lie below a link (`tests/x` where
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
            // A program installed in `PREFIX/bin` may need `PREFIX`.
            let name = dir.file_name().and_then(|n| n.to_str());
            let dir = match name {
                Some("bin" | "shims") => dir.parent().map_or(dir.clone(), Path::to_path_buf),
                _ => dir,
            };
            found.push(dir);
        }
    }
    let on_path = std::env::var_os("PATH").unwrap_or_default();
    for dir in std::env::split_paths(&on_path).filter(|d| d.is_absolute()) {
        let Ok(dir) = dir.canonicalize() else {
            continue;
        };
        let name = dir.file_name().and_then(|n| n.to_str());
        found.push(match name {
            Some("bin" | "shims") => dir.parent().map_or(dir.clone(), Path::to_path_buf),
            _ => dir,
        });
    }
    let system = |p: &Path| SYSTEM.iter().any(|s| p.starts_with(s)) || p == Path::new("/");
    found.retain(|p| !system(p));
    found.sort();
    found.dedup();
    let all = found.clone();
    found.retain(|p| !all.iter().any(|q| q != p && p.starts_with(q)));
    found
}

impl Jail {
    /// No containment beyond process groups (and `memory` as an
    /// address-space limit).
    pub fn unsandboxed(memory: Option<u64>) -> Jail {
        Jail {
            wrapper: Vec::new(),
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
    /// none can be had, or when the program's folder cannot be read by the
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
        let folders = folders_named(command, cwd);
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
        let mut wrapper = vec![bwrap.clone().into_os_string()];
        wrapper.extend(wrapper_args(&folders, &hidden, Some(&start)));
        let mut jail = Jail {
            wrapper,
            cgroup: None,
            address_space: None,
            description: String::new(),
        };
        let user = if is_root() {
            "user nobody"
        } else {
            "your user"
        };
        let limit = match options.memory {
            None => "no memory limit".to_string(),
            Some(m) => match Cgroup::create(m, options.processes) {
                Ok(c) => {
                    let v = match c.version() {
                        Version::V1 => "v1",
                        Version::V2 => "v2",
                    };
                    jail.cgroup = Some(c);
                    format!(
                        "memory in use at most {} MiB and {} processes (cgroup {v})",
                        m >> 20,
                        options.processes
                    )
                }
                Err(why) => {
                    jail.address_space = Some(m);
                    format!(
                        "address space at most {} MiB, no process limit (no cgroup: {why})",
                        m >> 20
                    )
                }
            },
        };
        jail.description = format!("sandbox (bubblewrap, {user}, no network); {limit}");
        Ok(jail)
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
