//! Running untrusted programs (contestants' solutions, bots) with limits.
//!
//! A program runs under `sh -c` in a process group of its own; a time-out
//! kills the whole group (children too); output beyond a limit is cut off
//! and the group killed; readers are joined with a bound, so even a process
//! that escapes the group cannot hang the caller.
//!
//! A process can leave the group (`setsid sleep 1000 &`). On Linux the
//! caller can [`become_subreaper`]: orphaned descendants are then handed to
//! it rather than to init, and every run marks its processes (an
//! environment variable they inherit), so that when a run ends its
//! escapees are found among the caller's children, killed with everything
//! below them, and reaped ([`Run::escaped`] counts them); [`kill_leftovers`]
//! and [`kill_all`] take down whatever is still around.

pub mod cgroup;
pub mod sandbox;

pub use sandbox::{Grants, Jail, SandboxMode, SandboxOptions, PROCESS_LIMIT};
use std::io::{Read, Write};
use std::process::{Child, ChildStderr, ChildStdin, ChildStdout, ExitStatus, Stdio};
use std::sync::{mpsc, Mutex};
use std::time::{Duration, Instant};

/// What one run of a program did.
#[derive(Clone, Debug, Default)]
pub struct Run {
    /// Standard output, up to the limit.
    pub stdout: Vec<u8>,
    /// True when the output went past the limit and was cut off.
    pub truncated: bool,
    /// True when the run was killed for taking too long.
    pub timed_out: bool,
    /// The exit code, or the signal as `-signal`; `None` when killed by us.
    pub code: Option<i32>,
    /// The end of standard error (its last [`STDERR_KEPT`] bytes).
    pub stderr: String,
    /// True when standard error was longer and only its end was kept.
    pub stderr_cut: bool,
    /// Processes of this run still alive outside its process group after
    /// it ended (they left it, e.g. with `setsid`): killed, with their own
    /// children. Found only after [`become_subreaper`].
    pub escaped: usize,
    /// True when a process kept the output open after the group was killed.
    pub pipe_held: bool,
    /// Wall-clock time of the run.
    pub elapsed: Duration,
}

/// Bytes of standard error kept: its end, where a crash message is.
pub const STDERR_KEPT: usize = 4096;

/// The end of a stream read in chunks (standard error: a crash message comes
/// last). Holds at most `2 * STDERR_KEPT` bytes between chunks, so memory
/// stays bounded however much a program writes.
#[derive(Default)]
struct Tail {
    kept: Vec<u8>,
    /// True once bytes before the kept ones were dropped.
    cut: bool,
}

impl Tail {
    fn push(&mut self, chunk: &[u8]) {
        self.kept.extend_from_slice(chunk);
        // Trimming at twice the size moves the bytes only now and then.
        if self.kept.len() > 2 * STDERR_KEPT {
            self.kept.drain(..self.kept.len() - STDERR_KEPT);
            self.cut = true;
        }
    }

    /// The last `STDERR_KEPT` bytes, and whether more came before them.
    fn end(&self) -> (&[u8], bool) {
        let start = self.kept.len().saturating_sub(STDERR_KEPT);
        (&self.kept[start..], self.cut || start > 0)
    }
}

/// The runs going on now: their process group (0 while the shell is being
/// spawned) and their mark, so that an interrupted caller can take them
/// down with it and a sweep leaves them alone. The shell of each run is its
/// group's leader, so the groups are also the pids of the caller's children
/// that belong to a live run.
static LIVE_GROUPS: Mutex<Vec<(i32, u64)>> = Mutex::new(Vec::new());

/// Held for reading by each spawn, from before the fork until the child is
/// listed in [`LIVE_GROUPS`]; [`kill_all`] takes it for writing, so that
/// it misses no program that is being started.
static SPAWNING: std::sync::RwLock<()> = std::sync::RwLock::new(());

/// Set by [`kill_all`]: no program is started after it.
static STOPPED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Processes [`sweep`] killed and has not reaped yet: they become our
/// children (zombies) only once their own parents are gone.
static KILLED: Mutex<Vec<i32>> = Mutex::new(Vec::new());

/// Runs between two sweeps for leftovers of finished runs that hold no
/// output open (see [`run`]): a bound on how many can gather.
const SWEEP_EVERY: u64 = 16;

/// The environment variable that marks a run's processes.
const MARK: &str = "MAHJONG_SIM_RUN";

/// Numbers the runs of this process, for their marks.
static RUNS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// Makes this process the reaper of its orphaned descendants (Linux
/// `prctl(PR_SET_CHILD_SUBREAPER)`): a process a program leaves behind in a
/// session of its own is then handed to us when its parent exits, where
/// [`run`] and [`kill_leftovers`] find and kill it. Affects the whole
/// process; true when it took effect (false elsewhere than on Linux).
pub fn become_subreaper() -> bool {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: prctl(2) with PR_SET_CHILD_SUBREAPER sets a flag of this
        // process; no memory is passed.
        unsafe { libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0 }
    }
    #[cfg(not(target_os = "linux"))]
    {
        false
    }
}

/// A process as `/proc/PID/stat` shows it: parent, group, session, name,
/// whether a zombie.
struct ProcInfo {
    pid: i32,
    ppid: i32,
    pgid: i32,
    session: i32,
    zombie: bool,
    /// The command name (`comm`, at most 15 bytes).
    comm: String,
}

fn proc_info(pid: i32) -> Option<ProcInfo> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name is in parentheses and may hold anything: parse after it.
    let (open, close) = (stat.find('(')?, stat.rfind(')')?);
    let mut f = stat.get(close + 2..)?.split(' ');
    let state = f.next()?;
    let ppid = f.next()?.parse().ok()?;
    let pgid = f.next()?.parse().ok()?;
    let session = f.next()?.parse().ok()?;
    Some(ProcInfo {
        pid,
        ppid,
        pgid,
        session,
        zombie: state == "Z" || state == "X",
        comm: stat.get(open + 1..close)?.to_string(),
    })
}

/// Every process visible in `/proc`.
fn processes() -> Vec<ProcInfo> {
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    dir.flatten()
        .filter_map(|e| e.file_name().to_str()?.parse().ok())
        .filter_map(proc_info)
        .collect()
}

