//! A hand: how many tiles of each kind a player holds (exposed melds are not
//! part of it).

use crate::tile::{Tile, KINDS, ORDINARY_KINDS};
use std::fmt;

/// Tile counts by kind. Any count is representable (up to 255 of a kind), so
/// impossible hands can still be asked about.
///
/// Alongside the counts the hand keeps, for each suit and the honors, the
/// counts read as one base-5 number with every count capped at 4: the keys
/// of the distance tables, updated as tiles come and go rather than
/// recomputed at every question.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Hand {
    counts: [u8; KINDS],
    len: u8,
    keys: [u32; 4],
}

/// 5^i: the weight of the i-th kind of a group in its key.
pub(crate) const POW5: [u32; 9] = [1, 5, 25, 125, 625, 3125, 15625, 78125, 390625];

impl Hand {
    /// The empty hand.
    pub const fn new() -> Hand {
        Hand {
            counts: [0; KINDS],
            len: 0,
            keys: [0; 4],
        }
    }

    /// A hand holding these tiles. Counts saturate at 255 per kind.
    pub fn from_tiles(tiles: &[Tile]) -> Hand {
        let mut h = Hand::new();
        for &t in tiles {
            h.add(t);
        }
        h
    }

    /// A hand from counts by kind index.
    pub fn from_counts(counts: [u8; KINDS]) -> Hand {
        let len = tile_count(&counts);
        Hand {
            counts,
            len: len.min(255) as u8,
            keys: group_keys(&counts),
        }
    }

    /// Adds one tile (saturating at 255 of a kind or 255 in all).
    #[inline]
    pub fn add(&mut self, t: Tile) {
        let k = t.index();
        // No count exceeds the total, so a total below 255 leaves room in
        // every kind too.
        if self.len < u8::MAX {
            // The key digit is the count capped at 4.
            if self.counts[k] < 4 && k < ORDINARY_KINDS {
                self.keys[k / 9] += POW5[k % 9];
            }
            self.counts[k] += 1;
            self.len += 1;
        }
    }

    /// Removes one tile; false (and no change) when the hand holds none.
    #[inline]
    pub fn remove(&mut self, t: Tile) -> bool {
        let k = t.index();
        if self.counts[k] == 0 {
            return false;
        }
        self.counts[k] -= 1;
        self.len -= 1;
        if self.counts[k] < 4 && k < ORDINARY_KINDS {
            self.keys[k / 9] -= POW5[k % 9];
        }
        true
    }

    /// How many tiles of kind `t` the hand holds.
    #[inline]
    pub fn count(&self, t: Tile) -> u8 {
        self.counts[t.index()]
    }

    /// Counts by kind index.
    #[inline]
    pub fn counts(&self) -> &[u8; KINDS] {
        &self.counts
    }

    /// Counts of the 34 ordinary kinds (special tiles left out), as
    /// decomposition and other hand-shape code takes them.
    pub fn ordinary_counts(&self) -> [u8; ORDINARY_KINDS] {
        let mut c = [0u8; ORDINARY_KINDS];
        c.copy_from_slice(&self.counts[..ORDINARY_KINDS]);
        c
    }

    /// The base-5 keys of the three suits and the honors, counts capped at 4
    /// (first kind of a group in the lowest digit).
    #[inline]
    pub fn group_keys(&self) -> [u32; 4] {
        self.keys
    }

    /// Number of tiles.
    #[inline]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// True when the hand holds no tile.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Number of special tiles (PASS, REVERSE, DOUBLE) held.
    #[inline]
    pub fn specials(&self) -> usize {
        self.counts[ORDINARY_KINDS..]
            .iter()
            .map(|&c| c as usize)
            .sum()
    }

    /// The first special tile held in the order PASS, REVERSE, DOUBLE.
    pub fn first_special(&self) -> Option<Tile> {
        [Tile::PASS, Tile::REVERSE, Tile::DOUBLE]
            .into_iter()
            .find(|&t| self.count(t) > 0)
    }

