"""Python bots in duels and tournaments: through the library's contest
calls, with results identical to the same bot run as a protocol program."""

import json
import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

from bots import RandomDiscarder, program, tsumogiri
from conftest import _cli, processes_with

from mahjong_sim import noi2014


def _without_timings(report):
    """A report without what differs between two runs of one contest: the
    time taken, the logs folder, the bots' command lines and the processes
    a program needs."""
    if isinstance(report, dict):
        return {
            k: _without_timings(v)
            for k, v in report.items()
            if k not in ("seconds", "logs", "command", "processes_started", "games_per_second")
        }
    if isinstance(report, list):
        return [_without_timings(v) for v in report]
    return report


def test_a_python_bot_duels_as_its_program(tmp_path):
    command = program("random", tmp_path)
    common = dict(games=8, seed=3, time_limit_ms=10_000)
    as_python = noi2014.duel(("mine", lambda seed: RandomDiscarder(7)), ("old", "sample"),
                             logs=str(tmp_path / "py"), **common)
    as_program = noi2014.duel(("mine", command), ("old", "sample"), logs=str(tmp_path / "prog"), **common)
    assert _without_timings(as_python) == _without_timings(as_program)
    # The logs of A's games (game 1 of each wall) are the same games.
    for u in range(4):
        read = lambda r: [
            json.loads(line).get("reply")
            for line in open(f"{r['logs']}/games/u{u:05}-g1.jsonl")
        ]
        assert read(as_python) == read(as_program)


def test_the_sequential_test_tells_a_weak_python_bot():
    report = noi2014.duel(
        ("tsumogiri", lambda seed: tsumogiri),
        ("greedy", "greedy"),
        sprt=["d0=0", "d1=0.5"],
        max_games=2000,
        jobs=2,
    )
    assert report["decision"] == "h0", report
    assert report["diff"] < 0 and report["sprt"]["llr"] <= report["sprt"]["bounds"][0]
    assert report["games"] < 2000


def test_a_python_bot_in_a_tournament_as_its_program(tmp_path):
    command = program("random", tmp_path)
    def entrants(mine):
        return [("mine", mine), ("g", "greedy"), ("s", "sample"), ("t", lambda seed: tsumogiri)]
    common = dict(rounds=2, seed=5, time_limit_ms=10_000)
    as_python = noi2014.tournament(entrants(lambda seed: RandomDiscarder(7)), **common)
    as_program = noi2014.tournament(entrants(command), **common)
    assert _without_timings(as_python) == _without_timings(as_program)
    assert "mine" in json.dumps(as_python)


def test_an_exception_in_a_factory_is_raised():
    def broken(seed):
        raise RuntimeError("no bot today")

    try:
        noi2014.duel(("mine", broken), ("old", "greedy"), games=8)
    except RuntimeError as e:
        assert "no bot today" in str(e)
    else:
        raise AssertionError("the factory's exception was not raised")


def test_the_sandbox_is_chosen_as_on_the_command_line(tmp_path):
    command = program("random", tmp_path)
    common = dict(games=4, seed=3, time_limit_ms=10_000)
    off = noi2014.duel(("mine", command), ("old", "sample"), sandbox="off", **common)
    auto = noi2014.duel(("mine", command), ("old", "sample"), **common)
    # The sandbox changes where a program runs, not how it plays.
    assert _without_timings(off) == _without_timings(auto)
    assert off["a"]["put_out"] == {}
    with pytest.raises(ValueError, match="auto, on or off"):
        noi2014.duel(("mine", command), ("old", "sample"), sandbox="maybe", **common)
    with pytest.raises(ValueError, match="auto, on or off"):
        noi2014.tournament([("a", "greedy"), ("b", "sample")], sandbox="maybe", rounds=1)


