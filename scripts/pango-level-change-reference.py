#!/usr/bin/python3
"""Lay out right-to-left text whose Latin words end in a kern pair across a bidi level change with Pango.

    /usr/bin/python3 scripts/pango-level-change-reference.py

Writes Tests/TextFitTests/Data/parity/level-change.jsonl, one object per case, in the format of
scripts/pango-bidi-reference.py (whose layout it uses: private Fontconfig with only Fonts/, 72 dpi,
hinting off, WRAP_WORD_CHAR, auto-dir):

    {"id", "text", "family", "size", "width", "maxLines", "lineBreakMode",
     "pango": {"direction", "truncated", "lines": [{"start", "end", "ellipsis", "runs": [...]}]}}

Each text is a Hebrew or Arabic sentence with a Latin word followed by punctuation ("Twitter.", "AT&T.",
"TV.", "Play."): the punctuation takes the paragraph's level (UAX #9 N1/N2), the word level 2, and Noto
Sans kerns the pair across the change ("r." by -160 units of 1000, "T." by -60, "V." by -50, "y." by -40).
Pango itemizes at every level change and shapes each item alone, so neither pair is kerned in its run
widths: what LevelChangeShapingTests holds TextFit's measured widths to (rule D8). Every text at three
sizes and the widths of WIDTHS at which its widest word fits (as Pango measures the word alone), so each
line ends at a word: a word cut by an emergency break is another matter (an Arabic word's cut piece is
reshaped by TextFit and not by Pango, the `arabicCutReshaped` class of BidiPangoParityTests). None is
truncated.
"""

import importlib.util
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("pango_bidi_reference", os.path.join(HERE, "pango-bidi-reference.py"))
bidi = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bidi)
ref = bidi.ref

OUTPUT = os.path.join(ref.DATA_DIR, "level-change.jsonl")
TEXTS = [
    "שלום Twitter.",
    "ברוכים הבאים ל־Twitter. להתראות",
    "הורד את האפליקציה של AT&T.",
    "קנינו TV. ואז הלכנו הביתה, בסוף היום עם Sony.",
    "שלחנו לך הודעה מ־Netflix, Spotify ו־Twitter.",
    "مرحبا بكم في Twitter.",
    "شكراً لاستخدام Quick Play.",
    "تم تحديث التطبيق إلى iOS. شكراً لكم على استخدام Safari.",
]
SIZES = [12, 17, 24]
WIDTHS = [70, 110, 160, 240, 420]


def widest_word(ctx, text, size):
    """The widest space-separated word of text at size, in points, laid out alone by Pango."""
    widest = 0.0
    for word in text.split(" "):
        case = {"family": "Noto Sans", "size": size, "width": 10000, "maxLines": 0}
        lines = bidi.layout_case(ctx, case, text=word)["lines"]
        widest = max(widest, sum(run["width"] for line in lines for run in line["runs"] if "width" in run))
    return widest


def main():
    ctx = ref.make_context()
    cases = []
    for t, text in enumerate(TEXTS):
        for size in SIZES:
            widest = widest_word(ctx, text, size)
            for width in (w for w in WIDTHS if w >= widest):
                case = {"id": "lvl-%02d-%d-%d" % (t + 1, size, width), "text": text, "family": "Noto Sans",
                        "size": size, "width": width, "maxLines": 0, "lineBreakMode": "wordWrap"}
                case["pango"] = bidi.layout_case(ctx, case)
                cases.append(case)
    with open(OUTPUT, "w", encoding="utf-8", newline="\n") as f:
        for case in cases:
            f.write(json.dumps(case, ensure_ascii=False) + "\n")
    print("pango-level-change-reference: %d cases, %d lines -> %s; %s"
          % (len(cases), sum(len(c["pango"]["lines"]) for c in cases), os.path.relpath(OUTPUT, ref.ROOT),
             ref.library_versions()), file=sys.stderr)


if __name__ == "__main__":
    main()
