#!/usr/bin/python3
"""Lay out the fallback parity corpus with Pango and write its line breaks and widths.

Run with Debian's interpreter (PyGObject with Pango / PangoFT2):

    /usr/bin/python3 scripts/pango-fallback-reference.py

Reads  Tests/TextFitCLITests/Data/fallback/corpus.jsonl   ({"id", "text", "size", "width"|null})
       Tests/TextFitCLITests/Data/fallback/fonts.conf.in  (the Fontconfig configuration)
Writes Tests/TextFitCLITests/Data/fallback/pango.jsonl, one object per case:

    {"id": ..., "lines": [{"start": u16, "end": u16, "widthUnits": int}, ...],
     "latinFont": "<family of the font Pango set the first Latin letter in>"}

Every case is set in "Droid Sans Fallback", which has no Latin letters, in a configuration holding only
it and fonts-dejavu-core's six DejaVu files: Pango takes the Latin words from Fontconfig's sorted list for Droid Sans Fallback,
which is the order `FontFallback.fontconfig` follows. start/end and widthUnits (1/1024 pt, 72 dpi, the
trailing edge of the line's last non-whitespace character) are as in scripts/pango-reference.py.
"""

import atexit
import json
import os
import shutil
import sys
import tempfile

from pango_setup import PANGO_SCALE, Offsets, pango_modules, point_context, use_fontconfig_file

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, ".."))
DATA = os.path.join(ROOT, "Tests", "TextFitCLITests", "Data", "fallback")


def setup_fontconfig():
    tmp = tempfile.mkdtemp(prefix="textfit-fallback-")
    atexit.register(shutil.rmtree, tmp, True)
    fonts = os.path.join(tmp, "fonts")
    os.mkdir(fonts)
    files = [os.path.join(ROOT, "Fonts", "DroidSansFallbackFull.ttf")] + [
        "/usr/share/fonts/truetype/dejavu/DejaVu%s%s.ttf" % (family, style)
        for family in ("Sans", "Serif", "SansMono") for style in ("", "-Bold")]
    for path in files:
        os.symlink(path, os.path.join(fonts, os.path.basename(path)))
    with open(os.path.join(DATA, "fonts.conf.in"), encoding="utf-8") as f:
        conf = f.read().replace("@FONT_DIR@", fonts).replace("@CACHE_DIR@", os.path.join(tmp, "cache"))
    path = os.path.join(tmp, "fonts.conf")
    with open(path, "w", encoding="utf-8") as f:
        f.write(conf)
    use_fontconfig_file(path)


setup_fontconfig()

GLib, Pango, _ = pango_modules()


def main():
    ctx = point_context("en-us")
    out = []
    with open(os.path.join(DATA, "corpus.jsonl"), encoding="utf-8") as f:
        cases = [json.loads(line) for line in f if line.strip()]
    for case in cases:
        text = case["text"]
        tb = text.encode("utf-8")
        u16 = Offsets(text).to16
        layout = Pango.Layout.new(ctx)
        desc = Pango.FontDescription()
        desc.set_family("Droid Sans Fallback")
        desc.set_absolute_size(case["size"] * PANGO_SCALE)
        layout.set_font_description(desc)
        layout.set_wrap(Pango.WrapMode.WORD_CHAR)
        layout.set_width(-1 if case["width"] is None else int(round(case["width"] * PANGO_SCALE)))
        attrs = Pango.AttrList()
        attrs.insert(Pango.attr_insert_hyphens_new(False))
        layout.set_attributes(attrs)
        layout.set_text(text, -1)
        lines_ro = layout.get_lines_readonly()
        lines = []
        for n, line in enumerate(lines_ro):
            start = line.start_index
            end = lines_ro[n + 1].start_index if n + 1 < len(lines_ro) else len(tb)
            chars = [b for b in sorted(u16) if start <= b < end]
            ink = [b for b in chars if not GLib.unichar_isspace(tb[b:].decode("utf-8")[0])]
            width = 0
            if ink:
                last = ink[-1]
                width = line.index_to_x(last, True)
            lines.append({"start": u16[start], "end": u16[end], "widthUnits": width})
        latin = None
        for run in lines_ro[0].runs:
            piece = tb[run.item.offset:run.item.offset + run.item.length].decode("utf-8")
            if any("a" <= c.lower() <= "z" for c in piece):
                latin = run.item.analysis.font.describe().get_family()
                break
        out.append({"id": case["id"], "lines": lines, "latinFont": latin})
    with open(os.path.join(DATA, "pango.jsonl"), "w", encoding="utf-8") as f:
        f.write("# Pango %s, written by scripts/pango-fallback-reference.py\n" % Pango.version_string())
        for entry in out:
            f.write(json.dumps(entry, ensure_ascii=False) + "\n")
    print("%d cases" % len(out), file=sys.stderr)


main()
