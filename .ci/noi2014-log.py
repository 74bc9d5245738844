#!/usr/bin/env python3
"""Are two NOI2014 game logs (JSON Lines) the same game?

    python3 .ci/noi2014-log.py OLD.jsonl NEW.jsonl
    python3 .ci/noi2014-log.py --report OLD.json NEW.json

Each log is read into one form, the versioned log's lines (format
mahjong-sim/noi2014-game-log, version 1 or 2, without the version and
version 2's containment and CPU times), whatever format wrote it: the
unversioned lines that mahjong-sim wrote before (header type "game",
serde's default enum shapes, events as strings) are mapped to them. The
form holds the wall, the seats, every request with its answer or failure,
every event with its player's tiles after it, and each player's end, place
and points. Left out: a program's milliseconds (they differ from run to
run) and the judge's words for why a player was put out (the text logs
have them, compared byte for byte). Exit 0 when the two forms are equal,
1 with the first difference printed.

With --report, two JSON reports (a duel's or a tournament's) are compared
but for the time they took: the same once "seconds" and
"games_per_second" are dropped. Unversioned reports (before the
versioned formats mahjong-sim/noi2014-duel-report and
mahjong-sim/noi2014-tournament-report, version 1) are mapped first: the
duel's decision was the statistics enum's variant name ("H1",
"Continue"), and put-out kinds were words ("time-out", "illegal move").
A duel report without "seating" (before it had a choice) was "round".
"""
import json
import sys


