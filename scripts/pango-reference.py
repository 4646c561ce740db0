#!/usr/bin/python3
"""Lay out the parity corpus with Pango and write the reference line breaks.

Run with Debian's interpreter (it has PyGObject with Pango 1.50 / PangoFT2):

    /usr/bin/python3 scripts/make-parity-corpus.py
    /usr/bin/python3 scripts/pango-reference.py

Reads  Tests/TextFitTests/Data/parity/corpus.jsonl
Writes Tests/TextFitTests/Data/parity/pango.jsonl, one object per case:

    {"id": ..., "lineCount": N, "truncated": bool,
     "lines": [{"start": u16, "end": u16, "width": pt, "widthUnits": int}, ...]}

start/end are UTF-16 offsets into the case text. For a normal line, end is the
start of the next line (the text length for the last line), so trailing spaces
belong to the line they follow. For an ellipsized line, end is where the visible
source text stops (the start of the elided range) and the line carries an extra
"ellipsis": {"text": "\u2026", "widthUnits": int} with the ellipsis' natural
advance.

widthUnits is in Pango units (1/1024 pt; 72 dpi so 1 pt = 1 px):
  * normal line: x of the trailing edge of the last non-whitespace character
    (pango_layout_line_index_to_x), i.e. the logical width without trailing
    whitespace; 0 for a line that is all whitespace.
  * ellipsized line: the width of the visible runs (up to the ellipsis, any
    space before it included) plus the ellipsis' natural advance. Pango itself
    pads the ellipsis glyph so the line fills the layout width exactly
    (ellipsize.c: fixup_ellipsis_run); that padding is removed here.
width = widthUnits / 1024.

The Fontconfig configuration is private: it contains only the repository's
Fonts/ directory, so "Noto Sans" resolves to Fonts/NotoSans-Regular.ttf and CJK
falls back to Fonts/DroidSansFallbackFull.ttf.
"""

import json
import os
import sys

from pango_setup import PANGO_SCALE, Offsets, library_versions, pango_modules, point_context, private_fontconfig

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, ".."))
FONTS_DIR = os.path.join(ROOT, "Fonts")
DATA_DIR = os.path.join(ROOT, "Tests", "TextFitTests", "Data", "parity")
CORPUS = os.path.join(DATA_DIR, "corpus.jsonl")
OUTPUT = os.path.join(DATA_DIR, "pango.jsonl")

LANGUAGE = "en-us"


def setup_fontconfig():
    """Private fonts.conf with only FONTS_DIR; must run before Pango loads."""
    return private_fontconfig([FONTS_DIR])


TMP_DIR = setup_fontconfig()

GLib, Pango, PangoFT2 = pango_modules()


def make_context():
    return point_context(LANGUAGE)


def ellipsis_natural_width(ctx, run, layout_text_bytes):
    """Natural advance of the ellipsis run (Pango pads its last glyph)."""
    item = run.item
    font = item.analysis.font
    gap_start = layout_text_bytes[item.offset:].decode("utf-8")[0]
    # Same choice as pango/ellipsize.c: U+22EF for a wide (CJK) first elided
    # character, U+2026 otherwise; "..." if the chosen font lacks it.
    text = "\u22ef" if GLib.unichar_iswide(gap_start) else "\u2026"
    if run.glyphs.num_glyphs != 1 or not Pango.Font.has_char(font, text):
        text = "..."
    b = text.encode("utf-8")
    glyphs = Pango.GlyphString()
    Pango.shape(text, len(b), item.analysis, glyphs)
    assert glyphs.num_glyphs == run.glyphs.num_glyphs, (text, glyphs.num_glyphs)
    return text, glyphs.get_width()


