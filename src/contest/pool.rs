//! The one job pool: runs work items a few at a time on scoped threads and
//! hands each result to the caller, on the caller's thread, as it comes.
//!
//! Every run of many games or many walls uses it (`check`'s walls, a duel's
//! walls, a tournament round's games). The caller decides when to stop
//! ([`Flow::Stop`]: a disagreement, a decision, an error); an
//! [`interrupt`](super::guard::interrupt) stops it too. Either way no new
//! item starts, and the items already started finish and are handed over
//! (the caller may ignore them), so nothing that ran is lost.
//!
//! Items are taken from the iterator one at a time under a lock, as workers
//! become free: a lazy source (walls generated or read as they are needed)
//! is never run ahead.

use super::guard::interrupted;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Mutex};

/// Every front end's default number of jobs: one per CPU this process may
/// use (1 where that cannot be told).
pub fn default_jobs() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// Whether the pool goes on after a result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Start further items.
    Continue,
    /// Start no further item; those running finish and are still handed
    /// over.
    Stop,
}

/// Runs `work` on each item of `items` (with its index from 0), `jobs` at a
/// time (at least 1), and calls `consume` on the calling thread with each
/// index and result in the order they finish. Returns how many items were
/// started.
pub fn run<T, R>(
    jobs: usize,
    items: impl Iterator<Item = T> + Send,
    work: impl Fn(usize, T) -> R + Sync,
    mut consume: impl FnMut(usize, R) -> Flow,
) -> usize
where
    T: Send,
    R: Send,
{
    let items = Mutex::new(items.enumerate());
    let stop = AtomicBool::new(false);
    let started = AtomicUsize::new(0);
    // Each result goes with a way back: its worker waits for the caller's
    // flow before it takes another item, so that a stop is never late.
    let (tx, rx) = mpsc::channel::<(usize, R, mpsc::SyncSender<Flow>)>();
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1) {
            let tx = tx.clone();
            let (items, stop, started, work) = (&items, &stop, &started, &work);
            scope.spawn(move || {
                let (ack_tx, ack_rx) = mpsc::sync_channel(1);
                while !stop.load(Ordering::SeqCst) && !interrupted() {
                    // The lock is released before the work starts.
                    let next = items.lock().expect("no panics while held").next();
                    let Some((i, item)) = next else { break };
                    started.fetch_add(1, Ordering::SeqCst);
                    let r = work(i, item);
                    if tx.send((i, r, ack_tx.clone())).is_err()
                        || ack_rx.recv() != Ok(Flow::Continue)
                    {
                        break;
                    }
                }
            });
        }
        // The workers hold the only senders left: the loop ends with them.
        drop(tx);
        for (i, r, ack) in rx {
            let flow = match consume(i, r) {
                Flow::Stop => {
                    stop.store(true, Ordering::SeqCst);
                    Flow::Stop
                }
                // Another worker's result may have stopped the pool.
                Flow::Continue if stop.load(Ordering::SeqCst) => Flow::Stop,
                Flow::Continue => Flow::Continue,
            };
            // The worker is waiting for it; it cannot have gone.
            let _ = ack.send(flow);
        }
    });
    started.into_inner()
}

/// Puts results that come in any order back in index order: each
/// [`InOrder::push`] returns the results that are now next in line.
#[derive(Debug)]
pub struct InOrder<R> {
    next: usize,
    waiting: BTreeMap<usize, R>,
}

impl<R> Default for InOrder<R> {
    fn default() -> Self {
        InOrder {
            next: 0,
            waiting: BTreeMap::new(),
        }
    }
}

impl<R> InOrder<R> {
    /// Takes the result of item `i`; returns every result from the next one
    /// in line up to the first still missing, in order.
    pub fn push(&mut self, i: usize, r: R) -> Vec<(usize, R)> {
        self.waiting.insert(i, r);
        let mut ready = Vec::new();
        while let Some(r) = self.waiting.remove(&self.next) {
            ready.push((self.next, r));
            self.next += 1;
        }
        ready
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_item_is_worked_on_once_and_handed_over() {
        for jobs in [1, 2, 5] {
            let mut seen = Vec::new();
            let started = run(
                jobs,
                0..50u64,
                |i, x| (i, x * x),
                |i, r| {
                    seen.push((i, r));
                    Flow::Continue
                },
            );
            assert_eq!(started, 50);
            seen.sort();
            let want: Vec<_> = (0..50u64)
                .map(|x| (x as usize, (x as usize, x * x)))
                .collect();
            assert_eq!(seen, want);
        }
    }

    #[test]
    fn a_stop_starts_nothing_more_but_keeps_what_ran() {
        let mut handed = 0;
        let started = run(
            2,
            0..1000,
            |_, x| x,
            |_, _| {
                handed += 1;
                Flow::Stop
            },
        );
        // The first result stops it: only the other worker's item may have
        // been in hand then.
        assert!((1..=2).contains(&started), "{started} started");
        assert_eq!(handed, started, "every started item is handed over");
    }

    #[test]
    fn in_order_releases_a_result_once_those_before_it_are_in() {
        let mut o = InOrder::default();
        assert!(o.push(1, 'b').is_empty());
        assert!(o.push(2, 'c').is_empty());
        assert_eq!(o.push(0, 'a'), vec![(0, 'a'), (1, 'b'), (2, 'c')]);
        assert_eq!(o.push(3, 'd'), vec![(3, 'd')]);
    }
}
