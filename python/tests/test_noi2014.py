"""NOI2014 from Python: games equal the app's, the environments pass
PettingZoo's and Gymnasium's own checks, batches are deterministic."""

import json

import gymnasium
import numpy as np
import pytest

from mahjong_sim import noi2014


from bots import RandomDiscarder, program, tsumogiri


def _game_lines(log: str):
    """A log's lines without the header's seats and the programs' timings:
    what the game was."""
    out = []
    for line in log.splitlines():
        obj = json.loads(line)
        obj.pop("seats", None)
        obj.pop("program", None)
        out.append(obj)
    return out


@pytest.mark.parametrize("family", ["uniform", "kongs", "multi-ron", "long"])
def test_games_equal_the_apps(cli, family):
    bots = ["greedy", "sample", "greedy:eps=0.3", "sample"]
    for seed in (1, 2, 3):
        game = noi2014.play(bots, seed=seed, family=family)
        args = ["noi2014", "play", "--json", "--seed", str(seed), "--family", family]
        for b in bots:
            args += ["--bot", b]
        assert game.log_jsonl() == cli(*args)


def test_a_python_bot_plays_as_its_program(cli, tmp_path):
    for kind, bot in [("tsumogiri", tsumogiri), ("random", None)]:
        command = program(kind, tmp_path)
        for seed in (4, 5):
            seat = bot if bot is not None else RandomDiscarder(7)
            game = noi2014.play(["greedy", seat, "sample", "greedy"], seed=seed)
            want = cli(
                "noi2014", "play", "--json", "--seed", str(seed), "--time-limit", "10",
                "--bot", "greedy", "--bot", command, "--bot", "sample", "--bot", "greedy",
            )
            assert _game_lines(game.log_jsonl()) == _game_lines(want)
            assert '"kind":"failed"' not in want.replace(" ", "")


def test_the_wall_seed_and_family_are_the_apps(cli):
    assert noi2014.walls("long", seed=7, count=1)[0].split() == noi2014.Game(
        ["greedy"] * 4, seed=7, family="long"
    ).wall().split()


def test_an_exception_in_a_python_bot_is_raised():
    def broken(request):
        raise KeyError("boom")

    with pytest.raises(KeyError):
        noi2014.play(["greedy", broken, "greedy", "greedy"], seed=1)


def test_illegal_actions_put_the_player_out():
    game = noi2014.Game([None] * 4, seed=3)
    seat, request, mask = game.decision()
    illegal = int(np.flatnonzero(mask == 0)[0])
    game.step(illegal)
    assert not game.table()[1][seat]
    while game.decision() is not None:
        game.step(int(np.flatnonzero(game.decision()[2])[0]))
    assert game.points()[seat] == min(game.points())


def test_actions_and_their_answers():
    assert noi2014.ACTIONS == 85 and noi2014.OBS_SHAPE == (11, 27)
    assert noi2014.action_text(0) == "PLAY W1"
    assert noi2014.action_text(83) == "HU"
    assert noi2014.action_text(84) is None
    for a in range(84):
        request = "2 W1" if a < 54 or a == 83 else "3 1 PLAY W1"
        assert noi2014.action_of(request, noi2014.action_text(a)) == a
    assert noi2014.action_of("3 1 PLAY W1", "PLAY W1") is None
    assert noi2014.action_of("2 W1", "play w1") is None
    assert noi2014.action_of("2 W1", "PLAY w1") == 0


def test_pettingzoo_api_and_seed_tests():
    from pettingzoo.test import api_test, seed_test

    api_test(noi2014.env(), num_cycles=1000, verbose_progress=False)
    seed_test(noi2014.env, num_cycles=500)


def test_aec_rewards_are_points_and_masks_are_legal():
    env = noi2014.env(record=True)
    for seed in range(3):
        env.reset(seed=seed)
        total = {a: 0.0 for a in env.possible_agents}
        rng = np.random.default_rng(seed)
        for agent in env.agent_iter():
            obs, reward, term, trunc, info = env.last()
            total[agent] += reward
            if term or trunc:
                env.step(None)
                continue
            assert obs["observation"].shape == (11, 27)
            assert info["request"].split()[0] in ("2", "3")
            legal = np.flatnonzero(obs["action_mask"])
            assert len(legal) > 1
            env.step(int(rng.choice(legal)))
        game = env.unwrapped.game
        points = game.points()
        assert sum(total.values()) == 10.0
        assert [total[f"player_{p}"] for p in range(4)] == points
        # Random legal actions never put anyone out.
        assert not any(e.startswith("out") for e in game.events())
        last = json.loads(env.unwrapped.log_jsonl().splitlines()[-1])
        assert last["type"] == "result"
    env.close()


