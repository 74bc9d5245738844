"""VectorEnv as a Gymnasium vector environment, and the multi-agent
batched view.

Gymnasium (1.x) ships no checker for vector environments
(``gymnasium.utils.env_checker`` checks single ones), so these tests check
every attribute of ``gymnasium.vector.VectorEnv`` and the autoreset rules
Gymnasium documents (https://farama.org/Vector-Autoreset-Mode), and run
Gymnasium's own vector wrappers on it."""

import gymnasium
import numpy as np
import pytest
from gymnasium.vector import AutoresetMode

from mahjong_sim import noi2014

SEATS = (None, "greedy", None, "sample")
MODES = [AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP]


def test_a_gymnasium_vector_env_with_every_attribute(capsys):
    v = noi2014.VectorEnv(3, seats=SEATS, seed=1, render_mode="ansi")
    assert isinstance(v, gymnasium.vector.VectorEnv)
    assert v.num_envs == 3 and v.unwrapped is v
    assert v.single_observation_space == noi2014.SingleAgentEnv().observation_space
    assert v.single_action_space == gymnasium.spaces.Discrete(85)
    assert v.action_space == gymnasium.spaces.MultiDiscrete([85] * 3)
    assert v.observation_space["observation"].shape == (3, 11, 27)
    assert v.observation_space["action_mask"].shape == (3, 85)
    assert v.observation_space["action_mask"].dtype == np.int8
    assert v.metadata["autoreset_mode"] is AutoresetMode.NEXT_STEP
    assert v.metadata["render_modes"] == ["ansi", "human"]
    assert noi2014.VectorEnv(2, autoreset_mode="SameStep").metadata["autoreset_mode"] is AutoresetMode.SAME_STEP
    # One instance's metadata is its own.
    assert noi2014.VectorEnv.metadata["autoreset_mode"] is AutoresetMode.NEXT_STEP
    with pytest.raises(ValueError, match="autoreset_mode"):
        noi2014.VectorEnv(2, autoreset_mode="sometimes")
    with pytest.raises(ValueError, match="render_mode"):
        noi2014.VectorEnv(2, render_mode="rgb_array")

    obs, info = v.reset(seed=5)
    assert v.observation_space.contains(obs)
    assert info["seat"].shape == (3,) and info["_seat"].all()
    assert set(info["seat"]) <= {0, 2}
    for _ in range(50):
        actions = v.random_actions()
        assert v.action_space.contains(actions.astype(np.int64))
        obs, rewards, terminations, truncations, info = v.step(actions)
        assert v.observation_space.contains(obs)
        assert rewards.shape == (3,) and rewards.dtype == np.float64
        assert terminations.dtype == truncations.dtype == np.bool_
        assert not truncations.any()
    # Gymnasium's sampled actions are taken as they are (int64).
    actions = v.action_space.sample()
    masks = obs["action_mask"]
    legal = np.array([np.flatnonzero(m)[0] if m.any() else 0 for m in masks])
    v.step(legal.astype(actions.dtype))

    frames = v.render()
    assert isinstance(frames, tuple) and len(frames) == 3
    assert all("wall:" in f and "player 3" in f for f in frames)
    human = noi2014.VectorEnv(2, render_mode="human")
    human.reset()
    assert human.render() is None
    assert "game 1" in capsys.readouterr().out
    v.close()
    assert v.closed


def test_reset_restarts_the_games_and_follows_the_seed():
    def first(v, **kw):
        obs, info = v.reset(**kw)
        return obs["observation"].copy(), info["seat"].copy()

    v = noi2014.VectorEnv(4, seats=SEATS, seed=9)
    start = first(v)
    for _ in range(20):
        v.step(v.random_actions())
    games = v.games
    # reset() starts new games: other walls, more games started.
    again = first(v)
    assert v.games == games + 4
    assert not np.array_equal(again[0], start[0])
    # reset(seed=s) is a new VectorEnv of seed s, random actions included.
    seeded = first(v, seed=123)
    fresh = noi2014.VectorEnv(4, seats=SEATS, seed=123)
    assert all(np.array_equal(a, b) for a, b in zip(seeded, first(fresh)))
    assert np.array_equal(v.random_actions(), fresh.random_actions())
    assert v.np_random_seed == 123
    big = first(v, seed=2**70)
    assert all(np.array_equal(a, b) for a, b in zip(big, first(noi2014.VectorEnv(4, seats=SEATS, seed=2**70))))
    with pytest.raises(ValueError):
        v.reset(seed=-1)
    with pytest.raises(ValueError, match="unknown reset options"):
        v.reset(options={"what": 1})


