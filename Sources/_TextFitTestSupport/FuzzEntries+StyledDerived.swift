import Foundation
import TextFit

extension _FuzzEntries {
    /// The same lines by `widthRange`'s measure (Q3): ranges, widths, ellipses, cuts and the truncation.
    static func sameLines(_ a: TextLayout, _ b: TextLayout) -> Bool {
        a.isTruncated == b.isTruncated && a.lines.count == b.lines.count
            && zip(a.lines, b.lines).allSatisfy {
                $0.range == $1.range && $0.width == $1.width && $0.ellipsis == $1.ellipsis
                    && $0.isTruncated == $1.isTruncated
            }
    }

    /// `measure` equals `layout`, a second layout equals the first, the size is finite and covers the
    /// widest line, and (wrapping, no line limit or strategy, no negative kern: K2) laying out at the
    /// measured width gives the same lines.
    static func checkStyledDerived(_ prepared: PreparedText, _ layout: TextLayout, _ input: StyledInput) -> [String] {
        var problems: [String] = []
        let size = layout.size
        let widest = layout.lines.map(\.width).max() ?? 0
        // K1: ≥ 0 whatever the kern.
        if !(size.width.isFinite && size.height.isFinite && size.width >= 0 && size.height >= 0
            && size.width >= widest - 1e-9)
        {
            problems.append("size \(size) for the widest line \(widest)")
        }
        do {
            let metrics = try prepared.measure(
                width: input.width, numberOfLines: input.maxLines, lineBreakMode: input.mode,
                lineBreakStrategy: input.strategy)
            if metrics.lineCount != layout.lineCount || metrics.size != size || metrics.isTruncated != layout.isTruncated {
                problems.append(
                    "measure \(metrics.lineCount) lines \(metrics.size) truncated \(metrics.isTruncated), layout "
                        + "\(layout.lineCount) \(size) \(layout.isTruncated)")
            }
            let again = try prepared.layout(
                width: input.width, numberOfLines: input.maxLines, lineBreakMode: input.mode,
                lineBreakStrategy: input.strategy)
            if !sameLines(again, layout) || again.lines.map(\.rect) != layout.lines.map(\.rect) {
                problems.append("a second layout differs")
            }
            // K2: under a negative kern a longer line can be narrower than a shorter one, so the round trip
            // through the measured width holds only without one.
            if !input.hasNegativeKern, let width = input.width, width > 0, input.maxLines == 0, input.strategy.isEmpty,
                input.mode == .byWordWrapping || input.mode == .byCharWrapping, size.width > 0, size.width <= width
            {
                let refit = try prepared.layout(width: size.width, lineBreakMode: input.mode)
                if refit.lines.map(\.range) != layout.lines.map(\.range) {
                    problems.append(
                        "at the measured width \(size.width) the lines are \(refit.lines.map(\.range)), at \(width) "
                            + "\(layout.lines.map(\.range))")
                }
            }
        } catch {
            problems.append("measure or a second layout threw \(error)")
        }
        return problems
    }

    /// The queries agree with layouts (Q2, Q3): at `widthRange`'s lower bound the lines are the width's and
    /// one unit narrower they differ; one unit below the upper bound they are the same and at it they
    /// differ; at `tightestWidth(forWidth:)` there are no more lines than at the width (without a negative
    /// kern, K2).
    static func checkQueries(_ prepared: PreparedText, _ base: TextLayout, _ input: StyledInput) -> [String] {
        guard let width = input.width, width > 0 else { return [] }
        let unit: CGFloat = 1.0 / 1024
        func layout(_ width: CGFloat) throws -> TextLayout {
            try prepared.layout(
                width: width, numberOfLines: input.maxLines, lineBreakMode: input.mode,
                lineBreakStrategy: input.strategy)
        }
        var problems: [String] = []
        do {
            let range = try prepared.widthRange(
                at: width, numberOfLines: input.maxLines, lineBreakMode: input.mode, lineBreakStrategy: input.strategy)
            if !range.contains(width) { problems.append("widthRange \(range) does not hold its width \(width)") }
            let lower = max(range.lowerBound, unit)
            if !sameLines(try layout(lower), base) { problems.append("widthRange \(range): other lines at \(lower)") }
            if range.lowerBound > unit, sameLines(try layout(range.lowerBound - unit), base) {
                problems.append("widthRange \(range): the same lines one unit below its lower bound")
            }
            if let upper = range.upperBound {
                if sameLines(try layout(upper), base) {
                    problems.append("widthRange \(range): the same lines at its upper bound")
                }
                if upper - unit >= lower, !sameLines(try layout(upper - unit), base) {
                    problems.append("widthRange \(range): other lines one unit below its upper bound")
                }
            }
            let tightest = try prepared.tightestWidth(
                forWidth: width, numberOfLines: input.maxLines, lineBreakMode: input.mode, lineBreakStrategy: input.strategy)
            if !input.hasNegativeKern, !base.isTruncated, tightest > 0, try layout(tightest).lineCount > base.lineCount {
                problems.append("tightestWidth \(tightest) takes more lines than \(width)")
            }
        } catch {
            problems.append("a query threw \(error)")
        }
        return problems
    }
}
