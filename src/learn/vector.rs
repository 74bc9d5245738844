//! Many games stepped at once, for batched learning, whatever the
//! ruleset: `N` single-game environments ([`SingleEnv`]), one decision
//! pending in each, all answered by one call that writes flat buffers
//! (observations, masks, seats, rewards, done flags). A finished game is
//! replaced by the next one of its slot as [`Autoreset`] says
//! (Gymnasium's three autoreset modes): in the step that ended it, in the
//! step after, or when [`Vector::reset_slots`] asks.
//!
//! Deterministic from the seed: slot `i` draws its games from its own
//! stream ([`SingleEnv::start`]), so what a slot plays depends only on
//! the seed, `i` and the actions given to it.

use super::{nth_bit, write_bits, Autoreset, VectorError};
use crate::rng::Rng;

/// A ruleset's set of legal actions, a bit an action number (bit `k` of
/// word `w` is action `64 * w + k`): what [`SingleEnv`] reads of a
/// decision.
pub trait ActionMask: Copy {
    /// The bits' words, lowest first.
    type Words: AsRef<[u64]>;

    /// The set's words.
    fn words(self) -> Self::Words;
}

/// What a ruleset's single-game learning environment offers the batched
/// [`Vector`]: a game started from a stream, its pending decision (seat,
/// legal actions), a step by action number, observations, and every
/// seat's outcome at the end. The rest (masks written, actions checked
/// and drawn, rewards) is worked out here, the same for every ruleset.
pub trait SingleEnv {
    /// Seats at a table.
    const PLAYERS: usize;
    /// Bytes of one seat's observation.
    const OBS_SIZE: usize;
    /// Number of actions.
    const ACTIONS: usize;
    /// What every game of a vector is made of (the seats' bots, the
    /// walls or options), the same for every slot.
    type Setup;
    /// The legal actions of a decision.
    type Mask: ActionMask;

    /// A game drawn from the stream `rng` (its wall, then each bot's
    /// seed), played up to the caller's first decision or the end.
    fn deal(rng: &mut Rng, setup: &Self::Setup) -> Self;

    /// The pending decision: its seat and legal actions; `None` once the
    /// game is over.
    fn pending(&self) -> Option<(usize, Self::Mask)>;

    /// Answers the pending decision with action number `action` (below
    /// [`SingleEnv::ACTIONS`]; an illegal one is played as the judge
    /// plays it) and plays on to the next decision or the end.
    fn step(&mut self, action: usize);

    /// Writes seat `p`'s observation ([`SingleEnv::OBS_SIZE`] bytes).
    fn observe(&self, p: usize, out: &mut [u8]);

    /// Once the game is over, every seat's outcome (NOI2014's points,
    /// MCR's scores), seat 0 first; `None` before.
    fn outcome(&self) -> Option<impl IntoIterator<Item = f64>>;

    /// The next game of a slot, drawn from its stream `rng`, with a
    /// decision of the caller pending (games that end before one are
    /// skipped).
    fn start(rng: &mut Rng, setup: &Self::Setup) -> Self
    where
        Self: Sized,
    {
        loop {
            let env = Self::deal(rng, setup);
            if env.pending().is_some() {
                return env;
            }
        }
    }

    /// The seat of the pending decision; `None` once the game is over.
    fn to_act(&self) -> Option<usize> {
        self.pending().map(|(p, _)| p)
    }

    /// Writes the pending decision's legal actions into `mask`
    /// ([`SingleEnv::ACTIONS`] bytes, 1 for each legal one) and returns
    /// its seat; `None` (nothing written) once the game is over.
    fn write_decision(&self, mask: &mut [u8]) -> Option<usize> {
        let (p, m) = self.pending()?;
        write_bits(m.words().as_ref(), &mut mask[..Self::ACTIONS]);
        Some(p)
    }

    /// Whether action number `action` (below [`SingleEnv::ACTIONS`]) is
    /// legal at the pending decision; `None` once the game is over.
    fn allows(&self, action: usize) -> Option<bool> {
        if action >= Self::ACTIONS {
            return None;
        }
        let (_, m) = self.pending()?;
        let word = m.words().as_ref().get(action / 64).copied().unwrap_or(0);
        Some(word >> (action % 64) & 1 == 1)
    }

    /// A uniformly random legal action number of the pending decision,
    /// drawn from `rng`; `None` (nothing drawn) once the game is over.
    fn random_action(&self, rng: &mut Rng) -> Option<usize> {
        let (_, m) = self.pending()?;
        let words = m.words();
        let len = words.as_ref().iter().map(|w| w.count_ones() as usize).sum();
        nth_bit(words.as_ref(), rng.below(len))
    }

