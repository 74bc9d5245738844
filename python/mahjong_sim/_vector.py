"""What the learning environments of both rulesets (:mod:`mahjong_sim.noi2014`,
:mod:`mahjong_sim.mcr_env`) share, private: seeds, autoreset modes, checked
actions, the AEC environments' step and render, the single-seat Gymnasium
environment and its registration, and the batched games' bodies (their
``VectorEnv`` and ``MultiAgentVectorEnv``), written once over the
ruleset's native classes."""

from __future__ import annotations

import operator
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, Union

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space


def seed64(seed: Any) -> int:
    """``seed`` as the 64-bit seed of the Rust games: itself below 2**64;
    any larger integer folded by numpy's SeedSequence, as the other
    environments' seeds are (any non-negative integer, never a float)."""
    if isinstance(seed, (bool, np.bool_)):
        raise TypeError("a seed is an integer, not a bool")
    seed = operator.index(seed)
    if seed < 0:
        raise ValueError(f"seed {seed}: seeds are non-negative")
    if seed < 2**64:
        return seed
    return int(np.random.SeedSequence(seed).generate_state(1, np.uint64)[0])


def autoreset_mode(mode: Union[str, AutoresetMode]) -> AutoresetMode:
    """``mode`` as an :class:`~gymnasium.vector.AutoresetMode` (its value,
    e.g. ``"NextStep"``, accepted too)."""
    try:
        return mode if isinstance(mode, AutoresetMode) else AutoresetMode(mode)
    except ValueError:
        names = ", ".join(m.value for m in AutoresetMode)
        raise ValueError(f"autoreset_mode {mode!r}: an AutoresetMode ({names})") from None


def number(action: Any, actions: int) -> int:
    """``action`` as an action number: an integer (Python's or numpy's;
    not a bool or a float: ``TypeError``) from 0 to ``actions - 1`` (else
    ``ValueError``), never converted."""
    if isinstance(action, (bool, np.bool_)):
        raise TypeError(f"an action is an integer, not {type(action).__name__}")
    try:
        n = operator.index(action)
    except TypeError:
        raise TypeError(f"an action is an integer, not {type(action).__name__} ({action!r})") from None
    if not 0 <= n < actions:
        raise ValueError(f"action {n} is not an action number (0 to {actions - 1})")
    return n


def checked(
    action: Any,
    actions: int,
    mask: Optional[np.ndarray],
    strict: bool,
    named: Callable[[int], str] = lambda n: f"action {n}",
) -> Tuple[int, bool]:
    """``(number, illegal)``: ``action`` as an action number (``number``),
    ``illegal`` when ``mask`` (the pending decision's; ``None``: no
    decision) forbids it, which ``strict`` refuses with ``ValueError``
    naming the action as ``named(number)`` says."""
    n = number(action, actions)
    illegal = mask is not None and not mask[n]
    if illegal and strict:
        raise ValueError(
            f"{named(n)} is not legal here (its mask is 0); illegal='put_out' plays it as the "
            "judge does, the seat put out"
        )
    return n, illegal


def strict(illegal: str) -> bool:
    """Whether ``illegal`` asks for strict actions (``"raise"``); any word
    but ``"raise"`` and ``"put_out"`` is refused."""
    if illegal not in ("raise", "put_out"):
        raise ValueError(f"illegal={illegal!r}: 'raise' or 'put_out'")
    return illegal == "raise"


def observation_space(shape: Tuple[int, int], actions: int) -> spaces.Dict:
    """One decision's observation space: the seat's view, the mask."""
    return spaces.Dict(
        {
            "observation": spaces.Box(0, 255, shape, dtype=np.uint8),
            "action_mask": spaces.Box(0, 1, (actions,), dtype=np.int8),
        }
    )


def check_render_mode(env: Any, render_mode: Optional[str]) -> None:
    """``env.render_mode`` set, refused unless one of its metadata's."""
    if render_mode is not None and render_mode not in env.metadata["render_modes"]:
        raise ValueError(f"render_mode {render_mode!r} is not one of {env.metadata['render_modes']}")
    env.render_mode = render_mode


