//! THUPC 2021 replays: the game's events with the table the game held after
//! each (read from its [`Observer`] seam) and each decision's explanation
//! (from [`explain_observed`], which reads the game's decision records), all
//! from one play of the game.

use super::{Discard, Face, MeldView, Mismatch, Replay, ResultTable, SeatInfo, SeatView, Step};
use crate::meld::Meld;
use crate::thupc2021::event::{Direction, Event, Player};
use crate::thupc2021::explain::{explain_observed, Step as ExplainStep};
use crate::thupc2021::game::{Observer, Table};
use crate::thupc2021::wall::Wall;
use crate::tile::{Tile, KINDS};

/// The table after each event, as the game held it.
#[derive(Default)]
struct Snapshots {
    tables: Vec<(Vec<SeatView>, usize, Direction)>,
    /// The winner by ron and the tile it won on, from the RON on: the
    /// game ends without taking the tile into the hand, the page shows it
    /// there.
    ron: Option<(Player, Tile)>,
}

impl Observer for Snapshots {
    fn event(&mut self, t: &Table, e: &Event) {
        if let Event::Ron { player, tile, .. } = *e {
            self.ron = Some((player, tile));
        }
        let seats = Player::ALL
            .iter()
            .map(|p| {
                let mut seat = t.seats[p.index()].clone();
                let mut status = if t.skipped[p.index()] {
                    "skips its next turn".to_string()
                } else {
                    String::new()
                };
                match (self.ron, e) {
                    (Some((winner, tile)), _) if winner == *p => {
                        seat.hand.add(tile);
                        status = format!("won by ron on {tile}");
                    }
                    (_, Event::SelfDrawn { player } | Event::Win { player }) if player == p => {
                        status = "won self-drawn".into();
                    }
                    _ => {}
                }
                SeatView {
                    hand: seat.hand.tiles().map(|x| x.name().to_string()).collect(),
                    melds: seat.melds.iter().map(|&m| meld_view(m)).collect(),
                    status,
                    distance: seat.distance(),
                }
            })
            .collect();
        self.tables.push((seats, t.remaining(), t.direction));
    }
}

fn meld_view(m: Meld) -> MeldView {
    MeldView {
        kind: m.kind(),
        tiles: m.tiles().iter().map(|t| t.name().to_string()).collect(),
        concealed: false,
    }
}

fn order(d: Direction) -> String {
    match d {
        Direction::Forward => "A B C D",
        Direction::Backward => "A D C B",
    }
    .to_string()
}

/// How each THUPC tile is drawn.
pub fn faces() -> std::collections::BTreeMap<String, Face> {
    (0..KINDS)
        .filter_map(Tile::from_index)
        .map(|t| (t.name().to_string(), face(t)))
        .collect()
}

/// How one tile of the rule-free core is drawn (MCR draws its honours
/// so too).
pub(super) fn face(t: Tile) -> Face {
    let i = t.index();
    let (big, small, class, title): (String, &str, &'static str, String) = match i {
        0..=26 => {
            let (letter, class, suit) = [
                ("M", "man", "characters"),
                ("P", "pin", "dots"),
                ("S", "sou", "bamboo"),
            ][i / 9];
            let n = i % 9 + 1;
            (n.to_string(), letter, class, format!("{n} of {suit}"))
        }
        27..=30 => {
            let w = ["east", "south", "west", "north"][i - 27];
            (t.name().to_string(), "wind", "wind", format!("{w} wind"))
        }
        // Dragons read by their colour (white is framed).
        31 => ("B".into(), "", "white", "white dragon".into()),
        32 => ("F".into(), "", "green", "green dragon".into()),
        33 => ("Z".into(), "", "red", "red dragon".into()),
        _ => {
            let (big, title) = match t {
                Tile::PASS => ("PASS", "PASS: the next player loses its next turn"),
                Tile::REVERSE => ("REV", "REVERSE: the order of turns is reversed"),
                _ => ("DBL", "DOUBLE: the player takes another turn"),
            };
            (big.into(), "", "special", title.into())
        }
    };
    Face {
        big,
        small: small.to_string(),
        class,
        title,
    }
}

