#!/usr/bin/env python3
"""Times commands in alternation (A B B A A B ...), each run after its own `--prepare` command, and writes
the medians as hyperfine's JSON (`results[i].median`, seconds), so the benchmark reads both alike.

    alternate.py RUNS OUT.json PREPARE-A COMMAND-A PREPARE-B COMMAND-B

The benchmark times each pair it compares so: libyaml's parse against the full build, and the asset
catalog against `cp -r` of the same files. This machine's speed drifts by a third within minutes, and
its disk's within seconds (a folder deleted just before makes the next writes slower for a while); two
separate series let that drift land on one side of a ratio only."""
import json, shlex, statistics, subprocess, sys, time

runs, out = int(sys.argv[1]), sys.argv[2]
pairs = [(sys.argv[3], sys.argv[4]), (sys.argv[5], sys.argv[6])]
times = [[], []]
for prepare, command in pairs:  # one untimed warm-up of each
    subprocess.run(prepare, shell=True, check=True)
    subprocess.run(shlex.split(command), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
for i in range(runs):
    for which in ((0, 1) if i % 2 == 0 else (1, 0)):
        prepare, command = pairs[which]
        subprocess.run(prepare, shell=True, check=True)
        start = time.perf_counter()
        subprocess.run(shlex.split(command), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times[which].append(time.perf_counter() - start)
json.dump({"results": [{"command": command, "median": statistics.median(t), "times": t}
                       for (_, command), t in zip(pairs, times)]}, open(out, "w"), indent=1)
