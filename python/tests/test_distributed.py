"""``mahjong_sim.distributed`` on a real Ray cluster on loopback: a head and
two worker nodes started here with ``ray start``. A duel of bot programs
through the driver gives the one-machine ``noi2014 duel --json`` report
exactly; killing a worker node in the middle changes nothing; interrupting
the driver leaves no bot process on any node. A tournament through the
driver gives the one-machine ``noi2014 tournament --json`` standings.

Skipped, saying so, without Ray (``pip install "./python[distributed]"``)
or without the command-line app (its bot is the bot program here)."""

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import textwrap
import time

import pytest

from conftest import _cli, cmdline as _cmdline, processes_with as _with_token, stat

ray = pytest.importorskip("ray", reason="Ray is not installed: pip install './python[distributed]'")

BIN = _cli()
pytestmark = pytest.mark.skipif(BIN is None, reason="no mahjong-sim binary: build it (cargo build) or set MAHJONG_SIM_BIN")

ENV = dict(os.environ, RAY_USAGE_STATS_ENABLED="0")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _ray_bin() -> str:
    return os.path.join(os.path.dirname(sys.executable), "ray")


def _children(pid: int) -> list:
    """Every live descendant of ``pid``."""
    parents = {}
    for p in os.listdir("/proc"):
        fields = stat(int(p)) if p.isdigit() else None
        if fields:
            parents.setdefault(int(fields[1]), []).append(int(p))
    found, todo = [], [pid]
    while todo:
        for c in parents.get(todo.pop(), []):
            found.append(c)
            todo.append(c)
    return found


def _bots(token: str) -> list:
    """Live bot programs of the duel seeded by ``token`` (not the driver or
    the shard processes, whose command lines name the bots too)."""
    return [p for p in _with_token("--seed " + token) if "mahjong_sim" not in p[1]]


