//! What every binding file shares: a Python error from a message, the
//! slot where a Python bot's exception waits for its caller, the lock
//! taken only with the GIL released, and the pieces of a game's
//! `state()`, `from_state` and pickling.

use mahjong_sim::learn::saved::{SaveError, SavedBot};
use mahjong_sim::named::BuiltInBot;
use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use std::sync::{Arc, Mutex};

/// A `ValueError` saying `e`.
pub(crate) fn value_error(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// The built-in bot of ruleset `title` named `name`, or a `ValueError`
/// naming them all: one message for a game's seat, a batched game's and
/// an environment's opponents.
pub(crate) fn built_in<B: BuiltInBot>(title: &str, name: &str) -> PyResult<B> {
    B::parse(name)
        .map_err(value_error)?
        .ok_or_else(|| value_error(format!("unknown {title} bot `{name}`: {}", B::NAMES)))
}

/// The error a Python bot raised, kept until the call that ran it returns.
pub(crate) type Raised = Arc<Mutex<Option<PyErr>>>;

/// The error a Python bot raised in the call that just returned, if any
/// (the slot emptied).
pub(crate) fn take_raised(raised: &Raised) -> PyResult<()> {
    match raised.lock().expect("not poisoned").take() {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// `n` seats given for a table of `N`: a `ValueError` unless `n` is `N`.
pub(crate) fn seat_count<const N: usize>(n: usize) -> PyResult<()> {
    if n != N {
        return Err(value_error(format!("{n} seats: a table seats {N}")));
    }
    Ok(())
}

/// Seat `seat` of a table of `N`: a `ValueError` past the last.
pub(crate) fn seat_index<const N: usize>(seat: usize) -> PyResult<usize> {
    if seat >= N {
        return Err(value_error(format!(
            "seat {seat}: seats are 0 to {}",
            N - 1
        )));
    }
    Ok(seat)
}

/// A finished game's record and its seats' labels (`labels`, one a seat,
/// else `own`), for its log and replay page: a `RuntimeError` unless the
/// game is `over` and was recorded (`game`).
pub(crate) fn finished<G, const N: usize>(
    over: bool,
    game: Option<G>,
    labels: Option<Vec<String>>,
    own: [String; N],
) -> PyResult<(G, [String; N])> {
    if !over {
        return Err(PyRuntimeError::new_err("the game is not over"));
    }
    let game =
        game.ok_or_else(|| PyRuntimeError::new_err("the game was not recorded (record=False)"))?;
    let labels = match labels {
        None => own,
        Some(l) => <[String; N]>::try_from(l)
            .map_err(|l| value_error(format!("{} labels: one a seat", l.len())))?,
    };
    Ok((game, labels))
}

/// `f` on `value`, locked while this thread does not hold the GIL: the
/// lock is taken after the GIL is released and given back before it is
/// taken again. So no thread ever holds the lock while it waits for the
/// GIL, and a thread that holds the GIL never waits for the lock: two
/// threads using one object (one stepping, one reading) cannot deadlock.
/// A panic that poisoned the lock left the value as it was; it is used.
pub(crate) fn locked<T: Send, R: Send>(
    py: Python<'_>,
    value: &Mutex<T>,
    f: impl FnOnce(&mut T) -> R + Send,
) -> R {
    py.detach(|| f(&mut value.lock().unwrap_or_else(|e| e.into_inner())))
}

/// A game's seats as its saved game names them (`None` for the caller's,
/// a built-in bot's name and seed), while the table is set; `None` once a
/// seat is a Python callable or policy, whose state is its own: such a
/// game cannot be saved.
pub(crate) type SavedSeats<const N: usize> = Option<[Option<SavedBot>; N]>;

/// Notes in `seats` seat `p`'s bot: `built_in` (its name) drawing from
/// `seed`, the caller's when there is no `bot`, else a Python one.
pub(crate) fn note_seat<const N: usize, B>(
    seats: &mut SavedSeats<N>,
    p: usize,
    bot: &Option<B>,
    built_in: Option<String>,
    seed: u64,
) {
    if let Some(saved) = seats {
        match (built_in, bot) {
            (Some(name), _) => saved[p] = Some(SavedBot { bot: name, seed }),
            (None, None) => {}
            (None, Some(_)) => *seats = None,
        }
    }
}

/// `state()`: the saved game's JSON text; `TypeError` when a seat is a
/// Python callable (`saved` is `None`), `RuntimeError` when the game kept
/// no answers to save.
pub(crate) fn state_text<S: serde::Serialize>(
    saved: Option<Result<S, SaveError>>,
) -> PyResult<String> {
    let saved = saved
        .ok_or_else(|| {
            PyTypeError::new_err(
                "a seat is a Python callable: a game with Python bots cannot be saved",
            )
        })?
        .map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
    serde_json::to_string(&saved).map_err(value_error)
}

/// A `state()` text refused: `ValueError`, saying it is no saved game of
/// `ruleset` (or of which format and version it is).
pub(crate) fn refused_state(ruleset: &str, e: SaveError) -> PyErr {
    match e {
        SaveError::Json(why) => value_error(format!("not a saved {ruleset} game: {why}")),
        e => value_error(e.to_string()),
    }
}

/// How logs name a restored game's seats: `caller`, or the bot's name.
pub(crate) fn saved_labels<const N: usize>(seats: &[Option<SavedBot>; N]) -> [String; N] {
    std::array::from_fn(|p| {
        seats[p]
            .as_ref()
            .map_or_else(|| "caller".to_string(), |b| b.bot.clone())
    })
}

/// `__reduce__` of a game: the module function `rebuild` (which reads a
/// `state()` text) and its argument, for pickle and copy.deepcopy.
pub(crate) fn reduce<'py>(
    py: Python<'py>,
    rebuild: &str,
    state: String,
) -> PyResult<(Bound<'py, PyAny>, (String,))> {
    let rebuild = py.import("mahjong_sim._native")?.getattr(rebuild)?;
    Ok((rebuild, (state,)))
}
