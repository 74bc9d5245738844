//! A control group of its own for one untrusted program: a limit on the
//! memory it uses (not its address space), a limit on its processes (a fork
//! bomb is contained), its CPU time, and whether the kernel killed it for
//! memory. Cgroup v2 where this process's cgroup can have children with the
//! memory and pids controllers, else cgroup v1 (separate `memory`, `pids`
//! and `cpuacct` hierarchies); [`Cgroup::create`] says why neither can be
//! had, and the caller falls back to an address-space limit.
//!
//! A program joins its cgroup between fork and exec ([`join`]):
//! everything it starts is counted from its first instruction on. The
//! cgroup is made under this process's own (so a machine's or a container's
//! limits still apply above it) and removed when dropped; cgroups left by a
//! judge that was killed are removed the next time one is made.

use std::ffi::CString;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Which cgroup interface a [`Cgroup`] uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Version {
    /// The unified hierarchy.
    V2,
    /// One hierarchy a controller.
    V1,
}

/// A cgroup made for one program (all its processes, one after another in
/// per-request mode): see the module's documentation.
#[derive(Debug)]
pub struct Cgroup {
    version: Version,
    /// The directories made, removed on drop (v1: one a controller).
    dirs: Vec<PathBuf>,
    /// Where the memory files are (`memory.events` or `memory.oom_control`).
    memory: PathBuf,
    /// Where the CPU time is (`cpu.stat` or `cpuacct.usage`), if anywhere.
    cpu: Option<PathBuf>,
    /// The `cgroup.procs` files a process writes itself into.
    procs: Vec<CString>,
}

/// Numbers the cgroups of this process.
static MADE: AtomicU64 = AtomicU64::new(0);

/// The prefix of our cgroups' names; the judge's pid follows it.
const PREFIX: &str = "mahjong-sim-";

impl Cgroup {
    /// Makes a cgroup whose processes may use at most `memory` bytes (no
    /// swap) and be at most `processes` at a time. Fails with the reason
    /// when no cgroup with a memory limit can be made here (no write
    /// access, no memory controller).
    pub fn create(memory: u64, processes: u64) -> Result<Cgroup, String> {
        let mounts = Mounts::read()?;
        let name = format!(
            "{PREFIX}{}-{}",
            std::process::id(),
            MADE.fetch_add(1, Ordering::Relaxed)
        );
        let v2 = mounts
            .v2
            .as_ref()
            .map(|base| create_v2(base, &name, memory, processes));
        match v2 {
            Some(Ok(c)) => Ok(c),
            Some(Err(e2)) if mounts.v1.is_empty() => Err(e2),
            _ => create_v1(&mounts, &name, memory, processes),
        }
    }

    /// Which interface this cgroup uses.
    pub fn version(&self) -> Version {
        self.version
    }

    /// The files a process writes itself into to join this cgroup, for
    /// [`join`].
    pub fn join_files(&self) -> Vec<CString> {
        self.procs.clone()
    }

    /// The CPU time the cgroup's processes have used so far, in
    /// microseconds; `None` when it cannot be read.
    pub fn cpu_micros(&self) -> Option<u64> {
        let cpu = self.cpu.as_ref()?;
        let text = std::fs::read_to_string(cpu).ok()?;
        match self.version {
            Version::V2 => field(&text, "usage_usec"),
            Version::V1 => text.trim().parse::<u64>().ok().map(|ns| ns / 1000),
        }
    }

    /// How many times the kernel killed a process of this cgroup because
    /// the cgroup's memory was used up.
    pub fn oom_kills(&self) -> u64 {
        let file = match self.version {
            Version::V2 => "memory.events",
            Version::V1 => "memory.oom_control",
        };
        std::fs::read_to_string(self.memory.join(file))
            .ok()
            .and_then(|t| field(&t, "oom_kill"))
            .unwrap_or(0)
    }
}

impl Drop for Cgroup {
    fn drop(&mut self) {
        for dir in &self.dirs {
            remove(dir);
        }
    }
}

