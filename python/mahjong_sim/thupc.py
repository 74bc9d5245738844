"""The THUPC 2021 contest game: walls, the event log, ``explain``, replays.

A wall is 148 tile names separated by whitespace (the contest's input);
every function here gives what the command-line app gives for it.
"""

from __future__ import annotations

import json
from typing import Any, Dict, List

from ._native import (
    thupc_explain,
    thupc_families,
    thupc_replay_html,
    thupc_simulate_jsonl,
    thupc_simulate_log,
    thupc_walls,
)

__all__ = [
    "simulate",
    "simulate_jsonl",
    "simulate_log",
    "explain",
    "replay_html",
    "walls",
    "families",
]


def simulate(wall: str) -> List[Dict[str, Any]]:
    """The game log, one dict a line (the lines of :func:`simulate_jsonl`):
    its header, then one event a line of the contest's log."""
    return [json.loads(line) for line in simulate_jsonl(wall).splitlines()]


def simulate_jsonl(wall: str) -> str:
    """The game log (``mahjong-sim/thupc2021-game-log``) as JSON Lines, byte
    for byte ``simulate --json``."""
    return thupc_simulate_jsonl(wall)


def simulate_log(wall: str) -> str:
    """The contest's event log, byte for byte ``simulate``."""
    return thupc_simulate_log(wall)


def explain(wall: str, json_lines: bool = False) -> "str | List[Dict[str, Any]]":
    """The game step by step: text as ``explain`` prints it, or with
    ``json_lines`` one dict a line (the header, then the steps of ``explain
    --json``, ``mahjong-sim/thupc2021-explanation``)."""
    if not json_lines:
        return thupc_explain(wall, False)
    return [json.loads(line) for line in thupc_explain(wall, True).splitlines()]


def replay_html(wall: str, title: str = "game") -> str:
    """The game's replay page: one self-contained HTML file."""
    return thupc_replay_html(wall, title)


def walls(family: str = "uniform", seed: int = 1, count: int = 1) -> List[str]:
    """``count`` walls of ``family`` from ``seed``, as ``gen`` writes them."""
    return thupc_walls(family, seed, count)


def families() -> List[str]:
    """The wall families' names."""
    return thupc_families()
