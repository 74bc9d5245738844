"""Type stubs of the native module (the Rust binding); see the Python
modules for the documented API."""

from typing import Any, Callable, List, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

def distance(hand: str, melds: Optional[int] = None) -> int:
    """The winning distance of a concealed hand with ``melds`` exposed sets."""

def analyze_json(hand: str, melds: Sequence[str] = ...) -> str:
    """The analysis of a hand as the JSON object ``analyze --json`` prints."""

def thupc_simulate_jsonl(wall: str) -> str:
    """The game log of the game on a THUPC wall as ``simulate --json``."""

def thupc_simulate_log(wall: str) -> str:
    """The contest's log of the game on a THUPC wall, as ``simulate``."""

def thupc_explain(wall: str, json: bool = False) -> str:
    """``explain``: text, or JSON Lines with ``json``."""

def thupc_replay_html(wall: str, title: str = "game") -> str:
    """The replay page of the game on a THUPC wall."""

def thupc_walls(family: str = "uniform", seed: int = 1, count: int = 1) -> List[str]:
    """``count`` THUPC walls of ``family`` from ``seed``, as ``gen`` writes them."""

def thupc_families() -> List[str]:
    """THUPC wall family names."""

def noi_walls(family: str = "uniform", seed: int = 1, count: int = 1) -> List[str]:
    """``count`` NOI2014 walls of ``family`` from ``seed``."""

def game_from_state(state: str) -> Game:
    """``Game.from_state``, as pickle calls it."""

def noi_bot(name: str) -> str:
    """``name`` if it names a built-in NOI2014 bot, else ValueError (the
    names listed)."""

def noi_shapes() -> Tuple[int, int, int]:
    """(number of actions, observation rows, tile kinds): (85, 11, 27)."""

def noi_action_text(action: int) -> Optional[str]:
    """The answer string of an action; None for the target hand."""

def noi_action_of(request: str, answer: str) -> Optional[int]:
    """The action number answering ``request`` with ``answer``, if any."""

def duel_json(
    ruleset: str,
    a: Tuple[str, object],
    b: Tuple[str, object],
    logs: str,
    against: Sequence[Tuple[str, object]] = ...,
    seed: Optional[int] = None,
    games: Optional[int] = None,
    sprt: Sequence[str] = ...,
    max_games: Optional[int] = None,
    jobs: Optional[int] = None,
    family: Optional[str] = None,
    common_random: bool = True,
    time_limit_ms: Optional[int] = None,
    memory_mib: Optional[int] = None,
    sandbox: Optional[str] = None,
    walls: Optional[Tuple[int, int]] = None,
    mounts: Sequence[str] = ...,
    env: Sequence[str] = ...,
    seating: Optional[str] = None,
) -> str:
    """``RULESET duel`` (``ruleset``: ``"noi2014"`` or ``"mcr"``): the
    report as ``--json`` prints it; ``walls`` ``(from, to)`` plays those
    walls as a shard (``--walls FROM..TO``); ``None`` is the library's
    default."""

def merge_reports(ruleset: str, dirs: Sequence[str]) -> Tuple[str, str]:
    """``RULESET merge`` of a duel's or a tournament's shards: the merged
    report as (JSON, text), as ``--json`` prints it and as printed without,
    from one reading of the logs."""

def contest_defaults(ruleset: str) -> dict:
    """The library's defaults of the ruleset's duels and tournaments."""

def duel_cap_walls(
    games: Optional[int] = None,
    sprt: Sequence[str] = ...,
    max_games: Optional[int] = None,
    seating: Optional[str] = None,
) -> int:
    """The walls a duel of these keywords plays at most."""

def sandbox_env(env: Sequence[str]) -> List[str]:
    """``env`` as ``--env`` takes it, each ``NAME`` given its value here."""

def save_report(dir: str, json_line: str, text: str) -> None:
    """Writes a report into the logs folder ``dir`` as ``report.json`` and ``report.txt``."""

