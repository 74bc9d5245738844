"""The NOI2014 team-contest mahjong as learning environments.

The rules are the library's (``docs/noi2014.md`` and the rules page); the
judge runs in Rust. This module gives it three faces:

- :func:`env` / :class:`raw_env`: a PettingZoo AEC environment, four agents
  ``player_0`` .. ``player_3`` (seat 0 deals);
- :class:`SingleAgentEnv`: a Gymnasium environment for one seat, the others
  played by built-in bots (``"greedy"``, ``"sample"``, ``"greedy:eps=P"``) or
  Python callables;
- :class:`VectorEnv`: many games stepped at once in Rust (the GIL released),
  numpy in and out: a ``gymnasium.vector.VectorEnv`` with Gymnasium's
  autoreset modes;
- :class:`MultiAgentVectorEnv`: the same games seen by every seat at once,
  dicts by agent in the style of PettingZoo, for self-play.

Decisions. An agent is asked only when it has a choice: its own draw, or
another player's discard it could claim (pung, kong or win). Requests with
one legal answer (the ``0``/``1`` requests, announcements, discards it can
only pass, the target hand of request ``4``) are answered for it.

Actions (``Discrete(85)``): ``0..27`` ``PLAY c`` (by kind: ``W1..W9``,
``B1..B9``, ``T1..T9``), ``27..54`` ``GANG c`` on one's own draw, ``54..81``
``PENG c`` on a discard (pung it, then discard ``c``), ``81`` ``PASS``, ``82``
``GANG`` on a discard, ``83`` ``HU``, ``84`` the target hand (answered for
you). An action outside the mask is still answered: the judge puts the
player out, as it would a bot program, and it ranks last.

Observations: ``{"observation": uint8 (11, 27), "action_mask": int8 (85,)}``;
rows over the 27 kinds, seats relative to the observer (0 itself, 1 next,
2 across, 3 previous): row 0 own concealed tiles; rows 1-4 each seat's
exposed tiles; rows 5-8 each seat's discards (claimed ones included); row 9
the request's tile (the drawn tile or the discard); row 10 by column: 0 own
draw, 1 another's discard, 2-5 the discarder's relative seat, 6-9 which
relative seats have won, 10 tiles left in the wall, 11-14 own seat one-hot.
``infos[agent]["request"]`` is the raw protocol request (the Botzone view).

Rewards: the game's points (point 19: 4, 3, 2, 1 by place, ties shared;
players put out share last place), given to every agent when the game
ends, 0 before. Games always end (terminations); truncations stay False.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, Union

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from . import _contest, _native, _vector
from ._contest import ContestBot
from ._native import Game, VecGame

__all__ = [
    "ACTIONS",
    "OBS_SHAPE",
    "Game",
    "VecGame",
    "env",
    "raw_env",
    "SingleAgentEnv",
    "VectorEnv",
    "MultiAgentVectorEnv",
    "vector_env",
    "walls",
    "action_text",
    "action_of",
    "play",
    "duel",
    "merge",
    "tournament",
    "policy_bot",
]

ACTIONS: int = _native.noi_shapes()[0]
"""Number of actions (85)."""
OBS_SHAPE: Tuple[int, int] = tuple(_native.noi_shapes()[1:])  # type: ignore[assignment]
"""Shape of an observation: (11, 27)."""

#: A seat: ``None`` (the caller decides), a built-in bot's name, or a
#: callable answering protocol requests with protocol strings.
Seat = Union[None, str, Callable[[str], str]]


def walls(family: str = "uniform", seed: int = 1, count: int = 1) -> List[str]:
    """``count`` walls of ``family`` (``uniform``, ``kongs``, ``multi-ron``,
    ``long``) from ``seed``: the walls ``noi2014 play --seed`` plays."""
    return _native.noi_walls(family, seed, count)


def action_text(action: int) -> Optional[str]:
    """The answer string of an action (``None`` for the target hand)."""
    return _native.noi_action_text(action)


def action_of(request: str, answer: str) -> Optional[int]:
    """The action number answering ``request`` with ``answer`` (``None`` when
    no action does, e.g. any answer to request ``4``)."""
    return _native.noi_action_of(request, answer)


def play(
    seats: Sequence[Seat],
    wall: Optional[str] = None,
    seed: int = 1,
    family: str = "uniform",
) -> Game:
    """One whole game between bots (built-in names or callables), as
    ``mahjong-sim noi2014 play --seed SEED --family FAMILY`` plays it; its
    log is ``game.log_jsonl()``, its page ``game.replay_html()``."""
    if any(s is None for s in seats):
        raise ValueError("play needs a bot at every seat")
    return Game(list(seats), wall=wall, seed=seed, family=family, record=True)


def policy_bot(policy: Callable[[np.ndarray, np.ndarray], int]) -> Any:
    """A bot choosing by action number: ``policy(observation, mask) ->
    action`` is asked at each decision with the observation the bot keeps
    from its own requests (as a protocol bot could; the environments'
    encoding, but for the wall count after a player was put out on its own
    turn, and kongs offered only while the wall surely holds a tile). The
    rest is answered as the environments do. Use it as a seat of
    :func:`play` and :class:`SingleAgentEnv`, or return it from a contest
    factory (``lambda seed: policy_bot(policy)``)."""
    return _native.Policy(policy)


def _mask_int8(mask: np.ndarray) -> np.ndarray:
    return mask.astype(np.int8)


def _action(action: Any, mask: Optional[np.ndarray], strict: bool) -> Tuple[int, bool]:
    """``action`` checked as an action number: ``(number, illegal)``.

    An integer (Python's or numpy's; not a bool or a float: ``TypeError``)
    from 0 to 84 (else ``ValueError``), never converted. ``illegal`` when
    ``mask`` (the pending decision's) forbids it; then ``strict`` raises
    ``ValueError`` instead."""
    return _vector.checked(action, ACTIONS, mask, strict)


def _observation_space() -> spaces.Dict:
    return _vector.observation_space(OBS_SHAPE, ACTIONS)


def _text(game: Game) -> str:
    decision = game.decision()
    return _table_text(game.table(), decision and decision[:2], game.points())


def _table_text(
    table: Tuple[List[str], List[bool], int],
    decision: Optional[Tuple[int, str]],
    points: Optional[List[float]],
) -> str:
    """The text render shows: ``table`` as ``Game.table()`` gives it, the
    pending decision's seat and request, the points once over."""
    seats, playing, wall_left = table
    lines = [f"wall: {wall_left} tiles left"]
    for p, (tiles, on) in enumerate(zip(seats, playing)):
        lines.append(f"player {p}{'' if on else ' (done)'}: {tiles}")
    if decision is not None:
        lines.append(f"player {decision[0]} is asked: {decision[1]}")
    else:
        lines.append(f"points: {points}")
    return "\n".join(lines)


class raw_env(AECEnv):
    """The NOI2014 game as a PettingZoo AEC environment (see the module).

    ``family`` picks the walls (``uniform``, ``kongs``, ``multi-ron``,
    ``long``); ``render_mode`` is ``"human"`` (prints the table),
    ``"ansi"`` (returns it) or ``"html"`` (returns the replay page of a
    finished game, the table before). ``record`` keeps every request and
    answer for :meth:`log_jsonl` and the replay (on with ``"html"``).
    An action is an integer from 0 to 84 (else ``TypeError`` or
    ``ValueError``); one the mask forbids raises ``ValueError``, or with
    ``illegal="put_out"`` puts the seat out as the judge does, with
    ``infos[agent]["illegal"]`` True.
    """

    metadata = {
        "render_modes": ["human", "ansi", "html"],
        "name": "noi2014_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        render_mode: Optional[str] = None,
        family: str = "uniform",
        record: bool = False,
        illegal: str = "raise",
    ):
        super().__init__()
        self._strict = _vector.strict(illegal)
        _vector.check_render_mode(self, render_mode)
        self.family = family
        self.record = record or render_mode == "html"
        self.possible_agents = [f"player_{p}" for p in range(4)]
        self.agent_name_mapping = {a: p for p, a in enumerate(self.possible_agents)}
        self.action_spaces = {a: spaces.Discrete(ACTIONS) for a in self.possible_agents}
        self.observation_spaces = {a: _observation_space() for a in self.possible_agents}
        self._rng = np.random.default_rng()
        self.game: Optional[Game] = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        """A new game: its wall drawn from ``seed`` (or from the stream of
        the last seed given)."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        while True:
            wall_seed = int(self._rng.integers(0, 2**63))
            self.game = Game([None] * 4, seed=wall_seed, family=self.family, record=self.record)
            if not self.game.is_over():
                break
        _vector.aec_reset(self)
        self._select()

    def _select(self) -> None:
        decision = self.game.decision()
        if decision is not None:
            seat, request, _ = decision
            self.agent_selection = self.possible_agents[seat]
            self.infos[self.agent_selection] = {"request": request}

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        seat = self.agent_name_mapping[agent]
        obs = self.game.observe(seat)
        decision = self.game.decision()
        if decision is not None and decision[0] == seat:
            mask = _mask_int8(decision[2])
        else:
            mask = np.zeros(ACTIONS, dtype=np.int8)
        return {"observation": obs, "action_mask": mask}

    def _check(self, action: Any, agent: str) -> Tuple[int, bool]:
        decision = self.game.decision()
        return _action(action, decision[2] if decision else None, self._strict)

    def _result(self) -> Optional[List[float]]:
        return self.game.points()

    def step(self, action: Optional[int]) -> None:
        _vector.aec_step(self, action, self._check)

    def render(self) -> Optional[str]:
        return _vector.render(self, lambda: _text(self.game), lambda: self.game.replay_html())

    def log_jsonl(self) -> str:
        """The finished game's log, JSON Lines as ``noi2014 play --json``
        writes it (needs ``record=True``)."""
        return self.game.log_jsonl(["player_0", "player_1", "player_2", "player_3"])

    def close(self) -> None:
        pass


def env(**kwargs: Any) -> AECEnv:
    """The AEC environment with PettingZoo's usual checks (actions in the
    action space, methods called in order)."""
    e = raw_env(**kwargs)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    e = wrappers.OrderEnforcingWrapper(e)
    return e


class SingleAgentEnv(_vector.SingleSeat):
    """One seat of a NOI2014 game as a Gymnasium environment.

    ``seat`` is the learner's seat; ``opponents`` the three other seats in
    seat order: built-in bots' names or callables ``request -> answer``
    (protocol strings). The observation and action spaces are the AEC
    environment's; the reward is the learner's points when the game ends.
    Actions are checked as in :class:`raw_env` (``illegal``; ``info["illegal"]``
    flags a masked action played with ``illegal="put_out"``);
    :meth:`action_masks` gives the mask as sb3-contrib's MaskablePPO asks.
    """

    _ACTIONS = ACTIONS
    _OBS_SHAPE = OBS_SHAPE
    _RESULT = "points"
    _OPPONENTS = "a built-in bot's name or a callable"
    _BOT = staticmethod(_native.noi_bot)

    def __init__(
        self,
        seat: int = 0,
        opponents: Sequence[Seat] = ("greedy", "greedy", "greedy"),
        family: str = "uniform",
        render_mode: Optional[str] = None,
        illegal: str = "raise",
    ):
        super().__init__()
        self._setup(seat, opponents, render_mode, illegal)
        self.family = family

    def _new_game(self, seats: List[Seat], seed: int, record: bool) -> Game:
        return Game(seats, seed=seed, family=self.family, record=record)

    def _result(self) -> Optional[List[float]]:
        return self.game.points()

    def _text(self) -> str:
        return _text(self.game)


#: The Gymnasium id of :class:`SingleAgentEnv`: ``gymnasium.make(ENV_ID,
#: seat=..., opponents=...)`` once this module is imported, or
#: ``gymnasium.make("mahjong_sim.noi2014:mahjong_sim/NOI2014-v0")``, which
#: imports it. ``gymnasium.make_vec(ENV_ID, num_envs=n, seat=...,
#: opponents=...)`` makes the same seat of ``n`` games as one
#: :class:`VectorEnv` stepped in Rust (:func:`vector_env`; built-in
#: opponents only), ``vectorization_mode="sync"`` as Gymnasium's
#: ``SyncVectorEnv`` of single ones.
ENV_ID = "mahjong_sim/NOI2014-v0"
_vector.register(ENV_ID, __name__)


def vector_env(
    num_envs: int,
    seat: int = 0,
    opponents: Sequence[str] = ("greedy", "greedy", "greedy"),
    family: str = "uniform",
    render_mode: Optional[str] = None,
    illegal: str = "raise",
    **kwargs: Any,
) -> "VectorEnv":
    """:class:`SingleAgentEnv`'s arguments made a :class:`VectorEnv` of
    ``num_envs`` games (what ``gymnasium.make_vec(ENV_ID)`` calls): the
    learner at ``seat``, ``opponents`` built-in bots' names (a Python
    callable cannot run in the batched games: ``TypeError``); ``kwargs``
    go to :class:`VectorEnv` (``seed``, ``autoreset_mode``)."""
    seats = _vector.learner_seats(seat, opponents)
    return VectorEnv(num_envs, seats=seats, family=family, illegal=illegal, render_mode=render_mode, **kwargs)


_seed64 = _vector.seed64
_autoreset_mode = _vector.autoreset_mode


class _Games(_vector.Games):
    """What the batched views share (:class:`mahjong_sim._vector.Games`)
    over NOI2014's native games."""

    _ACTIONS = ACTIONS
    _OBS_SHAPE = OBS_SHAPE

    @staticmethod
    def _noi(seats: Sequence[Optional[str]], family: str) -> Callable[[int, int, str], VecGame]:
        """The maker of the native games of ``seats`` on ``family``'s walls."""
        return lambda n, seed64, mode: VecGame(n, list(seats), family, seed64, mode)

    def __init__(
        self,
        num_envs: int,
        seats: Sequence[Optional[str]] = (None, None, None, None),
        family: str = "uniform",
        seed: int = 0,
        illegal: str = "raise",
        autoreset_mode: Union[str, AutoresetMode] = AutoresetMode.NEXT_STEP,
        render_mode: Optional[str] = None,
    ):
        make = self._noi(seats, family)
        self._start(make, seats, num_envs, seed, illegal, autoreset_mode, render_mode)

    def _native_step(self, actions: np.ndarray, every_seat: bool) -> Tuple[Any, ...]:
        return self._vec.step(actions, self._strict, every_seat)

    def _text(self, i: int) -> str:
        return _table_text(*self._vec.table(i))


