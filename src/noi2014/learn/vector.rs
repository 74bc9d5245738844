//! Many games stepped at once, for batched learning: `N` [`Env`]s, one
//! decision pending in each, all answered by one call that writes flat
//! buffers (observations, masks, seats, points, rewards, done flags). A finished
//! game is replaced by the next one of its slot as [`Autoreset`] says
//! (Gymnasium's three autoreset modes): in the step that ended it, in the
//! step after, or when [`Vector::reset_slots`] asks.
//!
//! Deterministic from the seed: slot `i` draws its walls (of the family
//! given) and its bots' seeds from its own stream, so what a slot plays
//! depends only on the seed, `i` and the actions given to it.

use crate::noi2014::bots::built_in::BuiltIn;
use crate::noi2014::games::families::{family_wall, Family};
use crate::noi2014::learn::env::{Action, Env, ACTIONS, OBS_SIZE};
use crate::noi2014::rules::PLAYERS;
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

impl Slot {
    /// Slot `i` of a vector seeded with `seed`, on its first game.
    fn new(seed: u64, i: usize, seats: &[Option<BuiltIn>; PLAYERS], family: Family) -> Slot {
        let mut mix = Rng::new(seed ^ (i as u64).wrapping_mul(0xA24B_AED4_963E_E407));
        let mut rng = Rng::new(mix.next_u64());
        let env = next_game(&mut rng, seats, family);
        Slot {
            env,
            rng,
            games: 1,
            over: None,
        }
    }

    /// The slot's next game, from its stream.
    fn restart(&mut self, seats: &[Option<BuiltIn>; PLAYERS], family: Family) {
        self.env = next_game(&mut self.rng, seats, family);
        self.games += 1;
        self.over = None;
    }
}

/// `N` games stepped together.
pub struct Vector {
    slots: Vec<Slot>,
    seats: [Option<BuiltIn>; PLAYERS],
    family: Family,
    /// The stream of [`Vector::random_actions`], apart from the slots'
    /// own so that drawing random actions changes no game.
    sampler: Rng,
    autoreset: Autoreset,
}

/// The stream of [`Vector::random_actions`] of a vector seeded with `seed`.
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
    /// `N * 4`: each seat's points of the game that ended at this step
    /// (0 when none did).
    pub rewards: &'a mut [f32],
    /// `N`: the points of the seat that decided at this step, in the step
    /// that ended its game (0 otherwise): a single-agent learner's reward,
    /// whichever seat it plays.
    pub reward: &'a mut [f32],
    /// `N`: 1 when a game ended at this step.
    pub done: &'a mut [u8],
    /// With [`Autoreset::SameStep`], when given: for each game that ended
    /// at this step, in slot order, every seat's observation of its end
    /// (`PLAYERS * OBS_SIZE` values, seat 0 first) is appended.
    pub final_obs: Option<&'a mut Vec<u8>>,
}