def tournament_tables(bots: int) -> int:
    """Tables in each round of a tournament of ``bots`` bots."""

def interrupt() -> None:
    """Kills every bot program this process runs and stops its runs (they
    report what they have); the next run starts as usual."""

def rearm() -> bool:
    """After an interrupt, lets the next run start as if none had come
    (when no run is under way); says whether it did. Called by the caller's
    thread before it starts a run."""

class Merger:
    """A duel's or a tournament's shards of ``ruleset`` added as they come
    (the library's one merger); a duel's counted in wall order."""

    def __init__(self, ruleset: str) -> None: ...
    def add_dir(self, dir: str) -> None:
        """Adds the shard whose logs folder is ``dir``."""
    def add_record(self, origin: str, record: str) -> None:
        """Adds a shard's ``duel.json`` or ``tournament.json`` text;
        ``origin`` names it."""
    def standing(self) -> Tuple[int, bool, Optional[int], str]:
        """A duel's (walls counted, over, first missing wall, progress
        line)."""
    def reports(self, check_logs: bool = True, partial: bool = False) -> Tuple[str, str]:
        """The merged report as (JSON, text), as ``noi2014 merge`` prints it
        with ``--json`` and without."""

def tournament_json(
    ruleset: str,
    entrants: Sequence[Tuple[str, object]],
    logs: str,
    rounds: Optional[int] = None,
    seed: Optional[int] = None,
    jobs: Optional[int] = None,
    duplicate: bool = False,
    family: Optional[str] = None,
    time_limit_ms: Optional[int] = None,
    memory_mib: Optional[int] = None,
    sandbox: Optional[str] = None,
    round: Optional[int] = None,
    tables: Optional[Tuple[int, int]] = None,
    after: Sequence[str] = (),
    mounts: Sequence[str] = ...,
    env: Sequence[str] = ...,
) -> str:
    """``RULESET tournament``: the report as ``--json`` prints it; with
    ``round``, that round alone as a shard (``--round``), ``tables``
    ``(from, to)`` of it, seated after the shards in ``after``."""

class Policy:
    """A policy as a bot: ``policy(observation, mask) -> action``."""

    def __init__(self, policy: Callable[[npt.NDArray[np.uint8], npt.NDArray[np.uint8]], int]) -> None: ...

Seat = Union[None, str, Callable[[str], str]]

class Game:
    """One NOI2014 game stepped decision by decision.

    ``seats``: four of None (the caller decides), a built-in bot's name
    (``greedy``, ``sample``, ``greedy:eps=P``) or a callable ``request ->
    answer``. The wall is ``wall`` (108 names) or that of ``seed`` and
    ``family``; built-in bots draw their choices from ``seed`` as
    ``noi2014 play --seed`` does. Only decisions (more than one legal
    action) of the caller's seats are asked; the rest is answered.
    """

    def __init__(
        self,
        seats: Sequence[Seat],
        wall: Optional[str] = None,
        seed: int = 1,
        family: str = "uniform",
        record: bool = True,
    ) -> None: ...
    def decision(self) -> Optional[Tuple[int, str, npt.NDArray[np.uint8]]]:
        """(seat, request string, mask of 85 uint8), or None when over."""
    def observe(self, seat: int) -> npt.NDArray[np.uint8]:
        """The seat's observation, uint8 (11, 27)."""
    def step(self, action: int) -> None:
        """Answers the decision with an action number; plays on."""
    def step_text(self, text: str) -> None:
        """Answers the decision with a protocol string; plays on."""
    def answer_text(self, action: int) -> str:
        """The answer string of an action for the seat to act."""
    def is_over(self) -> bool:
        """True once the game is over."""
    def points(self) -> Optional[List[float]]:
        """Each seat's points once over."""
    def wall(self) -> str:
        """The wall: 108 tile names."""
    def table(self) -> Tuple[List[str], List[bool], int]:
        """Each seat's tiles, who is playing, and the wall left."""
    def events(self) -> List[str]:
        """The events so far, one canonical line each."""
    def state(self) -> str:
        """The game as a compact, versioned JSON value (wall, bots and
        their seeds, the caller's answers): :meth:`from_state` rebuilds
        it; pickle and copy.deepcopy use it."""
    @staticmethod
    def from_state(state: str) -> "Game":
        """The game a :meth:`state` value describes, rebuilt."""
    def log_jsonl(self, labels: Optional[Sequence[str]] = None) -> str:
        """The finished game's log, as ``noi2014 play --json``."""
    def replay_html(
        self, labels: Optional[Sequence[str]] = None, title: Optional[str] = None
    ) -> str:
        """The finished game's replay page."""

