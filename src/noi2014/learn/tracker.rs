//! A bot that chooses by action number from the observation of
//! [`crate::noi2014::learn::env`], kept from its own requests and answers only, as a
//! protocol bot must: a policy trained on the environments can then play
//! anywhere a bot plays (games, duels, tournaments).
//!
//! The [`Tracker`] keeps that observation: its own tiles through a
//! [`View`], the others' exposed sets and discards and who has won from
//! the announcements, the wall from the draws it sees or infers. It equals
//! the environment's observation but where a protocol bot cannot know
//! better: the wall count misses the draws of players put out on their own
//! turn, and kongs are offered only while the wall surely holds a tile
//! ([`View::kong_is_safe`]).

use crate::noi2014::bots::bot::Bot;
use crate::noi2014::bots::view::View;
use crate::noi2014::learn::env::{encode, legal_for, Action, Mask, Seen, OBS_SIZE};
use crate::noi2014::rules::request::Request;
use crate::noi2014::rules::target::nearest_target_answer;
use crate::noi2014::rules::KINDS;
use crate::noi2014::rules::PLAYERS;
use crate::tile::Tile;
use std::borrow::Cow;

/// One player's observation, from its own requests and answers.
#[derive(Clone, Debug, Default)]
pub struct Tracker {
    view: View,
    exposed: [[u8; KINDS]; PLAYERS],
    discards: [[u8; KINDS]; PLAYERS],
    won: [bool; PLAYERS],
    request: Option<Request>,
    /// Its own `PENG` answered (the discard punged, its own discard), not
    /// yet known to have stood.
    peng: Option<(Tile, Tile)>,
}

impl Tracker {
    /// Before request `0`.
    pub fn new() -> Tracker {
        Tracker::default()
    }

    /// Takes in a request, before answering it.
    pub fn observe(&mut self, request: &Request) {
        if let Some((tile, discard)) = self.peng.take() {
            // A pung lost to a win is followed at once by that win.
            let lost = matches!(*request, Request::HuDiscard { tile: t, .. } if t == tile);
            if !lost {
                self.discards[usize::from(self.view.me())][discard.index()] += 1;
            }
        }
        self.view.observe(request);
        match *request {
            Request::Play { player, tile } => self.discards[usize::from(player)][tile.index()] += 1,
            Request::Peng { player, tile } => self.exposed[usize::from(player)][tile.index()] = 3,
            Request::Gang { player, tile } => self.exposed[usize::from(player)][tile.index()] = 4,
            Request::HuSelf { player } | Request::HuDiscard { player, .. } => {
                self.won[usize::from(player)] = true
            }
            _ => {}
        }
        self.request = Some(*request);
    }

    /// The legal actions for the request taken in last.
    pub fn legal(&self) -> Mask {
        let request = self.request.unwrap_or(Request::Id(0));
        legal_for(
            &request,
            self.view.hand(),
            self.view.melds(),
            self.view.kong_is_safe(),
        )
    }

    /// Writes the observation ([`OBS_SIZE`] bytes, as [`crate::noi2014::learn::env::observe`]).
    pub fn observation(&self, out: &mut [u8]) {
        let me = usize::from(self.view.me());
        let mut exposed = self.exposed;
        exposed[me] = [0; KINDS];
        self.view.melds().add_to(&mut exposed[me]);
        encode(
            &Seen {
                me,
                hand: self.view.hand(),
                exposed: &exposed,
                discards: &self.discards,
                won: self.won,
                request: self.request,
                wall_left: self.view.wall_left_seen(),
            },
            out,
        );
    }

    /// Records its own answer `action` to the request taken in last, and
    /// gives the answer string.
    pub fn answer(&mut self, action: Action) -> Cow<'static, str> {
        match (action, self.request) {
            (Action::Play(c), _) => {
                self.view.played(c);
                let me = usize::from(self.view.me());
                self.discards[me][c.index()] += 1;
            }
            (Action::GangSelf(c), _) => self.view.konged(c),
            (Action::Peng(c2), Some(Request::Play { tile, .. })) => {
                self.view.claimed_peng(tile, c2);
                self.peng = Some((tile, c2));
            }
            (Action::Gang, Some(Request::Play { tile, .. })) => self.view.claimed_gang(tile),
            _ => {}
        }
        match action.text() {
            Some(text) => Cow::Borrowed(text),
            None => Cow::Owned(nearest_target_answer(
                self.view.hand(),
                &self.view.meld_list(),
            )),
        }
    }
}