def test_render_text_and_html():
    env = noi2014.env(render_mode="html")
    env.reset(seed=1)
    assert "wall:" in env.render()
    for agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        env.step(None if term or trunc else int(np.flatnonzero(obs["action_mask"])[0]))
        if env.unwrapped.game.is_over():
            break
    page = env.render()
    assert "<html" in page.lower()


def test_gymnasium_check_env():
    from gymnasium.utils.env_checker import check_env

    # check_env steps with actions sampled from the whole action space,
    # masked ones included: the judge's behaviour, asked for explicitly.
    check_env(noi2014.SingleAgentEnv(seat=1, opponents=("greedy", "sample", "greedy"), illegal="put_out"))


def test_gymnasium_make_and_human_render(capsys):
    from gymnasium.utils.env_checker import check_env

    env = gymnasium.make("mahjong_sim.noi2014:mahjong_sim/NOI2014-v0", seat=2, illegal="put_out")
    assert env.spec.id == noi2014.ENV_ID
    check_env(env.unwrapped)
    obs, _ = env.reset(seed=1)
    assert env.unwrapped.action_masks().sum() >= 1
    human = gymnasium.make(noi2014.ENV_ID, render_mode="human")
    human.reset(seed=1)
    assert human.render() is None
    assert "wall" in capsys.readouterr().out
    with pytest.raises(ValueError, match="render_mode"):
        noi2014.SingleAgentEnv(render_mode="picture")
    # An unknown bot is refused when the environment is made, not at its
    # first reset.
    with pytest.raises(ValueError, match="unknown NOI2014 bot `gredy`: .*greedy"):
        noi2014.SingleAgentEnv(opponents=("greedy", "gredy", "greedy"))


def _bad_actions(legal, masked):
    """The bad-action table: (action, error, words of its message)."""
    return [
        (legal + 0.5, TypeError, "integer"),
        (float(legal), TypeError, "integer"),
        (np.float32(legal), TypeError, "integer"),
        (True, TypeError, "integer"),
        (str(legal), TypeError, "integer"),
        (None, TypeError, "integer"),
        (-1, ValueError, "action -1 is not an action number"),
        (2**32 + 3, ValueError, "action 4294967299 is not an action number"),
        (85, ValueError, "not an action number"),
        (masked, ValueError, "not legal here"),
    ]


def test_single_agent_actions_are_checked_never_converted():
    env = noi2014.SingleAgentEnv(seat=0)
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)
    with pytest.raises(RuntimeError, match="reset"):
        env.action_masks()
    obs, _ = env.reset(seed=4)
    mask = env.action_masks()
    assert mask.dtype == bool and np.array_equal(mask, obs["action_mask"] == 1)
    legal, masked = int(np.flatnonzero(mask)[0]), int(np.flatnonzero(~mask)[0])
    for action, error, says in _bad_actions(legal, masked):
        with pytest.raises(error, match=says):
            env.step(action)
    # Refused steps played nothing.
    assert np.array_equal(env.action_masks(), mask)
    env.step(np.int64(legal))
    judged = noi2014.SingleAgentEnv(seat=0, illegal="put_out")
    judged.reset(seed=4)
    _, _, _, _, info = judged.step(masked)
    assert info.get("illegal") is True
    with pytest.raises(ValueError):
        noi2014.SingleAgentEnv(illegal="maybe")


def test_aec_actions_are_checked_never_converted():
    env = noi2014.raw_env()
    env.reset(seed=4)
    mask = env.observe(env.agent_selection)["action_mask"] == 1
    legal, masked = int(np.flatnonzero(mask)[0]), int(np.flatnonzero(~mask)[0])
    for action, error, says in _bad_actions(legal, masked):
        with pytest.raises(error, match=says):
            env.step(action)
    judged = noi2014.raw_env(illegal="put_out")
    judged.reset(seed=4)
    agent = judged.agent_selection
    judged.step(masked)
    assert judged.infos[agent] == {"illegal": True}


