"""The guide's examples (docs/python.md) run as written: every ```python
block, in order, as one script (later blocks use the names of earlier
ones), in a scratch folder (the tournament writes its logs there)."""

import json
import re

from conftest import ROOT


def guide_blocks():
    text = (ROOT / "docs" / "python.md").read_text(encoding="utf-8")
    return re.findall(r"^```python\n(.*?)^```$", text, flags=re.S | re.M)


def test_the_guide_has_examples():
    # Not degenerate: the guide shows the package at work.
    assert len(guide_blocks()) >= 4


def test_the_guides_examples_run(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    names = {}
    exec(compile("\n".join(guide_blocks()), "docs/python.md", "exec"), names)
    # What the examples leave behind is what they say.
    assert names["report"]["decision"] in ("h1", "h0", "identical", "none", "refused")
    assert names["game"].log_jsonl().startswith('{"type":"header"')
    assert '"format":"mahjong-sim/mcr-game-log"' in names["mcr_log"].splitlines()[0]
    assert json.loads(names["twin_env"].game.state())["options"] == {
        "reading": "v1_4_0",
        "minimum": "eight",
        "empty_wall_kong": "refused",
    }
