"""Duels and tournaments across the machines of a Ray cluster:
``mahjong_sim.distributed.duel(...)`` gives the report a single
``mahjong-sim noi2014 duel`` gives for the same seed and walls, the
sequential test kept; ``mahjong_sim.distributed.tournament(...)`` the
standings a single ``mahjong-sim noi2014 tournament`` gives. Both run MCR's
contests as well (``ruleset="mcr"``, ``mahjong-sim mcr duel`` and
``tournament``): the driver knows no ruleset, the library's shards and
merges do.

How. A duel's walls are independent and deterministic: a wall's tiles,
seat and every built-in bot's random stream follow from the duel's seed
and the wall's index. The driver cuts the walls into chunks and runs each
as a Ray task (a shard, ``noi2014 duel --walls FROM..TO``, played in a
process of its own on some node); each task sends back its shard's record
and game logs. The driver counts the walls in wall order as the chunks
come (the library's ``Merger``, the same counting as ``noi2014 merge``),
keeps a bounded number of chunks in flight, and cancels the rest when the
test decides. The report is then the merge of the chunks it received,
every wall checked against its game logs, saved with them in ``logs``.

A tournament goes a round at a time: a round's seating follows from the
standings before it, so its tables (``chunk_tables`` a task) are shards
(``noi2014 tournament --round R --tables FROM..TO``) seated after the
records of the earlier rounds' tasks, which the driver sends along. Once
a round's tasks are all back, the next round goes out; the standings are
the merge of every task's shard, every game checked against its log.

Faults. A task whose worker or node dies is run again by Ray elsewhere
(``max_retries``): its walls give the same games, so nothing is lost or
counted twice. A cancelled or interrupted task stops its shard's process,
which kills its bot programs; so does the death of the worker that started
it.

Bot programs: a built-in bot's name, or a command line that works on every
node: the same path on every machine, or files shipped with Ray's runtime
environment (``runtime_env={"working_dir": "bots/"}``: tasks then run in a
copy of that folder, so ``./mybot`` names it). Python callables are not
shipped: give them as a program.

Ray is an optional dependency: ``pip install "./python[distributed]"``.
"""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import tarfile
import tempfile
import time
from typing import Any, Dict, List, Optional, Sequence, Tuple

from . import _native

__all__ = ["duel", "tournament", "DEFAULT_CHUNK_GAMES", "DEFAULT_CHUNK_WALLS"]

#: Games a task plays by default: the walls that hold them (at least one).
#: See the guide's measurements (``docs/distributed.md``) for how it was
#: chosen.
DEFAULT_CHUNK_GAMES = 32

#: Walls a task plays by default at the default seating (two games a wall;
#: one wall of 48 games with ``seating="every"``).
DEFAULT_CHUNK_WALLS = _native.duel_cap_walls(games=DEFAULT_CHUNK_GAMES)

#: How long a cancelled task has to stop its shard before it is killed.
_CANCEL_GRACE_S = 30.0


def _die_with_parent() -> None:
    """In the shard's process before it runs: SIGTERM when the task's
    worker dies (Linux's PR_SET_PDEATHSIG)."""
    try:
        import ctypes

        ctypes.CDLL(None).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except Exception:  # not Linux: the shard watches its parent itself
        pass


def _run_shard(shard: Dict[str, Any], what: str, record_file: str) -> Tuple[str, bytes]:
    """Plays ``shard`` (the keyword arguments of the shard's call, with
    ``logs``) in a shard process; its record and its logs folder as a
    gzipped tar."""
    logs = shard["logs"]
    proc = subprocess.Popen(
        [sys.executable, "-m", "mahjong_sim._shard", json.dumps(shard)],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        preexec_fn=_die_with_parent,
    )
    try:
        _, err = proc.communicate()
    except BaseException:
        # Cancelled (Ray raises KeyboardInterrupt here) or failing: the
        # shard kills its bot programs on SIGTERM.
        proc.terminate()
        try:
            proc.wait(_CANCEL_GRACE_S)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        raise
    if proc.returncode != 0:
        tail = err.decode("utf-8", "replace")[-2000:]
        raise RuntimeError(f"{what}: the shard ended with status {proc.returncode}: {tail}")
    with open(os.path.join(logs, record_file), encoding="utf-8") as f:
        record = f.read()
    packed = io.BytesIO()
    with tarfile.open(fileobj=packed, mode="w:gz") as tar:
        tar.add(logs, arcname=".")
    return record, packed.getvalue()


