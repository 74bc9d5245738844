"""MCR's learning environments from Python: PettingZoo's and Gymnasium's
own checks pass, masked actions are what the judge accepts, actions are
checked strictly, the AEC, parallel, single-seat and batched faces play
the same games."""

import json

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, parallel_api_test

from mahjong_sim import mcr_env
from mahjong_sim.mcr_env import ACTIONS, PASS, McrGame

from conftest import ROOT, in_child

PENALTY = sorted([10, 10, 10, -30])


def test_shapes_and_answers():
    assert ACTIONS == 241 and mcr_env.OBS_SHAPE == (11, 34)
    assert mcr_env.action_text(0) == "PLAY W1"
    assert mcr_env.action_text(PASS) == "PASS"
    assert mcr_env.action_text(239) == "GANG" and mcr_env.action_text(240) == "HU"
    # CHI: the claimed W3 lowest, then discard J1 (kind 31).
    assert mcr_env.action_text(34 + 31, "W3") == "CHI W4 J1"
    assert mcr_env.action_text(34 + 34 + 31, "W3") == "CHI W3 J1"
    assert mcr_env.action_text(136 + 5) == "PENG W6"
    assert mcr_env.action_text(170) == "GANG W1" and mcr_env.action_text(204) == "BUGANG W1"
    readable = 0
    for a in range(ACTIONS):
        text = mcr_env.action_text(a, "T5")
        assert mcr_env.action_of(text, "T5") == a, text
        readable += 1
    assert readable == ACTIONS
    assert mcr_env.action_of("PLAY X1") is None and mcr_env.action_of("PASS ") is None
    with pytest.raises(ValueError):
        mcr_env.action_text(ACTIONS)
    with pytest.raises(ValueError):
        mcr_env.action_of("PASS", "X9")


def test_the_aec_environment_passes_pettingzoos_api_test():
    api_test(mcr_env.env(), num_cycles=300)


def test_the_parallel_environment_passes_pettingzoos_api_test():
    parallel_api_test(mcr_env.parallel_env(), num_cycles=1000)


def _random_aec_game(e, rng):
    asked = 0
    for agent in e.agent_iter():
        obs, _, term, trunc, _ = e.last()
        if term or trunc:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert len(legal) > 1, "asked with one legal action"
        e.step(int(rng.choice(legal)))
        asked += 1
    return asked


def test_random_masked_actions_are_never_penalised():
    e = mcr_env.env()
    rng = np.random.default_rng(0)
    asked, scores = 0, []
    for seed in range(30):
        e.reset(seed=seed)
        asked += _random_aec_game(e, rng)
        scores.append([e.unwrapped.game.scores()[p] for p in range(4)])
    assert asked > 500
    for s in scores:
        assert sorted(s) != PENALTY and sum(s) == 0, s


def test_the_parallel_environment_asks_every_decision_of_a_step():
    e = mcr_env.parallel_env()
    rng = np.random.default_rng(1)
    together = 0
    for seed in range(20):
        obs, infos = e.reset(seed=seed)
        while e.agents:
            deciding = [a for a in e.agents if infos[a]["decides"]]
            assert deciding, "a step with nobody to decide"
            together += len(deciding) > 1
            actions = {}
            for a in e.agents:
                mask = obs[a]["action_mask"]
                if not infos[a]["decides"]:
                    assert np.flatnonzero(mask).tolist() == [PASS]
                actions[a] = int(rng.choice(np.flatnonzero(mask)))
            obs, rewards, term, trunc, infos = e.step(actions)
        scores = [rewards[a] for a in mcr_env.AGENTS]
        assert all(term.values()) and sorted(scores) != PENALTY and sum(scores) == 0
    assert together > 0


def _last_legal(mask):
    return int(np.flatnonzero(mask)[-1])


