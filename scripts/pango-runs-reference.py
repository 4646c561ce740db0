#!/usr/bin/python3
"""Lay out a styled-run corpus with Pango: bold, size, family, letter spacing and rise spans, alone and
with paragraph styles, word-wrapped and truncated.

    /usr/bin/python3 scripts/pango-runs-reference.py

Reads  Tests/TextFitTests/Data/parity/corpus.jsonl (for its Latin, Cyrillic, CJK and mixed texts)
Writes Tests/TextFitTests/Data/parity/runs.jsonl, one object per case:

    {"id", "kind", "text", "family", "size", "width", "maxLines",
     "runs": [{"start", "end", "weight" | "size" | "family" | "kern" | "baselineOffset"}],
     "paragraph": {NSParagraphStyle fields},
     "pango": {"truncated", "plainStarts", "lines": [{"start", "end", "x", "y", "width", "height", "baseline",
                                      "logicalWidth"[, "ellipsis"][, "baselineShifts"]}]}}

`runs` are in `textfit batch`'s form (UTF-16 ranges, end exclusive, never overlapping); the case's own
font is `family` at `size`, regular. How each attribute is given to Pango:
  * weight bold       -> pango_attr_weight_new(PANGO_WEIGHT_BOLD) (Fonts/NotoSans-Bold.ttf)
  * size s            -> pango_attr_size_new_absolute(s * 1024) (the em is s px, as the case's size)
  * family f          -> pango_attr_family_new(f): "DejaVu Sans" (over Latin and Cyrillic words only) or
                         "Droid Sans Fallback" (the bundled CJK face, over CJK text)
  * kern k            -> pango_attr_letter_spacing_new(k * 1024): Pango splits it around each grapheme
                         and trims it at the line's ends (docs/styled-parity.md says what that changes)
  * baselineOffset b  -> pango_attr_rise_new(b * 1024) (both raise the glyphs by b points)
Paragraph fields map as in pango-paragraph-reference.py (alignment, firstLineHeadIndent -> set_indent,
headIndent -> negative set_indent, tailIndent <= 0 -> a narrower layout, lineSpacing -> set_spacing).
plainStarts are the line starts of the same case without its runs. A truncated case (maxLines > 0) is ELLIPSIZE_END with set_height(-maxLines), as pango-reference.py.

Line fields, in points (72 dpi: 1 pt = 1 px = 1024 units), from pango_layout_iter_get_line_extents and
pango_layout_iter_get_baseline: x and y are the line's logical box in the layout, height its logical
height, baseline the layout's y of its baseline, logicalWidth the box's width (trailing whitespace
included: what Pango aligns), width the line without trailing whitespace (index_to_x of the last
non-whitespace character's trailing edge, as pango-reference.py); an ellipsized line's width is its
visible runs' (the ellipsis left out) and `ellipsis` the string Pango drew. start and end are UTF-16
offsets; end is the next line's start, or an ellipsized line's visible end. baselineShifts lists the runs
Pango moved off the roman baseline to align them with the line's first run (apply_baseline_shift in Pango
1.50: a line that starts in CJK aligns the other fonts' ideographic baselines), as [{"start", "end",
"shift"}], shift in points up, the run's rise left out.

Fontconfig is private, as in pango-reference.py: the repository's Fonts/ plus DejaVu Sans (regular and
bold, from Debian's fonts-dejavu-core, which `scripts/install-deps --tests` installs), nothing else, so
"Noto Sans" is Fonts/NotoSans-Regular.ttf and CJK falls back to Fonts/DroidSansFallbackFull.ttf.
"""

import atexit
import json
import os
import random
import shutil
import sys
import tempfile
import unicodedata

from pango_setup import PANGO_SCALE, Offsets, library_versions, pango_modules, point_context, private_fontconfig, run_attributes


HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, ".."))
FONTS_DIR = os.path.join(ROOT, "Fonts")
DEJAVU = ["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"]
DATA_DIR = os.path.join(ROOT, "Tests", "TextFitTests", "Data", "parity")
CORPUS = os.path.join(DATA_DIR, "corpus.jsonl")
OUTPUT = os.path.join(DATA_DIR, "runs.jsonl")
SEED = 1617


