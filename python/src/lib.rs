//! `mahjong_sim._native`: the Python face of the library, and nothing more.
//! Every rule lives in the `mahjong-sim` crate; this file only converts
//! arguments and results (strings, JSON, numpy arrays) and calls it. The
//! Python package (`mahjong_sim/`) builds its environments on these.

use mahjong_sim::contest::seed::bot_seed;
use mahjong_sim::hand::Hand;
use mahjong_sim::meld::Meld;
use mahjong_sim::named::{BuiltInBot, WallFamily};
use mahjong_sim::noi2014::bots::bot::Bot;
use mahjong_sim::noi2014::bots::built_in::BuiltIn;
use mahjong_sim::noi2014::games::arena::Game as ArenaGame;
use mahjong_sim::noi2014::games::families::{self as noi_families, Family as NoiFamily};
use mahjong_sim::noi2014::games::log;
use mahjong_sim::noi2014::learn::env::{self, Action, Env, Mask, ACTIONS, OBS_ROWS, OBS_SIZE};
use mahjong_sim::noi2014::learn::saved::SavedGame;
use mahjong_sim::noi2014::learn::tracker::PolicyBot;
use mahjong_sim::noi2014::learn::vector::Vector;
use mahjong_sim::noi2014::rules::request::Request;
use mahjong_sim::noi2014::rules::wall::Wall as NoiWall;
use mahjong_sim::noi2014::rules::KINDS;
use mahjong_sim::noi2014::rules::PLAYERS;
use mahjong_sim::thupc2021;
use numpy::{PyArray1, PyArray2, PyArray3, PyArray4, PyArrayMethods, PyReadonlyArray1};
use pyo3::prelude::*;
use std::borrow::Cow;
use std::sync::{Arc, Mutex};

mod common;
mod contest;
mod vector;
use common::{
    built_in, finished, locked, note_seat, reduce, refused_state, saved_labels, seat_count,
    seat_index, state_text, take_raised, value_error, Raised, SavedSeats,
};
use vector::{Arrays, Shaped};

// ---- the rule-free core ---------------------------------------------------

/// Tiles in the contest's names (`1M 2M ... E S W N B F Z`).
fn parse_tiles(text: &str) -> PyResult<Vec<mahjong_sim::tile::Tile>> {
    let positioned = mahjong_sim::parse::parse_positioned(text.as_bytes()).map_err(value_error)?;
    Ok(positioned.into_iter().map(|(_, t)| t).collect())
}

/// The winning distance of a concealed hand (`"1M 2M 3M ..."`) with
/// `melds` exposed sets; by default as many sets as the hand's size says.
#[pyfunction]
#[pyo3(signature = (hand, melds=None))]
fn distance(hand: &str, melds: Option<u8>) -> PyResult<u8> {
    let tiles = parse_tiles(hand)?;
    let melds = match melds {
        Some(m) => m,
        None => mahjong_sim::distance::melds_for_size(tiles.len()).ok_or_else(|| {
            value_error(format!(
                "{} tiles: a hand holds 13 - 3m or 14 - 3m tiles",
                tiles.len()
            ))
        })?,
    };
    if tiles.iter().any(|t| t.is_special()) {
        return Err(value_error("special tiles have no winning distance"));
    }
    mahjong_sim::distance::distance(&Hand::from_tiles(&tiles), melds).map_err(value_error)
}

/// Exposed sets as `analyze --meld` reads them: tiles (`1M 2M 3M`) or the
/// notation sets are printed in (`123M`).
fn parse_melds(melds: &[String]) -> PyResult<Vec<Meld>> {
    melds
        .iter()
        .map(|m| {
            let set = match mahjong_sim::tile::parse_tiles(m) {
                Ok(tiles) => Meld::from_tiles(&tiles),
                Err(_) => Meld::parse(m),
            };
            set.ok_or_else(|| value_error(format!("`{m}`: not a chow, pung or kong")))
        })
        .collect()
}

