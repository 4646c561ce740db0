#!/usr/bin/python3
"""Lay texts out with letter spacing in Pango: the reference for TrackingPangoParityTests (rules O7, O9, O10).

Run with Debian's interpreter (PyGObject with Pango 1.50 / PangoFT2):

    /usr/bin/python3 scripts/pango-tracking-reference.py

Writes Tests/TextFitTests/Data/tracking/pango-tracking.jsonl, one object per case:

    {"text", "size", "tracking", "width", "lines": [[start, end, widthUnits], ...]}

`tracking` is in points, given to Pango as a letter_spacing attribute over the whole text; `width` is the
wrap width in points (null: one line per paragraph); each line's UTF-16 start and end and its logical width
in Pango units (1/1024 pt at 72 dpi, unhinted, unrounded positions). Pango puts half the spacing on each
side of a cluster, trims the outer halves at each line's ends and zeroes a wrapped line's trailing spaces,
so a line of n clusters is their advances plus (n - 1) spacings: UIKit's tracking "treated as trailing
whitespace". Pango also turns liga, clig and dlig off under letter spacing. The font is the repository's
Fonts/NotoSans-Regular.ttf alone, through a private Fontconfig configuration.
"""

import json
import os
import shutil
import tempfile

from pango_setup import pango_modules, point_context, private_fontconfig

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, ".."))
NOTO = os.path.join(ROOT, "Fonts", "NotoSans-Regular.ttf")
OUTPUT = os.path.join(ROOT, "Tests", "TextFitTests", "Data", "tracking", "pango-tracking.jsonl")

folder = tempfile.mkdtemp(prefix="textfit-tracking-fonts-")
shutil.copy(NOTO, folder)
private_fontconfig([folder], prefix="textfit-pango-tracking-")

_, Pango, _ = pango_modules()
context = point_context("en-us")

TEXTS = [
    "SECTION HEADER",
    "The office staff affirmed the final figures before lunch.",
    "Tracking adds space after every character, but a line's last one hangs.",
    "AVATAR Type WAVE To Yo: kerning pairs under tracking",
    "Prices: $1,234.56 and 0123456789 on 11/12",
    "Fjord waffles, fluffy soufflés and efficient offices",
    "A state-of-the-art well-known long-term plan",
]
TRACKINGS = [-0.5, 0.5, 1, 1.5, 2.5, 4]
SIZES = [13, 17]
WIDTHS = [None, 90, 140, 200, 260]


def utf16_offset(text, byte_index):
    return len(text.encode("utf-8")[:byte_index].decode("utf-8").encode("utf-16-le")) // 2


def measure(text, size, tracking, width):
    layout = Pango.Layout(context)
    description = Pango.FontDescription()
    description.set_family("Noto Sans")
    description.set_size(int(size * Pango.SCALE))
    layout.set_font_description(description)
    layout.set_text(text, -1)
    attrs = Pango.AttrList()
    attrs.insert(Pango.attr_letter_spacing_new(int(round(tracking * Pango.SCALE))))
    layout.set_attributes(attrs)
    layout.set_wrap(Pango.WrapMode.WORD)
    if width is not None:
        layout.set_width(int(round(width * Pango.SCALE)))
    lines = []
    for index in range(layout.get_line_count()):
        line = layout.get_line_readonly(index)
        _, logical = line.get_extents()
        start = utf16_offset(text, line.start_index)
        end = utf16_offset(text, line.start_index + line.length)
        lines.append([start, end, logical.width])
    return lines


def main():
    count = 0
    with open(OUTPUT, "w", encoding="utf-8") as out:
        for text in TEXTS:
            for size in SIZES:
                for tracking in TRACKINGS:
                    for width in WIDTHS:
                        lines = measure(text, size, tracking, width)
                        out.write(json.dumps({"text": text, "size": size, "tracking": tracking, "width": width,
                                              "lines": lines}, ensure_ascii=False) + "\n")
                        count += 1
    print("wrote", count, "cases to", os.path.relpath(OUTPUT, ROOT))


main()
