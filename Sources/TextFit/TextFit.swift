// TextFit: UIKit's text measurement and wrapping (sizeThatFits, numberOfLines, lineBreakMode,
// boundingRect) on Linux, from real font files. The rules it follows are in docs/uikit-semantics.md, the
// map of targets, data flow and caches in docs/architecture.md.
//
// Data flow, one direction; everything left of `PreparedText` is done once per text:
//
//     String + Font ─► Analysis ─► Shaping ─► PreparedText ─► Lines ─► TextLayout / TextMetrics
//
// - `Vocabulary/`: the public words shared by every API: `LineBreakMode`, `LineBreakStrategy` (W6),
//   `EllipsisPlacement`, `TextStyle`, `StringDrawingOptions` (B1–B4) and the 1/1024 pt units.
// - `Fonts/`: `Font` (metrics F1–F4 from hhea and OS/2), the font catalog and fallback per cluster (F6),
//   `BundledFonts`, `FontError`.
// - `Analysis/`: paragraphs (W1), UAX #14 break opportunities (`lineBreakOpportunities(in:)`), grapheme
//   clusters, with fast paths for plain prose.
// - `Shaping/`: HarfBuzz shaping per segment and the shared `SegmentCache` of shaped words.
// - `Prepare/`: `PreparedText`, the immutable, `Sendable` result of the width-independent work: segment
//   advances as integer prefix sums, break opportunities, the ellipsis, reshaped pieces.
// - `Lines/`: the line breakers (`FastBreaker` for the common cases, `LineBreaker` for the rest):
//   wrapping (W2–W7), push-out and Hangul word priority (W6), truncation (T1–T7). Integer arithmetic
//   only; nothing is shaped again except at clusters HarfBuzz flags unsafe to break.
// - `Measure/`: the public measuring API: `PreparedText.layout(width:…)` → `TextLayout` (lines as
//   `TextLine`), `measure(width:…)` → `TextMetrics`, `sizeThatFits`, `numberOfLines(forWidth:)`,
//   `String.boundingRect(with:options:attributes:)` (B1–B7), `ceilToPixel(_:scale:)` (L2, B5),
//   `TextBatch` (many texts over all cores, results in input order), `MeasureError`.
// - `Paragraph/`: paragraph styles (P1–P10): line boxes, spacing, alignment, indents, the tab layout
//   (`TabLayout`, decimal stops included) and the one line stepper measure and layout share.
// - `Styled/`: styled text (S1–S9): `StyledText` and the `AttributedString` scope, runs prepared into the
//   stored widths, per-run fallback, each style's line box, the "…" in the last character's style.
// - `Bidi/`: bidirectional text (D1–D7): ICU's levels, visual runs, caret offsets.
// - `Queries/`: the questions UIKit answers only in a loop (Q1–Q6): tightest width, width range, fitting
//   font size.
// - `Glyphs/`: the glyph runs of a laid-out line (glyph ids, positions, faces), the public API renderers
//   such as TextFitRender are built on.
// - `Internals/`: the only files that import CTextFit, one per C library or C component (ICU, HarfBuzz,
//   FreeType, Fontconfig, the segment cache's tables, the worker pool).
// - `Support/`: small Swift utilities that are not C doors (the lock, array copying, the binary search,
//   the surrogate-pair formula, the debug operation counters).
//
// Results use UTF-16 offsets (NSRange's convention) and points; raw sizes are fractional.

// The geometry types TextFit's API takes and returns. Re-exported so that `import TextFit` alone lets a
// caller write `CGSize(width: 150, height: 0)`, as `import UIKit` does on iOS; only these four, so the
// rest of Foundation stays an explicit import of the caller's.
@_exported import struct Foundation.CGFloat
@_exported import struct Foundation.CGPoint
@_exported import struct Foundation.CGRect
@_exported import struct Foundation.CGSize