def _play_chunk(spec: Dict[str, Any], start: int, end: int) -> Tuple[str, bytes]:
    """A task: plays walls ``start`` to ``end - 1`` in a shard process;
    returns its ``duel.json`` and its logs folder as a gzipped tar."""
    with tempfile.TemporaryDirectory(prefix=f"mahjong-shard-{start}-") as tmp:
        shard = dict(spec, walls=[start, end], logs=os.path.join(tmp, "logs"))
        return _run_shard(shard, f"walls {start}..{end}", "duel.json")


def _play_tables(spec: Dict[str, Any], round: int, start: int, end: int, before: List[str]) -> Tuple[str, bytes]:
    """A task: plays tables ``start`` to ``end - 1`` of round ``round`` in a
    shard process, seated after the records ``before`` (the
    ``tournament.json`` of every earlier shard); returns its
    ``tournament.json`` and its logs folder as a gzipped tar."""
    with tempfile.TemporaryDirectory(prefix=f"mahjong-shard-r{round}-t{start}-") as tmp:
        after = []
        for i, record in enumerate(before):
            folder = os.path.join(tmp, f"after-{i}")
            os.makedirs(folder)
            with open(os.path.join(folder, "tournament.json"), "w", encoding="utf-8") as f:
                f.write(record)
            after.append(folder)
        shard = dict(spec, kind="tournament", round=round, tables=[start, end], after=after,
                     logs=os.path.join(tmp, "logs"))
        return _run_shard(shard, f"round {round}, tables {start}..{end}", "tournament.json")


def _unpack(tar_bytes: bytes, into: str) -> None:
    os.makedirs(into)
    with tarfile.open(fileobj=io.BytesIO(tar_bytes), mode="r:gz") as tar:
        # The archive is our own task's, but take no path out of `into`.
        try:
            tar.extractall(into, filter="data")
        except TypeError:  # a Python without extraction filters
            tar.extractall(into)