Batch = Tuple[
    npt.NDArray[np.uint8],
    npt.NDArray[np.uint8],
    npt.NDArray[np.uint8],
    npt.NDArray[np.float32],
    npt.NDArray[np.bool_],
]

Shown = Tuple[
    npt.NDArray[np.uint8],
    npt.NDArray[np.uint8],
    npt.NDArray[np.uint8],
    npt.NDArray[np.float32],
    npt.NDArray[np.bool_],
    Optional[npt.NDArray[np.uint8]],
]

class VecGame:
    """Many NOI2014 games stepped at once in Rust, finished games replaced
    as ``autoreset`` says (Gymnasium's AutoresetMode values)."""

    def __init__(
        self,
        n: int,
        seats: Sequence[Optional[str]],
        family: str = "uniform",
        seed: int = 0,
        autoreset: str = "SameStep",
    ) -> None: ...
    def __len__(self) -> int: ...
    def games(self) -> int:
        """Games started so far."""
    def current(self, every_seat: bool = False) -> Shown:
        """(obs, masks, seats, rewards, done, every_seat) of the pending
        decisions (a finished game: the deciding seat's view, its mask all
        0); with ``every_seat``, every seat's observation (n, 4, 11, 27)
        read under the same lock, else None."""
    def reset(
        self,
        seed: Optional[int] = None,
        which: Optional[npt.NDArray[np.bool_]] = None,
        every_seat: bool = False,
    ) -> Shown:
        """Games restarted, then shown as ``current`` shows them, under one
        lock: without ``which`` every game (with ``seed`` as a new VecGame
        of it, without it each game's next one); with ``which`` (bool, one
        a game) the games flagged, each on its next game."""
    def observe_all(self) -> npt.NDArray[np.uint8]:
        """Every seat's observation of every game, (n, 4, 11, 27)."""
    def table(
        self, i: int
    ) -> Tuple[Tuple[List[str], List[bool], int], Optional[Tuple[int, str]], Optional[List[float]]]:
        """Game ``i``'s table (as ``Game.table``), its pending decision's
        seat and request, its points once over."""
    def step(
        self, actions: npt.NDArray[np.uint32], strict: bool = True, every_seat: bool = False
    ) -> Tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8], npt.NDArray[np.uint8],
               npt.NDArray[np.float32], npt.NDArray[np.float64], npt.NDArray[np.bool_],
               npt.NDArray[np.bool_], npt.NDArray[np.uint8], Optional[npt.NDArray[np.uint8]]]:
        """Answers every decision, plays on: (obs, masks, seats, rewards,
        reward, done, illegal, final_obs, every_seat): ``rewards`` every
        seat's points of a game that ended (n, 4), ``reward`` the points of
        the seat that decided (n,), 0 where no game ended; with ``strict`` a masked
        action raises ValueError before any game moves, else it puts its
        seat out. ``final_obs`` (k, 4, 11, 27): every seat's view of the end
        of the k games that ended (``SameStep``; else empty);
        ``every_seat``: every seat's observation after the step."""
    def random_actions(self) -> npt.NDArray[np.uint32]:
        """A uniformly random legal action of every pending decision (0
        for a finished game)."""

