//! `mahjong-sim explain`: the event log with the reason for every decision.
//!
//! The game reports each decision it takes, with what it weighed, to an
//! [`Observer`]; this one writes them down beside the events. Nothing here
//! decides anything: the distances, the rons, pongs and chows considered and
//! the choices are the game's own.

use super::event::{Event, LogLine, Verb};
use super::game::{melds_text, play_observed, Claims, Decision, Observer, Table};
use super::wall::{Wall, DEAL};
use crate::analysis::decompositions;
use crate::tile::{format_tiles, Tile};
use std::fmt::Write;

/// One event with the reasons behind it (`explain --json` writes it as a
/// [`super::log::StepLine`]).
#[derive(Clone, Debug)]
pub struct Step {
    /// The event's line number in the log, from 1.
    pub line: usize,
    /// The event.
    pub event: Event,
    /// Why it happened, and what was considered.
    pub notes: Vec<String>,
    /// The rule that decides this line, in a sentence.
    pub rule: String,
    /// The claims the game weighed on the discard just before this line,
    /// if it follows one (not in `--json`).
    pub claims: Option<Claims>,
    /// The discard decision behind this line, if it is a discard (not in
    /// `--json`).
    pub decision: Option<Decision>,
}

/// Only players other than the discarder may claim a discard.
pub const OWN_DISCARD_RULE: &str = "only players other than the discarder may pong";

/// The rule that decides event `e` at `line`, given the claims weighed on
/// the discard just before it. From the game's records, not worked out again.
fn rule_of(e: &Event, line: usize, claims: Option<&Claims>) -> String {
    use super::wall::DEAL;
    let s = match e {
        Event::Draw { .. } if line <= DEAL => {
            "the deal: thirteen rounds of one tile each to A, B, C, D, from the front of the wall"
        }
        Event::Draw { .. } => match claims {
            Some(c) if c.own >= 2 => {
                "nobody may ron, pong or chow the discard (only players other than the discarder may pong), so the next player in turn order draws"
            }
            Some(_) => {
                "nobody rons, pongs or chows the discard, so the next player in turn order draws"
            }
            None => "the player whose turn it is draws from the front of the wall",
        },
        Event::Discard { tile, .. } if tile.is_special() => {
            "special tiles go first, in the order PASS, REVERSE, DOUBLE"
        }
        Event::Discard { .. } => {
            "a player discards the tile that leaves the least distance, the first in tie order PASS REVERSE DOUBLE Z F B N W S E 9S..1M on a tie"
        }
        Event::Pass { .. } => {
            "special tiles go first, in the order PASS, REVERSE, DOUBLE; PASS: the next player in turn order loses its next turn"
        }
        Event::Ron { .. } => {
            "the first player after the discarder in turn order whose hand wins with the tile rons; ron beats pong and chow"
        }
        Event::Pong { .. } => {
            "a player other than the discarder holding two of the tile pongs when that strictly lowers its distance; pong beats chow"
        }
        Event::Chow { .. } => {
            "only the next player may chow, when that strictly lowers its distance; options (t+1, t+2), then (t-1, t+1), then (t-2, t-1)"
        }
        Event::SelfDrawn { .. } => {
            "after a draw, a hand with no special tile at distance 0 wins"
        }
        Event::Win { .. } => "a win ends the game",
        Event::ExhaustedWall => "a draw from an empty wall ends the game",
    };
    s.to_string()
}

/// A hand holding a special tile cannot win (ron or self-drawn).
pub const SPECIAL_TILE_RULE: &str = "a hand holding any special tile cannot win";

/// The winning distance, the measure every discard, pong, chow and win
/// follows: a line that takes another decision than these distances give
/// breaks it, whatever the decision (a discard, a claim, a win).
pub const DISTANCE_RULE: &str = "the winning distance: the fewest tiles a hand lacks to be 4 - n melds (n exposed) and a pair, special tiles never fitting and no kind more than 4 times in the hand; discards (ties in tie order), pongs, chows and wins all follow it";

