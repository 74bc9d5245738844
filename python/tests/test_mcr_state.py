"""A saved MCR game (``McrGame.state``): rebuilt by ``from_state``, pickle
and copy.deepcopy mid-game, it is the same game and goes on the same way
(the random bot's stream included); branches taking different actions
differ; Python bots cannot be saved; bad and foreign states are refused."""

import copy
import json
import pickle

import numpy as np
import pytest

from mahjong_sim import noi2014
from mahjong_sim.mcr_env import McrGame


def _random_step(game, rng):
    _, _, mask = game.decision()
    game.step(int(rng.choice(np.flatnonzero(mask))))


def _same(a, b):
    assert a.requests() == b.requests()
    assert a.replies() == b.replies()
    assert a.scores() == b.scores()
    for seat in range(4):
        assert np.array_equal(a.observe(seat), b.observe(seat))
    da, db = a.decision(), b.decision()
    assert (da is None) == (db is None)
    if da is not None:
        assert da[:2] == db[:2] and np.array_equal(da[2], db[2])


def test_a_game_state_pickles_copies_and_goes_on_the_same():
    game = McrGame([None, "random", None, "greedy"], seed=7, record=True)
    rng = np.random.default_rng(0)
    for _ in range(15):
        _random_step(game, rng)
    assert not game.is_over(), "the game is still on"
    state = game.state()
    value = json.loads(state)
    assert (value["format"], value["version"]) == ("mahjong-sim/mcr-game-state", 1)
    assert len(value["answers"]) == 15 and value["record"] is True
    assert value["seats"][0] is None and value["seats"][1]["bot"] == "random"
    twins = [McrGame.from_state(state), pickle.loads(pickle.dumps(game)), copy.deepcopy(game)]
    for twin in twins:
        assert isinstance(twin, McrGame)
        _same(twin, game)
        assert twin.state() == state
    # The same actions from here: the same game to the end, the random
    # bot's choices included.
    steps = len(game.requests())
    while (d := game.decision()) is not None:
        action = int(rng.choice(np.flatnonzero(d[2])))
        for g in [game, *twins]:
            g.step(action)
    assert len(game.requests()) > steps + 5, "the game went on after the save"
    for twin in twins:
        _same(twin, game)
    assert game.scores() is not None
    # A finished, recorded twin gives its log.
    assert twins[1].log_jsonl().count("\n") > 20


def test_deep_copies_are_independent_branches():
    game = McrGame([None, "random", None, None], seed=3)
    rng = np.random.default_rng(1)
    for _ in range(6):
        _random_step(game, rng)
    a, b = copy.deepcopy(game), copy.deepcopy(game)
    _, _, mask = a.decision()
    legal = np.flatnonzero(mask)
    assert len(legal) > 1
    before = game.requests()
    a.step(int(legal[0]))
    b.step(int(legal[-1]))
    assert a.replies() is None, "not recording, as the original"
    for g in (a, b):
        while (d := g.decision()) is not None:
            g.step(int(np.flatnonzero(d[2])[0]))
    assert a.requests()[: len(before)] == b.requests()[: len(before)] == before
    assert a.requests() != b.requests()
    assert json.loads(a.state())["answers"] != json.loads(b.state())["answers"]
    # The original did not move.
    assert game.requests() == before
    assert len(json.loads(game.state())["answers"]) == 6


def test_python_bots_cannot_be_saved_and_bad_states_are_refused():
    with pytest.raises(TypeError, match="Python callable"):
        McrGame([None, lambda request: "PASS", None, None], seed=1).state()
    with pytest.raises(TypeError, match="Python callable"):
        pickle.dumps(McrGame([None, lambda request: "PASS", None, None], seed=1))
    state = McrGame([None, "greedy", None, None], seed=1).state()
    with pytest.raises(ValueError, match="not a saved MCR game"):
        McrGame.from_state("{}")
    with pytest.raises(ValueError, match="not a saved MCR game"):
        McrGame.from_state(state[:-5])
    with pytest.raises(ValueError, match="unknown field"):
        McrGame.from_state(state.replace('"record"', '"extra":1,"record"'))
    with pytest.raises(ValueError, match="version 9"):
        McrGame.from_state(state.replace('"version":1', '"version":9'))
    with pytest.raises(ValueError, match="seat 1"):
        McrGame.from_state(state.replace('"greedy"', '"nobody"'))
    # NOI2014's state is another format, and ours is not NOI2014's.
    noi = noi2014.Game([None] * 4, seed=1).state()
    with pytest.raises(ValueError, match="noi2014-game-state"):
        McrGame.from_state(noi)
    with pytest.raises(ValueError, match="mcr-game-state"):
        noi2014.Game.from_state(state)