    /// Once the game is over, writes every seat's reward (its
    /// [`SingleEnv::outcome`]) into `out` ([`SingleEnv::PLAYERS`] values)
    /// and returns true; false before.
    fn rewards(&self, out: &mut [f32]) -> bool {
        let Some(outcome) = self.outcome() else {
            return false;
        };
        for (r, x) in out.iter_mut().zip(outcome) {
            *r = x as f32;
        }
        true
    }
}

/// What every game of a vector is made of, whatever the ruleset: the
/// seats' built-in bots (`None` for the caller's seats) and the rules
/// (MCR's judge options, NOI2014's family of walls).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setup<B, R, const N: usize> {
    /// By seat: the built-in bot that plays it, `None` for the caller's.
    pub seats: [Option<B>; N],
    /// The rules every game follows.
    pub rules: R,
}

/// The bots of a game's seats, `None` for the caller's: `bot(b, seed)`
/// for each seat's built-in bot `b`, every seat drawing a seed from `rng`
/// in seat order (the caller's too, so that a seat's bot does not depend
/// on the others').
pub fn seat_bots<B: Copy, T, const N: usize>(
    rng: &mut Rng,
    seats: &[Option<B>; N],
    bot: impl Fn(B, u64) -> T,
) -> [Option<T>; N] {
    std::array::from_fn(|p| {
        let seed = rng.next_u64();
        seats[p].map(|b| bot(b, seed))
    })
}

/// The [`SingleEnv`] items a ruleset's `Env` answers alike, given its
/// action and mask types: the sizes from the ruleset's constants of the
/// same names in scope (`PLAYERS`, `OBS_SIZE`, `ACTIONS`), and `pending`,
/// `step` (an action number made an action, `from_index`) and `observe`
/// from the `Env`'s own methods `decision` (seat, request, mask), `step`
/// and `observe`.
macro_rules! env_items {
    ($action:ty, $mask:ty) => {
        const PLAYERS: usize = PLAYERS;
        const OBS_SIZE: usize = OBS_SIZE;
        const ACTIONS: usize = ACTIONS;
        type Mask = $mask;

        fn pending(&self) -> Option<(usize, Self::Mask)> {
            self.decision().map(|(p, _, m)| (p, m))
        }

        fn step(&mut self, action: usize) {
            let a = <$action>::from_index(action).expect("an action number");
            Self::step(self, a).expect("a decision is pending");
        }

        fn observe(&self, p: usize, out: &mut [u8]) {
            Self::observe(self, p, out);
        }
    };
}
pub(crate) use env_items;

/// One slot: its game and its stream.
struct Slot<E> {
    env: E,
    rng: Rng,
    /// Games this slot has started.
    games: u64,
    /// The seat that decided last, while the slot holds a finished game
    /// not yet replaced ([`Autoreset::NextStep`], [`Autoreset::Disabled`]).
    over: Option<usize>,
}

impl<E: SingleEnv> Slot<E> {
    /// Slot `i` of a vector seeded with `seed`, on its first game.
    fn new(seed: u64, i: usize, setup: &E::Setup) -> Slot<E> {
        let mut mix = Rng::new(seed ^ (i as u64).wrapping_mul(0xA24B_AED4_963E_E407));
        let mut rng = Rng::new(mix.next_u64());
        let env = E::start(&mut rng, setup);
        Slot {
            env,
            rng,
            games: 1,
            over: None,
        }
    }

    /// The slot's next game, from its stream.
    fn restart(&mut self, setup: &E::Setup) {
        self.env = E::start(&mut self.rng, setup);
        self.games += 1;
        self.over = None;
    }

    /// Writes the slot's pending decision (mask and observation) as row
    /// `i` of `out`, or for a finished game the view of the seat that
    /// decided last, with no legal action.
    fn write(&self, i: usize, out: &mut Out<'_>) {
        let masks = &mut out.masks[i * E::ACTIONS..(i + 1) * E::ACTIONS];
        let p = match self.over {
            Some(p) => {
                masks.fill(0);
                p
            }
            None => self
                .env
                .write_decision(masks)
                .expect("a slot's game is either over or asks a decision"),
        };
        self.env
            .observe(p, &mut out.obs[i * E::OBS_SIZE..(i + 1) * E::OBS_SIZE]);
        out.seats[i] = p as u8;
    }
}