/// The run mark of `pid`, if it carries one.
fn mark_of(pid: i32) -> Option<u64> {
    let env = std::fs::read(format!("/proc/{pid}/environ")).ok()?;
    let key = format!("{MARK}=");
    env.split(|&b| b == 0)
        .find_map(|kv| kv.strip_prefix(key.as_bytes()))
        .and_then(|v| std::str::from_utf8(v).ok()?.parse().ok())
}

/// Which marked processes a [`sweep`] takes.
#[derive(Clone, Copy)]
enum Which {
    /// Those of one run.
    Run(u64),
    /// Those of every run that is over.
    Finished,
}

/// Kills the caller's children that carry a run's mark (see [`MARK`]) and
/// are not a live run's shell, with everything below them: those of one
/// run, or of every finished run. Unmarked children (the caller's own) are
/// left alone. Returns how many live processes outside the process group
/// `group` were killed (those in it were dying already). Reaps what it
/// killed, as far as it has died.
fn sweep(which: Which, group: Option<i32>) -> usize {
    let me = std::process::id() as i32;
    let live = LIVE_GROUPS.lock().expect("no panics while held");
    let mut killed = 0;
    let all = processes();
    let mut reap = Vec::new();
    for o in all
        .iter()
        .filter(|p| p.ppid == me && !p.zombie && !live.iter().any(|l| l.0 == p.pid))
    {
        let Some(mark) = mark_of(o.pid) else { continue };
        let take = match which {
            Which::Run(m) => mark == m,
            Which::Finished => !live.iter().any(|l| l.1 == mark),
        };
        if !take {
            continue;
        }
        let tree = kill_trees(&all, vec![o.pid]);
        killed += all
            .iter()
            .filter(|p| tree.contains(&p.pid) && !p.zombie && Some(p.pgid) != group)
            .count();
        reap.extend(tree);
    }
    drop(live);
    let mut pending = KILLED.lock().expect("no panics while held");
    pending.extend(reap);
    reap_killed(
        &mut pending,
        Duration::from_millis(if killed > 0 { 200 } else { 0 }),
    );
    killed
}

