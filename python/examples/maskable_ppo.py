"""Trains sb3-contrib's MaskablePPO for a few thousand steps on
``gymnasium.make("mahjong_sim/NOI2014-v0")`` (seat 0 against three greedy
bots), then plays the trained policy and random legal actions on the same
walls and prints both mean points (4, 3, 2, 1 by place).

MaskablePPO reads the legal actions through the environment's
``action_masks()``; the observation is the environments' dict (the
11 x 27 counts and the mask), so the policy is ``MultiInputPolicy``.
Needs ``pip install sb3-contrib`` (which brings PyTorch); CI does not run
it. Run: ``python python/examples/maskable_ppo.py [--steps N] [--games G]``.
"""

import argparse
import time

import gymnasium
import numpy as np
import torch
from sb3_contrib import MaskablePPO

from mahjong_sim import noi2014  # registers mahjong_sim/NOI2014-v0


def mean_points(choose, games, seed):
    """Seat 0's mean points over ``games`` games from ``seed``, each
    decision ``choose(obs, env)``."""
    env = gymnasium.make(noi2014.ENV_ID)
    points = []
    for g in range(games):
        obs, _ = env.reset(seed=seed + g)
        done = False
        while not done:
            obs, reward, done, _, _ = env.step(choose(obs, env))
        points.append(reward)
    return float(np.mean(points)), float(np.std(points) / np.sqrt(games))


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--steps", type=int, default=6144, help="training steps (decisions)")
    p.add_argument("--games", type=int, default=300, help="games of each evaluation")
    p.add_argument("--seed", type=int, default=0)
    args = p.parse_args()
    torch.set_num_threads(1)

    env = gymnasium.make(noi2014.ENV_ID)
    model = MaskablePPO("MultiInputPolicy", env, n_steps=1024, batch_size=256, seed=args.seed, verbose=1)
    start = time.time()
    model.learn(total_timesteps=args.steps)
    print(f"trained {args.steps} steps in {time.time() - start:.0f} s")

    def trained(obs, env):
        action, _ = model.predict(obs, action_masks=env.unwrapped.action_masks(), deterministic=True)
        return int(action)

    rng = np.random.default_rng(args.seed)

    def random_legal(obs, env):
        return int(rng.choice(np.flatnonzero(obs["action_mask"])))

    # The same walls for both: games seeded from 10**6 up.
    for name, choose in [("MaskablePPO", trained), ("random legal", random_legal)]:
        mean, err = mean_points(choose, args.games, 10**6)
        print(f"{name:14} {mean:.3f} +- {err:.3f} points a game over {args.games} games against three greedy bots")


if __name__ == "__main__":
    main()
