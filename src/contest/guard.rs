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
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};

/// Raised by [`interrupt`]; read by the pool and the runs.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// What [`interrupt`] does after killing the programs: 0 return (the run
/// reports what it has), otherwise exit the process with this status.
static EXIT_STATUS: AtomicU8 = AtomicU8::new(0);

/// What [`interrupt`] does after killing the programs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnInterrupt {
    /// Programs are killed and the run stops early and reports what it
    /// has (a duel's result so far).
    Report,
    /// Programs are killed and the process exits with this status (130 for
    /// Ctrl-C, as shells expect).
    Exit(u8),
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
    }
}

/// Sets what [`interrupt`] does after killing the programs (by default
/// [`OnInterrupt::Report`]): a front end's choice, made once with its
/// signal handler.
pub fn set_on_interrupt(on_interrupt: OnInterrupt) {
    let status = match on_interrupt {
        OnInterrupt::Report => 0,
        // Exit status 0 would read as success: an interrupt is not.
        OnInterrupt::Exit(s) => s.max(1),
    };
    EXIT_STATUS.store(status, Ordering::SeqCst);
}

/// The interrupt path, for a front end's signal handler: kills every
/// program running now (with its children, even those that left its
/// process group), raises [`interrupted`], and exits the process when
/// [`set_on_interrupt`] said [`OnInterrupt::Exit`].
pub fn interrupt() {
    INTERRUPTED.store(true, Ordering::SeqCst);
    process::kill_all();
    match EXIT_STATUS.load(Ordering::SeqCst) {
        0 => {}
        status => std::process::exit(i32::from(status)),
    }
}

/// True once [`interrupt`] was called: no new work should start.
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::SeqCst)
}
