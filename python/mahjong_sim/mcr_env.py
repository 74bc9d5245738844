"""Chinese Standard Mahjong (MCR) as Botzone plays it, as learning
environments.

The judge is the library's (``mahjong-sim mcr``: the official Botzone
judge's game, its scores and penalties); it runs in Rust. Faces:

- :func:`env` / :class:`raw_env`: a PettingZoo AEC environment, four agents
  ``player_0`` .. ``player_3`` (seat 0 deals), one decision at a time;
- :func:`parallel_env` / :class:`raw_parallel_env`: a PettingZoo parallel
  environment, every decision of one judge step at once;
- :class:`VectorEnv`: many games stepped at once in Rust (the GIL
  released), a ``gymnasium.vector.VectorEnv`` with Gymnasium's autoreset
  modes.

Decisions. Every step of the judge sends one request to each seat. A seat
is asked only when it has more than one legal answer (its own draw, a
discard it could claim, a promoted kong it could rob); every other request
is answered for it (``PASS``, or its one legal answer). Seats decide in
seat order in the AEC environment, together in the parallel one: either
way no seat learns another's answer to the same step first. Legal answers
are worked out from the seat's own view, as a Botzone bot knows the game
(kongs and claims only while the wall surely allows them, ``HU`` only with
8 fans besides the flowers): each is accepted by the judge.

Actions (``Discrete(241)``): ``0..34`` ``PLAY t`` by kind (``W1..W9``,
``T1..T9``, ``B1..B9``, ``F1..F4``, ``J1..J3``); ``34..136`` ``CHI``:
``34 + 34 * position + discard``, the position of the claimed tile in the
chow (0 lowest, 1 middle, 2 highest) and the tile discarded after it;
``136..170`` ``PENG`` then discard ``t``; ``170..204`` concealed ``GANG t``;
``204..238`` ``BUGANG t``; ``238`` ``PASS``; ``239`` ``GANG`` of a discard;
``240`` ``HU``. :func:`action_text` writes them, :func:`action_of` reads
answers back. An action outside the mask raises ``ValueError``; with
``illegal="put_out"`` it is played, and the judge puts the seat out
(-30, the others +10) as it would a bot program (the same words as
:mod:`mahjong_sim.noi2014`'s environments).

Observations: ``{"observation": uint8 (11, 34), "action_mask": int8
(241,)}``, rows over the 34 kinds, seats relative to the observer (0 itself,
1 next, 2 across, 3 previous): row 0 own concealed tiles; rows 1-4 each
seat's melds (another's concealed kong left out); rows 5-8 each seat's
discards nobody claimed; row 9 the request's tile; row 10 by column: 0 own
draw, 1 another's discard, 2 another's promoted kong, 3-6 who drew,
discarded or konged, 7-10 flowers, 11-14 tiles left in each seat's part of
the wall, 15-18 own seat, 19-22 the prevalent wind, 23-26 hidden concealed
kongs, 27 the wall's length is known.

Rewards: the judge's scores when the game ends (a win on a discard ``24 +
fans`` for the winner, ``-(8 + fans)`` for the discarder and ``-8`` for the
others; a self-drawn win ``3 * (8 + fans)`` against ``-(8 + fans)`` each; a
drawn game 0; a seat put out -30 against +10 each), 0 before.
"""

from __future__ import annotations

import operator
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, Union

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils import wrappers

from . import _native
from ._native import McrGame, McrVecGame
from .noi2014 import _autoreset_mode, _seed64

__all__ = [
    "ACTIONS",
    "OBS_SHAPE",
    "PASS",
    "McrGame",
    "McrVecGame",
    "env",
    "raw_env",
    "parallel_env",
    "raw_parallel_env",
    "VectorEnv",
    "action_text",
    "action_of",
    "policy_bot",
]

_SHAPES = _native.mcr_env_shapes()
ACTIONS: int = _SHAPES[0]
"""Number of actions (241)."""
OBS_SHAPE: Tuple[int, int] = (_SHAPES[1], _SHAPES[2])
"""Shape of an observation: (11, 34)."""
PASS: int = 238
"""The action ``PASS``."""

AGENTS = [f"player_{p}" for p in range(4)]

