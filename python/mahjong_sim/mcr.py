"""Chinese Standard Mahjong (MCR, 国标麻将): the fan calculator and
shanten of ``mahjong-sim mcr``, with MahjongGB 1.4.0's answers (or the
Botzone judge's 2018 calculator's with ``reading="judge2018"``).

Tiles have their Botzone names (``W1``-``W9``, ``T1``-``T9``, ``B1``-``B9``,
``F1``-``F4``, ``J1``-``J3``; ``H1``-``H8`` are flowers) and melds are
written ``KIND,TILE,OFFER`` as Botzone writes them (``CHI,T5,2``,
``PENG,F1,3``, ``GANG,W3,0``), as on the command line (``docs/mcr.md``).
A hand is one string of tiles or a list of them. Bad tiles, melds or
counts raise ``ValueError`` naming the one at fault.

Duels, tournaments and merges of MCR games (``mahjong-sim mcr duel``,
``tournament``, ``merge``) are :func:`duel`, :func:`tournament`,
:func:`merge` and :func:`defaults`: the calls of
:mod:`mahjong_sim.noi2014` (one implementation over the ruleset), with
MCR's built-in bots (``random``, ``greedy``, ``planner``), its wall family
(``uniform``) and its bot programs (Botzone's protocol). A factory's bot is
a callable ``request -> answer`` or a :func:`mahjong_sim.mcr_env.policy_bot`.
"""

from __future__ import annotations

import json
from typing import Any, Dict, Optional, Sequence, Union

from . import _contest
from ._native import mcr_case_json, mcr_fan_json, mcr_shanten_json

__all__ = ["fan", "shanten", "case", "duel", "tournament", "merge", "defaults"]

Tiles = Union[str, Sequence[str]]
Wind = Union[str, int]


def fan(
    hand: Tiles,
    *,
    melds: Sequence[str] = (),
    win: Optional[str] = None,
    self_drawn: bool = False,
    last_copy: bool = False,
    about_kong: bool = False,
    wall_last: bool = False,
    seat_wind: Wind = "E",
    prevalent_wind: Wind = "E",
    flowers: int = 0,
    reading: str = "1.4.0",
) -> Optional[Dict[str, Any]]:
    """The fans of a winning hand, as ``mcr fan --json`` prints them: a
    dict of ``total``, ``fans`` (each ``points``, ``count``, ``chinese``,
    ``english``), ``form`` and ``sets`` (the arrangement that scored it);
    ``None`` when the hand is no win.

    ``hand`` is the standing tiles with the winning tile last, unless
    ``win`` names it; ``melds`` the exposed (and concealed-kong) melds.
    The flags are those of the command line: ``self_drawn``,
    ``last_copy`` (the last copy of its kind), ``about_kong`` (on a
    kong's replacement tile, or robbing a kong), ``wall_last`` (the last
    tile of the wall); winds are ``"E" "S" "W" "N"``, ``"F1"``..``"F4"`` or
    0-3; ``flowers`` counts besides any ``H1``-``H8`` in ``hand``."""
    text = mcr_fan_json(
        hand, list(melds), win, self_drawn, last_copy, about_kong, wall_last,
        seat_wind, prevalent_wind, flowers, reading,
    )
    return None if text is None else json.loads(text)


def shanten(hand: Tiles) -> Dict[str, Any]:
    """Shanten of the standing tiles (13, 10, 7, 4 or 1 of them), as ``mcr
    shanten --json`` prints it: ``shanten`` (the best over every form; -1
    for a complete hand), ``forms`` reaching it, ``useful`` tiles and
    ``by_form`` (each form's ``shanten`` and ``useful``)."""
    return json.loads(mcr_shanten_json(hand))


def case(input: Dict[str, Any], reading: str = "1.4.0") -> Dict[str, Any]:
    """The answer to a conformance-shaped ``input`` (as in the
    ``input`` field of MahjongGB's fan cases), shaped like their
    ``output``: ``{"total": N, "fans": [[points, count, chinese,
    english], ...]}`` or ``{"error": "ERROR_NOT_WIN"}``, as ``mcr fan
    --cases`` prints it."""
    return json.loads(mcr_case_json(json.dumps(input), reading))


# Duels, tournaments and merges: the contest calls every ruleset shares
# (``_contest``), of MCR's games.
_contests = _contest.Contests("mcr")
defaults = _contests.defaults
duel = _contests.duel
tournament = _contests.tournament
merge = _contests.merge