def setup_fontconfig():
    """A private fonts.conf: Fonts/ and a folder holding only DejaVu Sans; must run before Pango loads."""
    extra = tempfile.mkdtemp(prefix="textfit-pango-runs-dejavu-")
    atexit.register(shutil.rmtree, extra, True)
    for path in DEJAVU:
        if not os.path.exists(path):
            sys.exit("%s is missing: install fonts-dejavu-core (scripts/install-deps --tests)" % path)
        shutil.copy(path, extra)
    private_fontconfig([FONTS_DIR, extra], prefix="textfit-pango-runs-")

setup_fontconfig()

GLib, Pango, PangoFT2 = pango_modules()


def make_context():
    return point_context("en-us")


# ---------------------------------------------------------------------------------------------------------
# The corpus
# ---------------------------------------------------------------------------------------------------------

PARAGRAPHS = [
    {"alignment": "center"},
    {"alignment": "right"},
    {"firstLineHeadIndent": 20},
    {"headIndent": 16},
    {"headIndent": 12, "alignment": "right"},
    {"lineSpacing": 4},
    {"lineSpacing": 3, "alignment": "center"},
    {"tailIndent": -30},
    {"firstLineHeadIndent": 24, "lineSpacing": 2},
    {"tailIndent": -20, "alignment": "right"},
]
KERNS = [0.5, 1, 1.5, 2, 3, -0.5]
RISES = [-4, -2, 3, 5]
KINDS = ["bold", "size", "family", "kern", "rise", "paragraph", "mixed", "truncated"]
LANGUAGES = ["lat"] * 10 + ["rus"] * 7 + ["cjk"] * 8 + ["mix"] * 5


def is_cjk(ch):
    return unicodedata.east_asian_width(ch) in ("W", "F")


def word_spans(text, rnd, count):
    """1 to 4 consecutive space-separated words, sometimes with the space after them, sometimes only some
    letters of one word (a style change inside a word)."""
    words, start = [], None
    for i, ch in enumerate(text + " "):
        if ch != " " and start is None:
            start = i
        elif ch == " " and start is not None:
            words.append((start, i))
            start = None
    spans = []
    for _ in range(count):
        first = rnd.randrange(len(words))
        last = min(len(words) - 1, first + rnd.randrange(4))
        s, e = words[first][0], words[last][1]
        roll = rnd.random()
        if roll < 0.2 and words[first][1] - words[first][0] >= 4:
            s = words[first][0] + 1
            e = words[first][1] - 1
        elif roll < 0.4 and e < len(text):
            e += 1
        spans.append((s, e))
    return spans


def char_spans(text, rnd, count):
    spans = []
    for _ in range(count):
        s = rnd.randrange(max(1, len(text) - 2))
        spans.append((s, min(len(text), s + rnd.randint(2, 12))))
    return spans


def disjoint(spans):
    """Spans sorted and made disjoint (a later one that overlaps an earlier one is dropped); run edges
    never fall before a combining mark."""
    out = []
    for s, e in sorted(spans):
        if out and s < out[-1][1]:
            continue
        out.append((s, e))
    return out


def spans_for(text, language, rnd, count):
    if language == "cjk":
        return disjoint(char_spans(text, rnd, count))
    return disjoint(word_spans(text, rnd, count))


def latin_word_spans(text, rnd, count):
    """Spans of words without CJK characters: DejaVu Sans has no CJK, and a run in a face lacking a
    character the text's font falls back for is not what this corpus tests."""
    spans = [sp for sp in word_spans(text, rnd, count * 3) if not any(is_cjk(c) for c in text[sp[0]:sp[1]])]
    return disjoint(spans[:count])


def cjk_spans(text, rnd, count):
    """Spans over CJK characters only (for Droid Sans Fallback as the run's family)."""
    positions = [i for i, c in enumerate(text) if is_cjk(c)]
    if not positions:
        return []
    spans = []
    for _ in range(count):
        s = rnd.choice(positions)
        e = s
        while e < len(text) and is_cjk(text[e]) and e - s < 14:
            e += 1
        spans.append((s, e))
    return disjoint(spans)


def attribute(kind, rnd, size, text, language):
    if kind == "bold":
        return {"weight": "bold"}
    if kind == "size":
        return {"size": rnd.choice([s for s in (12, 17, 24) if s != size])}
    if kind == "kern":
        return {"kern": rnd.choice(KERNS)}
    if kind == "rise":
        return {"baselineOffset": rnd.choice(RISES)}
    raise ValueError(kind)


