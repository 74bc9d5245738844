"""A duel and a tournament on a Ray cluster against the same on one
machine, side by side in one run, and Ray's cost of a task.

(a) games a second of a fixed-length duel of two bot programs (the app's
    bot, one process a request, as the 2014 contest ran them): ``noi2014
    duel --jobs J`` on this machine, then ``mahjong_sim.distributed.duel``
    on the cluster at ``--address``, chunks of ``--chunk`` walls;
(b) the cost of a task: the same duel of built-in bots (no process a
    request, so the games cost little) in chunks of 1 wall and of 100; the
    difference of their times over the difference of their numbers of
    tasks is what a task costs beyond its games (the task, the shard's
    process, packing and unpacking its logs);
(c) games a second of a tournament of bot programs (``--bots`` of them in
    the duplicate format, ``--rounds`` rounds): ``noi2014 tournament --jobs
    J`` on this machine, then ``mahjong_sim.distributed.tournament`` on the
    cluster, a table a task.

Start a cluster first, e.g. a head and two workers on loopback:

    ray start --head --port=6390 --num-cpus=1 --include-dashboard=false
    ray start --address=127.0.0.1:6390 --num-cpus=1
    ray start --address=127.0.0.1:6390 --num-cpus=1
    python python/benchmarks/distributed.py --address 127.0.0.1:6390 --bin target/release/mahjong-sim
"""

import argparse
import subprocess
import tempfile
import time

from mahjong_sim import distributed


def one_machine(binary, bots, games, jobs):
    with tempfile.TemporaryDirectory() as tmp:
        args = [binary, "noi2014", "duel", "--games", str(games), "--jobs", str(jobs), "--logs", tmp + "/logs"]
        for name, bot in bots:
            args += ["--bot", f"{name}={bot}"]
        start = time.perf_counter()
        subprocess.run(args, check=True, capture_output=True)
        return time.perf_counter() - start


def on_cluster(address, bots, games, chunk):
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        distributed.duel(*bots, games=games, logs=tmp + "/logs", address=address, chunk_walls=chunk, progress=False)
        return time.perf_counter() - start


def tournament_one_machine(binary, bots, rounds, jobs):
    with tempfile.TemporaryDirectory() as tmp:
        args = [binary, "noi2014", "tournament", "--duplicate", "--rounds", str(rounds), "--jobs", str(jobs),
                "--logs", tmp + "/logs"]
        for name, bot in bots:
            args += ["--bot", f"{name}={bot}"]
        start = time.perf_counter()
        subprocess.run(args, check=True, capture_output=True)
        return time.perf_counter() - start


def tournament_on_cluster(address, bots, rounds):
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        distributed.tournament(bots, rounds=rounds, duplicate=True, logs=tmp + "/logs", address=address,
                               progress=False)
        return time.perf_counter() - start


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--address", required=True, help="the Ray cluster's address")
    p.add_argument("--bin", default="mahjong-sim", help="the mahjong-sim binary (its bot is the bot program)")
    p.add_argument("--games", type=int, default=96, help="games of the duel of programs")
    p.add_argument("--chunk", type=int, default=distributed.DEFAULT_CHUNK_WALLS, help="walls a task")
    p.add_argument("--jobs", type=int, default=2, help="jobs of the one-machine duel")
    p.add_argument("--overhead-games", type=int, default=400, help="games of the duel of built-in bots")
    p.add_argument("--bots", type=int, default=12, help="bot programs in the tournament")
    p.add_argument("--rounds", type=int, default=3, help="rounds of the tournament")
    p.add_argument("--skip-duel", action="store_true", help="measure the tournament only")
    a = p.parse_args()
    if not a.skip_duel:
        duels(a)
    entrants = [(f"p{i}", f"{a.bin} noi2014 bot --bot greedy:eps=0.{i % 10} --seed {i}") for i in range(a.bots)]
    games = a.rounds * -(-a.bots // 4) * 4
    t1 = tournament_one_machine(a.bin, entrants, a.rounds, a.jobs)
    tc = tournament_on_cluster(a.address, entrants, a.rounds)
    print(f"tournament of {a.bots} bot programs, duplicate format, {a.rounds} rounds, {games} games:")
    print(f"  one machine, --jobs {a.jobs}: {t1:.1f} s, {games / t1:.2f} games a second")
    print(f"  Ray cluster, a table a task: {tc:.1f} s, {games / tc:.2f} games a second")


def duels(a):
    programs = [("a", f"{a.bin} noi2014 bot"), ("b", f"{a.bin} noi2014 bot --bot greedy:eps=0.2")]
    t1 = one_machine(a.bin, programs, a.games, a.jobs)
    tc = on_cluster(a.address, programs, a.games, a.chunk)
    print(f"duel of bot programs, {a.games} games:")
    print(f"  one machine, --jobs {a.jobs}: {t1:.1f} s, {a.games / t1:.2f} games a second")
    print(f"  Ray cluster, {a.chunk} walls a task: {tc:.1f} s, {a.games / tc:.2f} games a second")

    builtins = [("a", "greedy"), ("b", "greedy:eps=0.2")]
    walls = (a.overhead_games + 1) // 2
    small = on_cluster(a.address, builtins, a.overhead_games, 1)
    large = on_cluster(a.address, builtins, a.overhead_games, 100)
    tasks_small, tasks_large = walls, -(-walls // 100)
    print(f"duel of built-in bots, {a.overhead_games} games on the cluster:")
    print(f"  1 wall a task ({tasks_small} tasks): {small:.1f} s; 100 walls a task ({tasks_large} tasks): {large:.1f} s")
    import ray

    cpus = int(ray.cluster_resources().get("CPU", 1))
    per = (small - large) / (tasks_small - tasks_large)
    print(f"  cost of a task, beyond its games: {per * 1000:.0f} ms of wall time with {cpus} CPUs busy, so {per * cpus * 1000:.0f} ms of a CPU")


if __name__ == "__main__":
    main()
