//! Many NOI2014 games stepped at once, for batched learning: the
//! rule-free [`crate::learn::vector::Vector`] over NOI2014's [`Env`]
//! (`N` games, one decision pending in each, all answered by one call
//! that writes flat buffers; finished games replaced as [`crate::learn::Autoreset`]
//! says). Rewards are the games' points.
//!
//! Deterministic from the seed: slot `i` draws its walls (of the family
//! given) and its bots' seeds from its own stream, so what a slot plays
//! depends only on the seed, `i` and the actions given to it.

use crate::learn::vector::{env_items, seat_bots, Setup, SingleEnv};
use crate::named::{BuiltInBot, WallFamily};
use crate::noi2014::bots::built_in::BuiltIn;
use crate::noi2014::games::families::Family;
use crate::noi2014::learn::env::{Action, Env, Mask, ACTIONS, OBS_SIZE};
use crate::noi2014::rules::PLAYERS;
use crate::rng::Rng;

/// `N` NOI2014 games stepped together.
pub type Vector = crate::learn::vector::Vector<Env>;

impl SingleEnv for Env {
    /// The seats' bots and the walls' family.
    type Setup = Setup<BuiltIn, Family, PLAYERS>;
    env_items!(Action, Mask);

    /// A wall of the family, then each seat's bot seed, from `rng`.
    fn deal(rng: &mut Rng, setup: &Self::Setup) -> Env {
        let wall = setup.rules.wall(rng);
        Env::new(
            &wall,
            seat_bots(rng, &setup.seats, |b, seed| b.bot(seed)),
            false,
        )
    }

