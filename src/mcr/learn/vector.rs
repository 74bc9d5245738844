//! Many MCR games stepped at once, for batched learning: `N` [`Env`]s,
//! one decision pending in each (the next in seat order), all answered by
//! one call that writes flat buffers (observations, masks, seats, scores,
//! rewards, done flags), as NOI2014's vector does, with the same
//! [`Autoreset`] modes. A finished game is replaced by the next one of its slot as
//! the mode says.
//!
//! Deterministic from the seed: slot `i` draws its walls (Botzone's
//! random deal) and its bots' seeds from its own stream.

use super::action::{Action, ACTIONS};
use super::env::{Env, OBS_SIZE};
use crate::mcr::bots::built_in::BuiltIn;
use crate::mcr::games::walls::random_init;
use crate::mcr::judge::{Options, PLAYERS};
use crate::rng::Rng;

pub use crate::learn::{Autoreset, VectorError};

/// One slot: its game and its stream.
struct Slot {
    env: Env,
    rng: Rng,
    /// Games this slot has started.
    games: u64,
    /// The seat that decided last, while the slot holds a finished game
    /// not yet replaced ([`Autoreset::NextStep`], [`Autoreset::Disabled`]).
    over: Option<usize>,
}

/// What every slot's games are made of.
#[derive(Clone, Copy)]
struct Setup {
    seats: [Option<BuiltIn>; PLAYERS],
    options: Options,
}

impl Slot {
    fn new(seed: u64, i: usize, setup: &Setup) -> Slot {
        let mut mix = Rng::new(seed ^ (i as u64).wrapping_mul(0xA24B_AED4_963E_E407));
        let mut rng = Rng::new(mix.next_u64());
        let env = next_game(&mut rng, setup);
        Slot {
            env,
            rng,
            games: 1,
            over: None,
        }
    }

    fn restart(&mut self, setup: &Setup) {
        self.env = next_game(&mut self.rng, setup);
        self.games += 1;
        self.over = None;
    }
}

/// `N` games stepped together.
pub struct Vector {
    slots: Vec<Slot>,
    setup: Setup,
    /// The stream of [`Vector::random_actions`], apart from the slots'.
    sampler: Rng,
    autoreset: Autoreset,
}

fn sampler(seed: u64) -> Rng {
    Rng::new(seed ^ 0x5EED_AC71_0B5A_3F11)
}

/// The buffers one step writes, each with `N` rows.
pub struct Out<'a> {
    /// `N * OBS_SIZE`: the observation of the seat to act next.
    pub obs: &'a mut [u8],
    /// `N * ACTIONS`: its legal actions, 1 each.
    pub masks: &'a mut [u8],
    /// `N`: the seat to act next.
    pub seats: &'a mut [u8],
    /// `N * 4`: each seat's score of the game that ended at this step (0
    /// when none did).
    pub rewards: &'a mut [f32],
    /// `N`: the score of the seat that decided at this step, in the step
    /// that ended its game (0 otherwise).
    pub reward: &'a mut [f32],
    /// `N`: 1 when a game ended at this step.
    pub done: &'a mut [u8],
    /// With [`Autoreset::SameStep`], when given: for each game that ended
    /// at this step, in slot order, every seat's observation of its end
    /// (`PLAYERS * OBS_SIZE` values, seat 0 first) is appended.
    pub final_obs: Option<&'a mut Vec<u8>>,
}

impl Vector {
    /// `n` games judged under `options`; `seats[p]` is `None` for the
    /// caller's seats or the built-in bot that plays seat `p`. Finished
    /// games are replaced at once ([`Autoreset::SameStep`]; see
    /// [`Vector::with_autoreset`]).
    pub fn new(
        n: usize,
        seats: [Option<BuiltIn>; PLAYERS],
        options: Options,
        seed: u64,
    ) -> Result<Vector, VectorError> {
        if seats.iter().all(Option::is_some) {
            return Err(VectorError::NoCallerSeat);
        }
        let setup = Setup { seats, options };
        Ok(Vector {
            slots: (0..n).map(|i| Slot::new(seed, i, &setup)).collect(),
            setup,
            sampler: sampler(seed),
            autoreset: Autoreset::SameStep,
        })
    }

    /// The vector replacing finished games as `mode` says.
    pub fn with_autoreset(mut self, mode: Autoreset) -> Vector {
        self.autoreset = mode;
        self
    }

    /// How finished games are replaced.
    pub fn autoreset(&self) -> Autoreset {
        self.autoreset
    }

    /// Every slot on a new game: with `seed`, as [`Vector::new`] makes
    /// them with that seed; without, each slot's next game.
    pub fn reset(&mut self, seed: Option<u64>) {
        let setup = self.setup;
        match seed {
            Some(seed) => {
                for (i, slot) in self.slots.iter_mut().enumerate() {
                    let games = slot.games;
                    *slot = Slot::new(seed, i, &setup);
                    slot.games += games;
                }
                self.sampler = sampler(seed);
            }
            None => self.slots.iter_mut().for_each(|s| s.restart(&setup)),
        }
    }

