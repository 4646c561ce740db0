import TextFit
import Foundation
let font = try Font(family: "Noto Sans", size: 17)
print(font.ascender, font.descender, font.lineHeight, font.capHeight, font.xHeight)
for (t, w, n, m) in [("It was the best of times, it was the worst of times, it was the age of wisdom", 200.0, 0, LineBreakMode.byWordWrapping),
                  ("美商務部對中興通訊暫時部分解禁，中興新掌門李自學：盡快恢復生產", 200, 0, .byWordWrapping),
                  ("Title Terrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrr rrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrriblely Long", 200, 2, .byTruncatingTail),
                  ("Hello world this is middle truncation", 150, 1, .byTruncatingMiddle),
                  ("Hello world this is head truncation", 150, 1, .byTruncatingHead),
                  ("a\n\nb\n", 100, 0, .byWordWrapping)] {
  let p = PreparedText(t, font: font)
  let l = try p.layout(width: w, numberOfLines: n, lineBreakMode: m)
  print(l.lineCount, l.size, l.isTruncated)
  for line in l.lines { print("  ", line.range, line.width, line.widthIncludingTrailingWhitespace, "[\(line.text)]") }
}
print(SegmentCache.statistics)