/// `N` games of `E` stepped together.
pub struct Vector<E: SingleEnv> {
    slots: Vec<Slot<E>>,
    setup: E::Setup,
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
    /// `N * PLAYERS`: each seat's reward (NOI2014's points, MCR's
    /// scores) of the game that ended at this step (0 when none did).
    pub rewards: &'a mut [f32],
    /// `N`: the reward of the seat that decided at this step, in the step
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

/// Buffers of the right sizes for a vector of `n` games of `E`, owned:
/// [`Buffers::out`] lends them to a step.
#[derive(Clone, Debug, PartialEq)]
pub struct Buffers {
    /// See [`Out::obs`].
    pub obs: Vec<u8>,
    /// See [`Out::masks`].
    pub masks: Vec<u8>,
    /// See [`Out::seats`].
    pub seats: Vec<u8>,
    /// See [`Out::rewards`].
    pub rewards: Vec<f32>,
    /// See [`Out::reward`].
    pub reward: Vec<f32>,
    /// See [`Out::done`].
    pub done: Vec<u8>,
    /// See [`Out::final_obs`] (always given).
    pub finals: Vec<u8>,
}

impl Buffers {
    /// Zeroed buffers for `n` games of `E`.
    pub fn new<E: SingleEnv>(n: usize) -> Buffers {
        Buffers {
            obs: vec![0; n * E::OBS_SIZE],
            masks: vec![0; n * E::ACTIONS],
            seats: vec![0; n],
            rewards: vec![0.0; n * E::PLAYERS],
            reward: vec![0.0; n],
            done: vec![0; n],
            finals: Vec::new(),
        }
    }

    /// The buffers lent to one call, the final observations appended
    /// to [`Buffers::finals`].
    pub fn out(&mut self) -> Out<'_> {
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

impl<E, B, R, const N: usize> Vector<E>
where
    E: SingleEnv<Setup = Setup<B, R, N>>,
{
    /// `n` games under `rules`; `seats[p]` is `None` for the caller's
    /// seats, or the built-in bot that plays seat `p`. A finished game is
    /// replaced at once ([`Autoreset::SameStep`]; see
    /// [`Vector::with_autoreset`]), so that every slot always has a
    /// decision pending.
    pub fn new(n: usize, seats: [Option<B>; N], rules: R, seed: u64) -> Result<Self, VectorError> {
        if seats.iter().all(Option::is_some) {
            return Err(VectorError::NoCallerSeat);
        }
        Ok(Vector::with_setup(n, Setup { seats, rules }, seed))
    }
}

impl<E: SingleEnv> Vector<E> {
    /// `n` games made of `setup` ([`Vector::new`] checks it first). A
    /// finished game is replaced at once
    /// ([`Autoreset::SameStep`]; see [`Vector::with_autoreset`]), so that
    /// every slot always has a decision pending.
    pub fn with_setup(n: usize, setup: E::Setup, seed: u64) -> Vector<E> {
        Vector {
            slots: (0..n).map(|i| Slot::new(seed, i, &setup)).collect(),
            setup,
            sampler: sampler(seed),
            autoreset: Autoreset::SameStep,
        }
    }

    /// The vector replacing finished games as `mode` says.
    pub fn with_autoreset(mut self, mode: Autoreset) -> Vector<E> {
        self.autoreset = mode;
        self
    }

    /// How finished games are replaced.
    pub fn autoreset(&self) -> Autoreset {
        self.autoreset
    }

    /// Every slot on a new game: with `seed`, the vector as
    /// [`Vector::with_setup`] makes it with that seed (the same games, the
    /// same random actions after); without, each slot's next game from
    /// its own stream.
    pub fn reset(&mut self, seed: Option<u64>) {
        let setup = &self.setup;
        match seed {
            Some(seed) => {
                for (i, slot) in self.slots.iter_mut().enumerate() {
                    let games = slot.games;
                    *slot = Slot::new(seed, i, setup);
                    slot.games += games;
                }
                self.sampler = sampler(seed);
            }
            None => self.slots.iter_mut().for_each(|s| s.restart(setup)),
        }
    }