    /// The tiles, in kind order, each repeated by its count.
    pub fn tiles(&self) -> impl Iterator<Item = Tile> + '_ {
        Tile::all().flat_map(move |t| std::iter::repeat_n(t, self.count(t) as usize))
    }

    /// The distinct kinds held, in kind order.
    pub fn kinds(&self) -> impl DoubleEndedIterator<Item = Tile> + '_ {
        Tile::all().filter(move |&t| self.count(t) > 0)
    }

    /// The kinds held, as a set: bit `k` for kind index `k`. One pass
    /// without branches, for code that asks of every kind at once (an
    /// environment's legal actions, on every draw).
    #[inline]
    pub fn held_bits(&self) -> u64 {
        self.bits_where(|c| c > 0)
    }

    /// The kinds held exactly `n` times, as [`Hand::held_bits`] gives them.
    #[inline]
    pub fn bits_with(&self, n: u8) -> u64 {
        self.bits_where(|c| c == n)
    }

    #[inline(always)]
    fn bits_where(&self, keep: impl Fn(u8) -> bool) -> u64 {
        self.counts
            .iter()
            .enumerate()
            .fold(0, |bits, (k, &c)| bits | u64::from(keep(c)) << k)
    }
}

/// The base-5 keys of the three suits and the honors of `counts`, each count
/// capped at 4 (first kind of a group in the lowest digit): with SSE2 on
/// x86-64 (every such processor has it), words of eight counts elsewhere.
/// Code compiled for SSSE3 calls [`ssse3::group_keys`] instead.
#[inline(always)]
pub(crate) fn group_keys(counts: &[u8; KINDS]) -> [u32; 4] {
    #[cfg(target_arch = "x86_64")]
    return sse2::group_keys(counts);
    #[cfg(not(target_arch = "x86_64"))]
    return swar::group_keys(counts);
}

/// The sum of the 37 counts.
#[inline(always)]
pub(crate) fn tile_count(counts: &[u8; KINDS]) -> usize {
    #[cfg(target_arch = "x86_64")]
    return sse2::tile_count(counts);
    #[cfg(not(target_arch = "x86_64"))]
    return swar::tile_count(counts);
}

/// Keys and size with SSE2, which every x86-64 processor has: the counts
/// of all four groups capped by one instruction and folded into base 5 by
/// three multiply-adds of neighbouring lanes, the size by byte sums. About
/// a third of the instructions of the word-at-a-time version, which builds
/// keys from raw counts in most of the time the table lookups take.
#[cfg(target_arch = "x86_64")]
mod sse2 {
    use crate::tile::KINDS;
    use std::arch::x86_64::*;

    /// Eight bytes of `counts` from `at` (at most 29) in the low half of a
    /// vector.
    #[inline(always)]
    pub(super) fn eight(counts: &[u8; KINDS], at: usize) -> __m128i {
        let word = u64::from_le_bytes(counts[at..at + 8].try_into().expect("8 bytes"));
        // SAFETY: SSE2 is part of x86-64; no memory is read.
        #[allow(unused_unsafe)]
        unsafe {
            _mm_cvtsi64_si128(word as i64)
        }
    }

