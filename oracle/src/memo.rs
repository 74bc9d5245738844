//! Memoized answers, for the fuzzers' speed.
//!
//! A fuzzer mutates one input into many close relatives, and a game asks
//! about the same hands again and again (every claim check measures the
//! claimer's hand as it is), so the oracle is asked the same questions over
//! and over. [`Memo`] remembers the answers of a pure function by its whole
//! argument: a cached answer is the answer the function gave for an equal
//! argument, so a cache cannot change an answer, only skip recomputing it.
//! The functions memoized ([`crate::distance::distance`],
//! [`crate::analysis::decompositions`]) are pure: their result depends on
//! their arguments alone. The uncached definitions stay public
//! ([`crate::distance::search`], [`crate::analysis::brute_force`]) and are
//! what the oracle's own tests check.
//!
//! Each thread has its own cache (no locks; quickcheck runs properties on
//! several threads), emptied whenever it reaches its capacity, so memory
//! stays bounded however long a fuzzer runs.

use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};
use std::thread::LocalKey;

/// A bounded cache of one pure function's answers.
pub struct Memo<K, V> {
    answers: HashMap<K, V, BuildHasherDefault<Fast>>,
    capacity: usize,
}

/// A multiply-rotate hash (as rustc's FxHash) for the small keys here: the
/// default SipHash cost more than some of the answers it looked up. Keys
/// come from our own inputs, so resistance to chosen collisions is moot.
#[derive(Default)]
pub struct Fast(u64);

impl Hasher for Fast {
    #[mutants::skip] // Hashing fewer bytes only slows lookups: a map finds entries by equality.
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.write_u64(u64::from_le_bytes(c.try_into().expect("8 bytes")));
        }
        for &b in chunks.remainder() {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    #[mutants::skip] // Hashing fewer bytes only slows lookups: a map finds entries by equality.
    fn write_u8(&mut self, x: u8) {
        self.write_u64(u64::from(x));
    }
    #[mutants::skip] // Hashing fewer bytes only slows lookups: a map finds entries by equality.
    fn write_usize(&mut self, x: usize) {
        self.write_u64(x as u64);
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

impl<K: Hash + Eq, V: Clone> Memo<K, V> {
    /// An empty cache holding at most `capacity` answers.
    pub fn new(capacity: usize) -> Memo<K, V> {
        Memo {
            answers: HashMap::default(),
            capacity,
        }
    }

    /// The answer of `f` for `key`: remembered, or computed and remembered.
    /// `f` must compute the answer from `key` alone.
    pub fn get(
        cache: &'static LocalKey<RefCell<Memo<K, V>>>,
        key: K,
        f: impl FnOnce(&K) -> V,
    ) -> V {
        if let Some(v) = cache.with_borrow(|m| m.answers.get(&key).cloned()) {
            return v;
        }
        // Computed outside the borrow: `f` may use other caches.
        let v = f(&key);
        cache.with_borrow_mut(|m| {
            if m.answers.len() >= m.capacity {
                m.answers.clear();
            }
            m.answers.insert(key, v.clone());
        });
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    thread_local! {
        static SQUARES: RefCell<Memo<u32, u64>> = RefCell::new(Memo::new(3));
    }

    #[test]
    fn answers_are_the_function_s_and_the_cache_stays_bounded() {
        let calls = std::cell::Cell::new(0);
        let square = |x: u32| {
            Memo::get(&SQUARES, x, |&x| {
                calls.set(calls.get() + 1);
                u64::from(x) * u64::from(x)
            })
        };
        assert_eq!(square(3), 9);
        assert_eq!(square(3), 9);
        assert_eq!(
            calls.get(),
            1,
            "the second question is answered from the cache"
        );
        // A second answer does not push out the first: three fit.
        assert_eq!(square(4), 16);
        assert_eq!(square(3), 9);
        assert_eq!(calls.get(), 2, "3 is still cached after 4");
        for x in 0..10 {
            assert_eq!(square(x), u64::from(x * x));
        }
        assert!(SQUARES.with_borrow(|m| m.answers.len()) <= 3);
    }
}
