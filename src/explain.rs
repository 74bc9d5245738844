//! `mahjong-sim explain`: the event log with the reason for every decision.
//!
//! The engine plays fast and says nothing; this replays its events, keeping
//! every hand and meld, and recomputes each decision the way the rules put
//! it: the distance after each candidate discard, who could ron and who was
//! cut, and the distances a pong or chow would have compared.

use crate::analysis::decompositions;
use crate::distance::{distance, is_winning};
use crate::event::{Direction, Event, Player};
use crate::game::{play, CHOW_OPTIONS};
use crate::hand::Hand;
use crate::tile::{format_tiles, Tile, ORDINARY_KINDS};
use crate::wall::{Wall, DEAL};
use serde::Serialize;
use std::fmt::Write;

/// One event with the reasons behind it.
#[derive(Clone, Debug, Serialize)]
pub struct Step {
    /// The event's line number in the log, from 1.
    pub line: usize,
    /// The event.
    pub event: Event,
    /// Why it happened, and what was considered.
    pub notes: Vec<String>,
}

/// The table as the replay sees it.
#[derive(Clone, Debug)]
pub struct Table {
    hands: [Hand; 4],
    melds: [Vec<String>; 4],
    direction: Direction,
    drawn: usize,
    wall_len: usize,
}

impl Table {
    fn new(wall: &Wall) -> Table {
        Table {
            hands: [Hand::new(); 4],
            melds: Default::default(),
            direction: Direction::Forward,
            drawn: 0,
            wall_len: wall.len(),
        }
    }

    fn n(&self, p: Player) -> u8 {
        self.melds[p.index()].len() as u8
    }

    fn dist(&self, p: Player) -> Option<u8> {
        distance(&self.hands[p.index()], self.n(p)).ok()
    }

    /// One line per player: hand, melds, distance.
    pub fn describe(&self) -> String {
        let mut s = String::new();
        for p in Player::ALL {
            let melds = if self.melds[p.index()].is_empty() {
                "-".to_string()
            } else {
                self.melds[p.index()].join(" ")
            };
            let d = self.dist(p).map_or("-".to_string(), |d| d.to_string());
            writeln!(
                s,
                "{p}: {}  | melds: {melds}  | distance {d}",
                self.hands[p.index()]
            )
            .expect("to a String");
        }
        let order = match self.direction {
            Direction::Forward => "ABCD",
            Direction::Backward => "ADCB",
        };
        write!(
            s,
            "order {order}, {} tile(s) left in the wall",
            self.wall_len - self.drawn
        )
        .expect("to a String");
        s
    }

    fn apply(&mut self, e: &Event) {
        match *e {
            Event::Draw { player, tile } => {
                self.hands[player.index()].add(tile);
                self.drawn += 1;
            }
            Event::Discard { player, tile } => {
                self.hands[player.index()].remove(tile);
                if tile == Tile::REVERSE {
                    self.direction = self.direction.flip();
                }
            }
            Event::Pass { player, .. } => {
                self.hands[player.index()].remove(Tile::PASS);
            }
            Event::Pong { player, tile } => {
                self.hands[player.index()].remove(tile);
                self.hands[player.index()].remove(tile);
                self.melds[player.index()].push(format!("{tile}{tile}{tile}"));
            }
            Event::Chow {
                player,
                tiles,
                claimed,
            } => {
                for t in tiles {
                    if t != claimed {
                        self.hands[player.index()].remove(t);
                    }
                }
                self.melds[player.index()].push(format_tiles(&tiles).replace(' ', "-"));
            }
            _ => {}
        }
    }
}

/// Why `p` discards what it does from its full hand.
fn discard_notes(t: &Table, p: Player, out: Tile) -> Vec<String> {
    let hand = &t.hands[p.index()];
    let melds = if t.melds[p.index()].is_empty() {
        "-".to_string()
    } else {
        t.melds[p.index()].join(" ")
    };
    let mut notes = vec![format!("{p} holds {hand}  | melds: {melds}")];
    if out.is_special() {
        notes.push("special tiles go first, in the order PASS, REVERSE, DOUBLE".into());
        return notes;
    }
    let n = t.n(p);
    let mut candidates = Vec::new();
    for k in (0..ORDINARY_KINDS).rev() {
        let tile = Tile::from_index(k).expect("kind");
        if hand.count(tile) > 0 {
            let mut rest = *hand;
            rest.remove(tile);
            candidates.push((tile, distance(&rest, n).expect("size fits")));
        }
    }
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
            "least distance {best} for {}; the first in tie order Z F B N W S E 9S..1M goes: {out}",
            tied.join(" ")
        ));
    } else {
        notes.push(format!("least distance {best}: {out}"));
    }
    notes
}