/// Reaps the killed processes that have died and become our children,
/// waiting up to `patience` for them; forgets those that are gone.
fn reap_killed(pending: &mut Vec<i32>, patience: Duration) {
    let deadline = Instant::now() + patience;
    loop {
        pending.retain(|&pid| {
            let mut status = 0;
            // SAFETY: waitpid(2) on one pid, writing one int. A pid that is
            // not (yet) our child gives ECHILD and is kept while it exists.
            let r = unsafe { libc::waitpid(pid, &mut status, libc::WNOHANG) };
            r == 0 || (r < 0 && std::path::Path::new(&format!("/proc/{pid}")).exists())
        });
        if pending.is_empty() || Instant::now() >= deadline {
            return;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// Reaps the sandboxes' own init processes that were handed to us: when a
/// sandbox ends, bubblewrap's outer process may exit before the init of the
/// sandbox's PID namespace (a session leader of its own), which then comes
/// to us as subreaper and stays a zombie, since no `Child` waits for it.
/// Over a tournament they would fill the process table. Only zombie
/// children of ours named `bwrap` that lead a session of their own are
/// taken: never a process a `std::process::Child` waits for (the outer
/// `bwrap` and `sh` stay in the caller's session).
fn reap_sandbox_inits() {
    let me = std::process::id() as i32;
    // Our threads' children, where the kernel lists them; else all of /proc.
    let listed: Option<Vec<i32>> = std::fs::read_dir("/proc/self/task").ok().map(|tasks| {
        tasks
            .flatten()
            .filter_map(|t| std::fs::read_to_string(t.path().join("children")).ok())
            .flat_map(|c| {
                c.split_whitespace()
                    .filter_map(|p| p.parse().ok())
                    .collect::<Vec<i32>>()
            })
            .collect()
    });
    let children = match listed {
        Some(l) if !l.is_empty() => l,
        _ => processes()
            .into_iter()
            .filter(|p| p.ppid == me)
            .map(|p| p.pid)
            .collect(),
    };
    for pid in children {
        let Some(p) = proc_info(pid) else {
            continue;
        };
        // A finished sandbox's init: a bwrap zombie of ours leading its
        // own session.
        let init = p.comm == "bwrap" && p.zombie && p.ppid == me && p.session == pid;
        if init {
            let mut status = 0;
            // SAFETY: waitpid(2) on one zombie child of ours, writing one int.
            unsafe {
                libc::waitpid(pid, &mut status, libc::WNOHANG);
            }
        }
    }
}

/// After a run's shell has exited and its group was killed: waits for the
/// end of its output (`output_ended(patience)`: true when it ended within
/// `patience`). A process that left the group and holds the output open
/// would keep the reader waiting: when the output has not ended within
/// 20 ms, the run's escapees are swept (a sweep reads `/proc`, too slow for
/// every run) and the output gets another second. Returns how many the
/// sweep killed, `None` when the output ended at once and none ran.
fn drain_after_exit(
    mark: u64,
    pgid: i32,
    mut output_ended: impl FnMut(Duration) -> bool,
) -> Option<usize> {
    if output_ended(Duration::from_millis(20)) {
        return None;
    }
    let escaped = sweep(Which::Run(mark), Some(pgid));
    output_ended(Duration::from_secs(1));
    Some(escaped)
}

/// Kills every process left behind by finished runs (with their children)
/// and reaps them: what a caller does when it is done with running
/// programs. Returns how many were alive. Needs [`become_subreaper`].
pub fn kill_leftovers() -> usize {
    reap_sandbox_inits();
    let mut killed = 0;
    // Killing a parent hands its children to us: until nothing is left.
    for _ in 0..10 {
        let n = sweep(Which::Finished, None);
        killed += n;
        if n == 0 {
            break;
        }
    }
    reap_killed(
        &mut KILLED.lock().expect("no panics while held"),
        Duration::from_secs(1),
    );
    killed
}

fn kill_group(pgid: i32) {
    // SAFETY: kill(2) with a negative pid signals that process group; no
    // memory is touched. At worst the group is already gone (ESRCH).
    unsafe {
        libc::kill(-pgid, libc::SIGKILL);
    }
}

/// Kills every program running now, with its children: what an interrupted
/// caller does before it exits. Programs run in process groups of their own,
/// so the terminal's signal would not reach them otherwise.
pub fn kill_all() {
    STOPPED.store(true, std::sync::atomic::Ordering::SeqCst);
    // Spawns under way finish and list themselves first (a process caught
    // between fork and exec has no mark to be found by), and no more start.
    let _gate = SPAWNING.write();
    if let Ok(groups) = LIVE_GROUPS.lock() {
        groups
            .iter()
            .filter(|g| g.0 > 0)
            .for_each(|g| kill_group(g.0));
    }
    // And what left the groups (found only after `become_subreaper`): every
    // marked process below us.
    let me = std::process::id() as i32;
    let all = processes();
    let marked = all
        .iter()
        .filter(|p| p.ppid == me && mark_of(p.pid).is_some())
        .map(|p| p.pid)
        .collect();
    kill_trees(&all, marked);
}

/// Lets programs start again after [`kill_all`]: for a front end whose
/// interrupted run has ended and which goes on to another (a Python
/// session after Ctrl-C); the contest layer's guard decides when.
pub fn allow_spawns() {
    let _gate = SPAWNING.write();
    STOPPED.store(false, std::sync::atomic::Ordering::SeqCst);
}

/// Kills `roots` and everything below them, as `all` (a reading of `/proc`)
/// shows them; returns the pids it signalled, roots first.
fn kill_trees(all: &[ProcInfo], roots: Vec<i32>) -> Vec<i32> {
    let mut tree = roots;
    let mut i = 0;
    while i < tree.len() {
        let parent = tree[i];
        tree.extend(all.iter().filter(|p| p.ppid == parent).map(|p| p.pid));
        i += 1;
    }
    for &pid in &tree {
        // SAFETY: kill(2) signals a process; no memory is touched.
        unsafe {
            libc::kill(pid, libc::SIGKILL);
        }
    }
    tree
}

/// Starts `sh -c command` in `jail` with piped standard streams in a
/// process group of its own, marked with a new run's mark (see [`MARK`])
/// and listed as live. The mark is listed before the spawn (with no group
/// yet), so that a sweep never takes the shell for a leftover, and spawns
/// need not wait for each other.
fn spawn_marked(
    jail: &Jail,
    command: &str,
    server: bool,
) -> std::io::Result<(std::process::Child, u64)> {
    use std::os::unix::process::CommandExt;
    let _gate = SPAWNING.read();
    if STOPPED.load(std::sync::atomic::Ordering::SeqCst) {
        return Err(std::io::Error::new(
            std::io::ErrorKind::Interrupted,
            "interrupted: no program is started any more",
        ));
    }
    let mark = RUNS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    LIVE_GROUPS
        .lock()
        .expect("no panics while held")
        .push((0, mark));
    let mut cmd = jail.command(command, server);
    cmd.env(MARK, mark.to_string())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0);
    let spawned = cmd.spawn();
    let mut live = LIVE_GROUPS.lock().expect("no panics while held");
    let entry = live.iter().position(|l| l.1 == mark).expect("listed");
    match spawned {
        Ok(child) => {
            live[entry].0 = child.id() as i32;
            Ok((child, mark))
        }
        Err(e) => {
            live.remove(entry);
            Err(e)
        }
    }
}

/// Runs the shell command line `command` with `input` on its standard input,
/// killing its process group after `timeout` or once its output passes
/// `limit` bytes. No sandbox: for trusted programs ([`run_in`] for others).
pub fn run(command: &str, input: &[u8], timeout: Duration, limit: usize) -> std::io::Result<Run> {
    run_in(&Jail::unsandboxed(None), command, input, timeout, limit)
}

/// [`run`] in `jail`: a sandbox of its own, its limits.
pub fn run_in(
    jail: &Jail,
    command: &str,
    input: &[u8],
    timeout: Duration,
    limit: usize,
) -> std::io::Result<Run> {
    let start = Instant::now();
    let (mut child, mark) = spawn_marked(jail, command, false)?;
    let pgid = child.id() as i32;
    feed(child.stdin.take().expect("piped stdin"), input);
    let out_rx = read_output(child.stdout.take().expect("piped stdout"), limit, pgid);
    let err_rx = read_tail(child.stderr.take().expect("piped stderr"));
    let wait_rx = wait_for(child);
    let mut run = Run::default();
    let status = match wait_rx.recv_timeout(timeout) {
        Ok(status) => Some(status?),
        Err(_) => {
            run.timed_out = true;
            kill_group(pgid);
            wait_rx.recv().ok().and_then(|s| s.ok())
        }
    };
    // Whatever the solution left running goes too: its group, then what
    // left the group.
    kill_group(pgid);
    LIVE_GROUPS
        .lock()
        .expect("no panics while held")
        .retain(|g| g.0 != pgid);
    reap_sandbox_inits();
    let mut output = None;
    let swept = drain_after_exit(mark, pgid, |patience| {
        output = out_rx.recv_timeout(patience).ok();
        output.is_some()
    });
    // Quiet escapees (holding no output open) are found every SWEEP_EVERY
    // runs, and by `kill_leftovers`.
    run.escaped = match swept {
        Some(n) => n,
        None if mark % SWEEP_EVERY == SWEEP_EVERY - 1 => sweep(Which::Finished, Some(pgid)),
        None => 0,
    };
    match output {
        Some((buf, truncated)) => {
            run.stdout = buf;
            run.truncated = truncated;
        }
        None => run.pipe_held = true,
    }
    run.code = status.map(exit_code);
    if run.timed_out {
        run.code = None;
    }
    if let Ok(tail) = err_rx.recv_timeout(Duration::from_millis(200)) {
        let (end, cut) = tail.end();
        run.stderr = String::from_utf8_lossy(end).into_owned();
        run.stderr_cut = cut;
    }
    run.elapsed = start.elapsed();
    Ok(run)
}

/// A program's exit code, or the signal that ended it as `-signal`. The
/// sandbox, like a shell, reports a program killed by a signal as status
/// 128 + the signal: [`status_text`] says so.
fn exit_code(status: ExitStatus) -> i32 {
    use std::os::unix::process::ExitStatusExt;
    status
        .code()
        .or_else(|| status.signal().map(|s| -s))
        .unwrap_or(-1)
}

/// The signal behind an exit code: `-n` (the runner saw the signal), or
/// 128 + n as a shell reports a child killed by signal n.
pub fn signal_of(code: i32) -> Option<i32> {
    match code {
        c if c < 0 => Some(-c),
        c @ 129..=159 => Some(c - 128),
        _ => None,
    }
}

/// How a run ended, as a person reads it: `exit status 0`, `killed by
/// signal 11 (SIGSEGV)`, `killed by the checker`.
pub fn status_text(code: Option<i32>) -> String {
    let signal = |n: i32| match signal_hook::low_level::signal_name(n) {
        Some(name) => format!("killed by signal {n} ({name})"),
        None => format!("killed by signal {n}"),
    };
    match code {
        Some(c) if c < 0 => signal(-c),
        // The shell between us and the program says 128 + n.
        Some(c) => match signal_of(c) {
            Some(n) => format!("{} (exit status {c} from the shell)", signal(n)),
            None => format!("exit status {c}"),
        },
        None => "killed by the checker".into(),
    }
}

/// Writes `input` to a child's standard input from a thread of its own.
fn feed(mut stdin: ChildStdin, input: &[u8]) {
    let data = input.to_vec();
    std::thread::spawn(move || {
        // A solution that exits without reading makes this fail: fine.
        let _ = stdin.write_all(&data);
    });
}

/// Reads a child's standard output from a thread of its own, up to `limit`
/// bytes: past that it kills the process group `pgid`. Sends the bytes and
/// whether they were cut.
fn read_output(
    mut stdout: ChildStdout,
    limit: usize,
    pgid: i32,
) -> mpsc::Receiver<(Vec<u8>, bool)> {
    let (out_tx, out_rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut buf = Vec::new();
        let mut chunk = [0u8; 64 * 1024];
        let mut truncated = false;
        loop {
            match stdout.read(&mut chunk) {
                Ok(0) | Err(_) => break,
                Ok(n) => {
                    let room = limit.saturating_sub(buf.len());
                    buf.extend_from_slice(&chunk[..n.min(room)]);
                    if n > room {
                        truncated = true;
                        kill_group(pgid);
                        break;
                    }
                }
            }
        }
        let _ = out_tx.send((buf, truncated));
    });
    out_rx
}

/// Reads a child's standard error from a thread of its own, keeping its
/// tail; sends the tail at the end.
fn read_tail(mut stderr: ChildStderr) -> mpsc::Receiver<Tail> {
    let (err_tx, err_rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut tail = Tail::default();
        let mut chunk = [0u8; 16 * 1024];
        while let Ok(n) = stderr.read(&mut chunk) {
            if n == 0 {
                break;
            }
            tail.push(&chunk[..n]);
        }
        let _ = err_tx.send(tail);
    });
    err_rx
}

