"""One object used from several threads at once: a thread that steps and
threads that read must never wait for each other for good (the binding
never holds its lock while it waits for the GIL). A deadlock cannot be
undone inside the process, so each case runs in a child process whose
time limit fails the test instead of hanging it."""

import pytest

from conftest import in_child

# Generous on a busy machine: the cases take about a second each.
LIMIT_S = 300

VECTOR = """
    from mahjong_sim.noi2014 import MultiAgentVectorEnv, VectorEnv

    for run in range(RUNS):
        # Even runs the Gymnasium vector env, odd ones the multi-agent view
        # (its step observes every seat under the same lock).
        if run % 2:
            v = MultiAgentVectorEnv(64, seats=(None, "greedy", None, "greedy"), seed=run, render_mode="ansi")
        else:
            v = VectorEnv(64, seats=(None, "greedy", None, "greedy"), seed=run, render_mode="ansi")
        v.reset()

        def read():
            # Everything but what moves the games (a reset would make the
            # stepping thread's actions stale).
            len(v._vec), v.games, v.random_actions(), v._vec.current(), v._vec.observe_all()
            v._vec.table(run % 64)

        def work():
            for _ in range(200):
                v.step(v.random_actions())

        with_readers(read, work)
    print("ok", RUNS)
"""

RESET = """
    import threading
    import numpy as np
    from mahjong_sim.noi2014 import MultiAgentVectorEnv, VectorEnv

    rows = np.arange(64)
    for run in range(RUNS):
        # put_out: a reset from another thread makes the stepping thread's
        # actions stale, and a stale action is then played (the seat put
        # out) instead of refusing the step.
        cls = MultiAgentVectorEnv if run % 2 else VectorEnv
        v = cls(64, seats=(None, "greedy", None, "greedy"), seed=run, illegal="put_out")
        v.reset()
        stop = threading.Event()
        torn = []

        def reset(k):
            while not stop.is_set():
                k += 1
                # What MultiAgentVectorEnv.reset reads: the seat to act's
                # view must be that seat's in every seat's views, which a
                # step coming between the two reads would break.
                options = {"reset_mask": rows % 3 == k % 3} if k % 3 == 2 else None
                obs, _, seats, _, _, everyone = v._restart(k if k % 3 == 1 else None, options, every_seat=True)
                if not np.array_equal(obs, everyone[rows, seats]):
                    torn.append(k)
                v.reset()

        resetters = [threading.Thread(target=reset, args=(k,)) for k in range(2)]
        for r in resetters:
            r.start()
        try:
            for _ in range(100):
                v.step(v.random_actions())
        finally:
            stop.set()
            for r in resetters:
                r.join()
        assert not torn, f"run {run}: the games moved between the reads of a reset ({len(torn)} times)"
    print("ok", RUNS)
"""

GAME = """
    import numpy as np
    from mahjong_sim.noi2014 import Game

    for run in range(RUNS):
        # Seat 1 a Python callable: stepping calls back into Python.
        g = Game([None, lambda request: "PASS", None, "greedy"], seed=run)
        rng = np.random.default_rng(run)

        def read():
            g.observe(0), g.decision(), g.table(), g.events(), g.is_over()

        def work():
            while (d := g.decision()) is not None:
                g.step(int(rng.choice(np.flatnonzero(d[2]))))

        with_readers(read, work)
    print("ok", RUNS)
"""


@pytest.mark.parametrize("body", [VECTOR, RESET, GAME], ids=["VectorEnv", "reset", "Game"])
def test_stepping_and_reading_from_threads_never_deadlocks(body):
    runs = 100
    done = in_child(body.replace("RUNS", str(runs)), LIMIT_S)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["ok", str(runs)], done.stdout + done.stderr