    fn outcome(&self) -> Option<impl IntoIterator<Item = f64>> {
        self.points()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learn::vector::Buffers;
    use crate::learn::{Autoreset, VectorError};

    /// Buffers for `n` games.
    fn bufs(n: usize) -> Buffers {
        Buffers::new::<Env>(n)
    }

    /// Steps `v` with the first legal action of each slot after `skip`
    /// (a policy that reads the masks); the record of everything written.
    fn run(v: &mut Vector, steps: usize) -> (Vec<u8>, Vec<f32>, usize) {
        let n = v.len();
        let mut b = bufs(n);
        v.current(&mut b.out()).unwrap();
        let (mut trace, mut rewards, mut done) = (Vec::new(), Vec::new(), 0);
        for s in 0..steps {
            let actions: Vec<u32> = (0..n)
                .map(|i| {
                    let legal: Vec<u32> = (0..ACTIONS as u32)
                        .filter(|&a| b.masks[i * ACTIONS + a as usize] == 1)
                        .collect();
                    assert!(legal.len() > 1);
                    legal[(s * 7 + i) % legal.len()]
                })
                .collect();
            let decided = b.seats.clone();
            v.step(&actions, &mut b.out()).unwrap();
            trace.extend_from_slice(&b.obs);
            trace.extend_from_slice(&b.seats);
            for i in 0..n {
                let r = &b.rewards[i * PLAYERS..(i + 1) * PLAYERS];
                // The seat shown decided: the reward is its points.
                assert_eq!(b.reward[i], r[decided[i] as usize]);
                if b.done[i] == 1 {
                    done += 1;
                    assert_eq!(r.iter().sum::<f32>(), 10.0);
                } else {
                    assert_eq!(r, [0.0; 4]);
                }
                rewards.extend_from_slice(r);
            }
        }
        (trace, rewards, done)
    }

    /// The same seed and actions give the same games; another seed other
    /// ones; games end and are replaced, their points summing to 10.
    #[test]
    fn batches_are_deterministic_and_reset_themselves() {
        let seats = [None, Some(BuiltIn::Greedy), None, Some(BuiltIn::Sample)];
        let mut a = Vector::new(5, seats, Family::Uniform, 1).unwrap();
        let mut b = Vector::new(5, seats, Family::Uniform, 1).unwrap();
        let mut c = Vector::new(5, seats, Family::Uniform, 2).unwrap();
        let (ta, ra, done) = run(&mut a, 300);
        assert_eq!(run(&mut b, 300), (ta.clone(), ra, done));
        assert_ne!(run(&mut c, 300).0, ta);
        assert!(done >= 5, "{done} games ended");
        assert_eq!(a.games(), 5 + done as u64);
        // Only the caller's seats are asked.
        assert!(ta.is_empty() || a.env(0).to_act().is_some_and(|p| p % 2 == 0));
    }

    /// A slot plays what a single [`Env`] plays on the same wall.
    #[test]
    fn a_slot_is_a_game() {
        let seats = [None, None, None, None];
        let mut v = Vector::new(1, seats, Family::Long, 9).unwrap();
        let mut b = bufs(1);
        v.current(&mut b.out()).unwrap();
        let mut env = Env::new(&v.env(0).judge().wall(), Default::default(), false);
        let mut obs = [0u8; OBS_SIZE];
        loop {
            let (p, _, mask) = env.decision().unwrap();
            env.observe(p, &mut obs);
            assert_eq!((b.seats[0] as usize, &b.obs[..]), (p, &obs[..]));
            let a = mask.iter().last().unwrap();
            v.step(&[a.index() as u32], &mut b.out()).unwrap();
            env.step(a).unwrap();
            if let Some(points) = env.points() {
                assert_eq!(b.done[0], 1);
                let want: Vec<f32> = points.iter().map(|&x| x as f32).collect();
                assert_eq!(b.rewards, want);
                // The reward is the points of the seat that decided.
                assert_eq!(b.reward, [want[p]]);
                break;
            }
            assert_eq!((b.done[0], b.reward[0]), (0, 0.0));
        }
    }

    /// Random actions are legal, follow the seed, leave the games alone,
    /// and reach every legal action of a decision.
    #[test]
    fn random_actions_are_legal_and_seeded() {
        let seats = [None, Some(BuiltIn::Greedy), None, None];
        let mut a = Vector::new(16, seats, Family::Uniform, 3).unwrap();
        let mut b = Vector::new(16, seats, Family::Uniform, 3).unwrap();
        let mut c = Vector::new(16, seats, Family::Uniform, 4).unwrap();
        let (mut ba, mut bb) = (bufs(16), bufs(16));
        a.current(&mut ba.out()).unwrap();
        let (mut xa, mut xb, mut xc) = (vec![0; 16], vec![0; 16], vec![0; 16]);
        let mut differ = false;
        for _ in 0..200 {
            a.random_actions(&mut xa).unwrap();
            b.random_actions(&mut xb).unwrap();
            c.random_actions(&mut xc).unwrap();
            assert_eq!(xa, xb);
            differ |= xa != xc;
            for (i, &x) in xa.iter().enumerate() {
                assert_eq!(
                    ba.masks[i * ACTIONS + x as usize],
                    1,
                    "slot {i}, action {x}"
                );
            }
            a.step(&xa, &mut ba.out()).unwrap();
            b.step(&xb, &mut bb.out()).unwrap();
            c.step(&xc, &mut bufs(16).out()).unwrap();
        }
        assert!(differ, "another seed drew the same actions");
        // Drawing actions does not move a game: a vector that draws and
        // one that does not play the same.
        let mut d = Vector::new(16, seats, Family::Uniform, 3).unwrap();
        let mut e = Vector::new(16, seats, Family::Uniform, 3).unwrap();
        d.random_actions(&mut xa).unwrap();
        let (mut bd, mut be) = (bufs(16), bufs(16));
        let legal: Vec<u32> = (0..16)
            .map(|i| {
                e.env(i)
                    .pending_mask()
                    .unwrap()
                    .iter()
                    .next()
                    .unwrap()
                    .index() as u32
            })
            .collect();
        d.step(&legal, &mut bd.out()).unwrap();
        e.step(&legal, &mut be.out()).unwrap();
        assert_eq!((bd.obs, bd.seats), (be.obs, be.seats));
        // Every legal action of one decision comes up.
        let mask = a.env(0).pending_mask().unwrap();
        let mut seen = Mask::default();
        let mut one = vec![0; 16];
        for _ in 0..400 {
            a.random_actions(&mut one).unwrap();
            seen.add(Action::from_index(one[0] as usize).unwrap());
        }
        assert!(mask.len() > 1);
        assert_eq!(seen, mask);
        assert!(a.random_actions(&mut [0; 3]).is_err());
    }

    #[test]
    fn bad_input_is_refused() {
        assert_eq!(
            Vector::new(1, [Some(BuiltIn::Greedy); 4], Family::Uniform, 0).err(),
            Some(VectorError::NoCallerSeat)
        );
        let mut v = Vector::new(2, [None; 4], Family::Uniform, 0).unwrap();
        let mut b = bufs(2);
        assert!(v.step(&[81], &mut b.out()).is_err());
        assert!(v.step(&[81, 85], &mut b.out()).is_err());
        let mut small = bufs(1);
        assert!(v.current(&mut small.out()).is_err());
    }

    /// A masked action: `masked` flags it, `step_flagged` refusing
    /// refuses the whole step with no game moved, and not refusing plays
    /// it (the seat put out) and flags it.
    #[test]
    fn a_masked_action_is_flagged_refused_or_played() {
        let mut v = Vector::new(2, [None; 4], Family::Uniform, 5).unwrap();
        let first = |v: &Vector, i: usize, legal: bool| {
            let m = v.env(i).pending_mask().unwrap();
            (0..ACTIONS)
                .find(|&a| m.contains(Action::from_index(a).unwrap()) == legal)
                .unwrap() as u32
        };
        let actions = [first(&v, 0, true), first(&v, 1, false)];
        assert_eq!(v.masked(&actions).unwrap(), [false, true]);
        let mut before = bufs(2);
        v.current(&mut before.out()).unwrap();
        let mut b = bufs(2);
        assert_eq!(
            v.step_flagged(&actions, &mut b.out(), true),
            Err(VectorError::Illegal {
                game: 1,
                action: actions[1]
            })
        );
        let mut after = bufs(2);
        v.current(&mut after.out()).unwrap();
        assert_eq!((before.obs, before.masks), (after.obs, after.masks));
        let legal = [first(&v, 0, true), first(&v, 1, true)];
        assert_eq!(v.masked(&legal).unwrap(), [false, false]);
        assert_eq!(
            v.step_flagged(&legal, &mut b.out(), true).unwrap(),
            [false, false]
        );
        let actions = [first(&v, 0, true), first(&v, 1, false)];
        assert_eq!(
            v.step_flagged(&actions, &mut b.out(), false).unwrap(),
            [false, true]
        );
        assert!(v.masked(&[85, 0]).is_err());
    }

    /// What a vector in `mode` shows, slot by slot: the decisions asked
    /// (seat, observation, mask) and the games' ends (the observation of
    /// the seat that decided last, the points). Each slot's `k`-th
    /// decision is answered by its `(7k + i)`-th legal action, so vectors
    /// in different modes play the same games.
    #[allow(clippy::type_complexity)]
    fn per_slot(
        mode: Autoreset,
        n: usize,
        steps: usize,
    ) -> (
        Vec<Vec<(u8, Vec<u8>, Vec<u8>)>>,
        Vec<Vec<(Vec<u8>, Vec<f32>)>>,
    ) {
        let mut v = Vector::new(
            n,
            [None, Some(BuiltIn::Greedy), None, None],
            Family::Uniform,
            8,
        )
        .unwrap()
        .with_autoreset(mode);
        let mut b = bufs(n);
        v.current(&mut b.out()).unwrap();
        let (mut asked, mut ends) = (vec![Vec::new(); n], vec![Vec::new(); n]);
        let mut finals = Vec::new();
        for _ in 0..steps {
            let mut actions = vec![0u32; n];
            for i in 0..n {
                let mask = b.masks[i * ACTIONS..(i + 1) * ACTIONS].to_vec();
                let legal: Vec<u32> = (0..ACTIONS as u32)
                    .filter(|&a| mask[a as usize] == 1)
                    .collect();
                if legal.is_empty() {
                    // A finished game (next step): its action is ignored.
                    assert_ne!(mode, Autoreset::SameStep);
                    actions[i] = 84;
                    continue;
                }
                let k = asked[i].len();
                actions[i] = legal[(7 * k + i) % legal.len()];
                let obs = b.obs[i * OBS_SIZE..(i + 1) * OBS_SIZE].to_vec();
                asked[i].push((b.seats[i], obs, mask));
            }
            finals.clear();
            let mut out = b.out();
            out.final_obs = Some(&mut finals);
            v.step(&actions, &mut out).unwrap();
            let mut ended = 0;
            for i in 0..n {
                let points = b.rewards[i * PLAYERS..(i + 1) * PLAYERS].to_vec();
                if b.done[i] == 0 {
                    assert_eq!(points, [0.0; 4]);
                    continue;
                }
                let seat = asked[i].last().unwrap().0 as usize;
                let end = if mode == Autoreset::SameStep {
                    let all = &finals[ended * PLAYERS * OBS_SIZE..(ended + 1) * PLAYERS * OBS_SIZE];
                    all[seat * OBS_SIZE..(seat + 1) * OBS_SIZE].to_vec()
                } else {
                    // The finished game is shown, by the seat that decided.
                    assert_eq!(b.seats[i] as usize, seat);
                    assert!(b.masks[i * ACTIONS..(i + 1) * ACTIONS]
                        .iter()
                        .all(|&m| m == 0));
                    b.obs[i * OBS_SIZE..(i + 1) * OBS_SIZE].to_vec()
                };
                ended += 1;
                ends[i].push((end, points));
            }
            assert_eq!(
                finals.len(),
                ended * PLAYERS * OBS_SIZE * usize::from(mode == Autoreset::SameStep)
            );
        }
        (asked, ends)
    }

    /// Next-step and same-step autoreset play the same games: the end a
    /// next-step slot shows is the same-step final observation, and the
    /// step after it shows the next game's first decision, which the
    /// same-step slot showed at once.
    #[test]
    fn autoreset_modes_play_the_same_games() {
        let (same_asked, same_ends) = per_slot(Autoreset::SameStep, 3, 400);
        let (next_asked, next_ends) = per_slot(Autoreset::NextStep, 3, 400);
        let mut games = 0;
        for i in 0..3 {
            // The next-step run lost one step a game: compare what it saw.
            let (a, e) = (next_asked[i].len(), next_ends[i].len());
            assert_eq!(next_asked[i][..], same_asked[i][..a], "slot {i}");
            assert_eq!(next_ends[i][..], same_ends[i][..e], "slot {i}");
            assert!(same_asked[i].len() >= a + e - 1);
            games += e;
        }
        assert!(games >= 6, "{games} games ended");
    }

    /// Disabled autoreset: a finished game stays until `reset_slots`, and
    /// a step given it is refused with no game moved.
    #[test]
    fn disabled_autoreset_waits_for_reset_slots() {
        let mut v = Vector::new(2, [None; 4], Family::Uniform, 2)
            .unwrap()
            .with_autoreset(Autoreset::Disabled);
        let mut b = bufs(2);
        let mut ended = None;
        for _ in 0..1000 {
            let mut actions = vec![0; 2];
            v.random_actions(&mut actions).unwrap();
            v.step(&actions, &mut b.out()).unwrap();
            if let Some(i) = b.done.iter().position(|&d| d == 1) {
                ended = Some(i);
                break;
            }
        }
        let i = ended.expect("a game ended");
        let games = v.games();
        assert!(v.env(i).judge().is_over());
        assert_eq!(v.step(&[81, 81], &mut b.out()), Err(VectorError::Over(i)));
        assert_eq!(v.masked(&[81, 81]), Err(VectorError::Over(i)));
        let mut which = [false; 2];
        which[i] = true;
        v.reset_slots(&which).unwrap();
        assert_eq!(v.games(), games + 1);
        assert!(!v.env(i).judge().is_over());
        let mut actions = vec![0; 2];
        v.random_actions(&mut actions).unwrap();
        v.step(&actions, &mut b.out()).unwrap();
        assert!(v.reset_slots(&[true]).is_err());
    }

    /// `reset(Some(seed))` is a new vector of that seed; `reset(None)`
    /// starts other games; `observe_all` is each seat's `observe`.
    #[test]
    fn reset_restarts_and_observe_all_is_every_seat() {
        let seats = [None, Some(BuiltIn::Sample), None, None];
        let mut a = Vector::new(4, seats, Family::Uniform, 6).unwrap();
        let fresh = |seed| {
            let v = Vector::new(4, seats, Family::Uniform, seed).unwrap();
            let mut b = bufs(4);
            v.current(&mut b.out()).unwrap();
            (b.obs, b.masks)
        };
        let mut b = bufs(4);
        for _ in 0..30 {
            let mut actions = vec![0; 4];
            a.random_actions(&mut actions).unwrap();
            a.step(&actions, &mut b.out()).unwrap();
        }
        a.reset(Some(7));
        a.current(&mut b.out()).unwrap();
        assert_eq!((b.obs.clone(), b.masks.clone()), fresh(7));
        assert_eq!(a.games(), 8);
        let mut actions = vec![0; 4];
        a.random_actions(&mut actions).unwrap();
        let mut c = Vector::new(4, seats, Family::Uniform, 7).unwrap();
        let mut again = vec![0; 4];
        c.random_actions(&mut again).unwrap();
        assert_eq!(actions, again);
        a.reset(None);
        a.current(&mut b.out()).unwrap();
        assert_ne!(b.obs, fresh(7).0);
        assert_eq!(a.games(), 12);
        let mut all = vec![0; 4 * PLAYERS * OBS_SIZE];
        a.observe_all(&mut all).unwrap();
        let mut one = vec![0; OBS_SIZE];
        for i in 0..4 {
            for p in 0..PLAYERS {
                a.env(i).observe(p, &mut one);
                let at = (i * PLAYERS + p) * OBS_SIZE;
                assert_eq!(all[at..at + OBS_SIZE], one[..]);
            }
            // The seat to act sees its own view in `current`.
            let p = b.seats[i] as usize;
            let at = (i * PLAYERS + p) * OBS_SIZE;
            assert_eq!(
                all[at..at + OBS_SIZE],
                b.obs[i * OBS_SIZE..(i + 1) * OBS_SIZE]
            );
        }
        assert!(a.observe_all(&mut one).is_err());
        assert_eq!(
            Autoreset::NAMES.map(Autoreset::parse).map(Option::unwrap),
            [
                Autoreset::NextStep,
                Autoreset::SameStep,
                Autoreset::Disabled
            ]
        );
        assert_eq!(Autoreset::parse("next_step"), None);
    }
}