class Cluster:
    """A head and two worker nodes, each ``ray start --block`` with one
    CPU, in sessions of their own."""

    def __init__(self, tmp):
        self.port = _free_port()
        self.address = f"127.0.0.1:{self.port}"
        self.nodes = []
        head = [_ray_bin(), "start", "--head", f"--port={self.port}", "--num-cpus=1",
                "--include-dashboard=false", "--disable-usage-stats", f"--temp-dir={tmp}", "--block"]
        self.nodes.append(self._start(head))
        self._wait_nodes(1)
        # One at a time: two nodes starting at once on one machine can
        # take the same ports.
        for n in (2, 3):
            self.nodes.append(self._start([_ray_bin(), "start", f"--address={self.address}", "--num-cpus=1", "--block"]))
            self._wait_nodes(n)

    def _start(self, cmd):
        return subprocess.Popen(cmd, env=ENV, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL, start_new_session=True)

    def _alive(self) -> int:
        probe = "import ray; ray.init(address=%r, log_to_driver=False); print(sum(n['Alive'] for n in ray.nodes()))" % self.address
        done = subprocess.run([sys.executable, "-c", probe], env=ENV, capture_output=True, text=True, timeout=120)
        return int(done.stdout.strip() or 0) if done.returncode == 0 else 0

    def _wait_nodes(self, n):
        deadline = time.monotonic() + 180
        while self._alive() < n:
            assert time.monotonic() < deadline, f"the cluster did not reach {n} nodes"
            time.sleep(1)

    def kill_worker(self, i):
        """Kills worker node ``i`` (1 or 2) as a crash would: its raylet
        with SIGKILL; its workers then end, and their shards with them."""
        raylets = [p for p in _children(self.nodes[i].pid) if "raylet" in _cmdline(p).split(" ")[0]]
        assert raylets, "no raylet under the worker node"
        for p in raylets:
            os.kill(p, signal.SIGKILL)

    def stop(self):
        for n in self.nodes:
            try:
                os.killpg(n.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
        for n in self.nodes:
            try:
                n.wait(30)
            except subprocess.TimeoutExpired:
                os.killpg(n.pid, signal.SIGKILL)
                n.wait()


@pytest.fixture(scope="module")
def cluster():
    """One cluster for the module (starting one takes a while): the test
    that kills a node comes last."""
    tmp = tempfile.mkdtemp(prefix="ray-", dir="/tmp")
    c = Cluster(tmp)
    try:
        yield c
    finally:
        c.stop()
        shutil.rmtree(tmp, ignore_errors=True)


def _driver(cluster, token, walls_args, logs, chunk_walls):
    """A driver process: the distributed duel of two bot programs (the
    app's greedy bot, and its ``greedy:eps=0.2`` seeded by ``token``), its
    report on stdout."""
    code = textwrap.dedent(f"""
        import json
        from mahjong_sim import distributed
        r = distributed.duel(
            ("a", {BIN + " noi2014 bot"!r}),
            ("b", {BIN + " noi2014 bot --bot greedy:eps=0.2 --seed " + token!r}),
            logs={str(logs)!r}, address={cluster.address!r}, chunk_walls={chunk_walls},
            {walls_args})
        del r["logs"]
        print(json.dumps(r, separators=(",", ":")))
    """)
    return subprocess.Popen([sys.executable, "-c", code], env=ENV, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True)


def _one_machine(token, cli_args, logs):
    done = subprocess.run(
        [BIN, "noi2014", "duel", "--bot", f"a={BIN} noi2014 bot",
         "--bot", f"b={BIN} noi2014 bot --bot greedy:eps=0.2 --seed {token}",
         "--json", "--jobs", "2", "--logs", str(logs), *cli_args],
        capture_output=True, text=True, timeout=1200)
    assert done.returncode in (0, 1), done.stderr
    return done.stdout


def _counting_driver(token, call):
    """A driver process running ``call`` (a ``distributed`` call) that, when
    KeyboardInterrupt reaches it, still connected to Ray, prints how many
    bot programs seeded by ``token`` are alive."""
    code = textwrap.dedent(f"""
        import os
        from mahjong_sim import distributed
        def bots():
            found = []
            for p in filter(str.isdigit, os.listdir("/proc")):
                try:
                    line = open(f"/proc/{{p}}/cmdline", "rb").read().replace(b"\\0", b" ")
                except OSError:
                    continue
                if b"--seed {token}" in line and b"mahjong_sim" not in line:
                    found.append(p)
            return found
        try:
            CALL
        except KeyboardInterrupt:
            print("bots at KeyboardInterrupt:", len(bots()), flush=True)
            raise
    """).replace("CALL", call)
    return subprocess.Popen([sys.executable, "-c", code], env=ENV, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True)


def _interrupt_once_bots_run(driver, token):
    """Ctrl-C's ``driver`` (a :func:`_counting_driver`) once a bot program
    seeded by ``token`` runs: KeyboardInterrupt must come only once every
    task has stopped (the driver then finds no bot), and no bot may be left
    afterwards."""
    deadline = time.monotonic() + 300
    while not _bots(token):
        assert driver.poll() is None, driver.communicate()
        assert time.monotonic() < deadline, "no bot program started"
        time.sleep(0.05)
    os.kill(driver.pid, signal.SIGINT)
    out, err = driver.communicate(timeout=120)
    assert driver.returncode != 0 and "KeyboardInterrupt" in err, err
    assert "bots at KeyboardInterrupt: 0\n" in out, out + err
    left = _with_token("--seed " + token)
    assert not left, f"processes left behind: {left}"


def _report_line(out: str) -> str:
    """The driver's report, its last line of JSON: Ray may print its own
    lines (a node died, a state dump) before or after it."""
    reports = [line for line in out.splitlines() if line.startswith('{"format":')]
    return reports[-1] + "\n" if reports else ""


def test_interrupting_the_driver_leaves_no_bot_process(cluster, tmp_path):
    """Ctrl-C in a distributed duel, with shards out on the nodes. B is
    kept running, so that a shard in play has a bot process alive (one
    process a request is mostly gone between requests). The interrupt
    lands in ``ray.wait``, where Ray itself ends the tasks: unlike the
    tournament's test, this one passes with ``_cancel`` made a no-op."""
    token = "7302"
    a = BIN + " noi2014 bot"
    b = f"{BIN} noi2014 bot --bot greedy:eps=0.2 --keep-running --seed {token}"
    call = (f"distributed.duel(('a', {a!r}), ('b', {b!r}), games=4000, chunk_walls=4, "
            f"logs={str(tmp_path / 'ray')!r}, address={cluster.address!r})")
    _interrupt_once_bots_run(_counting_driver(token, call), token)


def test_interrupting_a_tournament_driver_leaves_no_bot_process(cluster, tmp_path):
    """Ctrl-C in a distributed tournament, with tasks out on the nodes."""
    token = "7305"
    bots = [(f"p{i}", f"{BIN} noi2014 bot --bot greedy:eps=0.1 --seed {token}") for i in range(8)]
    call = (f"distributed.tournament({bots!r}, rounds=40, duplicate=True, seed=3, "
            f"logs={str(tmp_path / 'ray')!r}, address={cluster.address!r})")
    _interrupt_once_bots_run(_counting_driver(token, call), token)


def _run_driver(body):
    """Runs ``body`` after ``from mahjong_sim import distributed`` in a
    driver process of its own."""
    code = "from mahjong_sim import distributed\n" + textwrap.dedent(body)
    return subprocess.run([sys.executable, "-c", code], env=ENV, capture_output=True, text=True, timeout=600)


def test_a_bot_shipped_with_the_runtime_environment_plays(cluster, tmp_path):
    """A bot program that exists only in the driver's folder reaches every
    node through Ray's runtime environment (``working_dir``)."""
    bots = tmp_path / "bots"
    bots.mkdir()
    (bots / "tsumogiri.py").write_text(textwrap.dedent("""
        import json, sys
        words = json.loads(sys.stdin.readline())["requests"][-1].split()
        answer = "PLAY " + words[1] if words[0] == "2" else "" if words[0] == "4" else "PASS"
        print(json.dumps({"response": answer}))
    """))
    os.chmod(tmp_path, 0o755)
    os.chmod(bots, 0o755)
    done = _run_driver(f"""
        r = distributed.duel(("a", "greedy"), ("b", "python3 tsumogiri.py"), games=8, chunk_walls=2,
                             logs={str(tmp_path / "ray")!r}, address={cluster.address!r},
                             runtime_env={{"working_dir": {str(bots)!r}}}, progress=False)
        print(r["games"], r["b"]["put_out"], r["b"]["command"])
    """)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "8 {} python3 tsumogiri.py", done.stdout + done.stderr


def _settings(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)["settings"]


def test_the_drivers_defaults_are_the_command_lines(cluster, tmp_path):
    """A distributed duel and tournament with every default record, in
    each task's shard, the settings the command line records with its
    defaults (the library owns them: a program's memory limit, rounds);
    so does a duel of every seating (48 games a wall: a wall a task by
    default), which the driver cuts into walls of its seating."""
    done = _run_driver(f"""
        distributed.duel(("a", "greedy"), ("b", "sample"), games=8, chunk_walls=2,
                         logs={str(tmp_path / "duel")!r}, address={cluster.address!r},
                         progress=False)
        distributed.tournament([("g", "greedy"), ("s", "sample")], logs={str(tmp_path / "t")!r},
                               address={cluster.address!r}, progress=False)
        r = distributed.duel(("a", "greedy"), ("b", "sample"), games=96, seating="every",
                             logs={str(tmp_path / "every")!r}, address={cluster.address!r},
                             progress=False)
        print(r["games"], r["walls"], r["seating"])
    """)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "96 2 every", done.stdout + done.stderr

    one = tmp_path / "one"
    subprocess.run([BIN, "noi2014", "duel", "--bot", "a=greedy", "--bot", "b=sample", "--games", "8",
                    "--walls", "0..2", "--logs", str(one)], check=True, capture_output=True)
    assert _settings(tmp_path / "duel" / "walls-0-2" / "duel.json") == _settings(one / "duel.json")
    one = tmp_path / "one-every"
    subprocess.run([BIN, "noi2014", "duel", "--bot", "a=greedy", "--bot", "b=sample", "--games", "96",
                    "--seating", "every", "--walls", "0..1", "--logs", str(one)], check=True, capture_output=True)
    assert sorted(p.name for p in (tmp_path / "every").glob("walls-*")) == ["walls-0-1", "walls-1-2"]
    assert _settings(tmp_path / "every" / "walls-1-2" / "duel.json") == _settings(one / "duel.json")
    one = tmp_path / "one-t"
    subprocess.run([BIN, "noi2014", "tournament", "--bot", "g=greedy", "--bot", "s=sample", "--round", "1",
                    "--logs", str(one)], check=True, capture_output=True)
    shard = next((tmp_path / "t").glob("round-01-*"))
    assert _settings(shard / "tournament.json") == _settings(one / "tournament.json")
    with open(tmp_path / "t" / "report.json", encoding="utf-8") as f:
        assert json.load(f)["rounds_done"] == 10


def test_bad_arguments_raise_before_any_task():
    """A ruleset or a seating the library does not know raises in the
    driver, saying what it takes, before Ray is started."""
    from mahjong_sim import distributed

    with pytest.raises(ValueError, match="no ruleset `riichi`: noi2014 or mcr"):
        distributed.duel(("a", "greedy"), ("b", "sample"), games=8, ruleset="riichi")
    with pytest.raises(ValueError, match="no ruleset `riichi`"):
        distributed.tournament([("a", "greedy"), ("b", "sample")], ruleset="riichi")
    with pytest.raises(ValueError, match="no seating `all`: round or every"):
        distributed.duel(("a", "greedy"), ("b", "sample"), games=8, seating="all")
    assert not ray.is_initialized()


def test_mcr_contests_on_the_cluster_are_the_one_machines(cluster, tmp_path):
    """``ruleset="mcr"``: a distributed MCR duel and tournament give the
    reports of ``mcr duel --json`` and ``mcr tournament --json``."""
    bots = [("g", "greedy"), ("p", "planner"), ("r", "random"), ("g2", "greedy"), ("r2", "random")]
    driven = _run_driver(f"""
        import json
        for r in (
            distributed.duel(("a", "planner"), ("b", "random"), games=8, seed=3, chunk_walls=1, ruleset="mcr",
                             logs={str(tmp_path / "duel")!r}, address={cluster.address!r}, progress=False),
            distributed.tournament({bots!r}, rounds=2, seed=4, ruleset="mcr",
                                   logs={str(tmp_path / "t")!r}, address={cluster.address!r}, progress=False),
        ):
            del r["logs"]
            print(json.dumps(r, separators=(",", ":")))
    """)
    assert driven.returncode == 0, driven.stderr
    duel, standings = [line + "\n" for line in driven.stdout.splitlines() if line.startswith('{"format":')]
    one = subprocess.run([BIN, "mcr", "duel", "--bot", "a=planner", "--bot", "b=random", "--games", "8",
                          "--seed", "3", "--json", "--logs", str(tmp_path / "one")],
                         capture_output=True, text=True, check=True).stdout
    assert json.loads(one)["format"] == "mahjong-sim/mcr-duel-report"
    assert duel == one
    cli = [BIN, "mcr", "tournament", "--rounds", "2", "--seed", "4", "--json", "--logs", str(tmp_path / "one-t")]
    one = subprocess.run(cli + [f"--bot={n}={b}" for n, b in bots], capture_output=True, text=True, check=True).stdout
    assert standings == one


def test_a_chunk_that_fails_raises_and_leaves_no_bot(cluster, tmp_path):
    token = "7303"
    done = _run_driver(f"""
        distributed.duel(("a", {BIN + " noi2014 bot --seed " + token!r}), ("b", "/nonexistent/bot"),
                         games=40, chunk_walls=2, logs={str(tmp_path / "ray")!r},
                         address={cluster.address!r}, progress=False)
    """)
    assert done.returncode != 0
    assert "RuntimeError" in done.stderr and "/nonexistent/bot" in done.stderr, done.stderr
    assert not _with_token("--seed " + token), "bot processes left behind"


def test_a_distributed_tournament_is_the_one_machine_tournament(cluster, tmp_path):
    """Five bots, two of them programs (two tables a round, the last with
    three house bots), three rounds in the duplicate format, a table a
    task: the standings of ``noi2014 tournament --json``, exactly."""
    token = "7304"
    bots = [("p", f"{BIN} noi2014 bot --seed {token}"),
            ("q", f"{BIN} noi2014 bot --bot greedy:eps=0.2 --seed {token}"),
            ("greedy", "greedy"), ("sample", "sample"), ("s2", "sample")]
    cli = [BIN, "noi2014", "tournament", "--rounds", "3", "--duplicate", "--seed", "11", "--json",
           "--jobs", "2", "--logs", str(tmp_path / "one")]
    for name, bot in bots:
        cli += ["--bot", f"{name}={bot}"]
    done = subprocess.run(cli, capture_output=True, text=True, timeout=1200)
    assert done.returncode == 0, done.stderr
    want = done.stdout
    assert json.loads(want)["games"] == 24, want
    driven = _run_driver(f"""
        import json
        r = distributed.tournament({bots!r}, rounds=3, duplicate=True, seed=11,
                                   logs={str(tmp_path / "ray")!r}, address={cluster.address!r})
        del r["logs"]
        print(json.dumps(r, separators=(",", ":")))
    """)
    assert driven.returncode == 0, driven.stderr
    assert _report_line(driven.stdout) == want, driven.stdout + driven.stderr
    # The reports it leaves are the one machine's standings, text and JSON.
    ray, one = tmp_path / "ray", tmp_path / "one"
    assert (ray / "report.txt").read_text() == (one / "report.txt").read_text()
    assert json.loads((ray / "report.json").read_text()) == json.loads((one / "report.json").read_text())
    # The progress, a line a task, reached the last round's last game.
    assert "round 3/3: 24/24 games" in driven.stderr, driven.stderr
    assert not _with_token("--seed " + token), "bot processes left behind"


def test_a_distributed_duel_is_the_one_machine_duel_even_when_a_node_dies(cluster, tmp_path):
    token = "7301"
    want = _one_machine(token, ["--sprt", "d1=0.6"], tmp_path / "one")
    assert json.loads(want)["decision"] in ("h1", "h0"), want
    # Chunks of 2 walls, so that a node dies with chunks in play.
    driver = _driver(cluster, token, 'sprt=["d1=0.6"]', tmp_path / "ray", 2)
    # Kill a worker node once chunks are under way there.
    deadline = time.monotonic() + 300
    while not any("mahjong_sim._shard" in _cmdline(p) for p in _children(cluster.nodes[2].pid)):
        assert driver.poll() is None, driver.communicate()
        assert time.monotonic() < deadline, "no chunk ran on the second worker node"
        time.sleep(0.05)
    cluster.kill_worker(2)
    out, err = driver.communicate(timeout=1200)
    assert driver.returncode == 0, err
    assert _report_line(out) == want, out + err
    # The reports it leaves are the one machine's, text and JSON alike.
    for name in ("report.txt", "report.json"):
        assert (tmp_path / "ray" / name).read_text() == (tmp_path / "one" / name).read_text(), name
    assert "ActorDiedError" not in err and "RuntimeError" not in err, err
    assert not _with_token("--seed " + token), "bot processes left behind"


def test_a_programs_limits_hold_from_the_driver(cluster, tmp_path):
    """The memory, process and output limits hold for programs the Ray
    driver's tasks start, with the library's defaults, as from the
    command line and from ``noi2014.duel`` (``test_limits.py``)."""
    from limit_bots import sandbox_here, write_bots

    bots = write_bots(tmp_path / "bots")
    against = [(name, bots[name]) for name in ("storm", "flood")] if sandbox_here() else []
    done = _run_driver(f"""
        r = distributed.duel(("hog", {bots["hog"]!r}), ("g", "greedy"), against={against!r}, games=4,
                             chunk_walls=2, time_limit_ms=20000, logs={str(tmp_path / "ray")!r},
                             address={cluster.address!r}, progress=False)
        import json
        print(json.dumps([r["a"]["put_out"], r["against_put_out"]]))
    """)
    assert done.returncode == 0, done.stderr
    hog, against_out = json.loads(done.stdout.splitlines()[-1])
    assert hog.get("memory_limit", 0) + hog.get("crash", 0) >= 1, done.stdout
    if against:
        assert against_out[0].get("crash", 0) >= 1, done.stdout
        assert against_out[1].get("too_much_output", 0) >= 1, done.stdout
