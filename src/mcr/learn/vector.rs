//! Many MCR games stepped at once, for batched learning: the rule-free
//! [`crate::learn::vector::Vector`] over MCR's [`Env`] (`N` games, one
//! decision pending in each, the next in seat order, all answered by one
//! call that writes flat buffers; finished games replaced as
//! [`crate::learn::Autoreset`] says), as NOI2014's vector. Rewards are the games'
//! scores.
//!
//! Deterministic from the seed: slot `i` draws its walls (Botzone's
//! random deal) and its bots' seeds from its own stream.

use super::action::{Action, Mask, ACTIONS};
use super::env::{Env, OBS_SIZE};
use crate::learn::vector::{env_items, seat_bots, Setup, SingleEnv};
use crate::mcr::bots::built_in::BuiltIn;
use crate::mcr::games::walls::random_init;
use crate::mcr::judge::{Options, PLAYERS};
use crate::named::BuiltInBot;
use crate::rng::Rng;

/// `N` MCR games stepped together.
pub type Vector = crate::learn::vector::Vector<Env>;

impl SingleEnv for Env {
    /// The seats' bots and the judge's options.
    type Setup = Setup<BuiltIn, Options, PLAYERS>;
    env_items!(Action, Mask);

    /// A random deal, then each seat's bot seed, from `rng`.
    fn deal(rng: &mut Rng, setup: &Self::Setup) -> Env {
        let init = random_init(rng);
        let bots = seat_bots(rng, &setup.seats, |b, seed| b.bot(seed));
        Env::unsaved(&init, setup.rules, bots)
    }

    fn outcome(&self) -> Option<impl IntoIterator<Item = f64>> {
        self.scores().map(|s| s.map(f64::from))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learn::vector::Buffers;
    use crate::learn::{Autoreset, VectorError};

    fn bufs(n: usize) -> Buffers {
        Buffers::new::<Env>(n)
    }

    /// Random legal actions: the same seed gives the same games, another
    /// other ones; games end and are replaced, with nobody penalised
    /// (scores of a win or a draw sum to 0); only the caller's seats are
    /// asked; every step writes the decision the slot's game shows.
    #[test]
    fn batches_are_seeded_and_reset_themselves() {
        let seats = [None, Some(BuiltIn::Greedy), None, Some(BuiltIn::Random)];
        let run = |seed: u64| {
            let mut v = Vector::new(6, seats, Options::default(), seed).unwrap();
            let mut b = bufs(6);
            v.current(&mut b.out()).unwrap();
            let (mut trace, mut done) = (Vec::new(), 0);
            let mut actions = vec![0; 6];
            for _ in 0..600 {
                v.random_actions(&mut actions).unwrap();
                for (i, &a) in actions.iter().enumerate() {
                    assert_eq!(b.masks[i * ACTIONS + a as usize], 1);
                }
                let decided = b.seats.clone();
                v.step(&actions, &mut b.out()).unwrap();
                for i in 0..6 {
                    assert!(b.seats[i] % 2 == 0, "a bot's seat asked");
                    let r = &b.rewards[i * PLAYERS..(i + 1) * PLAYERS];
                    assert_eq!(b.reward[i], r[decided[i] as usize]);
                    if b.done[i] == 1 {
                        done += 1;
                        assert_eq!(r.iter().sum::<f32>(), 0.0, "{r:?}");
                    }
                    let mut obs = [0u8; OBS_SIZE];
                    v.env(i).observe(b.seats[i] as usize, &mut obs);
                    assert_eq!(obs[..], b.obs[i * OBS_SIZE..(i + 1) * OBS_SIZE]);
                }
                trace.extend_from_slice(&b.obs);
            }
            assert_eq!(b.finals.len(), done * PLAYERS * OBS_SIZE);
            assert_eq!(v.games(), 6 + done as u64);
            (trace, done)
        };
        let (a, done) = run(1);
        assert_eq!(run(1), (a.clone(), done));
        assert_ne!(run(2).0, a);
        assert!(done >= 6, "{done} games ended");
    }

    /// Next-step autoreset shows a finished game (mask all 0) for one
    /// step; disabled autoreset waits for `reset_slots`; bad shapes and
    /// masked actions are refused with no game moved.
    #[test]
    fn autoreset_modes_and_refusals() {
        for mode in [Autoreset::NextStep, Autoreset::Disabled] {
            let mut v = Vector::new(2, [None; 4], Options::default(), 2)
                .unwrap()
                .with_autoreset(mode);
            let mut b = bufs(2);
            let mut actions = vec![0; 2];
            let mut ended = None;
            for _ in 0..2000 {
                v.random_actions(&mut actions).unwrap();
                v.step(&actions, &mut b.out()).unwrap();
                if let Some(i) = b.done.iter().position(|&d| d == 1) {
                    ended = Some(i);
                    break;
                }
            }
            let i = ended.expect("a game ended");
            assert!(b.masks[i * ACTIONS..(i + 1) * ACTIONS]
                .iter()
                .all(|&m| m == 0));
            assert!(v.env(i).judge().is_over());
            let games = v.games();
            if mode == Autoreset::Disabled {
                assert_eq!(v.step(&actions, &mut b.out()), Err(VectorError::Over(i)));
                let mut which = [false; 2];
                which[i] = true;
                v.reset_slots(&which).unwrap();
            } else {
                v.random_actions(&mut actions).unwrap();
                v.step(&actions, &mut b.out()).unwrap();
                assert_eq!(b.done[i], 0);
            }
            assert_eq!(v.games(), games + 1);
            assert!(!v.env(i).judge().is_over());
        }
        let mut v = Vector::new(2, [None; 4], Options::default(), 5).unwrap();
        let mut b = bufs(2);
        assert!(v.step(&[238], &mut b.out()).is_err());
        assert!(v.step(&[238, 241], &mut b.out()).is_err());
        let mut before = bufs(2);
        v.current(&mut before.out()).unwrap();
        let m = v.env(1).pending_mask().unwrap();
        let bad = (0..ACTIONS as u32)
            .find(|&a| !m.contains(Action::from_index(a as usize).unwrap()))
            .unwrap();
        let good = v.env(0).pending_mask().unwrap().nth(0).unwrap().index() as u32;
        assert_eq!(v.masked(&[good, bad]).unwrap(), [false, true]);
        assert_eq!(
            v.step_flagged(&[good, bad], &mut b.out(), true),
            Err(VectorError::Illegal {
                game: 1,
                action: bad
            })
        );
        let mut after = bufs(2);
        v.current(&mut after.out()).unwrap();
        assert_eq!((before.obs, before.masks), (after.obs, after.masks));
        assert_eq!(
            Vector::new(1, [Some(BuiltIn::Random); 4], Options::default(), 0).err(),
            Some(VectorError::NoCallerSeat)
        );
        let mut all = vec![0; 2 * PLAYERS * OBS_SIZE];
        v.observe_all(&mut all).unwrap();
        let mut one = [0u8; OBS_SIZE];
        v.env(1).observe(3, &mut one);
        assert_eq!(all[(PLAYERS + 3) * OBS_SIZE..(PLAYERS + 4) * OBS_SIZE], one);
    }
}
