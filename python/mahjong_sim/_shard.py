"""One shard of a duel or tournament in a process of its own: ``python -m
mahjong_sim._shard SPEC``, SPEC the JSON of the ruleset's name
(``"ruleset"``) and :func:`mahjong_sim.noi2014.duel`'s arguments with
``walls`` and ``logs``, or (with ``"kind": "tournament"``) of
:func:`mahjong_sim.noi2014.tournament`'s with ``round``, ``tables``,
``after`` and ``logs``. :mod:`mahjong_sim.distributed`'s tasks
run it so that a task can always stop its shard: SIGTERM or SIGINT, or the
death of the process that started it, kills every bot program of the shard
(the library's interrupt path) and ends it with status 143.

Exit status: 0 when the shard's walls or tables were all played (its logs
folder then holds ``duel.json`` or ``tournament.json``), 143 when stopped, 2
on an error (the message on stderr).
"""

from __future__ import annotations

import json
import os
import signal
import sys
import threading

from . import _native

#: The status of a shard stopped before its end.
STOPPED = 143


def _run(spec: dict, outcome: dict) -> None:
    # The spec's keys are the call's own arguments: its defaults stay its.
    args = dict(spec)
    kind, logs = args.pop("kind", "duel"), args.pop("logs")
    ruleset = args.pop("ruleset")
    try:
        if kind == "tournament":
            entrants = [tuple(x) for x in args.pop("entrants")]
            args["tables"] = tuple(args["tables"])
            outcome["report"] = _native.tournament_json(ruleset, entrants, logs, **args)
        else:
            a, b = tuple(args.pop("a")), tuple(args.pop("b"))
            args["against"] = [tuple(x) for x in args.get("against", [])]
            args["walls"] = tuple(args["walls"])
            outcome["report"] = _native.duel_json(ruleset, a, b, logs, **args)
    except BaseException as e:  # reported by the main thread
        outcome["error"] = e


def main(argv: list) -> int:
    spec = json.loads(argv[1])
    parent = os.getppid()
    stopped = threading.Event()

    def stop(*_: object) -> None:
        stopped.set()
        _native.interrupt()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    outcome: dict = {}
    # The shard plays in a thread so that this one can take signals and
    # watch its parent: the library releases the GIL while it plays.
    worker = threading.Thread(target=_run, args=(spec, outcome), daemon=True)
    worker.start()
    while worker.is_alive():
        worker.join(0.2)
        if os.getppid() != parent and not stopped.is_set():
            stop()
    if stopped.is_set():
        return STOPPED
    if "error" in outcome:
        what = spec.get("walls") or f"round {spec.get('round')}, tables {spec.get('tables')}"
        print(f"shard {what}: {outcome['error']}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
