//! The README and the guides (docs/*.md) say what the program does: their
//! examples are run and compared with their output, and the README's list
//! of commands names exactly the options each command's `--help` lists.

use crate::common;
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

/// The ```text and ```console blocks of a Markdown text.
fn text_blocks(readme: &str) -> Vec<Vec<&str>> {
    let mut blocks = Vec::new();
    let mut current: Option<Vec<&str>> = None;
    for line in readme.lines() {
        match (&mut current, line.trim_end()) {
            (None, "```text" | "```console") => current = Some(Vec::new()),
            (Some(_), "```") => blocks.push(current.take().expect("in a block")),
            (Some(b), _) => b.push(line),
            (None, _) => {}
        }
    }
    blocks
}

/// Whether `line` is what `shown` shows: equal, where each `[..]` of
/// `shown` stands for any text (timings, rates).
fn line_matches(shown: &str, line: &str) -> bool {
    let mut parts = shown.split("[..]");
    let first = parts.next().unwrap_or("");
    let Some(mut rest) = line.strip_prefix(first) else {
        return false;
    };
    let parts: Vec<&str> = parts.collect();
    for (i, part) in parts.iter().enumerate() {
        if i + 1 == parts.len() {
            return rest.ends_with(part);
        }
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.is_empty()
}

/// Whether the lines `got` are what `shown` shows: line by line (see
/// [`line_matches`]), a `...` line standing for any number of lines.
fn lines_match(shown: &[&str], got: &[&str]) -> bool {
    match shown.split_first() {
        None => got.is_empty(),
        Some((l, rest)) if l.trim() == "..." => {
            (0..=got.len()).any(|k| lines_match(rest, &got[k..]))
        }
        Some((l, rest)) => got
            .split_first()
            .is_some_and(|(g, more)| line_matches(l, g) && lines_match(rest, more)),
    }
}

#[test]
fn shown_output_may_elide_text_and_lines() {
    assert!(line_matches(
        "took [..] s ([..] a second)",
        "took 1.2 s (3 a second)"
    ));
    assert!(!line_matches("took [..] s", "took 1.2 ms"));
    assert!(!line_matches("games 8", "games 80"));
    assert!(lines_match(&["a", "...", "d"], &["a", "b", "c", "d"]));
    assert!(lines_match(&["a", "..."], &["a"]));
    assert!(!lines_match(&["a", "d"], &["a", "b", "d"]));
    assert!(!lines_match(&["a", "...", "e"], &["a", "b", "d"]));
}

/// A scratch folder to run the guides' examples in, as a reader would
/// run them from a clone's root: a copy of the repository's files
/// ([`common::fresh_clone`]), a solution `./mysolution`, bots `./mybot`
/// and `./mybot-yesterday` (this build behind them) and a wall `my.wall`.
fn example_folder() -> tempfile::TempDir {
    let dir = common::fresh_clone("guide-examples");
    for (name, body) in [
        ("mysolution", "exec mahjong-sim simulate\n"),
        ("mybot", "exec mahjong-sim noi2014 bot \"$@\"\n"),
        (
            "mybot-yesterday",
            "exec mahjong-sim noi2014 bot --bot sample \"$@\"\n",
        ),
    ] {
        let file = dir.path().join(name);
        std::fs::write(&file, format!("#!/bin/sh\n{body}")).unwrap();
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    use mahjong_sim::noi2014::games::families::{walls, Family};
    let wall = walls(Family::Uniform, 1, 1).remove(0);
    std::fs::write(dir.path().join("my.wall"), format!("{wall}\n")).unwrap();
    dir
}

/// Every `$ command` of the README and the guides with the output it
/// shows: run through `sh` in an [`example_folder`] with this build first
/// on the PATH, then the system's folders (the `python3` a sandboxed bot
/// gets: another first on the PATH would add the judge's note that it is
/// not used), and compared line by line (`[..]` in a line stands for
/// any text, a `...` line for any lines: timings and the shrinker's luck
/// differ from run to run). Examples that run several commands or write
/// to a folder that must not exist are shown in ```sh blocks instead.
#[test]
fn readme_examples_print_what_the_readme_shows() {
    let bin = Path::new(env!("CARGO_BIN_EXE_mahjong-sim"));
    let path = format!(
        "{}:/usr/local/bin:/usr/bin:/bin:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let text = readme_and_guides();
    let dir = example_folder();
    let mut ran = 0;
    for block in text_blocks(&text) {
        let mut i = 0;
        while i < block.len() {
            let Some(first) = block[i].strip_prefix("$ ") else {
                i += 1;
                continue;
            };
            // A command continued with `\` at line ends.
            let mut command = first.to_string();
            while command.ends_with('\\') && i + 1 < block.len() {
                command.pop();
                i += 1;
                command.push_str(block[i].trim_start_matches('>'));
            }
            let mut expected = Vec::new();
            i += 1;
            while i < block.len() && !block[i].starts_with("$ ") {
                expected.push(block[i]);
                i += 1;
            }
            while expected.last().is_some_and(|l| l.trim().is_empty()) {
                expected.pop();
            }
            let out = std::process::Command::new("sh")
                .args(["-c", &format!("{command} 2>&1")])
                .env("PATH", &path)
                .current_dir(dir.path())
                .output()
                .unwrap();
            let got = String::from_utf8_lossy(&out.stdout).into_owned();
            let got: Vec<&str> = got.lines().collect();
            assert!(
                lines_match(&expected, &got),
                "the example `{command}` prints:\n{}\nbut its guide shows:\n{}",
                got.join("\n"),
                expected.join("\n")
            );
            ran += 1;
        }
    }
    assert!(ran >= 10, "only {ran} examples found");
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
