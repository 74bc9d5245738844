//! Every command's `--help`, read as a newcomer would: it names what the
//! command does in one line and gives one example, and the example runs.

use crate::common;
use common::run;
use std::path::Path;

/// Every command and subcommand, as its words on the command line.
const COMMANDS: &[&[&str]] = &[
    &[],
    &["simulate"],
    &["distance"],
    &["explain"],
    &["gen"],
    &["check"],
    &["analyze"],
    &["bench"],
    &["noi2014"],
    &["noi2014", "play"],
    &["noi2014", "bot"],
    &["noi2014", "duel"],
    &["noi2014", "tournament"],
    &["noi2014", "merge"],
    &["mcr"],
    &["mcr", "fan"],
    &["mcr", "shanten"],
    &["mcr", "play"],
    &["mcr", "conform"],
    &["mcr", "duel"],
    &["mcr", "tournament"],
    &["mcr", "merge"],
];

/// The `--help` text of `command`.
fn help(command: &[&str]) -> String {
    let mut args = command.to_vec();
    args.push("--help");
    let r = run(&args, b"");
    assert_eq!(r.code, Some(0), "{command:?}: {}", r.stderr);
    String::from_utf8(r.stdout).unwrap()
}

/// The commands of the help's `Example:` paragraph, in order: each line
/// that starts with `mahjong-sim` starts one (`noi2014 merge` makes its
/// shards first), other lines go on with the one before.
fn example(help: &str) -> Option<Vec<String>> {
    let start = help.find("Example: ")? + "Example: ".len();
    let paragraph = help[start..].split("\n\n").next().unwrap();
    let mut commands: Vec<String> = Vec::new();
    for line in paragraph.lines() {
        let words = line.split_whitespace().collect::<Vec<_>>().join(" ");
        match commands.last_mut() {
            Some(c) if !words.starts_with("mahjong-sim ") => {
                c.push(' ');
                c.push_str(&words);
            }
            _ => commands.push(words),
        }
    }
    Some(commands)
}

#[test]
fn every_command_says_what_it_does_in_one_line_and_gives_an_example() {
    // The program's own summary names both contests.
    let top = help(&[]);
    assert!(
        ["THUPC 2021", "NOI2014"]
            .iter()
            .all(|c| top.lines().next().unwrap().contains(c)),
        "{top}"
    );
    for command in COMMANDS {
        let text = help(command);
        let first = text.lines().next().unwrap();
        assert!(
            first.chars().count() <= 80 && first.ends_with('.'),
            "{command:?}: the first line should be one short sentence: {first:?}"
        );
        assert!(
            text.lines().nth(1).is_some_and(str::is_empty),
            "{command:?}: the summary should be a line of its own:\n{text}"
        );
        let ex = example(&text).unwrap_or_else(|| panic!("{command:?} has no example:\n{text}"));
        let words: Vec<&str> = std::iter::once("mahjong-sim")
            .chain(command.iter().copied())
            .collect();
        // The last command is the one the help is about.
        let last = ex.last().unwrap();
        assert!(
            last.contains(&words.join(" ")),
            "{command:?}: the example should use the command: {last}"
        );
    }
}

/// Each example runs as printed, in a fresh folder holding the repository's
/// `corpus/` and `examples/`, a solution `./mysolution` and a bot `./mybot`
/// (this build behind both), with this build first on the PATH: it ends
/// with a verdict (0 or 1), never a usage or input error (2).
#[test]
fn every_help_example_runs() {
    let bin = Path::new(env!("CARGO_BIN_EXE_mahjong-sim"));
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    // From the root of a fresh clone, as the help's reader runs them.
    let dir = common::fresh_clone("help-examples");
    for (name, body) in [
        ("mysolution", "exec mahjong-sim simulate\n"),
        ("mybot", "exec mahjong-sim noi2014 bot \"$@\"\n"),
    ] {
        let file = dir.path().join(name);
        std::fs::write(&file, format!("#!/bin/sh\n{body}")).unwrap();
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let mut ran = 0;
    for command in COMMANDS {
        // Every command of the example, in order.
        for ex in example(&help(command)).expect("checked above") {
            let out = std::process::Command::new("sh")
                .args(["-c", &ex])
                .env("PATH", &path)
                .current_dir(dir.path())
                .output()
                .unwrap();
            let code = out.status.code();
            assert!(
                matches!(code, Some(0 | 1)) && !out.stdout.is_empty(),
                "{command:?}: `{ex}` exited {code:?}, printing {} bytes:\n{}",
                out.stdout.len(),
                String::from_utf8_lossy(&out.stderr)
            );
            ran += 1;
        }
    }
    // Not degenerate: each merge's example is three commands, mcr
    // conform's two.
    assert_eq!(ran, COMMANDS.len() + 5);
}
