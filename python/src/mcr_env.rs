//! `mahjong_sim.mcr_env`'s native half: MCR games stepped decision by
//! decision (`McrGame`) and many at once (`McrVecGame`), the library's
//! `mcr::learn` with arguments checked and numpy arrays out. Every lock
//! is taken with the GIL released (`common::locked`).

use super::common::{
    built_in, finished, locked, note_seat, reduce, refused_state, saved_labels, seat_count,
    seat_index, state_text, take_raised, value_error, Raised, SavedSeats,
};
use super::vector::{self, Arrays, Shaped};
use mahjong_sim::contest::logs::seat_records;
use mahjong_sim::contest::seed::bot_seed;
use mahjong_sim::mcr::bots::bot::Bot;
use mahjong_sim::mcr::bots::built_in::BuiltIn;
use mahjong_sim::mcr::games::arena::Game;
use mahjong_sim::mcr::games::log::{self, OptionsRecord};
use mahjong_sim::mcr::games::walls::Family;
use mahjong_sim::mcr::input::parse_reading;
use mahjong_sim::mcr::judge::{Options, Request, PLAYERS};
use mahjong_sim::mcr::learn::action::{action_of, Action, ACTIONS};
use mahjong_sim::mcr::learn::env::{Env, PolicyBot, OBS_ROWS, OBS_SIZE};
use mahjong_sim::mcr::learn::saved::SavedGame;
use mahjong_sim::mcr::learn::vector::Vector;
use mahjong_sim::mcr::tile::{Tile, KINDS};
use mahjong_sim::named::{BuiltInBot, WallFamily};
use numpy::{PyArray1, PyArray2, PyArray3, PyArray4, PyArrayMethods, PyReadonlyArray1};
use pyo3::prelude::*;
use std::borrow::Cow;
use std::sync::{Arc, Mutex};

fn action(i: usize) -> PyResult<Action> {
    Action::from_index(i).ok_or_else(|| value_error(format!("action {i} is not below {ACTIONS}")))
}

/// The judge's options a game is made with, as `mcr play --reading
/// --python-twin` names them: `reading` (`judge2018` or `1.4.0`; another
/// word is a ValueError naming both) and `python_twin`.
fn judge_options(reading: &str, python_twin: bool) -> PyResult<Options> {
    let reading = parse_reading(reading).map_err(value_error)?;
    Ok(Options::named(reading, python_twin))
}

/// `options` as a log header's `options` (JSON text).
fn options_json(options: Options) -> PyResult<String> {
    serde_json::to_string(&OptionsRecord::from(options)).map_err(value_error)
}

fn tile(name: Option<&str>) -> PyResult<Option<Tile>> {
    name.map(|t| t.parse::<Tile>().map_err(value_error))
        .transpose()
}

/// A Python callable `request -> answer` (protocol strings) as a bot. An
/// exception answers `""` (the judge penalises the seat) and is raised
/// again once the call that ran it returns.
struct PyBot {
    f: Py<PyAny>,
    raised: Raised,
}

impl Bot for PyBot {
    fn respond(&mut self, request: &Request) -> Cow<'static, str> {
        Python::attach(|py| {
            match self
                .f
                .call1(py, (request.to_string(),))
                .and_then(|v| v.bind(py).extract::<String>())
            {
                Ok(s) => Cow::Owned(s),
                Err(e) => {
                    self.raised.lock().expect("not poisoned").get_or_insert(e);
                    Cow::Borrowed("")
                }
            }
        })
    }
}

/// A policy as an MCR bot: `policy(observation (11, 34), mask (241,)) ->
/// action number`, asked at each decision with the observation the bot
/// keeps from its own requests.
#[pyclass(module = "mahjong_sim._native", frozen)]
struct McrPolicy {
    f: Py<PyAny>,
}

#[pymethods]
impl McrPolicy {
    #[new]
    fn new(policy: Py<PyAny>) -> McrPolicy {
        McrPolicy { f: policy }
    }
}

