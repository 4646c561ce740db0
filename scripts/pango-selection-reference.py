#!/usr/bin/python3
"""Range rects and hit testing with Pango: pango_layout_line_get_x_ranges and pango_layout_xy_to_index.

    /usr/bin/python3 scripts/pango-selection-reference.py

Writes Tests/TextFitTests/Data/parity/selection.jsonl, one object per case:

    {"id", "group": "plain" | "styled" | "bidi", "text", "family", "size", "width", "runs": [...],
     "lines": [{"start", "end", "drawnEnd", "ranges": [{"start", "end", "x": [[x0, x1], ...]}]}],
     "points": [{"line", "place": "inside" | "above" | "below", "x", "offset", "index", "trailing"}]}

The cases are other parity corpora's, laid out as those scripts do (private Fontconfig with Fonts/ and DejaVu Sans, as pango-runs-reference.py,
PangoFT2 at 72 dpi, hinting off, unrounded positions, WRAP_WORD_CHAR, no inserted hyphens, auto-dir):
  * plain: the first 130 untruncated cases of corpus.jsonl (Latin, Cyrillic, Greek, CJK, Devanagari,
    Arabic, emoji... in Noto Sans and its bundled fallbacks);
  * styled: runs.jsonl's bold, size, family and rise cases (120; kern is left out: Pango spreads letter
    spacing around each grapheme, UIKit after it, which moves every caret);
  * bidi: bidi.jsonl's Arabic, Hebrew, Persian and mixed cases without truncation.

Per line (at most 8 a case): start and end are UTF-16 offsets of Pango's line (end = start + its length,
the paragraph separator excluded), drawnEnd where its whitespace starts hanging. Up to 5 ranges a line,
random subranges of [start, end) on grapheme cluster boundaries (ICU's, through PyICU) (one is the whole line, one the drawn text);
x is pango_layout_line_get_x_ranges(range) in points, made relative to the left edge of the line's drawn
text (the first x of the ranges of [start, drawnEnd)), so the alignment of either engine drops out.

Points (30 a case): y uniform over the layout's height with 8 pt above and below, x uniform over
[-10, width + 10] in the layout's coordinates; recorded as Pango's line under y (place says when y is
above or below the layout) and x relative to that line's drawn-text left edge, with
pango_layout_xy_to_index's byte index and trailing turned into a UTF-16 offset (trailing = the number
of characters past the index, so offset = index + those characters' UTF-16 length).
"""

import ctypes
import json

import icu
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
import importlib.util  # noqa: E402

import pango_setup  # noqa: E402

# Fontconfig is per process, so each group runs in its own: plain and bidi with only Fonts/ (as
# pango-reference.py and pango-bidi-reference.py: DejaVu Sans would otherwise cover Arabic and Hebrew in
# Pango's fallback), styled with Fonts/ and DejaVu Sans (pango-runs-reference.py: its family runs).
GROUP = sys.argv[1] if len(sys.argv) > 1 else None
SETUP = "pango-runs-reference.py" if GROUP == "styled" else "pango-reference.py"
spec = importlib.util.spec_from_file_location("pango_group_setup", os.path.join(HERE, SETUP))
ref = importlib.util.module_from_spec(spec)
spec.loader.exec_module(ref)
Pango = ref.Pango
run_attributes = pango_setup.run_attributes
GLib = ref.GLib

OUTPUT = os.path.join(ref.DATA_DIR, "selection.jsonl")
SEED = 3232
SCALE = ref.PANGO_SCALE


