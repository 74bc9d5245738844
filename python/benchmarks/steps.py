"""Agent steps a second with random legal actions, side by side in one run:

(a) the PettingZoo AEC environment, one step at a time;
(b) the batched API (``VectorEnv``, all four seats decided by the caller) at
    N = 1, 64, 1024, with the time split between the Rust call (``step``,
    the GIL released) and the Python loop around it (choosing actions),
    the actions chosen in numpy from the masks, then (N = 64, 1024) drawn
    by ``VectorEnv.random_actions()`` in Rust;
(c) RLCard's mahjong environment, when ``rlcard`` is installed.

An agent step is one decision answered. Our environments ask only real
decisions (more than one legal action); RLCard asks every one. Run:
``python python/benchmarks/steps.py [--seconds S]``. One process, one core.
"""

import argparse
import time

import numpy as np

from mahjong_sim import noi2014


def aec(seconds):
    env = noi2014.env()
    env.reset(seed=0)
    rng = np.random.default_rng(0)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        for agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
        env.reset()
    return steps / (time.perf_counter() - start)


def batched(n, seconds, drawn_in_rust=False):
    v = noi2014.VectorEnv(n, seed=0)
    obs, masks, seats = v.reset()
    rng = np.random.default_rng(0)
    steps, in_rust, start = 0, 0.0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        if drawn_in_rust:
            actions = v.random_actions()
        else:
            actions = np.argmax(masks * rng.random(masks.shape, dtype=np.float32), axis=1).astype(np.uint32)
        t = time.perf_counter()
        obs, masks, seats, rewards, done = v.step(actions)
        in_rust += time.perf_counter() - t
        steps += n
    total = time.perf_counter() - start
    return steps / total, in_rust / total, v.games


def rlcard_env(seconds):
    try:
        import rlcard
    except ImportError:
        return None
    env = rlcard.make("mahjong", config={"seed": 0})
    rng = np.random.default_rng(0)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        state, player = env.reset()
        while not env.is_over():
            legal = list(state["legal_actions"].keys())
            state, player = env.step(legal[rng.integers(len(legal))])
            steps += 1
    return steps / (time.perf_counter() - start)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seconds", type=float, default=5.0, help="time per measurement")
    args = p.parse_args()
    rows = [("AEC environment, one step at a time", aec(args.seconds), None)]
    for n in (1, 64, 1024):
        rate, share, _ = batched(n, args.seconds)
        rows.append((f"batched, N = {n}", rate, share))
    for n in (64, 1024):
        rate, share, _ = batched(n, args.seconds, drawn_in_rust=True)
        rows.append((f"batched, N = {n}, random_actions()", rate, share))
    rl = rlcard_env(args.seconds)
    for name, rate, share in rows:
        split = "" if share is None else f"  ({share:.0%} of the time in the step call)"
        print(f"{name:40s} {rate:12,.0f} steps/s{split}")
    if rl is None:
        print("RLCard mahjong: not installed (pip install rlcard)")
    else:
        print(f"{'RLCard mahjong':40s} {rl:12,.0f} steps/s")
        best = max(r for _, r, _ in rows)
        print(f"batched best / RLCard: {best / rl:,.0f}x")


if __name__ == "__main__":
    main()