/// The analysis of a hand (decompositions, waits, or distance and best
/// discards) as the JSON object `analyze --json` prints.
#[pyfunction]
#[pyo3(signature = (hand, melds=Vec::new()))]
fn analyze_json(hand: &str, melds: Vec<String>) -> PyResult<String> {
    let tiles = parse_tiles(hand)?;
    let sets = parse_melds(&melds)?;
    let a = mahjong_sim::analysis::analyze(&tiles, &sets).map_err(value_error)?;
    serde_json::to_string(&a).map_err(value_error)
}

// ---- THUPC 2021 -------------------------------------------------------------

fn thupc_wall(wall: &str) -> PyResult<thupc2021::wall::Wall> {
    thupc2021::wall::parse_wall(wall.as_bytes()).map_err(value_error)
}

/// The game log of the game on a THUPC wall, as `simulate --json` prints
/// it (JSON Lines: a header, then one event a line).
#[pyfunction]
fn thupc_simulate_jsonl(wall: &str) -> PyResult<String> {
    let wall = thupc_wall(wall)?;
    let events = thupc2021::game::play(&wall);
    let mut out = Vec::new();
    thupc2021::log::write_game_log(&mut out, &wall, &events).map_err(value_error)?;
    String::from_utf8(out).map_err(value_error)
}

/// The contest's log of the game on a THUPC wall, as `simulate` prints it.
#[pyfunction]
fn thupc_simulate_log(wall: &str) -> PyResult<String> {
    let events = thupc2021::game::play(&thupc_wall(wall)?);
    Ok(thupc2021::event::log_string(&events))
}

/// `explain`: the game on a THUPC wall step by step, for people (`json`:
/// one JSON object a step, as `explain --json`).
#[pyfunction]
#[pyo3(signature = (wall, json=false))]
fn thupc_explain(wall: &str, json: bool) -> PyResult<String> {
    let wall = thupc_wall(wall)?;
    let steps = thupc2021::explain::explain(&wall);
    if !json {
        return Ok(thupc2021::explain::render_steps(&steps));
    }
    let mut out = Vec::new();
    thupc2021::log::write_explanation(&mut out, &wall, &steps).map_err(value_error)?;
    String::from_utf8(out).map_err(value_error)
}

/// The replay page (self-contained HTML) of the game on a THUPC wall.
#[pyfunction]
#[pyo3(signature = (wall, title="game"))]
fn thupc_replay_html(wall: &str, title: &str) -> PyResult<String> {
    Ok(mahjong_sim::replay::thupc2021::page(
        &thupc_wall(wall)?,
        title,
    ))
}

/// `count` THUPC walls of `family` from `seed`, as `gen` writes them.
#[pyfunction]
#[pyo3(signature = (family="uniform", seed=1, count=1))]
fn thupc_walls(family: &str, seed: u64, count: usize) -> PyResult<Vec<String>> {
    let f = thupc2021::families::Family::from_name(family)
        .ok_or_else(|| value_error(format!("unknown THUPC wall family `{family}`")))?;
    Ok(thupc2021::families::wall_stream(f, seed)
        .take(count)
        .map(|w| w.to_string())
        .collect())
}

/// THUPC wall family names.
#[pyfunction]
fn thupc_families() -> Vec<&'static str> {
    thupc2021::families::Family::ALL
        .iter()
        .map(|f| f.name())
        .collect()
}

// ---- NOI2014 ------------------------------------------------------------------

fn noi_family(name: &str) -> PyResult<NoiFamily> {
    NoiFamily::from_name(name).ok_or_else(|| {
        value_error(format!(
            "unknown NOI2014 wall family `{name}` (uniform, kongs, multi-ron, long)"
        ))
    })
}

/// `count` NOI2014 walls of `family` from `seed` (the walls `noi2014 play
/// --seed` plays), 108 tile names each.
#[pyfunction]
#[pyo3(signature = (family="uniform", seed=1, count=1))]
fn noi_walls(family: &str, seed: u64, count: usize) -> PyResult<Vec<String>> {
    Ok(noi_families::walls(noi_family(family)?, seed, count)
        .iter()
        .map(|w| w.to_string())
        .collect())
}