class VectorEnv(_Games, _vector.BatchedEnv):
    """``num_envs`` NOI2014 games stepped together in Rust: a
    :class:`gymnasium.vector.VectorEnv`.

    ``seats``: four of ``None`` (the caller decides there) or a built-in
    bot's name; at least one ``None``. Each game shows one seat's decision
    at a time, ``infos["seat"][i]``, whose observation it is (the
    environments' encoding, seats relative to it).

    Spaces: ``single_observation_space`` is :class:`SingleAgentEnv`'s
    (``{"observation": uint8 (11, 27), "action_mask": int8 (85,)}``),
    ``single_action_space`` ``Discrete(85)``; ``observation_space`` and
    ``action_space`` are their batches (a dict of ``(n, ...)`` arrays,
    ``MultiDiscrete([85] * n)``).

    :meth:`step` returns Gymnasium's five: observations, rewards ``(n,)``
    float64 (the points of the seat that decided, in the step that ended
    its game, else 0), terminations ``(n,)`` (games always end; they are
    never truncated), truncations (all False) and infos: ``"seat"`` the
    seat shown, ``"points"`` every seat's points ``(n, 4)`` of the games
    that ended (``"_points"`` says which), ``"illegal"`` with
    ``illegal="put_out"``. With one caller seat the reward is that seat's
    points; with several, each game's reward goes to the seat that
    decided last: :class:`MultiAgentVectorEnv` gives every seat its own.

    ``autoreset_mode`` (``metadata["autoreset_mode"]``) is Gymnasium's:
    ``NEXT_STEP`` (the default) shows a finished game (the deciding seat's
    view, its mask all 0) and starts the next one at the following
    :meth:`step`, whose action for that game is ignored and whose reward
    and termination there are 0 and False; ``SAME_STEP`` starts it in the
    step that ended the game and puts the end in ``infos["final_obs"]``
    (an object array, the observation or None) and ``infos["final_info"]``
    (``"seat"``, ``"points"``), with ``"_final_obs"``/``"_final_info"``
    saying which games ended; ``DISABLED`` waits for
    ``reset(options={"reset_mask": ...})`` (a step given a finished game
    raises ``ValueError``).

    :meth:`reset` restarts the games: with ``seed``, exactly as a new
    ``VectorEnv`` of that seed (any non-negative integer) shows them at its
    first ``reset()``; without, each game's next one (the first ``reset()``
    of a new ``VectorEnv`` shows the games of its ``seed``); with
    ``options={"reset_mask": m}`` (bool ``(n,)``) only those. Everything
    follows the seeds: game ``i`` draws its walls and bots from its own
    stream.

    Actions are checked: integers (any integer dtype, not bool or float)
    of shape ``(n,)`` from 0 to 84, else ``TypeError`` or ``ValueError``,
    never truncated or wrapped. An action its mask forbids raises
    ``ValueError`` before any game moves (``illegal="raise"``, the
    default); with ``illegal="put_out"`` it is the judge's answer to an
    illegal move, the seat put out, and ``infos["illegal"]`` (and
    :attr:`illegal`) says which games had one at the last step.
    ``render_mode`` ``"ansi"`` makes :meth:`render` return every game's
    table as text, ``"human"`` print them.
    """

    metadata: Dict[str, Any] = {"render_modes": ["ansi", "human"], "autoreset_mode": AutoresetMode.NEXT_STEP}
    _REWARDS = "points"