def render(env: Any, text: Callable[[], str], html: Callable[[], str], warn: bool = True) -> Optional[str]:
    """``env.render()`` of one game (``env.game``): the replay page
    (``html()``) of a finished game with ``render_mode="html"``, else the
    table (``text()``), returned (``"ansi"``, ``"html"``) or printed
    (``"human"``); ``warn`` warns when there is no render mode."""
    if env.render_mode is None:
        if warn:
            gymnasium.logger.warn("render() called without a render_mode")
        return None
    if env.game is None:
        return None
    if env.render_mode == "html" and env.game.is_over():
        return html()
    shown = text()
    if env.render_mode == "human":
        print(shown)
        return None
    return shown


def aec_reset(env: Any) -> None:
    """A PettingZoo AEC environment's bookkeeping at a new game: every
    agent live, no reward, no info."""
    env.agents = env.possible_agents[:]
    env.rewards = {a: 0.0 for a in env.agents}
    env._cumulative_rewards = {a: 0.0 for a in env.agents}
    env.terminations = {a: False for a in env.agents}
    env.truncations = {a: False for a in env.agents}
    env.infos = {a: {} for a in env.agents}


def aec_step(env: Any, action: Any, check: Callable[[Any, str], Tuple[int, bool]]) -> None:
    """A PettingZoo AEC environment's ``step``: ``action`` of the selected
    agent checked by ``check(action, agent) -> (number, illegal)``, played
    on ``env.game``, the game's result (``env._result()``: every seat's
    reward once over, else None) given as rewards."""
    agent = env.agent_selection
    if env.terminations[agent] or env.truncations[agent]:
        return env._was_dead_step(action)
    env._cumulative_rewards[agent] = 0.0
    n, illegal = check(action, agent)
    env.infos[agent] = {"illegal": True} if illegal else {}
    env.game.step(n)
    result = env._result()
    if result is None:
        env.rewards = {a: 0.0 for a in env.agents}
        env._select()
    else:
        env.rewards = {a: float(result[env.agent_name_mapping[a]]) for a in env.agents}
        env.terminations = {a: True for a in env.agents}
    env._accumulate_rewards()
    if env.render_mode == "human":
        env.render()


