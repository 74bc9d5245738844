"""Shared helpers: the command-line app, to compare with; a child process
whose threads step and read one object at once."""

import os
import pathlib
import signal
import subprocess
import sys
import textwrap

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]

# A shell starts a background job (`cmd &`, no job control) with SIGINT
# ignored, and Python then installs no KeyboardInterrupt handler; children
# inherit the ignored signal, so the tests' Ctrl-C to a child would never
# arrive. A handled signal is reset to the default on exec: handle it here,
# and every child this run starts takes Ctrl-C as a terminal gives it.
signal.signal(signal.SIGINT, signal.default_int_handler)


def _cli():
    given = os.environ.get("MAHJONG_SIM_BIN")
    if given:
        return given
    for profile in ("release", "debug"):
        p = ROOT / "target" / profile / "mahjong-sim"
        if p.exists():
            return str(p)
    return None


@pytest.fixture(scope="session")
def cli():
    """Runs the app (``MAHJONG_SIM_BIN``, or the repository's build);
    the tests comparing with it are skipped without one."""
    path = _cli()
    if path is None:
        pytest.skip("no mahjong-sim binary: build it (cargo build) or set MAHJONG_SIM_BIN")

    def run(*args, stdin=None):
        done = subprocess.run(
            [path, *args], input=stdin, capture_output=True, text=True, timeout=300
        )
        assert done.returncode == 0, done.stderr
        return done.stdout

    return run


def cmdline(pid: int) -> str:
    """A process's command line, its words joined by spaces ("" once it
    is gone)."""
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read().replace(b"\0", b" ").decode("utf-8", "replace")
    except OSError:
        return ""


def stat(pid: int):
    """The fields of ``/proc/PID/stat`` after the name (state, parent,
    ...), or None once the process is gone."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()
    except OSError:
        return None


def processes_with(token: str) -> list:
    """Live processes (not zombies) whose command line holds ``token``,
    but this one: ``(pid, command line)``."""
    me = os.getpid()
    found = []
    for p in os.listdir("/proc"):
        if p.isdigit() and int(p) != me and token in cmdline(int(p)):
            fields = stat(int(p))
            if fields and fields[0] != "Z":
                found.append((int(p), cmdline(int(p))))
    return found


# What a child process of `in_child` can call: `with_readers(read, work)`
# runs `work()` while `readers` threads call `read()` until it returns.
_READERS = """
import threading


def with_readers(read, work, readers=3):
    stop = threading.Event()

    def loop():
        while not stop.is_set():
            read()

    threads = [threading.Thread(target=loop) for _ in range(readers)]
    for t in threads:
        t.start()
    try:
        return work()
    finally:
        stop.set()
        for t in threads:
            t.join()
"""


def in_child(body: str, limit_s: float) -> subprocess.CompletedProcess:
    """Runs `body` (Python, indented as in a test; `with_readers` defined)
    in a child process: a deadlock between its threads cannot be undone
    inside the process, so `limit_s` fails the test instead of hanging
    it."""
    code = _READERS + textwrap.dedent(body)
    try:
        return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=limit_s)
    except subprocess.TimeoutExpired:
        pytest.fail(f"no end after {limit_s} s: a deadlock between the stepping and the reading threads")
