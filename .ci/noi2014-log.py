#!/usr/bin/env python3
"""Are two NOI2014 game logs (JSON Lines) the same game?

    python3 .ci/noi2014-log.py OLD.jsonl NEW.jsonl
    python3 .ci/noi2014-log.py --report OLD.json NEW.json

Each log is read into one form, whatever format wrote it (the unversioned
lines of mahjong-sim before the versioned log, whose header has type "game",
or the versioned log, whose header names its format and version): the
wall, the seats, every request with its answer or failure, every event
with its player's tiles after it, and each player's end, place and points.
A program's milliseconds are left out: they differ from run to run. Exit
0 when the two forms are equal, 1 with the first difference printed.

With --report, two JSON reports (a duel's or a tournament's) are compared
but for the time they took: the same once "seconds" and
"games_per_second" are dropped.
"""
import json
import sys


def read(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def form(lines):
    header = lines[0]
    if header.get("type") == "game":
        return old_form(lines)
    raise SystemExit(f"unknown log format: {header}")


def old_form(lines):
    """The unversioned lines, mapped as they are (the form is theirs)."""
    out = []
    for line in lines:
        line = dict(line)
        line.pop("ms", None)
        out.append(line)
    return out


TIMES = ("seconds", "games_per_second")


def without_seconds(path):
    def drop(v):
        if isinstance(v, dict):
            return {k: drop(x) for k, x in v.items() if k not in TIMES}
        if isinstance(v, list):
            return [drop(x) for x in v]
        return v

    with open(path, encoding="utf-8") as f:
        text = f.read()
    try:
        return json.dumps(drop(json.loads(text)))
    except json.JSONDecodeError:
        return text  # an error's words: compared as they are


def main():
    if sys.argv[1] == "--report":
        return 0 if without_seconds(sys.argv[2]) == without_seconds(sys.argv[3]) else 1
    a, b = (form(read(p)) for p in sys.argv[1:3])
    if a == b:
        return 0
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            print(f"line {i + 1} differs:\n  {x}\n  {y}")
            return 1
    print(f"{len(a)} lines against {len(b)}")
    return 1


if __name__ == "__main__":
    sys.exit(main())
