"""Chinese Standard Mahjong (MCR) as Botzone plays it, as learning
environments.

The judge is the library's (``mahjong-sim mcr``: the official Botzone
judge's game, its scores and penalties); it runs in Rust. Faces:

- :func:`env` / :class:`raw_env`: a PettingZoo AEC environment, four agents
  ``player_0`` .. ``player_3`` (seat 0 deals), one decision at a time;
- :func:`parallel_env` / :class:`raw_parallel_env`: a PettingZoo parallel
  environment, every decision of one judge step at once;
- :class:`SingleAgentEnv`: a Gymnasium environment for one seat against
  three bots (MCR's built-in ones by name, :func:`policy_bot` or Python
  callables), registered as :data:`ENV_ID` (``gymnasium.make``,
  ``gymnasium.make_vec``);
- :class:`VectorEnv`: many games stepped at once in Rust (the GIL
  released), a ``gymnasium.vector.VectorEnv`` with Gymnasium's autoreset
  modes;
- :class:`MultiAgentVectorEnv`: the same games seen by every seat at once,
  dicts by agent, for self-play.

The faces, their arguments and their words are those of
:mod:`mahjong_sim.noi2014`'s environments (one implementation of what the
rulesets share); what differs is the game.

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

Render modes: ``"human"`` prints the table, ``"ansi"`` returns it,
``"html"`` returns the replay page of a finished game (the table before;
it turns ``record`` on).

Readings: every face takes ``reading`` (the fan calculator's:
``"judge2018"``, the one bundled with the official judge, the default, or
``"1.4.0"``, MahjongGB 1.4.0) and ``python_twin`` (``True``: judge as the
Python environment botzone-local does, a win needing 8 fans flowers
included and a melded kong refused on an empty own wall), as ``mahjong-sim
mcr play --reading --python-twin`` does, and judges every game it makes
under them; a game's log and :meth:`McrGame.state` record them. Another
reading raises ``ValueError`` when the face is made.

Rewards: the judge's scores when the game ends (a win on a discard ``24 +
fans`` for the winner, ``-(8 + fans)`` for the discarder and ``-8`` for the
others; a self-drawn win ``3 * (8 + fans)`` against ``-(8 + fans)`` each; a
drawn game 0; a seat put out -30 against +10 each), 0 before.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, Union

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils import wrappers

from . import _native, _vector
from ._native import McrGame, McrPolicy, McrVecGame

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
    "SingleAgentEnv",
    "ENV_ID",
    "VectorEnv",
    "MultiAgentVectorEnv",
    "vector_env",
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
    return _vector.number(action, ACTIONS)


def _named(n: int) -> str:
    """Action ``n`` in errors: its number and answer."""
    return f"action {n} ({action_text(n)})"


def _checked(action: Any, mask: np.ndarray, strict: bool, who: str) -> Tuple[int, bool]:
    """``(number, illegal)``: ``illegal`` when ``mask`` forbids it, which
    ``strict`` refuses with ``ValueError``."""
    return _vector.checked(action, ACTIONS, mask, strict, lambda n: f"{who}: {_named(n)}")


def _judge(reading: str, python_twin: bool) -> Dict[str, Any]:
    """The judge's readings as a face passes them to every game it makes,
    checked now (a bad reading: ``ValueError`` when the face is made, not
    at its first reset)."""
    _native.mcr_judge_options(reading, python_twin)
    return {"reading": reading, "python_twin": python_twin}


def _observation_space() -> spaces.Dict:
    return _vector.observation_space(OBS_SHAPE, ACTIONS)


def _pass_only() -> np.ndarray:
    m = np.zeros(ACTIONS, dtype=np.int8)
    m[PASS] = 1
    return m


class _Table:
    """What both PettingZoo faces share: their arguments (see
    :class:`raw_env`), a game from a seed stream under the judge's
    readings, render."""

    metadata: Dict[str, Any] = {"render_modes": ["human", "ansi", "html"], "render_fps": 1}

    def __init__(
        self,
        render_mode: Optional[str] = None,
        illegal: str = "raise",
        record: bool = False,
        reading: str = "judge2018",
        python_twin: bool = False,
    ):
        super().__init__()
        _vector.check_render_mode(self, render_mode)
        self._strict = _vector.strict(illegal)
        self._judge = _judge(reading, python_twin)
        # The replay page needs every answer.
        self.record = record or render_mode == "html"
        self.possible_agents = AGENTS[:]
        self.agent_name_mapping = {a: p for p, a in enumerate(AGENTS)}
        self.observation_spaces = {a: _observation_space() for a in AGENTS}
        self.action_spaces = {a: spaces.Discrete(ACTIONS) for a in AGENTS}
        self._rng = np.random.default_rng()
        self.game: Optional[McrGame] = None
        # No agent is live before the first reset.
        self.agents: List[str] = []

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def _new_game(self, seed: Optional[int]) -> None:
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        while True:
            self.game = McrGame([None] * 4, seed=int(self._rng.integers(0, 2**63)), record=self.record, **self._judge)
            if not self.game.is_over():
                return

    def render(self) -> Optional[str]:
        """The table (``"ansi"``; printed with ``"human"``), or with
        ``"html"`` the replay page once the game is over."""
        return _vector.render(self, lambda: self.game.table_text(), self.replay_html)

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
    :meth:`log_jsonl` and :meth:`replay_html` (on with
    ``render_mode="html"``). ``reading`` and ``python_twin`` are the
    judge's readings (see the module)."""

    metadata = {**_Table.metadata, "name": "mcr_v0", "is_parallelizable": False}

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        """A new game, its wall drawn from ``seed`` (or the stream of the
        last seed given)."""
        self._new_game(seed)
        _vector.aec_reset(self)
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

    def _check(self, action: Any, agent: str) -> Tuple[int, bool]:
        return _checked(action, self.game.decision()[2], self._strict, agent)

    def _result(self) -> Optional[List[int]]:
        return self.game.scores()

    def step(self, action: Optional[int]) -> None:
        _vector.aec_step(self, action, self._check)


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
    ``illegal``, ``record``, ``reading`` and ``python_twin`` as in
    :class:`raw_env`."""

    metadata = {**_Table.metadata, "name": "mcr_parallel_v0"}

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


def _opponent(o: Any) -> Any:
    """``o`` if it can be an opponent's seat (an MCR bot's name, a
    :func:`policy_bot`, a callable), else ``TypeError`` (the game checks
    the names)."""
    if isinstance(o, _native.Policy):
        raise TypeError(
            "mahjong_sim.noi2014.policy_bot makes a NOI2014 bot; an MCR seat takes "
            "mahjong_sim.mcr_env.policy_bot"
        )
    if not isinstance(o, (str, McrPolicy)) and not callable(o):
        raise TypeError(
            f"an opponent is an MCR bot's name (random, greedy, planner), a policy_bot or a "
            f"callable request -> answer, not {type(o).__name__} ({o!r})"
        )
    return o


class SingleAgentEnv(_vector.SingleSeat):
    """One seat of an MCR game as a Gymnasium environment, as
    :class:`mahjong_sim.noi2014.SingleAgentEnv` is of NOI2014's.

    ``seat`` is the learner's seat (0 deals); ``opponents`` the three
    other seats in seat order: MCR bots' names (``random``, ``greedy``,
    ``planner``; an unknown name raises ``ValueError``),
    :func:`policy_bot` policies or callables ``request -> answer``
    (protocol strings); anything else raises ``TypeError``. Each game is
    Botzone's random deal from a seed the environment's stream draws.
    The observation and action spaces are the AEC environment's; the
    reward is the learner's score when the game ends (``info["scores"]``
    every seat's), 0 before. Actions are checked as in :class:`raw_env`
    (``illegal``; ``info["illegal"]`` flags a masked action played with
    ``illegal="put_out"``); :meth:`action_masks` gives the mask as
    sb3-contrib's MaskablePPO asks. ``render_mode="html"`` returns the
    replay page once the game is over (seats named ``caller`` and the
    bots' names). ``reading`` and ``python_twin`` are the judge's
    readings (see the module).
    """

    _ACTIONS = ACTIONS
    _OBS_SHAPE = OBS_SHAPE
    _RESULT = "scores"
    _OPPONENTS = "an MCR bot's name, a policy_bot or a callable"
    _BOT = staticmethod(_native.mcr_bot)
    _named = staticmethod(_named)

    def __init__(
        self,
        seat: int = 0,
        opponents: Sequence[Seat] = ("greedy", "greedy", "greedy"),
        render_mode: Optional[str] = None,
        illegal: str = "raise",
        reading: str = "judge2018",
        python_twin: bool = False,
    ):
        super().__init__()
        self._setup(seat, opponents, render_mode, illegal)
        self.opponents = [_opponent(o) for o in self.opponents]
        self._judge = _judge(reading, python_twin)

    def _new_game(self, seats: List[Seat], seed: int, record: bool) -> McrGame:
        return McrGame(seats, seed=seed, record=record, **self._judge)

    def _result(self) -> Optional[List[int]]:
        return self.game.scores()

    def _text(self) -> str:
        return self.game.table_text()


#: The Gymnasium id of :class:`SingleAgentEnv`: ``gymnasium.make(ENV_ID,
#: seat=..., opponents=...)`` once this module is imported (or
#: ``gymnasium.make("mahjong_sim.mcr_env:mahjong_sim/MCR-v0")``, which
#: imports it); ``gymnasium.make_vec(ENV_ID, num_envs=n, ...)`` makes the
#: same seat of ``n`` games one :class:`VectorEnv` stepped in Rust
#: (:func:`vector_env`; opponents by name only), and with
#: ``vectorization_mode="sync"`` Gymnasium's ``SyncVectorEnv`` of single
#: ones (any opponents).
ENV_ID = "mahjong_sim/MCR-v0"
_vector.register(ENV_ID, __name__)


def vector_env(num_envs: int, seat: int = 0, opponents: Sequence[str] = ("greedy",) * 3, **kwargs: Any) -> "VectorEnv":
    """:class:`SingleAgentEnv`'s arguments made a :class:`VectorEnv` of
    ``num_envs`` games (what ``gymnasium.make_vec(ENV_ID)`` calls):
    ``opponents`` MCR bots' names (a Python bot cannot run in the batched
    games: ``TypeError``); the rest (``render_mode``, ``illegal``,
    ``seed``, ``autoreset_mode``, ``reading``, ``python_twin``) go to
    :class:`VectorEnv`."""
    return VectorEnv(num_envs, seats=_vector.learner_seats(seat, opponents), **kwargs)


class _Games(_vector.Games):
    """What the batched views share (:class:`mahjong_sim._vector.Games`)
    over MCR's native games."""

    _ACTIONS = ACTIONS
    _OBS_SHAPE = OBS_SHAPE

    @staticmethod
    def _mcr(seats: Sequence[Optional[str]], judge: Dict[str, Any]) -> Callable[[int, int, str], McrVecGame]:
        """The maker of the native games of ``seats`` judged under
        ``judge`` (:func:`_judge`)."""
        seats = list(seats)
        return lambda n, seed64, mode: McrVecGame(n, seats, seed64, mode, **judge)

    def __init__(
        self,
        num_envs: int,
        seats: Sequence[Optional[str]] = (None, None, None, None),
        seed: int = 0,
        illegal: str = "raise",
        autoreset_mode: Union[str, AutoresetMode] = AutoresetMode.NEXT_STEP,
        render_mode: Optional[str] = None,
        reading: str = "judge2018",
        python_twin: bool = False,
    ):
        judge = _judge(reading, python_twin)
        self._start(self._mcr(seats, judge), seats, num_envs, seed, illegal, autoreset_mode, render_mode)

    def _native_step(self, actions: np.ndarray, every_seat: bool) -> Tuple[Any, ...]:
        (obs, masks, seats, scores, rewards, done, finals, everyone), illegal = self._vec.step(
            actions, self._strict, every_seat
        )
        return obs, masks, seats, scores, rewards, done, illegal, finals, everyone

    def _text(self, i: int) -> str:
        return self._vec.table_text(i)


