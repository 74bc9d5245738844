//! A fixed action space for MCR answers: every answer the bots' rules
//! ([`crate::mcr::bots::legal`]) call legal is exactly one action number,
//! and each action number writes one answer string.
//!
//! The space is flat (one stage): a `CHI` or `PENG` carries its follow-up
//! discard, and a `CHI` names its chow by where the claimed tile sits in
//! it (lowest, middle, highest), the claimed tile being known from the
//! request. That is 241 actions, small enough for one softmax, and no
//! second decision to thread through the environments.
//!
//! | numbers    | action                                             |
//! |------------|----------------------------------------------------|
//! | 0..34      | `PLAY t` on one's own draw, by kind                |
//! | 34..136    | `CHI`: 34 + 34 × position + discard (see [`ChiAt`]) |
//! | 136..170   | `PENG d`: pung the discard, then discard `d`        |
//! | 170..204   | `GANG t` on one's own draw: a concealed kong       |
//! | 204..238   | `BUGANG t`: add `t` to one's pung                  |
//! | 238        | `PASS`                                             |
//! | 239        | `GANG`: a kong of the discard                      |
//! | 240        | `HU`                                               |

use crate::learn::vector::ActionMask;
use crate::learn::{nth_bit, write_bits};
use crate::mcr::bots::legal::Action as Move;
use crate::mcr::bots::view::Turn;
use crate::mcr::judge::request::Answer;
use crate::mcr::tile::{Tile, KINDS};
use std::borrow::Cow;

/// Number of actions: see [`Action::index`].
pub const ACTIONS: usize = 241;

/// Where the claimed tile sits in a chow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChiAt {
    /// The lowest (the chow's middle tile is one above it).
    Low = 0,
    /// The middle.
    Middle = 1,
    /// The highest (the middle tile is one below it).
    High = 2,
}

impl ChiAt {
    const ALL: [ChiAt; 3] = [ChiAt::Low, ChiAt::Middle, ChiAt::High];

    /// The chow's middle tile with `claimed` at this position; `None` when
    /// there is no such chow (an honor, or a middle tile of rank 1 or 9).
    pub fn middle(self, claimed: Tile) -> Option<Tile> {
        if !claimed.is_suited() {
            return None;
        }
        let rank = claimed.rank() + 1 - self as u8;
        (2..=8)
            .contains(&rank)
            .then(|| Tile::suited(claimed.suit(), rank))
    }

    /// The position of `claimed` in the chow around `middle`, if it is in it.
    pub fn of(claimed: Tile, middle: Tile) -> Option<ChiAt> {
        ChiAt::ALL
            .into_iter()
            .find(|at| at.middle(claimed) == Some(middle))
    }
}

/// One action of the fixed space.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// `PLAY t` on one's own draw.
    Play(Tile),
    /// `CHI M d`: the chow with the claimed tile `at` its place, then
    /// discarding `discard`.
    Chi {
        /// Where the claimed tile sits.
        at: ChiAt,
        /// The discard after the chow.
        discard: Tile,
    },
    /// `PENG d`: pung the discard, then discard `d`.
    Peng(Tile),
    /// `GANG t` on one's own draw: a concealed kong.
    Gang(Tile),
    /// `BUGANG t`.
    BuGang(Tile),
    /// `PASS`.
    Pass,
    /// `GANG`: a kong of the discard.
    Kong,
    /// `HU`.
    Hu,
}

const CHI: usize = KINDS;
const PENG: usize = CHI + 3 * KINDS;
const GANG: usize = PENG + KINDS;
const BUGANG: usize = GANG + KINDS;
const PASS: usize = BUGANG + KINDS;
const KONG: usize = PASS + 1;
const HU: usize = PASS + 2;

fn tile(i: usize) -> Tile {
    Tile::from_index(i).expect("a kind below 34")
}

impl Action {
    /// Its number in `0..ACTIONS`.
    pub fn index(self) -> usize {
        match self {
            Action::Play(t) => t.index(),
            Action::Chi { at, discard } => CHI + KINDS * at as usize + discard.index(),
            Action::Peng(t) => PENG + t.index(),
            Action::Gang(t) => GANG + t.index(),
            Action::BuGang(t) => BUGANG + t.index(),
            Action::Pass => PASS,
            Action::Kong => KONG,
            Action::Hu => HU,
        }
    }

    /// The action numbered `i`; `None` for `i >= ACTIONS`.
    pub fn from_index(i: usize) -> Option<Action> {
        Some(match i {
            0..CHI => Action::Play(tile(i)),
            CHI..PENG => Action::Chi {
                at: ChiAt::ALL[(i - CHI) / KINDS],
                discard: tile((i - CHI) % KINDS),
            },
            PENG..GANG => Action::Peng(tile(i - PENG)),
            GANG..BUGANG => Action::Gang(tile(i - GANG)),
            BUGANG..PASS => Action::BuGang(tile(i - BUGANG)),
            PASS => Action::Pass,
            KONG => Action::Kong,
            HU => Action::Hu,
            _ => return None,
        })
    }

