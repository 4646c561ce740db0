#!/usr/bin/env python3
"""Measure a JSON Lines file of `textfit batch` cases through Apache Spark, and check the answers.

    pip install pyspark                      # PyPI; Spark 4 needs a Java 17 runtime (Debian: openjdk-17-jre-headless)
    swift build -c release --product textfit
    python3 scripts/spark-batch.py Benchmarks/Corpus/cases.jsonl --executors 1,2 --repeat 10

`textfit batch` reads one case per line and writes one result per line, so Spark needs no TextFit code:
the cases become an RDD of lines, `rdd.pipe` runs one `textfit batch` process per partition over that
partition's lines, and the results come back as an RDD of lines. The tool and its fonts travel with the
job (`SparkContext.addFile`): the executable, the bundled `Fonts/` folder (found by the tool through
`TEXTFIT_FONTS_DIR`), and every font file a case names in `fontFile` (rewritten to the shipped copy), so
an executor needs neither the checkout nor the fonts installed.

Runs Spark in local mode (`local[N]`: N executor threads, each piping to its own process). For every N
it times the pipe job (best of --runs, after one untimed job, so the JVM start and the first fork are
not counted), and compares the results with one `textfit batch` process run over the same file: the
same set of ids, each with an identical result object (order-independent: Spark's partitions come back
in any order on a cluster). Exit status 0 when every N agrees, 1 when any differs.

On a cluster, ship the same files with `spark-submit --files` / `--archives`; the executors' copies are
then in their working directories instead of this driver's SparkFiles folder (see docs/distributed-batch.md).
"""

import argparse
import json
import resource
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))


def find_tool(given):
    candidates = [given] if given else [
        os.path.join(ROOT, ".build", "release", "textfit"),
        os.path.join(ROOT, ".build", "x86_64-unknown-linux-gnu", "release", "textfit"),
    ]
    for path in candidates:
        if path and os.path.isfile(path) and os.access(path, os.X_OK):
            return os.path.abspath(path)
    sys.exit("textfit not found (build it with `swift build -c release --product textfit`, or pass --textfit PATH)")


def read_cases(path, repeat):
    """The file's cases, `repeat` times over; each copy's ids made unique so results can be matched by id."""
    with open(path, encoding="utf-8") as f:
        cases = [json.loads(line) for line in f if line.strip()]
    out = []
    for copy in range(repeat):
        for number, case in enumerate(cases):
            case = dict(case)
            case["id"] = [copy, case.get("id", number)] if repeat > 1 else case.get("id", number)
            out.append(case)
    return out


def ship_fonts(cases, folder):
    """Copies every `fontFile` the cases name into `folder` (one name per distinct file); returns
    {original path: shipped name}."""
    names = {}
    for case in cases:
        path = case.get("fontFile")
        if path is None or path in names:
            continue
        name = "%d-%s" % (len(names), os.path.basename(path))
        shutil.copyfile(path, os.path.join(folder, name))
        names[path] = name
    return names


def by_id(lines):
    results = {}
    for line in lines:
        result = json.loads(line)
        results[json.dumps(result.get("id"), sort_keys=True)] = result
    return results


