//! The committed JSON Schemas of what mahjong-sim writes (docs/schemas/),
//! for any type deriving `schemars::JsonSchema`: generated from the type,
//! compared with the committed file (`UPDATE_SCHEMAS=1` rewrites it), and
//! used to validate output.

use schemars::JsonSchema;
use serde_json::Value;
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Mutex, OnceLock};

/// The NOI2014 game log's schema: one line of a log.
pub const NOI2014_GAME_LOG: &str = "noi2014-game-log.v2.json";
/// The schema of a duel's report (`duel --json`, `report.json`).
pub const NOI2014_DUEL_REPORT: &str = "noi2014-duel-report.v2.json";
/// The schema of a duel's settings and walls (`duel.json`, for `merge`).
pub const NOI2014_DUEL_WALLS: &str = "noi2014-duel-walls.v1.json";
/// The schema of a tournament's standings (`tournament --json`,
/// `report.json`).
pub const NOI2014_TOURNAMENT_REPORT: &str = "noi2014-tournament-report.v2.json";
/// The schema of a tournament's settings and games (`tournament.json`,
/// for `merge` and a shard's `--after`).
pub const NOI2014_TOURNAMENT_GAMES: &str = "noi2014-tournament-games.v1.json";
/// The MCR game log's schema: one line of a log (`mcr play --json`).
pub const MCR_GAME_LOG: &str = "mcr-game-log.v2.json";
/// Version 1 of the MCR game log's schema, kept for the logs written
/// before programs' steps were recorded.
pub const MCR_GAME_LOG_V1: &str = "mcr-game-log.v1.json";
/// The THUPC 2021 game log's schema: one line of `simulate --json`.
pub const THUPC2021_GAME_LOG: &str = "thupc2021-game-log.v1.json";
/// The THUPC 2021 explanation's schema: one line of `explain --json`.
pub const THUPC2021_EXPLANATION: &str = "thupc2021-explanation.v1.json";
/// The schema of a check's report (`check --json`).
pub const THUPC2021_CHECK_REPORT: &str = "thupc2021-check-report.v2.json";

/// The path of a committed schema file.
pub fn path(file: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("docs/schemas")
        .join(file)
}

/// `T`'s schema as committed: pretty JSON with a final newline.
pub fn generated<T: JsonSchema>() -> String {
    let schema = schemars::schema_for!(T);
    let mut text = serde_json::to_string_pretty(&schema).expect("a schema serializes");
    text.push('\n');
    text
}

/// Checks that the committed `file` is `T`'s schema; with `UPDATE_SCHEMAS=1`
/// in the environment, writes it first.
pub fn check_committed<T: JsonSchema>(file: &str) {
    let want = generated::<T>();
    let path = path(file);
    if std::env::var_os("UPDATE_SCHEMAS").is_some_and(|v| v == "1") {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &want).unwrap();
    }
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        have == want,
        "{} is not the schema the types give: regenerate it with \
         `UPDATE_SCHEMAS=1 cargo test --test schemas` and commit it \
         (a change of the format also needs a new version)",
        path.display()
    );
}

/// The validator of a committed schema, compiled once per test binary.
fn validator(file: &str) -> &'static jsonschema::Validator {
    static CACHE: OnceLock<Mutex<HashMap<String, &'static jsonschema::Validator>>> =
        OnceLock::new();
    let mut cache = CACHE
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    cache.entry(file.to_string()).or_insert_with(|| {
        let text = std::fs::read_to_string(path(file)).unwrap();
        let schema: Value = serde_json::from_str(&text).unwrap();
        let v = jsonschema::validator_for(&schema)
            .unwrap_or_else(|e| panic!("{file} is not a valid schema: {e}"));
        Box::leak(Box::new(v))
    })
}

/// Whether `value` is valid under the committed schema `file`; the first
/// error found, if not.
pub fn validate(file: &str, value: &Value) -> Result<(), String> {
    let v = validator(file);
    match v.iter_errors(value).next() {
        None => Ok(()),
        Some(e) => Err(format!("{e} at {}", e.instance_path())),
    }
}

/// Validates each line of JSON Lines under the committed schema `file`.
pub fn validate_lines(file: &str, text: &[u8]) -> Result<(), String> {
    let text = std::str::from_utf8(text).map_err(|e| e.to_string())?;
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let value: Value =
            serde_json::from_str(line).map_err(|e| format!("line {}: {e}", i + 1))?;
        validate(file, &value).map_err(|e| format!("line {}: {e}", i + 1))?;
    }
    Ok(())
}

/// A JSON report (one object), validated under the committed schema
/// `file`, parsed.
pub fn report(file: &str, text: &[u8]) -> Value {
    let v: Value = serde_json::from_slice(text).unwrap_or_else(|e| {
        panic!(
            "not one JSON object ({e}): {}",
            String::from_utf8_lossy(text)
        )
    });
    if let Err(e) = validate(file, &v) {
        panic!("not valid under {file}: {e}\n{v}");
    }
    v
}
