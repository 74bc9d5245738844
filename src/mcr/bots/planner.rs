//! The planner bot: the greedy bot made fan-aware and counting tiles.
//!
//! Every choice (a discard, a kong, a claim or not) is judged by the hand
//! it leaves, with its melds, by a key compared in order:
//!
//! 1. the *route shanten*: the fewest tiles to a hand that can reach the
//!    8-fan minimum, over a few routes: ready on tiles whose win the
//!    judge's calculator scores at 8 or more (exact: every wait is
//!    scored); a full flush (24 fans) or seven pairs (24); thirteen
//!    orphans, honors and knitted tiles, the knitted straight; a half
//!    flush (6) one tile farther, any other shape two (the fans must come
//!    from elsewhere). A flush route needs every meld in its suit;
//! 2. the tiles that bring that route nearer (or, ready, the winning tiles
//!    that reach 8 fans; those that reach it only self-drawn count a
//!    third), counted by the copies this player has not seen;
//! 3. ties: discard a tile others have shown more of, then the highest kind.
//!
//! A claim is made only when it lowers the route shanten: a chow or pung
//! that only lowers the shanten of a hand with no fans is refused. `HU`
//! whenever it is legal.

use super::bot::Bot;
use super::greedy::after;
use super::legal::{legal, note, Action};
use super::shape;
use super::view::{completing, Turn, View, MINIMUM};
use crate::distance::distance_from_counts;
use crate::mcr::calc::calculate;
use crate::mcr::fan::Reading;
use crate::mcr::hand::{Hand, Meld, MeldKind, WinContext};
use crate::mcr::judge::Request;
use crate::mcr::tile::{Counts, Tile, KINDS};
use std::borrow::Cow;

/// The core's first special kind: counted in a hand's size, never part
/// of a set (the tiles a route cannot use).
const OFF_ROUTE: usize = 34;
const FAR: i32 = 99;

/// A route to 8 fans.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Route {
    /// Any shape: the fans must come from elsewhere.
    Any,
    /// Suit 0-2 and honors.
    HalfFlush(u8),
    /// Suit 0-2 alone.
    FullFlush(u8),
    /// Seven pairs, the orphans, the knitted forms ([`shape::best`]
    /// without the regular form).
    Special,
    /// Three given chows (their first tiles' indices), a set and a pair:
    /// pure straight (16), mixed straight (8), mixed triple chow (8),
    /// mixed shifted chows (6).
    Chows([u8; 3], i32),
    /// All pungs (6).
    AllPungs,
}

impl Route {
    /// Tiles the route's number stands above its shanten (fans missing).
    fn penalty(self) -> i32 {
        match self {
            Route::Any => 2,
            Route::HalfFlush(_) | Route::AllPungs => 1,
            Route::FullFlush(_) | Route::Special => 0,
            Route::Chows(_, p) => p,
        }
    }

    /// Whether the route can use kind `t` (only the flushes cannot).
    fn keeps(self, t: usize) -> bool {
        match self {
            Route::HalfFlush(s) => t >= 27 || t / 9 == usize::from(s),
            Route::FullFlush(s) => t < 27 && t / 9 == usize::from(s),
            _ => true,
        }
    }

    /// Whether the melds leave the route open.
    fn fits(self, melds: &[Meld]) -> bool {
        match self {
            Route::Special => melds.is_empty(),
            Route::AllPungs => melds.iter().all(|m| m.kind != MeldKind::Chow),
            // Checked with the count.
            Route::Chows(..) => true,
            _ => melds.iter().all(|m| {
                let i = m.tile.index();
                self.keeps(i) && (m.kind != MeldKind::Chow || self.keeps(i - 1))
            }),
        }
    }