/// A Python callable as a bot: `request -> answer`, both strings of the
/// protocol (point 21). An exception answers nothing (the judge puts the
/// seat out) and is raised again once the game call returns.
struct PyBot {
    f: Py<PyAny>,
    raised: Raised,
}

impl Bot for PyBot {
    fn respond(&mut self, request: &Request) -> Cow<'static, str> {
        Python::attach(|py| {
            let answer = self
                .f
                .call1(py, (request.to_string(),))
                .and_then(|v| v.bind(py).extract::<String>());
            match answer {
                Ok(s) => Cow::Owned(s),
                Err(e) => {
                    let mut slot = self.raised.lock().expect("not poisoned");
                    slot.get_or_insert(e);
                    Cow::Borrowed("")
                }
            }
        })
    }
}

/// A policy as a bot: `policy(observation, mask) -> action number`, asked
/// at each decision with the observation the bot keeps from its own
/// requests (the library's `noi2014::learn::tracker`).
#[pyclass(module = "mahjong_sim._native", frozen)]
struct Policy {
    f: Py<PyAny>,
}

#[pymethods]
impl Policy {
    /// Wraps `policy(observation (11, 27) uint8, mask (85,) uint8) -> int`.
    #[new]
    fn new(policy: Py<PyAny>) -> Policy {
        Policy { f: policy }
    }
}

/// The bot of a Python object: a [`Policy`], or a callable `request ->
/// answer`.
fn py_bot(obj: &Bound<'_, PyAny>, raised: &Raised) -> Box<dyn Bot + Send> {
    let Ok(policy) = obj.extract::<PyRef<'_, Policy>>() else {
        return Box::new(PyBot {
            f: obj.clone().unbind(),
            raised: raised.clone(),
        });
    };
    let f = policy.f.clone_ref(obj.py());
    let raised = raised.clone();
    Box::new(PolicyBot::new(move |obs: &[u8; OBS_SIZE], mask: Mask| {
        Python::attach(|py| {
            let mut m = vec![0u8; ACTIONS];
            mask.write(&mut m);
            let chosen = PyArray1::from_slice(py, obs)
                .reshape([OBS_ROWS, KINDS])
                .and_then(|o| f.call1(py, (o, PyArray1::from_vec(py, m))))
                .and_then(|a| a.bind(py).extract::<usize>());
            match chosen.map(Action::from_index) {
                Ok(Some(a)) => a,
                Ok(None) => {
                    let e = value_error(format!("a policy chose an action not below {ACTIONS}"));
                    raised.lock().expect("not poisoned").get_or_insert(e);
                    Action::Pass
                }
                Err(e) => {
                    raised.lock().expect("not poisoned").get_or_insert(e);
                    Action::Pass
                }
            }
        })
    }))
}

/// A seat's bot (`None` for the caller's), its label, and the built-in
/// bot it is, if it is one.
type SeatBot = (Option<Box<dyn Bot + Send>>, String, Option<BuiltIn>);

/// A seat: the caller (`None`), a built-in bot's name, or a callable;
/// with the built-in bot it names, if it names one.
fn seat_bot(
    py: Python<'_>,
    seat: &Option<Py<PyAny>>,
    seed: u64,
    raised: &Raised,
) -> PyResult<SeatBot> {
    let Some(obj) = seat else {
        return Ok((None, "caller".into(), None));
    };
    let obj = obj.bind(py);
    if let Ok(name) = obj.extract::<String>() {
        let b = built_in::<BuiltIn>("NOI2014", &name)?;
        return Ok((Some(b.bot(seed)), b.name(), Some(b)));
    }
    if obj.is_callable() || obj.extract::<PyRef<'_, Policy>>().is_ok() {
        let label = obj
            .getattr("__name__")
            .and_then(|n| n.extract::<String>())
            .unwrap_or_else(|_| "python".into());
        return Ok((Some(py_bot(obj, raised)), label, None));
    }
    Err(value_error(
        "a seat is None (the caller's), a built-in bot's name, or a callable request -> answer",
    ))
}