fn policy_bot(f: Py<PyAny>, raised: Raised) -> Box<dyn Bot + Send> {
    Box::new(PolicyBot::new(move |obs: &[u8; OBS_SIZE], mask| {
        Python::attach(|py| {
            let mut m = vec![0u8; ACTIONS];
            mask.write(&mut m);
            let chosen = PyArray1::from_slice(py, obs)
                .reshape([OBS_ROWS, KINDS])
                .and_then(|o| f.call1(py, (o, PyArray1::from_vec(py, m))))
                .and_then(|a| a.bind(py).extract::<usize>())
                .and_then(action);
            chosen.unwrap_or_else(|e| {
                raised.lock().expect("not poisoned").get_or_insert(e);
                Action::Pass
            })
        })
    }))
}

/// A seat's bot (`None` for the caller's), its label, and the built-in
/// bot it is, if it is one.
type SeatBot = (Option<Box<dyn Bot + Send>>, String, Option<BuiltIn>);

/// Seat `p`'s bot: `None` (the caller), a built-in bot's name, a
/// policy, or a callable `request -> answer`; how logs name it (`caller`,
/// the bot's name, `policy`, or the callable's `__name__`); and the
/// built-in bot, if it is one.
pub(crate) fn seat_bot(
    obj: &Option<Bound<'_, PyAny>>,
    seed: u64,
    raised: &Raised,
) -> PyResult<SeatBot> {
    let Some(obj) = obj else {
        return Ok((None, "caller".into(), None));
    };
    if let Ok(name) = obj.extract::<String>() {
        let b = built_in::<BuiltIn>("MCR", &name)?;
        return Ok((Some(b.bot(seed)), b.name(), Some(b)));
    }
    if let Ok(p) = obj.extract::<PyRef<'_, McrPolicy>>() {
        let bot = policy_bot(p.f.clone_ref(obj.py()), raised.clone());
        return Ok((Some(bot), "policy".into(), None));
    }
    if obj.is_callable() {
        let name = obj
            .getattr("__name__")
            .and_then(|n| n.extract::<String>())
            .unwrap_or_else(|_| "callable".into());
        let bot = Box::new(PyBot {
            f: obj.clone().unbind(),
            raised: raised.clone(),
        });
        return Ok((Some(bot), name, None));
    }
    Err(pyo3::exceptions::PyTypeError::new_err(
        "a seat is None (the caller's), an MCR bot's name, a policy, or a callable request -> answer",
    ))
}

fn mask_array(py: Python<'_>, m: mahjong_sim::mcr::learn::action::Mask) -> Bound<'_, PyArray1<u8>> {
    let mut v = vec![0u8; ACTIONS];
    m.write(&mut v);
    PyArray1::from_vec(py, v)
}

/// One MCR game stepped decision by decision (see `mahjong_sim.mcr_env`).
#[pyclass(module = "mahjong_sim._native")]
struct McrGame {
    env: Mutex<Env>,
    raised: Raised,
    /// How logs name the wall and each seat.
    wall_label: String,
    labels: [String; PLAYERS],
    /// The seats as a saved game names them.
    saved_seats: SavedSeats<PLAYERS>,
}

/// The game an `McrGame.state()` value describes, rebuilt (what pickle
/// calls).
#[pyfunction]
fn mcr_game_from_state(py: Python<'_>, state: &str) -> PyResult<McrGame> {
    let saved = SavedGame::from_json(state).map_err(|e| refused_state("MCR", e))?;
    let env = py
        .detach(|| saved.restore())
        .map_err(|e| value_error(e.to_string()))?;
    Ok(McrGame {
        env: Mutex::new(env),
        raised: Arc::default(),
        wall_label: "restored".into(),
        labels: saved_labels(&saved.seats),
        saved_seats: Some(saved.seats),
    })
}

/// A decision: seat, request string, mask.
type Decision<'py> = (usize, String, Bound<'py, PyArray1<u8>>);