    /// The route's shanten of `hand` (13 or 14 less 3 a meld tiles) with
    /// `melds`.
    fn shanten(self, hand: &Counts, melds: &[Meld]) -> i32 {
        let m = melds.len();
        match self {
            Route::Special => {
                if m > 1 {
                    return FAR;
                }
                let s = shape::best(hand, m);
                // The regular form is no route of its own here.
                if s < shape::regular(hand, m) {
                    s
                } else if m == 0 {
                    shape::seven_pairs(hand)
                } else {
                    FAR
                }
            }
            Route::Chows(starts, _) => chows(hand, melds, starts),
            Route::AllPungs => all_pungs(hand, m),
            _ => {
                let mut c = [0u8; crate::tile::KINDS];
                for (i, &n) in hand.iter().enumerate() {
                    c[if self.keeps(i) { i } else { OFF_ROUTE }] += n;
                }
                distance_from_counts(&c, m as u8).map_or(FAR, |d| i32::from(d) - 1)
            }
        }
    }
}

/// Standing tiles of a full hand with `melds` melds.
fn full(melds: usize) -> i32 {
    14 - 3 * melds as i32
}

/// Shanten to three given chows (by first index), a set and a pair; a
/// meld must be one of the chows or the one free set.
fn chows(hand: &Counts, melds: &[Meld], starts: [u8; 3]) -> i32 {
    let mut melded = [false; 3];
    let mut free_set = true;
    for m in melds {
        let first = m.tile.index().wrapping_sub(1);
        let j = (0..3).find(|&j| !melded[j] && usize::from(starts[j]) == first);
        match j {
            Some(j) if m.kind == MeldKind::Chow => melded[j] = true,
            _ if free_set => free_set = false,
            _ => return FAR,
        }
    }
    let mut rest = *hand;
    let mut have = 0;
    for (j, &s) in starts.iter().enumerate() {
        if melded[j] {
            continue;
        }
        for c in &mut rest[usize::from(s)..usize::from(s) + 3] {
            if *c > 0 {
                *c -= 1;
                have += 1;
            }
        }
    }
    have += set_and_pair(&mut rest, free_set);
    full(melds.len()) - have - 1
}

/// The tiles of `rest` a set (when `set`) and a pair can use, greedily:
/// the best set, then the best pair of what is left.
fn set_and_pair(rest: &mut Counts, set: bool) -> i32 {
    let mut have = 0;
    if set {
        let mut best = (0, 0usize, false);
        for i in 0..KINDS {
            let pung = i32::from(rest[i].min(3));
            if pung > best.0 {
                best = (pung, i, false);
            }
            if i < 27 && i % 9 < 7 {
                let chow = (i..i + 3).filter(|&k| rest[k] > 0).count() as i32;
                if chow > best.0 {
                    best = (chow, i, true);
                }
            }
        }
        let (n, i, chow) = best;
        if chow {
            for c in &mut rest[i..i + 3] {
                *c = c.saturating_sub(1);
            }
        } else {
            rest[i] -= n as u8;
        }
        have += n;
    }
    have + rest.iter().map(|&c| i32::from(c.min(2))).max().unwrap_or(0)
}

/// Shanten to all pungs: the largest counts make the pungs, the next the
/// pair (melds are pungs or kongs).
fn all_pungs(hand: &Counts, melds: usize) -> i32 {
    let mut counts: Vec<u8> = hand.iter().copied().filter(|&c| c > 0).collect();
    counts.sort_unstable_by(|a, b| b.cmp(a));
    let sets = 4 - melds.min(4);
    let mut have: i32 = counts.iter().take(sets).map(|&c| i32::from(c.min(3))).sum();
    let pair = counts.get(sets).map_or(0, |&c| i32::from(c.min(2)));
    have += pair;
    full(melds) - have - 1
}