/// The rule a solution's line breaks, from the game's own records at that
/// line: the rule in general (the same for every wall, so that reports can
/// group on it) and what it means on this table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Broken {
    /// The rule, in a sentence.
    pub rule: String,
    /// What it says here (`B holds a special tile`, distances, ...).
    pub detail: String,
}

fn broken(rule: &str, detail: String) -> Option<Broken> {
    Some(Broken {
        rule: rule.to_string(),
        detail,
    })
}

/// The rule that `actual`, printed where the game has `step`, breaks, when
/// it adds or changes an event: a ron, pong or chow the game weighed and
/// refused (and why), or another discard than the distances give. `None`
/// when it leaves out the game's event or changes only whose turn it is:
/// the rule at stake is then the game's line's own ([`Step::rule`]).
/// Nothing is worked out again: the claims and distances are those the
/// game weighed.
pub fn broken_rule(step: &Step, actual: &LogLine) -> Option<Broken> {
    let p = actual.player?;
    let only_after_discard = "a claim (RON, PONG, CHOW) is made only on the discard just before it";
    match actual.verb {
        Verb::Ron | Verb::Pong | Verb::Chow => {
            let Some(c) = &step.claims else {
                return broken(
                    only_after_discard,
                    format!("line {} follows no discard", step.line),
                );
            };
            claim_broken(c, p, actual)
        }
        Verb::Out => discard_broken(step, p, actual),
        Verb::SelfDrawn => broken(DISTANCE_RULE, format!("{p}'s hand does not win here")),
        _ => omitted_rule(step, actual),
    }
}

/// The winning distance, when `actual` leaves out a claim or a win that
/// the game's distances call for (the solution took them otherwise).
fn omitted_rule(step: &Step, actual: &LogLine) -> Option<Broken> {
    let taken = |p, tiles: Option<[Tile; 3]>| {
        let c = step.claims.as_ref()?;
        let list = if tiles.is_some() { &c.chows } else { &c.pongs };
        list.iter()
            .find(|k| k.player == p && tiles.is_none_or(|t| t == k.tiles) && k.taken())
            .map(|k| {
                format!(
                    "{p}: distance {} -> {} with {}, strictly lower",
                    k.before,
                    k.after,
                    format_tiles(&k.tiles)
                )
            })
    };
    let detail = match (&step.event, actual.verb) {
        (Event::Pong { player, .. }, Verb::In) => taken(*player, None)?,
        (Event::Chow { player, tiles, .. }, Verb::In) => taken(*player, Some(*tiles))?,
        (Event::Ron { player, tile, .. }, Verb::In | Verb::Pong | Verb::Chow) => {
            format!("{player}'s hand wins with {tile}")
        }
        (Event::SelfDrawn { player }, Verb::Out) => format!("{player}'s hand wins"),
        _ => return None,
    };
    broken(DISTANCE_RULE, detail)
}

/// The rule a ron, pong or chow by `p` on the discard weighed in `c` breaks.
fn claim_broken(c: &Claims, p: super::event::Player, actual: &LogLine) -> Option<Broken> {
    let (from, tile) = (c.from, c.tile);
    let order: String = c.rons.iter().map(|r| r.player.letter()).collect();
    if p == from {
        let rule = if actual.verb == Verb::Pong {
            OWN_DISCARD_RULE
        } else {
            "only players other than the discarder may ron, pong or chow a discard"
        };
        return broken(rule, format!("{p} discarded {tile} itself"));
    }
    match (actual.verb, c.ron) {
        (Verb::Ron, _) => {
            let r = c.rons.iter().find(|r| r.player == p)?;
            if r.holds_special {
                broken(SPECIAL_TILE_RULE, format!("{p} holds a special tile"))
            } else if !r.wins {
                broken(
                    DISTANCE_RULE,
                    format!(
                        "{p}'s hand does not win with {tile} (distance {} without it)",
                        r.distance
                    ),
                )
            } else {
                let w = c.ron?;
                broken(
                    "the first player after the discarder in turn order whose hand wins with the tile rons; later ones are cut",
                    format!("turn order after {from} is {order}: {w} comes before {p}"),
                )
            }
        }
        (_, Some(w)) => broken("ron beats pong and chow", format!("{w} wins with {tile}")),
        (Verb::Pong, None) => {
            if actual.tiles.first() != Some(&tile) {
                return broken(
                    "a pong takes the tile just discarded",
                    format!("{from} discarded {tile}"),
                );
            }
            match c.pongs.iter().find(|k| k.player == p) {
                Some(k) if !k.taken() => broken(
                    if k.after > k.before {
                        DISTANCE_RULE
                    } else {
                        "a player pongs only when that strictly lowers its distance"
                    },
                    format!("{p}: distance {} -> {} with the pong", k.before, k.after),
                ),
                Some(_) => None,
                None => broken(
                    "a pong needs two of the tile in hand",
                    format!("{p} does not hold {tile} {tile}"),
                ),
            }
        }
        (_, None) => chow_broken(c, p, actual),
    }
}