def load(name):
    with open(os.path.join(ref.DATA_DIR, name), encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def cases():
    out = []
    plain = [c for c in load("corpus.jsonl") if c["maxLines"] == 0][:130]
    for c in plain:
        out.append({"id": "plain-" + c["id"], "group": "plain", "text": c["text"], "family": c["family"],
                    "size": c["size"], "width": c["width"], "runs": []})
    for c in load("runs.jsonl"):
        if c["kind"] in ("bold", "size", "family", "rise") and not c["paragraph"] and c["maxLines"] == 0:
            out.append({"id": "styled-" + c["id"], "group": "styled", "text": c["text"], "family": c["family"],
                        "size": c["size"], "width": c["width"], "runs": c["runs"]})
    for c in load("bidi.jsonl"):
        if c["id"][:3] in ("ara", "heb", "fas", "mix") and c["maxLines"] == 0:
            out.append({"id": "bidi-" + c["id"], "group": "bidi", "text": c["text"], "family": c["family"],
                        "size": c["size"], "width": c["width"], "runs": []})
    return out


class Offsets(pango_setup.Offsets):
    def __init__(self, text):
        super().__init__(text)
        # Grapheme cluster boundaries from ICU (PyICU, the ICU TextFit links): ranges start and end on
        # them, since a caret cannot stand inside a cluster (R6) and Pango splits a cluster's width by
        # characters there.
        iterator = icu.BreakIterator.createCharacterInstance(icu.Locale.getRoot())
        iterator.setText(icu.UnicodeString(text))
        self.graphemes16 = [0] + list(iterator)


def make_layout(ctx, case, offsets):
    layout = Pango.Layout.new(ctx)
    desc = Pango.FontDescription()
    desc.set_family(case["family"])
    desc.set_weight(Pango.Weight.NORMAL)
    desc.set_style(Pango.Style.NORMAL)
    desc.set_absolute_size(case["size"] * SCALE)
    layout.set_font_description(desc)
    layout.set_wrap(Pango.WrapMode.WORD_CHAR)
    layout.set_width(int(round(case["width"] * SCALE)))
    layout.set_alignment(Pango.Alignment.LEFT)
    layout.set_attributes(run_attributes(case["runs"], offsets))
    layout.set_text(case["text"], -1)
    return layout


# PyGObject hands back only the first value of pango_layout_line_get_x_ranges' array, so it is called
# through ctypes on the line's pointer (pango_layout_get_line_readonly on the layout's GObject pointer).
PANGO = ctypes.CDLL("libpango-1.0.so.0")
PANGO.pango_layout_get_line_readonly.restype = ctypes.c_void_p
PANGO.pango_layout_get_line_readonly.argtypes = [ctypes.c_void_p, ctypes.c_int]
PANGO.pango_layout_line_get_x_ranges.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int,
                                                  ctypes.POINTER(ctypes.POINTER(ctypes.c_int)),
                                                  ctypes.POINTER(ctypes.c_int)]
GLIB = ctypes.CDLL("libglib-2.0.so.0")
GLIB.g_free.argtypes = [ctypes.c_void_p]
ctypes.pythonapi.PyCapsule_GetPointer.restype = ctypes.c_void_p
ctypes.pythonapi.PyCapsule_GetPointer.argtypes = [ctypes.py_object, ctypes.c_char_p]


def line_pointer(layout, n):
    pointer = ctypes.pythonapi.PyCapsule_GetPointer(layout.__gpointer__, None)
    return PANGO.pango_layout_get_line_readonly(pointer, n)


def x_ranges(line, start8, end8):
    """pango_layout_line_get_x_ranges in points: [(x0, x1), ...] left to right, layout coordinates."""
    ranges = ctypes.POINTER(ctypes.c_int)()
    count = ctypes.c_int()
    PANGO.pango_layout_line_get_x_ranges(line, start8, end8, ctypes.byref(ranges), ctypes.byref(count))
    out = [(ranges[2 * i] / SCALE, ranges[2 * i + 1] / SCALE) for i in range(count.value)]
    GLIB.g_free(ctypes.cast(ranges, ctypes.c_void_p))
    return out


