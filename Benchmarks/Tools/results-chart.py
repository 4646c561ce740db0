#!/usr/bin/env python3
"""The benchmark's results as a picture and as the README's table, from Benchmarks/results-latest.json.

    python3 Benchmarks/Tools/results-chart.py            write Benchmarks/results-chart.svg (and the DocC copy)
    python3 Benchmarks/Tools/results-chart.py --table    print the README's results table (Markdown)
    python3 Benchmarks/Tools/results-chart.py --check    exit 1 when the SVG or the README's table differs
                                                         from what the JSON gives (CI runs this)

The chart has one row per case set (and the whole corpus) and one panel per mode: cold, warm, relayout.
Each row's bars are TextFit, Pango and the HarfBuzz floor (one hb_shape of each text; no relayout
figure), the median µs per case on a log scale, with Pango's time over TextFit's at the end of the row.
Python 3 standard library only.
"""
import json
import math
import os
import sys
import textwrap
from xml.sax.saxutils import escape

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = os.path.dirname(HERE)
ROOT = os.path.dirname(BENCH)
RESULTS = os.path.join(BENCH, "results-latest.json")
RATIOS = []
SVG = os.path.join(BENCH, "results-chart.svg")
# The same picture in the TextFit DocC catalog's "Performance and caches" article.
SVG_COPIES = [SVG, os.path.join(ROOT, "Sources", "TextFit", "TextFit.docc", "Resources", "results-chart.svg")]
README = os.path.join(ROOT, "README.md")

MODES = ["cold", "warm", "relayout"]
ENGINES = [("textfit", "TextFit", "#2f6fd0"), ("pango", "Pango 1.50", "#e0892b"), ("harfbuzz", "HarfBuzz floor", "#9a9a9a")]
NAMES = {
    "latin": "Latin, Noto Sans", "latin-inter": "Latin, Inter", "latin-liberation": "Latin, Liberation Sans",
    "latin-notoserif": "Latin, Noto Serif", "cyrillic": "Cyrillic", "greek-notosans": "Greek",
    "chinese": "Chinese, fallback", "chinese-notocjk": "Chinese, Noto CJK", "chinese-droid": "Chinese, Droid",
    "japanese": "Japanese, fallback", "japanese-notocjk": "Japanese, Noto CJK", "japanese-droid": "Japanese, Droid",
    "mixed": "Mixed scripts", "feed": "Feed rows", "ui": "UI strings", "paragraph": "Long paragraphs",
    "all": "Whole corpus",
}


def load(path=RESULTS):
    with open(path) as f:
        data = json.load(f)
    global RATIOS
    RATIOS = data.get("ratios", [])
    medians = {}
    for row in data["results"]:
        medians[(row["mode"], row["set"], row["engine"])] = row["median_us"]
    sets = [s["name"] for s in data["meta"]["sets"]] + ["all"]
    return data["meta"], medians, sets


def ratio(medians, mode, set_name):
    tf, pango = medians.get((mode, set_name, "textfit")), medians.get((mode, set_name, "pango"))
    return pango / tf if tf and pango else None


def worst_set(medians, sets):
    """The set where TextFit's cold lead over Pango is smallest."""
    return min((s for s in sets if s != "all"), key=lambda s: ratio(medians, "cold", s))


def machine(meta):
    m = meta["machine"]
    return f'{m["cores"]}-core {m["cpu"]}, {m["os"]}'


def fmt_us(value):
    if value is None:
        return "—"
    if value < 0.1:
        return f"{value:.3f}"
    return f"{value:.2f}"


def fmt_ratio(value):
    return f"{value:.3g}×" if value < 100 else f"{value:.0f}×"


def table(meta, medians, sets):
    worst = worst_set(medians, sets)
    lines = [
        "| set | mode | TextFit | Pango | HarfBuzz floor | vs Pango | vs floor |",
        "|---|---|---:|---:|---:|---:|---:|",
    ]
    for set_name, label in [(worst, NAMES.get(worst, worst) + " (worst)"), ("all", "whole corpus")]:
        for mode in MODES:
            tf = medians.get((mode, set_name, "textfit"))
            pango = medians.get((mode, set_name, "pango"))
            hb = medians.get((mode, set_name, "harfbuzz"))
            floor = f"{tf / hb:.2f}× its time" if hb else "—"
            lines.append(f"| {label} | {mode} | {fmt_us(tf)} | {fmt_us(pango)} | {fmt_us(hb)} | "
                         f"{fmt_ratio(pango / tf)} faster | {floor} |")
    return "\n".join(lines) + "\n\n" + missed(sets) + "\n"


def missed(sets):
    """The benchmark's targets this run missed, per target: in how many sets, and the worst figure."""
    groups = {}
    for r in RATIOS:
        if r.get("met") is False and r["set"] != "all":
            groups.setdefault((r["mode"], r["name"], r["target"]), []).append(r)
    names = {"pango/textfit": "Pango's time ÷ TextFit's", "pango/textfit-layout": "Pango ÷ `layout`",
             "textfit ns/width": "ns per width (`measure`)", "textfit-layout ns/width": "ns per width (`layout`)"}
    parts = []
    for (mode, name, target), rows in groups.items():
        worst = min(rows, key=lambda r: r["value"]) if target.startswith(">") else max(rows, key=lambda r: r["value"])
        label = names.get(name, name)
        value = worst["value"]
        shown = f"{value:.3g}" if value < 100 else f"{value:.0f}"
        target = target.replace(">=", "≥").replace("<=", "≤")
        parts.append(f"{mode}, {label} {target}, in {len(rows)} of {len(sets) - 1} sets "
                     f"(worst: {NAMES.get(worst['set'], worst['set'])}, {shown})")
    if not parts:
        return "Every target of the benchmark was met in this run."
    return textwrap.fill("Targets missed in this run: " + "; ".join(parts) + ".", width=108)