struct GameState {
    env: Env,
    wall_label: String,
    labels: [String; PLAYERS],
    /// The seats as a saved game names them.
    saved_seats: SavedSeats<PLAYERS>,
}

/// One NOI2014 game stepped decision by decision (see `mahjong_sim.noi2014`).
#[pyclass(module = "mahjong_sim._native")]
struct Game {
    state: Mutex<GameState>,
    raised: Raised,
}

impl Game {
    fn of(
        env: Env,
        wall_label: String,
        labels: [String; PLAYERS],
        saved_seats: SavedSeats<PLAYERS>,
        raised: Raised,
    ) -> Game {
        Game {
            state: Mutex::new(GameState {
                env,
                wall_label,
                labels,
                saved_seats,
            }),
            raised,
        }
    }

    /// `f` on the game's state, locked with the GIL released (see
    /// [`locked`]).
    fn with<R: Send>(&self, py: Python<'_>, f: impl FnOnce(&mut GameState) -> R + Send) -> R {
        locked(py, &self.state, f)
    }
}

/// The game a `Game.state()` value describes, rebuilt (what pickle calls).
#[pyfunction]
fn game_from_state(py: Python<'_>, state: &str) -> PyResult<Game> {
    let saved = SavedGame::from_json(state).map_err(|e| refused_state("NOI2014", e))?;
    let env = py
        .detach(|| saved.restore())
        .map_err(|e| value_error(e.to_string()))?;
    let labels = saved_labels(&saved.seats);
    Ok(Game::of(
        env,
        "restored".into(),
        labels,
        Some(saved.seats),
        Arc::default(),
    ))
}

#[pymethods]
impl Game {
    /// A game on `wall` (108 tile names), or on the wall of `seed` and
    /// `family` as `noi2014 play --seed` plays it. `seats`: four of None
    /// (the caller decides), a built-in bot's name, or a callable. A
    /// built-in bot at seat p draws its random choices from the seed as
    /// `noi2014 play` does.
    #[new]
    #[pyo3(signature = (seats, wall=None, seed=1, family="uniform", record=true))]
    fn new(
        py: Python<'_>,
        seats: Vec<Option<Py<PyAny>>>,
        wall: Option<&str>,
        seed: u64,
        family: &str,
        record: bool,
    ) -> PyResult<Game> {
        seat_count::<PLAYERS>(seats.len())?;
        let (wall, wall_label) = match wall {
            Some(text) => (
                NoiWall::parse(text.as_bytes()).map_err(value_error)?,
                "wall given".to_string(),
            ),
            None => {
                let f = noi_family(family)?;
                (f.seeded_wall(seed), f.wall_label(seed))
            }
        };
        let raised: Raised = Arc::default();
        let mut bots: [Option<Box<dyn Bot + Send>>; PLAYERS] = Default::default();
        let mut labels: [String; PLAYERS] = Default::default();
        let mut saved_seats: SavedSeats<PLAYERS> = Some(Default::default());
        for p in 0..PLAYERS {
            let bot_seed = bot_seed(seed, &[p as u64]);
            let (bot, label, built_in) = seat_bot(py, &seats[p], bot_seed, &raised)?;
            note_seat(
                &mut saved_seats,
                p,
                &bot,
                built_in.map(|b| b.name()),
                bot_seed,
            );
            bots[p] = bot;
            labels[p] = label;
        }
        let env = py.detach(|| Env::new(&wall, bots, record));
        take_raised(&raised)?;
        Ok(Game::of(env, wall_label, labels, saved_seats, raised))
    }

    /// The game as a compact, versioned value (JSON text: the wall, the
    /// bots with their seeds, the caller's answers so far), from which
    /// :meth:`from_state` rebuilds the same game, bots' random streams
    /// included: for a search that branches from any decision, and for
    /// pickle and copy.deepcopy. Needs `record` (the default) and built-in
    /// bots or the caller at every seat (a Python callable cannot be
    /// saved: TypeError).
    fn state(&self, py: Python<'_>) -> PyResult<String> {
        state_text(self.with(py, |s| {
            s.saved_seats
                .clone()
                .map(|seats| SavedGame::save(&s.env, seats))
        }))
    }