/// The rule a chow by `p` on the discard weighed in `c` breaks.
fn chow_broken(c: &Claims, p: super::event::Player, actual: &LogLine) -> Option<Broken> {
    let tile = c.tile;
    if let Some(k) = c.pongs.iter().find(|k| k.taken()) {
        return broken("pong beats chow", format!("{} pongs {tile}", k.player));
    }
    let next = c.rons.first()?.player;
    if p != next {
        return broken(
            "only the next player in turn order may chow",
            format!("{next} is next after {}", c.from),
        );
    }
    if !actual.tiles.contains(&tile) {
        return broken(
            "a chow takes the tile just discarded",
            format!("{} discarded {tile}", c.from),
        );
    }
    let run = format_tiles(&actual.tiles);
    match c.chows.iter().find(|k| k.tiles[..] == actual.tiles[..]) {
        Some(k) if !k.taken() => broken(
            if k.after > k.before {
                DISTANCE_RULE
            } else {
                "a player chows only when that strictly lowers its distance"
            },
            format!("{p}: distance {} -> {} with {run}", k.before, k.after),
        ),
        Some(_) => None,
        None => match c.chows.iter().find(|k| k.taken()) {
            Some(k) => broken(
                "chow options go in the order (t+1, t+2), then (t-1, t+1), then (t-2, t-1): the first that strictly lowers the distance is taken",
                format!("{} comes first", format_tiles(&k.tiles)),
            ),
            None => broken(
                "a chow needs both of its other tiles in hand, and an ordinary suited discard",
                format!("{p} cannot make {run} with {tile}"),
            ),
        },
    }
}

/// The rule another discard by the player whose turn it is breaks, from
/// the game's own decision (the distances it weighed).
fn discard_broken(step: &Step, p: super::event::Player, actual: &LogLine) -> Option<Broken> {
    let played = *actual.tiles.first()?;
    match step.decision.as_ref()? {
        Decision::SpecialFirst { player, tile } if *player == p => {
            let detail = if played == *tile {
                format!("the game's line is `{}`", step.event)
            } else {
                format!("{p} holds {tile}")
            };
            broken(rule_of(&step.event, step.line, None).as_str(), detail)
        }
        Decision::Discard {
            player,
            candidates,
            chosen,
        } if *player == p => {
            let rule = rule_of(&step.event, step.line, None);
            let of = |t: Tile| candidates.iter().find(|c| c.0 == t).map(|c| c.1);
            let best = of(*chosen)?;
            match of(played) {
                Some(d) if d > best && !played.is_special() => broken(
                    DISTANCE_RULE,
                    format!("discarding {played} leaves distance {d}, discarding {chosen} leaves {best}"),
                ),
                Some(_) if !played.is_special() => broken(
                    &rule,
                    format!("{played} and {chosen} both leave distance {best}; {chosen} comes first in tie order"),
                ),
                _ => broken(&rule, format!("{p} holds no {played}")),
            }
        }
        _ => None,
    }
}