/// The replay of the game on `wall`; `title` says which wall it is.
pub fn replay(wall: &Wall, title: &str) -> Replay {
    // One game: its reasons, and the table after each event.
    let mut snaps = Snapshots::default();
    let explained = explain_observed(wall, &mut snaps);
    let events: Vec<Event> = explained.iter().map(|s| s.event.clone()).collect();
    let mut steps = vec![before_the_deal(wall)];
    let mut ponds: Vec<Vec<Discard>> = vec![Vec::new(); 4];
    for (i, (step, (seats, left, dir))) in explained.iter().zip(snaps.tables).enumerate() {
        let e = &step.event;
        let n = i + 1;
        let (actor, mut drawn) = actor_and_draw(e);
        // The tile won on is marked in the winner's hand, at RON and WIN.
        let won_on = match *e {
            Event::Ron { tile, .. } => Some(tile),
            Event::Win { .. } => snaps.ron.map(|(_, tile)| tile),
            _ => None,
        };
        if let Some(tile) = won_on {
            drawn = Some(tile.name().to_string());
        }
        add_to_ponds(&mut ponds, &explained, i);
        steps.push(Step {
            actor: actor.map(Player::index),
            drawn,
            notes: step.notes.clone(),
            rule: Some(step.rule.clone()),
            // What follows a discard (a claim, or the next draw) was
            // weighed with the claims noted on the discard.
            see_also: (i > 0 && matches!(explained[i - 1].event, Event::Discard { .. }))
                .then_some(n - 1),
            ..Step::new(e.to_string(), order(dir), seats, left)
        });
    }
    let result = result_of(&events);
    Replay {
        ruleset: "THUPC 2021",
        title: title.to_string(),
        seats: Player::ALL
            .iter()
            .map(|p| SeatInfo {
                name: p.to_string(),
                label: String::new(),
            })
            .collect(),
        faces: faces(),
        start: 0,
        steps,
        ponds,
        result,
    }
}

/// The first step: the empty table, the whole wall before the deal.
fn before_the_deal(wall: &Wall) -> Step {
    let empty = SeatView {
        hand: Vec::new(),
        melds: Vec::new(),
        status: String::new(),
        distance: None,
    };
    Step {
        notes: vec![format!(
            "{} tiles in the wall; the deal gives A, B, C, D one tile each, thirteen times",
            wall.len()
        )],
        ..Step::new(
            "the table before the deal".into(),
            order(Direction::Forward),
            vec![empty; 4],
            wall.len(),
        )
    }
}

/// Who acts in event `e`, and the name of the tile drawn if it is a draw.
fn actor_and_draw(e: &Event) -> (Option<Player>, Option<String>) {
    match *e {
        Event::Draw { player, tile } => (Some(player), Some(tile.name().to_string())),
        Event::Discard { player, .. }
        | Event::Pass { player, .. }
        | Event::Pong { player, .. }
        | Event::Chow { player, .. }
        | Event::Ron { player, .. }
        | Event::SelfDrawn { player }
        | Event::Win { player } => (Some(player), None),
        Event::ExhaustedWall => (None, None),
    }
}

/// Event `i` (step `i + 1`) on the ponds: a discard or PASS joins its
/// player's pond; a claim marks the discard it took.
fn add_to_ponds(ponds: &mut [Vec<Discard>], explained: &[ExplainStep], i: usize) {
    let n = i + 1;
    match explained[i].event {
        Event::Discard { player, tile } => ponds[player.index()].push(Discard {
            tile: tile.name().into(),
            step: n,
            taken: None,
        }),
        Event::Pass { player, .. } => ponds[player.index()].push(Discard {
            tile: Tile::PASS.name().into(),
            step: n,
            taken: None,
        }),
        // A claim follows its discard at once.
        Event::Pong { .. } | Event::Chow { .. } | Event::Ron { .. } => {
            if let Event::Discard { player, .. } = explained[i - 1].event {
                if let Some(d) = ponds[player.index()].last_mut() {
                    d.taken = Some(n);
                }
            }
        }
        _ => {}
    }
}