def mcr_fan_json(
    hand: Union[str, Sequence[str]], melds: List[str] = ..., win: Optional[str] = None,
    self_drawn: bool = False, last_copy: bool = False, about_kong: bool = False,
    wall_last: bool = False, seat_wind: Union[str, int, None] = None,
    prevalent_wind: Union[str, int, None] = None, flowers: int = 0, reading: str = "1.4.0",
) -> Optional[str]:
    """The fans of a winning hand as ``mcr fan --json`` prints them; None
    for no win."""
def mcr_shanten_json(hand: Union[str, Sequence[str]]) -> str:
    """Shanten as ``mcr shanten --json`` prints it (no ``line``, ``hand``)."""
def mcr_case_json(input: str, reading: str = "1.4.0") -> str:
    """A conformance ``input``'s ``output``, as ``mcr fan --cases``."""

# ---- MCR learning environments (mahjong_sim.mcr_env) ----

def mcr_bot(name: str) -> str:
    """``name`` if it names a built-in MCR bot, else ValueError (the names
    listed)."""

def mcr_env_shapes() -> Tuple[int, int, int]: ...
def mcr_judge_options(reading: str = "judge2018", python_twin: bool = False) -> str:
    """The readings ``reading`` (``judge2018`` or ``1.4.0``, else
    ValueError) and ``python_twin`` name, as a log header's ``options``
    (JSON text)."""
def mcr_action_text(action: int, claimed: Optional[str] = None) -> str: ...
def mcr_action_of(answer: str, claimed: Optional[str] = None) -> Optional[int]: ...
def mcr_game_from_state(state: str) -> McrGame:
    """``McrGame.from_state``, as pickle calls it."""

class McrPolicy:
    def __init__(self, policy: Any) -> None: ...

class McrGame:
    def __init__(
        self,
        seats: Sequence[Any],
        seed: int = 1,
        record: bool = False,
        reading: str = "judge2018",
        python_twin: bool = False,
    ) -> None: ...
    def decision(self) -> Optional[Tuple[int, str, np.ndarray]]: ...
    def decisions(self) -> List[Tuple[int, str, np.ndarray]]: ...
    def observe(self, seat: int) -> np.ndarray: ...
    def step(self, action: int) -> None: ...
    def step_all(self, actions: Sequence[Optional[int]]) -> None: ...
    def step_text(self, text: str) -> None: ...
    def answer_text(self, seat: int, action: int) -> str: ...
    def is_over(self) -> bool: ...
    def scores(self) -> Optional[List[int]]: ...
    def requests(self) -> List[List[str]]: ...
    def replies(self) -> Optional[List[List[str]]]: ...
    def table_text(self) -> str: ...
    def log_jsonl(self, labels: Optional[Sequence[str]] = None) -> str: ...
    def replay_html(self, labels: Optional[Sequence[str]] = None, title: Optional[str] = None) -> str: ...
    def state(self) -> str:
        """The game as a compact, versioned JSON value (deal, readings,
        bots and their seeds, the caller's answers): :meth:`from_state`
        rebuilds it; pickle and copy.deepcopy use it."""
    @staticmethod
    def from_state(state: str) -> "McrGame":
        """The game a :meth:`state` value describes, rebuilt."""

class McrVecGame:
    def __init__(
        self,
        n: int,
        seats: Sequence[Optional[str]],
        seed: int = 0,
        autoreset: str = "SameStep",
        reading: str = "judge2018",
        python_twin: bool = False,
    ) -> None: ...
    def __len__(self) -> int: ...
    def games(self) -> int: ...
    def current(self, every_seat: bool = False) -> Tuple[Any, ...]: ...
    def reset(self, seed: Optional[int] = None, which: Optional[np.ndarray] = None, every_seat: bool = False) -> Tuple[Any, ...]: ...
    def step(self, actions: np.ndarray, strict: bool = True, every_seat: bool = False) -> Tuple[Tuple[Any, ...], np.ndarray]: ...
    def random_actions(self) -> np.ndarray: ...
    def table_text(self, i: int) -> str: ...
    def judge_options(self, i: int) -> str:
        """The readings game ``i`` is judged under, as its log header's
        ``options`` (JSON text)."""