def test_aec_parallel_batched_and_a_policy_bot_play_the_same_game():
    for seed in range(4):
        a = McrGame([None] * 4, seed=seed, record=True)
        while (d := a.decision()) is not None:
            a.step(_last_legal(d[2]))
        b = McrGame([None] * 4, seed=seed, record=True)
        while not b.is_over():
            chosen = [None] * 4
            for p, _, mask in b.decisions():
                chosen[p] = _last_legal(mask)
            b.step_all(chosen)
        assert a.requests() == b.requests() and a.replies() == b.replies()
        assert a.scores() == b.scores()
        bot = mcr_env.policy_bot(lambda obs, mask: _last_legal(mask))
        c = McrGame([None, bot, None, None], seed=seed, record=True)
        while (d := c.decision()) is not None:
            assert d[0] != 1
            c.step(_last_legal(d[2]))
        assert c.requests() == a.requests() and c.scores() == a.scores()


def test_actions_are_checked_strictly():
    e = mcr_env.raw_env()
    e.reset(seed=3)
    agent = e.agent_selection
    mask = e.observe(agent)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = e.game.requests()
    for bad, error in [(illegal, ValueError), (True, TypeError), (1.0, TypeError), (ACTIONS, ValueError), (-1, ValueError)]:
        with pytest.raises(error):
            e.step(bad)
    assert e.game.requests() == before and e.agent_selection == agent
    # Played on request: the judge penalises the seat.
    raw = mcr_env.raw_env(illegal="put_out")
    raw.reset(seed=3)
    seat = raw.agent_name_mapping[raw.agent_selection]
    raw.step(illegal)
    game = raw.game
    while (d := game.decision()) is not None:
        game.step(int(np.flatnonzero(d[2])[0]))
    assert game.scores()[seat] == -30
    # One vocabulary with NOI2014's environments: any other word is refused.
    for word in ("ignore", "penalty"):
        for make in (mcr_env.raw_env, mcr_env.raw_parallel_env, lambda illegal: mcr_env.VectorEnv(1, illegal=illegal)):
            with pytest.raises(ValueError, match="'raise' or 'put_out'"):
                make(illegal=word)
    p = mcr_env.parallel_env()
    obs, infos = p.reset(seed=5)
    quiet = next(a for a in p.agents if not infos[a]["decides"])
    actions = {a: _last_legal(obs[a]["action_mask"]) for a in p.agents}
    with pytest.raises(ValueError, match="must be PASS"):
        p.step({**actions, quiet: 0})
    missing = {a: x for a, x in actions.items() if not infos[a]["decides"]}
    with pytest.raises(ValueError, match="missing"):
        p.step(missing)
    p.step(actions)


def test_python_bots_play_and_their_exceptions_are_raised():
    def passer(request):
        return "PASS"

    game = McrGame(["greedy", passer, "random", "planner"], seed=2)
    assert game.is_over() and game.scores()[1] == -30

    def broken(request):
        raise KeyError("boom")

    with pytest.raises(KeyError):
        McrGame(["greedy", broken, "greedy", "greedy"], seed=1)
    with pytest.raises(ValueError):
        McrGame(["nobody", None, None, None])
    with pytest.raises(TypeError):
        McrGame([3, None, None, None])


