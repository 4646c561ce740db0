#!/usr/bin/python3
"""Build the test font for rules O6 (opsz follows the point size) and O8 (AAT trak), which no font
installed on the build machines has: Tests/TextFitTests/Data/fonts/TextFitTrakOpsz.ttf.

Run with Debian's interpreter and its fontTools (python3-fonttools):

    /usr/bin/python3 scripts/make-trak-opsz-font.py

The font is drawn here from nothing (rectangles; no outline is taken from another font, so it carries no
other font's licence; it is the project's own, under the project's licence). Glyphs: space, A-Z, a-z,
0-9, '.', ',', '-'. It is variable with one axis, opsz 8-48 (default 8): a glyph's advance is 600 units
at opsz 8 and 500 at opsz 48 (1000 units per em), interpolated between, so an automatic optical size is
visible in every width. Its AAT `trak` table holds one track (0, "normal") with tracking +50 units at
9 pt, 0 at 12 pt and -20 at 24 pt, which HarfBuzz interpolates at the font's point size (hb_font_set_ptem).
"""

import os

from fontTools.designspaceLib import AxisDescriptor, DesignSpaceDocument, SourceDescriptor
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import newTable
from fontTools.ttLib.tables._t_r_a_k import TrackData, TrackTableEntry
from fontTools import varLib

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, ".."))
OUTPUT = os.path.join(ROOT, "Tests", "TextFitTests", "Data", "fonts", "TextFitTrakOpsz.ttf")

CHARS = [" "] + [chr(c) for c in range(0x41, 0x5B)] + [chr(c) for c in range(0x61, 0x7B)] + \
    [chr(c) for c in range(0x30, 0x3A)] + [".", ",", "-"]


def glyph_name(char):
    return "space" if char == " " else "uni%04X" % ord(char)


def master(advance):
    names = [".notdef"] + [glyph_name(c) for c in CHARS]
    builder = FontBuilder(1000, isTTF=True)
    builder.setupGlyphOrder(names)
    builder.setupCharacterMap({ord(c): glyph_name(c) for c in CHARS})
    glyphs = {}
    metrics = {}
    for name in names:
        pen = TTGlyphPen(None)
        if name != "space":
            # A box inset 50 units on each side: the outline follows the advance.
            pen.moveTo((50, 0))
            pen.lineTo((50, 700))
            pen.lineTo((advance - 50, 700))
            pen.lineTo((advance - 50, 0))
            pen.closePath()
        glyphs[name] = pen.glyph()
        metrics[name] = (advance if name != "space" else advance // 2, 50 if name != "space" else 0)
    builder.setupGlyf(glyphs)
    builder.setupHorizontalMetrics(metrics)
    builder.setupHorizontalHeader(ascent=900, descent=-250)
    builder.setupNameTable({"familyName": "TextFit Trak Opsz", "styleName": "Regular"})
    builder.setupOS2(sTypoAscender=900, sTypoDescender=-250, usWinAscent=900, usWinDescent=250)
    builder.setupPost()
    return builder.font


def trak_table():
    table = newTable("trak")
    table.version = 1.0
    table.format = 0
    data = TrackData()
    data[0.0] = TrackTableEntry({9.0: 50, 12.0: 0, 24.0: -20}, nameIndex=256)
    table.horizData = data
    table.vertData = TrackData()
    return table


def main():
    document = DesignSpaceDocument()
    axis = AxisDescriptor()
    axis.tag, axis.name, axis.minimum, axis.default, axis.maximum = "opsz", "Optical size", 8, 8, 48
    document.addAxis(axis)
    for location, advance in ((8, 600), (48, 500)):
        source = SourceDescriptor()
        source.font = master(advance)
        source.location = {"Optical size": location}
        document.addSource(source)
    font, _, _ = varLib.build(document)
    font["trak"] = trak_table()
    # The name the trak entry points to.
    font["name"].setName("Normal", 256, 3, 1, 0x409)
    os.makedirs(os.path.dirname(OUTPUT), exist_ok=True)
    font.save(OUTPUT)
    print("wrote", os.path.relpath(OUTPUT, ROOT))


main()
