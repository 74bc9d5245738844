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

from mahjong_sim import mcr, noi2014


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

    m = _native.Merger("noi2014")
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
        from mahjong_sim import mcr, noi2014
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
        line = _native.duel_json("noi2014", ("a", "greedy"), ("b", "greedy:eps=0.1"), str(tmp_path / "x"), games=4000, jobs=1)
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


#: Each ruleset's contest calls and two of its built-in bots, A's and B's.
RULESETS = {"noi2014": (noi2014, "greedy", "sample"), "mcr": (mcr, "greedy", "random")}


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_defaults_are_the_command_lines(tmp_path, cli, ruleset):
    """A duel and a tournament started with every default from Python record
    the settings the command line records with its defaults, and their
    shards merge with the command line's (the library owns the defaults:
    a program's memory limit, rounds, seed); so does a duel of the other
    seating, every seating of a wall's players, given from both."""
    contests, a, b = RULESETS[ruleset]
    d = contests.defaults()
    assert (d["memory_mib"], d["time_limit_ms"], d["sandbox"]) == (256, 1000, "auto")
    assert (d["tournament_rounds"], d["duel_seed"], d["duel_max_games"]) == (10, 1, 20_000)
    assert (d["duel_seating"], d["family"]) == ("round", "uniform")
    cli_duel, py_duel = str(tmp_path / "cli-duel"), str(tmp_path / "py-duel")
    cli(ruleset, "duel", "--bot", f"a={a}", "--bot", f"b={b}", "--games", "8",
        "--walls", "0..2", "--json", "--logs", cli_duel)
    contests.duel(("a", a), ("b", b), games=8, walls=(2, 4), logs=py_duel)
    assert _settings(cli_duel, "duel.json") == _settings(py_duel, "duel.json")
    assert contests.merge([cli_duel, py_duel])["walls"] == 4
    # Every seating: 48 games a wall, two walls; one from each front end.
    cli_every, py_every = str(tmp_path / "cli-every"), str(tmp_path / "py-every")
    cli(ruleset, "duel", "--bot", f"a={a}", "--bot", f"b={b}", "--games", "96", "--seating", "every",
        "--walls", "0..1", "--json", "--logs", cli_every)
    shard = contests.duel(("a", a), ("b", b), games=96, seating="every", walls=(1, 2), logs=py_every)
    assert shard["games"] == 48, shard
    every = _settings(py_every, "duel.json")
    assert every == _settings(cli_every, "duel.json")
    assert every["seating"] == "every" and every["length"] == {"kind": "fixed", "walls": 2}, every
    merged = contests.merge([py_every, cli_every])
    assert (merged["walls"], merged["games"]) == (2, 96), merged
    # A merge refuses shards of two seatings: they are two duels.
    with pytest.raises(ValueError, match="seating"):
        contests.merge([cli_duel, py_every])
    # The default test's cap is 20,000 games in either seating: 417 walls
    # of 48 (what the Ray driver cuts, and what both front ends record).
    from mahjong_sim import _native

    assert (_native.duel_cap_walls(), _native.duel_cap_walls(seating="every")) == (10_000, 417)
    cli_sprt, py_sprt = str(tmp_path / "cli-sprt"), str(tmp_path / "py-sprt")
    cli(ruleset, "duel", "--bot", f"a={a}", "--bot", f"b={b}", "--seating", "every", "--walls", "0..1",
        "--json", "--logs", cli_sprt)
    contests.duel(("a", a), ("b", b), seating="every", walls=(0, 1), logs=py_sprt)
    sprt = _settings(py_sprt, "duel.json")
    assert sprt == _settings(cli_sprt, "duel.json") and sprt["length"]["max_walls"] == 417, sprt
    bots = [("g1", a), ("s1", b), ("g2", a)]
    cli_t, py_t = str(tmp_path / "cli-t"), str(tmp_path / "py-t")
    cli(ruleset, "tournament", *[f"--bot={n}={x}" for n, x in bots], "--round", "1",
        "--json", "--logs", cli_t)
    contests.tournament(bots, round=2, after=[cli_t], logs=py_t)
    assert _settings(cli_t, "tournament.json") == _settings(py_t, "tournament.json")
    standings = contests.merge([cli_t, py_t])
    assert (standings["rounds"], standings["rounds_done"]) == (10, 2), standings


def test_bad_contest_arguments_raise():
    """A seating, a ruleset, a family or a length the library does not
    know raises, saying what it takes; none is taken for a default."""
    with pytest.raises(ValueError, match="no seating `all`: round or every"):
        noi2014.duel(("a", "greedy"), ("b", "sample"), games=8, seating="all")
    with pytest.raises(TypeError):
        noi2014.duel(("a", "greedy"), ("b", "sample"), games=8, seating=48)
    with pytest.raises(ValueError, match="games plays a fixed number of games"):
        mcr.duel(("a", "greedy"), ("b", "random"), games=8, max_games=100)
    with pytest.raises(ValueError, match="unknown MCR wall family `kongs`"):
        mcr.duel(("a", "greedy"), ("b", "random"), games=8, family="kongs")
    with pytest.raises(ValueError, match="unknown bot `sample`"):
        mcr.tournament([("a", "greedy"), ("b", "sample")], rounds=1)
    from mahjong_sim import _contest, _native

    for make in (lambda: _contest.Contests("riichi"), lambda: _native.Merger("riichi"),
                 lambda: _native.merge_reports("riichi", []),
                 lambda: _native.duel_json("riichi", ("a", "greedy"), ("b", "sample"), "x", games=2)):
        with pytest.raises(ValueError, match="no ruleset `riichi`: noi2014 or mcr"):
            make()