#[pymethods]
impl McrGame {
    /// The game of `seed` (Botzone's random deal, `mcr play --seed`);
    /// `seats`: four of None (the caller decides), an MCR bot's name
    /// (`random`, `greedy`, `planner`), an `McrPolicy`, or a callable.
    /// `record` keeps every answer (`replies`). `reading` (`judge2018`
    /// or `1.4.0`) and `python_twin` are the judge's readings, as `mcr
    /// play --reading --python-twin` takes them.
    #[new]
    #[pyo3(signature = (seats, seed=1, record=false, reading="judge2018", python_twin=false))]
    fn new(
        py: Python<'_>,
        seats: Vec<Option<Bound<'_, PyAny>>>,
        seed: u64,
        record: bool,
        reading: &str,
        python_twin: bool,
    ) -> PyResult<McrGame> {
        seat_count::<PLAYERS>(seats.len())?;
        let options = judge_options(reading, python_twin)?;
        let raised: Raised = Arc::default();
        let mut bots: [Option<Box<dyn Bot + Send>>; PLAYERS] = Default::default();
        let mut labels: [String; PLAYERS] = Default::default();
        let mut saved_seats: SavedSeats<PLAYERS> = Some(Default::default());
        for (p, seat) in seats.iter().enumerate() {
            let bot_seed = bot_seed(seed, &[p as u64]);
            let (bot, label, built_in) = seat_bot(seat, bot_seed, &raised)?;
            note_seat(
                &mut saved_seats,
                p,
                &bot,
                built_in.map(|b| b.name()),
                bot_seed,
            );
            (bots[p], labels[p]) = (bot, label);
        }
        // The deal `mcr play --seed` plays.
        let init = Family::Uniform.seeded_wall(seed);
        let env = py.detach(|| Env::new(&init, options, bots, record));
        take_raised(&raised)?;
        Ok(McrGame {
            env: Mutex::new(env),
            raised,
            wall_label: Family::Uniform.wall_label(seed),
            labels,
            saved_seats,
        })
    }

    /// The game as a compact, versioned value (JSON text: the deal, the
    /// readings, the bots with their seeds, the caller's answers so far),
    /// from which :meth:`from_state` rebuilds the same game, bots' random
    /// streams included: for a search that branches from any decision,
    /// and for pickle and copy.deepcopy. Needs built-in bots or the caller
    /// at every seat (a Python callable or policy cannot be saved:
    /// TypeError).
    fn state(&self, py: Python<'_>) -> PyResult<String> {
        let seats = self.saved_seats.clone();
        // A game made here keeps its answers: no RuntimeError comes.
        state_text(locked(py, &self.env, |e| {
            seats.map(|s| SavedGame::save(e, s))
        }))
    }

    /// The game a :meth:`state` value describes, rebuilt.
    #[staticmethod]
    fn from_state(py: Python<'_>, state: &str) -> PyResult<McrGame> {
        mcr_game_from_state(py, state)
    }