    /// The game a :meth:`state` value describes, rebuilt.
    #[staticmethod]
    fn from_state(py: Python<'_>, state: &str) -> PyResult<Game> {
        game_from_state(py, state)
    }

    /// Pickling (and copy.deepcopy): the game is its :meth:`state`.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        reduce(py, "game_from_state", self.state(py)?)
    }

    /// The pending decision: `(seat, request, mask)` (the request as the
    /// protocol writes it, the mask one uint8 per action), or None once
    /// the game is over.
    fn decision<'py>(&self, py: Python<'py>) -> Option<(usize, String, Bound<'py, PyArray1<u8>>)> {
        let (p, request, m) = self.with(py, |s| {
            let (p, request, mask) = s.env.decision()?;
            let mut m = vec![0u8; ACTIONS];
            mask.write(&mut m);
            Some((p, request.to_string(), m))
        })?;
        Some((p, request, PyArray1::from_vec(py, m)))
    }

    /// Seat `seat`'s observation: uint8 of shape (11, 27).
    fn observe<'py>(&self, py: Python<'py>, seat: usize) -> PyResult<Bound<'py, PyArray2<u8>>> {
        seat_index::<PLAYERS>(seat)?;
        let obs = self.with(py, |s| {
            let mut obs = vec![0u8; OBS_SIZE];
            s.env.observe(seat, &mut obs);
            obs
        });
        PyArray1::from_vec(py, obs).reshape([OBS_ROWS, KINDS])
    }

    /// Answers the pending decision with action number `action` (an illegal
    /// one puts the seat out) and plays on to the next decision.
    fn step(&self, py: Python<'_>, action: usize) -> PyResult<()> {
        let a = Action::from_index(action)
            .ok_or_else(|| value_error(format!("action {action} is not below {ACTIONS}")))?;
        self.with(py, |s| s.env.step(a)).map_err(value_error)?;
        take_raised(&self.raised)
    }

    /// Answers the pending decision with a protocol string (any string:
    /// the judge reads it) and plays on to the next decision.
    fn step_text(&self, py: Python<'_>, text: &str) -> PyResult<()> {
        self.with(py, |s| s.env.step_text(text))
            .map_err(value_error)?;
        take_raised(&self.raised)
    }

    /// The answer string of action number `action` for the seat to act.
    fn answer_text(&self, py: Python<'_>, action: usize) -> PyResult<String> {
        let a = Action::from_index(action)
            .ok_or_else(|| value_error(format!("action {action} is not below {ACTIONS}")))?;
        self.with(py, |s| {
            let p = s.env.to_act()?;
            Some(a.answer(s.env.judge(), p).into_owned())
        })
        .ok_or_else(|| value_error("the game is over"))
    }

    /// True once the game is over.
    fn is_over(&self, py: Python<'_>) -> bool {
        self.with(py, |s| s.env.judge().is_over())
    }

    /// Each seat's points (4, 3, 2, 1 by place, ties shared) once over.
    fn points(&self, py: Python<'_>) -> Option<Vec<f64>> {
        self.with(py, |s| s.env.points().map(|p| p.to_vec()))
    }

    /// The wall, 108 tile names.
    fn wall(&self, py: Python<'_>) -> String {
        self.with(py, |s| s.env.judge().wall().to_string())
    }

    /// Each seat's tiles as the protocol lists them (concealed upper case,
    /// exposed sets lower case), who is playing, and the wall left.
    fn table(&self, py: Python<'_>) -> Table {
        self.with(py, |s| table_of(&s.env))
    }

    /// The game's events so far, one canonical line each.
    fn events(&self, py: Python<'_>) -> Vec<String> {
        self.with(py, |s| {
            s.env
                .judge()
                .events()
                .iter()
                .map(|e| e.to_string())
                .collect()
        })
    }

    /// The game's log (JSON Lines, as `noi2014 play --json` writes it);
    /// needs `record` and a finished game. `labels` name the seats
    /// (default: the built-in bots' names, `caller`, or the callables'
    /// `__name__`).
    #[pyo3(signature = (labels=None))]
    fn log_jsonl(&self, py: Python<'_>, labels: Option<Vec<String>>) -> PyResult<String> {
        let (game, wall_label, labels) = self.finished(py, labels)?;
        let setting = log::Setting {
            wall: wall_label,
            seats: std::array::from_fn(|p| log::SeatRecord {
                name: labels[p].clone(),
                command: labels[p].clone(),
            }),
            context: None,
        };
        let mut out = Vec::new();
        log::write(&mut out, &setting, &game).map_err(value_error)?;
        String::from_utf8(out).map_err(value_error)
    }

    /// The game's replay page (self-contained HTML); needs `record` and a
    /// finished game.
    #[pyo3(signature = (labels=None, title=None))]
    fn replay_html(
        &self,
        py: Python<'_>,
        labels: Option<Vec<String>>,
        title: Option<String>,
    ) -> PyResult<String> {
        let (game, wall_label, labels) = self.finished(py, labels)?;
        let title = title.unwrap_or(wall_label);
        Ok(mahjong_sim::replay::noi2014::game_page(
            &game, &labels, &title,
        ))
    }
}