def test_the_vector_env_is_seeded_legal_and_resets_games():
    def run(seed, mode):
        v = mcr_env.VectorEnv(8, seats=(None, "greedy", None, "random"), seed=seed, autoreset_mode=mode)
        obs, infos = v.reset()
        trace, ended = [], 0
        for _ in range(300):
            actions = v.random_actions()
            masks = obs["action_mask"]
            # A finished game (next-step autoreset) shows no legal action.
            live = masks.any(axis=1)
            assert (masks[np.arange(8), actions] == 1)[live].all()
            assert mode == "NextStep" or live.all()
            assert set(infos["seat"].tolist()) <= {0, 2}
            obs, rewards, term, trunc, infos = v.step(actions)
            trace.append(obs["observation"].copy())
            ended += int(term.sum())
            scores = infos["scores"] if mode == "NextStep" else infos.get("final_info", {}).get("scores")
            if term.any():
                assert (scores[term].sum(axis=1) == 0).all()
        return np.array(trace), ended, v.games

    t1, ended, games = run(1, "NextStep")
    assert ended >= 8 and games > 8
    assert np.array_equal(run(1, "NextStep")[0], t1)
    assert not np.array_equal(run(2, "NextStep")[0], t1)
    assert run(1, "SameStep")[1] >= 8
    v = mcr_env.VectorEnv(2, seed=0)
    obs, _ = v.reset()
    bad = np.array([int(np.flatnonzero(obs["action_mask"][i] == 0)[0]) for i in range(2)])
    before = v._vec.current()[0].copy()
    with pytest.raises(ValueError, match="not legal"):
        v.step(bad)
    assert np.array_equal(v._vec.current()[0], before)
    for wrong, error in [(bad.astype(float), TypeError), (np.array([0]), ValueError), (np.array([0, 241]), ValueError)]:
        with pytest.raises(error):
            v.step(wrong)
    loose = mcr_env.VectorEnv(2, seed=0, illegal="put_out")
    loose.reset()
    _, _, term, _, infos = loose.step(bad)
    assert infos["illegal"].all()
    with pytest.raises(ValueError):
        mcr_env.VectorEnv(2, seats=("greedy",) * 4)


def test_threads_never_wait_for_each_other_for_good():
    body = """
        from mahjong_sim import mcr_env
        from mahjong_sim.mcr_env import McrGame

        v = mcr_env.VectorEnv(32, seats=(None, "greedy", None, None), seed=1, render_mode="ansi")
        v.reset()
        g = McrGame([None, lambda r: "PASS" if not r.startswith("2") else "PLAY " + r.split()[1], None, None], seed=4)

        def read():
            v.random_actions(), v._vec.current(), v.render(), g.observe(0), g.decisions()

        def work():
            for _ in range(200):
                v.step(v.random_actions())
            while (d := g.decision()) is not None:
                g.step(int(d[2].nonzero()[0][0]))

        with_readers(read, work)
        print("ok")
        """
    out = in_child(body, 300)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr


def _log_lines(text):
    """The log's lines as JSON, each checked against the format's committed
    schema (of the header's version) when ``jsonschema`` is installed."""
    assert text.endswith("\n")
    lines = [json.loads(line) for line in text.splitlines()]
    header = lines[0]
    assert header["type"] == "header" and header["format"] == "mahjong-sim/mcr-game-log"
    assert lines[-1]["type"] == "result"
    assert {line["type"] for line in lines[1:-1]} == {"event", "request"}
    try:
        import jsonschema
    except ImportError:
        return lines
    schema = json.loads((ROOT / "docs" / "schemas" / f"mcr-game-log.v{header['version']}.json").read_text())
    validator = jsonschema.Draft202012Validator(schema)
    for line in lines:
        validator.validate(line)
    return lines


def test_a_recorded_game_gives_its_log_and_replay_page():
    game = McrGame([None, "greedy", lambda request: "PASS" if request.startswith(("0", "1")) else "", None], seed=2, record=True)
    with pytest.raises(RuntimeError, match="not over"):
        game.log_jsonl()
    while (d := game.decision()) is not None:
        game.step(int(np.flatnonzero(d[2])[0]))
    lines = _log_lines(game.log_jsonl())
    assert [s["name"] for s in lines[0]["seats"]] == ["caller", "greedy", "<lambda>", "caller"]
    assert lines[-1]["scores"] == game.scores()
    answers = [r["reply"]["text"] for r in lines if r["type"] == "request"]
    assert answers == [a for step in game.replies() for a in step]
    page = game.replay_html(["alice", "bob", "carol", "dave"], title="a test game")
    assert page.startswith("<!DOCTYPE html>")
    assert all(name in page for name in ("alice", "bob", "carol", "dave", "a test game"))
    with pytest.raises(ValueError, match="labels"):
        game.log_jsonl(["one"])
    unrecorded = McrGame(["greedy"] * 4, seed=2)
    with pytest.raises(RuntimeError, match="record"):
        unrecorded.log_jsonl()
    # From the PettingZoo faces, seats named by their agents.
    for make in (mcr_env.raw_env, mcr_env.raw_parallel_env):
        e = make(record=True)
        e.reset(seed=4)
        g = e.game
        while (d := g.decision()) is not None:
            g.step(int(np.flatnonzero(d[2])[-1]))
        lines = _log_lines(e.log_jsonl())
        assert [s["name"] for s in lines[0]["seats"]] == mcr_env.AGENTS
        assert "player_3" in e.replay_html()


