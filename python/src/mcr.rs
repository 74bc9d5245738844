//! `mahjong_sim.mcr`: Chinese Standard Mahjong's fan calculator and
//! shanten, the library's `mcr::input` as the command line's `mcr fan`
//! and `mcr shanten` use it; results as JSON text (the command line's
//! `--json`), which the Python module loads.

use mahjong_sim::mcr::input::{
    fans, parse_reading, parse_tiles, parse_wind, shanten_report, winning_hand, Names,
};
use mahjong_sim::mcr::WinContext;
use pyo3::prelude::*;
use pyo3::types::PyString;

use super::common::value_error;

/// Tile words: one string (`"W1 W2 W3"`) or a list of strings.
fn words(tiles: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<String>> {
    if let Ok(s) = tiles.cast::<PyString>() {
        return Ok(vec![s.to_cow()?.into_owned()]);
    }
    tiles.extract::<Vec<String>>().map_err(|_| {
        pyo3::exceptions::PyTypeError::new_err(format!(
            "{what} is a string of tiles or a list of tile strings"
        ))
    })
}

/// A wind: `"E"`..`"N"`, `"F1"`..`"F4"`, or 0-3.
fn wind(w: &Bound<'_, PyAny>, what: &str) -> PyResult<u8> {
    if let Ok(n) = w.extract::<i64>() {
        if w.is_instance_of::<pyo3::types::PyBool>() || !(0..=3).contains(&n) {
            return Err(value_error(format!("{what}: {n} is no wind (0-3)")));
        }
        return Ok(n as u8);
    }
    let s: String = w.extract().map_err(|_| {
        pyo3::exceptions::PyTypeError::new_err(format!("{what} is a wind name or 0-3"))
    })?;
    parse_wind(&s).map_err(|e| value_error(format!("{what}: {e}")))
}

/// The fans of a winning hand as `mcr fan --json` prints them, or `None`
/// when the hand is no win.
#[pyfunction]
#[pyo3(signature = (hand, melds=Vec::new(), win=None, self_drawn=false, last_copy=false, about_kong=false, wall_last=false, seat_wind=None, prevalent_wind=None, flowers=0, reading="1.4.0"))]
#[allow(clippy::too_many_arguments)]
fn mcr_fan_json(
    hand: &Bound<'_, PyAny>,
    melds: Vec<String>,
    win: Option<String>,
    self_drawn: bool,
    last_copy: bool,
    about_kong: bool,
    wall_last: bool,
    seat_wind: Option<&Bound<'_, PyAny>>,
    prevalent_wind: Option<&Bound<'_, PyAny>>,
    flowers: u8,
    reading: &str,
) -> PyResult<Option<String>> {
    let reading = parse_reading(reading).map_err(value_error)?;
    let names = Names {
        hand: "hand",
        meld: "melds",
        win: "win",
    };
    let (hand, win_tile, flowers_in_hand) =
        winning_hand(&words(hand, "hand")?, &melds, win.as_deref(), names).map_err(value_error)?;
    let context = WinContext {
        win_tile,
        self_drawn,
        last_copy,
        about_kong,
        wall_last,
        seat_wind: seat_wind.map_or(Ok(0), |w| wind(w, "seat_wind"))?,
        prevalent_wind: prevalent_wind.map_or(Ok(0), |w| wind(w, "prevalent_wind"))?,
        flowers: flowers.saturating_add(flowers_in_hand),
    };
    let Some(report) = fans(&hand, &context, reading).map_err(value_error)? else {
        return Ok(None);
    };
    serde_json::to_string(&report)
        .map(Some)
        .map_err(value_error)
}

/// Shanten of standing tiles as `mcr shanten --json` prints it (without
/// `line` and `hand`).
#[pyfunction]
fn mcr_shanten_json(hand: &Bound<'_, PyAny>) -> PyResult<String> {
    let (tiles, _) = parse_tiles(&words(hand, "hand")?, "hand").map_err(value_error)?;
    let report = shanten_report(&tiles).map_err(value_error)?;
    serde_json::to_string(&report).map_err(value_error)
}

/// The `output` of a conformance-shaped `input` (JSON text), as `mcr fan
/// --cases` prints it.
#[pyfunction]
#[pyo3(signature = (input, reading="1.4.0"))]
fn mcr_case_json(input: &str, reading: &str) -> PyResult<String> {
    let reading = parse_reading(reading).map_err(value_error)?;
    let value: serde_json::Value = serde_json::from_str(input).map_err(value_error)?;
    let output = mahjong_sim::mcr::cases::answer(&value, reading).map_err(value_error)?;
    serde_json::to_string(&output).map_err(value_error)
}

/// Adds the MCR functions to the native module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(mcr_fan_json, m)?)?;
    m.add_function(wrap_pyfunction!(mcr_shanten_json, m)?)?;
    m.add_function(wrap_pyfunction!(mcr_case_json, m)?)?;
    Ok(())
}