impl Game {
    fn finished(
        &self,
        py: Python<'_>,
        labels: Option<Vec<String>>,
    ) -> PyResult<(ArenaGame, String, [String; PLAYERS])> {
        let (over, game, wall_label, own) = self.with(py, |s| {
            let over = s.env.judge().is_over();
            let game = if over { s.env.game() } else { None };
            (over, game, s.wall_label.clone(), s.labels.clone())
        });
        let (game, labels) = finished(over, game, labels, own)?;
        Ok((game, wall_label, labels))
    }
}

/// Each seat's tiles (concealed upper case, exposed sets lower case), who
/// is playing, and the wall left: what `render` shows.
type Table = (Vec<String>, Vec<bool>, usize);

fn table_of(env: &Env) -> Table {
    let t = env.judge().table();
    (
        t.seats.iter().map(|h| h.text()).collect(),
        t.playing.to_vec(),
        t.wall_left,
    )
}

/// Many NOI2014 games stepped at once, in Rust with the GIL released.
#[pyclass(module = "mahjong_sim._native")]
struct VecGame {
    vector: Mutex<Vector>,
}

impl Shaped for Env {
    const OBS_ROWS: usize = OBS_ROWS;
    const KINDS: usize = KINDS;
}

#[pymethods]
impl VecGame {
    /// `n` games; `seats`: four of None (the caller) or a built-in bot's
    /// name; walls of `family`; everything from `seed`; finished games
    /// replaced as `autoreset` says (`NextStep`, `SameStep` or
    /// `Disabled`, Gymnasium's `AutoresetMode` values).
    #[new]
    #[pyo3(signature = (n, seats, family="uniform", seed=0, autoreset="SameStep"))]
    fn new(
        n: usize,
        seats: Vec<Option<String>>,
        family: &str,
        seed: u64,
        autoreset: &str,
    ) -> PyResult<VecGame> {
        let mode = vector::autoreset(autoreset)?;
        let built =
            vector::seats::<_, PLAYERS>(&seats, |name| built_in::<BuiltIn>("NOI2014", name))?;
        let vector = Vector::new(n, built, noi_family(family)?, seed)
            .map_err(value_error)?
            .with_autoreset(mode);
        Ok(VecGame {
            vector: Mutex::new(vector),
        })
    }

    /// Number of games.
    fn __len__(&self, py: Python<'_>) -> usize {
        locked(py, &self.vector, |v| v.len())
    }

    /// Games started so far.
    fn games(&self, py: Python<'_>) -> u64 {
        locked(py, &self.vector, |v| v.games())
    }

