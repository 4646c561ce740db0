#!/usr/bin/python3
"""Lay out a small paragraph-style corpus with Pango: alignment, indents, spacing, justification.

    /usr/bin/python3 scripts/pango-paragraph-reference.py

Reads  Tests/TextFitTests/Data/parity/corpus.jsonl (word-wrapped cases, for their texts)
Writes Tests/TextFitTests/Data/parity/paragraph.jsonl, one object per case:

    {"id", "text", "family", "size", "width", "paragraph": {NSParagraphStyle fields},
     "pango": {"lines": [{"start", "end", "x", "y", "width"}]}}

How each NSParagraphStyle field is given to Pango (rules P4-P9 in docs/uikit-semantics.md):
  * alignment left/center/right -> pango_layout_set_alignment; justified -> set_justify(TRUE).
  * firstLineHeadIndent a (headIndent 0) -> set_indent(a); headIndent b (first 0) -> set_indent(-b)
    (Pango's hanging indent).
  * tailIndent t <= 0 -> the layout is t narrower (Pango has no tail indent; x is in the same box).
  * lineSpacing s -> set_spacing(s) (Pango puts it between lines, as P4 does).
  * lineHeightMultiple m -> set_line_spacing(m) (Pango's factor of the font's height).
x and y are the line's logical extents in the layout (pango_layout_iter_get_line_extents), in points
(72 dpi: 1 pt = 1 px = 1024 units); width is the line's logical width. Fonts as pango-reference.py.
"""

import json
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import importlib.util  # noqa: E402

spec = importlib.util.spec_from_file_location("pango_reference", os.path.join(HERE, "pango-reference.py"))
ref = importlib.util.module_from_spec(spec)
spec.loader.exec_module(ref)
Pango = ref.Pango

OUTPUT = os.path.join(ref.DATA_DIR, "paragraph.jsonl")

STYLES = [
    {"alignment": "left"},
    {"alignment": "center"},
    {"alignment": "right"},
    {"alignment": "justified"},
    {"firstLineHeadIndent": 24},
    {"headIndent": 18},
    {"firstLineHeadIndent": 30, "alignment": "center"},
    {"headIndent": 12, "alignment": "right"},
    {"tailIndent": -40},
    {"tailIndent": -25, "alignment": "right"},
    {"lineSpacing": 6},
    {"lineSpacing": 3, "alignment": "center"},
    {"lineHeightMultiple": 1.5},
]


def layout_case(ctx, case):
    text, style = case["text"], case["paragraph"]
    u16 = ref.Offsets(text)
    layout = Pango.Layout.new(ctx)
    desc = Pango.FontDescription()
    desc.set_family(case["family"])
    desc.set_absolute_size(case["size"] * ref.PANGO_SCALE)
    layout.set_font_description(desc)
    layout.set_wrap(Pango.WrapMode.WORD_CHAR)
    width = case["width"] + min(0, style.get("tailIndent", 0))
    layout.set_width(int(round(width * ref.PANGO_SCALE)))
    alignment = style.get("alignment", "left")
    layout.set_alignment({"left": Pango.Alignment.LEFT, "center": Pango.Alignment.CENTER,
                          "right": Pango.Alignment.RIGHT, "justified": Pango.Alignment.LEFT}[alignment])
    layout.set_justify(alignment == "justified")
    if "firstLineHeadIndent" in style:
        layout.set_indent(int(style["firstLineHeadIndent"] * ref.PANGO_SCALE))
    if "headIndent" in style:
        layout.set_indent(-int(style["headIndent"] * ref.PANGO_SCALE))
    if "lineSpacing" in style:
        layout.set_spacing(int(style["lineSpacing"] * ref.PANGO_SCALE))
    if "lineHeightMultiple" in style:
        layout.set_line_spacing(style["lineHeightMultiple"])
    attrs = Pango.AttrList()
    attrs.insert(Pango.attr_insert_hyphens_new(False))
    layout.set_attributes(attrs)
    layout.set_text(text, -1)
    lines = []
    it = layout.get_iter()
    starts = [line.start_index for line in layout.get_lines_readonly()]
    n = 0
    while True:
        _, logical = it.get_line_extents()
        end = starts[n + 1] if n + 1 < len(starts) else len(u16.bytes)
        lines.append({"start": u16(starts[n]), "end": u16(end), "x": logical.x / ref.PANGO_SCALE,
                      "y": logical.y / ref.PANGO_SCALE, "width": logical.width / ref.PANGO_SCALE})
        n += 1
        if not it.next_line():
            break
    return {"lines": lines}


def main():
    ctx = ref.make_context()
    with open(ref.CORPUS, encoding="utf-8") as f:
        corpus = [json.loads(line) for line in f if line.strip()]
    generator = random.Random(1616)
    pool = [c for c in corpus if c["lineBreakMode"] == "wordWrap" and c["maxLines"] == 0]
    cases = []
    for prefix in ("lat", "rus", "zhs", "jpn", "mix"):
        texts = [c for c in pool if c["id"].startswith(prefix)]
        for index, style in enumerate(STYLES):
            source = generator.choice(texts)
            width = generator.choice([160, 200, 240, 300])
            cases.append({"id": "%s-%s" % (prefix, index), "text": source["text"], "family": source["family"],
                          "size": source["size"], "width": width, "paragraph": style})
    with open(OUTPUT, "w", encoding="utf-8", newline="\n") as f:
        for case in cases:
            case["pango"] = layout_case(ctx, case)
            f.write(json.dumps(case, ensure_ascii=False) + "\n")
    print("pango-paragraph-reference: %d cases, %d lines -> %s; %s"
          % (len(cases), sum(len(c["pango"]["lines"]) for c in cases), os.path.relpath(OUTPUT, ref.ROOT),
             ref.library_versions()), file=sys.stderr)


if __name__ == "__main__":
    main()
