//! What the learning environments of every ruleset share
//! (`noi2014::learn`, `mcr::learn`): Gymnasium's autoreset modes, the
//! errors of a batched step, the batched vector itself
//! ([`vector::Vector`]), generic over a ruleset's single-game
//! environment ([`vector::SingleEnv`]), and the parts of a saved game
//! every ruleset's has ([`saved`]).

pub mod saved;
pub mod vector;

/// A batched set of games that cannot be made or stepped as asked.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VectorError {
    /// Every seat is a bot: the caller would never decide anything.
    #[error("at least one seat must be the caller's (None)")]
    NoCallerSeat,
    /// An action number outside the action space, or a buffer of the
    /// wrong length.
    #[error("{0}")]
    Shape(String),
    /// An action the pending decision's mask forbids, refused by
    /// a step before any game moved.
    #[error("game {game}: action {action} is not legal there (its mask is 0)")]
    Illegal {
        /// The slot.
        game: usize,
        /// The action given.
        action: u32,
    },
    /// A step of a slot whose game is over and waits for
    /// a reset of the slot ([`Autoreset::Disabled`]).
    #[error("game {0} is over: reset it first (autoreset disabled)")]
    Over(usize),
}

/// When a slot whose game ended starts its next game: Gymnasium's
/// autoreset modes (`gymnasium.vector.AutoresetMode`), named as its values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Autoreset {
    /// In the step after the one that ended it: until then the slot shows
    /// the finished game (the observation of the seat that decided last,
    /// its mask all 0); that next step ignores the slot's action and shows
    /// the next game's first decision, with no reward and done 0.
    NextStep,
    /// In the step that ended it: the slot shows the next game's first
    /// decision at once, and the finished game's observations go to
    /// the step's final observations.
    SameStep,
    /// Only through a reset of the slot: until then the slot shows the
    /// finished game as [`Autoreset::NextStep`] does, and a step refuses
    /// to be given it ([`VectorError::Over`]).
    Disabled,
}

impl Autoreset {
    /// The modes' names, Gymnasium's values of `AutoresetMode`.
    pub const NAMES: [&'static str; 3] = ["NextStep", "SameStep", "Disabled"];

    /// The mode named `name` (one of [`Autoreset::NAMES`]).
    pub fn parse(name: &str) -> Option<Autoreset> {
        match name {
            "NextStep" => Some(Autoreset::NextStep),
            "SameStep" => Some(Autoreset::SameStep),
            "Disabled" => Some(Autoreset::Disabled),
            _ => None,
        }
    }
}

/// The index of the `i`-th set bit of `words` (bit `k` of word `w` is
/// index `64 * w + k`), lowest first; `None` when fewer are set. What an
/// action mask's random legal action needs, without walking every bit.
pub fn nth_bit(words: &[u64], mut i: usize) -> Option<usize> {
    for (w, &word) in words.iter().enumerate() {
        let ones = word.count_ones() as usize;
        if i >= ones {
            i -= ones;
            continue;
        }
        let mut bits = word;
        for _ in 0..i {
            bits &= bits - 1;
        }
        return Some(64 * w + bits.trailing_zeros() as usize);
    }
    None
}

/// Writes the first `out.len()` bits of `words` (lowest first) as bytes
/// of 0 or 1: an action mask as numpy reads it. Zeroes, then the set bits
/// alone (a decision has a few legal actions out of hundreds).
pub fn write_bits(words: &[u64], out: &mut [u8]) {
    out.fill(0);
    for (w, &word) in words.iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            if let Some(b) = out.get_mut(64 * w + bits.trailing_zeros() as usize) {
                *b = 1;
            }
            bits &= bits - 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Bits on both sides of the words' edges and at the ends: listed,
    /// picked by rank and written as bytes.
    #[test]
    fn bits_are_picked_by_rank_and_written_as_bytes() {
        let picked = [0, 7, 8, 63, 64, 127, 128, 191, 192, 240];
        let mut words = [0u64; 4];
        for &i in &picked {
            words[i / 64] |= 1 << (i % 64);
        }
        for (rank, &i) in picked.iter().enumerate() {
            assert_eq!(nth_bit(&words, rank), Some(i));
        }
        assert_eq!(nth_bit(&words, picked.len()), None);
        assert_eq!(nth_bit(&[], 0), None);
        let mut bytes = [9u8; 241];
        write_bits(&words, &mut bytes);
        for (i, &b) in bytes.iter().enumerate() {
            assert_eq!(b, u8::from(picked.contains(&i)), "bit {i}");
        }
    }
}