def test_shards_from_python_merge_into_the_command_lines_duel(tmp_path, cli):
    """``duel(walls=...)`` shards and ``merge`` give what ``noi2014 duel``
    gives for the same walls; the merger tells where the count stands."""
    settings = dict(sprt=["d1=0.3"], seed=2)
    one = cli(
        "noi2014", "duel", "--bot", "a=greedy", "--bot", "b=greedy:eps=0.1",
        "--sprt", "d1=0.3", "--seed", "2", "--json", "--logs", str(tmp_path / "one"),
    )
    cuts = [0, 10, 20, 30, 200]
    dirs = []
    for i, (start, end) in enumerate(zip(cuts, cuts[1:])):
        d = str(tmp_path / f"shard-{i}")
        shard = noi2014.duel(("a", "greedy"), ("b", "greedy:eps=0.1"), logs=d, walls=(start, end), **settings)
        assert shard["first_wall"] == start and shard["decision"] == "none"
        dirs.append(d)
    merged = noi2014.merge(dirs[::-1])
    assert json.dumps(merged, separators=(",", ":")) + "\n" == one
    assert merged["decision"] == "h1", merged
    assert 30 < merged["walls"] < 200, "the decision must come in the last shard"
    # Counted as they come: a gap holds the count, and the count ends at
    # the decision.
    from mahjong_sim import _native

    m = _native.Merger()
    m.add_dir(dirs[0])
    m.add_dir(dirs[2])
    walls, over, needs, line = m.standing()
    assert (walls, over, needs) == (10, False, 10) and line.startswith("games 20 ")
    for d in (dirs[1], dirs[3]):
        m.add_dir(d)
    walls, over, needs, _ = m.standing()
    assert over and needs is None and walls == merged["walls"]
    try:
        m.add_dir(dirs[3])
    except ValueError as e:
        assert "both hold walls" in str(e)
    else:
        raise AssertionError("a shard added twice was taken")


def test_tournament_shards_from_python_merge_into_the_command_lines_tournament(tmp_path, cli):
    """``tournament(round=..., tables=..., after=...)`` shards and ``merge``
    give what ``noi2014 tournament`` gives for the same rounds."""
    bots = [("greedy", "greedy"), ("sample", "sample"), ("s2", "sample"), ("g2", "greedy"), ("e", "greedy:eps=0.3")]
    args = ["noi2014", "tournament", "--rounds", "2", "--seed", "4", "--json", "--logs", str(tmp_path / "one")]
    for name, bot in bots:
        args += ["--bot", f"{name}={bot}"]
    one = cli(*args)
    common = dict(rounds=2, seed=4)
    d = lambda name: str(tmp_path / name)
    noi2014.tournament(bots, logs=d("r1-t1"), round=1, tables=(1, 2), **common)
    noi2014.tournament(bots, logs=d("r1-t2"), round=1, tables=(2, 3), **common)
    shard = noi2014.tournament(bots, logs=d("r2"), round=2, after=[d("r1-t2"), d("r1-t1")], **common)
    assert shard["rounds_done"] == 2 and shard["games"] == 4, shard
    merged = noi2014.merge([d("r2"), d("r1-t1"), d("r1-t2")])
    assert json.dumps(merged, separators=(",", ":")) + "\n" == one
    with pytest.raises(ValueError, match="no shard holds table 2 of round 1"):
        noi2014.merge([d("r2"), d("r1-t1")])
    with pytest.raises(ValueError, match="no shard holds table 2 of round 1"):
        noi2014.tournament(bots, logs=d("bad"), round=2, after=[d("r1-t1")], **common)


def test_ctrl_c_stops_a_duel_and_the_next_one_runs(tmp_path, cli):
    """Ctrl-C during ``duel``: its bot programs die, KeyboardInterrupt is
    raised once it has stopped, and the same session's next duel of
    programs runs (the library's interrupt is not for good)."""
    token = str(700000 + os.getpid() % 100000)
    bot = f"{_cli()} noi2014 bot --seed {token}"
    script = textwrap.dedent(f"""
        from mahjong_sim import noi2014
        try:
            noi2014.duel(("a", {bot!r}), ("b", "greedy"), games=100000, logs={str(tmp_path / "first")!r})
        except KeyboardInterrupt:
            print("interrupted", flush=True)
        r = noi2014.duel(("a", {bot!r}), ("b", "greedy"), games=4, logs={str(tmp_path / "second")!r})
        print(r["games"], r["a"]["put_out"])
    """)
    child = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    bots = lambda: [p for p in processes_with("--seed " + token) if "mahjong_sim" not in p[1]]
    deadline = time.monotonic() + 120
    while not bots():
        assert child.poll() is None, child.communicate()
        assert time.monotonic() < deadline, "no bot program started"
        time.sleep(0.02)
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=300)
    assert child.returncode == 0, err
    assert out == "interrupted\n4 {}\n", out + err
    assert not processes_with("--seed " + token), "bot programs left behind"
    # The first duel saved what it had played.
    first = json.load(open(tmp_path / "first" / "report.json"))
    assert first["interrupted"] is True


