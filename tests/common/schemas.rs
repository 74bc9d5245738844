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
pub const NOI2014_DUEL_WALLS: &str = "noi2014-duel-walls.v2.json";
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
/// MCR's duel report (`mcr duel --json`, `report.json`).
pub const MCR_DUEL_REPORT: &str = "mcr-duel-report.v2.json";
/// MCR's duel settings and walls (`duel.json`).
pub const MCR_DUEL_WALLS: &str = "mcr-duel-walls.v2.json";
/// MCR's tournament standings (`mcr tournament --json`, `report.json`).
pub const MCR_TOURNAMENT_REPORT: &str = "mcr-tournament-report.v2.json";
/// MCR's tournament settings and games (`tournament.json`).
pub const MCR_TOURNAMENT_GAMES: &str = "mcr-tournament-games.v1.json";
/// A saved NOI2014 learning game (Python's `Game.state()`).
pub const NOI2014_GAME_STATE: &str = "noi2014-game-state.v1.json";
/// A saved MCR learning game (Python's `McrGame.state()`).
pub const MCR_GAME_STATE: &str = "mcr-game-state.v1.json";
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

/// The schema of a contest file of `ruleset` (`noi2014`, `mcr`) whose type
/// `T` is shared by every ruleset: `T`'s schema with, of each format enum
/// (a definition whose values are all `mahjong-sim/...` names), only the
/// ruleset's value, the `format` property described as that value, and
/// commands in descriptions named as the ruleset's (the types' documents
/// say `noi2014 duel`). Each ruleset's files then name their own format
/// alone, and NOI2014's stayed as they were before MCR's came.
pub fn generated_for<T: JsonSchema>(ruleset: &str) -> String {
    let mut schema = schemars::schema_for!(T);
    let prefix = format!("mahjong-sim/{ruleset}-");
    let root = schema.as_object_mut().expect("a schema object");
    let mut kept = Vec::new();
    if let Some(Value::Object(defs)) = root.get_mut("$defs") {
        for def in defs.values_mut() {
            let Some(Value::Array(values)) = def.get_mut("oneOf") else {
                continue;
            };
            let name = |v: &Value| v["const"].as_str().unwrap_or_default().to_string();
            if !values.iter().all(|v| name(v).starts_with("mahjong-sim/")) {
                continue;
            }
            values.retain(|v| name(v).starts_with(&prefix));
            assert_eq!(values.len(), 1, "one format of {ruleset} in {values:?}");
            kept.push(name(&values[0]));
        }
    }
    assert_eq!(
        kept.len(),
        1,
        "one format enum in {}",
        std::any::type_name::<T>()
    );
    root["properties"]["format"]["description"] = format!("Always `{}`.", kept[0]).into();
    if ruleset != "noi2014" {
        rename_commands(root, ruleset);
    }
    let mut text = serde_json::to_string_pretty(&schema).expect("a schema serializes");
    text.push('\n');
    text
}

/// Names every description's `noi2014 ...` command as `ruleset`'s.
fn rename_commands(object: &mut serde_json::Map<String, Value>, ruleset: &str) {
    for (k, v) in object.iter_mut() {
        match v {
            Value::String(s) if k == "description" => {
                *s = s.replace("`noi2014 ", &format!("`{ruleset} "));
            }
            Value::Object(m) => rename_commands(m, ruleset),
            Value::Array(a) => {
                for x in a {
                    if let Value::Object(m) = x {
                        rename_commands(m, ruleset);
                    }
                }
            }
            _ => {}
        }
    }
}

/// Checks that the committed `file` is `T`'s schema; with `UPDATE_SCHEMAS=1`
/// in the environment, writes it first.
pub fn check_committed<T: JsonSchema>(file: &str) {
    check_text(file, generated::<T>());
}

/// Checks that the committed `file` is the schema of `T` for `ruleset`
/// ([`generated_for`]); with `UPDATE_SCHEMAS=1`, writes it first.
pub fn check_committed_for<T: JsonSchema>(file: &str, ruleset: &str) {
    check_text(file, generated_for::<T>(ruleset));
}

fn check_text(file: &str, want: String) {
    let path = path(file);
    if std::env::var_os("UPDATE_SCHEMAS").is_some_and(|v| v == "1") {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &want).unwrap();
    }
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        have == want,
        "{} is not the schema the types give: regenerate it with \
         `UPDATE_SCHEMAS=1 cargo test --test suite schemas::` and commit it \
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