def compare(expected, got):
    """Differences between two {id: result} maps, as short strings (at most 5)."""
    problems = []
    if len(got) != len(expected):
        problems.append("%d results, expected %d" % (len(got), len(expected)))
    for key, result in expected.items():
        if key not in got:
            problems.append("missing id %s" % key)
        elif got[key] != result:
            problems.append("id %s: %s != %s" % (key, json.dumps(got[key])[:200], json.dumps(result)[:200]))
        if len(problems) >= 5:
            break
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("cases", help="a JSON Lines file of textfit batch cases")
    parser.add_argument("--textfit", help="the textfit executable (default: .build/release/textfit)")
    parser.add_argument("--fonts", default=os.path.join(ROOT, "Fonts"), help="the bundled fonts folder")
    parser.add_argument("--executors", default="1,2", help="local executor counts to measure, e.g. 1,2")
    parser.add_argument("--partitions-per-executor", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=1, help="use the file this many times over (unique ids)")
    parser.add_argument("--runs", type=int, default=3, help="timed jobs per executor count (the best is kept)")
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args()

    tool = find_tool(args.textfit)
    cases = read_cases(args.cases, args.repeat)
    work = tempfile.mkdtemp(prefix="textfit-spark-")
    try:
        fonts = ship_fonts(cases, work)
        input_path = os.path.join(work, "cases.jsonl")
        with open(input_path, "w", encoding="utf-8") as f:
            for case in cases:
                f.write(json.dumps(case, ensure_ascii=False) + "\n")

        # The reference: one textfit batch process over the whole file, fonts where the cases name them.
        env = dict(os.environ, TEXTFIT_FONTS_DIR=args.fonts)
        start = time.perf_counter()
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        with open(input_path, "rb") as stdin:
            done = subprocess.run([tool, "batch"], stdin=stdin, stdout=subprocess.PIPE, env=env, check=True)
        single_seconds = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        # CPU time beside wall time: on a shared machine the gap is time spent waiting for a core.
        single_cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        expected = by_id(done.stdout.decode("utf-8").splitlines())
        print("one textfit batch process: %d cases in %.2f s = %.0f cases/s (CPU %.2f s, %.1f us a case)"
              % (len(cases), single_seconds, len(cases) / single_seconds, single_cpu, 1e6 * single_cpu / len(cases)))

        from pyspark import SparkConf, SparkContext, SparkFiles

        figures = {"cases": len(cases), "single_process_seconds": single_seconds,
                   "single_process_cpu_seconds": single_cpu, "load_average": os.getloadavg(), "spark": []}
        failed = False
        for executors in [int(n) for n in args.executors.split(",")]:
            conf = (SparkConf().setMaster("local[%d]" % executors).setAppName("textfit-batch")
                    .set("spark.ui.enabled", "false").set("spark.ui.showConsoleProgress", "false").set("spark.python.worker.reuse", "true"))
            sc = SparkContext(conf=conf)
            sc.setLogLevel("ERROR")
            try:
                sc.addFile(tool)
                sc.addFile(args.fonts, recursive=True)
                for name in fonts.values():
                    sc.addFile(os.path.join(work, name))
                # In local mode the executors' SparkFiles folder is this one (on a cluster: their working
                # directory, see the module comment).
                shipped = SparkFiles.getRootDirectory()
                command = os.path.join(shipped, os.path.basename(tool)) + " batch"
                pipe_env = {"TEXTFIT_FONTS_DIR": os.path.join(shipped, os.path.basename(os.path.normpath(args.fonts)))}

                def reroute(line, shipped=shipped):
                    case = json.loads(line)
                    if "fontFile" in case:
                        case["fontFile"] = os.path.join(shipped, fonts[case["fontFile"]])
                    return json.dumps(case, ensure_ascii=False)

                lines = sc.textFile(input_path, minPartitions=executors * args.partitions_per_executor)
                rerouted = lines.map(reroute) if fonts else lines
                rerouted = rerouted.cache()
                rerouted.count()  # read and parse once, untimed
                results = rerouted.pipe(command, env=pipe_env)
                got = by_id(results.collect())  # untimed: the first fork, the workers' start
                best = None
                for _ in range(args.runs):
                    start = time.perf_counter()
                    count = results.count()
                    seconds = time.perf_counter() - start
                    best = seconds if best is None else min(best, seconds)
                    assert count == len(cases)
                problems = compare(expected, got)
                failed = failed or bool(problems)
                print("spark local[%d], %d partitions: %d cases in %.2f s = %.0f cases/s (load average %.1f); results %s"
                      % (executors, rerouted.getNumPartitions(), len(cases), best, len(cases) / best, os.getloadavg()[0],
                         "equal to one process's" if not problems else "DIFFER: " + "; ".join(problems)))
                figures["spark"].append({"executors": executors, "partitions": rerouted.getNumPartitions(),
                                         "seconds": best, "cases_per_second": len(cases) / best,
                                         "load_average": os.getloadavg()[0],
                                         "equal": not problems})
            finally:
                sc.stop()
        if args.json:
            with open(args.json, "w") as f:
                json.dump(figures, f, indent=2)
        return 1 if failed else 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