def run(mode, steps=400, n=3, seed=4):
    """Plays ``n`` games by a policy that picks each game's k-th decision's
    ``(7k + i)``-th legal action; per game, the decisions it was asked
    (seat, observation) and the ends of its games (the deciding seat's
    observation, its reward, every seat's points), as the rule of ``mode``
    delivers them."""
    v = noi2014.VectorEnv(n, seats=SEATS, seed=seed, autoreset_mode=mode)
    obs, info = v.reset()
    asked, ends = [[] for _ in range(n)], [[] for _ in range(n)]
    waiting = np.zeros(n, dtype=bool)  # NEXT_STEP: a finished game shown
    for _ in range(steps):
        actions = np.zeros(n, dtype=np.int64)
        for i in range(n):
            legal = np.flatnonzero(obs["action_mask"][i])
            if waiting[i]:
                # The step after the end: the action is ignored, even one
                # no mask allows.
                assert len(legal) == 0
                actions[i] = 84
                continue
            assert len(legal) > 1
            k = len(asked[i])
            actions[i] = legal[(7 * k + i) % len(legal)]
            asked[i].append((int(info["seat"][i]), obs["observation"][i].copy()))
        obs, rewards, terminations, truncations, info = v.step(actions)
        assert not truncations.any()
        for i in range(n):
            if waiting[i]:
                # The reset step: no reward, not terminated, a new game.
                assert rewards[i] == 0 and not terminations[i]
                assert obs["action_mask"][i].any()
                waiting[i] = False
                continue
            if not terminations[i]:
                assert rewards[i] == 0
                continue
            seat = asked[i][-1][0]
            if mode is AutoresetMode.SAME_STEP:
                # The next game at once; the end in final_obs/final_info.
                assert obs["action_mask"][i].any()
                assert info["_final_obs"][i] and info["_final_info"][i]
                final = info["final_obs"][i]
                assert not final["action_mask"].any()
                assert info["final_info"]["seat"][i] == seat
                points = info["final_info"]["points"][i]
                end = final["observation"]
            else:
                assert "final_obs" not in info
                # The finished game stays one step, by the seat that decided.
                assert not obs["action_mask"][i].any() and info["seat"][i] == seat
                assert info["_points"][i]
                points = info["points"][i]
                end = obs["observation"][i]
                waiting[i] = True
            assert points.sum() == 10 and rewards[i] == points[seat]
            ends[i].append((seat, end.copy(), float(rewards[i]), points.tolist()))
        if mode is AutoresetMode.SAME_STEP:
            if terminations.any():
                assert not info["_final_obs"][~terminations].any()
                assert all(f is None for f in info["final_obs"][~terminations])
            else:
                assert "final_obs" not in info
    return asked, ends


def test_the_autoreset_modes_follow_gymnasiums_rules_and_agree():
    """Each mode's rule (checked in ``run``), and the same games in both:
    the end a next-step game shows is the same-step final observation, and
    the decisions asked are the same."""
    same_asked, same_ends = run(AutoresetMode.SAME_STEP)
    next_asked, next_ends = run(AutoresetMode.NEXT_STEP)
    games = 0
    for i in range(3):
        a, e = len(next_asked[i]), len(next_ends[i])
        assert e >= 1
        for (s1, o1), (s2, o2) in zip(next_asked[i], same_asked[i][:a]):
            assert s1 == s2 and np.array_equal(o1, o2)
        for (s1, o1, r1, p1), (s2, o2, r2, p2) in zip(next_ends[i], same_ends[i][:e]):
            assert (s1, r1, p1) == (s2, r2, p2) and np.array_equal(o1, o2)
        games += e
    assert games >= 6


def test_disabled_autoreset_waits_for_reset_mask():
    v = noi2014.VectorEnv(2, seed=2, autoreset_mode=AutoresetMode.DISABLED)
    v.reset()
    for _ in range(2000):
        obs, rewards, terminations, _, info = v.step(v.random_actions())
        if terminations.any():
            break
    assert terminations.any()
    with pytest.raises(ValueError, match="reset it first"):
        v.step(v.random_actions())
    with pytest.raises(ValueError, match="reset_mask"):
        v.reset(options={"reset_mask": terminations.astype(int)})
    games = v.games
    obs, info = v.reset(options={"reset_mask": terminations})
    assert v.games == games + int(terminations.sum())
    assert obs["action_mask"].any(axis=1).all()
    v.step(v.random_actions())