/// Moves the calling process into the cgroup of `files` (from
/// [`Cgroup::join_files`]): for between fork and exec, so it does only
/// `open`, `write` and `close` (async-signal-safe) on paths made
/// beforehand; `0` stands for the writing process.
pub fn join(files: &[CString]) -> std::io::Result<()> {
    for path in files {
        // SAFETY: open(2), write(2) and close(2) on a NUL-terminated path
        // made before the fork and a static buffer.
        unsafe {
            let fd = libc::open(path.as_ptr(), libc::O_WRONLY | libc::O_CLOEXEC);
            if fd < 0 {
                return Err(std::io::Error::last_os_error());
            }
            let n = libc::write(fd, b"0".as_ptr().cast(), 1);
            let err = std::io::Error::last_os_error();
            libc::close(fd);
            if n != 1 {
                return Err(err);
            }
        }
    }
    Ok(())
}

/// The value of a `key value` line of a cgroup file.
fn field(text: &str, key: &str) -> Option<u64> {
    text.lines().find_map(|line| {
        let (k, v) = line.split_once(' ')?;
        (k == key).then(|| v.trim().parse().ok())?
    })
}

/// Removes a cgroup directory; its processes may take a moment to be gone
/// (the kernel ends a PID namespace's processes after its first).
fn remove(dir: &Path) {
    for _ in 0..50 {
        match std::fs::remove_dir(dir) {
            Err(e) if e.raw_os_error() == Some(libc::EBUSY) => {
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
            _ => return,
        }
    }
}

/// Removes the cgroups in `parent` made by judges that are no longer
/// running (killed before they could remove them).
fn remove_stale(parent: &Path) {
    let Ok(entries) = std::fs::read_dir(parent) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(rest) = name.to_str().and_then(|n| n.strip_prefix(PREFIX)) else {
            continue;
        };
        let pid = rest.split('-').next().and_then(|p| p.parse::<u32>().ok());
        if pid.is_some_and(|p| !Path::new(&format!("/proc/{p}")).exists()) {
            let _ = std::fs::remove_dir(entry.path());
        }
    }
}

/// Where the cgroup hierarchies are and where this process sits in them.
struct Mounts {
    /// The unified hierarchy's directory of this process's cgroup.
    v2: Option<PathBuf>,
    /// The v1 hierarchies: controller and this process's directory in it.
    v1: Vec<(String, PathBuf)>,
}

impl Mounts {
    fn read() -> Result<Mounts, String> {
        let mountinfo = std::fs::read_to_string("/proc/self/mountinfo")
            .map_err(|e| format!("cannot read /proc/self/mountinfo: {e}"))?;
        let own = std::fs::read_to_string("/proc/self/cgroup")
            .map_err(|e| format!("cannot read /proc/self/cgroup: {e}"))?;
        // "ID:controllers:path": "0::path" is the unified hierarchy's.
        let own_path = |controller: Option<&str>| {
            own.lines().find_map(|line| {
                let mut f = line.splitn(3, ':');
                let (_, list, path) = (f.next()?, f.next()?, f.next()?);
                let hit = match controller {
                    None => list.is_empty(),
                    Some(c) => list.split(',').any(|l| l == c),
                };
                hit.then(|| path.to_string())
            })
        };
        let mut mounts = Mounts {
            v2: None,
            v1: Vec::new(),
        };
        for line in mountinfo.lines() {
            // Fields: id parent major:minor root mountpoint options ... - type source super-options.
            let Some((left, right)) = line.split_once(" - ") else {
                continue;
            };
            let l: Vec<&str> = left.split(' ').collect();
            let r: Vec<&str> = right.split(' ').collect();
            let (Some(root), Some(point), Some(fstype)) = (l.get(3), l.get(4), r.first()) else {
                continue;
            };
            let dir = |path: &str| {
                // The path is relative to the mount's root.
                let rel = path
                    .strip_prefix(root)
                    .unwrap_or(path)
                    .trim_start_matches('/');
                Path::new(point).join(rel)
            };
            if *fstype == "cgroup2" {
                if let Some(path) = own_path(None) {
                    mounts.v2 = Some(dir(&path));
                }
            } else if *fstype == "cgroup" {
                let opts = r.get(2).copied().unwrap_or("");
                for c in ["memory", "pids", "cpuacct"] {
                    if opts.split(',').any(|o| o == c) {
                        if let Some(path) = own_path(Some(c)) {
                            mounts.v1.push((c.to_string(), dir(&path)));
                        }
                    }
                }
            }
        }
        Ok(mounts)
    }
}