def test_bots_in_the_env_play_the_apps_games(cli):
    """Greedy bots at every seat of the environment's game of a seed play
    the game ``mcr play --seed`` plays: the same scores, the same log."""
    ended = set()
    for seed in (1, 2, 3, 7):
        game = McrGame(["greedy"] * 4, seed=seed, record=True)
        assert game.is_over()
        want = cli("mcr", "play", "--seed", str(seed), "--json", *["--bot", "greedy"] * 4)
        app = _log_lines(want)
        assert game.scores() == app[-1]["scores"]
        assert game.log_jsonl() == want
        ended.add(app[-1]["end"]["kind"])
    assert "win" in ended, ended


# ---- the single-seat Gymnasium environment ----------------------------------


def test_the_single_agent_env_passes_gymnasiums_check_env():
    # check_env samples actions from the whole space, masked ones
    # included: the judge's answer to them, asked for.
    check_env(mcr_env.SingleAgentEnv(seat=1, opponents=("greedy", "random", "planner"), illegal="put_out"))
    made = gymnasium.make("mahjong_sim.mcr_env:mahjong_sim/MCR-v0", seat=3, illegal="put_out")
    assert made.spec.id == mcr_env.ENV_ID == "mahjong_sim/MCR-v0"
    # Through the spec check_env renders every mode, "html" included.
    check_env(made.unwrapped)


def test_an_episode_is_the_learners_game_and_its_reward_the_score():
    rng = np.random.default_rng(5)
    rewards, decisions = [], 0
    for seed in range(12):
        seat = seed % 4
        env = mcr_env.SingleAgentEnv(seat=seat, opponents=("greedy", "planner", "greedy"))
        obs, info = env.reset(seed=seed)
        mine = 0
        while True:
            mask = env.action_masks()
            assert mask.dtype == bool and np.array_equal(mask, obs["action_mask"] == 1)
            assert mask.sum() > 1 and info["request"]
            # The request is the learner's: the observation is its seat's.
            assert obs["observation"][10, 15 + seat] == 1 and obs["observation"][10, 15:19].sum() == 1
            obs, reward, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(mask))))
            mine += 1
            assert not trunc
            if term:
                break
            assert reward == 0.0
        decisions += mine
        scores = env.game.scores()
        assert info["scores"] == scores and reward == scores[seat] and sum(scores) == 0
        # A legal action is never penalised.
        assert sorted(scores) != PENALTY
        # The learner answered in the game: the judge saw its own answers.
        assert not env.action_masks().any() and not obs["action_mask"].any()
        with pytest.raises(RuntimeError, match="reset"):
            env.step(PASS)
        rewards.append(reward)
    assert decisions > 12 * 5
    assert any(r != 0 for r in rewards), rewards
    assert len(set(rewards)) > 2, rewards