#: A seat: ``None`` (the caller decides), an MCR bot's name (``random``,
#: ``greedy``, ``planner``), a :func:`policy_bot`, or a callable answering
#: protocol requests with protocol strings.
Seat = Union[None, str, Callable[[str], str]]


def action_text(action: int, claimed: Optional[str] = None) -> str:
    """The answer string of ``action`` where ``claimed`` is the discard the
    request offers (a tile name; it places a ``CHI``)."""
    return _native.mcr_action_text(_number(action), claimed)


def action_of(answer: str, claimed: Optional[str] = None) -> Optional[int]:
    """The action number of answer string ``answer`` (read as the judge
    reads answers) where ``claimed`` is the request's discard; ``None``
    when no action writes it."""
    return _native.mcr_action_of(answer, claimed)


def policy_bot(policy: Callable[[np.ndarray, np.ndarray], int]) -> Any:
    """A bot choosing by action number: ``policy(observation, mask) ->
    action`` at each decision, with the observation it keeps from its own
    requests (the environments' encoding); the rest answered as the
    environments do. A seat of :class:`McrGame`."""
    return _native.McrPolicy(policy)


def _number(action: Any) -> int:
    """``action`` as an action number: an integer (not a bool or float:
    ``TypeError``) from 0 to 240 (else ``ValueError``), never converted."""
    if isinstance(action, (bool, np.bool_)):
        raise TypeError(f"an action is an integer, not {type(action).__name__}")
    try:
        number = operator.index(action)
    except TypeError:
        raise TypeError(f"an action is an integer, not {type(action).__name__} ({action!r})") from None
    if not 0 <= number < ACTIONS:
        raise ValueError(f"action {number} is not an action number (0 to {ACTIONS - 1})")
    return number


def _checked(action: Any, mask: np.ndarray, strict: bool, who: str) -> Tuple[int, bool]:
    """``(number, illegal)``: ``illegal`` when ``mask`` forbids it, which
    ``strict`` refuses with ``ValueError``."""
    number = _number(action)
    illegal = not mask[number]
    if illegal and strict:
        raise ValueError(
            f"{who}: action {number} ({action_text(number)}) is not legal here (its mask is 0); "
            "illegal='put_out' plays it as the judge does, the seat put out"
        )
    return number, illegal


def _strict(illegal: str) -> bool:
    """Whether ``illegal`` asks for strict actions (``"raise"``); any word
    but ``"raise"`` and ``"put_out"`` (NOI2014's) is refused."""
    if illegal not in ("raise", "put_out"):
        raise ValueError(f"illegal={illegal!r}: 'raise' or 'put_out'")
    return illegal == "raise"


def _observation_space() -> spaces.Dict:
    return spaces.Dict(
        {
            "observation": spaces.Box(0, 255, OBS_SHAPE, dtype=np.uint8),
            "action_mask": spaces.Box(0, 1, (ACTIONS,), dtype=np.int8),
        }
    )


def _pass_only() -> np.ndarray:
    m = np.zeros(ACTIONS, dtype=np.int8)
    m[PASS] = 1
    return m


class _Table:
    """What both PettingZoo faces share: a game from a seed stream, render."""

    metadata: Dict[str, Any] = {"render_modes": ["human", "ansi"], "render_fps": 1}

    def _setup(self, render_mode: Optional[str], illegal: str, record: bool) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r} is not one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self._strict = _strict(illegal)
        self.record = record
        self.possible_agents = AGENTS[:]
        self.agent_name_mapping = {a: p for p, a in enumerate(AGENTS)}
        self.observation_spaces = {a: _observation_space() for a in AGENTS}
        self.action_spaces = {a: spaces.Discrete(ACTIONS) for a in AGENTS}
        self._rng = np.random.default_rng()
        self.game: Optional[McrGame] = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def _new_game(self, seed: Optional[int]) -> None:
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        while True:
            self.game = McrGame([None] * 4, seed=int(self._rng.integers(0, 2**63)), record=self.record)
            if not self.game.is_over():
                return

    def render(self) -> Optional[str]:
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode")
            return None
        if self.game is None:
            return None
        text = self.game.table_text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def log_jsonl(self) -> str:
        """The finished game's log, JSON Lines as ``mcr play --json``
        writes it (``mahjong-sim/mcr-game-log``; needs ``record=True``)."""
        return self.game.log_jsonl(AGENTS)

    def replay_html(self) -> str:
        """The finished game's replay page, HTML as ``mcr play --replay``
        writes it (needs ``record=True``)."""
        return self.game.replay_html(AGENTS)

    def close(self) -> None:
        pass