def styled_runs(kind, text, language, size, rnd):
    count = rnd.randint(1, 3)
    if kind == "family":
        runs = []
        if language in ("cjk", "mix"):
            runs += [(s, e, {"family": "Droid Sans Fallback"}) for s, e in cjk_spans(text, rnd, count)]
        if language != "cjk":
            taken = [(s, e) for s, e, _ in runs]
            for s, e in latin_word_spans(text, rnd, count):
                if all(e <= a or s >= b for a, b in taken):
                    runs.append((s, e, {"family": "DejaVu Sans"}))
        return sorted(runs, key=lambda r: r[0])
    if kind == "kern" and rnd.random() < 0.25:
        return [(0, len(text), {"kern": rnd.choice(KERNS)})]
    simple = ["bold", "size", "kern", "rise"]
    if kind == "mixed":
        runs = []
        for s, e in spans_for(text, language, rnd, rnd.randint(2, 4)):
            fields = {}
            for part in rnd.sample(simple, rnd.randint(1, 2)):
                fields.update(attribute(part, rnd, size, text, language))
            runs.append((s, e, fields))
        return runs
    if kind in ("paragraph", "truncated"):
        kind = rnd.choice(simple)
    return [(s, e, attribute(kind, rnd, size, text, language)) for s, e in spans_for(text, language, rnd, count)]


def make_cases():
    with open(CORPUS, encoding="utf-8") as f:
        corpus = [json.loads(line) for line in f if line.strip()]
    pools = {
        "lat": [c["text"] for c in corpus if c["id"].startswith("lat")],
        "rus": [c["text"] for c in corpus if c["id"].startswith("rus")],
        "cjk": [c["text"] for c in corpus if c["id"][:3] in ("zhs", "zht", "jpn")],
        "mix": [c["text"] for c in corpus if c["id"].startswith("mix")],
    }
    for key in pools:
        pools[key] = sorted(set(pools[key]))
    rnd = random.Random(SEED)
    cases = []
    for kind in KINDS:
        for index, language in enumerate(LANGUAGES):
            text = rnd.choice(pools[language])
            if len(text) > 220:
                text = text[:220].rsplit(" ", 1)[0] if language != "cjk" else text[:160]
            size = rnd.choice([13, 15, 17])
            case = {"id": "%s-%s-%02d" % (kind, language, index), "kind": kind, "text": text,
                    "family": "Noto Sans", "size": size, "width": rnd.randint(60, 420), "maxLines": 0}
            runs = styled_runs(kind, text, language, size, rnd)
            case["runs"] = [dict({"start": s, "end": e}, **fields) for s, e, fields in runs if e > s]
            case["paragraph"] = rnd.choice(PARAGRAPHS) if kind in ("paragraph", "mixed") else {}
            if kind == "truncated":
                case["maxLines"] = rnd.randint(1, 3)
            cases.append(case)
    return cases


# ---------------------------------------------------------------------------------------------------------
# Pango
# ---------------------------------------------------------------------------------------------------------

