#!/usr/bin/env python3
"""Times full builds of one token set by several tokenc binaries side by side, and prints each binary's median
wall time and its ratio to the last binary's (the one compared against).

    rotate.py TOKENS RUNS BINARY... [--cpu] [--also N]

Each round runs every binary once, in an order rotated by one each round and reversed every other round, so
that the machine's drift (other tenants share it) lands on every binary alike. A build is
`build TOKENS --output OUT --only swift,css,json --no-cache`, every binary into an output folder of its own
(written once, untimed, before the first round). With `--cpu` it prints the medians of user and system time
too. For two binaries it times what `alternate.py` times; for three (head, head built another way, an old
release) it puts all three in one run. With `--also N` it then prints the binaries before the Nth (counting from
1; not the last) against that one too, from the same rounds: the head against itself built the way the old
release was, say.

Beside each median it prints the median of the rounds' own ratios (each build's time over the last binary's in
the same round) and their middle half: a round's builds run within seconds of each other, so the machine's
drift cancels in its ratio, where the ratio of the medians can still carry it."""
import os, resource, shutil, statistics, subprocess, sys, tempfile, time

arguments = [a for a in sys.argv[1:] if a != "--cpu"]
also = None
if "--also" in arguments:
    at = arguments.index("--also")
    also = int(arguments[at + 1]) - 1 if at + 1 < len(arguments) and arguments[at + 1].isdigit() else -1
    del arguments[at:at + 2]
if len(arguments) < 3 or (also is not None and not 0 <= also < len(arguments) - 3):
    sys.exit(__doc__)
tokens, runs, binaries = arguments[0], int(arguments[1]), arguments[2:]
with_cpu = "--cpu" in sys.argv[1:]
scratch = tempfile.mkdtemp(prefix="tokenc-rotate-")


def build(index):
    """Runs binary `index` once; its wall and CPU seconds."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([binaries[index], "build", tokens, "--output", os.path.join(scratch, str(index)),
                    "--only", "swift,css,json", "--no-cache"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


for index in range(len(binaries)):
    build(index)
walls = [[] for _ in binaries]
cpus = [[] for _ in binaries]
for turn in range(runs):
    order = list(range(len(binaries)))
    order = order[turn % len(order):] + order[:turn % len(order)]
    if turn % 2:
        order.reverse()
    for index in order:
        wall, cpu = build(index)
        walls[index].append(wall)
        cpus[index].append(cpu)
shutil.rmtree(scratch)


def report(reference, compared):
    """Prints each binary in `compared` against binary `reference`: medians, their ratio, the rounds' ratios."""
    base_wall, base_cpu = statistics.median(walls[reference]), statistics.median(cpus[reference])
    for index in compared:
        wall, cpu = statistics.median(walls[index]), statistics.median(cpus[index])
        line = f"{binaries[index]}: {wall * 1000:.1f} ms ({wall / base_wall:.3f})"
        if index != reference and runs > 1:
            quartiles = statistics.quantiles([own / base for own, base in zip(walls[index], walls[reference])], n=4)
            line += f", rounds' ratios {quartiles[1]:.3f} (middle half {quartiles[0]:.3f}-{quartiles[2]:.3f})"
        if with_cpu:
            line += f", CPU {cpu * 1000:.1f} ms ({cpu / base_cpu:.3f})"
        print(line)


report(len(binaries) - 1, range(len(binaries)))
if also is not None:
    print(f"against {binaries[also]}:")
    report(also, range(also))