def test_the_single_agent_env_is_seeded_and_its_opponents_may_be_python():
    def trace(env, seed):
        obs, _ = env.reset(seed=seed)
        seen = [obs["observation"].copy()]
        while True:
            obs, reward, term, _, _ = env.step(int(np.flatnonzero(obs["action_mask"])[-1]))
            seen.append(obs["observation"].copy())
            if term:
                return np.array(seen), reward

    env = mcr_env.SingleAgentEnv(seat=2)
    a, ra = trace(env, 7)
    b, rb = trace(mcr_env.SingleAgentEnv(seat=2), 7)
    assert np.array_equal(a, b) and ra == rb
    assert not np.array_equal(trace(env, 8)[0][:1], a[:1])

    asked = []

    def passer(request):
        asked.append(request)
        return "PASS"

    bot = mcr_env.policy_bot(lambda obs, mask: int(np.flatnonzero(mask)[0]))
    env = mcr_env.SingleAgentEnv(seat=0, opponents=(passer, bot, "random"))
    _, reward = trace(env, 1)
    # The callable is asked (and its seat put out: PASS is not a discard).
    assert asked and env.game.scores()[1] == -30 and reward == env.game.scores()[0]


def test_the_single_agent_env_refuses_bad_seats_opponents_and_actions():
    with pytest.raises(ValueError, match="three opponents"):
        mcr_env.SingleAgentEnv(opponents=("greedy", "greedy"))
    with pytest.raises(ValueError, match="three opponents"):
        mcr_env.SingleAgentEnv(opponents=("greedy", None, "greedy"))
    with pytest.raises(ValueError, match="seat"):
        mcr_env.SingleAgentEnv(seat=4)
    with pytest.raises(TypeError, match="MCR bot's name"):
        mcr_env.SingleAgentEnv(opponents=("greedy", 3, "greedy"))
    from mahjong_sim import noi2014

    with pytest.raises(TypeError, match="mcr_env.policy_bot"):
        mcr_env.SingleAgentEnv(opponents=(noi2014.policy_bot(lambda o, m: 0), "greedy", "greedy"))
    with pytest.raises(ValueError, match="unknown MCR bot `sample`: random, greedy, planner"):
        mcr_env.SingleAgentEnv(opponents=("greedy", "sample", "greedy"))
    with pytest.raises(ValueError, match="render_mode"):
        mcr_env.SingleAgentEnv(render_mode="picture")
    with pytest.raises(ValueError, match="'raise' or 'put_out'"):
        mcr_env.SingleAgentEnv(illegal="maybe")
    env = mcr_env.SingleAgentEnv(seat=1)
    with pytest.raises(RuntimeError, match="reset"):
        env.action_masks()
    obs, _ = env.reset(seed=3)
    mask = env.action_masks()
    masked = int(np.flatnonzero(~mask)[0])
    for bad, error in [(masked, ValueError), (True, TypeError), (1.0, TypeError), (ACTIONS, ValueError)]:
        with pytest.raises(error):
            env.step(bad)
    assert np.array_equal(env.action_masks(), mask)
    loose = mcr_env.SingleAgentEnv(seat=1, illegal="put_out")
    loose.reset(seed=3)
    _, reward, term, _, info = loose.step(masked)
    assert info["illegal"] is True and term and reward == -30


def test_html_render_gives_the_replay_page_at_the_end(capsys):
    env = mcr_env.SingleAgentEnv(seat=0, render_mode="html")
    obs, _ = env.reset(seed=2)
    before = env.render()
    assert not before.startswith("<!DOCTYPE") and "W" in before
    term = False
    while not term:
        obs, _, term, _, _ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    page = env.render()
    assert page.startswith("<!DOCTYPE html>") and "caller" in page and "greedy" in page
    # The PettingZoo faces: the page names the agents; record turned on.
    for make in (mcr_env.env, mcr_env.parallel_env):
        e = make(render_mode="html")
        assert e.unwrapped.record
        e.reset(seed=4)
        assert not e.render().startswith("<!DOCTYPE")
        g = e.unwrapped.game
        while (d := g.decision()) is not None:
            g.step(int(np.flatnonzero(d[2])[-1]))
        page = e.render()
        assert page.startswith("<!DOCTYPE html>") and "player_3" in page
    human = gymnasium.make(mcr_env.ENV_ID, render_mode="human")
    human.reset(seed=1)
    assert human.render() is None and capsys.readouterr().out.strip()


