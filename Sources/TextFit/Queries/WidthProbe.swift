import Foundation

/// What the width queries (`tightestWidth`, `widthRange`, `fittingFontSize`, `balancedLayout`) ask of
/// one layout or measurement at an integer width: the engine's own answers at 1/1024-pt widths, so a
/// query is exact by construction rather than by floating-point bisection.
extension PreparedText {
    /// The text laid out at `units` (`Units.unbounded`: no limit), through the integer entry: no
    /// conversion to points and back per probe.
    func layout(units: Int, _ options: QueryOptions) throws -> TextLayout {
        try layout(options.request(units: units), fastPath: true)
    }

    /// Whether the text keeps to at most `lineCount` lines at `units`, nothing hidden or cut, no line
    /// wider than `units` (a lone cluster wider than the width overflows it: Q1); and its widest line.
    func probe(units: Int, lineCount: Int, _ options: QueryOptions) throws -> (fits: Bool, widest: Int) {
        let metrics = try measure(options.request(units: units), fastPath: true)
        // Exact: the widest line is a whole number of units, and every count below 2^53 is a `Double`.
        let widest = Units.floor(Double(metrics.size.width))
        return (!metrics.isTruncated && metrics.lineCount <= lineCount && widest <= units, widest)
    }
}

/// The layout options a query holds fixed while it varies the width or the size: a `LineRequest` but
/// for its width.
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

    /// The request at `units` wide. 0 is unbounded, as a width of 0 is at the public edge (B7), so a
    /// probe at 0 asks what `layout(width: 0)` answers.
    @inline(__always)
    func request(units: Int) -> LineRequest {
        LineRequest(
            widths: LineWidths(width: units == 0 ? Units.unbounded : units), maxLines: numberOfLines,
            mode: lineBreakMode, strategy: lineBreakStrategy)
    }
}

extension TextLayout {
    /// The same lines (ranges, widths, ellipses, cuts) and the same truncation: what `widthRange` keeps.
    func hasSameLines(as other: TextLayout) -> Bool {
        isTruncated == other.isTruncated && lines.records == other.lines.records
    }
}
