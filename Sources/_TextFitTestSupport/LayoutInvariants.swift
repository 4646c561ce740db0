import TextFit

/// The layout properties every request must keep, whatever the text (engineering.md, "property tests").
enum LayoutInvariants {
    static let separators: Set<UInt16> = [0x0A, 0x0D, 0x2029, 0x85]

    static func check(_ layout: TextLayout, of prepared: PreparedText, input: _FuzzEntries.MeasureInput) -> [String] {
        var problems: [String] = []
        let units = Array(prepared.text.utf16)
        let count = units.count
        let lines = layout.lines
        if input.maxLines > 0, lines.count > input.maxLines {
            problems.append("\(lines.count) lines with maxLines \(input.maxLines)")
        }
        // Lines cover the text in order; only one paragraph separator may fall between two lines.
        var position = 0
        for (index, line) in lines.enumerated() {
            let range = line.range
            guard range.lowerBound >= position, range.upperBound >= range.lowerBound, range.upperBound <= count else {
                problems.append("line \(index) range \(range) after \(position) in \(count) units")
                return problems
            }
            let gap = Array(units[position..<range.lowerBound])
            if !(gap.isEmpty || gap == [0x0D, 0x0A] || (gap.count == 1 && separators.contains(gap[0]))) {
                problems.append("line \(index) starts at \(range.lowerBound) leaving \(gap) after \(position)")
            }
            position = range.upperBound
            if !(line.width.isFinite && line.width >= 0 && line.widthIncludingTrailingWhitespace.isFinite
                && line.widthIncludingTrailingWhitespace >= 0)
            {
                problems.append("line \(index) widths \(line.width), \(line.widthIncludingTrailingWhitespace)")
            }
            for visible in line.visibleRanges
            where !(range.lowerBound <= visible.lowerBound && visible.upperBound <= range.upperBound) {
                problems.append("line \(index) shows \(visible) outside its range \(range)")
            }
            problems += checkFit(line, index: index, units: units, input: input)
        }
        // The size covers the lines: as wide as the widest, one line height each, all finite.
        let widest = lines.map(\.width).max() ?? 0
        if !(layout.size.width.isFinite && layout.size.height.isFinite && layout.size.width >= 0
            && layout.size.width == widest && layout.size.height >= CGFloat(lines.count) * layout.lineHeight * 0.999_999)
        {
            problems.append("size \(layout.size) does not cover \(lines.count) lines of widest \(widest)")
        }
        if !layout.isTruncated {
            // Nothing dropped: after the last line at most the final separator remains.
            let rest = Array(units[position...])
            if !(rest.isEmpty || rest == [0x0D, 0x0A] || (rest.count == 1 && separators.contains(rest[0]))) {
                problems.append("not truncated, yet \(rest.count) units after the last line are in no line")
            }
            if lines.contains(where: \.isTruncated) { problems.append("a line is cut but the layout is not truncated") }
        } else if input.maxLines == 0 {
            problems.append("truncated without a line limit")
        }
        if layout.isTruncated, input.mode == .byWordWrapping || input.mode == .byCharWrapping,
            lines.count != input.maxLines
        {
            problems.append("truncated after \(lines.count) lines with maxLines \(input.maxLines)")
        }
        // Laying out at the measured width gives the same lines (wrapping modes, no line limit).
        if let width = input.width, width > 0, !width.isUnboundedTextDimension, input.maxLines == 0, input.strategy.isEmpty,
            input.mode == .byWordWrapping || input.mode == .byCharWrapping, layout.size.width <= width,
            layout.size.width > 0,
            let again = try? prepared.layout(width: layout.size.width, lineBreakMode: input.mode),
            again.lines.map(\.range) != lines.map(\.range)
        {
            problems.append(
                "at the measured width \(layout.size.width) the lines differ: "
                    + "\(again.lines.map(\.range)) vs \(lines.map(\.range))")
        }
        return problems
    }

    /// A line fits its width unless it is one cluster (W2); a truncated line fits unless nothing but the
    /// ellipsis is left (T4, T5); clipped lines may overflow (T6).
    private static func checkFit(_ line: TextLine, index: Int, units: [UInt16], input: _FuzzEntries.MeasureInput) -> [String]
    {
        guard var limit = input.width, limit > 0, !limit.isUnboundedTextDimension else { return [] }
        if input.maxLines > 0, index == input.maxLines - 1, let last = input.lastLineMaxWidth {
            guard last > 0, !last.isUnboundedTextDimension else { return [] }
            limit = last
        }
        // The engine compares in 1/1024 pt, rounding the limit down after adding 1e-6 units (so a width it
        // measured converts back exactly): a line may exceed the limit by at most 1e-6 / 1024 pt.
        guard line.width > limit + 1e-8 else { return [] }
        if line.ellipsis != nil {
            return line.visibleRanges.allSatisfy(\.isEmpty)
                ? []
                : ["truncated line \(index) \(line.range) is \(line.width) pt wide at width \(limit)"]
        }
        if line.isTruncated && input.mode == .byClipping { return [] }
        var end = line.range.upperBound
        while end > line.range.lowerBound, isHangingSpace(units[end - 1]) { end -= 1 }
        let clusters = String(decoding: units[line.range.lowerBound..<end], as: UTF16.self).count
        return clusters <= 1
            ? [] : ["line \(index) \(line.range) is \(line.width) pt wide at width \(limit) and holds \(clusters) clusters"]
    }

    /// Whitespace that hangs at a line end (rule W4), as the engine defines it.
    private static func isHangingSpace(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x09, 0x20, 0x1680, 0x2000...0x2006, 0x2008...0x200A, 0x205F, 0x3000, 0x2028, 0x0B, 0x0C: return true
        default: return false
        }
    }
}
