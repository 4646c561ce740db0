// TextFit: UIKit's text measurement and wrapping (sizeThatFits, numberOfLines, lineBreakMode,
// boundingRect) on Linux, from real font files. The rules it follows are in docs/uikit-semantics.md, the
// map of targets, data flow and caches in docs/architecture.md.
//
// Data flow, one direction; everything left of `PreparedText` is done once per text:
//
//     String + Font ─► Analysis ─► Shaping ─► PreparedText ─► Lines ─► TextLayout / TextMetrics
//
// Folders, one concept each (docs/architecture.md, "The engine's folders", says what each points at):
// - `Support/`: small Swift utilities that are not C doors.
// - `Internals/`: the only files that import CTextFit, one per C library or C component.
// - `Fonts/`: `Font` (F1–F4), faces, the catalog, fallback (F6), `BundledFonts`, `FontError`.
// - `Vocabulary/`: the public words every API shares (`LineBreakMode`, `TextAttributes`,
//   `ParagraphStyle`, the 1/1024 pt units) and the shared errors (`TextFitError`, `MeasureError`).
// - `Analysis/`: paragraphs (W1), UAX #14 opportunities, grapheme clusters, the character table.
// - `Shaping/`: the `SegmentCache` and every way to it: `SegmentShaper` (one segment) and `BatchShaper`
//   (preparation's shaping stage).
// - `Prepare/`: `PreparedText`, the builder and its pass split by stage (`BuildPass+…`), stored widths.
// - `Lines/`: `LineRequest` (widths, line limit, mode, strategy: made once at the public edge), the
//   breakers (`FastBreaker`, `LineBreaker`), truncation (T1–T7). Integer arithmetic only.
// - `Results/`: `TextLayout`, `TextLines`, `TextLine`, `TextMetrics`, the breakers' `LineRecords`.
// - `Paragraph/`: paragraph styles (P1–P10).
// - `Styled/`: the styled-text API (S1–S9), `StyledText` and the `AttributedString` scope.
// - `Bidi/`: bidirectional text (D1–D8).
// - `Measure/`: the public edge: `layout`/`measure`, `sizeThatFits`, `boundingRect` (B1–B7), `TextBatch`.
// - `Queries/`: tightest width, width range, fitting font size, balanced layout (Q1–Q6).
// - `Selection/`: range rects, carets, hit testing, word ranges and line metrics on a layout (R1–R9).
// - `Glyphs/`: the glyph runs of laid-out lines, for renderers.
//
// Results use UTF-16 offsets (NSRange's convention) and points; raw sizes are fractional.

// The geometry types TextFit's API takes and returns. Re-exported so that `import TextFit` alone lets a
// caller write `CGSize(width: 150, height: 0)`, as `import UIKit` does on iOS; only these four, so the
// rest of Foundation stays an explicit import of the caller's.
@_exported import struct Foundation.CGFloat
@_exported import struct Foundation.CGPoint
@_exported import struct Foundation.CGRect
@_exported import struct Foundation.CGSize