    /// Pickling (and copy.deepcopy): the game is its :meth:`state`.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        reduce(py, "mcr_game_from_state", self.state(py)?)
    }

    /// The next decision in seat order: `(seat, request, mask)`, or None
    /// once the game is over.
    fn decision<'py>(&self, py: Python<'py>) -> Option<Decision<'py>> {
        let (p, r, m) = locked(py, &self.env, |e| {
            e.decision().map(|(p, r, m)| (p, r.to_string(), m))
        })?;
        Some((p, r, mask_array(py, m)))
    }

    /// Every decision of the current step not yet answered, in seat order.
    fn decisions<'py>(&self, py: Python<'py>) -> Vec<Decision<'py>> {
        let ds = locked(py, &self.env, |e| {
            let requests = e.judge().step_requests().copied();
            let ds = e.decisions();
            (0..PLAYERS)
                .filter_map(|p| Some((p, requests?[p].to_string(), ds[p]?)))
                .collect::<Vec<_>>()
        });
        ds.into_iter()
            .map(|(p, r, m)| (p, r, mask_array(py, m)))
            .collect()
    }

    /// Seat `seat`'s observation: uint8 (11, 34).
    fn observe<'py>(&self, py: Python<'py>, seat: usize) -> PyResult<Bound<'py, PyArray2<u8>>> {
        seat_index::<PLAYERS>(seat)?;
        let obs = locked(py, &self.env, |e| {
            let mut obs = vec![0u8; OBS_SIZE];
            e.observe(seat, &mut obs);
            obs
        });
        PyArray1::from_vec(py, obs).reshape([OBS_ROWS, KINDS])
    }

    /// Answers the next decision with action number `action` (one outside
    /// its mask is played: the judge penalises the seat).
    fn step(&self, py: Python<'_>, action: usize) -> PyResult<()> {
        let a = self::action(action)?;
        locked(py, &self.env, |e| e.step(a)).map_err(value_error)?;
        take_raised(&self.raised)
    }

    /// Answers every decision of the current step: `actions[p]` an action
    /// number for each deciding seat `p` (None elsewhere).
    fn step_all(&self, py: Python<'_>, actions: Vec<Option<usize>>) -> PyResult<()> {
        if actions.len() != PLAYERS {
            return Err(value_error(format!(
                "{} actions: one a seat",
                actions.len()
            )));
        }
        let mut a = [None; PLAYERS];
        for (slot, x) in a.iter_mut().zip(&actions) {
            *slot = x.map(action).transpose()?;
        }
        locked(py, &self.env, |e| e.step_all(&a)).map_err(value_error)?;
        take_raised(&self.raised)
    }

    /// Answers the next decision with a protocol string (any string).
    fn step_text(&self, py: Python<'_>, text: &str) -> PyResult<()> {
        locked(py, &self.env, |e| e.step_text(text)).map_err(value_error)?;
        take_raised(&self.raised)
    }

    /// The answer string of action `action` for seat `seat` now.
    fn answer_text(&self, py: Python<'_>, seat: usize, action: usize) -> PyResult<String> {
        seat_index::<PLAYERS>(seat)?;
        let a = self::action(action)?;
        Ok(locked(py, &self.env, |e| {
            e.answer_text(seat, a).into_owned()
        }))
    }

    /// True once the game is over.
    fn is_over(&self, py: Python<'_>) -> bool {
        locked(py, &self.env, |e| e.judge().is_over())
    }

    /// Each seat's score once the game is over.
    fn scores(&self, py: Python<'_>) -> Option<Vec<i32>> {
        locked(py, &self.env, |e| e.scores().map(|s| s.to_vec()))
    }

    /// Every step's four requests so far (strings).
    fn requests(&self, py: Python<'_>) -> Vec<Vec<String>> {
        locked(py, &self.env, |e| {
            e.judge()
                .steps()
                .iter()
                .map(|s| s.iter().map(|r| r.to_string()).collect())
                .collect()
        })
    }

    /// Every step's four answers so far (with `record`, else None).
    fn replies(&self, py: Python<'_>) -> Option<Vec<Vec<String>>> {
        locked(py, &self.env, |e| {
            e.replies().map(|r| r.iter().map(|s| s.to_vec()).collect())
        })
    }

    /// The table as text: each seat's hand, melds, flowers and wall left.
    fn table_text(&self, py: Python<'_>) -> String {
        locked(py, &self.env, |e| e.table_text())
    }

    /// The game's log (JSON Lines, `mahjong-sim/mcr-game-log`, as `mcr
    /// play --json` writes it); needs `record` and a finished game.
    /// `labels` name the seats (default: the built-in bots' names,
    /// `caller`, `policy`, or the callables' `__name__`).
    #[pyo3(signature = (labels=None))]
    fn log_jsonl(&self, py: Python<'_>, labels: Option<Vec<String>>) -> PyResult<String> {
        let (game, labels) = self.finished(py, labels)?;
        let setting = log::Setting {
            wall: self.wall_label.clone(),
            seats: seat_records(labels.clone(), labels),
            context: None,
        };
        let mut out = Vec::new();
        log::write(&mut out, &setting, &game).map_err(value_error)?;
        String::from_utf8(out).map_err(value_error)
    }

    /// The game's replay page (self-contained HTML, as `mcr play --replay`
    /// writes it); needs `record` and a finished game. `title` defaults
    /// to the wall's label.
    #[pyo3(signature = (labels=None, title=None))]
    fn replay_html(
        &self,
        py: Python<'_>,
        labels: Option<Vec<String>>,
        title: Option<String>,
    ) -> PyResult<String> {
        let (game, labels) = self.finished(py, labels)?;
        let title = title.unwrap_or_else(|| self.wall_label.clone());
        Ok(mahjong_sim::replay::mcr::game_page(&game, &labels, &title))
    }
}