class Games:
    """What the batched views share: the games in Rust (the ruleset's
    native batched class), actions checked, resets, random actions.

    A ruleset's subclass sets ``_ACTIONS`` and ``_OBS_SHAPE``, and defines
    ``_native_step`` (its native step's arrays in one order) and ``_text``
    (a game's table as text); a view (:class:`BatchedEnv`,
    :class:`MultiAgent`) defines ``_view``."""

    _ACTIONS: int
    _OBS_SHAPE: Tuple[int, int]

    def _start(
        self,
        make: Callable[[int, int, str], Any],
        seats: Sequence[Optional[str]],
        num_envs: int,
        seed: Any,
        illegal: str,
        mode: Union[str, AutoresetMode],
        render_mode: Optional[str],
    ) -> None:
        """The games of ``seats``: ``make(n, seed, autoreset)`` the native
        ones; then the view's own setup."""
        check_render_mode(self, render_mode)
        self._strict = strict(illegal)
        self.num_envs = operator.index(num_envs)
        self.autoreset_mode = autoreset_mode(mode)
        self.metadata = {**type(self).metadata, "autoreset_mode": self.autoreset_mode}
        self._vec = make(self.num_envs, seed64(seed), self.autoreset_mode.value)
        self._rows = np.arange(self.num_envs)
        # Flags every step returns, made once (read-only: shared by steps).
        self._every, self._none = np.ones(self.num_envs, dtype=bool), np.zeros(self.num_envs, dtype=bool)
        self._every.flags.writeable = self._none.flags.writeable = False
        # No game moved since the games of the seed given were made: the
        # first reset() shows them (so that ``VectorEnv(seed=s).reset()``
        # is ``reset(seed=s)``).
        self._fresh = True
        #: Games whose last action was masked (``illegal="put_out"``).
        self.illegal = np.zeros(self.num_envs, dtype=bool)
        self._view(seats)

    def _view(self, seats: Sequence[Optional[str]]) -> None:
        """The view's setup, once the games are made."""

    def _restart(self, seed: Any, options: Optional[dict], every_seat: bool = False) -> Tuple[Any, ...]:
        """Restarts games as :meth:`reset` says and returns them as the
        native ``current`` does, restarted and read under one lock (no
        other thread's step in between)."""
        options = dict(options or {})
        which = options.pop("reset_mask", None)
        if options:
            raise ValueError(f"unknown reset options {sorted(options)}: only 'reset_mask'")
        if which is None:
            if seed is None and self._fresh:
                shown = self._vec.current(every_seat)
            else:
                shown = self._vec.reset(None if seed is None else seed64(seed), None, every_seat)
            self._fresh = False
            return shown
        if seed is not None:
            raise ValueError("a seed restarts every game: give it without reset_mask")
        which = np.asarray(which)
        if which.dtype != np.bool_ or which.shape != (self.num_envs,):
            raise ValueError(f"reset_mask: bool of shape ({self.num_envs},), not {which.dtype} {which.shape}")
        shown = self._vec.reset(None, which, every_seat)
        self._fresh = False
        return shown

    def _checked(self, actions: Any) -> np.ndarray:
        a = np.asarray(actions)
        # dtype.kind: "i"/"u" integers; bools are "b", floats "f" (and the
        # kind test is cheap: it runs at every step).
        if a.dtype.kind not in "iu":
            raise TypeError(f"actions must be integers, not {a.dtype}")
        if a.shape != (self.num_envs,):
            raise ValueError(f"actions of shape {a.shape}: one a game, ({self.num_envs},)")
        # Unsigned actions (random_actions' uint32) need no lower bound.
        n = self._ACTIONS
        if a.max() >= n or (a.dtype.kind == "i" and a.min() < 0):
            i = int(np.flatnonzero((a < 0) | (a >= n))[0])
            raise ValueError(f"game {i}: action {a[i]} is not an action number (0 to {n - 1})")
        return a.astype(np.uint32, copy=False)

    def _native_step(self, actions: np.ndarray, every_seat: bool) -> Tuple[Any, ...]:
        """The native step: (obs, masks, seats, rewards, reward, done,
        illegal, finals, everyone)."""
        raise NotImplementedError

    def _step(self, actions: np.ndarray, every_seat: bool = False) -> Tuple[Any, ...]:
        """The native step of checked ``actions``, the illegal flags kept:
        (obs, masks (int8), seats, rewards, reward, done, finals, everyone)."""
        try:
            *out, illegal, finals, everyone = self._native_step(actions, every_seat)
            self._fresh = False
        except ValueError as e:
            if "not legal there" in str(e):
                name = type(self).__name__
                raise ValueError(
                    f"{e}; {name}(illegal='put_out') plays it as the judge does, the seat put out"
                ) from None
            raise
        self.illegal = illegal
        # int8, as the environments' masks (a view: no copy).
        out[1] = out[1].view(np.int8)
        return (*out, finals, everyone)

    def random_actions(self) -> np.ndarray:
        """A uniformly random legal action of every pending decision,
        ``(n,)`` uint32, ready for ``step`` (0 where a game is over and its
        action ignored): a random policy (for rollouts, exploration, a
        baseline) drawn in Rust. It has its own stream from the seed: the
        same calls give the same actions, and drawing them changes no
        game."""
        return self._vec.random_actions()

    @property
    def games(self) -> int:
        """Games started so far."""
        return self._vec.games()

    def _text(self, i: int) -> str:
        """Game ``i``'s table as text."""
        raise NotImplementedError

    def render(self) -> Optional[Tuple[str, ...]]:
        """Every game's table as text (``render_mode="ansi"``), or printed
        (``"human"``)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode")
            return None
        texts = tuple(self._text(i) for i in range(self.num_envs))
        if self.render_mode == "human":
            print("\n\n".join(f"game {i}\n{t}" for i, t in enumerate(texts)))
            return None
        return texts


class BatchedEnv(Games, gymnasium.vector.VectorEnv):
    """A ruleset's ``VectorEnv`` (see :class:`mahjong_sim.noi2014.VectorEnv`):
    one decision shown a game, Gymnasium's five out of each step. The
    subclass is a ruleset's :class:`Games` and sets ``_REWARDS`` (the
    infos key of every seat's rewards: ``"points"``, ``"scores"``)."""

    _REWARDS: str

    def _view(self, seats: Sequence[Optional[str]]) -> None:
        self.single_observation_space = observation_space(self._OBS_SHAPE, self._ACTIONS)
        self.single_action_space = spaces.Discrete(self._ACTIONS)
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        self._seats = self._vec.current()[2]

    def _observed(self, obs: np.ndarray, masks: np.ndarray, seats: np.ndarray) -> Tuple[Dict[str, np.ndarray], Dict[str, Any]]:
        self._seats = seats
        infos = {"seat": seats, "_seat": self._every}
        return {"observation": obs, "action_mask": masks.view(np.int8)}, infos

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict] = None):
        """New games (see the class): ``(observations, infos)``."""
        obs, masks, seats = self._restart(seed, options)[:3]
        super().reset(seed=seed)
        return self._observed(obs, masks, seats)

    def step(self, actions: Any):
        """``(observations, rewards, terminations, truncations, infos)``
        after ``actions``, one a game (see the class). With
        ``illegal="raise"`` a masked action raises ``ValueError`` before
        any game moves (checked in Rust, with the games locked, so that
        another thread's step cannot slip in between)."""
        decided = self._seats
        obs, masks, seats, every, rewards, done, finals, _ = self._step(self._checked(actions))
        observations, infos = self._observed(obs, masks, seats)
        key = self._REWARDS
        if self.autoreset_mode is AutoresetMode.SAME_STEP:
            if done.any():
                final = np.full(self.num_envs, None, dtype=object)
                for k, i in enumerate(np.flatnonzero(done)):
                    final[i] = {"observation": finals[k, decided[i]], "action_mask": np.zeros(self._ACTIONS, np.int8)}
                infos["final_obs"], infos["_final_obs"] = final, done
                infos["final_info"] = {"seat": decided, "_seat": done, key: every, f"_{key}": done}
                infos["_final_info"] = done
        else:
            infos[key], infos[f"_{key}"] = every, done
        if not self._strict:
            infos["illegal"], infos["_illegal"] = self.illegal, self._every
        return observations, rewards, done, self._none, infos