    /// The answer this action is where `claimed` is the discard the
    /// request offers (`None` on other requests); `None` for a `CHI` with
    /// no such chow.
    pub fn to_move(self, claimed: Option<Tile>) -> Option<Move> {
        Some(match self {
            Action::Play(t) => Move::Play(t),
            Action::Chi { at, discard } => Move::Chi {
                middle: at.middle(claimed?)?,
                discard,
            },
            Action::Peng(t) => Move::Peng(t),
            Action::Gang(t) => Move::Gang(t),
            Action::BuGang(t) => Move::BuGang(t),
            Action::Pass => Move::Pass,
            Action::Kong => Move::Kong,
            Action::Hu => Move::Hu,
        })
    }

    /// The action of answer `m` where `claimed` is the request's discard;
    /// `None` for a `CHI` that does not hold `claimed`.
    pub fn of_move(m: Move, claimed: Option<Tile>) -> Option<Action> {
        Some(match m {
            Move::Play(t) => Action::Play(t),
            Move::Chi { middle, discard } => Action::Chi {
                at: ChiAt::of(claimed?, middle)?,
                discard,
            },
            Move::Peng(t) => Action::Peng(t),
            Move::Gang(t) => Action::Gang(t),
            Move::BuGang(t) => Action::BuGang(t),
            Move::Pass => Action::Pass,
            Move::Kong => Action::Kong,
            Move::Hu => Action::Hu,
        })
    }

    /// The answer string, `claimed` as in [`Action::to_move`]. A `CHI`
    /// with no chow is still written, around a wind (`CHI F1 d`): the
    /// judge penalises it, as it would a bot's, and it reads back as no
    /// action.
    pub fn text(self, claimed: Option<Tile>) -> Cow<'static, str> {
        match (self.to_move(claimed), self) {
            (Some(m), _) => m.text(),
            (None, Action::Chi { discard, .. }) => Move::Chi {
                middle: Tile::EAST,
                discard,
            }
            .text(),
            (None, _) => unreachable!("only a chow can have no answer"),
        }
    }
}

/// The discard a player may claim at `turn` (a discard, a pung's or a
/// chow's discard); the promoted kong's tile is robbed with `HU` alone.
pub fn claimed(turn: Turn) -> Option<Tile> {
    match turn {
        Turn::Discard { tile, .. } => Some(tile),
        _ => None,
    }
}

/// The action that answer string `text` is, read as the judge reads
/// answers, where `claimed` is the request's discard; `None` when no
/// action writes it (a malformed answer, a word that is no tile, a `CHI`
/// that cannot hold the claimed tile).
pub fn action_of(claimed: Option<Tile>, text: &str) -> Option<Action> {
    let m = match Answer::read(text) {
        Answer::Pass => Move::Pass,
        Answer::Hu => Move::Hu,
        Answer::Gang => Move::Kong,
        Answer::Play(t) => Move::Play(t?),
        Answer::GangTile(t) => Move::Gang(t?),
        Answer::BuGang(t) => Move::BuGang(t?),
        Answer::Peng(t) => Move::Peng(t?),
        Answer::Chi(m, d) => Move::Chi {
            middle: m?,
            discard: d?,
        },
        Answer::Other(_) => return None,
    };
    Action::of_move(m, claimed)
}

/// A set of actions, one bit each.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Mask(pub [u64; 4]);

impl Mask {
    /// Adds an action.
    pub fn add(&mut self, a: Action) {
        let i = a.index();
        self.0[i / 64] |= 1 << (i % 64);
    }

    /// Adds the actions `first` and the ones numbered after it, one a
    /// kind of `kinds` (bit `k` for kind `k`): `Play`, `Peng`, `Gang` or
    /// a `Chi` at one place, given for the first kind, of every kind
    /// `kinds` holds, in a few shifts.
    pub fn add_kinds(&mut self, first: Action, kinds: u64) {
        let kinds = kinds & ((1 << KINDS) - 1);
        let (w, at) = (first.index() / 64, first.index() % 64);
        self.0[w] |= kinds << at;
        if at + KINDS > 64 {
            self.0[w + 1] |= kinds >> (64 - at);
        }
    }

    /// True when `a` is in the set.
    pub fn contains(self, a: Action) -> bool {
        let i = a.index();
        self.0[i / 64] >> (i % 64) & 1 == 1
    }