def test_mcr_contests_from_python_are_the_command_lines(tmp_path, cli):
    """An MCR duel and tournament of built-in bots from Python give the
    report ``mcr duel`` and ``mcr tournament`` print for the same
    settings, their shards merge into it, and NOI2014's merge refuses
    them."""
    one = cli("mcr", "duel", "--bot", "a=planner", "--bot", "b=random", "--games", "8", "--seed", "3",
              "--json", "--logs", str(tmp_path / "one"))
    whole = mcr.duel(("a", "planner"), ("b", "random"), games=8, seed=3, logs=str(tmp_path / "whole"))
    assert whole["format"] == "mahjong-sim/mcr-duel-report" and whole["games"] == 8, whole
    assert _without_timings(whole) == _without_timings(json.loads(one))
    assert _settings(tmp_path / "one", "duel.json") == _settings(tmp_path / "whole", "duel.json")
    shards = [str(tmp_path / f"shard-{i}") for i in range(2)]
    for i, d in enumerate(shards):
        mcr.duel(("a", "planner"), ("b", "random"), games=8, seed=3, walls=(2 * i, 2 * i + 2), logs=d)
    merged = mcr.merge(shards[::-1])
    assert json.dumps(merged, separators=(",", ":")) + "\n" == one
    with pytest.raises(ValueError):
        noi2014.merge(shards)
    bots = [("g", "greedy"), ("p", "planner"), ("r", "random"), ("g2", "greedy"), ("r2", "random")]
    args = ["mcr", "tournament", "--rounds", "2", "--seed", "4", "--json", "--logs", str(tmp_path / "t-one")]
    one = cli(*args, *[f"--bot={n}={x}" for n, x in bots])
    standings = mcr.tournament(bots, rounds=2, seed=4, logs=str(tmp_path / "t-whole"))
    assert standings["format"] == "mahjong-sim/mcr-tournament-report", standings
    assert _without_timings(standings) == _without_timings(json.loads(one))
    d = lambda name: str(tmp_path / name)
    mcr.tournament(bots, rounds=2, seed=4, round=1, logs=d("r1"))
    mcr.tournament(bots, rounds=2, seed=4, round=2, tables=(1, 2), after=[d("r1")], logs=d("r2-t1"))
    mcr.tournament(bots, rounds=2, seed=4, round=2, tables=(2, 3), after=[d("r1")], logs=d("r2-t2"))
    merged = mcr.merge([d("r2-t2"), d("r1"), d("r2-t1")])
    assert json.dumps(merged, separators=(",", ":")) + "\n" == one


def test_a_python_bot_duels_in_mcr_as_its_program(tmp_path):
    """A Python factory plays MCR duels as the same bot run as a program
    (the tsumogiri bot answers MCR's draws too: ``2 T`` is one's own
    draw), and an exception in a factory is raised."""
    command = program("tsumogiri", tmp_path)
    common = dict(games=4, seed=5, time_limit_ms=10_000)
    made = []

    def factory(seed):
        made.append(seed)
        return tsumogiri

    as_python = mcr.duel(("mine", factory), ("g", "greedy"), **common)
    as_program = mcr.duel(("mine", command), ("g", "greedy"), **common)
    assert len(made) == 2, made  # A's games: one a wall
    assert _without_timings(as_python) == _without_timings(as_program)
    assert as_python["a"]["put_out"] == {}, as_python

    def broken(seed):
        raise RuntimeError("no MCR bot today")

    with pytest.raises(RuntimeError, match="no MCR bot today"):
        mcr.duel(("mine", broken), ("g", "greedy"), games=2)
    with pytest.raises(TypeError, match="not a name"):
        mcr.duel(("mine", lambda seed: "greedy"), ("g", "greedy"), games=2)
    # A policy from the environments plays too: the first legal action.
    from mahjong_sim import mcr_env

    first = lambda obs, mask: int(mask.nonzero()[0][0])
    r = mcr.duel(("policy", lambda seed: mcr_env.policy_bot(first)), ("g", "greedy"), games=2)
    assert r["games"] == 2 and r["a"]["put_out"] == {}, r


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


def test_a_factory_returning_a_name_is_refused_alike_in_both_rulesets():
    """A built-in bot is the entrant's bot itself: a factory returning a
    name raises the same clear TypeError in either ruleset."""
    for ruleset in (noi2014, mcr):
        with pytest.raises(TypeError, match="not a name: give `greedy` as the entrant's bot"):
            ruleset.duel(("mine", lambda seed: "greedy"), ("g", "greedy"), games=2, jobs=1)
