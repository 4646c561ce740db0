#!/usr/bin/python3
"""Measure words in each Noto Sans face with Pango: the reference for FontFaceTests (rules S8, S9).

Run with Debian's interpreter (PyGObject with Pango 1.50 / PangoFT2):

    /usr/bin/python3 scripts/pango-faces-reference.py

Writes Tests/TextFitTests/Data/faces/pango-faces.jsonl, one object per case:

    {"text", "family", "size", "weight", "italic", "widthUnits", "pangoFace"}

widthUnits is the layout's logical width in Pango units (1/1024 pt at 72 dpi, unhinted, unrounded
positions), the unit TextFit measures in; pangoFace is the face Pango's Fontconfig chose for the weight
and style asked. As in pango-reference.py the Fontconfig configuration is private and holds only the
repository's Fonts/ folder, so the answers come from the bundled files alone. Fontconfig's own weight
matching picks Regular up to 500 and Bold from 600. A family without an italic gives its upright face
(Fontconfig's synthetic oblique, 90-synthetic.conf, is not in this configuration; a shear would change
no advance anyway).
"""

import json
import os

from pango_setup import pango_modules, point_context, private_fontconfig

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, ".."))
FONTS_DIR = os.path.join(ROOT, "Fonts")
OUTPUT = os.path.join(ROOT, "Tests", "TextFitTests", "Data", "faces", "pango-faces.jsonl")

private_fontconfig([FONTS_DIR], prefix="textfit-pango-faces-")

_, Pango, _ = pango_modules()
context = point_context("en-us")

TEXTS = [
    "Hello, world",
    "The quick brown fox jumps over the lazy dog.",
    "Съешь же ещё этих мягких французских булок",
    "Ελληνικά: ξεσκεπάζω την ψυχοφθόρα βδελυγμία",
    "office affine 0123456789",
]
WEIGHTS = [100, 300, 400, 500, 600, 700, 800, 900]


def measure(text, family, size, weight, italic):
    layout = Pango.Layout(context)
    description = Pango.FontDescription()
    description.set_family(family)
    description.set_size(int(size * Pango.SCALE))
    description.set_weight(Pango.Weight(weight))
    description.set_style(Pango.Style.ITALIC if italic else Pango.Style.NORMAL)
    layout.set_font_description(description)
    layout.set_text(text, -1)
    _, logical = layout.get_extents()
    faces = {run.item.analysis.font.describe().to_string() for run in layout.get_line(0).runs}
    return logical.width, " + ".join(sorted(faces))


def main():
    cases = []
    for text in TEXTS:
        for italic in (False, True):
            for weight in (400, 700):
                cases.append((text, "Noto Sans", 17, weight, italic))
    for weight in WEIGHTS:
        for italic in (False, True):
            cases.append(("Hello, world", "Noto Sans", 15, weight, italic))
    cases.append(("Typography", "Noto Sans", 23, 400, True))
    # The two runs of a styled line (FontFaceTests): "Hello, " upright, then "world" in italic.
    cases.append(("Hello, ", "Noto Sans", 17, 400, False))
    cases.append(("world", "Noto Sans", 17, 400, True))
    cases.append(("北京欢迎你", "Droid Sans Fallback", 17, 400, True))
    cases.append(("北京欢迎你", "Droid Sans Fallback", 17, 700, False))
    with open(OUTPUT, "w", encoding="utf-8") as out:
        for text, family, size, weight, italic in cases:
            width, face = measure(text, family, size, weight, italic)
            out.write(json.dumps({"text": text, "family": family, "size": size, "weight": weight, "italic": italic,
                                  "widthUnits": width, "pangoFace": face}, ensure_ascii=False) + "\n")
    print("wrote", len(cases), "cases to", os.path.relpath(OUTPUT, ROOT))


main()