def test_make_vec_gives_the_rust_vector_env():
    opponents = ("random", "greedy", "planner")
    v = gymnasium.make_vec(mcr_env.ENV_ID, num_envs=3, seat=2, opponents=opponents, seed=9)
    assert isinstance(v.unwrapped, mcr_env.VectorEnv) and v.unwrapped.spec.id == mcr_env.ENV_ID
    # The learner at seat 2 of the same games as a VectorEnv of those seats.
    twin = mcr_env.VectorEnv(3, seats=("random", "greedy", None, "planner"), seed=9)
    (obs, info), (tobs, _) = v.reset(), twin.reset()
    assert (info["seat"] == 2).all() and v.observation_space.contains(obs)
    assert np.array_equal(obs["observation"], tobs["observation"])
    returns = []
    for _ in range(3000):
        actions = v.unwrapped.random_actions()
        _, rewards, ended, _, info = v.step(actions)
        returns += [(r, s[2]) for r, s, e in zip(rewards, info["scores"], ended) if e]
        if len(returns) >= 6:
            break
    assert len(returns) >= 6 and all(r == s for r, s in returns) and any(r for r, _ in returns)
    # A Python bot runs only in single games: Gymnasium's sync vector.
    python_bot = mcr_env.policy_bot(lambda o, m: int(np.flatnonzero(m)[-1]))
    with pytest.raises(TypeError, match="sync"):
        gymnasium.make_vec(mcr_env.ENV_ID, num_envs=2, opponents=(python_bot, "greedy", "greedy"))
    sync = gymnasium.make_vec(mcr_env.ENV_ID, 2, vectorization_mode="sync", opponents=(python_bot, "greedy", "greedy"))
    assert isinstance(sync, gymnasium.vector.SyncVectorEnv)
    assert sync.single_action_space == v.single_action_space == gymnasium.spaces.Discrete(ACTIONS)
    sobs, _ = sync.reset(seed=1)
    assert sobs["action_mask"].any(axis=1).all()


# ---- the multi-agent batched view ---------------------------------------------


def test_the_multi_agent_view_batches_every_seat():
    """Every caller seat is an agent seeing every game from its seat; the
    games are VectorEnv's of the same seed; each agent gets its score."""
    n, seats = 4, (None, "greedy", None, None)
    m = mcr_env.MultiAgentVectorEnv(n, seats=seats, seed=6)
    v = mcr_env.VectorEnv(n, seats=seats, seed=6)
    agents = {"player_0": 0, "player_2": 2, "player_3": 3}
    slot = {p: k for k, p in enumerate(agents.values())}
    assert m.possible_agents == list(agents) == m.agents
    assert m.observation_space("player_2") == v.single_observation_space
    assert m.action_space("player_3") == gymnasium.spaces.Discrete(ACTIONS)
    obs, infos = m.reset()
    vobs, vinfo = v.reset()
    scored = []
    for step in range(1500):
        live = vobs["action_mask"].any(axis=1)
        assert np.array_equal(m.to_act, np.where(live, vinfo["seat"].astype(int), -1))
        views = np.stack([obs[a]["observation"] for a in agents], axis=1)
        masks = np.stack([obs[a]["action_mask"] for a in agents], axis=1)
        assert views.shape == (n, 3, 11, 34) and masks.shape == (n, 3, ACTIONS) and masks.dtype == np.int8
        # Row 10's own-seat columns: each view is its agent's.
        assert (views[:, :, 10, 15:19].argmax(axis=2) == list(agents.values())).all()
        k = np.array([slot.get(int(p), -1) for p in m.to_act])
        deciding = k >= 0
        assert np.array_equal(views[deciding, k[deciding]], vobs["observation"][deciding])
        assert np.array_equal(masks[deciding, k[deciding]], vobs["action_mask"][deciding])
        # Only the deciding agent has legal actions.
        assert np.array_equal(masks.sum(axis=(1, 2)), vobs["action_mask"].sum(axis=1))
        for a, p in agents.items():
            assert np.array_equal(infos[a]["to_act"], m.to_act == p)
        actions = v.random_actions()
        # By agent (garbage where it does not decide) or one array.
        given = {a: np.where(m.to_act == p, actions, 999) for a, p in agents.items()} if step % 2 else actions
        obs, rewards, terminations, truncations, infos = m.step(given)
        vobs, _, vterm, _, vinfo = v.step(actions)
        assert all(np.array_equal(t, vterm) for t in terminations.values())
        got = np.stack([rewards[a] for a in agents], axis=1)
        assert np.array_equal(got[vterm], vinfo["scores"][vterm][:, list(agents.values())])
        assert not got[~vterm].any() and not any(t.any() for t in truncations.values())
        scored += vinfo["scores"][vterm].tolist()
    assert len(scored) >= 4
    assert any(any(s) for s in scored), scored


