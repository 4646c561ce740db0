import Foundation

/// What the width queries (`tightestWidth`, `widthRange`, `fittingFontSize`, `balancedLayout`) ask of
/// one layout or measurement at an integer width: the engine's own answers at 1/1024-pt widths, so a
/// query is exact by construction rather than by floating-point bisection.
extension PreparedText {
    /// A width in 1/1024-pt units as the points the public entry points take. Exact both ways: every
    /// unit count below 2^53 is a `Double`, and `Units.floor` turns it back into the same count.
    static func points(forUnits units: Int) -> CGFloat {
        units >= Units.unbounded ? .infinity : Units.points(units)
    }

    /// The text laid out at `units` (`Units.unbounded`: no limit).
    func layout(units: Int, _ options: QueryOptions) throws -> TextLayout {
        try layout(width: Self.points(forUnits: units), numberOfLines: options.numberOfLines,
                   lineBreakMode: options.lineBreakMode, lineBreakStrategy: options.lineBreakStrategy)
    }

    /// Whether the text keeps to at most `lineCount` lines at `units`, nothing hidden or cut, no line
    /// wider than `units` (a lone cluster wider than the width overflows it: Q1); and its widest line.
    func probe(units: Int, lineCount: Int, _ options: QueryOptions) throws -> (fits: Bool, widest: Int) {
        let metrics = try measure(width: Self.points(forUnits: units), numberOfLines: options.numberOfLines,
                                  lineBreakMode: options.lineBreakMode, lineBreakStrategy: options.lineBreakStrategy)
        let widest = Units.floor(Double(metrics.size.width))
        return (!metrics.isTruncated && metrics.lineCount <= lineCount && widest <= units, widest)
    }
}

/// The layout options a query holds fixed while it varies the width or the size.
struct QueryOptions {
    var numberOfLines: Int
    var lineBreakMode: LineBreakMode
    var lineBreakStrategy: LineBreakStrategy

    /// - Throws: `MeasureError.invalidNumberOfLines` for a negative count.
    init(numberOfLines: Int, lineBreakMode: LineBreakMode, lineBreakStrategy: LineBreakStrategy) throws {
        guard numberOfLines >= 0 else { throw MeasureError.invalidNumberOfLines(numberOfLines) }
        self.numberOfLines = numberOfLines
        self.lineBreakMode = lineBreakMode
        self.lineBreakStrategy = lineBreakStrategy
    }
}

extension TextLayout {
    /// The same lines (ranges, widths, ellipses, cuts) and the same truncation: what `widthRange` keeps.
    func hasSameLines(as other: TextLayout) -> Bool {
        isTruncated == other.isTruncated && lines.records == other.lines.records
    }
}