class VectorEnv(_Games, _vector.BatchedEnv):
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
    ``reading`` and ``python_twin`` are the judge's readings (see the
    module).
    """

    metadata: Dict[str, Any] = {"render_modes": ["ansi", "human"], "autoreset_mode": AutoresetMode.NEXT_STEP}
    _REWARDS = "scores"


class MultiAgentVectorEnv(_Games, _vector.MultiAgent):
    """``num_envs`` MCR games for self-play, batched: every caller seat an
    agent (``player_0`` .. ``player_3``) seeing all the games, as
    :class:`mahjong_sim.noi2014.MultiAgentVectorEnv`.

    ``seats`` as in :class:`VectorEnv` (by default all four the caller's).
    Each game shows one decision at a time, the next in seat order:
    ``to_act[i]`` its seat (``-1`` while a finished game waits for its
    restart). Observations are ``{agent: {"observation": uint8 (n, 11,
    34), "action_mask": int8 (n, 241)}}``, every agent's own view of every
    game, its mask all 0 where it does not decide. :meth:`step` takes
    ``{agent: actions (n,)}`` (read only where the agent decides) or one
    array ``(n,)`` of the deciding seats' actions, and returns
    observations, rewards, terminations, truncations and infos, each by
    agent: the rewards are every seat's scores of the games that ended at
    this step, ``infos[agent]["to_act"]`` where the agent decides next.
    Autoreset, resets, seeds, checked actions, ``illegal``, ``render``
    and the readings are :class:`VectorEnv`'s; with ``SAME_STEP`` the end of a game is
    ``infos[agent]["final_obs"]`` (``"_final_obs"`` says which games
    ended).
    """

    metadata: Dict[str, Any] = {
        "render_modes": ["ansi", "human"],
        "name": "mcr_vector_v0",
        "autoreset_mode": AutoresetMode.NEXT_STEP,
    }
