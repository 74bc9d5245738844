//! Shrinking a disagreement: moving it as early in the log as it goes, by
//! meaning (walls that deal the table of a decision) and by random swaps.

use super::group::{group_key, Group};
use super::judge::{Disagreement, Kind};
use super::options::Options;
use super::report::{Failure, ShrinkEnd};
use super::run::check_wall;
use super::walls::walls_source;
use crate::rng::Rng;
use crate::thupc2021::event::Event;
use crate::thupc2021::game::{play, play_observed, Observer, Table};
use crate::thupc2021::wall::Wall;
use crate::tile::Tile;
use std::sync::atomic::AtomicUsize;
use std::time::Instant;

/// Tiles drawn by the end of line `line` of a game with these `events`.
fn drawn_by(events: &[Event], line: usize) -> usize {
    events
        .iter()
        .take(line)
        .filter(|e| matches!(e, Event::Draw { .. }))
        .count()
}

/// Records, for every draw after the deal up to line `upto`, the wall that
/// deals the table as it stood before it, rebased so that the drawing
/// player sits at A and the others follow in the order of play: each hand
/// (its exposed melds folded back in, so 13 tiles), then the drawn tile,
/// the rest of the wall in its order, then the tiles out of play.
struct Rebaser<'w> {
    tiles: &'w [Tile],
    upto: usize,
    /// Each wall, and whether it starts with a REVERSE.
    found: Vec<(Wall, bool)>,
}

impl Observer for Rebaser<'_> {
    fn event(&mut self, t: &Table, e: &Event) {
        use crate::thupc2021::wall::DEAL;
        let line = t.events.len();
        let Event::Draw { player, tile } = *e else {
            return;
        };
        if line <= DEAL || line > self.upto {
            return;
        }
        let mut hands: Vec<Vec<Tile>> = Vec::new();
        for j in 0..4 {
            let seat = &t.seats[player.step(t.direction, j).index()];
            let mut h: Vec<_> = seat.hand.tiles().collect();
            if j == 0 {
                let at = h.iter().position(|&x| x == tile).expect("just drawn");
                h.remove(at);
            }
            h.extend(seat.melds.iter().flat_map(|m| m.tiles()));
            if h.len() != 13 {
                return;
            }
            hands.push(h);
        }
        // Tiles drawn before this one.
        let drawn = self.tiles.len() - t.remaining() - 1;
        self.push(&hands, &[tile], drawn, false);
        // Play going the other way (a REVERSE was played): the same table
        // with the order reversed by a first REVERSE, so that a decision
        // that depends on the direction comes as early as it can (line 57
        // for a claim): A, who plays it, sits last in the new order, the
        // drawing player at D. Not when A would play a PASS first.
        if t.direction == crate::thupc2021::event::Direction::Backward
            && !hands[3].contains(&Tile::PASS)
        {
            let reversed: Vec<Vec<Tile>> = hands.iter().rev().cloned().collect();
            self.push(&reversed, &[Tile::REVERSE, tile], drawn, true);
        }
    }
}

impl Rebaser<'_> {
    /// Records the wall that deals `hands` (13 rounds of A, B, C, D), then
    /// `first` (the next draws), the rest of the wall after the `drawn`
    /// tiles already drawn and the drawn tile, then the tiles out of play.
    fn push(&mut self, hands: &[Vec<Tile>], first: &[Tile], drawn: usize, reversed: bool) {
        let mut out = Vec::with_capacity(self.tiles.len());
        for round in 0..13 {
            out.extend(hands.iter().map(|h| h[round]));
        }
        out.extend_from_slice(first);
        out.extend_from_slice(&self.tiles[drawn + 1..]);
        // The tiles out of play (discards), last.
        let mut left = crate::thupc2021::wall::counts(self.tiles).map(|n| n as i64);
        for &x in &out {
            left[x.index()] -= 1;
        }
        if left.iter().any(|&n| n < 0) {
            return;
        }
        for (k, &n) in left.iter().enumerate() {
            let kind = Tile::from_index(k).expect("k < KINDS");
            out.extend(std::iter::repeat_n(kind, n as usize));
        }
        if let Ok(wall) = Wall::new(out) {
            self.found.push((wall, reversed));
        }
    }
}