/// Why `p` discards what it does from its full hand.
fn discard_notes(t: &Table, d: &Decision) -> Vec<String> {
    let (Decision::SpecialFirst { player: p, .. } | Decision::Discard { player: p, .. }) = *d
    else {
        return Vec::new();
    };
    let seat = &t.seats[p.index()];
    let mut notes = vec![format!(
        "{p} holds {}  | melds: {}",
        seat.hand,
        melds_text(&seat.melds)
    )];
    let Decision::Discard {
        candidates, chosen, ..
    } = d
    else {
        notes.push("special tiles go first, in the order PASS, REVERSE, DOUBLE".into());
        return notes;
    };
    let best = candidates.iter().map(|c| c.1).min().unwrap_or(0);
    let list: Vec<String> = candidates
        .iter()
        .map(|(tile, d)| format!("{tile}:{d}"))
        .collect();
    notes.push(format!(
        "distance after each discard (tie order): {}",
        list.join(" ")
    ));
    let tied: Vec<&str> = candidates
        .iter()
        .filter(|c| c.1 == best)
        .map(|c| c.0.name())
        .collect();
    if tied.len() > 1 {
        notes.push(format!(
            "least distance {best} for {}; the first in tie order Z F B N W S E 9S..1M goes: {chosen}",
            tied.join(" ")
        ));
    } else {
        notes.push(format!("least distance {best}: {chosen}"));
    }
    notes
}

/// What each other player could do with a discard, as the game weighed it.
fn claim_notes(c: &Claims) -> Vec<String> {
    let mut notes = Vec::new();
    for r in &c.rons {
        let p = r.player;
        let why = if r.holds_special {
            "holds a special tile, cannot win".to_string()
        } else if r.wins {
            "wins with it".to_string()
        } else {
            format!("does not win with it (distance {})", r.distance)
        };
        match c.ron {
            Some(w) if w == p => notes.push(format!("ron: {p} {why}: RON")),
            Some(w) if r.wins => notes.push(format!(
                "ron: {p} {why}, but is cut by {w}, earlier in turn order"
            )),
            _ => notes.push(format!("ron: {p} {why}")),
        }
    }
    if c.ron.is_some() {
        return notes;
    }
    let tile = c.tile;
    if c.own >= 2 {
        notes.push(format!(
            "pong: {} itself still holds {}, but {OWN_DISCARD_RULE}",
            c.from,
            vec![tile.name(); c.own as usize].join(" ")
        ));
    }
    for k in &c.pongs {
        let verdict = if k.taken() {
            "strictly lower: PONG"
        } else {
            "not lower: no pong"
        };
        notes.push(format!(
            "pong: {} holds {tile} {tile}: distance {} -> {} with one more meld, {verdict}",
            k.player, k.before, k.after
        ));
    }
    if c.pongs.iter().any(|k| k.taken()) {
        // Said only when the pong did beat a chow that would have been made.
        if c.chows.iter().any(|k| k.taken()) {
            notes.push("pong beats chow".into());
        }
        return notes;
    }
    for k in &c.chows {
        let (next, before, d, run) = (k.player, k.before, k.after, format_tiles(&k.tiles));
        if k.taken() {
            notes.push(format!(
                "chow: {next} could take {run}: distance {before} -> {d}, strictly lower: CHOW"
            ));
        } else {
            notes.push(format!(
                "chow: {next} could take {run}: distance {before} -> {d}, not lower"
            ));
        }
    }
    notes
}

/// Notes on an event's rule, after the table took it in.
fn event_notes(t: &Table, e: &Event) -> Vec<String> {
    match *e {
        Event::SelfDrawn { player } => {
            let seat = &t.seats[player.index()];
            let c = seat.hand.ordinary_counts();
            decompositions(&c, 4 - seat.melds.len())
                .first()
                .map(|d| format!("{player}'s hand wins: {d}"))
                .into_iter()
                .collect()
        }
        Event::ExhaustedWall => vec!["the wall is empty at a draw".into()],
        Event::Discard {
            player,
            tile: Tile::REVERSE,
        } => vec![format!(
            "order reversed; next is {}",
            player.step(t.direction, 1)
        )],
        Event::Discard {
            player,
            tile: Tile::DOUBLE,
        } => vec![format!("{player} takes another full turn at once")],
        Event::Pass { target, .. } => vec![format!("{target} loses the next turn")],
        _ => Vec::new(),
    }
}

