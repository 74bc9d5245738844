"""``mahjong_sim.mcr``: the same answers as ``mahjong-sim mcr`` (the
library's own functions behind both), the guide's examples, errors that
name the part at fault, and the public conformance cases where
``../shared`` has them."""

import gzip
import json
import pathlib
import subprocess

import pytest

from mahjong_sim import mcr

from conftest import ROOT, _cli

HAND = "W1 W2 W3 T4 T5 T6 B7 B8 B9 F1 F1 F1 J2 J2"


def test_the_guides_example_scores_23():
    r = mcr.fan(HAND, self_drawn=True)
    assert r["total"] == 23
    assert [(f["points"], f["english"]) for f in r["fans"]] == [
        (8, "Mixed Straight"), (6, "All Types"), (4, "Fully Concealed Hand"),
        (2, "Prevalent Wind"), (2, "Seat Wind"), (1, "Single Wait"),
    ]
    # Not degenerate: another context scores otherwise.
    assert mcr.fan(HAND.split(), seat_wind="S", prevalent_wind=2)["total"] < 23


def test_no_win_is_none_and_bad_input_names_the_part():
    assert mcr.fan("W1 W1 W2 W3 W5 W6 W7 T1 T2 T3 B1 B2 B4 B9") is None
    with pytest.raises(ValueError, match="hand, tile 2: unknown tile `X2`"):
        mcr.fan("W1 X2 W3")
    with pytest.raises(ValueError, match="melds 1"):
        mcr.fan("W1 W2 W3 T4 T5 T6 B7 B8 B9 J2 J2", melds=["PONG,W9,1"])
    with pytest.raises(ValueError, match="seat_wind"):
        mcr.fan(HAND, seat_wind=4)
    with pytest.raises(ValueError, match="reading"):
        mcr.fan(HAND, reading="2.0")
    with pytest.raises(TypeError):
        mcr.fan(42)


def test_fan_and_shanten_equal_the_command_line():
    cli = _cli()
    if cli is None:
        pytest.skip("no mahjong-sim binary: build it (cargo build) or set MAHJONG_SIM_BIN")
    hands = [
        (HAND, ["--self-drawn"], {"self_drawn": True}),
        ("W1 W2 W3 W5 W5 T7 T8 T9 B2 B2 B2", ["--meld", "CHI,B5,2", "--last-copy"],
         {"melds": ["CHI,B5,2"], "last_copy": True}),
    ]
    for hand, flags, kwargs in hands:
        out = subprocess.run([cli, "mcr", "fan", *hand.split(), *flags, "--json"],
                             capture_output=True, text=True, check=True).stdout
        assert mcr.fan(hand, **kwargs) == json.loads(out)
    tiles = "W1 W2 W3 T4 T5 T6 B7 B8 B9 F1 F1 J2 J3"
    out = subprocess.run([cli, "mcr", "shanten", tiles, "--json"],
                         capture_output=True, text=True, check=True).stdout
    want = json.loads(out)
    del want["line"], want["hand"]
    assert mcr.shanten(tiles) == want
    assert want["shanten"] == 1 and want["useful"] == ["F1", "J2", "J3"], want


def test_the_public_fan_cases():
    cases = ROOT.parent / "shared" / "conformance" / "mcr" / "fans-public.jsonl.gz"
    if not cases.exists():
        pytest.skip(f"no {cases} (the public conformance cases)")
    checked = 0
    with gzip.open(cases, "rt", encoding="utf-8") as f:
        for line in f:
            c = json.loads(line)
            assert mcr.case(c["input"]) == c["output"], c["input"]
            checked += 1
            if checked == 2000:
                break
    assert checked == 2000
