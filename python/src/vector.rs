//! What both batched bindings (`VecGame`, NOI2014; `McrVecGame`, MCR)
//! share, generic over the ruleset's single-game environment: arguments
//! checked, the library's [`Vector`] stepped with the GIL released, its
//! buffers handed to numpy without a copy. The pyclasses stay apart
//! (pyo3 classes cannot be generic); their methods call these.

use super::common::{locked, seat_count, value_error};
use mahjong_sim::learn::vector::{Buffers, Out, SingleEnv, Vector};
use mahjong_sim::learn::{Autoreset, VectorError};
use numpy::{PyArray1, PyArray2, PyArray3, PyArray4, PyArrayMethods, PyReadonlyArray1};
use pyo3::prelude::*;
use std::sync::Mutex;

/// A ruleset's environment with its observation's shape as numpy shows
/// it: `(OBS_ROWS, KINDS)`, `OBS_ROWS * KINDS` bytes.
pub(crate) trait Shaped: SingleEnv<Setup: Send> + Send {
    /// Rows of an observation.
    const OBS_ROWS: usize;
    /// Columns of an observation (tile kinds).
    const KINDS: usize;
}

/// The autoreset mode named `name` (Gymnasium's `AutoresetMode` values).
pub(crate) fn autoreset(name: &str) -> PyResult<Autoreset> {
    Autoreset::parse(name).ok_or_else(|| {
        value_error(format!(
            "autoreset `{name}`: one of {}",
            Autoreset::NAMES.join(", ")
        ))
    })
}

/// Four seats: `None` (the caller's) or a bot's name read by `parse`.
pub(crate) fn seats<B, const N: usize>(
    seats: &[Option<String>],
    parse: impl Fn(&str) -> PyResult<B>,
) -> PyResult<[Option<B>; N]> {
    seat_count::<N>(seats.len())?;
    let mut built: [Option<B>; N] = std::array::from_fn(|_| None);
    for (slot, name) in built.iter_mut().zip(seats) {
        *slot = name.as_deref().map(&parse).transpose()?;
    }
    Ok(built)
}

/// The arrays of one batched call, `n` rows each.
pub(crate) struct Arrays<'py> {
    /// `(n, OBS_ROWS, KINDS)`: the observation of the seat to act.
    pub obs: Bound<'py, PyArray3<u8>>,
    /// `(n, ACTIONS)`: its legal actions.
    pub masks: Bound<'py, PyArray2<u8>>,
    /// `(n,)`: the seat to act.
    pub seats: Bound<'py, PyArray1<u8>>,
    /// `(n, PLAYERS)`: every seat's reward of the games that ended.
    pub rewards: Bound<'py, PyArray2<f32>>,
    /// `(n,)` float64 (Gymnasium's reward dtype): the deciding seat's.
    pub reward: Bound<'py, PyArray1<f64>>,
    /// `(n,)`: the games that ended.
    pub done: Bound<'py, PyArray1<bool>>,
    /// `(k, PLAYERS, OBS_ROWS, KINDS)`: every seat's view of the end of
    /// the `k` games that ended (same-step autoreset).
    pub finals: Bound<'py, PyArray4<u8>>,
    /// `(n, PLAYERS, OBS_ROWS, KINDS)`, when asked: every seat's view
    /// after the call, read under the same lock.
    pub all: Option<Bound<'py, PyArray4<u8>>>,
}

/// Every seat's observations of some games, `(games, PLAYERS, OBS_ROWS,
/// KINDS)`.
pub(crate) fn every_seat<E: Shaped>(
    py: Python<'_>,
    obs: Vec<u8>,
) -> PyResult<Bound<'_, PyArray4<u8>>> {
    let games = obs.len() / (E::PLAYERS * E::OBS_SIZE);
    PyArray1::from_vec(py, obs).reshape([games, E::PLAYERS, E::OBS_ROWS, E::KINDS])
}

