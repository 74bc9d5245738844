"""Duels, tournaments and merges of a ruleset, written once: a
:class:`Contests` of a ruleset's name (``"noi2014"``, ``"mcr"``) gives
:meth:`~Contests.duel`, :meth:`~Contests.tournament`,
:meth:`~Contests.merge` and :meth:`~Contests.defaults`, which
:mod:`mahjong_sim.noi2014` and :mod:`mahjong_sim.mcr` hand out as their
own. Every setting, its default and its checks are the library's
(``_native``'s one binding over the ruleset); this only converts."""

from __future__ import annotations

import json
import tempfile
import threading
from typing import Any, Callable, Dict, Optional, Sequence, Tuple, Union

from . import _native

#: A contest entrant's bot: a built-in bot's name, a bot program's command
#: line (a path with ``/`` or a line with a space), or a factory: a callable
#: ``seed -> bot``, the bot a callable ``request -> answer`` (or the
#: ruleset's policy bot) made afresh for every game (games may run at
#: once: they must not share a bot).
ContestBot = Union[str, Callable[[int], Any]]


def _interruptible(call: Callable[[], Any]) -> Any:
    """Runs ``call`` (a contest in Rust, the GIL released) in a thread, so
    that Ctrl-C reaches this one: the contest's bot programs are then
    killed, the contest stops, and KeyboardInterrupt is raised once it has
    (its logs folder keeps what it played)."""
    outcome: Dict[str, Any] = {}
    # An Event, not Thread.join: a join cut short by KeyboardInterrupt can
    # leave the thread looking finished while it runs (CPython gh-90882).
    done = threading.Event()
    # A run stopped by Ctrl-C before this one does not stop this one. Here,
    # not in the run's thread: a Ctrl-C after this line, even before that
    # thread gets going, must stop the run, not be cleared by it.
    _native.rearm()

    def run() -> None:
        try:
            outcome["value"] = call()
        except BaseException as e:  # raised below, in the caller's thread
            outcome["error"] = e
        finally:
            done.set()

    worker = threading.Thread(target=run, daemon=True)
    try:
        worker.start()
        while not done.wait(0.1):
            pass
    except KeyboardInterrupt:
        # Wherever it came (even in start()), the contest must not go on
        # behind the caller's back.
        _native.interrupt()
        if worker.ident is not None:
            while not done.wait(0.1):
                pass
        raise
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]


def _with_logs(logs: Optional[str], prefix: str, run: Callable[[str], str]) -> Dict[str, Any]:
    """The report of ``run(folder)`` (a JSON line), interruptible, played
    into ``logs``; without ``logs``, into a temporary folder removed
    afterwards (its ``"logs"`` then None): nothing is left behind that
    was not asked for."""
    if logs is not None:
        report = json.loads(_interruptible(lambda: run(str(logs))))
        report.setdefault("logs", str(logs))
        return report
    with tempfile.TemporaryDirectory(prefix=prefix) as tmp:
        report = json.loads(_interruptible(lambda: run(tmp)))
    report["logs"] = None
    return report


def _pairs(bots: Sequence[Tuple[str, ContestBot]]) -> list:
    return [(n, x) for n, x in bots]