/// Waits for `child` from a thread of its own, so that the wait can time
/// out; sends its exit status.
fn wait_for(mut child: Child) -> mpsc::Receiver<std::io::Result<ExitStatus>> {
    let (wait_tx, wait_rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = wait_tx.send(child.wait());
    });
    wait_rx
}

/// Why the shell could not run a command line, from its exit status:
/// 127 "command not found", 126 "not executable" (POSIX's statuses for a
/// command the shell cannot find or execute); `None` for any other.
/// Meaningful only when the program printed nothing.
pub fn could_not_run(exit_code: Option<i32>) -> Option<&'static str> {
    match exit_code {
        Some(127) => Some("command not found"),
        Some(126) => Some("not executable"),
        _ => None,
    }
}

/// [`could_not_run`] for a program that ran in a sandbox when `sandboxed`
/// (and exists here): a command not found there is one the sandbox does
/// not show.
pub fn could_not_run_in(exit_code: Option<i32>, sandboxed: bool) -> Option<&'static str> {
    match exit_code {
        Some(127) if sandboxed => Some(
            "command not found in its sandbox, which shows only the system's folders, \
             the folders its command line names and those given with --mount",
        ),
        _ => could_not_run(exit_code),
    }
}

/// How one [`Session::exchange`] ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ended {
    /// The program printed the marker line and is waiting for more input.
    Marker,
    /// The program exited: its exit code, or the signal as `-signal`.
    Exited(Option<i32>),
    /// It ran past the time-out and was killed.
    TimedOut,
    /// Its output went past the limit and it was killed.
    Truncated,
}

/// What one exchange with a [`Session`] gave.
#[derive(Clone, Debug)]
pub struct Exchange {
    /// Standard output of this exchange, up to the marker line (exclusive).
    pub stdout: Vec<u8>,
    /// How it ended.
    pub ended: Ended,
    /// Wall-clock time from the input written to the end, kills included.
    pub elapsed: Duration,
    /// Processes that had left the group, found and killed (see [`Run::escaped`]).
    pub escaped: usize,
    /// On a time-out, what the program was doing when its time ran out.
    pub stuck: Option<Stuck>,
}

/// What a program was doing when its time ran out, read from
/// `/proc/PID/syscall` of the processes of its group just before they
/// were killed: the commonest reasons a bot never answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stuck {
    /// It had closed its standard output (no process of it holds it but
    /// the shell that started it), and was still running.
    ClosedOutput,
    /// Waiting to read its standard input: reading to the end of an input
    /// that stays open, or more lines than the judge sends.
    ReadingInput,
    /// Sleeping.
    Sleeping,
    /// Running on the CPU: still computing, or in an endless loop.
    Computing,
}