    #[inline(always)]
    pub(super) fn group_keys(counts: &[u8; KINDS]) -> [u32; 4] {
        let (m, p, s, h) = (
            eight(counts, 0),
            eight(counts, 9),
            eight(counts, 18),
            eight(counts, 27),
        );
        // The ninth kinds of the suits (8, 17, 26), each times 625 in the
        // lane of its group's upper four: the last fold multiplies it by
        // 625 again, to 5^8.
        let ninth = |k: usize| i32::from(counts[k].min(4)) * 625;
        // SAFETY: SSE2 is part of x86-64; these only compute on registers.
        #[allow(unused_unsafe)]
        unsafe {
            let zero = _mm_setzero_si128();
            let mp = _mm_unpacklo_epi64(m, p);
            // The honors are seven kinds: the eighth byte (PASS) is dropped.
            let sh = _mm_and_si128(
                _mm_unpacklo_epi64(s, h),
                _mm_set_epi64x(0x00ff_ffff_ffff_ffff, -1),
            );
            let four = _mm_set1_epi8(4);
            let (mp, sh) = (_mm_min_epu8(mp, four), _mm_min_epu8(sh, four));
            // Bytes to 16-bit lanes, then neighbours folded: c0 + 5 c1 in
            // 32-bit lanes, packed back to 16 bits (at most 24), then
            // pairs + 25 pairs (at most 624), then halves + 625 halves.
            let by5 = _mm_set1_epi32(0x0005_0001);
            let by25 = _mm_set1_epi32(0x0019_0001);
            let by625 = _mm_set1_epi32(0x0271_0001);
            let pairs = |v: __m128i| {
                (
                    _mm_madd_epi16(_mm_unpacklo_epi8(v, zero), by5),
                    _mm_madd_epi16(_mm_unpackhi_epi8(v, zero), by5),
                )
            };
            let (m2, p2) = pairs(mp);
            let (s2, h2) = pairs(sh);
            let mp4 = _mm_madd_epi16(_mm_packs_epi32(m2, p2), by25);
            let sh4 = _mm_madd_epi16(_mm_packs_epi32(s2, h2), by25);
            let halves = _mm_add_epi16(
                _mm_packs_epi32(mp4, sh4),
                _mm_set_epi16(
                    0,
                    0,
                    ninth(26) as i16,
                    0,
                    ninth(17) as i16,
                    0,
                    ninth(8) as i16,
                    0,
                ),
            );
            let keys = _mm_madd_epi16(halves, by625);
            let mut out = [0u32; 4];
            _mm_storeu_si128(out.as_mut_ptr().cast(), keys);
            out
        }
    }

    #[inline(always)]
    pub(super) fn tile_count(counts: &[u8; KINDS]) -> usize {
        // SAFETY: SSE2 is part of x86-64; the loads read 16 bytes at 0 and
        // at 16, within the 37 counts.
        #[allow(unused_unsafe)]
        unsafe {
            let zero = _mm_setzero_si128();
            let a = _mm_loadu_si128(counts.as_ptr().cast());
            let b = _mm_loadu_si128(counts[16..].as_ptr().cast());
            // Bytes 32 to 36 as the top five of the eight at 29.
            let c = _mm_and_si128(eight(counts, 29), _mm_set_epi64x(0, !0x00ff_ffff));
            // Byte sums in the two 64-bit halves of each (at most 4,080).
            let sums = _mm_add_epi64(
                _mm_add_epi64(_mm_sad_epu8(a, zero), _mm_sad_epu8(b, zero)),
                _mm_sad_epu8(c, zero),
            );
            let high = _mm_unpackhi_epi64(sums, sums);
            _mm_cvtsi128_si64(_mm_add_epi64(sums, high)) as usize
        }
    }
}

/// Keys with SSSE3 (almost every x86-64 processor since 2006; callers check
/// at run time): the fewest dependent steps and instructions from counts to
/// keys, since a distance from counts waits on them. Each group's first eight counts,
/// capped, are weighted in byte pairs (1, 5, 25, 125) by one multiply-add,
/// then in 16-bit pairs (1, 1, 625, 625) by a second: each group's low and
/// high four kinds in two 32-bit lanes. The ninth kind of each suit comes from
/// an overlapping load (weights 125, then 3125: 5^8) into the high lane, and
/// one horizontal add sums the lanes of all four groups.
#[cfg(target_arch = "x86_64")]
pub(crate) mod ssse3 {
    use crate::tile::KINDS;
    use std::arch::x86_64::*;

    /// Sixteen bytes of `counts` from `at` (at most 21).
    #[inline(always)]
    fn sixteen(counts: &[u8; KINDS], at: usize) -> __m128i {
        let bytes: &[u8; 16] = counts[at..at + 16].try_into().expect("16 bytes");
        // SAFETY: reads the 16 bytes of `bytes` (unaligned load).
        unsafe { _mm_loadu_si128(bytes.as_ptr().cast()) }
    }