def read(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def form(lines):
    header = lines[0]
    if header.get("type") == "game":
        lines = [old_to_new(line) for line in lines]
    elif header.get("format") != "mahjong-sim/noi2014-game-log" or header.get("version") not in (1, 2):
        raise SystemExit(f"unknown log format: {str(header)[:200]}")
    out = []
    for line in lines:
        line = dict(line)
        if line["type"] == "header":
            # Version 2 adds how programs were contained; the games are
            # compared, not the log's version.
            line = {k: v for k, v in line.items() if k not in ("version", "containment")}
        if "program" in line:
            # Times differ from run to run (version 2 adds the CPU time);
            # how the program was contained describes the machine and the
            # sandbox's limits (issue 51 added /tmp's), not the game.
            line["program"] = {
                k: v for k, v in line["program"].items() if k not in ("ms", "cpu_ms", "containment")
            }
        if line["type"] == "result":
            # The judge's words are compared in the text logs.
            line["players"] = [{k: v for k, v in p.items() if k != "message"} for p in line["players"]]
        out.append(line)
    return out


def snake(word):
    return word.replace("-", "_")


def failure(message):
    """A program's failure kind, from the driver's words for it."""
    for start, kind in (
        ("more than ", "too_much_output"),
        ("output is not one JSON object", "malformed_output"),
        ("output has no string", "malformed_output"),
        ('"data" is not a string', "malformed_output"),
        ("crashed (", "crash"),
        ("took ", "time_limit"),
    ):
        if message.startswith(start):
            return kind
    return "no_answer"


def tiles(hand):
    """The protocol's text of a player's tiles (exposed sets in lower case)."""
    concealed, exposed = [], []
    for word in hand.split():
        if word.isupper():
            concealed.append(word)
        elif exposed and exposed[-1][0] == word:
            exposed[-1].append(word)
        else:
            exposed.append([word])
    sets = [{"set": {3: "pung", 4: "kong"}[len(s)], "tile": s[0].upper()} for s in exposed]
    return {"concealed": concealed, "exposed": sets}


def old_to_new(line):
    """One line of the unversioned format in the versioned one's shape."""
    kind = line["type"]
    if kind == "game":
        names = line["seats"]
        new = {
            "type": "header",
            "format": "mahjong-sim/noi2014-game-log",
            "version": 1,
            "wall": line["wall"],
            "tiles": line["tiles"].split(),
            "seats": [{"name": n, "command": c} for n, c in zip(names, line.get("commands", names))],
        }
        if "unit" in line:
            new["context"] = {"kind": "duel", "unit": line["unit"], "game": line["game"], "challenger": line["challenger"].lower()}
        elif "round" in line:
            new["context"] = {"kind": "tournament", "round": line["round"], "table": line["table"], "game": line["game"]}
        return new
    if kind == "request":
        new = {"type": "request", "player": line["player"], "request": line["request"]}
        if "answer" in line:
            new["reply"] = {"kind": "answer", "text": line["answer"]}
        else:
            new["reply"] = {"kind": "failed", "failure": failure(line["failed"]), "message": line["failed"]}
        if "ms" in line:
            new["program"] = {"ms": line["ms"], "started": line["started"]}
            if "stderr" in line:
                new["program"]["stderr"] = line["stderr"]
        return new
    if kind == "event":
        words = line["event"].split()
        new = {"type": "event", "kind": snake(words[0])}
        if words[0] == "end":
            new["reason"] = snake(words[1])
        else:
            new["player"] = int(words[1])
        if len(words) > 2:
            new["tile"] = words[2]
        if len(words) > 3:
            new["from"] = int(words[3])
        if line["hand"] is not None:
            new["tiles"] = tiles(line["hand"])
        return new
    if kind == "result":
        return {"type": "result", "end": snake(line["end"]), "players": [player(p) for p in line["players"]]}
    raise SystemExit(f"unknown line type: {kind}")


def player(p):
    new = {"place": p["place"], "points": p["half_points"] / 2, "half_points": p["half_points"]}
    end = p["end"]
    assert p["valid"] == (p["hamming"] is not None), p
    if end == "Playing":
        new["end"] = "playing"
        for k in ("target", "hamming", "chance"):
            if p[k] is not None:
                new[k] = p[k]
        if p["flaw"] is not None:
            new["flaw"] = flaw(p["flaw"])
        return new
    # Only players still playing have a target and its assessment.
    assert all(p[k] in (None, False) for k in ("target", "valid", "flaw", "hamming", "chance")), p
    if "Won" in end:
        new.update({"end": "won", **end["Won"]})
        return new
    out = end["Out"]
    new.update({"end": "out", "request": out["request"]})
    reason = out["reason"]
    name, value = next(iter(reason.items()))
    if name == "Failed":
        new["reason"] = failure(value)
    elif name == "Malformed":
        new.update({"reason": "malformed_answer", "answer": value})
    elif name == "NotAllowed":
        new.update({"reason": "not_allowed", "answer": value})
    elif name == "NotWinning":
        new.update({"reason": "not_winning", "self_drawn": value["self_drawn"]})
    else:
        new.update({"reason": camel_to_snake(name), "tile": value})
    return new


def flaw(f):
    if f == "Empty":
        return {"kind": "empty"}
    name, value = next(iter(f.items()))
    if name == "NotATile":
        return {"kind": "not_a_tile", "word": value}
    if name == "Size":
        return {"kind": "size", "tiles": value}
    if name == "MoreThanFour":
        return {"kind": "more_than_four", "tile": value}
    if name == "LacksExposed":
        return {"kind": "lacks_exposed", "set": value["kind"], "tile": value["tiles"][0]}
    if name == "NotWinning":
        return {"kind": "not_winning", "sets": value["sets"]}
    raise SystemExit(f"unknown flaw: {f}")


def camel_to_snake(name):
    return "".join("_" + c.lower() if c.isupper() else c for c in name).lstrip("_")


TIMES = ("seconds", "games_per_second")


DECISIONS = {"H1": "h1", "H0": "h0", "Identical": "identical", "Continue": "none"}


def snake(words):
    return words.replace(" ", "_").replace("-", "_")


def versioned_report(v):
    """An unversioned duel or tournament report in the versioned form."""
    if not isinstance(v, dict) or "format" in v:
        return v
    v = dict(v)
    if "decision" in v:
        v["format"] = "mahjong-sim/noi2014-duel-report"
        v["decision"] = DECISIONS[v["decision"]]
        if v.get("sprt"):
            sprt = dict(v["sprt"])
            sprt.update(sprt.pop("params"))
            v["sprt"] = sprt
        for side in ("a", "b"):
            side_v = dict(v[side])
            side_v["put_out"] = {snake(k): n for k, n in side_v["put_out"].items()}
            v[side] = side_v
    elif "standings" in v:
        v["format"] = "mahjong-sim/noi2014-tournament-report"
        rows = []
        for row in v["standings"]:
            row = dict(row)
            row["put_out"] = [dict(o, kind=snake(o["kind"])) for o in row["put_out"]]
            rows.append(row)
        v["standings"] = rows
    v["version"] = 1
    return v


def report_v2(v):
    """A version 1 duel or tournament report in version 2's form: without
    what depends on how the games were played (the time, a duel's walls in
    play at the decision, a tournament's processes started, the logs
    folder), a duel's with the first wall counted."""
    if not isinstance(v, dict) or v.get("version") != 1:
        return v
    if v.get("format") == "mahjong-sim/noi2014-duel-report":
        v = {k: x for k, x in v.items() if k not in ("seconds", "uncounted_walls", "logs")}
        v["first_wall"] = 0
    elif v.get("format") == "mahjong-sim/noi2014-tournament-report":
        v = {k: x for k, x in v.items() if k not in ("seconds", "games_per_second", "processes_started", "logs")}
    else:
        return v
    v["version"] = 2
    return v


def with_seating(v):
    """A duel report from before 2026-11-28's `--seating` in today's form:
    its seating was the only one there was, "round"."""
    if isinstance(v, dict) and v.get("format") == "mahjong-sim/noi2014-duel-report":
        v = dict(v)
        v.setdefault("seating", "round")
    return v


def without_seconds(path):
    def drop(v):
        if isinstance(v, dict):
            return {k: drop(x) for k, x in sorted(v.items()) if k not in TIMES}
        if isinstance(v, list):
            return [drop(x) for x in v]
        return v

    with open(path, encoding="utf-8") as f:
        text = f.read()
    try:
        return json.dumps(drop(with_seating(report_v2(versioned_report(json.loads(text))))))
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