/// The end of the game, as its last events say.
fn result_of(events: &[Event]) -> ResultTable {
    let n = events.len();
    let summary = match (n.checked_sub(2).map(|i| &events[i]), events.last()) {
        (Some(Event::Ron { player, from, tile }), Some(Event::Win { .. })) => {
            format!("{player} wins: RON on {from}'s discard {tile} (line {n})")
        }
        (Some(Event::SelfDrawn { player }), Some(Event::Win { .. })) => {
            format!("{player} wins: SELFDRAWN (line {n})")
        }
        (_, Some(Event::ExhaustedWall)) => format!("DRAW: the wall is empty (line {n})"),
        _ => format!("the game ended at line {n}"),
    };
    ResultTable {
        summary,
        ..Default::default()
    }
}

/// The page of the game on `wall`.
pub fn page(wall: &Wall, title: &str) -> String {
    super::render(&replay(wall, title))
}

/// The page `check` saves: the game on `wall`, opened at `line` (from 1,
/// as [`replay_at`]), where the solution printed `mismatch.actual` instead
/// of the engine's line.
pub fn check_page(wall: &Wall, title: &str, line: usize, mismatch: Mismatch) -> String {
    let mut r = replay_at(wall, title, line);
    r.steps[r.start].mismatch = Some(mismatch);
    super::render(&r)
}

/// The game on `wall`, opened at the step of log line `line` (from 1); a
/// line past the log's end opens its last step.
pub fn replay_at(wall: &Wall, title: &str, line: usize) -> Replay {
    let mut r = replay(wall, title);
    r.start = line.clamp(1, r.steps.len() - 1);
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_order_of_turns_reads_each_way() {
        assert_eq!(order(Direction::Forward), "A B C D");
        assert_eq!(order(Direction::Backward), "A D C B");
    }

    /// Suits as their number over their letter, honours by their name,
    /// the special tiles by what they do.
    #[test]
    fn each_tile_is_drawn_by_its_kind() {
        let faces = faces();
        assert_eq!(faces.len(), KINDS);
        let face = |i: usize| {
            let f = &faces[Tile::from_index(i).unwrap().name()];
            (f.big.clone(), f.small.clone(), f.class, f.title.clone())
        };
        let want = |big: &str, small: &str, class, title: &str| {
            (big.to_string(), small.to_string(), class, title.to_string())
        };
        assert_eq!(face(0), want("1", "M", "man", "1 of characters"));
        assert_eq!(face(17), want("9", "P", "pin", "9 of dots"));
        assert_eq!(face(22), want("5", "S", "sou", "5 of bamboo"));
        assert_eq!(face(26), want("9", "S", "sou", "9 of bamboo"));
        for (i, w) in [(27, "east"), (28, "south"), (29, "west"), (30, "north")] {
            let name = Tile::from_index(i).unwrap().name();
            assert_eq!(face(i), want(name, "wind", "wind", &format!("{w} wind")));
        }
        assert_eq!(face(31), want("B", "", "white", "white dragon"));
        assert_eq!(face(32), want("F", "", "green", "green dragon"));
        assert_eq!(face(33), want("Z", "", "red", "red dragon"));
        let special = |t: Tile| face(t.index());
        let pass = "PASS: the next player loses its next turn";
        assert_eq!(special(Tile::PASS), want("PASS", "", "special", pass));
        let rev = "REVERSE: the order of turns is reversed";
        assert_eq!(special(Tile::REVERSE), want("REV", "", "special", rev));
        let double = Tile::from_index(36).unwrap();
        let dbl = "DOUBLE: the player takes another turn";
        assert_eq!(special(double), want("DBL", "", "special", dbl));
    }

    /// `check`'s page opens at the differing line; a line past the log's
    /// end marks the last step.
    #[test]
    fn a_check_page_past_the_end_opens_at_the_last_step() {
        let wall = crate::thupc2021::families::uniform_wall(&mut crate::rng::Rng::new(1));
        let steps = replay(&wall, "t").steps.len();
        for (line, at) in [
            (1, 1),
            (7, 7),
            (steps - 1, steps - 1),
            (steps, steps - 1),
            (10_000, steps - 1),
        ] {
            let mismatch = Mismatch {
                expected: None,
                actual: Some("EXTRA".into()),
                what: "an extra line".into(),
            };
            let d = super::super::embedded(&check_page(&wall, "t", line, mismatch)).unwrap();
            assert_eq!(d["start"], at, "line {line}");
            assert_eq!(d["steps"][at]["mismatch"]["actual"], "EXTRA", "line {line}");
        }
    }
}