    /// The slots `which` flags on their next games; the others as they were.
    pub fn reset_slots(&mut self, which: &[bool]) -> Result<(), VectorError> {
        self.check_actions(which.len())?;
        let setup = self.setup;
        for (slot, _) in self.slots.iter_mut().zip(which).filter(|(_, &w)| w) {
            slot.restart(&setup);
        }
        Ok(())
    }

    /// Number of slots.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// True with no slot.
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// Slot `i`'s game.
    pub fn env(&self, i: usize) -> &Env {
        &self.slots[i].env
    }

    /// Games started so far, over all slots.
    pub fn games(&self) -> u64 {
        self.slots.iter().map(|s| s.games).sum()
    }

    /// Writes every slot's pending decision, or its finished game
    /// (rewards and done flags 0).
    pub fn current(&self, out: &mut Out<'_>) -> Result<(), VectorError> {
        self.check(out)?;
        out.rewards.fill(0.0);
        out.reward.fill(0.0);
        out.done.fill(0);
        for (i, slot) in self.slots.iter().enumerate() {
            write(slot, i, out);
        }
        Ok(())
    }

    /// Writes every seat's observation of every slot's game
    /// (`N * PLAYERS * OBS_SIZE` values, slot 0's seat 0 first).
    pub fn observe_all(&self, out: &mut [u8]) -> Result<(), VectorError> {
        let want = self.slots.len() * PLAYERS * OBS_SIZE;
        if out.len() != want {
            return Err(VectorError::Shape(format!(
                "observations of every seat hold {} values, not {want}",
                out.len()
            )));
        }
        for (slot, rows) in self
            .slots
            .iter()
            .zip(out.chunks_exact_mut(PLAYERS * OBS_SIZE))
        {
            observe_every_seat(&slot.env, rows);
        }
        Ok(())
    }

    fn check_actions(&self, n: usize) -> Result<(), VectorError> {
        if n == self.slots.len() {
            return Ok(());
        }
        Err(VectorError::Shape(format!(
            "{n} actions for {} games",
            self.slots.len()
        )))
    }

    fn parse(actions: &[u32]) -> Result<Vec<Action>, VectorError> {
        actions
            .iter()
            .map(|&a| {
                Action::from_index(a as usize)
                    .ok_or_else(|| VectorError::Shape(format!("action {a} is not below {ACTIONS}")))
            })
            .collect()
    }

    /// For each slot, whether its action is one its pending decision's
    /// mask forbids (a finished game's action is ignored, never masked).
    pub fn masked(&self, actions: &[u32]) -> Result<Vec<bool>, VectorError> {
        self.check_actions(actions.len())?;
        let parsed = Self::parse(actions)?;
        self.slots
            .iter()
            .zip(parsed)
            .enumerate()
            .map(|(i, (slot, action))| {
                if slot.over.is_some() {
                    if self.autoreset == Autoreset::Disabled {
                        return Err(VectorError::Over(i));
                    }
                    return Ok(false);
                }
                let mask = slot.env.pending_mask().expect("a decision is pending");
                Ok(!mask.contains(action))
            })
            .collect()
    }

    /// [`Vector::step`] that says which actions were masked; with
    /// `refuse`, a masked action refuses the whole step
    /// ([`VectorError::Illegal`]) before any game moves.
    pub fn step_flagged(
        &mut self,
        actions: &[u32],
        out: &mut Out<'_>,
        refuse: bool,
    ) -> Result<Vec<bool>, VectorError> {
        let masked = self.masked(actions)?;
        if refuse {
            if let Some(game) = masked.iter().position(|&m| m) {
                return Err(VectorError::Illegal {
                    game,
                    action: actions[game],
                });
            }
        }
        self.step(actions, out)?;
        Ok(masked)
    }