    /// Number of actions.
    pub fn len(self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// The action when there is exactly one, else `None`: asked of every
    /// request, so without counting bits (`count_ones` is no single
    /// instruction on the baseline x86-64 the wheels are built for).
    // By reference: the words are read where the legal answers were
    // written, not copied first (with `legal::Action::text` inlined,
    // about 5% of a batched step in `benches/vector.rs`).
    pub fn only(&self) -> Option<Action> {
        let mut only = None;
        for (w, &bits) in self.0.iter().enumerate() {
            if bits == 0 {
                continue;
            }
            if only.is_some() || bits & (bits - 1) != 0 {
                return None;
            }
            only = Some(64 * w + bits.trailing_zeros() as usize);
        }
        Action::from_index(only?)
    }

    /// True when there are none.
    pub fn is_empty(self) -> bool {
        self.0 == [0; 4]
    }

    /// The actions in index order.
    pub fn iter(self) -> impl Iterator<Item = Action> {
        self.0.into_iter().enumerate().flat_map(|(w, mut bits)| {
            std::iter::from_fn(move || {
                if bits == 0 {
                    return None;
                }
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                Action::from_index(64 * w + i)
            })
        })
    }

    /// The `i`-th action in index order (`i < len`).
    pub fn nth(self, i: usize) -> Option<Action> {
        Action::from_index(nth_bit(&self.0, i)?)
    }

    /// One byte per action, 1 for the legal ones (`out` holds
    /// [`ACTIONS`] bytes; the vector environment writes a mask a step).
    pub fn write(self, out: &mut [u8]) {
        write_bits(&self.0, &mut out[..ACTIONS]);
    }
}

impl ActionMask for Mask {
    type Words = [u64; 4];

    fn words(self) -> [u64; 4] {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn action_numbers_round_trip() {
        for i in 0..ACTIONS {
            assert_eq!(Action::from_index(i).unwrap().index(), i, "{i}");
        }
        assert_eq!(Action::from_index(ACTIONS), None);
        assert_eq!(Action::Hu.index(), ACTIONS - 1);
    }

    /// Every action writes an answer that reads back as itself, for every
    /// discard that can be claimed (and none); chows only where they hold
    /// the claimed tile.
    #[test]
    fn answers_read_back_as_their_actions() {
        let mut chows = 0;
        for claimed in std::iter::once(None).chain(Tile::all().map(Some)) {
            for i in 0..ACTIONS {
                let a = Action::from_index(i).unwrap();
                let text = a.text(claimed);
                match a.to_move(claimed) {
                    Some(m) => {
                        assert_eq!(Action::of_move(m, claimed), Some(a), "{text}");
                        assert_eq!(action_of(claimed, &text), Some(a), "{text}");
                        chows += usize::from(matches!(a, Action::Chi { .. }));
                    }
                    None => {
                        assert!(matches!(a, Action::Chi { .. }), "{text}");
                        assert_eq!(action_of(claimed, &text), None, "{text}");
                    }
                }
            }
        }
        // 3 suits: ranks 1/9 have one chow, 2/8 two, 3-7 three: 21 a suit.
        assert_eq!(chows, 3 * 21 * KINDS);
        let w3 = "W3".parse::<Tile>().ok();
        assert_eq!(
            action_of(w3, "CHI W4 J1"),
            Some(Action::Chi {
                at: ChiAt::Low,
                discard: Tile::RED
            })
        );
        for bad in [
            "",
            "PASS ",
            "pass",
            "PLAY",
            "PLAY X1",
            "CHI W5 J1",
            "A B C D",
        ] {
            assert_eq!(action_of(w3, bad), None, "{bad:?}");
        }
    }

    #[test]
    fn a_mask_lists_and_writes_its_actions() {
        let picked = [0, 63, 64, 127, 128, 191, 192, 238, 240];
        let mut m = Mask::default();
        for &i in &picked {
            m.add(Action::from_index(i).unwrap());
        }
        let listed: Vec<usize> = m.iter().map(Action::index).collect();
        assert_eq!(listed, picked);
        assert_eq!(m.len(), picked.len());
        assert_eq!(m.nth(8), Some(Action::Hu));
        assert_eq!(m.nth(9), None);
        let mut bytes = [7u8; ACTIONS];
        m.write(&mut bytes);
        for (i, &b) in bytes.iter().enumerate() {
            assert_eq!(b, u8::from(picked.contains(&i)), "{i}");
        }
        assert!(Mask::default().is_empty());
    }

    /// `only` names the action of a mask of one, in any word, and no
    /// action of an empty mask or of two (in one word or in two).
    #[test]
    fn a_mask_of_one_names_its_action() {
        assert_eq!(Mask::default().only(), None);
        for i in [0, 1, 63, 64, 130, 191, 192, 240] {
            let mut m = Mask::default();
            m.add(Action::from_index(i).unwrap());
            assert_eq!(m.only().map(Action::index), Some(i), "{i}");
            for j in [0, 2, 62, 65, 200, 239] {
                if j != i {
                    let mut two = m;
                    two.add(Action::from_index(j).unwrap());
                    assert_eq!(two.only(), None, "{i} and {j}");
                }
            }
        }
    }
}