class Contests:
    """The contests of ``ruleset`` (``"noi2014"`` or ``"mcr"``; another
    name raises ``ValueError``), as the command line's ``RULESET duel``,
    ``tournament`` and ``merge``."""

    def __init__(self, ruleset: str):
        # Checked now: a bad name fails here, not at the first duel.
        _native.contest_defaults(ruleset)
        self.ruleset = ruleset

    def defaults(self) -> Dict[str, Any]:
        """The library's defaults of duels and tournaments, which the
        command line, :meth:`duel`, :meth:`tournament` and
        :mod:`mahjong_sim.distributed` all use: ``duel_seed``,
        ``duel_max_games``, ``duel_seating``, ``tournament_rounds``,
        ``tournament_seed``, ``jobs`` (the CPUs), ``family`` (the
        ruleset's default), ``time_limit_ms``, ``memory_mib`` (0: no
        limit) and ``sandbox``."""
        return dict(_native.contest_defaults(self.ruleset))

    def duel(
        self,
        a: Tuple[str, ContestBot],
        b: Tuple[str, ContestBot],
        *,
        against: Sequence[Tuple[str, ContestBot]] = (),
        logs: Optional[str] = None,
        seed: Optional[int] = None,
        games: Optional[int] = None,
        sprt: Sequence[str] = (),
        max_games: Optional[int] = None,
        jobs: Optional[int] = None,
        family: Optional[str] = None,
        seating: Optional[str] = None,
        common_random: bool = True,
        time_limit_ms: Optional[int] = None,
        memory_mib: Optional[int] = None,
        sandbox: Optional[str] = None,
        walls: Optional[Tuple[int, int]] = None,
        mounts: Sequence[str] = (),
        env: Sequence[str] = (),
    ) -> Dict[str, Any]:
        """``mahjong-sim RULESET duel`` as a call: is bot A stronger than
        bot B?

        ``a``, ``b`` and the opponents ``against`` (greedy bots fill the
        rest) are ``(name, bot)`` pairs. Each wall is played twice (A in one
        seat, then B in the same seat; the seat goes round), or with
        ``seating="every"`` at all 24 seatings of its four players, 48
        games (IJCAI's format, ``--seating every``); with ``games`` that
        many games (whole walls), otherwise the sequential test (SPRT) of
        ``sprt`` words (``d0=X d1=X alpha=X beta=X``, each left out taking
        the library's default, as ``--sprt`` does) up to ``max_games``
        (``games`` with ``sprt`` or ``max_games`` raises ``ValueError``).
        With ``logs`` (a folder, new or empty), every game's log, the
        records and the report are kept there and the result's ``"logs"``
        names it; without it nothing is kept (the games are played in a
        temporary folder, removed at the end) and ``"logs"`` is None.
        Bot programs run as ``--sandbox`` says: ``sandbox`` is ``"auto"``
        (a sandbox where the machine allows one), ``"on"`` (a sandbox or
        an error) or ``"off"``; a sandboxed program sees only its own
        folder and the system's, plus the folders of ``mounts``
        (read-only, as ``--mount``), and gets only ``PATH``, ``HOME``,
        ``TMPDIR``, ``LANG`` and ``env`` (``"NAME=VALUE"`` or ``"NAME"``
        for its value here, as ``--env``). ``walls=(from, to)`` plays walls
        ``from`` to ``to - 1`` of the duel, all of them, as a shard
        (``--walls FROM..TO``) for :meth:`merge`. A setting left at
        ``None`` takes the library's default, the command line's too
        (:meth:`defaults` gives them); ``memory_mib=0`` is no limit.
        Returns the report as ``duel --json`` prints it.
        Ctrl-C kills the bot programs and raises KeyboardInterrupt once the
        duel has stopped; ``report.json`` in ``logs`` has the result so far.
        """
        return _with_logs(logs, f"{self.ruleset}-duel-", lambda folder: _native.duel_json(
            self.ruleset,
            (a[0], a[1]),
            (b[0], b[1]),
            folder,
            _pairs(against),
            seed,
            games,
            list(sprt),
            max_games,
            jobs,
            family,
            common_random,
            time_limit_ms,
            memory_mib,
            sandbox,
            walls,
            mounts=[str(m) for m in mounts],
            env=list(env),
            seating=seating,
        ))

    def merge(self, dirs: Sequence[str]) -> Dict[str, Any]:
        """``mahjong-sim RULESET merge`` as a call: the report one machine
        gives for the walls of a duel's shards (the logs folders of
        :meth:`duel` with ``walls=``), every wall checked against its game
        logs, or for the rounds of a tournament's shards
        (:meth:`tournament` with ``round=``), every game checked against
        its log. Shards of different settings or of another ruleset,
        overlapping walls or games, a wall missing before the decision or a
        game missing from a round raise ``ValueError``."""
        return json.loads(_native.merge_reports(self.ruleset, [str(d) for d in dirs])[0])

    def tournament(
        self,
        entrants: Sequence[Tuple[str, ContestBot]],
        *,
        logs: Optional[str] = None,
        rounds: Optional[int] = None,
        seed: Optional[int] = None,
        jobs: Optional[int] = None,
        duplicate: bool = False,
        family: Optional[str] = None,
        time_limit_ms: Optional[int] = None,
        memory_mib: Optional[int] = None,
        sandbox: Optional[str] = None,
        round: Optional[int] = None,
        tables: Optional[Tuple[int, int]] = None,
        after: Sequence[str] = (),
        mounts: Sequence[str] = (),
        env: Sequence[str] = (),
    ) -> Dict[str, Any]:
        """``mahjong-sim RULESET tournament`` as a call: Swiss rounds
        between ``entrants`` (``(name, bot)`` pairs, bots, ``logs``,
        ``sandbox``, ``mounts`` and ``env`` as in :meth:`duel`; a setting
        left at ``None`` takes the library's default, as :meth:`defaults`
        gives it). Returns the report as ``tournament --json`` prints it.
        ``round=R`` plays round R alone as a shard (``--round``;
        ``tables=(from, to)`` its tables ``from`` to ``to - 1``), seated
        after the shards whose logs folders are ``after`` (every game of
        rounds 1 to R - 1), for :meth:`merge`. Ctrl-C kills the bot
        programs and raises KeyboardInterrupt once the tournament has
        stopped; ``logs`` keeps the standings of its finished rounds."""
        return _with_logs(logs, f"{self.ruleset}-tournament-", lambda folder: _native.tournament_json(
            self.ruleset,
            _pairs(entrants),
            folder,
            rounds,
            seed,
            jobs,
            duplicate,
            family,
            time_limit_ms,
            memory_mib,
            sandbox,
            round,
            tables,
            [str(d) for d in after],
            mounts=[str(m) for m in mounts],
            env=list(env),
        ))