/// What each other player could do with `from`'s discard of `tile`.
fn claim_notes(t: &Table, from: Player, tile: Tile) -> Vec<String> {
    let mut notes = Vec::new();
    let order: Vec<Player> = (1..4).map(|s| from.step(t.direction, s)).collect();
    let mut winner: Option<Player> = None;
    for &p in &order {
        let h = &t.hands[p.index()];
        let mut with = *h;
        with.add(tile);
        let wins = is_winning(&with, t.n(p));
        let why = if h.specials() > 0 {
            "holds a special tile, cannot win".to_string()
        } else if wins {
            "wins with it".to_string()
        } else {
            format!("does not win with it (distance {})", t.dist(p).unwrap_or(0))
        };
        match (wins, winner) {
            (true, None) => {
                winner = Some(p);
                notes.push(format!("ron: {p} {why}: RON"));
            }
            (true, Some(w)) => notes.push(format!(
                "ron: {p} {why}, but is cut by {w}, earlier in turn order"
            )),
            _ => notes.push(format!("ron: {p} {why}")),
        }
    }
    if winner.is_some() {
        return notes;
    }
    let mut claimed = false;
    for &p in &order {
        let h = &t.hands[p.index()];
        if h.count(tile) < 2 {
            continue;
        }
        let before = t.dist(p).unwrap_or(0);
        let mut after = *h;
        after.remove(tile);
        after.remove(tile);
        let d = distance(&after, t.n(p) + 1).expect("size fits");
        let verdict = if d < before {
            "strictly lower: PONG"
        } else {
            "not lower: no pong"
        };
        notes.push(format!(
            "pong: {p} holds {tile} {tile}: distance {before} -> {d} with one more meld, {verdict}"
        ));
        claimed |= d < before;
    }
    let next = order[0];
    if claimed {
        notes.push("pong beats chow".into());
        return notes;
    }
    if !tile.is_suited() {
        return notes;
    }
    let h = &t.hands[next.index()];
    let before = t.dist(next).unwrap_or(0);
    for (a, b) in CHOW_OPTIONS {
        let (Some(ta), Some(tb)) = (tile.offset(a), tile.offset(b)) else {
            continue;
        };
        if h.count(ta) == 0 || h.count(tb) == 0 {
            continue;
        }
        let mut after = *h;
        after.remove(ta);
        after.remove(tb);
        let d = distance(&after, t.n(next) + 1).expect("size fits");
        let mut run = [tile, ta, tb];
        run.sort();
        if d < before {
            notes.push(format!(
                "chow: {next} could take {}: distance {before} -> {d}, strictly lower: CHOW",
                format_tiles(&run)
            ));
            return notes;
        }
        notes.push(format!(
            "chow: {next} could take {}: distance {before} -> {d}, not lower",
            format_tiles(&run)
        ));
    }
    notes
}

/// Replays `events` on `wall`, annotating each decision.
pub fn annotate(wall: &Wall, events: &[Event]) -> Vec<Step> {
    let mut t = Table::new(wall);
    let mut steps = Vec::with_capacity(events.len());
    for (i, e) in events.iter().enumerate() {
        let mut notes = Vec::new();
        match *e {
            Event::Discard { player, tile } => notes = discard_notes(&t, player, tile),
            Event::Pass { player, .. } => notes = discard_notes(&t, player, Tile::PASS),
            Event::SelfDrawn { player } => {
                let c = t.hands[player.index()].ordinary_counts();
                if let Some(d) = decompositions(&c, 4 - t.n(player) as usize).first() {
                    notes.push(format!("{player}'s hand wins: {d}"));
                }
            }
            Event::ExhaustedWall => notes.push("the wall is empty at a draw".into()),
            _ => {}
        }
        t.apply(e);
        match *e {
            Event::Discard { player, tile } if !tile.is_special() => {
                notes.extend(claim_notes(&t, player, tile))
            }
            Event::Discard {
                player,
                tile: Tile::REVERSE,
            } => {
                notes.push(format!(
                    "order reversed; next is {}",
                    player.step(t.direction, 1)
                ));
            }
            Event::Discard {
                player,
                tile: Tile::DOUBLE,
            } => notes.push(format!("{player} takes another full turn at once")),
            Event::Pass { target, .. } => notes.push(format!("{target} loses the next turn")),
            _ => {}
        }
        if i + 1 == DEAL {
            notes.push(format!("after the deal:\n{}", t.describe()));
        }
        steps.push(Step {
            line: i + 1,
            event: e.clone(),
            notes,
        });
    }
    steps
}

/// Plays `wall` and annotates every event.
pub fn explain(wall: &Wall) -> Vec<Step> {
    annotate(wall, &play(wall))
}

/// The table just before line `line` (from 1) of the game on `wall`, with
/// the reasons for that line's event: what a checker shows at a mismatch.
pub fn at_line(wall: &Wall, line: usize) -> String {
    let events = play(wall);
    let upto = line.saturating_sub(1).min(events.len());
    let mut t = Table::new(wall);
    for e in &events[..upto] {
        t.apply(e);
    }
    let mut s = format!("table before line {line}:\n{}\n", t.describe());
    let steps = annotate(wall, &events);
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
    }
    if upto >= events.len() {
        writeln!(s, "the game ended at line {}", events.len()).expect("to a String");
    }
    s
}

/// The annotated log as text: each event, its notes indented below.
pub fn render(steps: &[Step]) -> String {
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