/// Writes the game's events and decisions down as [`Step`]s.
#[derive(Default)]
struct Notes {
    steps: Vec<Step>,
    /// Notes on a decision whose event has not come yet.
    pending: Vec<String>,
    /// That decision.
    pending_decision: Option<Decision>,
    /// The claims weighed on the last discard, until the next event.
    claims: Option<Claims>,
}

impl Observer for Notes {
    fn event(&mut self, t: &Table, e: &Event) {
        let mut notes = std::mem::take(&mut self.pending);
        notes.extend(event_notes(t, e));
        let line = self.steps.len() + 1;
        if line == DEAL {
            notes.push(format!("after the deal:\n{}", t.describe()));
        }
        let claims = self.claims.take();
        let rule = rule_of(e, line, claims.as_ref());
        self.steps.push(Step {
            line,
            event: e.clone(),
            notes,
            rule,
            claims,
            decision: self.pending_decision.take(),
        });
    }

    fn decision(&mut self, t: &Table, d: &Decision) {
        match d {
            // Claims come after their discard's event: notes on that step.
            Decision::Claims(c) => {
                let last = self.steps.last_mut().expect("a discard came first");
                last.notes.extend(claim_notes(c));
                self.claims = Some(c.clone());
            }
            _ => {
                self.pending = discard_notes(t, d);
                self.pending_decision = Some(d.clone());
            }
        }
    }
}

/// Plays `wall` and annotates every event with the game's reasons.
pub fn explain(wall: &Wall) -> Vec<Step> {
    explain_observed(wall, &mut ())
}

/// [`explain`], the same one game also reported to `observer` (what a
/// replay needs besides the reasons: the table after each event).
pub fn explain_observed<O: Observer>(wall: &Wall, observer: &mut O) -> Vec<Step> {
    let mut both = Both {
        notes: Notes::default(),
        other: observer,
    };
    play_observed(wall, &mut both);
    both.notes.steps
}

/// The notes and another observer, told everything in that order.
struct Both<'a, O> {
    notes: Notes,
    other: &'a mut O,
}

impl<O: Observer> Observer for Both<'_, O> {
    fn event(&mut self, t: &Table, e: &Event) {
        self.notes.event(t, e);
        if O::LISTENING {
            self.other.event(t, e);
        }
    }

    fn decision(&mut self, t: &Table, d: &Decision) {
        self.notes.decision(t, d);
        if O::LISTENING {
            self.other.decision(t, d);
        }
    }
}

/// The table after the first `at` events (after the last, when the game
/// has fewer), as [`Table::describe`] says.
struct Snapshot {
    seen: usize,
    at: usize,
    text: Option<String>,
}

impl Observer for Snapshot {
    fn event(&mut self, t: &Table, e: &Event) {
        self.seen += 1;
        // A win and an exhausted wall end the game.
        let last = matches!(e, Event::Win { .. } | Event::ExhaustedWall);
        if self.seen == self.at || (last && self.seen < self.at) {
            self.text = Some(t.describe());
        }
    }
}

/// The table just before line `line` (from 1) of the game on `wall`, with
/// the reasons for that line's event: what a checker shows at a mismatch.
pub fn at_line(wall: &Wall, line: usize) -> String {
    at_line_against(wall, line, None)
}

/// The rule at stake where a solution printed `actual` at a line whose
/// game step is `step`: the rule its line breaks, when it adds or changes
/// an event ([`broken_rule`]), else the game's line's own; with what it
/// means on this table, when known.
pub fn rule_at_stake(step: &Step, actual: Option<&str>) -> Broken {
    actual
        .and_then(super::event::read_line)
        .and_then(|l| broken_rule(step, &l))
        .unwrap_or_else(|| Broken {
            rule: step.rule.clone(),
            detail: String::new(),
        })
}