/// Walls that deal the table of a draw before line `line` of the game on
/// `wall` from the start, the latest draw first: a wrong decision taken on
/// that table then comes right after the deal. Each wall says whether it
/// starts with a REVERSE (for a table where play goes the other way).
pub(super) fn rebased(wall: &Wall, line: usize) -> Vec<(Wall, bool)> {
    let mut r = Rebaser {
        tiles: wall.tiles(),
        upto: line,
        found: Vec::new(),
    };
    play_observed(wall, &mut r);
    r.found.reverse();
    r.found
}

/// Fruitless random swaps after which shrinking leaves a starting wall
/// for the next one (when there is time left).
const STALL_TRIES: usize = 400;

/// Whether a try `cd` is kept over the current `cur`: it disagrees earlier,
/// in a way that can be shrunk, and the same way as to a shift (a shift
/// alone never stands for a rules bug behind it).
fn better(cd: &Disagreement, cur: &Disagreement) -> bool {
    let sort = |d: &Disagreement| d.shift.map(|s| s.rest_agrees);
    cd.line < cur.line
        && !cd.log_correct
        && cd.kind != Kind::Timeout
        && cd.kind != Kind::PipeHeld
        && sort(cd) == sort(cur)
}

/// A shrunk disagreement and how it was found.
pub(super) struct Shrunk {
    pub(super) wall: Wall,
    pub(super) d: Disagreement,
    pub(super) runs: usize,
    pub(super) from: usize,
    pub(super) end: ShrinkEnd,
}

/// Moves the disagreement as early in the log as it can, from each of the
/// starting walls `starts` in turn (a group's walls, or more failing walls
/// found as it goes) until `o.shrink_time` is spent, keeping the earliest.
/// From each start, first by meaning: a disagreement is a decision taken
/// on a table, and a wall that deals that table from the start brings the
/// decision right after the deal (line 53 or so, 57 when play must go the
/// other way); the tables before the draws leading to it are tried, the
/// latest first. Then by random swaps of two tiles, at least one among
/// those drawn up to the disagreement, kept when the solution still
/// disagrees earlier, until [`STALL_TRIES`] in a row fail. Time-outs are
/// not shrunk: every try would cost the whole time-out; nor is a run
/// whose log is right (only its ending is wrong: no line to move).
pub(super) fn shrink(
    o: &Options,
    mut starts: impl Iterator<Item = (Wall, Disagreement)>,
    escaped: &AtomicUsize,
) -> Option<Shrunk> {
    let (wall, d) = starts.next()?;
    let stay = |wall, d, note: &str| {
        let end = if note == "line 1" {
            ShrinkEnd::AtLine1
        } else {
            ShrinkEnd::NotShrunk(note.into())
        };
        Some(Shrunk {
            wall,
            d,
            runs: 0,
            from: 0,
            end,
        })
    };
    if d.log_correct {
        return stay(
            wall,
            d,
            "not shrunk: the log is right, only how the run ended is wrong",
        );
    }
    if d.line == 1 {
        return stay(wall, d, "line 1");
    }
    if d.kind == Kind::Timeout || d.kind == Kind::PipeHeld {
        return stay(wall, d, "not shrunk: every try would wait for the time-out");
    }
    let deadline = Instant::now() + o.shrink_time;
    let mut rng = Rng::new(o.seed ^ 0x5EED_5EED);
    let (mut runs, mut from, mut out_of_time) = (0, 0, false);
    let mut best = (wall.clone(), d.clone());
    let mut next = Some((wall, d));
    while let Some((w, d)) = next.take() {
        if best.1.line == 1 {
            break;
        }
        if Instant::now() >= deadline {
            out_of_time = true;
            break;
        }
        // A start of another sort (its log right, a time-out) is passed by.
        let same_sort = Disagreement {
            line: usize::MAX,
            ..best.1.clone()
        };
        if from == 0 || better(&d, &same_sort) {
            from += 1;
            let (w, d, late) = shrink_one(o, (w, d), deadline, &mut rng, &mut runs, escaped);
            if d.line < best.1.line {
                best = (w, d);
            }
            out_of_time = late;
        }
        next = starts.next();
    }
    let end = if best.1.line == 1 {
        ShrinkEnd::AtLine1
    } else if out_of_time {
        ShrinkEnd::RanOut
    } else {
        ShrinkEnd::NoEarlier
    };
    Some(Shrunk {
        wall: best.0,
        d: best.1,
        runs,
        from,
        end,
    })
}

