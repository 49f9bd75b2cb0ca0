#!/usr/bin/env python3
"""Times tokenc on token sets of shapes the benchmark's generated sets lack.

Usage: python3 Benchmarks/shapes.py TOKENC [--only NAME ...]

Each shape is a single file of a few hundred kilobytes, far inside the loader's limits, built to make
work grow with the square of something if any stage lets it: many modes on one token, a mode per token,
broken references, long `$extends` and alias chains, identical status colors, two confusable colors on
thousands of tokens, thousands of distinct status colors within the rule's limit of each other, findings along one line.
Prints a Markdown table: the command, its wall time and peak memory (`/usr/bin/time`), its exit status,
and whether it kept the bar for one input (2 s, 512 MB; docs/performance.md). Each shape once grew with the
square of something; the git history of docs/performance.md has what each cost before it was made linear.
"""
import os
import subprocess
import sys
import tempfile

N = 20_000


def one_token_many_modes():
    modes = ", ".join(f'm{i}: "#{i % 256:02x}0000"' for i in range(N))
    return f'c:\n  $type: color\n  a: {{ $value: "#000000", $extensions: {{ mode: {{ {modes} }} }} }}\n'


def a_mode_per_token():
    return "c:\n  $type: color\n" + "".join(
        f'  t{i}: {{ $value: "#000000", $extensions: {{ mode: {{ own{i}: "#ff0000" }} }} }}\n' for i in range(4_000))


def broken_aliases():
    return "c:\n  $type: color\n" + "".join(f'  t{i}: {{ $value: "{{c.tt{i}}}" }}\n' for i in range(N))


def extends_chain():
    out = "g0:\n  $type: color\n" + "".join(f'  t{j}: {{ $value: "#00000{j}" }}\n' for j in range(5))
    for i in range(1, 1_000):
        out += f'g{i}:\n  $extends: "{{g{i - 1}}}"\n  x{i}: {{ $type: color, $value: "#111111" }}\n'
    return out


def aliases_of_a_long_chain():
    chain = "".join(f'  a{i}: {{ $value: "{{c.a{i + 1}}}" }}\n' for i in range(999)) + '  a999: { $value: "#000000" }\n'
    return "c:\n  $type: color\n" + chain + "".join(f'  f{i}: {{ $value: "{{c.a0}}" }}\n' for i in range(N))


def identical_status_colors():
    return "c:\n  $type: color\n" + "".join(
        f'  t{i}: {{ $value: "#{i % 256:02x}{i * 3 % 256:02x}{i * 7 % 256:02x}", $extensions: {{ tokenc: {{ role: success }} }} }}\n'
        for i in range(N))


def two_confusable_colors():
    def status(name, value, role):
        return f'  {name}: {{ $value: "{value}", $extensions: {{ tokenc: {{ role: {role} }} }} }}\n'
    half = N // 2
    return "c:\n  $type: color\n" + "".join(status(f"d{i}", "#D70015", "destructive") for i in range(half)) + "".join(
        status(f"s{i}", "#248A3D", "success") for i in range(half))


def crowded_status_colors():
    def status(name, red, green, blue, role):
        return f'  {name}: {{ $value: "#{red:02x}{green:02x}{blue:02x}", $extensions: {{ tokenc: {{ role: {role} }} }} }}\n'
    half = N // 2
    return "c:\n  $type: color\n" + "".join(
        status(f"d{i}", 0xC8 + i % 22, i // 22 % 22, 0x08 + i // 484, "destructive") for i in range(half)) + "".join(
        status(f"s{i}", 0x1A + i % 22, 0x80 + i // 22 % 22, 0x30 + i // 484, "success") for i in range(half))


def findings_on_one_line():
    ignores = ", ".join(f'{{ rule: color/contrast, reason: "r{i}" }}' for i in range(N))
    return f'c:\n  $type: color\n  a: {{ $value: "#000000", $extensions: {{ tokenc: {{ ignore: [{ignores}] }} }} }}\n'


SHAPES = [
    ("one token, 20,000 modes", one_token_many_modes, ["build", "--only", "swift,css,json"]),
    ("4,000 tokens, a mode each", a_mode_per_token, ["build", "--only", "swift,css,json"]),
    ("4,000 tokens, a mode each: preview", a_mode_per_token, ["preview", "--output", "guide.html"]),
    ("20,000 broken aliases", broken_aliases, ["validate"]),
    ("1,000 chained $extends", extends_chain, ["build", "--only", "swift,css,json"]),
    ("20,000 aliases of a 1,000-long chain", aliases_of_a_long_chain, ["build", "--only", "swift,css,json"]),
    ("20,000 status colors over 256 values", identical_status_colors, ["validate"]),
    ("10,000 red destructive and 10,000 green success colors", two_confusable_colors, ["validate"]),
    ("20,000 distinct status colors crowded together", crowded_status_colors, ["validate"]),
    ("20,000 findings on one line", findings_on_one_line, ["validate"]),
]


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    tokenc = os.path.abspath(sys.argv[1])
    only = sys.argv[sys.argv.index("--only") + 1:] if "--only" in sys.argv else None
    print("| shape | command | seconds | peak MB | exit | within 2 s and 512 MB |")
    print("| --- | --- | ---: | ---: | ---: | --- |")
    for name, make, arguments in SHAPES:
        if only and not any(word in name for word in only):
            continue
        with tempfile.TemporaryDirectory() as folder:
            os.makedirs(os.path.join(folder, "Tokens"))
            with open(os.path.join(folder, "Tokens", "t.yaml"), "w") as file:
                file.write(make())
            report = os.path.join(folder, "time.txt")
            run = subprocess.run(["/usr/bin/time", "-o", report, "-f", "%e %M", tokenc, *arguments, "Tokens"],
                                 cwd=folder, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            seconds, kilobytes = open(report).read().split()[-2:]
            seconds, megabytes = float(seconds), int(kilobytes) / 1024
            kept = "yes" if seconds <= 2 and megabytes <= 512 else "**no**"
            print(f"| {name} | `tokenc {' '.join(arguments)}` | {seconds:.2f} | {megabytes:.0f} | {run.returncode} | {kept} |")


if __name__ == "__main__":
    main()
