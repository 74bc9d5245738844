"""Bot programs that break a program's limits, for the tests that check
those limits hold from Python and from the Ray driver as they do from the
command line (``tests/sandbox*.rs``): each attacks at its first request
(one process a request), so that a bot the limit stops is put out, and
otherwise plays on, discarding what it draws."""

import os
import pathlib
import shutil
import textwrap

# Answers the request as a bot that discards what it draws.
ANSWER = """
def answer(step):
    words = step["requests"][-1].split()
    return "PLAY " + words[1] if words[0] == "2" else "" if words[0] == "4" else "PASS"
"""

SOURCES = {
    # 1 GiB touched page by page: over the default 256 MiB.
    "hog.py": """
        import json, sys
        step = json.loads(sys.stdin.readline())
        if len(step["requests"]) == 1:
            b = bytearray(1 << 30)
            for i in range(0, len(b), 4096):
                b[i] = 1
        print(json.dumps({"response": answer(step)}))
    """,
    # 300 processes at once: over the limit of 128; it gives up (exit 3)
    # when it cannot start them all.
    "storm.py": """
        import json, os, sys, time
        step = json.loads(sys.stdin.readline())
        if len(step["requests"]) == 1:
            try:
                for _ in range(300):
                    if os.fork() == 0:
                        time.sleep(2)
                        os._exit(0)
            except OSError:
                sys.exit(3)
        print(json.dumps({"response": answer(step)}), flush=True)
        os._exit(0)
    """,
    # 20 MB of output for one answer.
    "flood.py": """
        import json, sys
        step = json.loads(sys.stdin.readline())
        if len(step["requests"]) == 1:
            sys.stdout.write("x" * 20_000_000)
        print(json.dumps({"response": answer(step)}))
    """,
}


def write_bots(folder: pathlib.Path) -> dict:
    """Writes the bots into ``folder`` (readable by the sandbox's user);
    their command lines by name (``hog``, ``storm``, ``flood``)."""
    folder.mkdir(parents=True, exist_ok=True)
    for p in (folder, *folder.parents):
        if p == pathlib.Path("/tmp") or p == pathlib.Path("/"):
            break
        os.chmod(p, 0o755)
    commands = {}
    for name, source in SOURCES.items():
        path = folder / name
        path.write_text(ANSWER + textwrap.dedent(source))
        commands[name[:-3]] = f"python3 {path}"
    return commands


def sandbox_here() -> bool:
    """True when bubblewrap is installed (the process limit needs a
    sandbox: a cgroup, or its own user namespace)."""
    return shutil.which("bwrap") is not None