/// New arrays for every game of `vector`, filled by `fill` with the GIL
/// released and the vector locked (see [`locked`]); with `every`, every
/// seat's observations after it, under the same lock.
pub(crate) fn batch<'py, E: Shaped>(
    py: Python<'py>,
    vector: &Mutex<Vector<E>>,
    every: bool,
    fill: impl FnOnce(&mut Vector<E>, &mut Out<'_>) -> Result<(), VectorError> + Send,
) -> PyResult<Arrays<'py>> {
    let (n, b, all) = locked(py, vector, |v| {
        let n = v.len();
        let mut b = Buffers::new::<E>(n);
        fill(v, &mut b.out())?;
        let all = if every {
            let mut all = vec![0u8; n * E::PLAYERS * E::OBS_SIZE];
            v.observe_all(&mut all)?;
            Some(all)
        } else {
            None
        };
        Ok::<_, VectorError>((n, b, all))
    })
    .map_err(value_error)?;
    Ok(Arrays {
        obs: PyArray1::from_vec(py, b.obs).reshape([n, E::OBS_ROWS, E::KINDS])?,
        masks: PyArray1::from_vec(py, b.masks).reshape([n, E::ACTIONS])?,
        seats: PyArray1::from_vec(py, b.seats),
        rewards: PyArray1::from_vec(py, b.rewards).reshape([n, E::PLAYERS])?,
        reward: PyArray1::from_vec(py, b.reward.into_iter().map(f64::from).collect()),
        done: PyArray1::from_vec(py, b.done.into_iter().map(|d| d == 1).collect()),
        finals: every_seat::<E>(py, b.finals)?,
        all: all.map(|a| every_seat::<E>(py, a)).transpose()?,
    })
}

/// Restarts every game (with `seed` as a new vector of that seed, else
/// each game's next one) or those `which` flags, and shows them as
/// `current`, under one lock.
pub(crate) fn reset<'py, E: Shaped>(
    py: Python<'py>,
    vector: &Mutex<Vector<E>>,
    seed: Option<u64>,
    which: Option<PyReadonlyArray1<'py, bool>>,
    every: bool,
) -> PyResult<Arrays<'py>> {
    let which = match which {
        Some(_) if seed.is_some() => {
            return Err(value_error(
                "a seed restarts every game: give it without which",
            ))
        }
        Some(w) => Some(w.as_slice().map_err(value_error)?.to_vec()),
        None => None,
    };
    batch(py, vector, every, |v, out| {
        match &which {
            Some(w) => v.reset_slots(w)?,
            None => v.reset(seed),
        }
        v.current(out)
    })
}

/// One step of every game with `actions` (see [`Vector::step_flagged`]):
/// the arrays and the flags of the masked actions.
pub(crate) fn step<'py, E: Shaped>(
    py: Python<'py>,
    vector: &Mutex<Vector<E>>,
    actions: PyReadonlyArray1<'py, u32>,
    strict: bool,
    every: bool,
) -> PyResult<(Arrays<'py>, Bound<'py, PyArray1<bool>>)> {
    // A copy: Python may write to its array while the GIL is released.
    let actions = actions.as_slice().map_err(value_error)?.to_vec();
    let mut illegal = Vec::new();
    let arrays = batch(py, vector, every, |v, out| {
        illegal = v.step_flagged(&actions, out, strict)?;
        Ok(())
    })?;
    Ok((arrays, PyArray1::from_vec(py, illegal)))
}

/// A uniformly random legal action of every pending decision (uint32; 0
/// for a finished game), from the vector's own stream.
pub(crate) fn random_actions<'py, E: Shaped>(
    py: Python<'py>,
    vector: &Mutex<Vector<E>>,
) -> PyResult<Bound<'py, PyArray1<u32>>> {
    let actions = locked(py, vector, |v| {
        let mut a = vec![0u32; v.len()];
        v.random_actions(&mut a).map(|()| a)
    })
    .map_err(value_error)?;
    Ok(PyArray1::from_vec(py, actions))
}