/// A bot asking `policy` (observation, legal actions) for an action number
/// at each decision (more than one legal action) and answering the rest
/// itself, as the environments do.
pub struct PolicyBot<F> {
    tracker: Tracker,
    policy: F,
}

impl<F: FnMut(&[u8; OBS_SIZE], Mask) -> Action> PolicyBot<F> {
    /// A bot before its first request.
    pub fn new(policy: F) -> PolicyBot<F> {
        PolicyBot {
            tracker: Tracker::new(),
            policy,
        }
    }
}

impl<F: FnMut(&[u8; OBS_SIZE], Mask) -> Action> Bot for PolicyBot<F> {
    fn respond(&mut self, request: &Request) -> Cow<'static, str> {
        self.tracker.observe(request);
        let mask = self.tracker.legal();
        let action = if mask.len() > 1 {
            let mut obs = [0u8; OBS_SIZE];
            self.tracker.observation(&mut obs);
            (self.policy)(&obs, mask)
        } else {
            mask.iter().next().unwrap_or(Action::Pass)
        };
        self.tracker.answer(action)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::noi2014::games::families::{walls, Family};
    use crate::noi2014::learn::env::{legal, observe, Public};
    use crate::noi2014::rules::judge::Judge;
    use crate::rng::Rng;

    /// With nobody put out, the tracker's observation is the judge's
    /// (every field, the wall too), and its legal actions are the judge's
    /// but for kongs it cannot be sure of.
    #[test]
    fn the_tracker_sees_what_the_environment_shows() {
        let (mut decisions, mut kongs_held_back) = (0, 0);
        for family in [Family::Kongs, Family::Uniform, Family::MultiRon] {
            for (g, wall) in walls(family, 11, 12).iter().enumerate() {
                let mut judge = Judge::new(wall);
                let mut public = Public::default();
                let mut trackers: [Tracker; 4] = Default::default();
                let mut rng = Rng::new(g as u64);
                while let Some((p, request)) = judge.pending() {
                    let request = *request;
                    let t = &mut trackers[p];
                    t.observe(&request);
                    let (_, want) = legal(&judge).unwrap();
                    let mask = t.legal();
                    assert_eq!(mask.0 & !want.0, 0, "{request}: more than the judge allows");
                    kongs_held_back += usize::from(mask != want);
                    if want.len() > 1 {
                        decisions += 1;
                        let (mut a, mut b) = ([0u8; OBS_SIZE], [0u8; OBS_SIZE]);
                        t.observation(&mut a);
                        observe(&judge, &public, p, &mut b);
                        assert_eq!(a, b, "{request}");
                    }
                    let action = mask.nth(rng.below(mask.len())).unwrap();
                    let text = t.answer(action);
                    judge.answer_text(&text).unwrap();
                    public.update(&judge);
                }
                let r = judge.result().unwrap();
                assert!(r.players.iter().all(|p| p.valid || p.target.is_none()));
            }
        }
        assert!(decisions > 1000, "{decisions}");
        assert!(kongs_held_back < decisions / 10, "{kongs_held_back}");
    }

    /// A policy bot is asked at decisions only, and plays whole games
    /// (nobody put out) when its policy picks legal actions.
    #[test]
    fn a_policy_bot_plays_whole_games() {
        let asked = std::cell::Cell::new(0);
        for wall in walls(Family::Uniform, 4, 10) {
            let mut bots: Vec<PolicyBot<_>> = (0..4)
                .map(|_| {
                    PolicyBot::new(|_: &[u8; OBS_SIZE], m: Mask| {
                        assert!(m.len() > 1);
                        asked.set(asked.get() + 1);
                        m.nth(m.len() - 1).expect("a legal action")
                    })
                })
                .collect();
            let mut judge = Judge::new(&wall);
            while let Some((p, request)) = judge.pending() {
                let request = *request;
                let text = bots[p].respond(&request);
                judge.answer_text(&text).unwrap();
            }
            assert!(!judge
                .events()
                .iter()
                .any(|e| matches!(e, crate::noi2014::rules::event::Event::Out { .. })));
        }
        assert!(asked.get() > 100, "{}", asked.get());
    }
}