def test_single_agent_with_python_opponents():
    env = noi2014.SingleAgentEnv(seat=2, opponents=(tsumogiri, "greedy", tsumogiri))
    obs, info = env.reset(seed=0)
    done, steps, reward = False, 0, 0.0
    while not done:
        action = int(np.flatnonzero(obs["action_mask"])[-1])
        obs, reward, done, trunc, info = env.step(action)
        steps += 1
    assert steps > 0 and reward == info["points"][2]


def test_vector_is_deterministic_and_a_slot_is_a_game():
    def run(seed, n=8, steps=400):
        v = noi2014.VectorEnv(n, seats=(None, "greedy", None, "sample"), seed=seed, autoreset_mode="SameStep")
        obs, info = v.reset()
        rng = np.random.default_rng(0)
        trace, done_games = [], 0
        for _ in range(steps):
            assert set(np.unique(info["seat"])) <= {0, 2}
            actions = np.array([rng.choice(np.flatnonzero(m)) for m in obs["action_mask"]])
            obs, rewards, done, _, info = v.step(actions)
            assert obs["observation"].shape == (n, 11, 27) and obs["action_mask"].shape == (n, 85)
            # One dtype for masks everywhere: the environments' int8.
            assert obs["action_mask"].dtype == np.int8
            points = info["final_info"]["points"] if done.any() else np.zeros((n, 4))
            assert np.all(points[done].sum(axis=1) == 10.0)
            assert np.all(rewards[~done] == 0)
            done_games += int(done.sum())
            trace.append(obs["observation"].copy())
        return np.stack(trace), done_games

    a, done = run(1)
    b, _ = run(1)
    c, _ = run(2)
    assert done > 8
    assert np.array_equal(a, b)
    assert not np.array_equal(a, c)


def test_vector_random_actions_are_legal_and_seeded():
    def run(seed, steps=300):
        v = noi2014.VectorEnv(8, seats=(None, "greedy", None, None), seed=seed)
        masks = v.reset()[0]["action_mask"]
        drawn = []
        for _ in range(steps):
            actions = v.random_actions()
            assert actions.dtype == np.uint32 and actions.shape == (8,)
            # A finished game (next-step autoreset) has no legal action:
            # it gets 0, ignored.
            playing = masks.any(axis=1)
            assert np.all(masks[np.arange(8), actions][playing] == 1)
            assert np.all(actions[~playing] == 0)
            drawn.append(actions)
            masks = v.step(actions)[0]["action_mask"]
        return np.stack(drawn)

    a = run(1)
    assert np.array_equal(a, run(1))
    assert not np.array_equal(a, run(2))
    # Not always the same choice: discards of many kinds are drawn.
    assert len(np.unique(a)) > 20


def test_vector_refuses_bad_input():
    with pytest.raises(ValueError):
        noi2014.VectorEnv(2, seats=("greedy",) * 4)
    v = noi2014.VectorEnv(2)
    with pytest.raises(ValueError):
        v.step([81, 85])
    with pytest.raises(ValueError):
        v.step([81])
    with pytest.raises(ValueError):
        noi2014.VectorEnv(2, illegal="maybe")
    # Any non-negative integer seeds it, as the other environments.
    def first(seed):
        return noi2014.VectorEnv(2, seed=seed).reset()[0]["observation"]

    assert np.array_equal(first(2**64), first(2**64))
    assert not np.array_equal(first(2**64), first(2**64 + 1))
    with pytest.raises(ValueError):
        noi2014.VectorEnv(2, seed=-1)
    with pytest.raises(TypeError):
        noi2014.VectorEnv(2, seed=1.5)


def test_vector_actions_are_checked_never_converted():
    """The bad-action table: each is refused with its error, never
    truncated (0.5 to 0) or wrapped (2**32 + 3 to 3, -1 to 4294967295);
    a masked action raises, or with illegal="put_out" puts the seat out
    and is flagged."""
    v = noi2014.VectorEnv(2, seed=3)
    masks = v.reset()[0]["action_mask"]
    legal = np.array([np.flatnonzero(m)[0] for m in masks])
    for bad, error, says in [
        (legal + 0.5, TypeError, "integers"),
        (legal.astype(np.float64), TypeError, "integers"),
        (np.array([True, False]), TypeError, "integers"),
        (np.array(["1", "2"]), TypeError, "integers"),
        (np.array([-1, legal[1]]), ValueError, "game 0: action -1"),
        (np.array([legal[0], 2**32 + 3]), ValueError, "game 1: action 4294967299"),
        (np.array([85, legal[1]]), ValueError, "not an action number"),
        (np.array([legal]), ValueError, "shape"),
        (legal[:1], ValueError, "shape"),
    ]:
        with pytest.raises(error, match=says):
            v.step(bad)
    masked = np.array([np.flatnonzero(m == 0)[0] for m in masks])
    with pytest.raises(ValueError, match="not legal there"):
        v.step(np.array([legal[0], masked[1]]))
    # Nothing was played by the refused steps: the same decisions pend.
    again = v._vec.current()[1]
    assert np.array_equal(again, masks)
    judged = noi2014.VectorEnv(2, seed=3, illegal="put_out")
    judged.reset()
    info = judged.step(np.array([legal[0], masked[1]], dtype=np.int64))[-1]
    assert judged.illegal.tolist() == [False, True] == info["illegal"].tolist()
    info = judged.step(judged.random_actions())[-1]
    assert not judged.illegal.any() and not info["illegal"].any()


