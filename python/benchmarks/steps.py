"""Agent steps a second with random legal actions, side by side in one run,
for NOI2014 and for MCR (Chinese Standard Mahjong, ``mahjong_sim.mcr_env``):

(a) the PettingZoo AEC environment, one step at a time;
(b) the batched API (``VectorEnv``, all four seats decided by the caller) at
    N = 1, 16, 64, 256 (``--sizes``), with the time split between the Rust call (``step``,
    the GIL released) and the Python loop around it (choosing actions),
    the actions chosen in numpy from the masks, then (N >= 64) drawn
    by ``VectorEnv.random_actions()`` in Rust;
(c) RLCard's mahjong environment, when ``rlcard`` is installed.

An agent step is one decision answered. Our environments ask only real
decisions (more than one legal action); RLCard asks every one. Run:
``python python/benchmarks/steps.py [--seconds S] [--rounds R] [--ruleset
both|noi2014|mcr] [--sizes 1,16,64,256] [--batched-only]``: every case once a round, RLCard among them, and each
figure the median of its rounds (the ratios to RLCard too, and MCR's to
NOI2014's same case). One process, one core.
"""

import argparse
import time

import numpy as np

from mahjong_sim import mcr_env, noi2014

RULESETS = {"noi2014": noi2014, "mcr": mcr_env}


def aec(seconds, module=noi2014):
    env = module.env()
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


def batched(n, seconds, drawn_in_rust=False, module=noi2014):
    # Same-step autoreset: every agent step answers a decision.
    v = module.VectorEnv(n, seed=0, autoreset_mode="SameStep")
    masks = v.reset()[0]["action_mask"]
    rng = np.random.default_rng(0)
    steps, in_rust, start = 0, 0.0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        if drawn_in_rust:
            actions = v.random_actions()
        else:
            actions = np.argmax(masks * rng.random(masks.shape, dtype=np.float32), axis=1).astype(np.uint32)
        t = time.perf_counter()
        masks = v.step(actions)[0]["action_mask"]
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
    p.add_argument("--rounds", type=int, default=3,
                   help="rounds: every case once a round, RLCard among them, then medians")
    p.add_argument("--ruleset", choices=["both", *RULESETS], default="both",
                   help="the rulesets measured (both: NOI2014 and MCR in the same run)")
    p.add_argument("--sizes", default="1,16,64,256", help="the batched cases' numbers of games, comma-separated")
    p.add_argument("--batched-only", action="store_true", help="the batched cases alone (no AEC, no RLCard)")
    args = p.parse_args()
    sizes = [int(n) for n in args.sizes.split(",")]
    rulesets = list(RULESETS) if args.ruleset == "both" else [args.ruleset]
    cases = []
    for r in rulesets:
        m = RULESETS[r]
        if not args.batched_only:
            cases.append((f"{r}: AEC environment, one step at a time", lambda m=m: (aec(args.seconds, m), None)))
        for n in sizes:
            cases.append((f"{r}: batched, N = {n}", lambda n=n, m=m: batched(n, args.seconds, module=m)[:2]))
        for n in (n for n in sizes if n >= 64):
            cases.append((f"{r}: batched, N = {n}, random_actions()",
                          lambda n=n, m=m: batched(n, args.seconds, drawn_in_rust=True, module=m)[:2]))
    has_rlcard = not args.batched_only and rlcard_env(0.01) is not None
    if has_rlcard:
        cases.append(("RLCard mahjong", lambda: (rlcard_env(args.seconds), None)))
    # Interleaved: each round runs every case once, so that a drift of the
    # machine's speed falls on all of them alike; medians, not bests.
    rates = {name: [] for name, _ in cases}
    shares = {name: [] for name, _ in cases}
    for _ in range(args.rounds):
        for name, run in cases:
            rate, share = run()
            rates[name].append(rate)
            if share is not None:
                shares[name].append(share)
    median = {name: float(np.median(r)) for name, r in rates.items()}
    rl = median.get("RLCard mahjong")
    for name, _ in cases:
        split = f"  ({np.median(shares[name]):.0%} of the time in the step call)" if shares[name] else ""
        ratio = "" if rl is None or name == "RLCard mahjong" else f"  {median[name] / rl:,.0f}x RLCard"
        twin = name.replace("mcr: ", "noi2014: ")
        if name.startswith("mcr: ") and twin in median:
            ratio += f"  {median[name] / median[twin]:.2f}x NOI2014's"
        spread = f"[{min(rates[name]):,.0f} .. {max(rates[name]):,.0f}]"
        print(f"{name:50s} {median[name]:12,.0f} steps/s {spread}{ratio}{split}")
    if not has_rlcard and not args.batched_only:
        print("RLCard mahjong: not installed (pip install rlcard)")
    print(f"medians of {args.rounds} interleaved rounds of {args.seconds} s per case")


if __name__ == "__main__":
    main()