/// What the processes of the program started as `root` are doing, by
/// their system calls: a closed output comes first, then reading fd 0 (the
/// likeliest mistakes), then computing, then sleeping; `None` when none of
/// these (a lock, a pipe of its own) or `/proc` cannot tell. `root` and the
/// processes below it are the program's, but for its wrappers: the
/// sandbox's `bwrap` processes, and the `sh -c` shell the command line runs
/// under while it waits for the program (it holds the output without ever
/// writing to it, so it does not count as holding it open). When the shell
/// replaced itself with the program, `root` is the program.
pub fn stuck(root: i32) -> Option<Stuck> {
    let fd1 = |pid: i32| std::fs::read_link(format!("/proc/{pid}/fd/1")).ok();
    let call = |pid: i32| -> Option<(String, Option<String>)> {
        let text = std::fs::read_to_string(format!("/proc/{pid}/syscall")).ok()?;
        let mut words = text.split_whitespace().map(str::to_string);
        Some((words.next()?, words.next()))
    };
    let wrapper = |pid: i32| {
        let comm = std::fs::read_to_string(format!("/proc/{pid}/comm")).unwrap_or_default();
        let cmdline = std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
        comm.trim() == "bwrap"
            || (cmdline.starts_with(b"sh\0-c\0")
                && call(pid).is_some_and(|(n, _)| n.parse::<libc::c_long>() == Ok(libc::SYS_wait4)))
    };
    let Some(output) = fd1(root) else {
        // The root is the program (a wrapper would not close it).
        return Some(Stuck::ClosedOutput);
    };
    let all = processes();
    let mut tree = vec![root];
    let mut i = 0;
    while i < tree.len() {
        let parent = tree[i];
        tree.extend(all.iter().filter(|p| p.ppid == parent).map(|p| p.pid));
        i += 1;
    }
    let mut holders = 0;
    let mut found: Vec<Stuck> = Vec::new();
    // Any descriptor counts: a shell running `cmd > file` keeps its own
    // output on a saved descriptor meanwhile.
    let holds = |pid: i32| {
        std::fs::read_dir(format!("/proc/{pid}/fd")).is_ok_and(|fds| {
            fds.flatten()
                .any(|fd| std::fs::read_link(fd.path()).ok().as_ref() == Some(&output))
        })
    };
    for pid in tree.into_iter().filter(|&pid| !wrapper(pid)) {
        if holds(pid) {
            holders += 1;
        }
        match call(pid) {
            Some((n, _)) if n == "running" => found.push(Stuck::Computing),
            Some((n, arg0)) => {
                let n = n.parse::<libc::c_long>().unwrap_or(-1);
                let reads = [libc::SYS_read, libc::SYS_readv, libc::SYS_pread64].contains(&n);
                if reads && arg0.as_deref() == Some("0x0") {
                    found.push(Stuck::ReadingInput);
                } else if [libc::SYS_nanosleep, libc::SYS_clock_nanosleep].contains(&n) {
                    found.push(Stuck::Sleeping);
                }
            }
            None => {}
        }
    }
    if holders == 0 {
        found.push(Stuck::ClosedOutput);
    }
    [
        Stuck::ClosedOutput,
        Stuck::ReadingInput,
        Stuck::Computing,
        Stuck::Sleeping,
    ]
    .into_iter()
    .find(|s| found.contains(s))
}

/// What the reader and waiter threads of a session report.
enum SessionEvent {
    Out(Vec<u8>),
    OutEnd,
    Exit(Option<i32>),
}

/// A program that may stay alive between inputs (Botzone's keep-running
/// mode): started under `sh -c` in a process group of its own, marked like
/// a [`run`], with its standard input kept open. Each
/// [`exchange`](Session::exchange) writes one input and reads until the program prints
/// a marker line (it stays alive), exits, runs out of time or prints too
/// much (it is killed). Dropping the session kills its process group and
/// whatever left it.
pub struct Session {
    pgid: i32,
    mark: u64,
    input: Option<mpsc::Sender<Vec<u8>>>,
    events: mpsc::Receiver<SessionEvent>,
    stderr: std::sync::Arc<Mutex<Tail>>,
    stderr_end: mpsc::Receiver<()>,
    alive: bool,
    out_open: bool,
}

impl Session {
    /// Starts the shell command line `command` in `jail`.
    pub fn spawn(command: &str, jail: &Jail) -> std::io::Result<Session> {
        Session::start(command, jail, false)
    }

    /// A sandbox in `jail` that runs `command` once for each
    /// [`Session::serve`]: one process per request without a sandbox made
    /// for each (a sandbox's start-up costs several times what a small
    /// program's does). Each run has exactly its request on its standard
    /// input, its output and its exit status go to the caller, and what it
    /// left behind is killed before the next, as if it had had a sandbox of
    /// its own; its private `/tmp` is the same from one request to the
    /// next. An error where `jail` is no sandbox: the server relies on the
    /// sandbox's PID namespace and user to kill what a run left.
    pub fn spawn_server(command: &str, jail: &Jail) -> std::io::Result<Session> {
        if !jail.sandboxed() {
            return Err(std::io::Error::other(
                "a program is served one process per request only in a sandbox",
            ));
        }
        Session::start(command, jail, true)
    }

    fn start(command: &str, jail: &Jail, server: bool) -> std::io::Result<Session> {
        let (mut child, mark) = spawn_marked(jail, command, server)?;
        let pgid = child.id() as i32;
        let (events_tx, events) = mpsc::channel();
        let (input_tx, input_rx) = mpsc::channel::<Vec<u8>>();
        let mut stdin = child.stdin.take().expect("piped stdin");
        // Writes go through a thread: a program that does not read must
        // not block the caller on a full pipe.
        std::thread::spawn(move || {
            for data in input_rx {
                if stdin.write_all(&data).and_then(|_| stdin.flush()).is_err() {
                    break;
                }
            }
        });
        let mut stdout = child.stdout.take().expect("piped stdout");
        let tx = events_tx.clone();
        std::thread::spawn(move || {
            let mut chunk = [0u8; 64 * 1024];
            loop {
                match stdout.read(&mut chunk) {
                    Ok(0) | Err(_) => break,
                    Ok(n) => {
                        if tx.send(SessionEvent::Out(chunk[..n].to_vec())).is_err() {
                            return;
                        }
                    }
                }
            }
            let _ = tx.send(SessionEvent::OutEnd);
        });
        let stderr_kept = std::sync::Arc::new(Mutex::new(Tail::default()));
        let kept = stderr_kept.clone();
        let mut stderr = child.stderr.take().expect("piped stderr");
        let (end_tx, stderr_end) = mpsc::channel();
        std::thread::spawn(move || {
            let mut chunk = [0u8; 16 * 1024];
            while let Ok(n) = stderr.read(&mut chunk) {
                if n == 0 {
                    break;
                }
                kept.lock().expect("no panics while held").push(&chunk[..n]);
            }
            let _ = end_tx.send(());
        });
        std::thread::spawn(move || {
            let code = child.wait().ok().map(exit_code);
            let _ = events_tx.send(SessionEvent::Exit(code));
        });
        Ok(Session {
            pgid,
            mark,
            input: Some(input_tx),
            events,
            stderr: stderr_kept,
            stderr_end,
            alive: true,
            out_open: true,
        })
    }

    /// True until the program has exited or been killed.
    pub fn alive(&self) -> bool {
        self.alive
    }