def _last_legal(obs, mask):
    assert obs.shape == (11, 27) and obs.dtype == np.uint8
    assert mask.shape == (85,) and mask.sum() > 1
    return int(np.flatnonzero(mask)[-1])


def test_a_policy_bot_plays_from_its_own_observations():
    calls = []

    def policy(obs, mask):
        calls.append(obs.copy())
        return _last_legal(obs, mask)

    for seed in (1, 2, 3):
        game = noi2014.play(["greedy", noi2014.policy_bot(policy), "sample", "greedy"], seed=seed)
        assert not any(e == "out 1" for e in game.events())
    assert len(calls) > 10
    # Its own seat is 1: row 10, column 12.
    assert all(o[10, 12] == 1 for o in calls)


def test_a_policy_bot_in_a_duel_and_its_errors():
    report = noi2014.duel(
        ("policy", lambda seed: noi2014.policy_bot(_last_legal)), ("sample", "sample"), games=16
    )
    assert report["games"] == 16 and report["a"]["put_out"] == {}

    def broken(obs, mask):
        raise ZeroDivisionError

    with pytest.raises(ZeroDivisionError):
        noi2014.play(["greedy", noi2014.policy_bot(broken), "greedy", "greedy"], seed=1)


def test_a_game_state_branches_pickles_and_copies():
    import copy
    import pickle

    game = noi2014.Game([None, "greedy:eps=0.2", None, "sample"], seed=5)
    rng = np.random.default_rng(0)
    for _ in range(12):
        game.step(int(rng.choice(np.flatnonzero(game.decision()[2]))))
    state = game.state()
    value = json.loads(state)
    assert (value["format"], value["version"]) == ("mahjong-sim/noi2014-game-state", 1)
    assert len(value["answers"]) == 12
    twins = [noi2014.Game.from_state(state), pickle.loads(pickle.dumps(game)), copy.deepcopy(game)]
    for twin in twins:
        assert twin.events() == game.events()
        assert twin.decision()[1] == game.decision()[1]
        assert np.array_equal(twin.observe(0), game.observe(0))
    # The same actions from here: the same game to the end, bots' random
    # choices included.
    while (d := game.decision()) is not None:
        action = int(rng.choice(np.flatnonzero(d[2])))
        for g in [game, *twins]:
            g.step(action)
    assert all(t.events() == game.events() and t.points() == game.points() for t in twins)
    # Two branches from one state that choose differently differ.
    a, b = noi2014.Game.from_state(state), noi2014.Game.from_state(state)
    legal = np.flatnonzero(a.decision()[2])
    a.step(int(legal[0]))
    b.step(int(legal[-1]))
    assert a.events() != b.events()
    with pytest.raises(TypeError, match="Python callable"):
        noi2014.Game([None, lambda request: "PASS", None, None], seed=1).state()
    with pytest.raises(RuntimeError, match="record"):
        noi2014.Game([None] * 4, seed=1, record=False).state()
    with pytest.raises(ValueError, match="not a saved NOI2014 game"):
        noi2014.Game.from_state("{}")
    with pytest.raises(ValueError, match="version"):
        noi2014.Game.from_state(state.replace('"version":1', '"version":9'))


def test_the_search_example_runs():
    import subprocess
    import sys
    from pathlib import Path

    example = Path(__file__).parents[1] / "examples" / "search.py"
    done = subprocess.run([sys.executable, str(example), "--games", "1", "--rollouts", "1"],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    assert "average over 1 walls: search" in done.stdout, done.stdout