class raw_env(_Table, AECEnv):
    """MCR as a PettingZoo AEC environment (see the module): the agent
    selected is the next seat with a decision, in seat order within a
    step of the judge. ``illegal="put_out"`` plays a masked action (the
    judge puts the seat out; ``infos[agent]["illegal"]`` True) instead of
    raising ``ValueError``. ``record`` keeps every answer for
    :meth:`log_jsonl` and :meth:`replay_html`."""

    metadata = {**_Table.metadata, "name": "mcr_v0", "is_parallelizable": False}

    def __init__(self, render_mode: Optional[str] = None, illegal: str = "raise", record: bool = False):
        super().__init__()
        self._setup(render_mode, illegal, record)

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        """A new game, its wall drawn from ``seed`` (or the stream of the
        last seed given)."""
        self._new_game(seed)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        decision = self.game.decision()
        if decision is not None:
            self.agent_selection = AGENTS[decision[0]]
            self.infos[self.agent_selection] = {"request": decision[1]}

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        seat = self.agent_name_mapping[agent]
        decision = self.game.decision()
        if decision is not None and decision[0] == seat:
            mask = decision[2].view(np.int8)
        else:
            mask = np.zeros(ACTIONS, dtype=np.int8)
        return {"observation": self.game.observe(seat), "action_mask": mask}

    def step(self, action: Optional[int]) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            return self._was_dead_step(action)
        self._cumulative_rewards[agent] = 0.0
        _, _, mask = self.game.decision()
        number, illegal = _checked(action, mask, self._strict, agent)
        self.infos[agent] = {"illegal": True} if illegal else {}
        self.game.step(number)
        scores = self.game.scores()
        if scores is None:
            self.rewards = {a: 0.0 for a in self.agents}
            self._select()
        else:
            self.rewards = {a: float(scores[self.agent_name_mapping[a]]) for a in self.agents}
            self.terminations = {a: True for a in self.agents}
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()


def env(**kwargs: Any) -> AECEnv:
    """The AEC environment with PettingZoo's usual checks."""
    e = raw_env(**kwargs)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    e = wrappers.OrderEnforcingWrapper(e)
    return e


class raw_parallel_env(_Table, ParallelEnv):
    """MCR as a PettingZoo parallel environment: each :meth:`step` answers
    every decision of one step of the judge at once, then plays on to the
    next step with a decision.

    Every agent is live until the game ends. An agent that does not decide
    at this step sees a mask of ``PASS`` alone (it is answered ``PASS`` or
    its one legal answer for it); its action may be left out, and must
    otherwise be ``PASS``. ``infos[agent]["decides"]`` says who decides,
    with the request in ``"request"``. Rewards are the scores when the game
    ends; then every agent terminates and :attr:`agents` is empty.
    ``illegal`` and ``record`` as in :class:`raw_env`."""

    metadata = {**_Table.metadata, "name": "mcr_parallel_v0"}

    def __init__(self, render_mode: Optional[str] = None, illegal: str = "raise", record: bool = False):
        self._setup(render_mode, illegal, record)
        self.agents: List[str] = []

    def _observed(self) -> Tuple[Dict[str, Any], Dict[str, Any]]:
        deciding = {AGENTS[p]: (request, mask) for p, request, mask in self.game.decisions()}
        obs, infos = {}, {}
        for p, agent in enumerate(AGENTS):
            if agent in deciding:
                request, mask = deciding[agent]
                mask = mask.view(np.int8)
                infos[agent] = {"decides": True, "request": request}
            else:
                mask = _pass_only()
                infos[agent] = {"decides": False}
            obs[agent] = {"observation": self.game.observe(p), "action_mask": mask}
        return obs, infos

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None):
        """A new game: ``(observations, infos)``."""
        self._new_game(seed)
        self.agents = AGENTS[:]
        return self._observed()

    def step(self, actions: Dict[str, Any]):
        """``(observations, rewards, terminations, truncations, infos)``."""
        if not self.agents:
            raise RuntimeError("the game is over: call reset()")
        unknown = set(actions) - set(AGENTS)
        if unknown:
            raise ValueError(f"no agent {sorted(unknown)}: the agents are {AGENTS}")
        deciding = {p: mask for p, _, mask in self.game.decisions()}
        chosen: List[Optional[int]] = [None] * 4
        illegal = {}
        for p, agent in enumerate(AGENTS):
            if p in deciding:
                if agent not in actions:
                    raise ValueError(f"{agent} decides at this step: its action is missing")
                chosen[p], illegal[agent] = _checked(actions[agent], deciding[p], self._strict, agent)
            elif agent in actions and _number(actions[agent]) != PASS:
                if self._strict:
                    raise ValueError(f"{agent} does not decide at this step: its action must be PASS ({PASS})")
                illegal[agent] = True
        self.game.step_all(chosen)
        obs, infos = self._observed()
        for agent, flag in illegal.items():
            if flag:
                infos[agent]["illegal"] = True
        scores = self.game.scores()
        done = scores is not None
        rewards = {a: float(scores[p]) if done else 0.0 for p, a in enumerate(AGENTS)}
        terminations = {a: done for a in AGENTS}
        truncations = {a: False for a in AGENTS}
        if done:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return obs, rewards, terminations, truncations, infos