/// [`at_line`] where a solution printed `actual` there: the rule at stake
/// is the one its line breaks ([`rule_at_stake`]).
pub fn at_line_against(wall: &Wall, line: usize, actual: Option<&str>) -> String {
    let mut snap = Snapshot {
        seen: 0,
        at: line.saturating_sub(1),
        text: None,
    };
    let steps = explain_observed(wall, &mut snap);
    let upto = line.saturating_sub(1).min(steps.len());
    let mut s = match snap.text {
        Some(table) => format!("table before line {line}:\n{table}\n"),
        // Before the first event nobody holds a tile yet.
        None => format!(
            "table before line {line}: before the deal, no player holds a tile; {} tile(s) in the wall\n",
            wall.len()
        ),
    };
    // A claim's reasons sit on the discard just before it: show both.
    let from = upto.saturating_sub(1);
    for step in steps
        .get(from..=upto.min(steps.len().saturating_sub(1)))
        .unwrap_or_default()
    {
        let label = if step.line == line {
            "expected"
        } else {
            "before it"
        };
        writeln!(s, "{label} line {}: {}", step.line, step.event).expect("to a String");
        for n in &step.notes {
            writeln!(s, "  - {n}").expect("to a String");
        }
        if step.line == line {
            let at_stake = rule_at_stake(step, actual);
            writeln!(s, "rule at stake: {}", at_stake.rule).expect("to a String");
            if let (false, Some(a)) = (at_stake.detail.is_empty(), actual) {
                writeln!(s, "  - your line `{a}` breaks it: {}", at_stake.detail)
                    .expect("to a String");
            }
        }
    }
    if upto >= steps.len() {
        writeln!(s, "the game ended at line {}", steps.len()).expect("to a String");
    }
    s
}

