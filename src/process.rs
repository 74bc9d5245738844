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

use std::io::{Read, Write};
use std::process::{Command, Stdio};
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

/// The runs going on now: their process group (0 while the shell is being
/// spawned) and their mark, so that an interrupted caller can take them
/// down with it and a sweep leaves them alone. The shell of each run is its
/// group's leader, so the groups are also the pids of the caller's children
/// that belong to a live run.
static LIVE_GROUPS: Mutex<Vec<(i32, u64)>> = Mutex::new(Vec::new());

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

/// A process as `/proc/PID/stat` shows it: parent, group, whether a zombie.
struct ProcInfo {
    pid: i32,
    ppid: i32,
    pgid: i32,
    zombie: bool,
}

fn proc_info(pid: i32) -> Option<ProcInfo> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name is in parentheses and may hold anything: parse after it.
    let rest = &stat[stat.rfind(')')? + 2..];
    let mut f = rest.split(' ');
    let state = f.next()?;
    let ppid = f.next()?.parse().ok()?;
    let pgid = f.next()?.parse().ok()?;
    Some(ProcInfo {
        pid,
        ppid,
        pgid,
        zombie: state == "Z" || state == "X",
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
        // The orphan and everything below it, as `/proc` shows now.
        let mut tree = vec![o.pid];
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

/// Kills every process left behind by finished runs (with their children)
/// and reaps them: what a caller does when it is done with running
/// programs. Returns how many were alive. Needs [`become_subreaper`].
pub fn kill_leftovers() -> usize {
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
    let mut tree: Vec<i32> = all
        .iter()
        .filter(|p| p.ppid == me && mark_of(p.pid).is_some())
        .map(|p| p.pid)
        .collect();
    let mut i = 0;
    while i < tree.len() {
        let parent = tree[i];
        tree.extend(all.iter().filter(|p| p.ppid == parent).map(|p| p.pid));
        i += 1;
    }
    for pid in tree {
        // SAFETY: kill(2) signals a process; no memory is touched.
        unsafe {
            libc::kill(pid, libc::SIGKILL);
        }
    }
}

/// Runs the shell command line `command` with `input` on its standard input,
/// killing its process group after `timeout` or once its output passes
/// `limit` bytes.
pub fn run(command: &str, input: &[u8], timeout: Duration, limit: usize) -> std::io::Result<Run> {
    use std::os::unix::process::{CommandExt, ExitStatusExt};
    let start = Instant::now();
    let mark = RUNS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    // The mark is listed as live before the spawn (with no group yet), so
    // that a sweep never takes our shell for a leftover, and spawns need not
    // wait for each other.
    LIVE_GROUPS
        .lock()
        .expect("no panics while held")
        .push((0, mark));
    let spawned = Command::new("sh")
        .arg("-c")
        .arg(command)
        .env(MARK, mark.to_string())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn();
    let mut child = {
        let mut live = LIVE_GROUPS.lock().expect("no panics while held");
        let entry = live.iter().position(|l| l.1 == mark).expect("listed");
        match spawned {
            Ok(child) => {
                live[entry].0 = child.id() as i32;
                child
            }
            Err(e) => {
                live.remove(entry);
                return Err(e);
            }
        }
    };
    let pgid = child.id() as i32;
    let kill_group = move || kill_group(pgid);
    let mut stdin = child.stdin.take().expect("piped stdin");
    let data = input.to_vec();
    std::thread::spawn(move || {
        // A solution that exits without reading makes this fail: fine.
        let _ = stdin.write_all(&data);
    });
    let (out_tx, out_rx) = mpsc::channel();
    let mut stdout = child.stdout.take().expect("piped stdout");
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
                        kill_group();
                        break;
                    }
                }
            }
        }
        let _ = out_tx.send((buf, truncated));
    });
    let (err_tx, err_rx) = mpsc::channel();
    let mut stderr = child.stderr.take().expect("piped stderr");
    std::thread::spawn(move || {
        // The end is what matters (a crash message comes last): keep the
        // last STDERR_KEPT bytes.
        let mut kept = Vec::new();
        let mut cut = false;
        let mut chunk = [0u8; 16 * 1024];
        while let Ok(n) = stderr.read(&mut chunk) {
            if n == 0 {
                break;
            }
            kept.extend_from_slice(&chunk[..n]);
            if kept.len() > 2 * STDERR_KEPT {
                kept.drain(..kept.len() - STDERR_KEPT);
                cut = true;
            }
        }
        if kept.len() > STDERR_KEPT {
            kept.drain(..kept.len() - STDERR_KEPT);
            cut = true;
        }
        let _ = err_tx.send((kept, cut));
    });
    let (wait_tx, wait_rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = wait_tx.send(child.wait());
    });
    let mut run = Run::default();
    let status = match wait_rx.recv_timeout(timeout) {
        Ok(status) => Some(status?),
        Err(_) => {
            run.timed_out = true;
            kill_group();
            wait_rx.recv().ok().and_then(|s| s.ok())
        }
    };
    // Whatever the solution left running goes too: its group, then what
    // left the group.
    kill_group();
    LIVE_GROUPS
        .lock()
        .expect("no panics while held")
        .retain(|g| g.0 != pgid);
    // A process that left the group and holds the output open keeps the
    // reader waiting: find it at once. Quiet ones are found every
    // SWEEP_EVERY runs (and by `kill_leftovers`), as a sweep reads `/proc`.
    let mut output = out_rx.recv_timeout(Duration::from_millis(20));
    if output.is_err() {
        run.escaped = sweep(Which::Run(mark), Some(pgid));
        output = out_rx.recv_timeout(Duration::from_secs(1));
    } else if mark % SWEEP_EVERY == SWEEP_EVERY - 1 {
        run.escaped = sweep(Which::Finished, Some(pgid));
    }
    match output {
        Ok((buf, truncated)) => {
            run.stdout = buf;
            run.truncated = truncated;
        }
        Err(_) => run.pipe_held = true,
    }
    run.code = status.and_then(|s| s.code().or_else(|| s.signal().map(|sig| -sig)));
    if run.timed_out {
        run.code = None;
    }
    if let Ok((b, cut)) = err_rx.recv_timeout(Duration::from_millis(200)) {
        run.stderr = String::from_utf8_lossy(&b).into_owned();
        run.stderr_cut = cut;
    }
    run.elapsed = start.elapsed();
    Ok(run)
}