def parallel_env(**kwargs: Any) -> ParallelEnv:
    """The parallel environment (:class:`raw_parallel_env`)."""
    return raw_parallel_env(**kwargs)


class VectorEnv(gymnasium.vector.VectorEnv):
    """``num_envs`` MCR games stepped together in Rust: a
    :class:`gymnasium.vector.VectorEnv`, as :class:`mahjong_sim.noi2014.VectorEnv`.

    ``seats``: four of ``None`` (the caller decides there) or an MCR bot's
    name (``random``, ``greedy``, ``planner``); at least one ``None``. Each
    game shows one decision at a time, the next in seat order,
    ``infos["seat"][i]`` its seat; its observation is that seat's.

    :meth:`step` returns observations, rewards ``(n,)`` float64 (the score
    of the seat that decided, in the step that ended its game, else 0),
    terminations, truncations (all False) and infos: ``"seat"``,
    ``"scores"`` every seat's scores ``(n, 4)`` of the games that ended
    (``"_scores"`` says which), ``"illegal"`` with ``illegal="put_out"``.
    ``autoreset_mode``: ``NEXT_STEP`` (the default: a finished game is
    shown, mask all 0, and the next starts at the following step, its
    action ignored), ``SAME_STEP`` (the next game at once, the end in
    ``infos["final_obs"]``) or ``DISABLED`` (``reset(options={"reset_mask":
    m})`` restarts it). Actions are integers of shape ``(n,)`` from 0 to
    240 (else ``TypeError``/``ValueError``); a masked one raises
    ``ValueError`` before any game moves, unless ``illegal="put_out"``.
    """

    metadata: Dict[str, Any] = {"render_modes": ["ansi", "human"], "autoreset_mode": AutoresetMode.NEXT_STEP}

    def __init__(
        self,
        num_envs: int,
        seats: Sequence[Optional[str]] = (None, None, None, None),
        seed: int = 0,
        illegal: str = "raise",
        autoreset_mode: Union[str, AutoresetMode] = AutoresetMode.NEXT_STEP,
        render_mode: Optional[str] = None,
    ):
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r} is not one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self._strict = _strict(illegal)
        self.num_envs = operator.index(num_envs)
        self.autoreset_mode = _autoreset_mode(autoreset_mode)
        self.metadata = {**type(self).metadata, "autoreset_mode": self.autoreset_mode}
        self._vec = McrVecGame(self.num_envs, list(seats), _seed64(seed), self.autoreset_mode.value)
        self.single_observation_space = _observation_space()
        self.single_action_space = spaces.Discrete(ACTIONS)
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        self._every = np.ones(self.num_envs, dtype=bool)
        self._none = np.zeros(self.num_envs, dtype=bool)
        self._every.flags.writeable = self._none.flags.writeable = False
        self._fresh = True
        self._seats = self._vec.current()[2]
        #: Games whose last action was masked (``illegal="put_out"``).
        self.illegal = np.zeros(self.num_envs, dtype=bool)

    def _observed(self, obs: np.ndarray, masks: np.ndarray, seats: np.ndarray):
        self._seats = seats
        return {"observation": obs, "action_mask": masks.view(np.int8)}, {"seat": seats, "_seat": self._every}

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict] = None):
        """New games: with ``seed`` as a new VectorEnv of that seed shows
        them; without, each game's next one (the first reset of a new
        VectorEnv shows the games of its seed); ``options={"reset_mask":
        m}`` (bool ``(n,)``) restarts those alone."""
        options = dict(options or {})
        which = options.pop("reset_mask", None)
        if options:
            raise ValueError(f"unknown reset options {sorted(options)}: only 'reset_mask'")
        if which is not None:
            if seed is not None:
                raise ValueError("a seed restarts every game: give it without reset_mask")
            which = np.asarray(which)
            if which.dtype != np.bool_ or which.shape != (self.num_envs,):
                raise ValueError(f"reset_mask: bool of shape ({self.num_envs},), not {which.dtype} {which.shape}")
            shown = self._vec.reset(None, which)
        elif seed is None and self._fresh:
            shown = self._vec.current()
        else:
            shown = self._vec.reset(None if seed is None else _seed64(seed))
        self._fresh = False
        super().reset(seed=seed)
        obs, masks, seats = shown[:3]
        return self._observed(obs, masks, seats)

    def _actions(self, actions: Any) -> np.ndarray:
        a = np.asarray(actions)
        if a.dtype.kind not in "iu":
            raise TypeError(f"actions must be integers, not {a.dtype}")
        if a.shape != (self.num_envs,):
            raise ValueError(f"actions of shape {a.shape}: one a game, ({self.num_envs},)")
        if a.max() >= ACTIONS or (a.dtype.kind == "i" and a.min() < 0):
            i = int(np.flatnonzero((a < 0) | (a >= ACTIONS))[0])
            raise ValueError(f"game {i}: action {a[i]} is not an action number (0 to {ACTIONS - 1})")
        return a.astype(np.uint32, copy=False)

    def step(self, actions: Any):
        """``(observations, rewards, terminations, truncations, infos)``."""
        decided = self._seats
        try:
            batch, illegal = self._vec.step(self._actions(actions), self._strict)
        except ValueError as e:
            if "not legal there" in str(e):
                raise ValueError(f"{e}; VectorEnv(illegal='put_out') plays it, the seat put out") from None
            raise
        self._fresh = False
        obs, masks, seats, scores, rewards, done, finals, _ = batch
        self.illegal = illegal
        observations, infos = self._observed(obs, masks, seats)
        if self.autoreset_mode is AutoresetMode.SAME_STEP:
            if done.any():
                final = np.full(self.num_envs, None, dtype=object)
                for k, i in enumerate(np.flatnonzero(done)):
                    final[i] = {"observation": finals[k, decided[i]], "action_mask": np.zeros(ACTIONS, np.int8)}
                infos["final_obs"], infos["_final_obs"] = final, done
                infos["final_info"] = {"seat": decided, "_seat": done, "scores": scores, "_scores": done}
                infos["_final_info"] = done
        else:
            infos["scores"], infos["_scores"] = scores, done
        if not self._strict:
            infos["illegal"], infos["_illegal"] = illegal, self._every
        return observations, rewards, done, self._none, infos

    def random_actions(self) -> np.ndarray:
        """A uniformly random legal action of every decision, ``(n,)``
        uint32, drawn in Rust from the vector's own stream."""
        return self._vec.random_actions()

    @property
    def games(self) -> int:
        """Games started so far."""
        return self._vec.games()

    def render(self) -> Optional[Tuple[str, ...]]:
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode")
            return None
        texts = tuple(self._vec.table_text(i) for i in range(self.num_envs))
        if self.render_mode == "human":
            print("\n\n".join(f"game {i}\n{t}" for i, t in enumerate(texts)))
            return None
        return texts