class SingleSeat(gymnasium.Env):
    """One seat of a ruleset's game as a Gymnasium environment, the other
    three played by bots: a ruleset's ``SingleAgentEnv`` (see
    :class:`mahjong_sim.noi2014.SingleAgentEnv`).

    The subclass sets ``_ACTIONS``, ``_OBS_SHAPE``, ``_RESULT`` (the info
    key of every seat's result: ``"points"``, ``"scores"``) and
    ``_OPPONENTS`` (what an opponent may be, for errors) and ``_BOT`` (a
    built-in bot's name checked: the name, or ``ValueError``), and defines
    ``_new_game(seats, seed, record)`` (a native game), ``_result()``
    (every seat's result once over, else None) and ``_text()`` (the
    table); ``_named`` names an action in errors."""

    metadata: Dict[str, Any] = {"render_modes": ["human", "ansi", "html"], "render_fps": 1}
    _ACTIONS: int
    _OBS_SHAPE: Tuple[int, int]
    _RESULT: str
    _OPPONENTS: str
    _BOT: Callable[[str], str]

    def _setup(self, seat: int, opponents: Sequence[Any], render_mode: Optional[str], illegal: str) -> None:
        self._strict = strict(illegal)
        check_render_mode(self, render_mode)
        if len(opponents) != 3 or any(o is None for o in opponents):
            raise ValueError(f"three opponents, each {self._OPPONENTS}")
        for o in opponents:
            if isinstance(o, str):
                self._BOT(o)
        if not 0 <= seat < 4:
            raise ValueError("seat is 0..3")
        self.seat = seat
        self.opponents = list(opponents)
        self.observation_space = observation_space(self._OBS_SHAPE, self._ACTIONS)
        self.action_space = spaces.Discrete(self._ACTIONS)
        self.game: Any = None

    def _new_game(self, seats: List[Any], seed: int, record: bool) -> Any:
        raise NotImplementedError

    def _result(self) -> Optional[List[float]]:
        raise NotImplementedError

    def _text(self) -> str:
        raise NotImplementedError

    @staticmethod
    def _named(n: int) -> str:
        return f"action {n}"

    def _seats(self) -> List[Any]:
        seats: List[Any] = list(self.opponents)
        seats.insert(self.seat, None)
        return seats

    def _obs(self) -> Tuple[Dict[str, np.ndarray], Dict[str, Any]]:
        decision = self.game.decision()
        obs = self.game.observe(self.seat)
        if decision is None:
            return {"observation": obs, "action_mask": np.zeros(self._ACTIONS, dtype=np.int8)}, {}
        return (
            {"observation": obs, "action_mask": decision[2].astype(np.int8)},
            {"request": decision[1]},
        )

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict] = None):
        super().reset(seed=seed)
        # A game over before the learner is asked teaches nothing: the next.
        while True:
            game_seed = int(self.np_random.integers(0, 2**63))
            self.game = self._new_game(self._seats(), game_seed, self.render_mode == "html")
            if not self.game.is_over():
                return self._obs()

    def _pending(self) -> Optional[Tuple[int, str, np.ndarray]]:
        if self.game is None:
            raise RuntimeError("no game yet: call reset() first")
        return self.game.decision()

    def action_masks(self) -> np.ndarray:
        """The pending decision's legal actions, bool (all False once the
        game is over): what MaskablePPO calls."""
        decision = self._pending()
        if decision is None:
            return np.zeros(self._ACTIONS, dtype=bool)
        return decision[2].astype(bool)

    def step(self, action: Any):
        decision = self._pending()
        if decision is None:
            raise RuntimeError("the game is over: call reset()")
        number, illegal = checked(action, self._ACTIONS, decision[2], self._strict, self._named)
        self.game.step(number)
        result = self._result()
        obs, info = self._obs()
        if illegal:
            info["illegal"] = True
        if result is None:
            return obs, 0.0, False, False, info
        info[self._RESULT] = result
        return obs, float(result[self.seat]), True, False, info

    def render(self) -> Optional[str]:
        return render(self, self._text, lambda: self.game.replay_html(), warn=False)


