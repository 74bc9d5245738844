"""MCR's learning environments from Python: PettingZoo's own checks pass,
masked actions are what the judge accepts, actions are checked strictly,
the AEC, parallel and batched faces play the same games."""

import json

import numpy as np
import pytest
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