class MultiAgentVectorEnv(_Games, _vector.MultiAgent):
    """``num_envs`` NOI2014 games for self-play, batched, in the style of
    a PettingZoo parallel environment: every caller seat is an agent
    (``player_0`` .. ``player_3``), and each agent sees all the games.

    ``seats`` as in :class:`VectorEnv` (by default all four the caller's;
    the agents are the ``None`` seats). In each game one seat decides at a
    time: ``to_act[i]`` (``-1`` while a finished game waits for its
    restart). Observations are ``{agent: {"observation": uint8 (n, 11,
    27), "action_mask": int8 (n, 85)}}``: every agent's own view of every
    game, its mask all 0 where it does not decide (one place per game has
    a legal action). :meth:`step` takes either ``{agent: actions (n,)}``
    (each agent's entry read only where it decides) or one array ``(n,)``,
    the action of the seat deciding in each game; it returns
    ``(observations, rewards, terminations, truncations, infos)``, each a
    dict by agent of ``(n,)`` arrays: the rewards are every seat's points
    of a game that ended at this step (every agent gets its own, whoever
    decided last), ``infos[agent]["to_act"]`` where that agent decides
    next. Autoreset, resets, seeds, checked actions, ``illegal`` and
    ``render`` are :class:`VectorEnv`'s; with ``SAME_STEP`` the end of a
    game that ended is ``infos[agent]["final_obs"]`` (``(n, 11, 27)``,
    ``"_final_obs"`` says which games ended).
    """

    metadata: Dict[str, Any] = {
        "render_modes": ["ansi", "human"],
        "name": "noi2014_vector_v0",
        "autoreset_mode": AutoresetMode.NEXT_STEP,
    }


# Duels, tournaments and merges: the contest calls every ruleset shares
# (``_contest``), of NOI2014's games.
_contests = _contest.Contests("noi2014")
defaults = _contests.defaults
duel = _contests.duel
tournament = _contests.tournament
merge = _contests.merge