def test_the_multi_agent_view_checks_actions_and_same_step():
    m = mcr_env.MultiAgentVectorEnv(3, seats=(None, "greedy", None, "greedy"), seed=2)
    obs, _ = m.reset(seed=2)
    assert set(m.to_act) <= {0, 2}
    with pytest.raises(ValueError, match="no agent"):
        m.step({"player_1": np.zeros(3, dtype=int)})
    with pytest.raises(TypeError, match="integers"):
        m.step({a: np.zeros(3) for a in m.agents})
    forbidden = [int(np.flatnonzero(obs[f"player_{p}"]["action_mask"][i] == 0)[0]) for i, p in enumerate(m.to_act)]
    with pytest.raises(ValueError, match="not legal"):
        m.step(np.array(forbidden))
    # SameStep shows a game's end in final_obs: what NextStep shows of it.
    same, nxt = (mcr_env.MultiAgentVectorEnv(3, seed=2, autoreset_mode=mode) for mode in ("SameStep", "NextStep"))
    same.reset()
    shown, _ = nxt.reset()
    for _ in range(1500):
        actions = nxt.random_actions()
        _, _, s_term, _, s_infos = same.step(actions)
        shown, _, n_term, _, _ = nxt.step(actions)
        ended = n_term["player_1"]
        assert np.array_equal(s_term["player_1"], ended)
        if ended.any():
            break
    assert ended.any()
    for agent, info in s_infos.items():
        assert np.array_equal(info["_final_obs"], ended)
        assert np.array_equal(info["final_obs"][ended], shown[agent]["observation"][ended])
    assert (same.to_act >= 0).all() and (nxt.to_act[ended] == -1).all()


# ---- the judge's readings -------------------------------------------------------

TWIN = {"reading": "1.4.0", "python_twin": True}
#: The readings TWIN names, as a log header records them.
TWIN_OPTIONS = {"reading": "v1_4_0", "minimum": "eight", "empty_wall_kong": "refused"}
#: The official judge's, every face's default.
OFFICIAL_OPTIONS = {"reading": "judge2018", "minimum": "eight_plus_flowers", "empty_wall_kong": "accepted"}


def _log_options(env):
    """The readings the game of a single-game face (or the game itself),
    recording, records in its log, played to its end, checked equal to
    those its state records."""
    game = getattr(env, "game", env)
    if game is None:
        env.reset(seed=3)
        game = env.game
    state = json.loads(game.state())["options"]
    while (d := game.decision()) is not None:
        game.step(int(np.flatnonzero(d[2])[-1]))
    header = _log_lines(game.log_jsonl())[0]
    assert header["options"] == state
    return header["options"]


def _state_options(env):
    """The readings the game of a single-game face records in its state."""
    env.reset(seed=3)
    return json.loads(env.unwrapped.game.state())["options"]


def _vector_options(v):
    """The readings every game of a batched face is judged under (one set)."""
    v = getattr(v, "unwrapped", v)
    found = {v._vec.judge_options(i) for i in range(v.num_envs)}
    assert len(found) == 1, found
    return json.loads(found.pop())


