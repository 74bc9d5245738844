//! Many games stepped at once, for batched learning: `N` [`Env`]s, one
//! decision pending in each, all answered by one call that writes flat
//! buffers (observations, masks, seats, rewards, done flags). A finished
//! game is replaced at once by the next one of its slot (auto-reset), so
//! every slot always has a decision pending.
//!
//! Deterministic from the seed: slot `i` draws its walls (of the family
//! given) and its bots' seeds from its own stream, so what a slot plays
//! depends only on the seed, `i` and the actions given to it.

use super::bot::BuiltIn;
use super::env::{Action, Env, ACTIONS, OBS_SIZE};
use super::families::{family_wall, Family};
use super::{Rng, PLAYERS};

/// A [`Vector`] that cannot be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VectorError {
    /// Every seat is a bot: the caller would never decide anything.
    #[error("at least one seat must be the caller's (None)")]
    NoCallerSeat,
    /// An action number outside the action space, or a buffer of the
    /// wrong length.
    #[error("{0}")]
    Shape(String),
    /// An action the pending decision's mask forbids, refused by
    /// [`Vector::step_flagged`] before any game moved.
    #[error("game {game}: action {action} is not legal there (its mask is 0)")]
    Illegal {
        /// The slot.
        game: usize,
        /// The action given.
        action: u32,
    },
}

/// One slot: its game and its stream.
struct Slot {
    env: Env,
    rng: Rng,
    /// Games this slot has started.
    games: u64,
}

/// `N` games stepped together.
pub struct Vector {
    slots: Vec<Slot>,
    seats: [Option<BuiltIn>; PLAYERS],
    family: Family,
    /// The stream of [`Vector::random_actions`], apart from the slots'
    /// own so that drawing random actions changes no game.
    sampler: Rng,
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
    /// `N`: 1 when a game ended at this step (the slot then shows the next
    /// game's first decision).
    pub done: &'a mut [u8],
}

impl Vector {
    /// `n` games on walls of `family`; `seats[p]` is `None` for the
    /// caller's seats, or the built-in bot that plays seat `p`.
    pub fn new(
        n: usize,
        seats: [Option<BuiltIn>; PLAYERS],
        family: Family,
        seed: u64,
    ) -> Result<Vector, VectorError> {
        if seats.iter().all(Option::is_some) {
            return Err(VectorError::NoCallerSeat);
        }
        let slots = (0..n)
            .map(|i| {
                let mut mix = Rng::new(seed ^ (i as u64).wrapping_mul(0xA24B_AED4_963E_E407));
                let mut rng = Rng::new(mix.next_u64());
                let env = next_game(&mut rng, &seats, family);
                Slot { env, rng, games: 1 }
            })
            .collect();
        Ok(Vector {
            slots,
            seats,
            family,
            sampler: Rng::new(seed ^ 0x5EED_AC71_0B5A_3F11),
        })
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

    /// Writes every slot's pending decision (rewards and done flags 0).
    pub fn current(&self, out: &mut Out<'_>) -> Result<(), VectorError> {
        self.check(out)?;
        out.rewards.fill(0.0);
        out.done.fill(0);
        for (i, slot) in self.slots.iter().enumerate() {
            write(&slot.env, i, out);
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
    /// mask forbids (the judge puts such a seat out). Actions are checked
    /// as [`Vector::step`] checks them.
    pub fn masked(&self, actions: &[u32]) -> Result<Vec<bool>, VectorError> {
        self.check_actions(actions.len())?;
        self.slots
            .iter()
            .zip(actions)
            .map(|(slot, &a)| {
                let action = Action::from_index(a as usize).ok_or_else(|| {
                    VectorError::Shape(format!("action {a} is not below {ACTIONS}"))
                })?;
                let (_, _, mask) = slot
                    .env
                    .decision()
                    .expect("every slot has a decision pending");
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
    /// does), plays on to the next decisions, and writes them.
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
        let (seats, family) = (self.seats, self.family);
        for (i, (slot, action)) in self.slots.iter_mut().zip(parsed).enumerate() {
            slot.env
                .step(action)
                .expect("every slot has a decision pending");
            let rewards = &mut out.rewards[i * PLAYERS..(i + 1) * PLAYERS];
            match slot.env.points() {
                Some(points) => {
                    for (r, p) in rewards.iter_mut().zip(points) {
                        *r = p as f32;
                    }
                    out.done[i] = 1;
                    slot.env = next_game(&mut slot.rng, &seats, family);
                    slot.games += 1;
                }
                None => {
                    rewards.fill(0.0);
                    out.done[i] = 0;
                }
            }
            write(&slot.env, i, out);
        }
        Ok(())
    }

    /// Writes a uniformly random legal action of each slot's pending
    /// decision (numbers of [`Action::index`]) into `out`, one a slot,
    /// from the vector's own stream (the same seed and calls give the
    /// same actions). A random policy that costs nothing beside a step.
    pub fn random_actions(&mut self, out: &mut [u32]) -> Result<(), VectorError> {
        self.check_actions(out.len())?;
        for (a, slot) in out.iter_mut().zip(&self.slots) {
            let mask = slot.env.pending_mask().expect("a decision is pending");
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

/// Writes slot `i`'s pending decision.
fn write(env: &Env, i: usize, out: &mut Out<'_>) {
    let (p, _, mask) = env.decision().expect("a decision is pending");
    env.observe(p, &mut out.obs[i * OBS_SIZE..(i + 1) * OBS_SIZE]);
    mask.write(&mut out.masks[i * ACTIONS..(i + 1) * ACTIONS]);
    out.seats[i] = p as u8;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::noi2014::env::Mask;

    /// Buffers for `n` games.
    struct Bufs {
        obs: Vec<u8>,
        masks: Vec<u8>,
        seats: Vec<u8>,
        rewards: Vec<f32>,
        done: Vec<u8>,
    }

    impl Bufs {
        fn new(n: usize) -> Bufs {
            Bufs {
                obs: vec![0; n * OBS_SIZE],
                masks: vec![0; n * ACTIONS],
                seats: vec![0; n],
                rewards: vec![0.0; n * PLAYERS],
                done: vec![0; n],
            }
        }

        fn out(&mut self) -> Out<'_> {
            Out {
                obs: &mut self.obs,
                masks: &mut self.masks,
                seats: &mut self.seats,
                rewards: &mut self.rewards,
                done: &mut self.done,
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
            v.step(&actions, &mut b.out()).unwrap();
            trace.extend_from_slice(&b.obs);
            trace.extend_from_slice(&b.seats);
            for i in 0..n {
                let r = &b.rewards[i * PLAYERS..(i + 1) * PLAYERS];
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
                break;
            }
            assert_eq!(b.done[0], 0);
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
}
