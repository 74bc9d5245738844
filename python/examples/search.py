"""A one-ply search from game states: at each of its decisions, seat 0
tries every legal action on a copy of the game (``Game.state()`` /
``Game.from_state``), plays each copy out a few times with random legal
actions for every seat the caller holds, and takes the action with the
best average points; the three other seats are built-in greedy bots.

    python python/examples/search.py [--games N] [--rollouts K] [--seed S]

prints each game's points and the search's average beside the average of
seat 0 playing random legal actions on the same walls. The copies replay
the game from its wall, bots and answers, so every branch sees the same
bots' random streams the real game would.
"""

import argparse

import numpy as np

from mahjong_sim.noi2014 import Game

SEATS = [None, "greedy", "greedy", "greedy"]


def rollout(state: str, seat: int, rng: np.random.Generator) -> float:
    """The game of ``state`` played to its end with random legal actions;
    ``seat``'s points."""
    game = Game.from_state(state)
    while (d := game.decision()) is not None:
        game.step(int(rng.choice(np.flatnonzero(d[2]))))
    return game.points()[seat]


def best_action(game: Game, rollouts: int, rng: np.random.Generator) -> int:
    seat, _, mask = game.decision()
    scores = {}
    for action in np.flatnonzero(mask):
        branch = Game.from_state(game.state())
        branch.step(int(action))
        if branch.decision() is None:
            scores[action] = branch.points()[seat]
            continue
        after = branch.state()
        scores[action] = np.mean([rollout(after, seat, rng) for _ in range(rollouts)])
    return int(max(scores, key=scores.get))


def play(seed: int, choose) -> float:
    game = Game(SEATS, seed=seed)
    while game.decision() is not None:
        game.step(choose(game))
    return game.points()[0]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--rollouts", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = np.random.default_rng(args.seed)
    searched, random = [], []
    for g in range(args.games):
        wall = args.seed * 1000 + g
        searched.append(play(wall, lambda game: best_action(game, args.rollouts, rng)))
        random.append(play(wall, lambda game: int(rng.choice(np.flatnonzero(game.decision()[2])))))
        print(f"wall {wall}: search {searched[-1]:.1f} points, random {random[-1]:.1f}")
    print(f"average over {args.games} walls: search {np.mean(searched):.2f}, random {np.mean(random):.2f}")


if __name__ == "__main__":
    main()
