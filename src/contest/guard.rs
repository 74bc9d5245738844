//! The one containment guard: every run of untrusted programs (a check, a
//! game, a duel, a tournament) happens while a [`Containment`] is alive.
//!
//! It owns the three things that used to be written out at each command:
//! - the subreaper ([`process::become_subreaper`]), so that a process a
//!   program leaves behind in a session of its own is handed to us;
//! - the sweeps: on [`Containment::finish`] (or on drop, even when the run
//!   fails or panics) everything left behind is killed and reaped;
//! - the interrupt path: a front end's signal handler calls [`interrupt`],
//!   which kills every program running now and raises the flag that
//!   [`super::pool`] and the runs read ([`interrupted`]), so that a run
//!   stops starting work and reports what it has. Whether the process then
//!   exits at once is the front end's choice ([`set_on_interrupt`]).
//!
//! The signal handler itself is the front end's (the command line installs
//! one with the `signal-hook` crate; a Python front end has its own): a
//! library should not take over a process's signals.

use crate::process;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// Raised by [`interrupt`]; read by the pool and the runs.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// The [`Containment`] guards alive: runs under way.
static ACTIVE: AtomicUsize = AtomicUsize::new(0);

/// Whether [`interrupt`] exits the process after killing the programs
/// (otherwise it returns and the run reports what it has).
static EXIT: AtomicBool = AtomicBool::new(false);

/// What [`interrupt`] does after killing the programs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnInterrupt {
    /// Programs are killed and the run stops early and reports what it
    /// has (a duel's result so far).
    Report,
    /// Programs are killed and the process exits, with the status the
    /// front end gives [`interrupt`].
    Exit,
}

/// Alive while untrusted programs may run: see the module's documentation.
#[must_use = "programs are contained only while the guard is alive"]
#[derive(Debug)]
pub struct Containment {
    finished: bool,
}

impl Containment {
    /// Starts containing: this process becomes the reaper of its orphaned
    /// descendants.
    #[allow(clippy::new_without_default)] // a guard is made on purpose
    pub fn new() -> Containment {
        process::become_subreaper();
        ACTIVE.fetch_add(1, Ordering::SeqCst);
        Containment { finished: false }
    }

    /// Ends the run: kills and reaps every process the programs left
    /// behind. Returns how many were alive.
    pub fn finish(mut self) -> usize {
        self.finished = true;
        process::kill_leftovers()
    }
}

impl Drop for Containment {
    fn drop(&mut self) {
        if !self.finished {
            process::kill_leftovers();
        }
        ACTIVE.fetch_sub(1, Ordering::SeqCst);
    }
}

/// After an interrupt, lets the next run start as if none had come: clears
/// [`interrupted`] and lets programs start again, when no run is under way
/// (no [`Containment`] alive); says whether it did. For a front end that
/// lives on after stopping a run (a Python session after Ctrl-C); the
/// command line exits instead and never calls it.
pub fn rearm() -> bool {
    if ACTIVE.load(Ordering::SeqCst) > 0 {
        return false;
    }
    if INTERRUPTED.swap(false, Ordering::SeqCst) {
        process::allow_spawns();
    }
    true
}

/// Sets what [`interrupt`] does after killing the programs (by default
/// [`OnInterrupt::Report`]): a front end's choice, made once with its
/// signal handler.
pub fn set_on_interrupt(on_interrupt: OnInterrupt) {
    EXIT.store(on_interrupt == OnInterrupt::Exit, Ordering::SeqCst);
}

/// The interrupt path, for a front end's signal handler: kills every
/// program running now (with its children, even those that left its
/// process group), raises [`interrupted`], and exits the process with
/// `exit_status` when [`set_on_interrupt`] said [`OnInterrupt::Exit`] (a
/// shell's status for a signal is 128 + its number: 130 for SIGINT).
pub fn interrupt(exit_status: u8) {
    INTERRUPTED.store(true, Ordering::SeqCst);
    process::kill_all();
    if EXIT.load(Ordering::SeqCst) {
        // Exit status 0 would read as success: an interrupt is not.
        std::process::exit(i32::from(exit_status.max(1)));
    }
}

/// True once [`interrupt`] was called: no new work should start.
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::SeqCst)
}
