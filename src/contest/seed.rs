//! The one seed rule: where a bot with random choices (the built-in sample
//! bot) takes its stream from, in every kind of run.
//!
//! A run has a seed (`--seed`); a bot plays at a place in it, given as a
//! short list of numbers from the outside in: `[seat]` in a single game,
//! `[round, table, game, seat]` in a tournament, `[wall, game, side]` in a
//! duel. Its seed is the run's seed and the place mixed with SplitMix64's
//! finalizer, one number at a time, so that
//! - two places of one run never share a stream (but by a 64-bit
//!   collision), nor one place of two runs;
//! - the same run seed and place give the same stream on every machine;
//! - a place's seed does not depend on how many places the run has.

/// The seed of the bot at `place` of the run of seed `run`.
pub fn bot_seed(run: u64, place: &[u64]) -> u64 {
    // A fixed tag first, so that a run's own seed is never a bot's.
    let mut h = mix(run ^ 0x6d61_686a_6f6e_6721);
    for &p in place {
        h = mix(h ^ mix(p));
    }
    h
}

/// SplitMix64's finalizer: every bit of the input moves about half of the
/// output's.
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn places_and_runs_have_streams_of_their_own() {
        let mut seen = HashSet::new();
        for run in 0..4 {
            for a in 0..8 {
                for b in 0..8 {
                    for c in 0..4 {
                        assert!(seen.insert(bot_seed(run, &[a, b, c])), "{run} {a} {b} {c}");
                    }
                }
            }
        }
        // A prefix of a place is another place.
        assert_ne!(bot_seed(1, &[2]), bot_seed(1, &[2, 0]));
        assert_ne!(bot_seed(1, &[]), bot_seed(1, &[0]));
    }

    #[test]
    fn the_rule_is_the_same_on_every_machine() {
        // Pinned: a change here changes every sample bot's games.
        let pinned = bot_seed(5, &[1, 3, 4]);
        assert_eq!(pinned, PINNED);
    }

    const PINNED: u64 = 4_246_503_302_316_905_678;
}