    /// One run of a [`Session::spawn_server`]'s command on `input`, as
    /// [`Session::exchange`] with a process of its own would go: its
    /// output, and [`Ended::Exited`] with its status when it exited (the
    /// sandbox then waits for the next request); after anything else the
    /// sandbox is gone.
    pub fn serve(&mut self, input: &[u8], timeout: Duration, limit: usize) -> Exchange {
        // A key for this step's end: a program that printed the end line
        // itself to go on running between its requests would need it.
        let key = {
            use std::hash::{BuildHasher, Hasher};
            let mut h = std::collections::hash_map::RandomState::new().build_hasher();
            h.write_u64(self.mark);
            h.finish()
        };
        let mut framed = format!("{} {key:016x}\n", input.len()).into_bytes();
        framed.extend_from_slice(input);
        let end = format!(">>>MAHJONG_SIM_STEP_END {key:016x}<<<");
        // This step's standard error alone, as a process of its own has.
        *self.stderr.lock().expect("no panics while held") = Tail::default();
        // Room for the status lines after the program's own output.
        let mut ex = self.exchange(&framed, timeout, limit + 16, &end);
        if ex.ended != Ended::Marker {
            if matches!(ex.ended, Ended::Exited(_)) {
                // The server itself died (the program killed it): its
                // status is not the program's.
                ex.ended = Ended::Exited(None);
            }
            return ex;
        }
        // What the server added: "\n", the status, "\n".
        let body = ex.stdout.strip_suffix(b"\n").unwrap_or(&ex.stdout);
        let split = body.iter().rposition(|&b| b == b'\n');
        let status = split.and_then(|at| std::str::from_utf8(&body[at + 1..]).ok()?.parse().ok());
        let output = split.map_or(0, |at| at);
        ex.stdout.truncate(output);
        ex.ended = Ended::Exited(status);
        // Its standard error is complete once the server's line is in.
        let added = format!("\n{end}\n");
        let deadline = Instant::now() + Duration::from_secs(2);
        loop {
            let mut tail = self.stderr.lock().expect("no panics while held");
            if tail.kept.ends_with(added.as_bytes()) {
                let len = tail.kept.len() - added.len();
                tail.kept.truncate(len);
                break;
            }
            drop(tail);
            if Instant::now() >= deadline {
                break;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        if ex.stdout.len() > limit {
            ex.stdout.truncate(limit);
            ex.escaped = self.kill();
            ex.ended = Ended::Truncated;
        }
        ex
    }

    /// Writes `input` and reads the program's output until a line equal to
    /// `marker` (spaces and `\r` around it ignored), its exit, `timeout`, or
    /// more than `limit` bytes of output. After anything but
    /// [`Ended::Marker`] the program is gone and the session is over.
    pub fn exchange(
        &mut self,
        input: &[u8],
        timeout: Duration,
        limit: usize,
        marker: &str,
    ) -> Exchange {
        let start = Instant::now();
        let mut stdout = Vec::new();
        let ex = |stdout: Vec<u8>, ended, escaped| Exchange {
            stdout,
            ended,
            elapsed: start.elapsed(),
            escaped,
            stuck: None,
        };
        if !self.alive {
            return ex(stdout, Ended::Exited(None), 0);
        }
        if let Some(tx) = &self.input {
            let _ = tx.send(input.to_vec());
        }
        let deadline = start + timeout;
        let mut scanned = 0;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.events.recv_timeout(left) {
                Ok(SessionEvent::Out(bytes)) => {
                    stdout.extend_from_slice(&bytes);
                    if let Some(end) = marker_line(&stdout, &mut scanned, marker) {
                        stdout.truncate(end);
                        return ex(stdout, Ended::Marker, 0);
                    }
                    if stdout.len() > limit {
                        stdout.truncate(limit);
                        let escaped = self.kill();
                        return ex(stdout, Ended::Truncated, escaped);
                    }
                }
                Ok(SessionEvent::OutEnd) => self.out_open = false,
                Ok(SessionEvent::Exit(code)) => {
                    // What it left in its group goes too; then the output
                    // still in the pipe, unless a process that left the
                    // group holds it open: found and killed.
                    kill_group(self.pgid);
                    let (mark, pgid) = (self.mark, self.pgid);
                    let escaped = drain_after_exit(mark, pgid, |patience| {
                        while self.out_open {
                            match self.events.recv_timeout(patience) {
                                Ok(SessionEvent::Out(bytes)) => {
                                    let room = (limit + 1).saturating_sub(stdout.len());
                                    stdout.extend_from_slice(&bytes[..bytes.len().min(room)]);
                                }
                                Ok(_) => self.out_open = false,
                                Err(_) => return false,
                            }
                        }
                        true
                    })
                    .unwrap_or(0);
                    self.finish();
                    if stdout.len() > limit {
                        stdout.truncate(limit);
                        return ex(stdout, Ended::Truncated, escaped);
                    }
                    return ex(stdout, Ended::Exited(code), escaped);
                }
                Err(_) => {
                    let stuck = stuck(self.pgid);
                    let escaped = self.kill();
                    return Exchange {
                        stuck,
                        ..ex(stdout, Ended::TimedOut, escaped)
                    };
                }
            }
        }
    }

    /// The end of the program's standard error so far (its last
    /// [`STDERR_KEPT`] bytes), and whether more came before it. Once the
    /// program is gone, waits briefly for the rest of it (a crash message
    /// comes last).
    pub fn stderr_tail(&self) -> (String, bool) {
        if !self.alive {
            let _ = self.stderr_end.recv_timeout(Duration::from_millis(200));
        }
        let tail = self.stderr.lock().expect("no panics while held");
        let (end, cut) = tail.end();
        (String::from_utf8_lossy(end).into_owned(), cut)
    }

    /// Kills the program's group and what left it, waits (briefly) for the
    /// shell to be reaped. Returns how many escapees were killed.
    fn kill(&mut self) -> usize {
        if !self.alive {
            return 0;
        }
        kill_group(self.pgid);
        self.input = None;
        // The shell's exit, reported by the waiter: after it, whatever left
        // the group has been handed to us (as subreaper) and can be swept.
        let deadline = Instant::now() + Duration::from_secs(1);
        while let Ok(ev) = self
            .events
            .recv_timeout(deadline.saturating_duration_since(Instant::now()))
        {
            match ev {
                SessionEvent::Exit(_) => break,
                SessionEvent::OutEnd => self.out_open = false,
                SessionEvent::Out(_) => {}
            }
        }
        let escaped = sweep(Which::Run(self.mark), Some(self.pgid));
        self.finish();
        escaped
    }

    /// The program is gone: no longer a live run.
    fn finish(&mut self) {
        self.alive = false;
        self.input = None;
        LIVE_GROUPS
            .lock()
            .expect("no panics while held")
            .retain(|g| g.1 != self.mark);
        reap_sandbox_inits();
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        self.kill();
    }
}

/// The end of the output before the first complete line equal to `marker`
/// (trimmed), looking only at lines from `scanned` on; `scanned` advances
/// past the complete lines seen. A marker without its newline counts once
/// it is the whole rest of the output.
fn marker_line(out: &[u8], scanned: &mut usize, marker: &str) -> Option<usize> {
    let is_marker = |line: &[u8]| line.trim_ascii() == marker.as_bytes();
    while let Some(nl) = out[*scanned..].iter().position(|&b| b == b'\n') {
        let line = &out[*scanned..*scanned + nl];
        if is_marker(line) {
            return Some(*scanned);
        }
        *scanned += nl + 1;
    }
    if is_marker(&out[*scanned..]) {
        return Some(*scanned);
    }
    None
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use std::process::Command;

    #[test]
    fn the_marker_is_a_whole_line() {
        let m = ">>>MARK<<<";
        let find = |out: &[u8]| marker_line(out, &mut 0, m);
        assert_eq!(find(b"{\"response\":\"PASS\"}\n>>>MARK<<<\n"), Some(20));
        assert_eq!(find(b"{}\r\n  >>>MARK<<< \r\n"), Some(4));
        // Complete without its newline only when it is all that is left.
        assert_eq!(find(b"{}\n>>>MARK<<<"), Some(3));
        assert_eq!(find(b"{}\n>>>MARK<"), None);
        assert_eq!(find(b"x >>>MARK<<<\n"), None);
        assert_eq!(find(b"{\"response\":\">>>MARK<<<\"}\n"), None);
        // Scanning goes on where it stopped, across reads.
        let mut scanned = 0;
        let mut out = b"{}\n>>>MA".to_vec();
        assert_eq!(marker_line(&out, &mut scanned, m), None);
        assert_eq!(scanned, 3);
        out.extend_from_slice(b"RK<<<\n");
        assert_eq!(marker_line(&out, &mut scanned, m), Some(3));
    }

    #[test]
    fn a_session_keeps_running_until_it_stops_printing_the_marker() {
        let _alone = alone();
        let script = "read a; echo \"got $a\"; echo '>>>MARK<<<'; read b; echo \"then $b\"";
        let mut s = Session::spawn(script, &Jail::unsandboxed(None)).unwrap();
        let t = Duration::from_secs(20);
        let e = s.exchange(b"one\n", t, 1000, ">>>MARK<<<");
        assert_eq!(
            (e.ended, e.stdout.as_slice()),
            (Ended::Marker, &b"got one\n"[..])
        );
        assert!(s.alive());
        let e = s.exchange(b"two\n", t, 1000, ">>>MARK<<<");
        assert_eq!(
            (e.ended, e.stdout.as_slice()),
            (Ended::Exited(Some(0)), &b"then two\n"[..])
        );
        assert!(!s.alive());
        // Too much output and time-outs end it.
        let mut s = Session::spawn("yes", &Jail::unsandboxed(None)).unwrap();
        let e = s.exchange(b"", t, 1000, ">>>MARK<<<");
        assert_eq!((e.ended, e.stdout.len()), (Ended::Truncated, 1000));
        let mut s = Session::spawn("sleep 30", &Jail::unsandboxed(None)).unwrap();
        let e = s.exchange(b"", Duration::from_millis(100), 1000, ">>>MARK<<<");
        assert_eq!(e.ended, Ended::TimedOut);
        assert!(!s.alive());
    }

    /// `reap_killed` waits, within its patience, for the processes it is
    /// given to die, and reaps them; it keeps a process that is not (yet)
    /// its child while it exists, and forgets one that is gone.
    #[test]
    fn reap_killed_reaps_within_its_patience_and_forgets_the_gone() {
        let exists = |pid: i32| std::path::Path::new(&format!("/proc/{pid}")).exists();
        // A child that ends by itself after 50 ms: still alive at the first
        // look, so only waiting reaps it.
        let child = Command::new("sleep").arg("0.05").spawn().expect("sleep");
        let pid = child.id() as i32;
        let mut pending = vec![pid];
        reap_killed(&mut pending, Duration::from_secs(10));
        assert!(pending.is_empty(), "{pending:?}");
        // Reaped: not even a zombie is left.
        assert!(!exists(pid));
        drop(child);
        // The test runner's parent is no child of ours but exists: kept.
        // A pid above the kernel's limit never exists: forgotten.
        let parent = std::os::unix::process::parent_id() as i32;
        let mut pending = vec![parent, i32::MAX];
        reap_killed(&mut pending, Duration::ZERO);
        assert_eq!(pending, [parent]);
    }

    /// Output of exactly the limit is whole; one byte more is cut off.
    #[test]
    fn output_of_exactly_the_limit_is_not_truncated() {
        let _alone = alone();
        let t = Duration::from_secs(20);
        let r = run("printf abcd", b"", t, 4).unwrap();
        assert_eq!((r.stdout.as_slice(), r.truncated), (&b"abcd"[..], false));
        let r = run("printf abcde", b"", t, 4).unwrap();
        assert_eq!((r.stdout.as_slice(), r.truncated), (&b"abcd"[..], true));
    }

    /// A tail holds at most twice what it keeps between chunks, however
    /// much comes, and gives the last `STDERR_KEPT` bytes.
    #[test]
    fn a_tail_keeps_the_end_in_bounded_memory() {
        let mut t = Tail::default();
        t.push(b"short");
        assert_eq!(t.end(), (&b"short"[..], false));
        let mut all = b"short".to_vec();
        for i in 0..200u32 {
            let chunk: Vec<u8> = (0..1000 + i).map(|j| (i * 7 + j) as u8).collect();
            t.push(&chunk);
            all.extend_from_slice(&chunk);
            assert!(t.kept.len() <= 2 * STDERR_KEPT, "{}", t.kept.len());
            let (end, cut) = t.end();
            let want = &all[all.len().saturating_sub(STDERR_KEPT)..];
            assert_eq!((end, cut), (want, all.len() > STDERR_KEPT));
        }
    }

    /// Escapees that hold no output open are swept every `SWEEP_EVERY`
    /// runs, not only at the end (`kill_leftovers`): over a long check they
    /// would pile up otherwise.
    #[test]
    fn quiet_escapees_are_swept_while_runs_go_on() {
        let _alone = alone();
        // Escapees come to us only as a subreaper (as check makes itself).
        assert!(become_subreaper());
        let quiet = "setsid sleep 1011 >/dev/null 2>&1 </dev/null &";
        // Every SWEEP_EVERY-th run (by its mark) sweeps, not every run: over
        // two rounds, two sweeps, or three or four where other tests' runs
        // take marks in between.
        let run_quiet = || run(quiet, b"", Duration::from_secs(20), 100).unwrap();
        let sweeps = (0..2 * SWEEP_EVERY)
            .filter(|_| run_quiet().escaped > 0)
            .count();
        kill_leftovers();
        assert!((1..=4).contains(&sweeps), "{sweeps} sweeps");
    }

    /// Tests that run programs take turns: a run's periodic sweep takes
    /// every finished run's escapees (and a finished session's), another
    /// test's too, and which runs sweep depends on the marks others take.
    static ESCAPES: Mutex<()> = Mutex::new(());

    /// This test's turn (see [`ESCAPES`]), held until the guard is dropped;
    /// a failed test before it does not stop the others. Other modules'
    /// tests that run programs take it too.
    pub(crate) fn alone() -> std::sync::MutexGuard<'static, ()> {
        ESCAPES.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A run's escapee that holds the output open is swept when the run
    /// ends: it and its children are counted (nothing else is), and all
    /// are reaped before the run returns, not left as zombies (100
    /// children: unless the sweep waits for them, some are not dead yet).
    #[test]
    fn an_escapee_and_its_children_are_counted_and_reaped_before_the_run_returns() {
        let _alone = alone();
        assert!(become_subreaper());
        // The escapee starts its children and prints every pid before the
        // run's shell exits (a file it writes says so), then keeps the
        // output open.
        let solution = "f=$(mktemp -u); \
            setsid sh -c \"p=; for i in \\$(seq 100); do sleep 1017 & p=\\\"\\$p \\$!\\\"; done; \
            echo \\$\\$ \\$p; touch $f; exec sleep 1018\" & \
            while [ ! -e $f ]; do sleep 0.01; done; rm -f $f";
        let r = run(solution, b"", Duration::from_secs(20), 4000).unwrap();
        let out = String::from_utf8(r.stdout).unwrap();
        let pids: Vec<i32> = out.split_whitespace().map(|p| p.parse().unwrap()).collect();
        assert_eq!(pids.len(), 101, "{out:?}");
        assert_eq!(r.escaped, 101, "{out:?}");
        for pid in pids {
            let gone = !std::path::Path::new(&format!("/proc/{pid}")).exists();
            let zombie = proc_info(pid).map(|p| p.zombie);
            assert!(gone, "{pid} is left (a zombie: {zombie:?})");
        }
    }

    /// A program killed by a signal has the signal as `-signal`, for a run
    /// and in a session alike.
    #[test]
    fn a_signal_is_reported_as_its_negative() {
        let _alone = alone();
        let t = Duration::from_secs(20);
        assert_eq!(run("kill -11 $$", b"", t, 100).unwrap().code, Some(-11));
        let mut s = Session::spawn("kill -11 $$", &Jail::unsandboxed(None)).unwrap();
        let e = s.exchange(b"", t, 100, ">>>MARK<<<");
        assert_eq!(e.ended, Ended::Exited(Some(-11)));
    }

    /// A session's stderr, once the program is gone, is waited for: what
    /// a process that left the group writes just after (and then closes)
    /// is in the tail.
    #[test]
    fn a_sessions_stderr_tail_waits_for_the_end_of_stderr() {
        let _alone = alone();
        // The shell exits once the writer has left its group (a file the
        // writer makes says so), or the group's kill could take it first.
        let late = "f=$(mktemp -u); \
            setsid sh -c \"touch $f; sleep 0.05; echo late >&2\" >/dev/null </dev/null & \
            while [ ! -e $f ]; do sleep 0.01; done; rm -f $f";
        let mut s = Session::spawn(late, &Jail::unsandboxed(None)).unwrap();
        let e = s.exchange(b"", Duration::from_secs(20), 100, ">>>MARK<<<");
        assert_eq!(e.ended, Ended::Exited(Some(0)));
        assert_eq!(s.stderr_tail(), ("late\n".to_string(), false));
    }

    /// In a session too, output of exactly the limit is whole and one byte
    /// more is cut off, whether it is read before the program's exit is
    /// seen or after (tried many times: either may come first).
    #[test]
    fn a_session_cuts_output_past_the_limit_only() {
        let _alone = alone();
        let t = Duration::from_secs(20);
        for _ in 0..40 {
            let e = Session::spawn("printf abcd", &Jail::unsandboxed(None))
                .unwrap()
                .exchange(b"", t, 4, ">>>MARK<<<");
            assert_eq!(
                (e.ended, e.stdout.as_slice()),
                (Ended::Exited(Some(0)), &b"abcd"[..])
            );
            let e = Session::spawn("printf abcde", &Jail::unsandboxed(None))
                .unwrap()
                .exchange(b"", t, 4, ">>>MARK<<<");
            assert_eq!(
                (e.ended, e.stdout.as_slice()),
                (Ended::Truncated, &b"abcd"[..])
            );
        }
    }

    /// Dropping a session whose program is still running kills it.
    #[test]
    fn dropping_a_live_session_kills_its_program() {
        let _alone = alone();
        let mut s = Session::spawn(
            "echo $$; echo '>>>MARK<<<'; exec sleep 1019",
            &Jail::unsandboxed(None),
        )
        .unwrap();
        let e = s.exchange(b"", Duration::from_secs(20), 100, ">>>MARK<<<");
        assert_eq!(e.ended, Ended::Marker);
        let pid: i32 = String::from_utf8(e.stdout).unwrap().trim().parse().unwrap();
        drop(s);
        // Gone, or dead and not yet reaped by the session's waiter.
        let dead = || proc_info(pid).is_none_or(|p| p.zombie);
        let deadline = Instant::now() + Duration::from_secs(5);
        while !dead() && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(10));
        }
        let left = !dead();
        if left {
            // SAFETY: kill(2) on the test's own program; no memory touched.
            unsafe {
                libc::kill(pid, libc::SIGKILL);
            }
        }
        assert!(!left, "the dropped session's program is still running");
    }
}