    /// The slots `which` flags (one flag a slot) on their next games, each
    /// from its own stream; the others as they were.
    pub fn reset_slots(&mut self, which: &[bool]) -> Result<(), VectorError> {
        self.check_actions(which.len())?;
        let setup = &self.setup;
        for (slot, _) in self.slots.iter_mut().zip(which).filter(|(_, &w)| w) {
            slot.restart(setup);
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
    pub fn env(&self, i: usize) -> &E {
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
            slot.write(i, out);
        }
        Ok(())
    }

    /// Writes every seat's observation of every slot's game into `out`
    /// (`N * PLAYERS * OBS_SIZE` values: slot 0's seat 0 first), for a
    /// caller that plays all the seats and wants each one's view.
    pub fn observe_all(&self, out: &mut [u8]) -> Result<(), VectorError> {
        let want = self.slots.len() * E::PLAYERS * E::OBS_SIZE;
        if out.len() != want {
            return Err(VectorError::Shape(format!(
                "observations of every seat hold {} values, not {want}",
                out.len()
            )));
        }
        for (slot, rows) in self
            .slots
            .iter()
            .zip(out.chunks_exact_mut(E::PLAYERS * E::OBS_SIZE))
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

    /// `actions` checked: one a game, each an action number.
    fn parse(&self, actions: &[u32]) -> Result<(), VectorError> {
        self.check_actions(actions.len())?;
        match actions.iter().find(|&&a| a as usize >= E::ACTIONS) {
            Some(a) => Err(VectorError::Shape(format!(
                "action {a} is not below {}",
                E::ACTIONS
            ))),
            None => Ok(()),
        }
    }

    /// For each slot, whether its action is one its pending decision's
    /// mask forbids (the judge penalises such a seat; the action of a slot
    /// whose game is over is ignored, never masked). Actions are checked
    /// as [`Vector::step`] checks them.
    pub fn masked(&self, actions: &[u32]) -> Result<Vec<bool>, VectorError> {
        self.parse(actions)?;
        self.slots
            .iter()
            .zip(actions)
            .enumerate()
            .map(|(i, (slot, &a))| {
                if slot.over.is_some() {
                    if self.autoreset == Autoreset::Disabled {
                        return Err(VectorError::Over(i));
                    }
                    return Ok(false);
                }
                let legal = slot.env.allows(a as usize);
                Ok(!legal.expect("a decision is pending"))
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

    /// Answers each slot's decision with its action (an illegal one is
    /// played as the judge plays it), plays on to the next decisions, and
    /// writes them. A slot whose game ended at the step before starts its
    /// next game instead (its action ignored; [`Autoreset::NextStep`]);
    /// one whose game ends now is replaced as [`Vector::autoreset`] says.
    pub fn step(&mut self, actions: &[u32], out: &mut Out<'_>) -> Result<(), VectorError> {
        self.check(out)?;
        self.parse(actions)?;
        if self.autoreset == Autoreset::Disabled {
            if let Some(i) = self.slots.iter().position(|s| s.over.is_some()) {
                return Err(VectorError::Over(i));
            }
        }
        let (setup, mode) = (&self.setup, self.autoreset);
        for (i, (slot, &action)) in self.slots.iter_mut().zip(actions).enumerate() {
            let rewards = &mut out.rewards[i * E::PLAYERS..(i + 1) * E::PLAYERS];
            rewards.fill(0.0);
            out.reward[i] = 0.0;
            out.done[i] = 0;
            if slot.over.is_some() {
                slot.restart(setup);
                slot.write(i, out);
                continue;
            }
            let p = slot.env.to_act().expect("a decision is pending");
            slot.env.step(action as usize);
            if slot.env.rewards(rewards) {
                out.reward[i] = rewards[p];
                out.done[i] = 1;
                if mode == Autoreset::SameStep {
                    if let Some(finals) = out.final_obs.as_deref_mut() {
                        let start = finals.len();
                        finals.resize(start + E::PLAYERS * E::OBS_SIZE, 0);
                        observe_every_seat(&slot.env, &mut finals[start..]);
                    }
                    slot.restart(setup);
                } else {
                    slot.over = Some(p);
                }
            }
            slot.write(i, out);
        }
        Ok(())
    }

    /// Writes a uniformly random legal action of each slot's pending
    /// decision into `out`, one a slot, from the vector's own stream (the
    /// same seed and calls give the same actions). A random policy that
    /// costs nothing beside a step. A slot whose game is over gets 0 (its
    /// action is ignored) and draws nothing.
    pub fn random_actions(&mut self, out: &mut [u32]) -> Result<(), VectorError> {
        self.check_actions(out.len())?;
        for (a, slot) in out.iter_mut().zip(&self.slots) {
            *a = match slot.over {
                Some(_) => 0,
                None => slot.env.random_action(&mut self.sampler).unwrap_or(0) as u32,
            };
        }
        Ok(())
    }

    fn check(&self, out: &Out<'_>) -> Result<(), VectorError> {
        let n = self.slots.len();
        for (name, len, want) in [
            ("obs", out.obs.len(), n * E::OBS_SIZE),
            ("masks", out.masks.len(), n * E::ACTIONS),
            ("seats", out.seats.len(), n),
            ("rewards", out.rewards.len(), n * E::PLAYERS),
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

/// Writes every seat's observation of `env`, seat 0 first.
fn observe_every_seat<E: SingleEnv>(env: &E, out: &mut [u8]) {
    for (p, row) in out.chunks_exact_mut(E::OBS_SIZE).enumerate() {
        env.observe(p, row);
    }
}