#: Every face: how it is made with keywords ``kw``, and how it shows the
#: readings its games are judged under (as the engine records them).
FACES = {
    "McrGame": (lambda kw: McrGame([None, "greedy", None, "greedy"], seed=2, record=True, **kw), _log_options),
    "McrVecGame": (
        lambda kw: mcr_env.McrVecGame(2, [None, "greedy", "random", None], 1, **kw),
        lambda v: json.loads(v.judge_options(1)),
    ),
    "raw_env": (lambda kw: mcr_env.raw_env(record=True, **kw), _log_options),
    "env": (lambda kw: mcr_env.env(**kw), _state_options),
    "raw_parallel_env": (lambda kw: mcr_env.raw_parallel_env(record=True, **kw), _log_options),
    "parallel_env": (lambda kw: mcr_env.parallel_env(**kw), _state_options),
    "SingleAgentEnv": (lambda kw: mcr_env.SingleAgentEnv(seat=1, **kw), _state_options),
    "gymnasium.make": (lambda kw: gymnasium.make(mcr_env.ENV_ID, **kw), _state_options),
    "VectorEnv": (lambda kw: mcr_env.VectorEnv(3, seats=(None, "greedy", None, "random"), **kw), _vector_options),
    "MultiAgentVectorEnv": (lambda kw: mcr_env.MultiAgentVectorEnv(2, **kw), _vector_options),
    "vector_env": (lambda kw: mcr_env.vector_env(2, seat=3, **kw), _vector_options),
    "gymnasium.make_vec": (lambda kw: gymnasium.make_vec(mcr_env.ENV_ID, num_envs=2, **kw), _vector_options),
    "make_vec sync": (
        lambda kw: gymnasium.make_vec(mcr_env.ENV_ID, num_envs=2, vectorization_mode="sync", **kw),
        lambda sync: _state_options(sync.envs[1]),
    ),
}


@pytest.mark.parametrize("face", sorted(FACES))
def test_every_face_judges_under_the_readings_given(face):
    """Made with ``reading="1.4.0", python_twin=True`` a face's games are
    judged as botzone-local with MahjongGB 1.4.0, and say so; made without
    them, as the official judge; a reading nobody knows is refused when
    the face is made (not at its first game), naming the two readings."""
    make, shown = FACES[face]
    assert shown(make(TWIN)) == TWIN_OPTIONS
    assert shown(make({})) == OFFICIAL_OPTIONS
    assert shown(make({"reading": "judge2018", "python_twin": False})) == OFFICIAL_OPTIONS
    # Each keyword on its own: neither rides on the other.
    assert shown(make({"reading": "1.4.0"})) == {**OFFICIAL_OPTIONS, "reading": "v1_4_0"}
    assert shown(make({"python_twin": True})) == {**TWIN_OPTIONS, "reading": "judge2018"}
    for bad in ("1.4", "Judge2018", ""):
        with pytest.raises(ValueError, match=r"1\.4\.0 or judge2018"):
            make({"reading": bad})


def test_the_readings_named_are_the_apps_and_survive_a_saved_game(cli):
    """The readings as Python names them are ``mcr play``'s flags: the same
    game of a seed, log and all; a saved game keeps them."""
    assert json.loads(mcr_env._native.mcr_judge_options(**TWIN)) == TWIN_OPTIONS
    assert json.loads(mcr_env._native.mcr_judge_options()) == OFFICIAL_OPTIONS
    for seed in (1, 2, 3):
        game = McrGame(["greedy"] * 4, seed=seed, record=True, **TWIN)
        want = cli("mcr", "play", "--seed", str(seed), "--json", "--reading", "1.4.0", "--python-twin", *["--bot", "greedy"] * 4)
        assert game.log_jsonl() == want
    caller = McrGame([None, "greedy", None, "planner"], seed=5, **TWIN)
    caller.step(int(np.flatnonzero(caller.decision()[2])[0]))
    restored = McrGame.from_state(caller.state())
    assert json.loads(restored.state())["options"] == TWIN_OPTIONS
    assert restored.state() == caller.state()