def test_a_run_does_not_clear_an_interrupt_that_came_before_it(tmp_path):
    """An interrupt that lands after the caller has started a run's thread
    but before the run gets going stops that run: only the caller rearms,
    before it starts the run. (The run used to rearm itself, and a Ctrl-C
    or a shard's SIGTERM in that window was cleared: the run played on.)"""
    from mahjong_sim import _native

    _native.interrupt()
    try:
        line = _native.duel_json(("a", "greedy"), ("b", "greedy:eps=0.1"), str(tmp_path / "x"), games=4000, jobs=1)
        report = json.loads(line)
        assert report["interrupted"] is True, report
        assert report["games"] < 4000, report
    finally:
        assert _native.rearm()
    # Rearmed, the next run plays.
    r = noi2014.duel(("a", "greedy"), ("b", "greedy"), games=4)
    assert r["games"] == 4 and r["interrupted"] is False


def _settings(folder, record):
    with open(os.path.join(folder, record), encoding="utf-8") as f:
        return json.load(f)["settings"]


def test_defaults_are_the_command_lines(tmp_path, cli):
    """A duel and a tournament started with every default from Python record
    the settings the command line records with its defaults, and their
    shards merge with the command line's (the library owns the defaults:
    a program's memory limit, rounds, seed)."""
    d = noi2014.defaults()
    assert (d["memory_mib"], d["time_limit_ms"], d["sandbox"]) == (256, 1000, "auto")
    assert (d["tournament_rounds"], d["duel_seed"], d["duel_max_games"]) == (10, 1, 20_000)
    cli_duel, py_duel = str(tmp_path / "cli-duel"), str(tmp_path / "py-duel")
    cli("noi2014", "duel", "--bot", "a=greedy", "--bot", "b=sample", "--games", "8",
        "--walls", "0..2", "--json", "--logs", cli_duel)
    noi2014.duel(("a", "greedy"), ("b", "sample"), games=8, walls=(2, 4), logs=py_duel)
    assert _settings(cli_duel, "duel.json") == _settings(py_duel, "duel.json")
    assert noi2014.merge([cli_duel, py_duel])["walls"] == 4
    bots = [("g1", "greedy"), ("s1", "sample"), ("g2", "greedy")]
    cli_t, py_t = str(tmp_path / "cli-t"), str(tmp_path / "py-t")
    cli("noi2014", "tournament", *[f"--bot={n}={b}" for n, b in bots], "--round", "1",
        "--json", "--logs", cli_t)
    noi2014.tournament(bots, round=2, after=[cli_t], logs=py_t)
    assert _settings(cli_t, "tournament.json") == _settings(py_t, "tournament.json")
    standings = noi2014.merge([cli_t, py_t])
    assert (standings["rounds"], standings["rounds_done"]) == (10, 2), standings


def test_no_logs_are_kept_unless_asked(tmp_path, monkeypatch):
    """Without ``logs`` a duel or tournament leaves nothing behind (its
    games are played in a temporary folder, removed); with it, the
    folder holds every game."""
    import tempfile

    scratch = tmp_path / "tmp"
    scratch.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(scratch))
    report = noi2014.duel(("a", "greedy"), ("b", "sample"), games=4)
    assert report["logs"] is None and report["games"] == 4
    standings = noi2014.tournament([("a", "greedy"), ("b", "sample")], rounds=1)
    assert standings["logs"] is None and standings["games"] == 1
    assert list(scratch.iterdir()) == [], "something was left in the temporary folder"
    kept = noi2014.duel(("a", "greedy"), ("b", "sample"), games=4, logs=str(tmp_path / "kept"))
    assert kept["logs"] == str(tmp_path / "kept")
    assert len(list((tmp_path / "kept" / "games").iterdir())) == 4
