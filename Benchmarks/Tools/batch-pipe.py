#!/usr/bin/env python3
"""CPU per case of the real `textfit batch` fed through a pipe, beside the engine's own cold rate.

    python3 Benchmarks/Tools/batch-pipe.py TEXTFIT CASES.jsonl [--bench TEXTFIT_BENCH] [--repeat K] [--rounds R]
                                           [--flush line|blocks|both]

Each round runs `TEXTFIT batch` twice as a child process, its input written through a pipe: once with the
set's cases repeated K times (default 4) and once with one case, and takes the child's CPU time (user +
system, `getrusage(RUSAGE_CHILDREN)`, microseconds) of each. The difference over the difference in cases
is the CPU per case without the process's start-up and first font load (paid once per process). The
first of the K copies runs with the segment cache cold, the rest warm, as a long batch job's input
repeats words. The median over R rounds (default 5) is printed.

With --bench, the same cases run through `textfit-bench --mode cold,warm --engines textfit` in the same
sitting, and the ratio batch CPU per case / engine µs per case is printed against issue 43's target
(batch within 1.3x the engine's cold rate). The engine's rate for the batch's mix is
(cold + (K-1) x warm) / K. Every output line is checked to be JSON with no "error" member.

--primer starts both runs with a primer: the set's cases with each text's characters reversed, which loads
the same fonts, sizes, fallback faces and per-face tables (`tf_face_plain_units` takes about 40 million
instructions the first time a CJK face meets Han text) but leaves the segment cache cold for the set's own
words. Without it the one-case run loads one font only, so a process's one-time set-up for the set's other
fonts counts as CPU per case, which `textfit-bench`'s cold rate (fonts loaded in its warm-up) does not pay:
on `ui` it was most of the batch's first pass (session 21, Benchmarks/README.md).

--flush picks `textfit batch --flush` (default `line`, the contract's flush per result line; `blocks`, results
in 64 KiB blocks and whenever the input runs dry); `both` measures the two in alternating rounds.
"""

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile


def child_cpu(command, data):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(command, input=data, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    lines = done.stdout.decode("utf-8").splitlines()
    errors = sum(1 for line in lines if "error" in json.loads(line))
    return cpu, len(lines), errors


def reversed_text(line):
    """`line` (a case) with its text's characters in reverse order: the same fonts and scripts, other words."""
    case = json.loads(line)
    case["text"] = case.get("text", "")[::-1]
    return json.dumps(case, ensure_ascii=False).encode("utf-8")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("textfit")
    parser.add_argument("cases")
    parser.add_argument("--bench")
    parser.add_argument("--repeat", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--flush", choices=["line", "blocks", "both"], default="line")
    parser.add_argument("--primer", action="store_true")
    args = parser.parse_args()
    with open(args.cases, "rb") as f:
        lines = [line for line in f.read().splitlines() if line.strip()]
    n = len(lines)
    many = b"\n".join(lines * args.repeat) + b"\n"
    one = lines[0] + b"\n"
    primed = 0
    if args.primer:
        primer = b"\n".join(reversed_text(line) for line in lines) + b"\n"
        many, one, primed = primer + many, primer, n
    modes = ["line", "blocks"] if args.flush == "both" else [args.flush]
    per_case = {mode: [] for mode in modes}
    for _ in range(args.rounds):
        for mode in modes:
            command = [args.textfit, "batch", "--flush", mode]
            cpu_many, out_many, errors = child_cpu(command, many)
            cpu_one, _, _ = child_cpu(command, one)
            if out_many != n * args.repeat + primed or errors:
                sys.exit("textfit batch answered %d of %d lines, %d errors" % (out_many, n * args.repeat, errors))
            per_case[mode].append((cpu_many - cpu_one) / (n * args.repeat - (0 if primed else 1)) * 1e6)
    batches = {}
    for mode in modes:
        batches[mode] = statistics.median(per_case[mode])
        print("textfit batch --flush %s: %d cases x %d%s, CPU per case %.1f us (median of %d rounds: %s)"
              % (mode, n, args.repeat, " after a primer" if primed else "", batches[mode], args.rounds,
                 ", ".join("%.1f" % v for v in per_case[mode])))
    if args.bench:
        with tempfile.TemporaryDirectory() as folder:
            out = os.path.join(folder, "bench.json")
            subprocess.run([args.bench, "--cases", args.cases, "--mode", "cold,warm", "--engines", "textfit",
                            "--samples", "7", "--warmup", "1", "--no-agreement", "--json", out],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
            with open(out) as f:
                results = json.load(f)["results"]
        rate = {r["mode"]: r["median_us"] for r in results if r["engine"] == "textfit" and r["set"] == "all"}
        if not rate:
            rate = {r["mode"]: r["median_us"] for r in results if r["engine"] == "textfit"}
        mix = (rate["cold"] + (args.repeat - 1) * rate["warm"]) / args.repeat
        print("engine: cold %.2f us, warm %.2f us, the batch's mix %.2f us" % (rate["cold"], rate["warm"], mix))
        for mode, batch in batches.items():
            print("--flush %s: batch / cold %.2fx (target <= 1.3x), batch / mix %.2fx"
                  % (mode, batch / rate["cold"], batch / mix))


if __name__ == "__main__":
    main()
