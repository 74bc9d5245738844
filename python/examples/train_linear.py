"""Trains a small policy on CPU in a few minutes, then duels it against the
sample bot with the sequential test.

The policy is linear: logits = W x + b over the 85 actions, x the
observation (11 x 27 counts) scaled down, illegal actions masked out. It
learns by REINFORCE with a running baseline, seat 0 of batched games
(``VectorEnv``) against three greedy bots, the reward its points (4, 3, 2,
1). numpy only. Then ``noi2014.duel`` plays it (as a ``policy_bot``, which
keeps the observation from its own requests) as A against the sample bot
as B, each beside the same three greedy opponents on duplicate walls, until
the SPRT decides. Run: ``python python/examples/train_linear.py
[--minutes M]``.
"""

import argparse
import time

import numpy as np

from mahjong_sim import noi2014

N = 256
D = 11 * 27 + 1


def features(obs):
    x = obs.reshape(len(obs), -1).astype(np.float32) / 4.0
    return np.concatenate([x, np.ones((len(obs), 1), np.float32)], axis=1)


def probabilities(W, x, masks):
    logits = x @ W.T
    logits = np.where(masks > 0, logits, -1e9)
    logits -= logits.max(axis=1, keepdims=True)
    p = np.exp(logits) * (masks > 0)
    return p / p.sum(axis=1, keepdims=True)


def train(minutes, seed=0, lr=0.05):
    rng = np.random.default_rng(seed)
    W = np.zeros((noi2014.ACTIONS, D), np.float32)
    # Same-step autoreset: every step is a decision of a game in play.
    v = noi2014.VectorEnv(N, seats=(None, "greedy", "greedy", "greedy"), seed=seed, autoreset_mode="SameStep")
    obs, _ = v.reset()
    episodes = [[] for _ in range(N)]
    grads, baseline, games, recent = np.zeros_like(W), 2.5, 0, []
    start, steps = time.time(), 0
    while time.time() - start < minutes * 60:
        x = features(obs["observation"])
        p = probabilities(W, x, obs["action_mask"])
        actions = (p.cumsum(axis=1) > rng.random((N, 1))).argmax(axis=1)
        for i in range(N):
            episodes[i].append((x[i], p[i], actions[i]))
        obs, rewards, done, _, _ = v.step(actions)
        steps += N
        for i in np.flatnonzero(done):
            ret = float(rewards[i])
            advantage = ret - baseline
            baseline += 0.01 * (ret - baseline)
            for xi, pi, a in episodes[i]:
                g = -pi
                g[a] += 1.0
                grads += advantage * np.outer(g, xi)
            episodes[i] = []
            games += 1
            recent.append(ret)
            if games % 64 == 0:
                W += lr * grads / 64
                grads[:] = 0
        if games and games % 2048 < int(done.sum()):
            print(f"{time.time() - start:6.0f} s  {games:7d} games  {steps:9d} steps  "
                  f"mean points (last 2048) {np.mean(recent[-2048:]):.3f}", flush=True)
    return W


def greedy_policy(W):
    def policy(obs, mask):
        x = features(obs[None])[0]
        logits = W @ x
        logits[mask == 0] = -np.inf
        return int(np.argmax(logits))

    return policy


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--minutes", type=float, default=3.0)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    W = train(args.minutes, args.seed)
    policy = greedy_policy(W)
    report = noi2014.duel(
        ("trained", lambda seed: noi2014.policy_bot(policy)),
        ("sample", "sample"),
        sprt=["d0=0", "d1=0.2"],
        max_games=8000,
        seed=args.seed + 1,
    )
    print(f"duel: trained minus sample {report['diff']:+.3f} points a game over "
          f"{report['games']} games; SPRT decision: {report['decision']} "
          f"(llr {report['sprt']['llr']:.2f}, bounds {report['sprt']['bounds']})")
    print(report["verdict"])


if __name__ == "__main__":
    main()