fn write(path: &Path, value: &str) -> Result<(), String> {
    std::fs::write(path, value).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

fn procs_file(dir: &Path) -> CString {
    use std::os::unix::ffi::OsStrExt;
    CString::new(dir.join("cgroup.procs").as_os_str().as_bytes()).expect("no NUL in a path")
}

fn create_v2(base: &Path, name: &str, memory: u64, processes: u64) -> Result<Cgroup, String> {
    let controllers =
        std::fs::read_to_string(base.join("cgroup.subtree_control")).unwrap_or_default();
    let has = |c: &str| controllers.split_whitespace().any(|x| x == c);
    if !has("memory") || !has("pids") {
        // Enabling them fails while this cgroup holds processes (cgroup
        // v2's rule), which it does unless it is the root: then v1 or none.
        write(&base.join("cgroup.subtree_control"), "+memory +pids")
            .map_err(|e| format!("cgroup v2: no memory and pids controllers for children ({e})"))?;
    }
    remove_stale(base);
    let dir = base.join(name);
    std::fs::create_dir(&dir).map_err(|e| format!("cannot make {}: {e}", dir.display()))?;
    let cgroup = Cgroup {
        version: Version::V2,
        dirs: vec![dir.clone()],
        memory: dir.clone(),
        cpu: Some(dir.join("cpu.stat")),
        procs: vec![procs_file(&dir)],
    };
    write(&dir.join("memory.max"), &memory.to_string())?;
    // No swap: memory in use means memory.
    let _ = write(&dir.join("memory.swap.max"), "0");
    write(&dir.join("pids.max"), &processes.to_string())?;
    Ok(cgroup)
}

fn create_v1(mounts: &Mounts, name: &str, memory: u64, processes: u64) -> Result<Cgroup, String> {
    let base = |c: &str| mounts.v1.iter().find(|m| m.0 == c).map(|m| m.1.clone());
    let Some(memory_base) = base("memory") else {
        return Err("no cgroup memory controller (v1 or v2) is mounted".into());
    };
    let mut cgroup = Cgroup {
        version: Version::V1,
        dirs: Vec::new(),
        memory: memory_base.join(name),
        cpu: None,
        procs: Vec::new(),
    };
    for c in ["memory", "pids", "cpuacct"] {
        let Some(parent) = base(c) else { continue };
        remove_stale(&parent);
        let dir = parent.join(name);
        match std::fs::create_dir(&dir) {
            Ok(()) => {}
            // Only the memory limit is needed; the others are a bonus.
            Err(e) if c == "memory" => return Err(format!("cannot make {}: {e}", dir.display())),
            Err(_) => continue,
        }
        cgroup.dirs.push(dir.clone());
        cgroup.procs.push(procs_file(&dir));
        match c {
            "memory" => {
                write(&dir.join("memory.limit_in_bytes"), &memory.to_string())?;
                // Memory and swap together, where the kernel counts swap.
                let memsw = dir.join("memory.memsw.limit_in_bytes");
                if memsw.exists() {
                    write(&memsw, &memory.to_string())?;
                }
            }
            "pids" => write(&dir.join("pids.max"), &processes.to_string())?,
            _ => cgroup.cpu = Some(dir.join("cpuacct.usage")),
        }
    }
    Ok(cgroup)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_of_cgroup_files() {
        let events = "low 0\nhigh 0\nmax 3\noom 1\noom_kill 2\n";
        assert_eq!(field(events, "oom_kill"), Some(2));
        assert_eq!(field(events, "oom"), Some(1));
        assert_eq!(
            field("usage_usec 1234\nuser_usec 1000\n", "usage_usec"),
            Some(1234)
        );
        assert_eq!(field("oom_kill_disable 0\nunder_oom 0\n", "oom_kill"), None);
    }
}
