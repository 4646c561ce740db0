#!/usr/bin/env python3
"""Generate the `catalog` benchmark set: real app UI strings from String Catalogs, every language they hold.

    python3 Benchmarks/Corpus/make-catalog-set.py [CATALOG_DIR] [OUT.jsonl]
    swift run -c release --package-path Benchmarks textfit-bench --cases OUT.jsonl --mode cold,warm

CATALOG_DIR holds one folder per app with its `Localizable.xcstrings` and LICENSE (default: the first of
../shared/data/catalogs beside the clone and /work/notes/catalogs that exists). OUT defaults to
Benchmarks/Corpus/catalog-cases.jsonl, which is not committed: the catalogs are other projects' work
(Whisky-App/Whisky and MrKai77/Loop under GPL-3.0, linearmouse/linearmouse under MIT; each LICENSE sits
beside its catalog, SOURCES.md names the commits), so the repository keeps this script and regenerates
the cases from them.

Every translated value is taken (stringUnit, plural variations, substitutions' variations); format
specifiers are replaced by what an app would show (%@ a name, %d / %lld a number), so the strings are
what a label displays. Each language gets up to PER_LANGUAGE strings (fixed seed), set in the font that
covers its script, as an app would name it:

    ar          Noto Sans Arabic (bundled) he  Noto Sans Hebrew (bundled) my  Noto Sans Myanmar
    ja          Noto Sans CJK JP (face 0) ko   Noto Sans CJK KR (1)    zh-Hans  SC (2)
    zh-Hant     Noto Sans CJK TC (3)      zh-Hant-HK  HK (4)
    the rest    Noto Sans (bundled: Latin, Cyrillic, Greek, Vietnamese)

A family names a bundled font (its bundled fallback order); a file a system font (Fontconfig's order).

Sizes, widths and modes follow the `ui` set of make-corpus.py: 12-34 pt; a tenth unconstrained; the rest
40-400 pt wide, a third of them truncating the tail at 1-2 lines. Deterministic, standard library only.
The system fonts come from fonts-noto-core and fonts-noto-cjk.
"""

import json
import os
import random
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
SEED = 20261207
PER_LANGUAGE = 24
NOTO = "/usr/share/fonts/truetype/noto/"
CJK = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
FONTS = {
    "ar": "Noto Sans Arabic", "he": "Noto Sans Hebrew",  # bundled (Fonts/), as Pango's configuration finds them
    "my": (NOTO + "NotoSansMyanmar-Regular.ttf", 0),
    "ja": (CJK, 0), "ko": (CJK, 1), "zh-Hans": (CJK, 2), "zh-Hant": (CJK, 3), "zh-Hant-HK": (CJK, 4),
}
SPECIFIER = re.compile(r"%(?:\d+\$)?(?:#@\w+@|@|l{0,2}[dui]|\.?\d*[fg]|%)")


def catalog_dir():
    if len(sys.argv) > 1:
        return sys.argv[1]
    for candidate in (os.path.join(ROOT, "..", "shared", "data", "catalogs"), "/work/notes/catalogs"):
        if os.path.isdir(candidate):
            return candidate
    sys.exit("no catalog folder: pass CATALOG_DIR (folders holding Localizable.xcstrings)")


def values(node):
    """Every stringUnit value under a localization (plain, plural variations, substitutions)."""
    if isinstance(node, dict):
        unit = node.get("stringUnit")
        if isinstance(unit, dict) and isinstance(unit.get("value"), str):
            yield unit["value"]
        for key, child in node.items():
            if key != "stringUnit":
                yield from values(child)


def shown(value):
    """The string a label shows: format specifiers replaced by an app's typical arguments."""
    def replace(match):
        spec = match.group(0)
        if spec == "%%":
            return "%"
        if spec.endswith("@") and "#@" not in spec:
            return "Safari"
        if "#@" in spec:
            return "3"
        return "12" if spec[-1] in "dui" else "2.5"
    return SPECIFIER.sub(replace, value).strip()


def main():
    folder = catalog_dir()
    out = sys.argv[2] if len(sys.argv) > 2 else os.path.join(HERE, "catalog-cases.jsonl")
    by_language = {}
    for app in sorted(os.listdir(folder)):
        path = os.path.join(folder, app, "Localizable.xcstrings")
        if not os.path.isfile(path):
            continue
        with open(path, encoding="utf-8") as f:
            catalog = json.load(f)
        for key in sorted(catalog.get("strings", {})):
            for language, localization in sorted(catalog["strings"][key].get("localizations", {}).items()):
                for value in values(localization):
                    text = shown(value)
                    if text:
                        by_language.setdefault(language, set()).add(text)
    rng = random.Random(SEED)
    cases = []
    for language in sorted(by_language):
        pool = sorted(by_language[language])
        for text in rng.sample(pool, min(PER_LANGUAGE, len(pool))):
            case = {"text": text, "size": rng.choice([12, 13, 14, 15, 17, 20, 22, 28, 34])}
            font = FONTS.get(language, "Noto Sans")
            if isinstance(font, tuple):
                case["fontFile"], case["faceIndex"] = font
            else:
                case["family"] = font
            if rng.random() < 0.1:
                case.update(width=None, maxLines=0, lineBreakMode="wordWrap")
            elif rng.random() < 1 / 3:
                case.update(width=rng.randint(40, 400), maxLines=rng.randint(1, 2), lineBreakMode="truncateTail")
            else:
                case.update(width=rng.randint(40, 400), maxLines=0, lineBreakMode="wordWrap")
            cases.append(case)
    rng.shuffle(cases)
    with open(out, "w", encoding="utf-8") as f:
        for number, case in enumerate(cases, 1):
            f.write(json.dumps({"id": "catalog-%04d" % number, **case}, ensure_ascii=False) + "\n")
    lengths = sorted(len(c["text"].encode("utf-16-le")) // 2 for c in cases)
    print("%d cases, %d languages, median %d UTF-16 units -> %s"
          % (len(cases), len(by_language), lengths[len(lengths) // 2], out))


if __name__ == "__main__":
    main()
