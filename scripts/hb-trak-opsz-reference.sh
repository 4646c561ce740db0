#!/bin/sh
# The reference for TrakOpszTests (rules O6, O8): HarfBuzz's own hb-shape (libharfbuzz-bin) on the test
# font scripts/make-trak-opsz-font.py builds, at the point size (--font-ptem, which is what applies AAT
# `trak`) and the scale TextFit uses (1/1024 pt a unit), with opsz set to the point size (what TextFit's
# automatic optical size sets) or to a given value. Writes one line per case:
#   {"text", "size", "opsz", "advances": [...]}   (x advances in 1/1024 pt)
# Run: sh scripts/hb-trak-opsz-reference.sh
set -eu
cd "$(dirname "$0")/.."
FONT=Tests/TextFitTests/Data/fonts/TextFitTrakOpsz.ttf
OUT=Tests/TextFitTests/Data/fonts/hb-trak-opsz.jsonl
: > "$OUT"
for text in "AB" "Hello, World-2026"; do
  for size in 8 9 10.5 12 14 17 20 24 36 48 60; do
    scale=$(awk "BEGIN { printf \"%d\", $size * 1024 }")
    for opsz in auto 8 30 48; do
      value=$opsz
      [ "$opsz" = auto ] && value=$size
      advances=$(hb-shape --font-ptem="$size" --font-size="$scale" --variations="opsz=$value" \
        --output-format=json "$FONT" "$text" | tr ',' '\n' | sed -n 's/.*"ax":\([-0-9]*\).*/\1/p' | paste -sd, -)
      printf '{"text": "%s", "size": %s, "opsz": "%s", "advances": [%s]}\n' "$text" "$size" "$opsz" "$advances" >> "$OUT"
    done
  done
done
echo "wrote $(wc -l < "$OUT") cases to $OUT"