def layout_case(ctx, case):
    text = case["text"]
    u16 = Offsets(text)
    tb = u16.bytes

    layout = Pango.Layout.new(ctx)
    desc = Pango.FontDescription()
    desc.set_family(case["family"])
    desc.set_weight(Pango.Weight.NORMAL)
    desc.set_style(Pango.Style.NORMAL)
    desc.set_absolute_size(case["size"] * PANGO_SCALE)  # em = size px exactly
    layout.set_font_description(desc)
    layout.set_wrap(Pango.WrapMode.WORD_CHAR)
    layout.set_width(int(round(case["width"] * PANGO_SCALE)))
    layout.set_alignment(Pango.Alignment.LEFT)
    max_lines = case["maxLines"]
    if max_lines > 0 and case["lineBreakMode"] == "truncateTail":
        layout.set_ellipsize(Pango.EllipsizeMode.END)
        layout.set_height(-max_lines)
    elif max_lines > 0:
        raise ValueError("%s: maxLines without truncateTail is not supported" % case["id"])
    # Pango >= 1.44 draws a hyphen at a break inside a word (char wrap); UIKit
    # and TextFit do not, so turn it off for the whole text.
    attrs = Pango.AttrList()
    attrs.insert(Pango.attr_insert_hyphens_new(False))
    layout.set_attributes(attrs)
    layout.set_text(text, -1)

    # Whitespace as Pango's log attrs define it (is_white = g_unichar_isspace);
    # PyGObject cannot marshal the PangoLogAttr bitfields, so test directly.
    is_white = {b: GLib.unichar_isspace(tb[b:].decode("utf-8")[0])
                for b in u16.char_starts(0, len(tb))}

    lines_ro = layout.get_lines_readonly()
    out_lines = []
    for n, line in enumerate(lines_ro):
        start = line.start_index
        next_start = lines_ro[n + 1].start_index if n + 1 < len(lines_ro) else len(tb)
        assert line.start_index + line.length <= next_start
        runs = list(line.runs)  # GI hands out fresh wrappers: compare by index
        ellipsis_idx = [i for i, r in enumerate(runs)
                        if r.item.analysis.flags & Pango.ANALYSIS_FLAG_IS_ELLIPSIS]
        assert len(ellipsis_idx) <= 1
        ellipsis_run = runs[ellipsis_idx[0]] if ellipsis_idx else None
        entry = {"start": u16(start)}
        if ellipsis_run is None:
            end = next_start
            # last non-whitespace character of the line
            last = None
            for b in u16.char_starts(start, start + line.length):
                if not is_white[b]:
                    last = b
            if last is None:
                units = 0
            else:
                units = line.index_to_x(last, True)
            entry["end"] = u16(end)
        else:
            # END ellipsization: the ellipsis is the last run, all before it is visible
            assert ellipsis_idx[0] == len(runs) - 1
            visible = sum(r.glyphs.get_width() for r in runs[:-1])
            _, logical = line.get_extents()
            assert logical.width == visible + ellipsis_run.glyphs.get_width()
            etext, ewidth = ellipsis_natural_width(ctx, ellipsis_run, tb)
            units = visible + ewidth
            entry["end"] = u16(ellipsis_run.item.offset)
            entry["ellipsis"] = {"text": etext, "widthUnits": ewidth}
        entry["width"] = units / PANGO_SCALE
        entry["widthUnits"] = units
        # key order: start, end, width, widthUnits[, ellipsis]
        ordered = {k: entry[k] for k in ("start", "end", "width", "widthUnits")}
        if "ellipsis" in entry:
            ordered["ellipsis"] = entry["ellipsis"]
        out_lines.append(ordered)

    return {
        "id": case["id"],
        "lineCount": len(out_lines),
        "truncated": bool(layout.is_ellipsized()),
        "lines": out_lines,
    }


def main():
    versions = library_versions()
    ctx = make_context()
    families = sorted(f.get_name() for f in ctx.get_font_map().list_families())
    for needed in ("Noto Sans", "Droid Sans Fallback"):
        if needed not in families:
            sys.exit("font family %r not found in %s (families: %s)" % (needed, FONTS_DIR, families))

    with open(CORPUS, encoding="utf-8") as f:
        cases = [json.loads(line) for line in f if line.strip()]

    results = [layout_case(ctx, c) for c in cases]
    with open(OUTPUT, "w", encoding="utf-8", newline="\n") as f:
        for r in results:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")

    n_lines = sum(r["lineCount"] for r in results)
    n_trunc = sum(1 for r in results if r["truncated"])
    print("pango-reference: %d cases, %d lines, %d truncated -> %s"
          % (len(results), n_lines, n_trunc, os.path.relpath(OUTPUT, ROOT)), file=sys.stderr)
    print("versions: " + ", ".join("%s %s" % kv for kv in versions.items()), file=sys.stderr)


if __name__ == "__main__":
    main()