/// The annotated log as text: each event, its notes indented below.
pub fn render_steps(steps: &[Step]) -> String {
    let mut s = String::new();
    for st in steps {
        writeln!(s, "{:>4}  {}", st.line, st.event).expect("to a String");
        for n in &st.notes {
            for (j, l) in n.lines().enumerate() {
                let lead = if j == 0 { "- " } else { "  " };
                writeln!(s, "        {lead}{l}").expect("to a String");
            }
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::thupc2021::families::{walls, Family};

    /// "pong beats chow" only when the pong did beat a chow: never on an
    /// honor (no chow of honors), and not after every pong.
    #[test]
    fn pong_beats_chow_only_when_a_chow_was_beaten() {
        let (mut pongs, mut beaten) = (0, 0);
        for wall in walls(Family::Quads, 3, 300) {
            let steps = explain(&wall);
            for pair in steps.windows(2) {
                let Event::Pong { tile, .. } = pair[1].event else {
                    continue;
                };
                pongs += 1;
                let said = pair[0].notes.iter().any(|n| n == "pong beats chow");
                if said {
                    beaten += 1;
                    assert!(tile.is_suited(), "{:?}", pair[0]);
                }
            }
        }
        assert!(pongs > 50, "{pongs}");
        assert!(beaten < pongs, "{beaten} of {pongs}");
    }

    /// A discarder still holding two of its discard is told it may not pong
    /// it, and a draw after such a discard names that rule.
    #[test]
    fn the_rule_against_ponging_ones_own_discard_is_named() {
        let mut seen = 0;
        for wall in walls(Family::Quads, 4, 100) {
            let steps = explain(&wall);
            for pair in steps.windows(2) {
                let Event::Discard { player, tile } = pair[0].event else {
                    continue;
                };
                let note = pair[0].notes.iter().find(|n| n.contains(OWN_DISCARD_RULE));
                if let Some(note) = note {
                    seen += 1;
                    assert!(note
                        .starts_with(&format!("pong: {player} itself still holds {tile} {tile}")));
                    if matches!(pair[1].event, Event::Draw { .. }) {
                        assert!(pair[1].rule.contains(OWN_DISCARD_RULE), "{:?}", pair[1]);
                    }
                }
            }
        }
        assert!(seen > 10, "{seen}");
    }

    /// `explain` of `count` walls from `seed` of each family that has every
    /// case: special tiles early, quads, uniform.
    fn explained(seed: u64, count: usize) -> impl Iterator<Item = Vec<Step>> {
        [Family::SpecialsEarly, Family::Quads, Family::Uniform]
            .into_iter()
            .flat_map(move |family| walls(family, seed, count))
            .map(|wall| explain(&wall))
    }

    /// Every line's rule names its own case and no other: the deal, a draw
    /// after a discard nobody could claim because only its discarder held a
    /// pair, a plain draw, a special tile going first, a discard by distance.
    #[test]
    fn each_line_names_the_rule_of_its_own_case() {
        let mut seen = [0usize; 5];
        for steps in explained(6, 60) {
            for (i, step) in steps.iter().enumerate() {
                let rule = &step.rule;
                match step.event {
                    Event::Draw { .. } if step.line <= DEAL => {
                        seen[0] += 1;
                        assert!(rule.starts_with("the deal"), "{step:?}");
                    }
                    Event::Draw { .. } => {
                        let own = i > 0
                            && steps[i - 1]
                                .notes
                                .iter()
                                .any(|n| n.contains(OWN_DISCARD_RULE));
                        seen[1 + usize::from(own)] += 1;
                        assert_eq!(rule.contains(OWN_DISCARD_RULE), own, "{step:?}");
                        assert!(!rule.starts_with("the deal"), "{step:?}");
                    }
                    Event::Discard { tile, .. } => {
                        let special = tile.is_special();
                        seen[3 + usize::from(special)] += 1;
                        assert_eq!(
                            rule.starts_with("special tiles go first"),
                            special,
                            "{step:?}"
                        );
                    }
                    _ => {}
                }
            }
        }
        assert!(seen.iter().all(|&n| n > 10), "{seen:?}");
    }

    /// The notes say what each event did: who wins and with what, the empty
    /// wall, REVERSE naming the next player, DOUBLE and PASS their effect;
    /// the deal's last line shows the table.
    #[test]
    fn notes_say_what_each_event_did() {
        let mut seen = [0usize; 6];
        for steps in explained(7, 80) {
            for (i, step) in steps.iter().enumerate() {
                let notes = &step.notes;
                let has = |text: &str| notes.iter().any(|n| n == text);
                let deal = notes
                    .iter()
                    .filter(|n| n.starts_with("after the deal:"))
                    .count();
                assert_eq!(deal, usize::from(step.line == DEAL), "{step:?}");
                match step.event {
                    Event::SelfDrawn { player } => {
                        seen[0] += 1;
                        let wins = format!("{player}'s hand wins: ");
                        assert!(notes.iter().any(|n| n.starts_with(&wins)), "{step:?}");
                    }
                    Event::ExhaustedWall => {
                        seen[1] += 1;
                        assert!(has("the wall is empty at a draw"), "{step:?}");
                    }
                    Event::Discard {
                        tile: Tile::REVERSE,
                        ..
                    } => {
                        // The next draw, unless someone claims, is by the
                        // player named.
                        let Some(Event::Draw { player: next, .. }) =
                            steps.get(i + 1).map(|s| &s.event)
                        else {
                            continue;
                        };
                        seen[2] += 1;
                        assert!(has(&format!("order reversed; next is {next}")), "{step:?}");
                    }
                    Event::Discard {
                        player,
                        tile: Tile::DOUBLE,
                    } => {
                        seen[3] += 1;
                        let again = format!("{player} takes another full turn at once");
                        assert!(has(&again), "{step:?}");
                    }
                    Event::Pass { target, .. } => {
                        seen[4] += 1;
                        assert!(has(&format!("{target} loses the next turn")), "{step:?}");
                    }
                    Event::Discard { tile, .. } if !tile.is_special() => {
                        seen[5] += 1;
                        discard_notes_are_consistent(step, tile);
                    }
                    _ => {}
                }
            }
        }
        assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
    }

    /// The least distance of the listed candidates, and the tie named only
    /// when there is one, with the discarded tile as the choice.
    fn discard_notes_are_consistent(step: &Step, tile: Tile) {
        let list = step
            .notes
            .iter()
            .find_map(|n| n.strip_prefix("distance after each discard (tie order): "))
            .unwrap_or_else(|| panic!("no candidates: {step:?}"));
        let scored: Vec<(&str, u8)> = list
            .split(' ')
            .map(|c| {
                let (t, d) = c.split_once(':').expect("tile:distance");
                (t, d.parse().expect("a distance"))
            })
            .collect();
        let best = scored.iter().map(|c| c.1).min().expect("candidates");
        let tied: Vec<&str> = scored.iter().filter(|c| c.1 == best).map(|c| c.0).collect();
        assert_eq!(tied[0], tile.name(), "{step:?}");
        let said = if tied.len() > 1 {
            format!(
                "least distance {best} for {}; the first in tie order Z F B N W S E 9S..1M goes: {tile}",
                tied.join(" ")
            )
        } else {
            format!("least distance {best}: {tile}")
        };
        assert!(step.notes.contains(&said), "{said}: {step:?}");
    }

    /// Each player's ron note says whether it wins, and only a winner is
    /// said to be cut by an earlier one.
    #[test]
    fn ron_notes_cut_only_winners() {
        let (mut cut, mut rons) = (0, 0);
        for wall in walls(Family::Quads, 8, 300) {
            for step in explain(&wall) {
                for n in step.notes.iter().filter(|n| n.starts_with("ron: ")) {
                    let wins = n.contains(" wins with it");
                    if n.contains("but is cut by") {
                        cut += 1;
                        assert!(wins, "{n}");
                    } else if n.ends_with(": RON") {
                        rons += 1;
                        assert!(wins, "{n}");
                    } else {
                        assert!(!wins, "{n}");
                    }
                }
            }
        }
        assert!(cut > 0 && rons > 0, "{cut} cut, {rons} rons");
    }

    /// What a checker shows at a line: the table before it, as the game
    /// described it then (at the first line, the table before the deal;
    /// after the deal, the table the deal's last line shows).
    #[test]
    fn at_line_shows_the_table_before_the_line() {
        for wall in walls(Family::Uniform, 9, 5) {
            let steps = explain(&wall);
            // Before the deal: no rows of empty hands.
            let first = at_line(&wall, 1);
            assert!(
                first.starts_with(&format!(
                    "table before line 1: before the deal, no player holds a tile; {} tile(s) in the wall\nexpected line 1: ",
                    Table::new(&wall).remaining()
                )),
                "{first}"
            );
            assert!(!first.contains("melds: -"), "{first}");
            let after_deal = steps[DEAL - 1]
                .notes
                .iter()
                .find_map(|n| n.strip_prefix("after the deal:\n"))
                .expect("the deal's table");
            let next = at_line(&wall, DEAL + 1);
            assert!(
                next.starts_with(&format!("table before line {}:\n{after_deal}\n", DEAL + 1)),
                "{next}"
            );
            assert!(
                next.contains(&format!("expected line {}: ", DEAL + 1)),
                "{next}"
            );
            assert!(next.contains(&format!("before it line {DEAL}: ")), "{next}");
            assert!(!next.contains(&format!("expected line {DEAL}: ")), "{next}");
            assert_eq!(next.matches("rule at stake: ").count(), 1, "{next}");
            // The rule is the expected line's, below it.
            let expected = next.find("expected line").expect("the expected line");
            let rule = next.find("rule at stake: ").expect("the rule");
            assert!(rule > expected, "{next}");
            assert!(
                next.ends_with(&format!("rule at stake: {}\n", steps[DEAL].rule)),
                "{next}"
            );
            assert!(!next.contains("the game ended"), "{next}");
            let past = at_line(&wall, steps.len() + 1);
            let ended = format!("the game ended at line {}\n", steps.len());
            assert!(past.ends_with(&ended), "{past}");
        }
    }

    /// The text log: each event on its line, notes below it, a note of
    /// several lines (the table after the deal) with one bullet.
    #[test]
    fn rendered_notes_keep_one_bullet_a_note() {
        let wall = &walls(Family::Uniform, 10, 1)[0];
        let steps = explain(wall);
        let text = render_steps(&steps[DEAL - 1..DEAL]);
        let mut lines = text.lines();
        assert_eq!(
            lines.next(),
            Some(format!("{DEAL:>4}  {}", steps[DEAL - 1].event).as_str())
        );
        let bullets = text.lines().filter(|l| l.starts_with("        - ")).count();
        assert_eq!(bullets, steps[DEAL - 1].notes.len(), "{text}");
        assert!(
            text.contains("        - after the deal:\n          "),
            "{text}"
        );
    }
}
