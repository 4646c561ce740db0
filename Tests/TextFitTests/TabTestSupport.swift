import Foundation
@testable import TextFit

/// Helpers the tab tests share (rule P10): a tabbed line's glyphs by source offset, and the invariant
/// every tabbed line keeps, that its drawn advances add up to its measured width.
enum Tabbed {
    static func style(_ stops: [TextTab], _ set: (inout ParagraphStyle) -> Void = { _ in }) -> ParagraphStyle {
        var style = ParagraphStyle()
        style.tabStops = stops
        set(&style)
        return style
    }

    /// The glyphs of `line` with their x in the layout's box (the line's x added).
    static func glyphs(_ line: TextLine) -> [(index: Int?, x: CGFloat, advance: CGFloat)] {
        line.glyphs().runs.flatMap(\.glyphs).map { ($0.stringIndex, line.x + $0.position.x, $0.advance) }
    }

    /// The left edge (layout box) of the first glyph drawn for UTF-16 offset `index`.
    static func x(of index: Int, in line: TextLine) -> CGFloat? { glyphs(line).first { $0.index == index }?.x }

    /// The horizontal extent (layout box) of the glyphs drawn for `range`.
    static func extent(_ range: Range<Int>, in line: TextLine) -> ClosedRange<CGFloat>? {
        let kept = glyphs(line).filter { $0.index.map(range.contains) == true }
        guard let low = kept.map(\.x).min(), let high = kept.map({ $0.x + $0.advance }).max() else { return nil }
        return low...high
    }

    static func units(_ points: CGFloat) -> Int { Int((points * 1024).rounded()) }

    /// The drawn advances in 1/1024 pt, "…" included.
    static func drawnUnits(_ line: TextLine) -> Int {
        line.glyphs().runs.flatMap(\.glyphs).reduce(0) { $0 + units($1.advance) }
    }

    /// The visual runs' and the "…"'s widths in 1/1024 pt: they tile the line.
    static func tiledUnits(_ line: TextLine) -> Int {
        let runs = line.visualRuns.reduce(0) { $0 + units($1.width) }
        let ellipsis = line.glyphs().ellipsis.map { units($0.upperBound - $0.lowerBound) } ?? 0
        return runs + ellipsis
    }
}
