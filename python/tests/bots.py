"""Small Python bots for the tests, importable without any dependency (a
bot program imports this file too, and must start fast)."""

import random


def tsumogiri(request: str) -> str:
    """A stateless bot: discards what it draws, passes on everything else."""
    words = request.split()
    if words[0] == "2":
        return "PLAY " + words[1]
    return "PASS" if words[0] != "4" else ""


class RandomDiscarder:
    """A bot with state: keeps its hand and discards a random tile of it
    (its choices from ``seed``); passes on every discard."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)
        self.hand = []

    def __call__(self, request: str) -> str:
        words = request.split()
        if words[0] == "1":
            self.hand = words[1:]
        elif words[0] == "2":
            self.hand.append(words[1])
            tile = self.rng.choice(sorted(self.hand))
            self.hand.remove(tile)
            return "PLAY " + tile
        elif words[0] == "4":
            return ""
        return "PASS"


PROGRAM = r"""
import json, sys
sys.path.insert(0, {here!r})
import bots
line = json.loads(sys.stdin.readline())
{body}
"""

TSUMOGIRI_BODY = 'print(json.dumps({"response": bots.tsumogiri(line["requests"][-1])}))'

# The random discarder as a program: one process a request, so it rebuilds
# its state from every request so far (Botzone's protocol), seeded by 7.
RANDOM_BODY = """
bot = bots.RandomDiscarder(7)
for r in line["requests"]:
    answer = bot(r)
print(json.dumps({"response": answer}))
"""


def program(kind: str, tmp_path) -> str:
    """The command line of a bot program running one of these bots. The
    program and this file are put in ``tmp_path``, made readable by all:
    the judge runs the program in a sandbox that shows it only its own
    folder, as user nobody when the tests run as root."""
    import pathlib
    import shutil
    import sys

    shutil.copy(pathlib.Path(__file__), tmp_path / "bots.py")
    tmp_path.chmod(0o755)
    body = TSUMOGIRI_BODY if kind == "tsumogiri" else RANDOM_BODY
    path = tmp_path / f"bot_{kind}.py"
    path.write_text(PROGRAM.format(here=str(tmp_path), body=body))
    return f"{sys.executable} -S {path}"