impl McrGame {
    /// The finished, recorded game and the seats' labels (`labels`, else
    /// the game's own).
    fn finished(
        &self,
        py: Python<'_>,
        labels: Option<Vec<String>>,
    ) -> PyResult<(Game, [String; PLAYERS])> {
        let (over, game) = locked(py, &self.env, |e| (e.judge().is_over(), e.game()));
        finished(over, game, labels, self.labels.clone())
    }
}

/// Many MCR games stepped at once, in Rust with the GIL released.
#[pyclass(module = "mahjong_sim._native")]
struct McrVecGame {
    vector: Mutex<Vector>,
}

impl Shaped for Env {
    const OBS_ROWS: usize = OBS_ROWS;
    const KINDS: usize = KINDS;
}

/// obs, masks, seats, rewards (every seat's scores), reward (the deciding
/// seat's), done, final observations, every seat's observations.
type Batch<'py> = (
    Bound<'py, PyArray3<u8>>,
    Bound<'py, PyArray2<u8>>,
    Bound<'py, PyArray1<u8>>,
    Bound<'py, PyArray2<f32>>,
    Bound<'py, PyArray1<f64>>,
    Bound<'py, PyArray1<bool>>,
    Bound<'py, PyArray4<u8>>,
    Option<Bound<'py, PyArray4<u8>>>,
);

fn shown(a: Arrays<'_>) -> Batch<'_> {
    (
        a.obs, a.masks, a.seats, a.rewards, a.reward, a.done, a.finals, a.all,
    )
}

#[pymethods]
impl McrVecGame {
    /// `n` games; `seats`: four of None (the caller) or an MCR bot's name;
    /// everything from `seed`; finished games replaced as `autoreset`
    /// says (`NextStep`, `SameStep` or `Disabled`); `reading` and
    /// `python_twin` the judge's readings, as in `McrGame`.
    #[new]
    #[pyo3(signature = (n, seats, seed=0, autoreset="SameStep", reading="judge2018", python_twin=false))]
    fn new(
        n: usize,
        seats: Vec<Option<String>>,
        seed: u64,
        autoreset: &str,
        reading: &str,
        python_twin: bool,
    ) -> PyResult<McrVecGame> {
        let mode = vector::autoreset(autoreset)?;
        let options = judge_options(reading, python_twin)?;
        let built = vector::seats::<_, PLAYERS>(&seats, |name| built_in::<BuiltIn>("MCR", name))?;
        let vector = Vector::new(n, built, options, seed)
            .map_err(value_error)?
            .with_autoreset(mode);
        Ok(McrVecGame {
            vector: Mutex::new(vector),
        })
    }

    fn __len__(&self, py: Python<'_>) -> usize {
        locked(py, &self.vector, |v| v.len())
    }

    /// Games started so far.
    fn games(&self, py: Python<'_>) -> u64 {
        locked(py, &self.vector, |v| v.games())
    }

    /// Every game's pending decision (or finished game), as `step`
    /// returns them with rewards 0 and done False.
    #[pyo3(signature = (every_seat=false))]
    fn current<'py>(&self, py: Python<'py>, every_seat: bool) -> PyResult<Batch<'py>> {
        vector::batch(py, &self.vector, every_seat, |v, out| v.current(out)).map(shown)
    }

    /// Restarts every game (with `seed` as a new McrVecGame of that seed)
    /// or those `which` flags, and returns them as `current`, under one
    /// lock.
    #[pyo3(signature = (seed=None, which=None, every_seat=false))]
    fn reset<'py>(
        &self,
        py: Python<'py>,
        seed: Option<u64>,
        which: Option<PyReadonlyArray1<'py, bool>>,
        every_seat: bool,
    ) -> PyResult<Batch<'py>> {
        vector::reset(py, &self.vector, seed, which, every_seat).map(shown)
    }

    /// Answers every game's decision with `actions` (uint32, one a game)
    /// and returns the next ones with (obs, masks, seats, rewards (n, 4),
    /// reward (n,), done, final_obs, every_seat) and the flags of the
    /// masked actions: with `strict` a masked action refuses the whole
    /// step (ValueError) before any game moves.
    #[pyo3(signature = (actions, strict=true, every_seat=false))]
    fn step<'py>(
        &self,
        py: Python<'py>,
        actions: PyReadonlyArray1<'py, u32>,
        strict: bool,
        every_seat: bool,
    ) -> PyResult<(Batch<'py>, Bound<'py, PyArray1<bool>>)> {
        let (a, illegal) = vector::step(py, &self.vector, actions, strict, every_seat)?;
        Ok((shown(a), illegal))
    }

    /// A uniformly random legal action of every pending decision (uint32;
    /// 0 for a finished game), from the vector's own stream.
    fn random_actions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<u32>>> {
        vector::random_actions(py, &self.vector)
    }

    /// Game `i`'s table as text.
    fn table_text(&self, py: Python<'_>, i: usize) -> PyResult<String> {
        self.of_game(py, i, |e| e.table_text())
    }

    /// The readings game `i` is judged under, as its log header's
    /// `options` (JSON text).
    fn judge_options(&self, py: Python<'_>, i: usize) -> PyResult<String> {
        options_json(self.of_game(py, i, |e| e.judge().options())?)
    }
}