    /// Answers each slot's decision with its action (an illegal one is
    /// penalised by the judge), plays on to the next decisions, and writes
    /// them; finished games are replaced as [`Vector::autoreset`] says.
    pub fn step(&mut self, actions: &[u32], out: &mut Out<'_>) -> Result<(), VectorError> {
        self.check(out)?;
        self.check_actions(actions.len())?;
        let parsed = Self::parse(actions)?;
        if self.autoreset == Autoreset::Disabled {
            if let Some(i) = self.slots.iter().position(|s| s.over.is_some()) {
                return Err(VectorError::Over(i));
            }
        }
        let (setup, mode) = (self.setup, self.autoreset);
        for (i, (slot, action)) in self.slots.iter_mut().zip(parsed).enumerate() {
            let rewards = &mut out.rewards[i * PLAYERS..(i + 1) * PLAYERS];
            rewards.fill(0.0);
            out.reward[i] = 0.0;
            out.done[i] = 0;
            if slot.over.is_some() {
                slot.restart(&setup);
                write(slot, i, out);
                continue;
            }
            let p = slot.env.to_act().expect("a decision is pending");
            slot.env
                .step(action)
                .expect("every slot has a decision pending");
            if let Some(scores) = slot.env.scores() {
                for (r, x) in rewards.iter_mut().zip(scores) {
                    *r = x as f32;
                }
                out.reward[i] = rewards[p];
                out.done[i] = 1;
                if mode == Autoreset::SameStep {
                    if let Some(finals) = out.final_obs.as_deref_mut() {
                        let start = finals.len();
                        finals.resize(start + PLAYERS * OBS_SIZE, 0);
                        observe_every_seat(&slot.env, &mut finals[start..]);
                    }
                    slot.restart(&setup);
                } else {
                    slot.over = Some(p);
                }
            }
            write(slot, i, out);
        }
        Ok(())
    }

    /// Writes a uniformly random legal action of each slot's decision into
    /// `out`, from the vector's own stream (0 for a finished game).
    pub fn random_actions(&mut self, out: &mut [u32]) -> Result<(), VectorError> {
        self.check_actions(out.len())?;
        for (a, slot) in out.iter_mut().zip(&self.slots) {
            let Some(mask) = slot.env.pending_mask().filter(|_| slot.over.is_none()) else {
                *a = 0;
                continue;
            };
            let action = mask.nth(self.sampler.below(mask.len()));
            *a = action.expect("a legal action").index() as u32;
        }
        Ok(())
    }

    fn check(&self, out: &Out<'_>) -> Result<(), VectorError> {
        let n = self.slots.len();
        for (name, len, want) in [
            ("obs", out.obs.len(), n * OBS_SIZE),
            ("masks", out.masks.len(), n * ACTIONS),
            ("seats", out.seats.len(), n),
            ("rewards", out.rewards.len(), n * PLAYERS),
            ("reward", out.reward.len(), n),
            ("done", out.done.len(), n),
        ] {
            if len != want {
                return Err(VectorError::Shape(format!(
                    "{name} holds {len} values, not {want}"
                )));
            }
        }
        Ok(())
    }
}

/// The next game of a slot with a decision of the caller pending.
fn next_game(rng: &mut Rng, setup: &Setup) -> Env {
    loop {
        let init = random_init(rng);
        let bots = std::array::from_fn(|p| {
            let seed = rng.next_u64();
            setup.seats[p].map(|b| b.bot(seed))
        });
        let env = Env::new(&init, setup.options, bots, false);
        if env.decision().is_some() {
            return env;
        }
    }
}

/// Writes slot `i`'s pending decision, or for a finished game the view
/// of the seat that decided last, with no legal action.
fn write(slot: &Slot, i: usize, out: &mut Out<'_>) {
    let masks = &mut out.masks[i * ACTIONS..(i + 1) * ACTIONS];
    let p = match (slot.over, slot.env.decision()) {
        (Some(p), _) => {
            masks.fill(0);
            p
        }
        (None, Some((p, _, mask))) => {
            mask.write(masks);
            p
        }
        (None, None) => unreachable!("a slot's game is either over or asks a decision"),
    };
    slot.env
        .observe(p, &mut out.obs[i * OBS_SIZE..(i + 1) * OBS_SIZE]);
    out.seats[i] = p as u8;
}

fn observe_every_seat(env: &Env, out: &mut [u8]) {
    for (p, row) in out.chunks_exact_mut(OBS_SIZE).enumerate() {
        env.observe(p, row);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Bufs {
        obs: Vec<u8>,
        masks: Vec<u8>,
        seats: Vec<u8>,
        rewards: Vec<f32>,
        reward: Vec<f32>,
        done: Vec<u8>,
        finals: Vec<u8>,
    }

    impl Bufs {
        fn new(n: usize) -> Bufs {
            Bufs {
                obs: vec![0; n * OBS_SIZE],
                masks: vec![0; n * ACTIONS],
                seats: vec![0; n],
                rewards: vec![0.0; n * PLAYERS],
                reward: vec![0.0; n],
                done: vec![0; n],
                finals: Vec::new(),
            }
        }

        fn out(&mut self) -> Out<'_> {
            Out {
                obs: &mut self.obs,
                masks: &mut self.masks,
                seats: &mut self.seats,
                rewards: &mut self.rewards,
                reward: &mut self.reward,
                done: &mut self.done,
                final_obs: Some(&mut self.finals),
            }
        }
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
            let mut b = Bufs::new(6);
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
            let mut b = Bufs::new(2);
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
        let mut b = Bufs::new(2);
        assert!(v.step(&[238], &mut b.out()).is_err());
        assert!(v.step(&[238, 241], &mut b.out()).is_err());
        let mut before = Bufs::new(2);
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
        let mut after = Bufs::new(2);
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
