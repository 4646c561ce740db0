#!/usr/bin/python3
"""Hyphenation parity reference: English, German and French texts laid out by Pango with a soft hyphen
(U+00AD) inserted at every point libhyphen gives (rule H9, docs/hyphenation-parity.md).

    /usr/bin/python3 scripts/pango-hyphenation-reference.py

Writes Tests/TextFitTests/Data/parity/hyphenation.jsonl, one case a line:

    {"id", "language", "text" (without soft hyphens), "size", "width",
     "lines": [{"start", "end", "hyphenated", "widthUnits"}]}

start/end are UTF-16 offsets into "text" (the soft hyphens Pango was given removed). widthUnits (1/1024 pt)
is reported for hyphenated lines only: the logical width of the line with the hyphen Pango inserted.
libhyphen is called through ctypes on Debian's dictionaries (/usr/share/hyphen), so the points are the
library's own, independent of TextFit; the words asked are those TextFit asks about (letters only, no
digit, hyphen, "@", "/", ":"), lowercased. Pango breaks greedily at soft hyphens, which is TextFit's
hyphenationFactor 1 (H3).
"""

import ctypes
import json
import os
import sys
import unicodedata

from pango_setup import pango_modules, point_context, private_fontconfig

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, ".."))
FONTS_DIR = os.path.join(ROOT, "Fonts")
OUTPUT = os.path.join(ROOT, "Tests", "TextFitTests", "Data", "parity", "hyphenation.jsonl")
PANGO_SCALE = 1024
TMP_DIR = private_fontconfig([FONTS_DIR])

_, Pango, _ = pango_modules()

TEXTS = {
    "en-US": [
        "Internationalization requires understanding of characteristically complicated typographical conventions.",
        "The representatives negotiated extraordinary compromises concerning environmental responsibilities.",
        "Photosynthesis transforms electromagnetic radiation into chemical energy within chloroplasts.",
        "Unquestionably, the administration's communication strategy demonstrated remarkable inconsistency.",
    ],
    "de-DE": [
        "Die Donaudampfschifffahrtsgesellschaft veröffentlichte überraschende Geschäftsergebnisse.",
        "Rechtsschutzversicherungsgesellschaften verlangen Krankenversicherungsnachweise.",
        "Die Bundesausbildungsförderung unterstützt Studierende bei Lebenshaltungskosten.",
        "Geschwindigkeitsbegrenzungen verringern Verkehrsunfälle auf Landstraßen erheblich.",
    ],
    "fr": [
        "Anticonstitutionnellement, les gouvernements interprétèrent différemment les réglementations.",
        "La représentation internationale nécessite une compréhension particulièrement approfondie.",
        "Les établissements universitaires développent continuellement leurs infrastructures technologiques.",
        "Cette transformation extraordinaire bouleversa considérablement l'organisation administrative.",
    ],
}
SIZES = [12, 14, 16, 17, 20]
WIDTHS = [60, 90, 120, 160, 200, 240]
DICTIONARIES = {"en-US": "hyph_en_US.dic", "de-DE": "hyph_de_DE.dic", "fr": "hyph_fr.dic"}

lib = ctypes.CDLL("libhyphen.so.0")
lib.hnj_hyphen_load.restype = ctypes.c_void_p
lib.hnj_hyphen_load.argtypes = [ctypes.c_char_p]
lib.hnj_hyphen_hyphenate3.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p,
                                      ctypes.c_char_p, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p,
                                      ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_int]


class Dictionary:
    def __init__(self, name):
        path = os.path.join("/usr/share/hyphen", name)
        self.handle = lib.hnj_hyphen_load(path.encode())
        first = open(path, "rb").readline().strip().decode("ascii", "replace")
        self.encoding = "utf-8" if first.upper() == "UTF-8" else "latin-1"
        left = right = 0
        for line in open(path, "rb"):
            text = line.decode("latin-1").strip()
            if text.startswith("LEFTHYPHENMIN"):
                left = int(text.split()[1])
            elif text.startswith("RIGHTHYPHENMIN"):
                right = int(text.split()[1])
        self.left, self.right = max(2, left), max(2, right)

    def points(self, word):
        """Character counts after which a hyphen may go (standard points only)."""
        if len(word) <= self.left + self.right:
            return []
        data = word.lower().encode(self.encoding)
        hyphens = ctypes.create_string_buffer(len(data) + 5)
        hyphword = ctypes.create_string_buffer(len(data) * 2 + 1)
        rep, pos, cut = ctypes.c_void_p(), ctypes.c_void_p(), ctypes.c_void_p()
        lib.hnj_hyphen_hyphenate3(self.handle, data, len(data), hyphens, hyphword, ctypes.byref(rep),
                                  ctypes.byref(pos), ctypes.byref(cut), self.left, self.right, 0, 0)
        # (No dictionary here gives non-standard points for these words; rep stays NULL.)
        assert not rep.value, word
        found, byte = [], 0
        for index, ch in enumerate(word.lower()):
            byte += len(ch.encode(self.encoding))
            if hyphens.raw[byte - 1] & 1 and self.left <= index + 1 <= len(word) - self.right:
                found.append(index + 1)
        return found