impl McrVecGame {
    /// `f` of game `i` (ValueError past the last game).
    fn of_game<T: Send>(
        &self,
        py: Python<'_>,
        i: usize,
        f: impl FnOnce(&Env) -> T + Send,
    ) -> PyResult<T> {
        locked(py, &self.vector, |v| (i < v.len()).then(|| f(v.env(i))))
            .ok_or_else(|| value_error(format!("game {i}: there are fewer games")))
    }
}

/// The readings `reading` and `python_twin` name (as `McrGame` takes
/// them), as a log header's `options` (JSON text); a bad reading is a
/// ValueError.
#[pyfunction]
#[pyo3(signature = (reading="judge2018", python_twin=false))]
fn mcr_judge_options(reading: &str, python_twin: bool) -> PyResult<String> {
    options_json(judge_options(reading, python_twin)?)
}

/// The built-in MCR bot `name` names, as a seat would take it, or the
/// `ValueError` the seat would raise (so that an environment refuses an
/// unknown opponent when it is made).
#[pyfunction]
fn mcr_bot(name: &str) -> PyResult<String> {
    Ok(built_in::<BuiltIn>("MCR", name)?.name())
}

/// (actions, observation rows, kinds).
#[pyfunction]
fn mcr_env_shapes() -> (usize, usize, usize) {
    (ACTIONS, OBS_ROWS, KINDS)
}

/// The answer string of action `action` where `claimed` (a tile name) is
/// the discard the request offers.
#[pyfunction]
#[pyo3(signature = (action, claimed=None))]
fn mcr_action_text(action: usize, claimed: Option<&str>) -> PyResult<String> {
    Ok(self::action(action)?.text(tile(claimed)?).into_owned())
}

/// The action number of answer string `answer` where `claimed` is the
/// request's discard (None when no action writes it).
#[pyfunction]
#[pyo3(signature = (answer, claimed=None))]
fn mcr_action_of(answer: &str, claimed: Option<&str>) -> PyResult<Option<usize>> {
    Ok(action_of(tile(claimed)?, answer).map(Action::index))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(mcr_bot, m)?)?;
    m.add_function(wrap_pyfunction!(mcr_env_shapes, m)?)?;
    m.add_function(wrap_pyfunction!(mcr_judge_options, m)?)?;
    m.add_function(wrap_pyfunction!(mcr_action_text, m)?)?;
    m.add_function(wrap_pyfunction!(mcr_action_of, m)?)?;
    m.add_function(wrap_pyfunction!(mcr_game_from_state, m)?)?;
    m.add_class::<McrGame>()?;
    m.add_class::<McrVecGame>()?;
    m.add_class::<McrPolicy>()?;
    Ok(())
}