@pytest.mark.parametrize("mode", MODES, ids=lambda m: m.value)
def test_gymnasiums_record_episode_statistics_works_on_it(mode):
    """Gymnasium's own wrapper counts every game: its returns are the
    points the seat won, its lengths the decisions asked, the same in
    both modes."""
    env = gymnasium.wrappers.vector.RecordEpisodeStatistics(
        noi2014.VectorEnv(4, seats=(None, "greedy", "greedy", "greedy"), seed=3, autoreset_mode=mode)
    )
    assert env.metadata["autoreset_mode"] is mode
    env.reset(seed=3)
    seen, lengths = [], np.zeros(4, dtype=int)
    waiting = np.zeros(4, dtype=bool)
    for _ in range(300):
        actions = env.unwrapped.random_actions()
        lengths += ~waiting
        _, rewards, terminations, _, info = env.step(actions)
        waiting[:] = False
        if terminations.any():
            stats = info["episode"]
            assert np.array_equal(info["_episode"], terminations)
            for i in np.flatnonzero(terminations):
                assert stats["r"][i] == rewards[i] and stats["l"][i] == lengths[i]
                seen.append((i, float(stats["r"][i]), int(stats["l"][i])))
            lengths[terminations] = 0
            waiting = terminations & (mode is AutoresetMode.NEXT_STEP)
    assert len(seen) >= 4 and len(env.return_queue) == len(seen)
    assert {r for _, r, _ in seen} <= {1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0}
    # The wrapper's count is the mode's business: the same games either way.
    other = AutoresetMode.SAME_STEP if mode is AutoresetMode.NEXT_STEP else AutoresetMode.NEXT_STEP
    twin = gymnasium.wrappers.vector.RecordEpisodeStatistics(
        noi2014.VectorEnv(1, seats=(None, "greedy", "greedy", "greedy"), seed=3, autoreset_mode=other)
    )
    mine = gymnasium.wrappers.vector.RecordEpisodeStatistics(
        noi2014.VectorEnv(1, seats=(None, "greedy", "greedy", "greedy"), seed=3, autoreset_mode=mode)
    )
    for e in (twin, mine):
        e.reset(seed=3)
        while len(e.return_queue) < 3:
            masks = e.unwrapped._vec.current()[1]
            e.step(np.array([np.flatnonzero(m)[-1] if m.any() else 0 for m in masks]))
    assert list(twin.return_queue) == list(mine.return_queue)
    assert list(twin.length_queue) == list(mine.length_queue)


def test_other_gymnasium_vector_wrappers_work_on_it():
    env = gymnasium.wrappers.vector.DictInfoToList(noi2014.VectorEnv(2, seed=1))
    _, infos = env.reset(seed=1)
    assert isinstance(infos, list) and len(infos) == 2 and "seat" in infos[0]
    env = gymnasium.wrappers.vector.TransformReward(noi2014.VectorEnv(2, seed=1), lambda r: r / 4)
    env.reset(seed=1)
    for _ in range(300):
        _, rewards, terminations, _, _ = env.step(env.unwrapped.random_actions())
        assert np.all(rewards <= 1.0)


def test_make_vec_gives_the_rust_vector_env():
    v = gymnasium.make_vec(noi2014.ENV_ID, num_envs=3, seat=2, opponents=("sample", "greedy", "greedy"))
    assert isinstance(v.unwrapped, noi2014.VectorEnv)
    assert v.unwrapped.spec.id == noi2014.ENV_ID
    obs, info = v.reset(seed=4)
    assert (info["seat"] == 2).all() and v.observation_space.contains(obs)
    env = gymnasium.wrappers.vector.RecordEpisodeStatistics(v)
    env.reset(seed=4)
    while len(env.return_queue) < 3:
        env.step(v.unwrapped.random_actions())
    # Python bots need the single environments.
    with pytest.raises(TypeError, match="sync"):
        gymnasium.make_vec(noi2014.ENV_ID, num_envs=2, opponents=(lambda r: "PASS", "greedy", "greedy"))
    sync = gymnasium.make_vec(noi2014.ENV_ID, num_envs=2, vectorization_mode="sync",
                              opponents=(lambda r: "PASS", "greedy", "greedy"))
    assert isinstance(sync, gymnasium.vector.SyncVectorEnv)
    assert sync.single_observation_space == v.single_observation_space


# ---- the multi-agent view -----------------------------------------------------


