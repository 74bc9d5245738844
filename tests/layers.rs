//! The library's layers (written down in `src/contest/mod.rs`): each module
//! uses only modules of its own layer or those below, read off its
//! `crate::` paths (`use crate::x`, `crate::x::y` in code and doc links).
//!
//! core < rulesets < replay < contest; the two rulesets do not use each
//! other. The app (`src/app/`, `src/main.rs`) is above all of them and uses
//! the library as `mahjong_sim::`, never `crate::`.

use std::path::{Path, PathBuf};

/// The layer of a top-level module of the library.
fn layer(module: &str) -> Option<u8> {
    Some(match module {
        "tile" | "hand" | "meld" | "distance" | "analysis" | "parse" | "place" | "named"
        | "game_log" | "learn" | "rng" | "stats" | "process" | "botzone" => 0,
        "thupc2021" | "noi2014" | "mcr" => 1,
        "replay" => 2,
        "contest" => 3,
        _ => return None,
    })
}

/// The `.rs` files under `dir`, recursively.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).expect("a source folder") {
        let p = e.expect("a folder entry").path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The top-level module a library file belongs to (`src/noi2014/rules/judge.rs`
/// is `noi2014`, `src/tile.rs` is `tile`).
fn module_of(src: &Path, file: &Path) -> String {
    let rel = file.strip_prefix(src).expect("under src");
    let first = rel.components().next().expect("a path").as_os_str();
    first.to_string_lossy().trim_end_matches(".rs").to_string()
}

/// Every top-level module named by a `crate::` path in `text`.
fn crate_uses(text: &str) -> Vec<(usize, String)> {
    let mut uses = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let mut rest = line;
        while let Some(at) = rest.find("crate::") {
            rest = &rest[at + "crate::".len()..];
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            if !name.is_empty() {
                uses.push((n + 1, name));
            }
        }
        // `use crate::{a, b}` names several.
        if let Some(at) = line.find("crate::{") {
            let inner = &line[at + "crate::{".len()..];
            for part in inner.split([',', '}']) {
                let name: String = part
                    .trim()
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                if !name.is_empty() {
                    uses.push((n + 1, name));
                }
            }
        }
    }
    uses
}

/// Where `file` (in `from`) names a module above its layer or the other
/// ruleset, one line each.
fn violations(from: &str, file: &Path, text: &str) -> Vec<String> {
    let Some(own) = layer(from) else {
        return Vec::new();
    };
    crate_uses(text)
        .into_iter()
        .filter_map(|(line, to)| {
            let theirs = layer(&to)?;
            let upward = theirs > own;
            let sideways = own == 1 && theirs == 1 && to != from;
            (upward || sideways).then(|| format!("{}:{line}: {from} uses {to}", file.display()))
        })
        .collect()
}

#[test]
fn each_module_uses_only_its_layer_and_those_below() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut checked = 0;
    let mut bad = Vec::new();
    for file in &files {
        let module = module_of(&src, file);
        if module == "app" || module == "main" || module == "lib" {
            continue;
        }
        assert!(
            layer(&module).is_some(),
            "{}: module `{module}` has no layer: add it to this test and to src/contest/mod.rs",
            file.display()
        );
        let text = std::fs::read_to_string(file).expect("a source file");
        bad.extend(violations(&module, file, &text));
        checked += 1;
    }
    // Not degenerate: the library's files were found and read.
    assert!(checked > 40, "only {checked} files checked");
    assert!(
        bad.is_empty(),
        "uses against the layers:\n{}",
        bad.join("\n")
    );
}

#[test]
fn the_app_uses_the_library_by_its_name() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = vec![src.join("main.rs")];
    rust_files(&src.join("app"), &mut files);
    for file in files {
        let text = std::fs::read_to_string(&file).expect("a source file");
        let uses = crate_uses(&text);
        assert!(uses.is_empty(), "{}: {uses:?}", file.display());
    }
}

