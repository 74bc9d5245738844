#!/usr/bin/env python3
"""A tiny Chinese Standard Mahjong (MCR) bot to start from, under Botzone's
JSON protocol (docs/mcr.md, "Bot programs"): one process per request, or
kept running with `--keep-running` (after each answer it prints
>>>BOTZONE_REQUEST_KEEP_RUNNING<<< and reads the next request alone, as a
JSON string on one line).

It discards the tile it draws and passes on everything else: never wins,
never claims, never breaks a rule. A real bot rebuilds its hand from its
requests (and its own earlier responses) and decides from there.
"""
import json
import sys

KEEP_RUNNING = ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<"


def answer(request):
    """The response to one request string: `2 T` is our own draw."""
    words = request.split(" ")
    if words[0] == "2":
        return "PLAY " + words[1]
    return "PASS"


def main():
    keep_running = "--keep-running" in sys.argv[1:]
    # The first line holds every request so far; a bot kept running then
    # gets each new request alone, as a JSON string.
    line = sys.stdin.readline()
    request = json.loads(line)["requests"][-1]
    while True:
        print(json.dumps({"response": answer(request)}), flush=True)
        if not keep_running:
            return
        print(KEEP_RUNNING, flush=True)
        line = sys.stdin.readline()
        if not line:
            return
        request = json.loads(line)


if __name__ == "__main__":
    main()