def duel(
    a: Tuple[str, str],
    b: Tuple[str, str],
    *,
    against: Sequence[Tuple[str, str]] = (),
    seed: Optional[int] = None,
    games: Optional[int] = None,
    sprt: Sequence[str] = (),
    max_games: Optional[int] = None,
    family: Optional[str] = None,
    seating: Optional[str] = None,
    common_random: bool = True,
    time_limit_ms: Optional[int] = None,
    memory_mib: Optional[int] = None,
    sandbox: Optional[str] = None,
    mounts: Sequence[str] = (),
    env: Sequence[str] = (),
    ruleset: str = "noi2014",
    logs: Optional[str] = None,
    chunk_walls: Optional[int] = None,
    in_flight: Optional[int] = None,
    max_retries: int = 3,
    address: Optional[str] = None,
    runtime_env: Optional[Dict[str, Any]] = None,
    progress: bool = True,
) -> Dict[str, Any]:
    """``RULESET duel`` on a Ray cluster (``ruleset``: ``"noi2014"`` or
    ``"mcr"``): the report (as ``duel --json`` prints it) that one machine
    gives for the same settings.

    The duel's settings are :func:`mahjong_sim.noi2014.duel`'s, with its
    defaults (the library's: ``None`` is the default), the bots as
    strings (a built-in name or a command line that works on every node).
    ``chunk_walls`` walls go to a task (by default the walls of
    ``DEFAULT_CHUNK_GAMES`` games: 16 walls, or one wall of 48 games with
    ``seating="every"``); at most ``in_flight`` tasks are out at once (by
    default twice the cluster's CPUs). ``address`` is the Ray
    cluster's (``ray.init``'s; by default ``RAY_ADDRESS``, or a local one
    started for the call), ``runtime_env`` Ray's runtime environment for
    the tasks. Every chunk's logs folder goes under ``logs`` (a new
    temporary folder by default) as ``walls-FROM-TO``, with the report as
    ``report.json``; the result's ``"logs"`` names it. A progress line
    like the command line's goes to stderr unless ``progress`` is False.

    Ctrl-C (KeyboardInterrupt) cancels the tasks, waits until their
    shards have stopped (every bot program gone), and is raised again.
    A chunk that fails after its retries raises ``RuntimeError``.
    """
    import ray

    _check_bots([a, b, *against])
    # The library's length of the duel (its checks, its defaults), before
    # any task goes out.
    cap = _native.duel_cap_walls(games, list(sprt), max_games, seating)
    if chunk_walls is None:
        chunk_walls = _native.duel_cap_walls(games=DEFAULT_CHUNK_GAMES, seating=seating)
    if chunk_walls < 1:
        raise ValueError("chunk_walls is at least 1")
    spec = dict(
        _spec(ruleset, family, time_limit_ms, memory_mib, sandbox, mounts, env),
        a=list(a),
        b=list(b),
        against=[list(x) for x in against],
        seed=seed,
        games=games,
        sprt=list(sprt),
        max_games=max_games,
        seating=seating,
        common_random=common_random,
    )
    logs = _new_logs(logs, f"{ruleset}-duel-")
    task = _remote(ray, _play_chunk, address, runtime_env, max_retries)
    chunks = [(s, min(s + chunk_walls, cap)) for s in range(0, cap, chunk_walls)]
    if in_flight is None:
        in_flight = max(1, 2 * int(ray.cluster_resources().get("CPU", 1)))
    spec_ref = ray.put(spec)
    merger = _native.Merger(ruleset)
    out: Dict[Any, Tuple[int, int]] = {}
    dirs: List[str] = []
    submitted = 0
    shown = 0.0
    try:
        while True:
            while len(out) < in_flight and submitted < len(chunks):
                s, e = chunks[submitted]
                out[task.remote(spec_ref, s, e)] = (s, e)
                submitted += 1
            if not out:
                break
            ready, _ = ray.wait(list(out), num_returns=1)
            for ref in ready:
                s, e = out.pop(ref)
                record, packed = ray.get(ref)
                where = os.path.join(logs, f"walls-{s}-{e}")
                _unpack(packed, where)
                merger.add_record(where, record)
                dirs.append(where)
            walls, over, _, line = merger.standing()
            if progress and (over or time.monotonic() - shown > 1.0):
                shown = time.monotonic()
                print(f"{line}  ({len(out)} chunks of {chunk_walls} walls in flight)", file=sys.stderr, flush=True)
            if over:
                break
    except BaseException:
        _cancel(ray, list(out))
        raise
    _cancel(ray, list(out))
    line, text = merger.reports(True, False)
    _native.save_report(logs, line, text)
    report = json.loads(line)
    report["logs"] = logs
    return report


def _spec(ruleset: str, family: Optional[str], time_limit_ms: Optional[int], memory_mib: Optional[int],
          sandbox: Optional[str], mounts: Sequence[str], env: Sequence[str]) -> Dict[str, Any]:
    """The settings a duel's and a tournament's shards share, as the
    shard's call takes them: one job a task; paths as on every node,
    variables with the driver's values. A bad ruleset's name raises here,
    before Ray starts."""
    _native.contest_defaults(ruleset)
    return {
        "ruleset": ruleset,
        "jobs": 1,
        "family": family,
        "time_limit_ms": time_limit_ms,
        "memory_mib": memory_mib,
        "sandbox": sandbox,
        "mounts": [str(m) for m in mounts],
        "env": _native.sandbox_env(list(env)),
    }


def _check_bots(bots: Sequence[Tuple[str, Any]]) -> None:
    for name, bot in bots:
        if not isinstance(bot, str):
            raise TypeError(f"{name}: a distributed contest's bots are built-in names or command lines, not {type(bot).__name__}")


def _remote(ray: Any, fn: Any, address: Optional[str], runtime_env: Optional[Dict[str, Any]], max_retries: int) -> Any:
    """``fn`` as a Ray task of one CPU, run again up to ``max_retries``
    times when its worker dies; Ray started first if this process has not
    (a Ray already started keeps its own address and environment)."""
    if not ray.is_initialized():
        ray.init(address=address, runtime_env=runtime_env, log_to_driver=False, configure_logging=False)
    return ray.remote(num_cpus=1, max_retries=max_retries)(fn)


def _new_logs(logs: Optional[str], prefix: str) -> str:
    logs = logs or tempfile.mkdtemp(prefix=prefix)
    os.makedirs(logs, exist_ok=True)
    if os.listdir(logs):
        raise ValueError(f"the logs folder {logs} is not empty")
    return logs


