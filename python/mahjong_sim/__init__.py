"""mahjong-sim from Python: the engines of the Rust library ``mahjong-sim``.

- :func:`distance`, :func:`analyze`: the rule-free core (winning distance;
  decompositions, waits and best discards).
- :mod:`mahjong_sim.thupc`: the THUPC 2021 contest game (simulate, explain,
  walls by family and seed, replay pages).
- :mod:`mahjong_sim.noi2014`: the NOI2014 game as a PettingZoo AEC
  environment (``mahjong_sim.noi2014.env()``), a Gymnasium single-agent
  wrapper, batched stepping of many games in Rust, and Python bots.
- :mod:`mahjong_sim.mcr`: Chinese Standard Mahjong's fan calculator and
  shanten, and its duels and tournaments (those of :mod:`mahjong_sim.noi2014`,
  one implementation over the ruleset).
- :mod:`mahjong_sim.mcr_env`: Chinese Standard Mahjong as Botzone plays it,
  as PettingZoo AEC and parallel environments, a Gymnasium single-agent
  wrapper (``mahjong_sim/MCR-v0``), and batched stepping of many games in
  Rust for one seat or every seat.

Every rule lives in the Rust library; this package only converts.
"""

from __future__ import annotations

import importlib
import json
from typing import Any, Dict, Iterable

from . import _native, mcr, thupc

__all__ = ["distance", "analyze", "thupc", "noi2014", "mcr", "mcr_env"]


def distance(hand: str, melds: "int | None" = None) -> int:
    """The winning distance of a concealed hand.

    ``hand`` is tile names separated by spaces in the contest's notation
    (``1M``..``9M``, ``1P``..``9P``, ``1S``..``9S``, ``E S W N B F Z``);
    ``melds`` is the number of exposed sets (by default the number the
    hand's size implies: 13 - 3m or 14 - 3m tiles). The answer is what
    ``mahjong-sim distance`` prints for the same hand.
    """
    return _native.distance(hand, melds)


def analyze(hand: str, melds: Iterable[str] = ()) -> Dict[str, Any]:
    """The analysis of a hand, as ``mahjong-sim analyze --json`` prints it.

    ``melds`` are the exposed sets, each as tiles (``"1M 2M 3M"``) or the
    set notation (``"123M"``). The result holds the sorted ``hand``, the
    ``melds`` and a ``verdict``: the decompositions of a winning hand, the
    waits of a ready one, or the distance and best discards otherwise.
    """
    return json.loads(_native.analyze_json(hand, list(melds)))


def __getattr__(name: str) -> Any:
    # The environments import PettingZoo and Gymnasium: only when asked.
    if name in ("noi2014", "mcr_env"):
        return importlib.import_module(f".{name}", __name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
