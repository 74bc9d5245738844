"""What the learning environments of both rulesets (:mod:`mahjong_sim.noi2014`,
:mod:`mahjong_sim.mcr_env`) share, private: seeds, autoreset modes, checked
actions, the AEC environments' step and the batched games' body (their
``VectorEnv``), written once over the ruleset's native batched class."""

from __future__ import annotations

import operator
from typing import Any, Callable, Dict, Optional, Tuple, Union

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

    A ruleset's subclass sets ``_ACTIONS`` and defines ``_native_step``
    (its native step's arrays in one order) and ``_text`` (a game's table
    as text)."""

    _ACTIONS: int

    def _start(
        self,
        make: Callable[[int, int, str], Any],
        num_envs: int,
        seed: Any,
        illegal: str,
        mode: Union[str, AutoresetMode],
        render_mode: Optional[str],
    ) -> None:
        """The games: ``make(n, seed, autoreset)`` the native ones."""
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
    subclass sets ``_ACTIONS``, ``_OBS_SHAPE`` and ``_REWARDS`` (the infos
    key of every seat's rewards: ``"points"``, ``"scores"``)."""

    _OBS_SHAPE: Tuple[int, int]
    _REWARDS: str

    def _batched(self, make: Callable[[int, int, str], Any], num_envs: int, seed: Any, illegal: str,
                 mode: Union[str, AutoresetMode], render_mode: Optional[str]) -> None:
        self._start(make, num_envs, seed, illegal, mode, render_mode)
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

