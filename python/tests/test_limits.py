"""A program's memory, process and output limits hold when a duel is
started from Python, with the library's defaults (the command line's):
256 MiB, 128 processes, the protocol's output. Each beside a run without
the limit that shows the bot plays there, so the check can fail."""

import pytest

from mahjong_sim import noi2014

from limit_bots import sandbox_here, write_bots


def _put_out(bot, **limits):
    report = noi2014.duel(("a", bot), ("b", "greedy"), games=2, jobs=1, time_limit_ms=20_000, **limits)
    return report["a"]["put_out"]


def test_the_memory_limit_holds_by_default(tmp_path):
    bots = write_bots(tmp_path / "bots")
    out = _put_out(bots["hog"])
    # In use by a cgroup; as address space, the allocation fails instead.
    assert out.get("memory_limit", 0) + out.get("crash", 0) >= 1, out
    assert _put_out(bots["hog"], memory_mib=0) == {}


def test_the_process_limit_holds_by_default(tmp_path):
    if not sandbox_here():
        pytest.skip("no bubblewrap: without a sandbox only a cgroup limits processes")
    bots = write_bots(tmp_path / "bots")
    assert _put_out(bots["storm"]).get("crash", 0) >= 1
    assert _put_out(bots["storm"], sandbox="off") == {}


def test_the_output_limit_holds(tmp_path):
    bots = write_bots(tmp_path / "bots")
    out = _put_out(bots["flood"])
    assert out.get("too_much_output", 0) >= 1, out


NEEDS = """
import json, os, sys
step = json.loads(sys.stdin.readline())
# A folder and a variable the sandbox shows only when asked.
with open(os.environ["BOT_DATA"]) as f:
    assert f.read() == "ok"
words = step["requests"][-1].split()
print(json.dumps({"response": "PLAY " + words[1] if words[0] == "2" else "" if words[0] == "4" else "PASS"}))
"""


def test_mounts_and_env_reach_a_sandboxed_program(tmp_path):
    if not sandbox_here():
        pytest.skip("no bubblewrap: without a sandbox a program sees everything")
    bots = write_bots(tmp_path / "bots")  # the folders, readable by others
    needs = tmp_path / "bots" / "needs.py"
    needs.write_text(NEEDS)
    data = tmp_path / "data"
    data.mkdir(mode=0o755)
    (data / "x.txt").write_text("ok")
    bot = f"python3 {needs}"
    variable = f"BOT_DATA={data / 'x.txt'}"
    assert _put_out(bot, mounts=[str(data)], env=[variable]) == {}
    # Without the folder, or without the variable, it cannot play.
    assert _put_out(bot, env=[variable]).get("crash", 0) >= 1
    assert _put_out(bot, mounts=[str(data)]).get("crash", 0) >= 1
    with pytest.raises(ValueError, match="does not exist"):
        _put_out(bot, mounts=[str(tmp_path / "nowhere")])
    with pytest.raises(ValueError, match="--env takes NAME=VALUE"):
        _put_out(bot, env=["not a name"])
    assert bots  # the limit bots' folder made it readable