/// Shrinks from one starting wall (see [`shrink`]) until `deadline` or
/// [`STALL_TRIES`] fruitless swaps; says whether time ran out.
fn shrink_one(
    o: &Options,
    (mut best, mut best_d): (Wall, Disagreement),
    deadline: Instant,
    rng: &mut Rng,
    runs: &mut usize,
    escaped: &AtomicUsize,
) -> (Wall, Disagreement, bool) {
    let mut misses = 0;
    // How many tiles the log draws up to the disagreement: only swaps among
    // those can move it. It changes only when a candidate is kept.
    let reach_of = |w: &Wall, line: usize| drawn_by(&play(w), line).max(1);
    // By meaning, while it helps.
    'meaning: while best_d.line > crate::thupc2021::wall::DEAL + 2 {
        for (r, _) in rebased(&best, best_d.line) {
            if Instant::now() >= deadline {
                break 'meaning;
            }
            *runs += 1;
            if let Ok(Some(cd)) = check_wall(o, &r, None, escaped) {
                if better(&cd, &best_d) {
                    best = r;
                    best_d = cd;
                    continue 'meaning;
                }
            }
        }
        break;
    }
    let mut reach = reach_of(&best, best_d.line);
    while best_d.line > 1 && Instant::now() < deadline && misses < STALL_TRIES {
        let mut tiles = best.tiles().to_vec();
        let i = rng.below(reach);
        let j = rng.below(tiles.len());
        if tiles[i] == tiles[j] {
            continue;
        }
        tiles.swap(i, j);
        let candidate = Wall::new(tiles).expect("a swap keeps the deck");
        *runs += 1;
        match check_wall(o, &candidate, None, escaped) {
            Ok(Some(cd)) if better(&cd, &best_d) => {
                reach = reach_of(&candidate, cd.line);
                best = candidate;
                best_d = cd;
                misses = 0;
            }
            _ => misses += 1,
        }
    }
    let late = misses < STALL_TRIES && best_d.line > 1;
    (best, best_d, late)
}

/// The `n`th group shrunk (the first [`MAX_SHRUNK_GROUPS`] groups only)
/// from its walls, the earliest first, and (without `--keep-going`) from
/// further failing walls of the same kind, found from wall `next` on; keyed
/// by the kind of its shrunk difference. Not saved yet.
pub(super) fn shrunk_failure(
    o: &Options,
    n: usize,
    group: Group,
    next: usize,
    escaped: &AtomicUsize,
) -> Failure {
    let Group {
        key,
        walls,
        mut starts,
    } = group;
    let (index, first_wall, original) = starts[0].clone();
    if n >= MAX_SHRUNK_GROUPS {
        return Failure {
            index,
            group: key,
            walls,
            original: original.clone(),
            wall: first_wall,
            disagreement: original,
            shrink_runs: 0,
            shrink_from: 0,
            shrink_end: ShrinkEnd::NotShrunk(format!(
                "not shrunk: only the first {MAX_SHRUNK_GROUPS} groups are"
            )),
            path: Err("not saved".into()),
            replay: None,
        };
    }
    // The first wall first (it is the one reported), then the earliest.
    starts[1..].sort_by_key(|f| (f.2.line, f.0));
    let more = (!o.keep_going)
        .then(|| more_failing_walls(o, next, &key, escaped))
        .into_iter()
        .flatten();
    let all = starts.into_iter().map(|f| (f.1, f.2)).chain(more);
    let s = shrink(o, all, escaped).expect("a group has a wall");
    Failure {
        index,
        group: group_key(&s.wall, &s.d),
        walls,
        original,
        wall: s.wall,
        disagreement: s.d,
        shrink_runs: s.runs,
        shrink_from: s.from,
        shrink_end: s.end,
        path: Err("not saved".into()),
        replay: None,
    }
}

/// Walls from `next` on on which the solution disagrees the way `key`
/// says, found one run at a time as shrinking asks for them.
fn more_failing_walls<'a>(
    o: &'a Options,
    next: usize,
    key: &'a str,
    escaped: &'a AtomicUsize,
) -> impl Iterator<Item = (Wall, Disagreement)> + 'a {
    walls_source(o)
        .into_iter()
        .flatten()
        .take(o.walls)
        .skip(next)
        .filter_map(move |w| {
            let (w, answer) = w.ok()?;
            let d = check_wall(o, &w, answer.as_ref().map(|a| a.0.as_str()), escaped).ok()??;
            (group_key(&w, &d) == key).then_some((w, d))
        })
}

/// The most groups of disagreements `--keep-going` shrinks (each may take
/// the whole shrink time).
pub const MAX_SHRUNK_GROUPS: usize = 10;