def is_letter(ch):
    return unicodedata.category(ch)[0] in "LM"


def soft_hyphenated(text, dictionary):
    """The text with U+00AD at the dictionary's points of each plain word."""
    out, i = [], 0
    for token in text.split(" "):
        if any(c.isdigit() or c in "@/:-\u2010\u2011\u00ad_" for c in token):
            out.append(token)
            continue
        letters = [k for k, c in enumerate(token) if is_letter(c)]
        if not letters:
            out.append(token)
            continue
        a, b = letters[0], letters[-1] + 1
        core = token[a:b]
        if not all(is_letter(c) for c in core):
            out.append(token)
            continue
        pieces, last = [], 0
        for p in dictionary.points(core):
            pieces.append(core[last:p])
            last = p
        pieces.append(core[last:])
        out.append(token[:a] + "\u00ad".join(pieces) + token[b:])
    return " ".join(out)


def u16len(s):
    return sum(2 if ord(c) > 0xFFFF else 1 for c in s)


def layout_case(ctx, case_id, language, text, size, width, dictionary):
    shy_text = soft_hyphenated(text, dictionary)
    layout = Pango.Layout.new(ctx)
    desc = Pango.FontDescription()
    desc.set_family("Noto Sans")
    desc.set_absolute_size(size * PANGO_SCALE)
    layout.set_font_description(desc)
    layout.set_wrap(Pango.WrapMode.WORD_CHAR)
    layout.set_width(int(round(width * PANGO_SCALE)))
    raw = shy_text.encode("utf-8")
    # Pango also draws a hyphen at a break between characters of a word too wide for the line (an
    # emergency break, W2), which UIKit and TextFit do not; its switch (insert_hyphens) would also hide the
    # soft hyphens' hyphens, so it is turned off only over the words that have no soft hyphen.
    attrs = Pango.AttrList()
    offset = 0
    for token in shy_text.split(" "):
        size_bytes = len(token.encode("utf-8"))
        if "\u00ad" not in token:
            attr = Pango.attr_insert_hyphens_new(False)
            attr.start_index, attr.end_index = offset, offset + size_bytes
            attrs.insert(attr)
        offset += size_bytes + 1
    layout.set_attributes(attrs)
    layout.set_text(shy_text, -1)
    lines = layout.get_lines_readonly()
    out = []
    for n, line in enumerate(lines):
        start_b = line.start_index
        end_b = lines[n + 1].start_index if n + 1 < len(lines) else len(raw)
        before = raw[:start_b].decode("utf-8")
        piece = raw[start_b:end_b].decode("utf-8")
        # Offsets in the text without soft hyphens.
        start = u16len(before.replace("\u00ad", ""))
        end = start + u16len(piece.replace("\u00ad", ""))
        hyphenated = piece.endswith("\u00ad") and n + 1 < len(lines)
        entry = {"start": start, "end": end, "hyphenated": hyphenated}
        if hyphenated:
            _, logical = line.get_extents()
            entry["widthUnits"] = logical.width
        out.append(entry)
    return {"id": case_id, "language": language, "text": text, "size": size, "width": width, "lines": out}


def main():
    ctx = point_context()  # its language is set per language below
    cases = []
    for language, texts in TEXTS.items():
        dictionary = Dictionary(DICTIONARIES[language])
        ctx.set_language(Pango.Language.from_string(language))
        for t, text in enumerate(texts):
            for size in SIZES:
                for width in WIDTHS:
                    case_id = "%s-%d-%d-%d" % (language, t, size, width)
                    cases.append(layout_case(ctx, case_id, language, text, size, width, dictionary))
    with open(OUTPUT, "w", encoding="utf-8", newline="\n") as f:
        for case in cases:
            f.write(json.dumps(case, ensure_ascii=False) + "\n")
    hyphenated = sum(1 for c in cases for l in c["lines"] if l["hyphenated"])
    print("pango-hyphenation-reference: %d cases, %d hyphenated lines, pango %s -> %s"
          % (len(cases), hyphenated, Pango.version_string(), os.path.relpath(OUTPUT, ROOT)), file=sys.stderr)


if __name__ == "__main__":
    main()
