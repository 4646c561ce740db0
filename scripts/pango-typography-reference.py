#!/usr/bin/python3
"""Measure texts with OpenType features and variable-font axes in Pango: the reference for
TypographyPangoParityTests (rules O1-O6).

Run with Debian's interpreter (PyGObject with Pango 1.50 / PangoFT2) after `scripts/install-deps --tests`
(fonts-inter-variable):

    /usr/bin/python3 scripts/pango-typography-reference.py

Writes Tests/TextFitTests/Data/typography/pango-typography.jsonl, one object per case:

    {"text", "font", "size", "features", "variations", "widthUnits"}

`font` is "noto" (the repository's Fonts/NotoSans-Regular.ttf) or "inter" (Debian's
/usr/share/fonts/truetype/inter-vf/Inter-roman.var.ttf); `features` is Pango's font_features string
("tnum=1,liga=0"), `variations` its font-description variations ("wght=650"). widthUnits is the layout's
logical width in Pango units (1/1024 pt at 72 dpi, unhinted, unrounded positions). As in
pango-reference.py the Fontconfig configuration is private and holds only those two files, so Pango
shapes with exactly the files TextFit opens.
"""

import json
import os
import shutil
import tempfile

from pango_setup import pango_modules, point_context, private_fontconfig

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, ".."))
NOTO = os.path.join(ROOT, "Fonts", "NotoSans-Regular.ttf")
INTER = os.path.join(ROOT, "Fonts", "InterVariable.ttf")  # Debian fonts-inter-variable's Inter-roman.var.ttf
OUTPUT = os.path.join(ROOT, "Tests", "TextFitTests", "Data", "typography", "pango-typography.jsonl")

folder = tempfile.mkdtemp(prefix="textfit-typography-fonts-")
shutil.copy(NOTO, folder)
shutil.copy(INTER, folder)
private_fontconfig([folder], prefix="textfit-pango-typography-")

_, Pango, _ = pango_modules()
context = point_context("en-us")

TEXTS = [
    "Total: $1,234.56",
    "0123456789",
    "11:11 vs 88:88",
    "office affine flat fjord",
    "The quick brown fox jumps over the lazy dog.",
    "Small Caps Heading, 2026",
    "(HELLO) [WORLD] {ABC} - @home",
    "AVATAR Type WAVE To Yo",
]
INTER_WEIGHTS = list(range(100, 901, 50))
NOTO_FEATURES = ["", "tnum=1", "pnum=1", "smcp=1", "c2sc=1", "liga=0", "kern=0", "tnum=1,liga=0", "case=1",
                 "smcp=1,c2sc=1"]
SIZES = [13, 17]


def measure(text, family, size, features, variations):
    layout = Pango.Layout(context)
    description = Pango.FontDescription()
    description.set_family(family)
    description.set_size(int(size * Pango.SCALE))
    if variations:
        description.set_variations(variations)
    layout.set_font_description(description)
    layout.set_text(text, -1)
    if features:
        attrs = Pango.AttrList()
        attrs.insert(Pango.attr_font_features_new(features))
        layout.set_attributes(attrs)
    _, logical = layout.get_extents()
    return logical.width


def main():
    cases = []
    for size in SIZES:
        for text in TEXTS:
            for weight in INTER_WEIGHTS:
                cases.append((text, "inter", "Inter", size, "", "wght=%d" % weight))
            for features in NOTO_FEATURES:
                cases.append((text, "noto", "Noto Sans", size, features, ""))
    with open(OUTPUT, "w", encoding="utf-8") as out:
        for text, font, family, size, features, variations in cases:
            width = measure(text, family, size, features, variations)
            out.write(json.dumps({"text": text, "font": font, "size": size, "features": features,
                                  "variations": variations, "widthUnits": width}, ensure_ascii=False) + "\n")
    print("wrote", len(cases), "cases to", os.path.relpath(OUTPUT, ROOT))


main()
