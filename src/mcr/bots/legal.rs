//! Answers, typed, and the legal answers to the request a [`View`] has
//! just taken in.
//!
//! "Legal" is what the official judge accepts, made safe where the view
//! cannot be sure: a kong or claim only while the parts of the wall it
//! needs surely hold a tile (whatever the wall's length), a melded kong
//! only while the claimer's own part holds one too (the Python twin
//! refuses it otherwise), and `HU` only when the judge's own calculator,
//! with the judge's flags, reaches 8 fans besides the flowers.

use super::view::{Turn, View};
use crate::mcr::hand::MeldKind;
use crate::mcr::tile::{Tile, KINDS};
use std::borrow::Cow;
use std::sync::OnceLock;

/// One answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// `PASS`.
    Pass,
    /// `HU`.
    Hu,
    /// `PLAY T` on one's own draw.
    Play(Tile),
    /// `GANG T` on one's own draw: a concealed kong.
    Gang(Tile),
    /// `BUGANG T`: a tile added to one's pung.
    BuGang(Tile),
    /// `PENG T`: a pung of the discard, then discarding `T`.
    Peng(Tile),
    /// `CHI M T`: a chow around `M` with the discard, then discarding `T`.
    Chi {
        /// The chow's middle tile.
        middle: Tile,
        /// The discard after it.
        discard: Tile,
    },
    /// `GANG`: a kong of the discard.
    Kong,
}

/// The kinds of answer, for counting them.
pub const KIND_NAMES: [&str; 8] = [
    "PASS", "HU", "PLAY", "GANG T", "BUGANG", "PENG", "CHI", "GANG",
];

impl Action {
    /// Its kind's index in [`KIND_NAMES`].
    pub fn kind(self) -> usize {
        match self {
            Action::Pass => 0,
            Action::Hu => 1,
            Action::Play(_) => 2,
            Action::Gang(_) => 3,
            Action::BuGang(_) => 4,
            Action::Peng(_) => 5,
            Action::Chi { .. } => 6,
            Action::Kong => 7,
        }
    }

    /// The answer string, from a table built once (no allocation per
    /// answer).
    // Asked at every request of a learning environment's seat: inlined,
    // its answer stays out of memory (see `learn::action::Mask::only`).
    #[inline(always)]
    pub fn text(self) -> Cow<'static, str> {
        let t = texts();
        Cow::Borrowed(match self {
            Action::Pass => "PASS",
            Action::Hu => "HU",
            Action::Kong => "GANG",
            Action::Play(x) => &t.play[x.index()],
            Action::Gang(x) => &t.gang[x.index()],
            Action::BuGang(x) => &t.bugang[x.index()],
            Action::Peng(x) => &t.peng[x.index()],
            Action::Chi { middle, discard } => &t.chi[middle.index() * KINDS + discard.index()],
        })
    }
}

struct Texts {
    play: Vec<String>,
    gang: Vec<String>,
    bugang: Vec<String>,
    peng: Vec<String>,
    /// `CHI M T` at `M * 34 + T`.
    chi: Vec<String>,
}

fn texts() -> &'static Texts {
    static TEXTS: OnceLock<Texts> = OnceLock::new();
    TEXTS.get_or_init(|| {
        let each = |word: &str| Tile::all().map(|t| format!("{word} {t}")).collect();
        Texts {
            play: each("PLAY"),
            gang: each("GANG"),
            bugang: each("BUGANG"),
            peng: each("PENG"),
            chi: Tile::all()
                .flat_map(|m| Tile::all().map(move |t| format!("CHI {m} {t}")))
                .collect(),
        }
    })
}

/// Where [`legal_into`] puts the legal answers, in order.
pub trait Answers {
    /// Adds an answer.
    fn push(&mut self, a: Action);

    /// Adds `of(t)` for every kind `t` of `kinds` (bit `k` for kind `k`),
    /// in index order.
    fn push_kinds(&mut self, of: impl Fn(Tile) -> Action, kinds: u64);
}