def learner_seats(seat: int, opponents: Sequence[Any]) -> List[Optional[str]]:
    """The batched games' seats of a ``SingleAgentEnv``'s ``seat`` and
    ``opponents`` (built-in bots' names only: ``TypeError``)."""
    if len(opponents) != 3 or not all(isinstance(o, str) for o in opponents):
        raise TypeError(
            "the batched games take three built-in bots' names as opponents; for Python bots use "
            "gymnasium.make_vec(..., vectorization_mode='sync')"
        )
    if not 0 <= seat < 4:
        raise ValueError("seat is 0..3")
    seats: List[Optional[str]] = list(opponents)
    seats.insert(seat, None)
    return seats


def register(env_id: str, module: str) -> None:
    """Registers ``module``'s ``SingleAgentEnv`` as Gymnasium's ``env_id``,
    its ``vector_env`` the batched games ``gymnasium.make_vec`` makes."""
    if env_id not in gymnasium.registry:
        gymnasium.register(
            id=env_id,
            entry_point=f"{module}:SingleAgentEnv",
            vector_entry_point=f"{module}:vector_env",
        )


class MultiAgent(Games):
    """A ruleset's ``MultiAgentVectorEnv`` (see
    :class:`mahjong_sim.noi2014.MultiAgentVectorEnv`): every caller seat of
    the batched games an agent, dicts by agent. The subclass is a
    ruleset's :class:`Games`."""

    def _view(self, seats: Sequence[Optional[str]]) -> None:
        self._seat_of = {f"player_{p}": p for p, s in enumerate(seats) if s is None}
        self.possible_agents = list(self._seat_of)
        self.agents = self.possible_agents[:]
        self.single_observation_space = observation_space(self._OBS_SHAPE, self._ACTIONS)
        self.single_action_space = spaces.Discrete(self._ACTIONS)
        self.to_act = np.full(self.num_envs, -1, dtype=np.int8)

    def observation_space(self, agent: str) -> spaces.Space:
        """One game's observation space (the same for every agent)."""
        return self.single_observation_space

    def action_space(self, agent: str) -> spaces.Space:
        """One game's action space."""
        return self.single_action_space

    def _observed(self, everyone: np.ndarray, masks: np.ndarray, seats: np.ndarray, finished: np.ndarray):
        self.to_act = seats.astype(np.int8)
        self.to_act[finished] = -1
        by_seat = np.zeros((self.num_envs, 4, self._ACTIONS), dtype=np.int8)
        by_seat[self._rows, seats] = masks
        obs, infos = {}, {}
        for agent, p in self._seat_of.items():
            obs[agent] = {"observation": everyone[:, p], "action_mask": by_seat[:, p]}
            infos[agent] = {"to_act": self.to_act == p}
        return obs, infos

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict] = None):
        """New games, as the ruleset's ``VectorEnv.reset``: ``(observations,
        infos)`` (the games and every seat's view of them read at once, so
        that another thread's step cannot come between them)."""
        shown = self._restart(seed, options, every_seat=True)
        masks, seats, everyone = shown[1], shown[2], shown[-1]
        finished = ~masks.any(axis=1)
        return self._observed(everyone, masks.view(np.int8), seats, finished)

    def _flat(self, actions: Any) -> np.ndarray:
        """``actions`` (a dict by agent, or one array) as one action a game."""
        if not isinstance(actions, dict):
            return self._checked(actions)
        unknown = set(actions) - set(self._seat_of)
        if unknown:
            raise ValueError(f"no agent {sorted(unknown)}: the agents are {self.possible_agents}")
        flat = np.zeros(self.num_envs, dtype=np.int64)
        for agent, p in self._seat_of.items():
            rows = self.to_act == p
            if not rows.any():
                continue
            if agent not in actions:
                raise ValueError(f"{agent} decides in game {int(np.flatnonzero(rows)[0])}: its actions are missing")
            given = np.asarray(actions[agent])
            if given.dtype.kind not in "iu":
                raise TypeError(f"{agent}: actions must be integers, not {given.dtype}")
            if given.shape != (self.num_envs,):
                raise ValueError(f"{agent}: actions of shape {given.shape}: one a game, ({self.num_envs},)")
            flat[rows] = given[rows]
        return self._checked(flat)

    def step(self, actions: Any):
        """``(observations, rewards, terminations, truncations, infos)``,
        each by agent, after ``actions`` (see the ruleset's class)."""
        _, masks, seats, results, _, done, finals, everyone = self._step(self._flat(actions), every_seat=True)
        finished = done if self.autoreset_mode is not AutoresetMode.SAME_STEP else np.zeros_like(done)
        obs, infos = self._observed(everyone, masks, seats, finished)
        rewards = {a: results[:, p].astype(np.float64) for a, p in self._seat_of.items()}
        terminations = {a: done for a in self._seat_of}
        truncations = {a: self._none for a in self._seat_of}
        for agent, p in self._seat_of.items():
            if self.autoreset_mode is AutoresetMode.SAME_STEP and done.any():
                final = np.zeros((self.num_envs, *self._OBS_SHAPE), dtype=np.uint8)
                final[done] = finals[:, p]
                infos[agent]["final_obs"], infos[agent]["_final_obs"] = final, done
            if not self._strict:
                infos[agent]["illegal"] = self.illegal
        return obs, rewards, terminations, truncations, infos

    def close(self) -> None:
        pass
