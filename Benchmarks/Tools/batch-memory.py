#!/usr/bin/env python3
"""Peak memory per input byte of one huge paragraph through the real `textfit batch` (issue 43: <= 24).

    python3 Benchmarks/Tools/batch-memory.py TEXTFIT [--megabytes N] [--width W]

Two inputs of N MB (default 10) each on one line: prose (the `latin` corpus texts joined by spaces, in
Noto Sans) and one word without spaces (letters a-z repeated). Each runs as `TEXTFIT batch` with
`"width": W` (default 300) between two short cases, as architecture.md's "Line length and memory" did,
and the child's peak RSS (`getrusage(RUSAGE_CHILDREN).ru_maxrss`, a fresh process per run so the peak is
that run's) is taken; a run with the short cases alone gives the process's own baseline, and

    bytes per input byte = (peak - baseline) / input bytes

is printed per input. The output (every line's text as JSON) is read and thrown away as it comes.
"""

import argparse
import json
import os
import resource
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def peak_rss(command, data):
    """Peak RSS in bytes of one child run, fed `data`; its own process so `ru_maxrss` is its peak."""
    code = ("import resource,subprocess,sys\n"
            "p=subprocess.run(sys.argv[1:],stdin=sys.stdin,stdout=subprocess.DEVNULL,stderr=subprocess.DEVNULL)\n"
            "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, p.returncode)\n")
    done = subprocess.run([sys.executable, "-c", code] + command, input=data, stdout=subprocess.PIPE, check=True)
    kib, status = done.stdout.split()
    if int(status) != 0:
        sys.exit("textfit batch exited with %s" % status.decode())
    return int(kib) * 1024


def prose(size):
    texts = []
    with open(os.path.join(HERE, "..", "Corpus", "cases.jsonl")) as f:
        for line in f:
            case = json.loads(line)
            if case["id"].startswith("latin-"):
                texts.append(case["text"])
    joined = " ".join(texts)
    return (joined * (size // len(joined) + 1))[:size]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("textfit")
    parser.add_argument("--megabytes", type=float, default=10)
    parser.add_argument("--width", type=float, default=300)
    args = parser.parse_args()
    size = int(args.megabytes * 1_000_000)
    short = [json.dumps({"id": "before", "text": "Hello world", "width": args.width}),
             json.dumps({"id": "after", "text": "Goodbye", "width": args.width})]
    command = [args.textfit, "batch"]
    baseline = peak_rss(command, ("\n".join(short) + "\n").encode())
    print("baseline (two short cases): %.1f MB" % (baseline / 1e6))
    word = ("abcdefghijklmnopqrstuvwxyz" * (size // 26 + 1))[:size]
    for name, text in (("prose", prose(size)), ("one word", word)):
        case = json.dumps({"id": name, "text": text, "family": "Noto Sans", "size": 17, "width": args.width})
        data = "\n".join([short[0], case, short[1]]) + "\n"
        peak = peak_rss(command, data.encode())
        print("%-8s %5.1f MB: peak %7.1f MB, %.1f bytes per input byte"
              % (name, size / 1e6, peak / 1e6, (peak - baseline) / size))


if __name__ == "__main__":
    main()
