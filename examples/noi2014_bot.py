#!/usr/bin/env python3
"""A small NOI2014 mahjong bot to start from: Botzone's JSON protocol
(docs/noi2014-rules.md, "The bot protocol"), one process per request, or kept
running with `--keep-running` (Botzone's keep-running mode: after each
answer it prints >>>BOTZONE_REQUEST_KEEP_RUNNING<<< and reads the next
request alone, as a JSON string on one line).

It rebuilds its hand every step from its requests and its own earlier
responses, declares HU when its drawn hand wins, otherwise discards the
tile that fits its hand least, never claims a discard, and declares no
target at the end. Try it:

    mahjong-sim noi2014 play --bot 'python3 examples/noi2014_bot.py' --bot greedy
    mahjong-sim noi2014 play --bot 'python3 examples/noi2014_bot.py --keep-running'
"""
import json
import sys


def fits(counts, sets):
    """True when `counts` (tile name -> count, no pair taken yet handled by
    the caller) splits into exactly `sets` chows and pungs."""
    tiles = sorted(t for t, n in counts.items() if n > 0)
    if not tiles:
        return sets == 0
    t = tiles[0]
    if counts[t] >= 3:
        counts[t] -= 3
        ok = fits(counts, sets - 1)
        counts[t] += 3
        if ok:
            return True
    suit, n = t[0], int(t[1])
    run = [t, f"{suit}{n + 1}", f"{suit}{n + 2}"]
    if n <= 7 and all(counts.get(x, 0) > 0 for x in run):
        for x in run:
            counts[x] -= 1
        ok = fits(counts, sets - 1)
        for x in run:
            counts[x] += 1
        return ok
    return False


def wins(hand):
    """Four sets and a pair (no exposed sets: this bot never claims)."""
    if len(hand) != 14:
        return False
    counts = {}
    for t in hand:
        counts[t] = counts.get(t, 0) + 1
    for t in list(counts):
        if counts[t] >= 2:
            counts[t] -= 2
            ok = fits(counts, 4)
            counts[t] += 2
            if ok:
                return True
    return False


def worst(hand):
    """The tile with the fewest copies and neighbours in the hand."""
    def score(t):
        suit, n = t[0], int(t[1])
        near = [f"{suit}{m}" for m in (n - 2, n - 1, n + 1, n + 2)]
        return 3 * (hand.count(t) - 1) + sum(hand.count(x) for x in near)
    return min(sorted(hand), key=score)


def answer(requests, responses):
    """The answer to the newest request, from every request and response."""
    hand = []
    for i, request in enumerate(requests):
        words = request.split()
        if words[0] == "1":
            hand = words[1:]
        elif words[0] == "2":
            hand.append(words[1])
        if i < len(responses) and responses[i].startswith("PLAY "):
            hand.remove(responses[i].split()[1].upper())
    last = requests[-1].split()
    if last[0] == "2":
        return "HU" if wins(hand) else f"PLAY {worst(hand)}"
    if last[0] == "4":
        return ""
    return "PASS"


def main():
    keep_running = "--keep-running" in sys.argv[1:]
    step = json.loads(sys.stdin.readline())
    requests, responses = step["requests"], step.get("responses", [])
    while True:
        response = answer(requests, responses)
        responses.append(response)
        print(json.dumps({"response": response, "data": ""}))
        if not keep_running:
            return
        print(">>>BOTZONE_REQUEST_KEEP_RUNNING<<<", flush=True)
        line = sys.stdin.readline()
        if not line:
            return
        requests.append(json.loads(line))


if __name__ == "__main__":
    main()
