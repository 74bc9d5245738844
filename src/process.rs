//! Running untrusted programs (contestants' solutions, bots) with limits.
//!
//! A program runs under `sh -c` in a process group of its own; a time-out
//! kills the whole group (children too); output beyond a limit is cut off
//! and the group killed; readers are joined with a bound, so even a process
//! that escapes the group cannot hang the caller.

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
    /// The start of standard error.
    pub stderr: String,
    /// True when a process kept the output open after the group was killed.
    pub pipe_held: bool,
    /// Wall-clock time of the run.
    pub elapsed: Duration,
}

/// Process groups of the programs running now, so that an interrupted
/// caller can take them down with it.
static LIVE_GROUPS: Mutex<Vec<i32>> = Mutex::new(Vec::new());

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
        groups.iter().copied().for_each(kill_group);
    }
}

/// Runs the shell command line `command` with `input` on its standard input,
/// killing its process group after `timeout` or once its output passes
/// `limit` bytes.
pub fn run(command: &str, input: &[u8], timeout: Duration, limit: usize) -> std::io::Result<Run> {
    use std::os::unix::process::{CommandExt, ExitStatusExt};
    let start = Instant::now();
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(command)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn()?;
    let pgid = child.id() as i32;
    LIVE_GROUPS.lock().expect("no panics while held").push(pgid);
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
        let mut kept = Vec::new();
        let mut chunk = [0u8; 16 * 1024];
        while let Ok(n) = stderr.read(&mut chunk) {
            if n == 0 {
                break;
            }
            let room = 4096usize.saturating_sub(kept.len());
            kept.extend_from_slice(&chunk[..n.min(room)]);
        }
        let _ = err_tx.send(kept);
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
    // Whatever the solution left running goes too.
    kill_group();
    LIVE_GROUPS
        .lock()
        .expect("no panics while held")
        .retain(|&g| g != pgid);
    run.code = status.and_then(|s| s.code().or_else(|| s.signal().map(|sig| -sig)));
    if run.timed_out {
        run.code = None;
    }
    match out_rx.recv_timeout(Duration::from_secs(1)) {
        Ok((buf, truncated)) => {
            run.stdout = buf;
            run.truncated = truncated;
        }
        Err(_) => run.pipe_held = true,
    }
    run.stderr = err_rx
        .recv_timeout(Duration::from_millis(200))
        .map(|b| String::from_utf8_lossy(&b).into_owned())
        .unwrap_or_default();
    run.elapsed = start.elapsed();
    Ok(run)
}
