#!/usr/bin/python3
"""Measure the trak/opsz test font in Pango: a second reference for TrakOpszTests (rules O6, O8, O12, O13).

Run with Debian's interpreter (PyGObject, Pango 1.50 / PangoFT2) after scripts/make-trak-opsz-font.py:

    /usr/bin/python3 scripts/pango-trak-opsz-reference.py

Pango 1.50 sets a font's point size on its HarfBuzz font (so HarfBuzz applies `trak`) and, for a variable
font with an `opsz` axis the description leaves unset, opsz = the point size: the two behaviours TextFit
copies from CoreText. Writes Tests/TextFitTests/Data/fonts/pango-trak-opsz.jsonl, one object per case:
{"text", "size", "opsz", "widthUnits"}, opsz "auto" (no variation given) or a value, the logical width in
Pango units (1/1024 pt at 72 dpi, unhinted, unrounded positions).
"""

import json
import os
import shutil
import tempfile

from pango_setup import pango_modules, point_context, private_fontconfig

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, ".."))
FONT = os.path.join(ROOT, "Tests", "TextFitTests", "Data", "fonts", "TextFitTrakOpsz.ttf")
OUTPUT = os.path.join(ROOT, "Tests", "TextFitTests", "Data", "fonts", "pango-trak-opsz.jsonl")

folder = tempfile.mkdtemp(prefix="textfit-trak-fonts-")
shutil.copy(FONT, folder)
private_fontconfig([folder], prefix="textfit-pango-trak-")

_, Pango, _ = pango_modules()
context = point_context("en-us")

TEXTS = ["AB", "Hello, World-2026"]
SIZES = [8, 9, 10.5, 12, 14, 17, 20, 24, 36, 48, 60]
OPSZ = ["auto", "8", "30", "48"]


def measure(text, size, opsz):
    layout = Pango.Layout(context)
    description = Pango.FontDescription()
    description.set_family("TextFit Trak Opsz")
    description.set_size(int(round(size * Pango.SCALE)))
    if opsz != "auto":
        description.set_variations("opsz=" + opsz)
    layout.set_font_description(description)
    layout.set_text(text, -1)
    return layout.get_extents()[1].width


with open(OUTPUT, "w", encoding="utf-8") as out:
    count = 0
    for text in TEXTS:
        for size in SIZES:
            for opsz in OPSZ:
                out.write(json.dumps({"text": text, "size": size, "opsz": opsz,
                                      "widthUnits": measure(text, size, opsz)}) + "\n")
                count += 1
print("wrote", count, "cases to", os.path.relpath(OUTPUT, ROOT))