impl Answers for Vec<Action> {
    fn push(&mut self, a: Action) {
        Vec::push(self, a);
    }

    fn push_kinds(&mut self, of: impl Fn(Tile) -> Action, mut kinds: u64) {
        while kinds != 0 {
            self.extend(Tile::from_index(kinds.trailing_zeros() as usize).map(&of));
            kinds &= kinds - 1;
        }
    }
}

/// The legal answers to the request `view` has just taken in, into `out`
/// (cleared first), `PASS` first where it is one.
pub fn legal(view: &View, out: &mut Vec<Action>) {
    out.clear();
    legal_into(view, out);
}

/// The legal answers to the request `view` has just taken in, added to
/// `out` in the order [`legal`] lists them.
pub fn legal_into(view: &View, out: &mut impl Answers) {
    let me = view.me();
    let hand = view.hand();
    match view.turn() {
        Turn::MyDraw(drawn) => {
            if view.can_win(drawn, true, me) {
                out.push(Action::Hu);
            }
            out.push_kinds(Action::Play, kinds(hand, 1));
            // A kong needs a replacement for the konger and a draw after.
            let me = usize::from(me);
            if view.part_has_tile(me) && view.part_has_tile(me + 1) {
                out.push_kinds(Action::Gang, kinds(hand, 4));
                for m in view.my_melds() {
                    if m.kind == MeldKind::Pung && hand[m.tile.index()] > 0 {
                        out.push(Action::BuGang(m.tile));
                    }
                }
            }
        }
        Turn::Discard { seat, tile } if seat != me => {
            out.push(Action::Pass);
            if view.can_win(tile, false, seat) {
                out.push(Action::Hu);
            }
            // A claim must leave the seat after the discarder a draw.
            if !view.part_has_tile(usize::from(seat) + 1) {
                return;
            }
            let i = tile.index();
            let mut rest = *hand;
            if hand[i] >= 2 {
                rest[i] -= 2;
                out.push_kinds(Action::Peng, kinds(&rest, 1));
                rest[i] += 2;
            }
            if hand[i] >= 3 && view.part_has_tile(usize::from(me)) {
                out.push(Action::Kong);
            }
            if (seat + 1) % 4 == me && tile.is_suited() {
                rest[i] += 1;
                for middle in chow_middles(tile) {
                    let m = middle.index();
                    if rest[m - 1] == 0 || rest[m] == 0 || rest[m + 1] == 0 {
                        continue;
                    }
                    for c in &mut rest[m - 1..=m + 1] {
                        *c -= 1;
                    }
                    let chi = |discard| Action::Chi { middle, discard };
                    out.push_kinds(chi, kinds(&rest, 1));
                    for c in &mut rest[m - 1..=m + 1] {
                        *c += 1;
                    }
                }
            }
        }
        Turn::Promoted { seat, tile } if seat != me => {
            out.push(Action::Pass);
            if view.can_win(tile, false, seat) {
                out.push(Action::Hu);
            }
        }
        _ => out.push(Action::Pass),
    }
}

/// The kinds held at least `n` times, one bit each.
pub fn kinds(hand: &[u8; KINDS], n: u8) -> u64 {
    hand.iter()
        .enumerate()
        .fold(0, |bits, (i, &c)| bits | u64::from(c >= n) << i)
}

/// The kinds held, in index order.
pub fn held(hand: &[u8; KINDS]) -> impl Iterator<Item = Tile> + '_ {
    Tile::all().filter(|t| hand[t.index()] > 0)
}

/// The middle tiles of the chows `tile` (suited) can be part of.
pub fn chow_middles(tile: Tile) -> impl Iterator<Item = Tile> {
    let (suit, rank) = (tile.suit(), tile.rank());
    (rank.saturating_sub(1).max(2)..=(rank + 1).min(8)).map(move |r| Tile::suited(suit, r))
}

/// Applies `action` to `view` where the view needs to know it (the tile of
/// its own concealed kong).
pub fn note(view: &mut View, action: Action) {
    if let Action::Gang(t) = action {
        view.konged(t);
    }
}
