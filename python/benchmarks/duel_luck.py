"""How much of a duel wall's difference is the luck of the draws?

A study for issue 33 (fewer games a duel), on the logs of a duel with a
fixed number of games (``noi2014 duel --games N --logs DIR``, bots named
``a`` and ``b``). A control variate in the manner of AIVAT (Burch et al.,
2018): each draw is a chance event, the tile uniform over the wall's
remaining tiles, so for any function ``f`` of the drawer's hand,
``f(hand + drawn) - mean over the remaining tiles t of f(hand + t)`` has
mean 0 whatever the bots do. Summed over a game's draws it is a correction
of mean 0 that may follow the game's luck; a wall's difference minus
``beta`` times the difference of the corrections keeps the mean and loses
variance as far as the corrections explain it.

Features, for the seat's own draws and (summed) for its opponents': the
distance of the hand after the draw, whether it wins, whether it is ready
(distance at most 1). ``beta`` is fitted on one half of the walls and the
variance measured on the other half (and the halves swapped), so the
figure is not flattered by the fit. A sequential test's expected length
scales with the variance, so ``1 / ratio`` is about the games it saves.

``python python/benchmarks/duel_luck.py DIR``: prints the walls, the mean
difference and its variance, and the variance left with each feature set.
"""

import argparse
import collections
import glob
import json

import numpy as np

from mahjong_sim import distance

KINDS = [s + str(n) for s in "WBT" for n in range(1, 10)]
# The rule-free core names tiles as THUPC does.
CORE = {k: k[1] + {"W": "M", "B": "P", "T": "S"}[k[0]] for k in KINDS}
FEATURES = 3
_cache = {}


def dist(counts, melds):
    key = (tuple(counts[k] for k in KINDS), melds)
    if key not in _cache:
        hand = " ".join(CORE[k] for k in KINDS for _ in range(counts[k]))
        _cache[key] = distance(hand, melds)
    return _cache[key]


def features(counts, melds):
    d = dist(counts, melds)
    return np.array([d, d == 0, d <= 1], dtype=float)


def corrections(path, name):
    """(own, opponents') summed corrections of one game, and the points of
    the seat named ``name``."""
    lines = [json.loads(line) for line in open(path, encoding="utf-8")]
    tiles = lines[0]["tiles"]
    seat = [s["name"] for s in lines[0]["seats"]].index(name)
    front, back = 52, 108
    own, others = np.zeros(FEATURES), np.zeros(FEATURES)
    for e in lines[1:]:
        if e["type"] != "event" or e["kind"] not in ("draw", "draw_back"):
            continue
        remaining = collections.Counter(tiles[front:back])
        if e["kind"] == "draw":
            assert e["tile"] == tiles[front]
            front += 1
        else:
            assert e["tile"] == tiles[back - 1]
            back -= 1
        after = collections.Counter(e["tiles"]["concealed"])
        melds = len(e["tiles"]["exposed"])
        before = after.copy()
        before[e["tile"]] -= 1
        n = sum(remaining.values())
        expected = np.zeros(FEATURES)
        for kind, count in remaining.items():
            hand = before.copy()
            hand[kind] += 1
            expected += count / n * features(hand, melds)
        c = features(after, melds) - expected
        if e["player"] == seat:
            own += c
        else:
            others += c
    result = lines[-1]
    assert result["type"] == "result"
    return own, others, result["players"][seat]["points"]


def left_over(d, controls):
    """Variance of ``d`` after the controls, beta fitted on the other half."""
    halves = [np.arange(len(d)) % 2 == 0, np.arange(len(d)) % 2 == 1]
    adjusted = np.empty_like(d)
    for fit, use in (halves, halves[::-1]):
        x, y = controls[fit], d[fit]
        beta, *_ = np.linalg.lstsq(x - x.mean(0), y - y.mean(), rcond=None)
        adjusted[use] = d[use] - (controls[use] - x.mean(0)) @ beta
    return adjusted.var()


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("logs", help="a duel's logs folder (bots named a and b)")
    args = p.parse_args()
    rows = []
    for a in sorted(glob.glob(f"{args.logs}/games/u*-g1.jsonl")):
        own_a, opp_a, x_a = corrections(a, "a")
        own_b, opp_b, x_b = corrections(a.replace("-g1.", "-g2."), "b")
        rows.append(np.concatenate([[x_a - x_b], own_a - own_b, opp_a - opp_b]))
    r = np.array(rows)
    d = r[:, 0]
    print(f"{len(d)} walls, A - B {d.mean():+.3f} a game, variance {d.var():.4f}, "
          f"{np.mean(d == 0):.0%} of walls 0")
    sets = {
        "own distance": [1],
        "own distance, win, ready": [1, 2, 3],
        "own and opponents', all three": [1, 2, 3, 4, 5, 6],
    }
    for label, columns in sets.items():
        v = left_over(d, r[:, columns])
        print(f"{label:32s} variance {v:.4f}: {v / d.var():.1%} left, "
              f"{d.var() / v:.2f}x fewer games")


if __name__ == "__main__":
    main()