    /// The base-5 keys of the three suits and the honors, as
    /// [`super::group_keys`] computes them, in fewer instructions: for
    /// callers compiled for SSSE3 (`#[target_feature(enable = "ssse3")]`,
    /// entered after a run-time check), inlined into them so that the keys
    /// stay in registers.
    #[target_feature(enable = "ssse3")]
    #[inline]
    pub(crate) fn group_keys(counts: &[u8; KINDS]) -> [u32; 4] {
        let four = _mm_set1_epi8(4);
        let cap = |v: __m128i| _mm_min_epu8(v, four);
        // Kinds 0-7 and 9-16; 18-25 and 27-34 (34 is PASS: weight 0).
        let mp = cap(_mm_unpacklo_epi64(
            super::sse2::eight(counts, 0),
            super::sse2::eight(counts, 9),
        ));
        let sh = cap(_mm_unpacklo_epi64(
            super::sse2::eight(counts, 18),
            super::sse2::eight(counts, 27),
        ));
        // Kinds 2-17 (8 at byte 6, 17 at byte 15) and 20-35 (26 at byte 6).
        let ninth_mp = cap(sixteen(counts, 2));
        let ninth_sh = cap(sixteen(counts, 20));
        let quads = _mm_setr_epi8(1, 5, 25, 125, 1, 5, 25, 125, 1, 5, 25, 125, 1, 5, 25, 125);
        let honors = _mm_setr_epi8(1, 5, 25, 125, 1, 5, 25, 125, 1, 5, 25, 125, 1, 5, 25, 0);
        let halves = _mm_setr_epi16(1, 1, 625, 625, 1, 1, 625, 625);
        let ninth_mp_bytes = _mm_setr_epi8(0, 0, 0, 0, 0, 0, 125, 0, 0, 0, 0, 0, 0, 0, 0, 125);
        let ninth_sh_bytes = _mm_setr_epi8(0, 0, 0, 0, 0, 0, 125, 0, 0, 0, 0, 0, 0, 0, 0, 0);
        let ninth_words = _mm_setr_epi16(0, 0, 0, 3125, 0, 0, 0, 3125);
        let mp = _mm_add_epi32(
            _mm_madd_epi16(_mm_maddubs_epi16(mp, quads), halves),
            _mm_madd_epi16(_mm_maddubs_epi16(ninth_mp, ninth_mp_bytes), ninth_words),
        );
        let sh = _mm_add_epi32(
            _mm_madd_epi16(_mm_maddubs_epi16(sh, honors), halves),
            _mm_madd_epi16(_mm_maddubs_epi16(ninth_sh, ninth_sh_bytes), ninth_words),
        );
        let keys = _mm_hadd_epi32(mp, sh);
        let mut out = [0u32; 4];
        // SAFETY: writes the 16 bytes of `out`.
        unsafe { _mm_storeu_si128(out.as_mut_ptr().cast(), keys) };
        out
    }
}

/// Keys and size a word of eight counts at a time (SWAR), for processors
/// without SSE2, and in tests the reference the SSE2 version is held to.
#[cfg(any(not(target_arch = "x86_64"), test))]
mod swar {
    use super::POW5;
    use crate::tile::KINDS;

    /// Each group's counts read eight at a time as one word: [`group_key`]
    /// caps every byte and folds the bytes into a base-5 number, a few word
    /// operations instead of one multiply a kind.
    #[inline(always)]
    pub(super) fn group_keys(counts: &[u8; KINDS]) -> [u32; 4] {
        let word = |at: usize| u64::from_le_bytes(counts[at..at + 8].try_into().expect("8 bytes"));
        let ninth = |at: usize| u32::from(counts[at + 8].min(4)) * POW5[8];
        [
            group_key(word(0)) + ninth(0),
            group_key(word(9)) + ninth(9),
            group_key(word(18)) + ninth(18),
            // The honors are seven kinds: the eighth byte (PASS) is dropped.
            group_key(word(27) & 0x00ff_ffff_ffff_ffff),
        ]
    }