impl Vector {
    /// `n` games on walls of `family`; `seats[p]` is `None` for the
    /// caller's seats, or the built-in bot that plays seat `p`. A finished
    /// game is replaced at once ([`Autoreset::SameStep`]; see
    /// [`Vector::with_autoreset`]), so that every slot always has a
    /// decision pending.
    pub fn new(
        n: usize,
        seats: [Option<BuiltIn>; PLAYERS],
        family: Family,
        seed: u64,
    ) -> Result<Vector, VectorError> {
        if seats.iter().all(Option::is_some) {
            return Err(VectorError::NoCallerSeat);
        }
        Ok(Vector {
            slots: (0..n).map(|i| Slot::new(seed, i, &seats, family)).collect(),
            seats,
            family,
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

    /// Every slot on a new game: with `seed`, the vector as
    /// [`Vector::new`] makes it with that seed (the same games, the same
    /// random actions after); without, each slot's next game from its own
    /// stream.
    pub fn reset(&mut self, seed: Option<u64>) {
        let (seats, family) = (self.seats, self.family);
        match seed {
            Some(seed) => {
                for (i, slot) in self.slots.iter_mut().enumerate() {
                    let games = slot.games;
                    *slot = Slot::new(seed, i, &seats, family);
                    slot.games += games;
                }
                self.sampler = sampler(seed);
            }
            None => self
                .slots
                .iter_mut()
                .for_each(|s| s.restart(&seats, family)),
        }
    }

    /// The slots `which` flags (one flag a slot) on their next games, each
    /// from its own stream; the others as they were.
    pub fn reset_slots(&mut self, which: &[bool]) -> Result<(), VectorError> {
        self.check_actions(which.len())?;
        let (seats, family) = (self.seats, self.family);
        for (slot, _) in self.slots.iter_mut().zip(which).filter(|(_, &w)| w) {
            slot.restart(&seats, family);
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

    /// Writes every seat's observation of every slot's game into `out`
    /// (`N * PLAYERS * OBS_SIZE` values: slot 0's seat 0 first), for a
    /// caller that plays all four seats and wants each one's view.
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

    /// A list of `n` actions must hold one a game.
    fn check_actions(&self, n: usize) -> Result<(), VectorError> {
        if n == self.slots.len() {
            return Ok(());
        }
        Err(VectorError::Shape(format!(
            "{n} actions for {} games",
            self.slots.len()
        )))
    }

    /// For each slot, whether its action is one its pending decision's
    /// mask forbids (the judge puts such a seat out; the action of a slot
    /// whose game is over is ignored, never masked). Actions are checked
    /// as [`Vector::step`] checks them.
    pub fn masked(&self, actions: &[u32]) -> Result<Vec<bool>, VectorError> {
        self.check_actions(actions.len())?;
        self.slots
            .iter()
            .zip(actions)
            .enumerate()
            .map(|(i, (slot, &a))| {
                let action = Action::from_index(a as usize).ok_or_else(|| {
                    VectorError::Shape(format!("action {a} is not below {ACTIONS}"))
                })?;
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

    /// [`Vector::step`] that says which actions were masked
    /// ([`Vector::masked`], worked out once); with `refuse`, a masked
    /// action refuses the whole step ([`VectorError::Illegal`], the first
    /// such slot) before any game moves, for a caller that wants no
    /// illegal action played.
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

    /// Answers each slot's decision with its action (numbers of
    /// [`Action::index`]; an illegal one puts that seat out, as the judge
    /// does), plays on to the next decisions, and writes them. A slot
    /// whose game ended at the step before starts its next game instead
    /// (its action ignored; [`Autoreset::NextStep`]); one whose game ends
    /// now is replaced as [`Vector::autoreset`] says.
    pub fn step(&mut self, actions: &[u32], out: &mut Out<'_>) -> Result<(), VectorError> {
        self.check(out)?;
        self.check_actions(actions.len())?;
        let parsed: Vec<Action> = actions
            .iter()
            .map(|&a| {
                Action::from_index(a as usize)
                    .ok_or_else(|| VectorError::Shape(format!("action {a} is not below {ACTIONS}")))
            })
            .collect::<Result<_, _>>()?;
        if self.autoreset == Autoreset::Disabled {
            if let Some(i) = self.slots.iter().position(|s| s.over.is_some()) {
                return Err(VectorError::Over(i));
            }
        }
        let (seats, family, mode) = (self.seats, self.family, self.autoreset);
        for (i, (slot, action)) in self.slots.iter_mut().zip(parsed).enumerate() {
            let rewards = &mut out.rewards[i * PLAYERS..(i + 1) * PLAYERS];
            rewards.fill(0.0);
            out.reward[i] = 0.0;
            out.done[i] = 0;
            if slot.over.is_some() {
                slot.restart(&seats, family);
                write(slot, i, out);
                continue;
            }
            let p = slot.env.to_act().expect("a decision is pending");
            slot.env
                .step(action)
                .expect("every slot has a decision pending");
            if let Some(points) = slot.env.points() {
                for (r, x) in rewards.iter_mut().zip(points) {
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
                    slot.restart(&seats, family);
                } else {
                    slot.over = Some(p);
                }
            }
            write(slot, i, out);
        }
        Ok(())
    }

    /// Writes a uniformly random legal action of each slot's pending
    /// decision (numbers of [`Action::index`]) into `out`, one a slot,
    /// from the vector's own stream (the same seed and calls give the
    /// same actions). A random policy that costs nothing beside a step.
    /// A slot whose game is over gets 0 (its action is ignored) and draws
    /// nothing.
    pub fn random_actions(&mut self, out: &mut [u32]) -> Result<(), VectorError> {
        self.check_actions(out.len())?;
        for (a, slot) in out.iter_mut().zip(&self.slots) {
            let Some(mask) = slot.env.pending_mask() else {
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

/// The next game of a slot with a decision of the caller pending (a game
/// that ends before any is skipped).
fn next_game(rng: &mut Rng, seats: &[Option<BuiltIn>; PLAYERS], family: Family) -> Env {
    loop {
        let wall = family_wall(rng, family);
        let bots = std::array::from_fn(|p| {
            let seed = rng.next_u64();
            seats[p].map(|b| b.bot(seed))
        });
        let env = Env::new(&wall, bots, false);
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

/// Writes every seat's observation of `env`, seat 0 first.
fn observe_every_seat(env: &Env, out: &mut [u8]) {
    for (p, row) in out.chunks_exact_mut(OBS_SIZE).enumerate() {
        env.observe(p, row);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::noi2014::learn::env::Mask;

    /// Buffers for `n` games.
    struct Bufs {
        obs: Vec<u8>,
        masks: Vec<u8>,
        seats: Vec<u8>,
        rewards: Vec<f32>,
        reward: Vec<f32>,
        done: Vec<u8>,
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
                final_obs: None,
            }
        }
    }

    /// Steps `v` with the first legal action of each slot after `skip`
    /// (a policy that reads the masks); the record of everything written.
    fn run(v: &mut Vector, steps: usize) -> (Vec<u8>, Vec<f32>, usize) {
        let n = v.len();
        let mut b = Bufs::new(n);
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
        let mut b = Bufs::new(1);
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
        let (mut ba, mut bb) = (Bufs::new(16), Bufs::new(16));
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
            c.step(&xc, &mut Bufs::new(16).out()).unwrap();
        }
        assert!(differ, "another seed drew the same actions");
        // Drawing actions does not move a game: a vector that draws and
        // one that does not play the same.
        let mut d = Vector::new(16, seats, Family::Uniform, 3).unwrap();
        let mut e = Vector::new(16, seats, Family::Uniform, 3).unwrap();
        d.random_actions(&mut xa).unwrap();
        let (mut bd, mut be) = (Bufs::new(16), Bufs::new(16));
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
        let mut b = Bufs::new(2);
        assert!(v.step(&[81], &mut b.out()).is_err());
        assert!(v.step(&[81, 85], &mut b.out()).is_err());
        let mut small = Bufs::new(1);
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
        let mut before = Bufs::new(2);
        v.current(&mut before.out()).unwrap();
        let mut b = Bufs::new(2);
        assert_eq!(
            v.step_flagged(&actions, &mut b.out(), true),
            Err(VectorError::Illegal {
                game: 1,
                action: actions[1]
            })
        );
        let mut after = Bufs::new(2);
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
        let mut b = Bufs::new(n);
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
        let mut b = Bufs::new(2);
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
            let mut b = Bufs::new(4);
            v.current(&mut b.out()).unwrap();
            (b.obs, b.masks)
        };
        let mut b = Bufs::new(4);
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