def test_the_multi_agent_view_batches_every_seat():
    n = 4
    m = noi2014.MultiAgentVectorEnv(n, seed=6)
    v = noi2014.VectorEnv(n, seed=6)
    assert m.possible_agents == [f"player_{p}" for p in range(4)] == m.agents
    assert m.observation_space("player_1") == v.single_observation_space
    assert m.action_space("player_1") == gymnasium.spaces.Discrete(85)
    obs, infos = m.reset()
    vobs, vinfo = v.reset()
    ended, rng = 0, np.random.default_rng(0)
    for step in range(400):
        # Exactly the deciding seat has legal actions; its view is what
        # VectorEnv shows for the same games.
        assert np.array_equal(m.to_act, np.where(vobs["action_mask"].any(axis=1), vinfo["seat"].astype(int), -1))
        for p, agent in enumerate(m.agents):
            mine = m.to_act == p
            assert np.array_equal(infos[agent]["to_act"], mine)
            assert obs[agent]["observation"].shape == (n, 11, 27)
            assert obs[agent]["action_mask"].shape == (n, 85) and obs[agent]["action_mask"].dtype == np.int8
            assert not obs[agent]["action_mask"][~mine].any()
            assert np.array_equal(obs[agent]["action_mask"][mine], vobs["action_mask"][mine])
            assert np.array_equal(obs[agent]["observation"][mine], vobs["observation"][mine])
            # Each seat sees its own hand: row 0 differs between seats.
            assert obs[agent]["observation"][:, 10, 11 + p].all()
        flat = np.zeros(n, dtype=np.int64)
        for i in range(n):
            legal = np.flatnonzero(vobs["action_mask"][i])
            flat[i] = rng.choice(legal) if len(legal) else 0
        # Half the steps as a dict by agent (garbage where it does not
        # decide), half as one array.
        if step % 2:
            actions = {a: np.where(m.to_act == p, flat, 999) for p, a in enumerate(m.agents)}
        else:
            actions = flat
        obs, rewards, terminations, truncations, infos = m.step(actions)
        vobs, vrewards, vterm, _, vinfo = v.step(flat)
        assert np.array_equal(terminations["player_0"], vterm)
        if vterm.any():
            points = np.stack([rewards[a] for a in m.agents], axis=1)
            # Every seat gets its own points, whoever decided last.
            assert np.array_equal(points[vterm], vinfo["points"][vterm])
            assert np.all(points[vterm].sum(axis=1) == 10)
            assert np.all(m.to_act[vterm] == -1)
            ended += int(vterm.sum())
        assert all(not t.any() for t in truncations.values())
    assert ended >= 3


def test_the_multi_agent_view_checks_actions_and_has_bots_and_same_step():
    m = noi2014.MultiAgentVectorEnv(3, seats=(None, "greedy", None, "greedy"), seed=2)
    assert m.possible_agents == ["player_0", "player_2"]
    obs, _ = m.reset(seed=2)
    assert set(m.to_act) <= {0, 2}
    with pytest.raises(ValueError, match="missing"):
        m.step({"player_0": np.zeros(3, dtype=int)} if (m.to_act == 2).any() else {"player_2": np.zeros(3, dtype=int)})
    with pytest.raises(ValueError, match="no agent"):
        m.step({"player_1": np.zeros(3, dtype=int)})
    with pytest.raises(TypeError, match="integers"):
        m.step({a: np.zeros(3) for a in m.agents})
    with pytest.raises(ValueError, match="shape"):
        m.step({a: np.zeros(2, dtype=int) for a in m.agents})
    with pytest.raises(ValueError, match="not legal"):
        m.step(np.array([int(np.flatnonzero(obs[f"player_{p}"]["action_mask"][i] == 0)[0])
                         for i, p in enumerate(m.to_act)]))

    same = noi2014.MultiAgentVectorEnv(3, seed=2, autoreset_mode="SameStep")
    nxt = noi2014.MultiAgentVectorEnv(3, seed=2)
    same.reset()
    nxt_obs, _ = nxt.reset()
    ended = 0
    for _ in range(600):
        actions = nxt.random_actions()
        if (nxt.to_act == -1).any():
            break
        s_obs, _, s_term, _, s_infos = same.step(actions)
        nxt_obs, _, n_term, _, _ = nxt.step(actions)
        s_term = s_term["player_0"]
        assert np.array_equal(s_term, n_term["player_0"])
        if s_term.any():
            for a in same.agents:
                assert np.array_equal(s_infos[a]["_final_obs"], s_term)
                assert np.array_equal(s_infos[a]["final_obs"][s_term], nxt_obs[a]["observation"][s_term])
            assert (same.to_act >= 0).all()
            ended += 1
    assert ended >= 1