def svg(meta, medians, sets):
    row_h, bar_h, gap = 27, 7, 1
    label_w, panel_w, panel_gap, ratio_w = 150, 250, 24, 52
    top, bottom = 86, 52
    # µs on a log scale, whole decades around every figure.
    values = [v for (mode, _, engine), v in medians.items() if mode in MODES and v > 0]
    lo = 10 ** math.floor(math.log10(min(values)))
    hi = 10 ** math.ceil(math.log10(max(values)))
    width = label_w + len(MODES) * (panel_w + ratio_w + panel_gap)
    height = top + row_h * len(sets) + bottom

    def x_of(value):
        return (math.log10(value) - math.log10(lo)) / (math.log10(hi) - math.log10(lo)) * panel_w

    date = meta["date"][:10]
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
        'font-family="DejaVu Sans, Verdana, sans-serif" font-size="11">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<text x="10" y="20" font-size="15" font-weight="bold">TextFit against Pango and the HarfBuzz floor, '
        f'µs per case (log scale; relayout: per text and width)</text>',
        f'<text x="10" y="38" fill="#444">{escape(str(meta["cases"]))} cases in {len(sets) - 1} sets, median of '
        f'{meta["samples"]} samples; {escape(date)}, {escape(machine(meta))}; Pango {escape(meta["pango"])}, '
        f'HarfBuzz {escape(meta["harfbuzz"])}. From Benchmarks/results-latest.json.</text>',
    ]
    # Legend.
    lx = 10
    for _, name, colour in ENGINES:
        out.append(f'<rect x="{lx}" y="48" width="12" height="10" fill="{colour}"/>')
        out.append(f'<text x="{lx + 16}" y="57">{escape(name)}</text>')
        lx += 16 + 7 * len(name) + 24
    out.append(f'<text x="{lx}" y="57" fill="#444">× = Pango\'s time ÷ TextFit\'s</text>')

    for p, mode in enumerate(MODES):
        x0 = label_w + p * (panel_w + ratio_w + panel_gap)
        out.append(f'<text x="{x0 + panel_w / 2}" y="{top - 4}" text-anchor="middle" font-weight="bold">{mode}</text>')
        decade = lo
        while decade <= hi * 1.0001:  # one line per decade
            gx = x0 + x_of(decade)
            out.append(f'<line x1="{gx:.1f}" y1="{top}" x2="{gx:.1f}" y2="{top + row_h * len(sets)}" stroke="#ddd"/>')
            label = f"{decade:g}"
            out.append(f'<text x="{gx:.1f}" y="{top + row_h * len(sets) + 14}" text-anchor="middle" fill="#444">{label}</text>')
            decade = round(decade * 10, 6)
        out.append(f'<text x="{x0 + panel_w / 2}" y="{top + row_h * len(sets) + 30}" text-anchor="middle" '
                   f'fill="#444">µs</text>')
        for r, set_name in enumerate(sets):
            y = top + r * row_h + 3
            for e, (engine, _, colour) in enumerate(ENGINES):
                value = medians.get((mode, set_name, engine))
                if not value:
                    continue
                w = max(x_of(max(value, lo)), 1)
                out.append(f'<rect x="{x0}" y="{y + e * (bar_h + gap)}" width="{w:.1f}" height="{bar_h}" fill="{colour}">'
                           f'<title>{escape(NAMES.get(set_name, set_name))}, {mode}, {engine}: {value:.4g} µs</title></rect>')
            q = ratio(medians, mode, set_name)
            if q:
                out.append(f'<text x="{x0 + panel_w + 6}" y="{y + 14}">{fmt_ratio(q)}</text>')
    for r, set_name in enumerate(sets):
        y = top + r * row_h + 3
        weight = ' font-weight="bold"' if set_name == "all" else ""
        out.append(f'<text x="{label_w - 8}" y="{y + 14}" text-anchor="end"{weight}>{escape(NAMES.get(set_name, set_name))}</text>')
        if r % 2 == 1:
            out.insert(2, f'<rect x="0" y="{top + r * row_h}" width="{width}" height="{row_h}" fill="#f6f6f6"/>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def readme_table(text):
    start = text.find("<!-- results-table")
    end = text.find("<!-- end results-table -->")
    if start < 0 or end < 0:
        return None
    return text[text.index("\n", start) + 1:end]


def main(argv):
    meta, medians, sets = load()
    if "--table" in argv:
        sys.stdout.write(table(meta, medians, sets))
        return 0
    if "--check" in argv:
        ok = True
        for path in SVG_COPIES:
            with open(path) as f:
                if f.read() != svg(meta, medians, sets):
                    print(f"results-chart: {os.path.relpath(path, ROOT)} is not what results-latest.json gives: "
                          "run python3 Benchmarks/Tools/results-chart.py", file=sys.stderr)
                    ok = False
        with open(README) as f:
            if readme_table(f.read()) != table(meta, medians, sets):
                print("results-chart: README.md's results table is not what results-latest.json gives: paste "
                      "the output of python3 Benchmarks/Tools/results-chart.py --table", file=sys.stderr)
                ok = False
        if ok:
            print("results-chart: the chart and the README's table match results-latest.json")
        return 0 if ok else 1
    for path in SVG_COPIES:
        with open(path, "w") as f:
            f.write(svg(meta, medians, sets))
        print(f"results-chart: wrote {os.path.relpath(path, ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