#[test]
fn an_upward_or_sideways_use_is_found() {
    let f = Path::new("x.rs");
    // The check itself can fail: each kind of wrong arrow is caught.
    assert_eq!(
        violations("noi2014", f, "use crate::contest::pool;").len(),
        1
    );
    assert_eq!(violations("tile", f, "x: crate::noi2014::Wall").len(), 1);
    assert_eq!(
        violations("thupc2021", f, "use crate::{tile, noi2014};").len(),
        1
    );
    assert_eq!(
        violations("replay", f, "/// [`crate::contest::check`]").len(),
        1
    );
    assert!(violations("contest", f, "use crate::{replay, noi2014, tile};").is_empty());
    assert!(violations("noi2014", f, "use crate::noi2014::judge;").is_empty());
}

/// The rank of a folder of `src/noi2014/`: each uses only those of a lower
/// rank (written down in `src/noi2014/mod.rs`).
fn noi2014_rank(folder: &str) -> Option<u8> {
    ["rules", "bots", "programs", "games", "learn"]
        .iter()
        .position(|f| *f == folder)
        .map(|r| r as u8)
}

/// Where `text`, in the folder `own` of `src/noi2014/`, names a folder of
/// a higher rank, one line each; its unit tests (after `#[cfg(test)]`) may
/// use any.
fn noi2014_violations(own: &str, file: &Path, text: &str) -> Vec<String> {
    let own_rank = noi2014_rank(own).expect("a folder of src/noi2014/");
    let code = text.split("#[cfg(test)]").next().unwrap_or("");
    let mut bad = Vec::new();
    for (n, line) in code.lines().enumerate() {
        if line.contains("super::super::") {
            bad.push(format!(
                "{}:{}: a path through super::super",
                file.display(),
                n + 1
            ));
        }
        for (at, _) in line.match_indices("crate::noi2014::") {
            let rest = &line[at + "crate::noi2014::".len()..];
            let to: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            match noi2014_rank(&to) {
                Some(r) if r <= own_rank => {}
                _ => bad.push(format!("{}:{}: {own} uses {to}", file.display(), n + 1)),
            }
        }
    }
    bad
}

#[test]
fn each_noi2014_folder_uses_only_those_before_it() {
    let noi = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/noi2014");
    let mut checked = 0;
    let mut bad = Vec::new();
    for e in std::fs::read_dir(&noi).expect("src/noi2014") {
        let dir = e.expect("a folder entry").path();
        if !dir.is_dir() {
            continue;
        }
        let folder = dir.file_name().unwrap().to_string_lossy().to_string();
        assert!(
            noi2014_rank(&folder).is_some(),
            "{}: add the folder to noi2014_rank and to src/noi2014/mod.rs",
            dir.display()
        );
        let mut files = Vec::new();
        rust_files(&dir, &mut files);
        for file in files {
            let text = std::fs::read_to_string(&file).expect("a source file");
            bad.extend(noi2014_violations(&folder, &file, &text));
            checked += 1;
        }
    }
    // Not degenerate: the folders' files were found and read.
    assert!(checked > 20, "only {checked} files checked");
    assert!(
        bad.is_empty(),
        "uses against the folders' order:\n{}",
        bad.join("\n")
    );
}

#[test]
fn an_upward_use_inside_noi2014_is_found() {
    let f = Path::new("x.rs");
    assert_eq!(
        noi2014_violations("rules", f, "use crate::noi2014::bots::bot::Bot;").len(),
        1
    );
    assert_eq!(
        noi2014_violations("bots", f, "use super::super::games;").len(),
        1
    );
    // A name handed on by src/noi2014/mod.rs is no folder: not allowed.
    assert_eq!(
        noi2014_violations("games", f, "use crate::noi2014::Judge;").len(),
        1
    );
    assert!(noi2014_violations("learn", f, "use crate::noi2014::games::arena;").is_empty());
    assert!(noi2014_violations(
        "rules",
        f,
        "x\n#[cfg(test)]\nmod tests { use crate::noi2014::games::arena; }"
    )
    .is_empty());
}