/// The routes: the flushes, the special forms, the chow routes, all pungs.
fn routes() -> &'static [Route] {
    static ROUTES: std::sync::OnceLock<Vec<Route>> = std::sync::OnceLock::new();
    ROUTES.get_or_init(|| {
        let mut r = vec![Route::Any, Route::Special, Route::AllPungs];
        for s in 0..3u8 {
            r.push(Route::HalfFlush(s));
            r.push(Route::FullFlush(s));
            // Pure straight.
            r.push(Route::Chows([9 * s, 9 * s + 3, 9 * s + 6], 0));
        }
        const PERMS: [[u8; 3]; 6] = [
            [0, 1, 2],
            [0, 2, 1],
            [1, 0, 2],
            [1, 2, 0],
            [2, 0, 1],
            [2, 1, 0],
        ];
        for p in PERMS {
            // Mixed straight: 123, 456, 789 in three suits.
            r.push(Route::Chows([9 * p[0], 9 * p[1] + 3, 9 * p[2] + 6], 0));
            // Mixed shifted chows: n, n+1, n+2 in three suits.
            for n in 0..5u8 {
                r.push(Route::Chows(
                    [9 * p[0] + n, 9 * p[1] + n + 1, 9 * p[2] + n + 2],
                    1,
                ));
            }
        }
        for n in 0..7u8 {
            // Mixed triple chow.
            r.push(Route::Chows([n, 9 + n, 18 + n], 0));
        }
        r
    })
}

/// A hand's worth: lower route shanten first, then more tiles that help.
#[derive(Clone, Copy, Debug, PartialEq, PartialOrd)]
struct Worth {
    shanten: i32,
    /// Helpful unseen copies, negated so that lower is better.
    minus_tiles: f64,
}

/// The planner bot.
#[derive(Clone, Debug, Default)]
pub struct PlannerBot {
    view: View,
    moves: Vec<Action>,
}

impl PlannerBot {
    /// A bot before its first request.
    pub fn new() -> PlannerBot {
        PlannerBot::default()
    }

    /// The melds after `action` (a claim adds one; a kong changes one).
    fn melds_after(&self, action: Action) -> ([Meld; 4], usize) {
        let mine = self.view.my_melds();
        let mut out = [Meld {
            kind: MeldKind::Kong,
            tile: Tile::EAST,
            offer: 0,
        }; 4];
        out[..mine.len()].copy_from_slice(mine);
        let mut n = mine.len();
        let me = self.view.me();
        let (from, claimed) = match self.view.turn() {
            Turn::Discard { seat, tile } => ((seat + 4 - me) % 4, tile),
            _ => (0, Tile::EAST),
        };
        let new = match action {
            Action::Gang(t) => Some(Meld {
                kind: MeldKind::Kong,
                tile: t,
                offer: 0,
            }),
            Action::Peng(_) => Some(Meld {
                kind: MeldKind::Pung,
                tile: claimed,
                offer: from,
            }),
            Action::Kong => Some(Meld {
                kind: MeldKind::Kong,
                tile: claimed,
                offer: from,
            }),
            Action::Chi { middle, .. } => Some(Meld {
                kind: MeldKind::Chow,
                tile: middle,
                offer: claimed.rank() + 2 - middle.rank(),
            }),
            Action::BuGang(t) => {
                if let Some(m) = out[..n].iter_mut().find(|m| m.tile == t) {
                    m.kind = MeldKind::Kong;
                }
                None
            }
            _ => None,
        };
        if let Some(m) = new {
            if n < 4 {
                out[n] = m;
                n += 1;
            }
        }
        (out, n)
    }

    /// The worth of standing `hand` with `melds`.
    fn worth(&self, hand: &Counts, melds: &[Meld]) -> Worth {
        let m = melds.len();
        let waits = completing(hand, m);
        if waits != 0 {
            let w = self.winning_weight(hand, melds, waits);
            if w > 0.0 {
                return Worth {
                    shanten: 0,
                    minus_tiles: -w,
                };
            }
        }
        let mut best = (FAR, Route::Any);
        let mut tied: Vec<Route> = Vec::new();
        for &r in routes() {
            if !r.fits(melds) {
                continue;
            }
            let base = r.shanten(hand, melds);
            // A ready shape with no 8-fan win is one step away at best.
            let s = (base + r.penalty()).max(1);
            if s < best.0 {
                best = (s, r);
                tied.clear();
            }
            if s == best.0 {
                tied.push(r);
            }
        }
        let s = best.0;
        let mut tiles: f64 = 0.0;
        for route in tied {
            let base = route.shanten(hand, melds);
            let mut n = 0.0;
            let mut h = *hand;
            for t in Tile::all() {
                let i = t.index();
                let unseen = self.view.unseen(t);
                if unseen == 0 || !route.keeps(i) {
                    continue;
                }
                h[i] += 1;
                if route.shanten(&h, melds) < base {
                    n += f64::from(unseen);
                }
                h[i] -= 1;
            }
            tiles = tiles.max(n);
        }
        Worth {
            shanten: s,
            minus_tiles: -tiles,
        }
    }