    /// The sum of the 37 counts, a word of eight at a time: bytes added in
    /// pairs into 16-bit lanes (five words: up to 2,550 a lane), then the four
    /// lanes by one multiply (up to 10,200, within 16 bits).
    #[inline(always)]
    pub(super) fn tile_count(counts: &[u8; KINDS]) -> usize {
        const EVEN: u64 = 0x00ff_00ff_00ff_00ff;
        let word = |at: usize| u64::from_le_bytes(counts[at..at + 8].try_into().expect("8 bytes"));
        // Bytes 32 to 36 as the top five of the word at 29.
        let words = [
            word(0),
            word(8),
            word(16),
            word(24),
            word(29) & !0x00ff_ffff,
        ];
        let lanes: u64 = words.iter().map(|w| (w & EVEN) + ((w >> 8) & EVEN)).sum();
        (lanes.wrapping_mul(0x0001_0001_0001_0001) >> 48) as usize
    }

    /// The base-5 number of eight counts held one a byte (the first kind in the
    /// lowest byte), every count capped at 4.
    #[inline(always)]
    fn group_key(x: u64) -> u32 {
        const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
        const HIGH: u64 = 0x8080_8080_8080_8080;
        // A byte's top bit ends up set when the byte is 5 or more: its low seven
        // bits plus 0x7b carry into bit 7 (never beyond), or bit 7 was set.
        let five_or_more = (((x & LOW7) + 0x7b7b_7b7b_7b7b_7b7b) | x) & HIGH;
        let mask = (five_or_more >> 7) * 0xff;
        // (The two parts share no bit: `+` is `|` here.)
        let capped = (x & !mask) + (0x0404_0404_0404_0404 & mask);
        // Fold neighbours by multiplying: adding the next byte times 5 into each
        // byte leaves pairs in 16-bit lanes (up to 24); likewise quadruples in
        // 32-bit lanes (up to 624), then the two halves. No lane overflows into
        // the next, and what overflows the word is never kept.
        let pairs = (capped.wrapping_mul((1 << 8) + 5) >> 8) & 0x00ff_00ff_00ff_00ff;
        let quads = (pairs.wrapping_mul((1 << 16) + 25) >> 16) & 0x0000_ffff_0000_ffff;
        (quads.wrapping_mul((1 << 32) + 625) >> 32) as u32
    }
}

impl Default for Hand {
    fn default() -> Hand {
        Hand::new()
    }
}

impl fmt::Display for Hand {
    /// Space-separated names in kind order, e.g. `1M 1M 5P E`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, t) in self.tiles().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            f.write_str(t.name())?;
        }
        Ok(())
    }
}

impl fmt::Debug for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Hand[{self}]")
    }
}