def layout_case(ctx, case):
    text, style = case["text"], case["paragraph"]
    offsets = Offsets(text)
    tb = offsets.bytes
    layout = Pango.Layout.new(ctx)
    desc = Pango.FontDescription()
    desc.set_family(case["family"])
    desc.set_weight(Pango.Weight.NORMAL)
    desc.set_style(Pango.Style.NORMAL)
    desc.set_absolute_size(case["size"] * PANGO_SCALE)
    layout.set_font_description(desc)
    layout.set_wrap(Pango.WrapMode.WORD_CHAR)
    width = case["width"] + min(0, style.get("tailIndent", 0))
    layout.set_width(int(round(width * PANGO_SCALE)))
    alignment = style.get("alignment", "left")
    layout.set_alignment({"left": Pango.Alignment.LEFT, "center": Pango.Alignment.CENTER,
                          "right": Pango.Alignment.RIGHT}[alignment])
    if "firstLineHeadIndent" in style:
        layout.set_indent(int(style["firstLineHeadIndent"] * PANGO_SCALE))
    if "headIndent" in style:
        layout.set_indent(-int(style["headIndent"] * PANGO_SCALE))
    if "lineSpacing" in style:
        layout.set_spacing(int(style["lineSpacing"] * PANGO_SCALE))
    if case["maxLines"] > 0:
        layout.set_ellipsize(Pango.EllipsizeMode.END)
        layout.set_height(-case["maxLines"])
    layout.set_attributes(run_attributes(case["runs"], offsets))
    layout.set_text(text, -1)

    lines = layout.get_lines_readonly()
    it = layout.get_iter()
    out = []
    for n, line in enumerate(lines):
        _, logical = it.get_line_extents()
        start = line.start_index
        next_start = lines[n + 1].start_index if n + 1 < len(lines) else len(tb)
        runs = list(line.runs)
        ellipsis = [r for r in runs if r.item.analysis.flags & Pango.ANALYSIS_FLAG_IS_ELLIPSIS]
        entry = {"start": offsets.to16[start]}
        if ellipsis:
            # END ellipsization: the ellipsis is the last run, all before it is visible
            assert runs[-1].item.analysis.flags & Pango.ANALYSIS_FLAG_IS_ELLIPSIS
            entry["end"] = offsets.to16[runs[-1].item.offset]
            units = sum(r.glyphs.get_width() for r in runs[:-1])
        else:
            entry["end"] = offsets.to16[next_start]
            last = None
            for b in sorted(k for k in offsets.to16 if start <= k < start + line.length):
                if not GLib.unichar_isspace(tb[b:].decode("utf-8")[0]):
                    last = b
            units = 0 if last is None else line.index_to_x(last, True)
        entry.update({"x": logical.x / PANGO_SCALE, "y": logical.y / PANGO_SCALE, "width": units / PANGO_SCALE,
                      "height": logical.height / PANGO_SCALE, "baseline": it.get_baseline() / PANGO_SCALE,
                      "logicalWidth": logical.width / PANGO_SCALE})
        # Pango 1.50 aligns each run on the baseline its first run's script uses (apply_baseline_shift):
        # the runs moved off the roman baseline, beyond their rise, with the shift in points (up)
        shifts = []
        for r in runs:
            rise = sum(run.get("baselineOffset", 0) for run in case["runs"]
                       if offsets.to8[run["start"]] <= r.item.offset < offsets.to8[run["end"]])
            shift = r.y_offset / PANGO_SCALE - rise
            if abs(shift) > 1e-9 and not r.item.analysis.flags & Pango.ANALYSIS_FLAG_IS_ELLIPSIS:
                shifts.append({"start": offsets.to16[r.item.offset], "end": offsets.to16[r.item.offset + r.item.length],
                               "shift": shift})
        if shifts:
            entry["baselineShifts"] = shifts
        if ellipsis:
            # Pango's choice (ellipsize.c): U+22EF before a wide character, U+2026 otherwise, "..." when
            # the font lacks it
            item = runs[-1].item
            mark = "\u22ef" if GLib.unichar_iswide(tb[item.offset:].decode("utf-8")[0]) else "\u2026"
            if runs[-1].glyphs.num_glyphs != 1 or not Pango.Font.has_char(item.analysis.font, mark):
                mark = "..."
            entry["ellipsis"] = mark
        out.append(entry)
        it.next_line()
    return {"truncated": bool(layout.is_ellipsized()), "lines": out}


def plain_starts(ctx, case):
    """Where Pango's lines start when the same case is set without its runs (to tell a plain-text
    difference from a styled one)."""
    plain = dict(case, runs=[])
    return [line["start"] for line in layout_case(ctx, plain)["lines"]]


def main():
    ctx = make_context()
    families = sorted(f.get_name() for f in ctx.get_font_map().list_families())
    for needed in ("Noto Sans", "Droid Sans Fallback", "DejaVu Sans"):
        if needed not in families:
            sys.exit("font family %r not found (families: %s)" % (needed, families))
    cases = make_cases()
    with open(OUTPUT, "w", encoding="utf-8", newline="\n") as f:
        for case in cases:
            case["pango"] = layout_case(ctx, case)
            case["pango"]["plainStarts"] = plain_starts(ctx, case)
            f.write(json.dumps(case, ensure_ascii=False) + "\n")
    print("pango-runs-reference: %d cases, %d lines, %d truncated -> %s; %s"
          % (len(cases), sum(len(c["pango"]["lines"]) for c in cases),
             sum(1 for c in cases if c["pango"]["truncated"]), os.path.relpath(OUTPUT, ROOT), library_versions()),
          file=sys.stderr)


if __name__ == "__main__":
    main()