    /// Every game's pending decision (or finished game): (obs, masks,
    /// seats, rewards, done, every_seat) with rewards 0 and done False;
    /// with `every_seat`, the last is every seat's observation, (n, 4, 11,
    /// 27), read under the same lock (else None).
    #[pyo3(signature = (every_seat=false))]
    fn current<'py>(&self, py: Python<'py>, every_seat: bool) -> PyResult<Shown<'py>> {
        vector::batch(py, &self.vector, every_seat, |v, out| v.current(out)).map(shown)
    }

    /// Restarts games and returns them as `current` does, all under one
    /// lock (so that no other thread's step comes between the restart and
    /// what is shown): without `which`, every game (with `seed` as a new
    /// VecGame of that seed, without it each game's next one); with
    /// `which` (bool, one a game), the games it flags, each on its next
    /// game.
    #[pyo3(signature = (seed=None, which=None, every_seat=false))]
    fn reset<'py>(
        &self,
        py: Python<'py>,
        seed: Option<u64>,
        which: Option<PyReadonlyArray1<'py, bool>>,
        every_seat: bool,
    ) -> PyResult<Shown<'py>> {
        vector::reset(py, &self.vector, seed, which, every_seat).map(shown)
    }

    /// Every seat's observation of every game, (n, 4, 11, 27) uint8.
    fn observe_all<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray4<u8>>> {
        let obs = locked(py, &self.vector, |v| {
            let mut obs = vec![0u8; v.len() * PLAYERS * OBS_SIZE];
            v.observe_all(&mut obs).map(|()| obs)
        })
        .map_err(value_error)?;
        vector::every_seat::<Env>(py, obs)
    }

    /// Game `i`'s table (as `Game.table`), its pending decision's seat and
    /// request (None once over) and its points (None before the end).
    #[allow(clippy::type_complexity)]
    fn table(
        &self,
        py: Python<'_>,
        i: usize,
    ) -> PyResult<(Table, Option<(usize, String)>, Option<Vec<f64>>)> {
        locked(py, &self.vector, |v| {
            (i < v.len()).then(|| {
                let env = v.env(i);
                (
                    table_of(env),
                    env.decision().map(|(p, r, _)| (p, r.to_string())),
                    env.points().map(|p| p.to_vec()),
                )
            })
        })
        .ok_or_else(|| value_error(format!("game {i}: there are fewer games")))
    }

    /// Answers every game's decision with `actions` (uint32, one a game),
    /// plays on, and returns (obs (n, 11, 27) uint8, masks (n, 85) uint8,
    /// seats (n,) uint8, rewards (n, 4) float32, reward (n,) float64 (the
    /// points of the seat that decided, in the step that ended its game,
    /// else 0), done (n,) bool, illegal (n,) bool, final_obs (k, 4, 11,
    /// 27) uint8, every_seat). A game that
    /// ended is replaced as the autoreset mode says; with `SameStep`,
    /// `final_obs` holds every seat's view of the end of the k games that
    /// ended, in order (else k is 0). `illegal` flags the actions their
    /// masks forbade: with `strict` such a step is refused (ValueError)
    /// before any game moves; otherwise they are played as the judge does,
    /// the seat put out. With `every_seat`, the last is every seat's
    /// observation after the step, (n, 4, 11, 27) (else None).
    #[pyo3(signature = (actions, strict=true, every_seat=false))]
    fn step<'py>(
        &self,
        py: Python<'py>,
        actions: PyReadonlyArray1<'py, u32>,
        strict: bool,
        every_seat: bool,
    ) -> PyResult<StepBatch<'py>> {
        let (a, illegal) = vector::step(py, &self.vector, actions, strict, every_seat)?;
        Ok((
            a.obs, a.masks, a.seats, a.rewards, a.reward, a.done, illegal, a.finals, a.all,
        ))
    }

    /// A uniformly random legal action of every pending decision (uint32,
    /// one a game; 0 for a finished game, whose action is ignored), from
    /// the vector's own stream: the same seed and calls give the same
    /// actions, and drawing them changes no game.
    fn random_actions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<u32>>> {
        vector::random_actions(py, &self.vector)
    }
}