impl serde::Serialize for Hand {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.tiles())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tile::parse_tiles;

    /// The sets of kinds name each kind by its index, for every kind up
    /// to the last special one.
    #[test]
    fn kind_sets_have_a_bit_a_kind() {
        let h = Hand::from_tiles(&parse_tiles("1M 1M 9P 9P 9P 9P E DOUBLE").unwrap());
        let at = |s: &str| 1u64 << parse_tiles(s).unwrap()[0].index();
        assert_eq!(h.held_bits(), at("1M") | at("9P") | at("E") | at("DOUBLE"));
        assert_eq!(h.bits_with(4), at("9P"));
        assert_eq!(h.bits_with(2), at("1M"));
        assert_eq!(h.bits_with(1), at("E") | at("DOUBLE"));
        assert_eq!(Hand::new().held_bits(), 0);
    }

    #[test]
    fn keys_follow_the_counts_and_cap_at_four() {
        let mut h = Hand::new();
        let t = Tile::from_index(10).unwrap(); // 2P: pin key, digit 1
        for n in 1..=6u32 {
            h.add(t);
            assert_eq!(h.group_keys(), [0, 5 * n.min(4), 0, 0]);
            assert_eq!(Hand::from_counts(*h.counts()), h);
        }
        for n in (0..6u32).rev() {
            h.remove(t);
            assert_eq!(h.group_keys(), [0, 5 * n.min(4), 0, 0]);
        }
        h.add(Tile::RED);
        h.add(Tile::PASS);
        assert_eq!(h.group_keys(), [0, 0, 0, 625 * 5 * 5]);
    }

    /// The keys and sizes `from_counts` folds (SSE2 on x86-64, a word at a
    /// time elsewhere) are the plain base-5 sums, on counts of every size (0
    /// to 255) in every place.
    #[test]
    fn from_counts_keys_are_the_capped_base_5_sums() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for round in 0..200_000 {
            let mut counts = [0u8; KINDS];
            for c in counts.iter_mut() {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                // Mostly 0 to 6, now and then anything.
                *c = if round % 7 == 0 {
                    seed as u8
                } else {
                    (seed % 7) as u8
                };
            }
            let plain = |from: usize, n: usize| -> u32 {
                (0..n)
                    .map(|i| u32::from(counts[from + i].min(4)) * POW5[i])
                    .sum()
            };
            let h = Hand::from_counts(counts);
            assert_eq!(
                h.group_keys(),
                [plain(0, 9), plain(9, 9), plain(18, 9), plain(27, 7)],
                "{counts:?}"
            );
            let len: u32 = counts.iter().map(|&c| u32::from(c)).sum();
            assert_eq!(h.len(), len.min(255) as usize);
            assert_eq!(tile_count(&counts), len as usize);
            // Every version, whichever this processor runs: the
            // word-at-a-time one (other processors), SSE2 and SSSE3.
            assert_eq!(swar::group_keys(&counts), h.group_keys());
            #[cfg(target_arch = "x86_64")]
            {
                assert_eq!(sse2::group_keys(&counts), h.group_keys());
                if std::arch::is_x86_feature_detected!("ssse3") {
                    // SAFETY: the processor has SSSE3.
                    assert_eq!(unsafe { ssse3::group_keys(&counts) }, h.group_keys());
                }
            }
            assert_eq!(swar::tile_count(&counts), len as usize);
        }
    }

    #[test]
    fn add_remove_count() {
        let mut h = Hand::from_tiles(&parse_tiles("1M 1M PASS S").unwrap());
        assert_eq!(h.len(), 4);
        assert_eq!(h.specials(), 1);
        assert_eq!(h.first_special(), Some(Tile::PASS));
        assert!(h.remove(Tile::PASS));
        assert!(!h.remove(Tile::PASS));
        assert_eq!(h.specials(), 0);
        assert_eq!(h.to_string(), "1M 1M S");
    }

    /// Adding saturates at 255 tiles in all: a full hand is left as it is.
    #[test]
    fn adding_to_a_full_hand_changes_nothing() {
        let mut counts = [0u8; KINDS];
        counts[0] = 200;
        counts[1] = 55;
        let mut h = Hand::from_counts(counts);
        assert_eq!(h.len(), 255);
        h.add(Tile::from_index(2).unwrap());
        assert_eq!((h.len(), h.counts()[2]), (255, 0));
        let mut one_kind = Hand::new();
        for _ in 0..300 {
            one_kind.add(Tile::from_index(0).unwrap());
        }
        assert_eq!((one_kind.len(), one_kind.counts()[0]), (255, 255));
        // Below 255 in all, a kind still takes tiles.
        counts[1] = 54;
        let mut h = Hand::from_counts(counts);
        h.add(Tile::from_index(0).unwrap());
        assert_eq!((h.len(), h.counts()[0]), (255, 201));
    }

    #[test]
    fn empty_and_debug() {
        assert!(Hand::new().is_empty());
        let h = Hand::from_tiles(&parse_tiles("1M 1M").unwrap());
        assert!(!h.is_empty());
        assert_eq!(format!("{h:?}"), "Hand[1M 1M]");
    }
}
