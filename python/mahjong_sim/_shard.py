"""One shard of a duel in a process of its own: ``python -m
mahjong_sim._shard SPEC``, SPEC the JSON of :func:`mahjong_sim.noi2014.duel`'s
arguments with ``walls`` and ``logs``. :mod:`mahjong_sim.distributed`'s tasks
run it so that a task can always stop its shard: SIGTERM or SIGINT, or the
death of the process that started it, kills every bot program of the shard
(the library's interrupt path) and ends it with status 143.

Exit status: 0 when the shard's walls were all played (its logs folder then
holds ``duel.json``), 143 when stopped, 2 on an error (the message on
stderr).
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
    # The spec's keys are duel_json's own arguments: its defaults stay its.
    args = dict(spec)
    a, b, logs = tuple(args.pop("a")), tuple(args.pop("b")), args.pop("logs")
    args["against"] = [tuple(x) for x in args.get("against", [])]
    args["walls"] = tuple(args["walls"])
    try:
        outcome["report"] = _native.duel_json(a, b, logs, **args)
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
        print(f"shard {spec['walls']}: {outcome['error']}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