/// The arrays of the pending decisions and, when asked, every seat's
/// observations.
type Shown<'py> = (
    Bound<'py, PyArray3<u8>>,
    Bound<'py, PyArray2<u8>>,
    Bound<'py, PyArray1<u8>>,
    Bound<'py, PyArray2<f32>>,
    Bound<'py, PyArray1<bool>>,
    Option<Bound<'py, PyArray4<u8>>>,
);

/// The arrays `current` and `reset` return.
fn shown(a: Arrays<'_>) -> Shown<'_> {
    (a.obs, a.masks, a.seats, a.rewards, a.done, a.all)
}

/// The arrays of one batched step, the deciding seats' rewards, its
/// illegal-action flags, the final observations of the games that ended,
/// and every seat's observations.
type StepBatch<'py> = (
    Bound<'py, PyArray3<u8>>,
    Bound<'py, PyArray2<u8>>,
    Bound<'py, PyArray1<u8>>,
    Bound<'py, PyArray2<f32>>,
    Bound<'py, PyArray1<f64>>,
    Bound<'py, PyArray1<bool>>,
    Bound<'py, PyArray1<bool>>,
    Bound<'py, PyArray4<u8>>,
    Option<Bound<'py, PyArray4<u8>>>,
);

/// The built-in NOI2014 bot `name` names, as a seat would take it, or the
/// `ValueError` the seat would raise (so that an environment refuses an
/// unknown opponent when it is made).
#[pyfunction]
fn noi_bot(name: &str) -> PyResult<String> {
    Ok(built_in::<BuiltIn>("NOI2014", name)?.name())
}

/// The legal-action mask's and observation's sizes: (ACTIONS, OBS_ROWS,
/// KINDS).
#[pyfunction]
fn noi_shapes() -> (usize, usize, usize) {
    (ACTIONS, OBS_ROWS, KINDS)
}

/// The answer string of an action number for a request alone (no hand
/// needed): None for the target action, whose answer depends on the hand.
#[pyfunction]
fn noi_action_text(action: usize) -> PyResult<Option<String>> {
    let a = Action::from_index(action)
        .ok_or_else(|| value_error(format!("action {action} is not below {ACTIONS}")))?;
    Ok(a.text().map(str::to_string))
}

/// The action number of an answer string to a request (None when no
/// action answers it that way), e.g. `PLAY W3` -> 2.
#[pyfunction]
fn noi_action_of(request: &str, answer: &str) -> PyResult<Option<usize>> {
    let r: Request = request.parse().map_err(value_error)?;
    Ok(env::action_of(&r, answer).map(Action::index))
}

/// The native module.
mod mcr;
mod mcr_env;

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    mcr::register(m)?;
    mcr_env::register(m)?;
    contest::register(m)?;
    m.add_function(wrap_pyfunction!(distance, m)?)?;
    m.add_function(wrap_pyfunction!(analyze_json, m)?)?;
    m.add_function(wrap_pyfunction!(thupc_simulate_jsonl, m)?)?;
    m.add_function(wrap_pyfunction!(thupc_simulate_log, m)?)?;
    m.add_function(wrap_pyfunction!(thupc_explain, m)?)?;
    m.add_function(wrap_pyfunction!(thupc_replay_html, m)?)?;
    m.add_function(wrap_pyfunction!(thupc_walls, m)?)?;
    m.add_function(wrap_pyfunction!(thupc_families, m)?)?;
    m.add_function(wrap_pyfunction!(noi_walls, m)?)?;
    m.add_function(wrap_pyfunction!(noi_shapes, m)?)?;
    m.add_function(wrap_pyfunction!(noi_bot, m)?)?;
    m.add_function(wrap_pyfunction!(noi_action_text, m)?)?;
    m.add_function(wrap_pyfunction!(noi_action_of, m)?)?;
    m.add_function(wrap_pyfunction!(game_from_state, m)?)?;
    m.add_class::<Game>()?;
    m.add_class::<Policy>()?;
    m.add_class::<VecGame>()?;
    Ok(())
}