    /// Unseen copies of the tiles in `waits` whose win reaches 8 fans
    /// (on a discard; a third for those that reach it only self-drawn).
    fn winning_weight(&self, hand: &Counts, melds: &[Meld], waits: u64) -> f64 {
        let v = &self.view;
        let mut standing = Vec::with_capacity(14);
        for t in Tile::all() {
            standing.extend(std::iter::repeat_n(t, usize::from(hand[t.index()])));
        }
        let h = Hand {
            melds: melds.to_vec(),
            standing,
        };
        let flowers = v.seat(usize::from(v.me())).flowers();
        let need = MINIMUM + i32::from(flowers);
        let mut weight = 0.0;
        for t in Tile::all() {
            if waits >> t.index() & 1 == 0 || v.unseen(t) == 0 {
                continue;
            }
            let mut ctx = WinContext {
                win_tile: t,
                self_drawn: false,
                last_copy: false,
                about_kong: false,
                wall_last: false,
                seat_wind: v.me(),
                prevalent_wind: v.quan(),
                flowers,
            };
            let total =
                |ctx: &WinContext| calculate(&h, ctx, Reading::Judge2018).map_or(0, |r| r.total);
            let copies = f64::from(v.unseen(t));
            if total(&ctx) >= need {
                weight += copies;
            } else {
                ctx.self_drawn = true;
                if total(&ctx) >= need {
                    weight += copies / 3.0;
                }
            }
        }
        weight
    }

    fn worth_of(&self, action: Action) -> Option<Worth> {
        let (hand, _) = after(&self.view, action)?;
        let (melds, n) = self.melds_after(action);
        Some(self.worth(&hand, &melds[..n]))
    }

    fn choose(&self) -> Action {
        let moves = &self.moves;
        if moves.contains(&Action::Hu) {
            return Action::Hu;
        }
        match self.view.turn() {
            Turn::MyDraw(_) => {
                let mut best: Option<(Worth, u8, Action)> = None;
                for &a in moves.iter().rev() {
                    let Action::Play(t) = a else { continue };
                    let Some(w) = self.worth_of(a) else { continue };
                    // Among equals, the tile others have shown more of.
                    let shown = self.view.visible()[t.index()];
                    let better = best.is_none_or(|(b, bs, _)| w < b || (w == b && shown > bs));
                    if better {
                        best = Some((w, shown, a));
                    }
                }
                let Some((b, _, play)) = best else {
                    return moves[0];
                };
                let kong = moves.iter().copied().find(|&a| {
                    matches!(a, Action::Gang(_) | Action::BuGang(_))
                        && self.worth_of(a).is_some_and(|w| w.shanten <= b.shanten)
                });
                kong.unwrap_or(play)
            }
            Turn::Discard { .. } => {
                let now = self.worth(self.view.hand(), self.view.my_melds());
                let mut best: Option<(Worth, Action)> = None;
                for &a in moves {
                    let Some(w) = self.worth_of(a) else { continue };
                    let good = match a {
                        Action::Kong => w.shanten <= now.shanten,
                        _ => w.shanten < now.shanten,
                    };
                    if good && best.is_none_or(|(b, _)| w < b) {
                        best = Some((w, a));
                    }
                }
                best.map_or(Action::Pass, |(_, a)| a)
            }
            _ => Action::Pass,
        }
    }
}

impl Bot for PlannerBot {
    fn respond(&mut self, request: &Request) -> Cow<'static, str> {
        self.view.observe(request);
        legal(&self.view, &mut self.moves);
        let pick = if self.moves.len() == 1 {
            self.moves[0]
        } else {
            self.choose()
        };
        note(&mut self.view, pick);
        pick.text()
    }
}
