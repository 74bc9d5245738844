"""The core and THUPC 2021 from Python give what the app prints."""

import json

import pytest

import mahjong_sim
from mahjong_sim import thupc

HANDS = [
    "1M 2M 3M 4M 5M 6M 7M 8M 9M 1P 1P 1P 2P 2P",
    "1M 2M 3M 4M 5M 6M 7M 8M 9M 1P 1P 1P 2P",
    "1M 4M 7M 1P 4P 7P 1S 4S 7S E S W N",
    "1M 1M 2M 3M 5P",
    "E E E S S",
]


def test_distance_is_the_apps(cli):
    out = cli("distance", stdin="\n".join(HANDS) + "\n").split()
    assert [mahjong_sim.distance(h) for h in HANDS] == [int(x) for x in out]
    assert mahjong_sim.distance(HANDS[0]) == 0
    assert mahjong_sim.distance(HANDS[2]) > 0


def test_distance_rejects_bad_hands():
    with pytest.raises(ValueError):
        mahjong_sim.distance("1M 2M 3M")
    with pytest.raises(ValueError):
        mahjong_sim.distance("1M 2M XX")


def test_analyze_is_the_apps(cli):
    with pytest.raises(ValueError):
        mahjong_sim.analyze("1M 1M 2M 3M 5P")
    for hand in HANDS[:3]:
        want = json.loads(cli("analyze", "--json", *hand.split()))
        assert mahjong_sim.analyze(hand) == want
    melded = mahjong_sim.analyze("1M 2M 3M 4M 5M 6M 7M 8M 9M 1P 1P", melds=["222S"])
    assert melded == json.loads(
        cli("analyze", "--json", "--meld", "222S", *"1M 2M 3M 4M 5M 6M 7M 8M 9M 1P 1P".split())
    )


def test_walls_are_gens(cli):
    for family in thupc.families():
        got = thupc.walls(family, seed=5, count=2)
        want = cli("gen", "--family", family, "--seed", "5", "--count", "2")
        assert "\n".join(got) == want
        assert len(got) == 2 and got[0] != got[1]


@pytest.mark.parametrize("family", ["uniform", "specials-early"])
def test_simulate_and_explain_are_the_apps(cli, tmp_path, family):
    for i, wall in enumerate(thupc.walls(family, seed=3, count=5)):
        path = tmp_path / f"{i}.in"
        path.write_text(wall)
        assert thupc.simulate_jsonl(wall) == cli("simulate", "--json", str(path))
        assert thupc.simulate_log(wall) == cli("simulate", str(path))
        assert thupc.explain(wall) == cli("explain", str(path))
        events = thupc.simulate(wall)
        assert events == [json.loads(line) for line in cli("simulate", "--json", str(path)).splitlines()]
        assert len(events) > 1
        steps = thupc.explain(wall, json_lines=True)
        assert steps == [json.loads(line) for line in cli("explain", "--json", str(path)).splitlines()]
        page = thupc.replay_html(wall, title="t")
        assert page.startswith("<!DOCTYPE html>") or page.lower().startswith("<!doctype html>")


def test_bad_walls_are_value_errors():
    with pytest.raises(ValueError):
        thupc.simulate("1M 2M")
    with pytest.raises(ValueError):
        thupc.walls("no-such-family")
