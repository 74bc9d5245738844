//! The README and the guides (docs/*.md) say what the program does: their
//! examples are run and compared with their output, and the README's list
//! of commands names exactly the options each command's `--help` lists.

mod common;
use common::run;
use std::collections::BTreeSet;
use std::path::Path;

fn readme() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap()
}

/// The README, then every guide of docs/ in name order: where examples are.
fn readme_and_guides() -> String {
    let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs");
    let mut guides: Vec<_> = std::fs::read_dir(&docs)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    guides.sort();
    // Not degenerate: the guides are there to be read.
    assert!(
        guides.len() >= 5,
        "guides in {}: {guides:?}",
        docs.display()
    );
    let mut text = readme();
    for g in guides {
        text.push('\n');
        text.push_str(&std::fs::read_to_string(g).unwrap());
    }
    text
}

/// The ```text blocks of the README.
fn text_blocks(readme: &str) -> Vec<Vec<&str>> {
    let mut blocks = Vec::new();
    let mut current: Option<Vec<&str>> = None;
    for line in readme.lines() {
        match (&mut current, line.trim_end()) {
            (None, "```text") => current = Some(Vec::new()),
            (Some(_), "```") => blocks.push(current.take().expect("in a block")),
            (Some(b), _) => b.push(line),
            (None, _) => {}
        }
    }
    blocks
}

/// Every `$ command` of the README with the output it shows: run through
/// `sh` with this build first on the PATH, and compared line by line (a
/// `...` line ends the comparison: what follows it is left out).
#[test]
fn readme_examples_print_what_the_readme_shows() {
    let bin = Path::new(env!("CARGO_BIN_EXE_mahjong-sim"));
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let text = readme_and_guides();
    let mut ran = 0;
    for block in text_blocks(&text) {
        let mut i = 0;
        while i < block.len() {
            let Some(command) = block[i].strip_prefix("$ ") else {
                i += 1;
                continue;
            };
            let mut expected = Vec::new();
            i += 1;
            while i < block.len() && !block[i].starts_with("$ ") {
                expected.push(block[i]);
                i += 1;
            }
            // Timings and the shrinker's luck differ from run to run.
            if command.contains(" check ") || command.contains(" bench") {
                continue;
            }
            let out = std::process::Command::new("sh")
                .args(["-c", &format!("{command} 2>&1")])
                .env("PATH", &path)
                .current_dir(env!("CARGO_MANIFEST_DIR"))
                .output()
                .unwrap();
            let got = String::from_utf8_lossy(&out.stdout).into_owned();
            let got: Vec<&str> = got.lines().collect();
            let shown: Vec<&str> = expected
                .iter()
                .take_while(|l| l.trim() != "...")
                .copied()
                .collect();
            let whole = shown.len() == expected.len();
            assert!(
                got.len() >= shown.len() && got[..shown.len()] == shown[..],
                "README example `{command}` prints:\n{}\nbut the README shows:\n{}",
                got.join("\n"),
                expected.join("\n")
            );
            if whole {
                assert_eq!(got.len(), shown.len(), "`{command}` prints more");
            }
            ran += 1;
        }
    }
    assert!(ran >= 4, "only {ran} examples found");
}

/// The long options `mahjong-sim COMMAND --help` lists; for a command with
/// subcommands (`noi2014 play`, `noi2014 bot`), those of all of them.
fn help_options(command: &str) -> BTreeSet<String> {
    let words: Vec<&str> = command.split(' ').collect();
    let r = run(&[&words[..], &["--help"]].concat(), b"");
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let help = String::from_utf8(r.stdout).unwrap();
    let subcommands: Vec<String> = help
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .map(|c| format!("{command} {c}"))
        .collect();
    if !subcommands.is_empty() {
        return subcommands.iter().flat_map(|c| help_options(c)).collect();
    }
    help.split_whitespace()
        .filter(|w| w.starts_with("--") && w.len() > 2)
        .map(|w| {
            w.trim_end_matches(|c: char| !c.is_ascii_alphanumeric())
                .to_string()
        })
        .filter(|w| w != "--help" && w != "--version")
        .collect()
}

#[test]
fn readme_command_list_and_help_agree() {
    let text = readme();
    let list = text_blocks(&text)
        .into_iter()
        .find(|b| b.iter().any(|l| l.starts_with("mahjong-sim simulate")))
        .expect("the README's list of commands");
    let r = run(&["--help"], b"");
    let help = String::from_utf8(r.stdout).unwrap();
    assert!(help.contains("mahjong-sim COMMAND --help"), "{help}");
    assert!(
        list.iter()
            .any(|l| l.contains("mahjong-sim COMMAND --help")),
        "the README should say where the details are"
    );
    // Commands: those of --help, in the list.
    let commands: Vec<&str> = help
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .collect();
    assert!(commands.len() >= 7, "{help}");
    for c in commands {
        // The README lines of the command, with their continuation lines.
        let starts: Vec<usize> = list
            .iter()
            .enumerate()
            .filter(|(_, l)| l.starts_with(&format!("mahjong-sim {c} ")))
            .map(|(i, _)| i)
            .collect();
        assert!(!starts.is_empty(), "`{c}` is not in the README's list");
        let mut entry = String::new();
        for start in starts {
            entry.push_str(list[start]);
            for l in &list[start + 1..] {
                if l.starts_with("mahjong-sim ") {
                    break;
                }
                entry.push(' ');
                entry.push_str(l);
            }
        }
        let listed: BTreeSet<String> = entry
            .split(|ch: char| !(ch.is_ascii_alphanumeric() || ch == '-'))
            .filter(|w| w.starts_with("--") && w.len() > 2)
            .map(str::to_string)
            .collect();
        assert_eq!(listed, help_options(c), "README's `{c}` against its --help");
    }
}
