//! The table of a NOI2014 game at one moment, and the [`Observer`] the
//! judge tells every event with the table right after it (as the THUPC
//! game's observer is told): the one place the tables of a game come from,
//! for the arena's records, the logs and the replay pages.

use crate::hand::Hand;
use crate::meld::Meld;
use crate::noi2014::rules::event::Event;
use crate::noi2014::rules::tiles::{lower_name, name};
use crate::noi2014::rules::KINDS;
use crate::noi2014::rules::PLAYERS;
use crate::tile::Tile;

/// Up to four exposed sets, without allocation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Melds {
    sets: [Option<Meld>; 4],
    len: u8,
    /// Bit `i` set: set `i` is a kong declared from four concealed tiles
    /// (laid on the table all the same, so it counts as exposed).
    concealed: u8,
}

impl Melds {
    /// Number of sets.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// True when there are none.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Adds a set.
    pub fn push(&mut self, m: Meld) {
        self.sets[self.len as usize] = Some(m);
        self.len += 1;
    }

    /// Adds a kong of four concealed tiles.
    pub fn push_concealed_kong(&mut self, t: Tile) {
        self.concealed |= 1 << self.len;
        self.push(Meld::Kong(t));
    }

    /// Whether set `i` (in [`iter`](Melds::iter)'s order) is a kong of
    /// four concealed tiles.
    pub fn is_concealed(&self, i: usize) -> bool {
        self.concealed & (1 << i) != 0
    }

    /// The kinds of the exposed pungs, as a set: bit `k` for kind index
    /// `k` ([`crate::hand::Hand::held_bits`]'s order).
    pub fn pung_bits(&self) -> u64 {
        self.iter().fold(0, |bits, m| match m {
            Meld::Pung(t) => bits | 1 << t.index(),
            _ => bits,
        })
    }

    /// True when there is an exposed pung of `t`.
    pub fn has_pung(&self, t: Tile) -> bool {
        self.iter().any(|m| m == Meld::Pung(t))
    }

    /// Turns the exposed pung of `t` into a kong; false when there is none.
    pub fn upgrade(&mut self, t: Tile) -> bool {
        for m in self.sets.iter_mut().flatten() {
            if *m == Meld::Pung(t) {
                *m = Meld::Kong(t);
                return true;
            }
        }
        false
    }

    /// The sets in order.
    pub fn iter(&self) -> impl Iterator<Item = Meld> + '_ {
        self.sets[..self.len as usize]
            .iter()
            .map(|m| m.expect("set"))
    }

    /// The sets as a vector.
    pub fn to_vec(&self) -> Vec<Meld> {
        self.iter().collect()
    }

    /// Adds the exposed tiles to counts by kind.
    pub fn add_to(&self, counts: &mut [u8; KINDS]) {
        for m in self.iter() {
            counts[m.first().index()] += m.size();
        }
    }
}

/// A player's tiles at one moment (no allocation: a table is copied for
/// every event an observer is told).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Held {
    /// The player.
    pub player: usize,
    /// Its concealed tiles.
    pub concealed: Hand,
    /// Its exposed sets, in the order they were made.
    pub exposed: Melds,
}

impl Held {
    /// The tiles as the protocol writes them: concealed in upper case,
    /// exposed sets in lower case.
    pub fn text(&self) -> String {
        let mut words: Vec<&str> = self.concealed.tiles().map(name).collect();
        for m in self.exposed.iter() {
            words.extend(m.tiles().into_iter().map(lower_name));
        }
        words.join(" ")
    }
}

/// The table at one moment: every player's tiles, who is still playing,
/// and the tiles left in the wall.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Table {
    /// Each player's tiles, by seat.
    pub seats: [Held; PLAYERS],
    /// True while a player is neither a winner nor put out.
    pub playing: [bool; PLAYERS],
    /// Tiles left in the wall.
    pub wall_left: usize,
}

/// Listens to a game: every event as it happens, with the table right
/// after it. The judge does the work of copying tables only when
/// [`Observer::LISTENING`] is true, so the unit observer `()` costs nothing.
pub trait Observer {
    /// Whether the judge should copy the tables.
    const LISTENING: bool = true;
    /// An event, with the table after it took it in.
    fn event(&mut self, table: &Table, event: &Event);
}

/// Nobody listens.
impl Observer for () {
    const LISTENING: bool = false;
    fn event(&mut self, _table: &Table, _event: &Event) {}
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::noi2014::bots::bot::Bot;
    use crate::noi2014::bots::greedy::GreedyBot;
    use crate::noi2014::games::families::{walls, Family};
    use crate::noi2014::rules::judge::Judge;
    use crate::noi2014::rules::request::Reply;

    /// Keeps what it is told.
    #[derive(Default)]
    struct Told(Vec<(Event, Table)>);

    impl Observer for Told {
        fn event(&mut self, table: &Table, event: &Event) {
            self.0.push((*event, *table));
        }
    }

    /// The observer is told every event of an answer, in order, each with
    /// the table after it: the last one's is the judge's once the answer
    /// is judged, and an `out` (which moves no tile) comes with the tiles
    /// of before the answer and its player no longer playing.
    #[test]
    fn the_observer_is_told_each_event_with_the_table_after_it() {
        let (mut outs_then_more, mut events) = (0, 0);
        for wall in walls(Family::Kongs, 3, 20) {
            let mut judge = Judge::new(&wall);
            let mut bots: [GreedyBot; 4] = Default::default();
            let mut asked = 0;
            while let Some((p, request)) = judge.pending() {
                let answer = bots[p].respond(request).into_owned();
                asked += 1;
                // Seats 1 and 2 fail now and then, so players are put out
                // with more to come from the same answer.
                let reply = if p > 0 && p < 3 && asked % 97 == 0 {
                    Reply::Failed(None, "crash".into())
                } else {
                    Reply::Text(answer)
                };
                let before = judge.table();
                let seen = judge.events().len();
                let mut told = Told::default();
                judge.answer_observed(&reply, &mut told).unwrap();
                let made: Vec<Event> = told.0.iter().map(|(e, _)| *e).collect();
                assert_eq!(made, judge.events()[seen..]);
                events += made.len();
                if let Some((_, last)) = told.0.last() {
                    assert_eq!(*last, judge.table());
                }
                for (e, table) in &told.0 {
                    if let Event::Out { player } = *e {
                        let p = usize::from(player);
                        assert!(before.playing[p] && !table.playing[p]);
                        assert_eq!(table.seats, before.seats);
                        assert_eq!(table.wall_left, before.wall_left);
                        outs_then_more += usize::from(told.0.len() > 1);
                    }
                }
            }
        }
        assert!(events > 1000, "{events} events");
        assert!(
            outs_then_more > 0,
            "no answer put a player out and did more"
        );
    }

    /// The unit observer asks for no tables; the judge plays the same game.
    #[test]
    fn nobody_listening_plays_the_same_game() {
        for wall in walls(Family::Uniform, 5, 5) {
            let (mut a, mut b) = (Judge::new(&wall), Judge::new(&wall));
            let mut bots: [GreedyBot; 4] = Default::default();
            while let Some((p, request)) = a.pending() {
                let reply = Reply::Text(bots[p].respond(request).into_owned());
                a.answer_observed(&reply, &mut ()).unwrap();
                b.answer(reply).unwrap();
            }
            assert!(b.is_over());
            assert_eq!(a.events(), b.events());
            assert_eq!(a.result(), b.result());
        }
    }
}