def reference(ctx, case, rng):
    text = case["text"]
    offsets = Offsets(text)
    tb = offsets.bytes
    layout = make_layout(ctx, case, offsets)
    lines = layout.get_lines_readonly()
    out_lines, anchors = [], []
    for n, line_object in enumerate(lines):
        line = line_pointer(layout, n)
        start8, end8 = line_object.start_index, line_object.start_index + line_object.length
        _unused = None
        start, end = offsets.to16[start8], offsets.to16[end8]
        drawn = end
        while drawn > start and GLib.unichar_isspace(char_at(offsets, prev_start(offsets, drawn))):
            drawn = prev_start(offsets, drawn)
        anchor = None
        if drawn > start:
            anchor = min(x0 for x0, _ in x_ranges(line, start8, offsets.to8[drawn]))
        anchors.append(anchor)
        if anchor is None or n >= 8:
            continue
        chars = [u for u in offsets.graphemes16 if start <= u <= end]
        picks = {(start, end), (start, drawn)}
        while len(picks) < min(5, len(chars) * (len(chars) - 1) // 2):
            a, b = sorted(rng.sample(chars, 2))
            picks.add((a, b))
        ranges = []
        for a, b in sorted(picks):
            xs = x_ranges(line, offsets.to8[a], offsets.to8[b])
            ranges.append({"start": a, "end": b, "x": [[round(x0 - anchor, 5), round(x1 - anchor, 5)] for x0, x1 in xs]})
        out_lines.append({"index": n, "start": start, "end": end, "drawnEnd": drawn, "ranges": ranges})

    _, logical = layout.get_extents()
    height = logical.height / SCALE
    points = []
    iterator_tops = line_tops(layout)
    for _ in range(30):
        y = rng.uniform(-8, height + 8)
        x = rng.uniform(-10, case["width"] + 10)
        inside, index, trailing = layout.xy_to_index(int(round(x * SCALE)), int(round(y * SCALE)))
        offset = offsets.to16[index]
        for _ in range(trailing):
            offset = next_start(offsets, offset)
        line_index = sum(1 for top in iterator_tops[1:] if top <= y)
        if anchors[line_index] is None:
            continue
        place = "above" if y < 0 else "below" if y >= height else "inside"
        points.append({"line": line_index, "place": place, "x": round(x - anchors[line_index], 5),
                       "offset": offset, "index": offsets.to16[index], "trailing": trailing})
    return {"id": case["id"], "group": case["group"], "text": text, "family": case["family"], "size": case["size"],
            "width": case["width"], "runs": case["runs"], "lineCount": len(lines), "lines": out_lines,
            "points": points}


def line_tops(layout):
    tops = []
    it = layout.get_iter()
    while True:
        _, logical = it.get_line_extents()
        tops.append(logical.y / SCALE)
        if not it.next_line():
            break
    return tops


def char_at(offsets, u16):
    b = offsets.to8[u16]
    return offsets.bytes[b:].decode("utf-8")[0]


def prev_start(offsets, u16):
    i = offsets.starts16.index(u16)
    return offsets.starts16[i - 1]


def next_start(offsets, u16):
    i = offsets.starts16.index(u16)
    return offsets.starts16[min(i + 1, len(offsets.starts16) - 1)]


def main():
    if GROUP is None:
        # One process per group, in the corpus order; each prints its cases as JSON lines.
        import subprocess
        out = []
        for group in ("plain", "styled", "bidi"):
            result = subprocess.run([sys.executable, os.path.abspath(__file__), group], check=True,
                                    capture_output=True, text=True)
            out += [json.loads(line) for line in result.stdout.splitlines() if line.strip()]
        with open(OUTPUT, "w", encoding="utf-8") as f:
            for item in out:
                f.write(json.dumps(item, ensure_ascii=False) + "\n")
        print("%d cases, %d ranges, %d points -> %s" % (
            len(out), sum(len(l["ranges"]) for c in out for l in c["lines"]), sum(len(c["points"]) for c in out),
            OUTPUT), file=sys.stderr)
        return
    ctx = ref.make_context()
    rng = random.Random(SEED + ("plain", "styled", "bidi").index(GROUP))
    for case in cases():
        if case["group"] == GROUP:
            print(json.dumps(reference(ctx, case, rng), ensure_ascii=False))


if __name__ == "__main__":
    main()