def tournament(
    entrants: Sequence[Tuple[str, str]],
    *,
    rounds: Optional[int] = None,
    seed: Optional[int] = None,
    duplicate: bool = False,
    family: Optional[str] = None,
    time_limit_ms: Optional[int] = None,
    memory_mib: Optional[int] = None,
    sandbox: Optional[str] = None,
    mounts: Sequence[str] = (),
    env: Sequence[str] = (),
    ruleset: str = "noi2014",
    logs: Optional[str] = None,
    chunk_tables: int = 1,
    max_retries: int = 3,
    address: Optional[str] = None,
    runtime_env: Optional[Dict[str, Any]] = None,
    progress: bool = True,
) -> Dict[str, Any]:
    """``RULESET tournament`` on a Ray cluster (``ruleset``: ``"noi2014"``
    or ``"mcr"``): the standings (as ``tournament --json`` prints them)
    that one machine gives for the same settings.

    The settings are :func:`mahjong_sim.noi2014.tournament`'s, the bots as
    strings (a built-in name or a command line that works on every node).
    Each round's tables go out ``chunk_tables`` to a task, seated after the
    records of the rounds before; the next round goes out when the round's
    tasks are all back. ``address``, ``runtime_env``, ``max_retries`` and
    ``progress`` are as in :func:`duel`. Every task's logs folder goes
    under ``logs`` as ``round-RR-tables-FROM-TO``, with the standings as
    ``report.json`` and ``report.txt``; the result's ``"logs"`` names it.

    Ctrl-C (KeyboardInterrupt) cancels the tasks, waits until their shards
    have stopped (every bot program gone), and is raised again. A task that
    fails after its retries raises ``RuntimeError``.
    """
    import ray

    _check_bots(entrants)
    if chunk_tables < 1:
        raise ValueError("chunk_tables is at least 1")
    common = _spec(ruleset, family, time_limit_ms, memory_mib, sandbox, mounts, env)
    if rounds is None:
        rounds = _native.contest_defaults(ruleset)["tournament_rounds"]
    spec = dict(common, entrants=[list(x) for x in entrants], rounds=rounds, seed=seed, duplicate=duplicate)
    logs = _new_logs(logs, f"{ruleset}-tournament-")
    task = _remote(ray, _play_tables, address, runtime_env, max_retries)
    tables = _native.tournament_tables(len(entrants))
    per_table = 4 if duplicate else 1
    spec_ref = ray.put(spec)
    records: List[str] = []
    dirs: List[str] = []
    out: Dict[Any, Tuple[int, int]] = {}
    games = 0
    try:
        for r in range(1, rounds + 1):
            before = ray.put(list(records))
            for s in range(1, tables + 1, chunk_tables):
                e = min(s + chunk_tables, tables + 1)
                out[task.remote(spec_ref, r, s, e, before)] = (s, e)
            while out:
                ready, _ = ray.wait(list(out), num_returns=1)
                for ref in ready:
                    s, e = out.pop(ref)
                    record, packed = ray.get(ref)
                    where = os.path.join(logs, f"round-{r:02}-tables-{s}-{e}")
                    _unpack(packed, where)
                    records.append(record)
                    dirs.append(where)
                    games += (e - s) * per_table
                if progress:
                    print(f"round {r}/{rounds}: {games}/{rounds * tables * per_table} games  "
                          f"({len(out)} tasks of {chunk_tables} tables in flight)", file=sys.stderr, flush=True)
    except BaseException:
        _cancel(ray, list(out))
        raise
    line, text = _native.merge_reports(ruleset, dirs)
    _native.save_report(logs, line, text)
    report = json.loads(line)
    report["logs"] = logs
    return report


def _cancel(ray: Any, refs: List[Any]) -> None:
    """Cancels the tasks and waits until they have ended (their shards
    stopped and bot programs gone); forces those that do not."""
    if not refs:
        return
    for ref in refs:
        ray.cancel(ref)
    _, left = ray.wait(refs, num_returns=len(refs), timeout=_CANCEL_GRACE_S + 5)
    for ref in left:
        ray.cancel(ref, force=True)
    if left:
        ray.wait(left, num_returns=len(left), timeout=10)
