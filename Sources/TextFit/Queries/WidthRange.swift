import Foundation

/// The widths over which a text's lines stay exactly the same (rule Q3): `lowerBound` included,
/// `upperBound` excluded, `upperBound` nil when every wider width keeps them. See
/// `PreparedText.widthRange(at:numberOfLines:lineBreakMode:lineBreakStrategy:)`.
///
/// ```swift
/// let range = try text.widthRange(at: 200)
/// range.contains(210)    // resizing to 210 changes nothing: no relayout needed
/// ```
public struct WidthRange: Sendable, Hashable, CustomStringConvertible {
    /// The narrowest width with the same lines, a multiple of 1/1024 pt; 0 when every width down to the
    /// smallest gives them (width 0 itself means unbounded, B7, and gives the unbounded layout).
    public let lowerBound: CGFloat
    /// The narrowest wider width whose lines differ, a multiple of 1/1024 pt; nil when none does.
    public let upperBound: CGFloat?

    public init(lowerBound: CGFloat, upperBound: CGFloat?) {
        self.lowerBound = lowerBound
        self.upperBound = upperBound
    }

    /// Whether a layout at `width` gives the same lines (unbounded widths, B7, count as +infinity).
    public func contains(_ width: CGFloat) -> Bool {
        let width = width.isUnboundedTextDimension ? .infinity : width
        return width >= lowerBound && upperBound.map { width < $0 } ?? true
    }

    public var description: String {
        "\(lowerBound)..<\(upperBound.map { "\($0)" } ?? "∞")"
    }
}

extension PreparedText {
    /// The range of widths over which `layout(width:...)` gives exactly the lines it gives at `width`
    /// (rule Q3): the same ranges, widths, ellipses and truncation, so a resize inside it needs no
    /// relayout at all.
    ///
    /// ```swift
    /// let text = PreparedText("The quick brown fox jumps over the lazy dog.", font: try .systemFont(ofSize: 17))
    /// let range = try text.widthRange(at: 200)
    /// range.lowerBound     // the widest line at 200: one unit narrower and it must break earlier
    /// range.upperBound     // where a line's next word (or cluster, or ellipsis cut) first fits
    /// ```
    /// The lower end is the widest line that fits the width (a narrower width would have to break it
    /// earlier); the upper end is the narrowest width at which some line reaches its next break
    /// opportunity — with hanging whitespace (W4), emergency breaks (W2), truncation (T2–T6) and push-out
    /// (W6) exactly as the breaker applies them: each end is confirmed by laying the text out on both
    /// sides of it, and found by galloping from the width when the direct estimate does not hold.
    /// - Parameters: as `layout(width:numberOfLines:lineBreakMode:lineBreakStrategy:lastLineMaxWidth:)`.
    ///   An unbounded `width` (nil, 0, +infinity, ≥ 1e15, B7) gives the range of the unbounded layout.
    /// - Returns: bounds that are multiples of 1/1024 pt. For empty text, `0..<nil`.
    /// - Throws: `MeasureError.invalidWidth` for NaN or negative widths, `.invalidNumberOfLines` for < 0.
    /// - Complexity: usually five layouts (the width, and each end's two sides), no reshaping beyond
    ///   what those layouts do.
    public func widthRange(
        at width: CGFloat?, numberOfLines: Int = 0, lineBreakMode: LineBreakMode = .byWordWrapping,
        lineBreakStrategy: LineBreakStrategy = []
    ) throws -> WidthRange {
        let options = try QueryOptions(
            numberOfLines: numberOfLines, lineBreakMode: lineBreakMode,
            lineBreakStrategy: lineBreakStrategy)
        let units = try LineRequest.units(forWidth: width)
        let base = try layout(units: units, options)
        let lower = try lowerEnd(of: base, at: units, options)
        let upper = try upperEnd(of: base, at: units, options)
        return WidthRange(lowerBound: Units.points(lower), upperBound: upper.map(Units.points))
    }

    /// The smallest unit width ≥ 1 with `base`'s lines (0 when that is 1: every positive width), given
    /// that `units` has them.
    func lowerEnd(of base: TextLayout, at units: Int, _ options: QueryOptions) throws -> Int {
        func same(_ width: Int) throws -> Bool { try layout(units: width, options).hasSameLines(as: base) }
        // The widest line that fits: narrower, it would have to end earlier. Lines wider than the width
        // (a lone cluster, a clipped last line) hold whatever the width, and do not bound it.
        var guess = 1
        for index in 0..<base.lines.records.count {
            let width = base.lines.records[index].width
            if width <= units { guess = max(guess, width) }
        }
        guess = min(guess, units)
        if try same(guess) {
            guard guess > 1 else { return 0 }
            if try !same(guess - 1) { return guess }
            // Too high: gallop down to a width whose lines differ, then bisect.
            var good = guess - 1
            var step = 1
            while true {
                let probe = max(good - step, 1)
                if try same(probe) {
                    if probe == 1 { return 0 }
                    good = probe
                    step *= 2
                } else {
                    return try firstSame(after: probe, through: good, same)
                }
            }
        }
        // Too low: the answer lies above the guess, at or below `units`.
        return try firstSame(after: guess, through: units, same)
    }

    /// The smallest unit width above `units` whose lines differ from `base`'s, nil when none does.
    func upperEnd(of base: TextLayout, at units: Int, _ options: QueryOptions) throws -> Int? {
        func same(_ width: Int) throws -> Bool { try layout(units: width, options).hasSameLines(as: base) }
        if units >= Units.unbounded { return nil }
        if try same(Units.unbounded) { return nil }
        let guess = max(nextBreakWidth(of: base, options) ?? units + 1, units + 1)
        if try !same(guess) {
            if guess == units + 1 { return guess }
            if try same(guess - 1) { return guess }
            return try firstDifferent(after: units, through: guess - 1, same)
        }
        // Too low: gallop up (the unbounded layout differs, so this ends), then bisect.
        var good = guess
        var step = 1
        while true {
            let probe = min(good + step, Units.unbounded)
            if try same(probe) {
                good = probe
                step *= 2
            } else {
                return try firstDifferent(after: good, through: probe, same)
            }
        }
    }

    /// The smallest width in `(low, high]` with the lines, `same(high)` holding and `same(low)` not.
    private func firstSame(after low: Int, through high: Int, _ same: (Int) throws -> Bool) throws -> Int {
        var low = low + 1
        var high = high
        while low < high {
            let mid = low + (high - low) / 2
            if try same(mid) { high = mid } else { low = mid + 1 }
        }
        return high
    }

    /// The smallest width in `(low, high]` whose lines differ, `same(low)` holding and `same(high)` not.
    private func firstDifferent(after low: Int, through high: Int, _ same: (Int) throws -> Bool) throws -> Int {
        var low = low + 1
        var high = high
        while low < high {
            let mid = low + (high - low) / 2
            if try same(mid) { low = mid + 1 } else { high = mid }
        }
        return high
    }

    /// The estimate of the upper end: the narrowest width at which some visible line reaches further —
    /// to its next opportunity when it ends at one, to its next cluster after an emergency break or in
    /// character wrapping, to one more cluster before the ellipsis on a tail-truncated line. Lines
    /// ending their paragraph or at a forced break cannot reach further. Push-out (W6) and the other
    /// truncations are left to the confirming layouts.
    func nextBreakWidth(of base: TextLayout, _ options: QueryOptions) -> Int? {
        let records = base.lines.records
        let mandatory = mandatoryBreaks
        var best: Int?
        for index in 0..<records.count {
            let line = records[index]
            let start = line.start
            let paragraphEnd = self.paragraphEnd(containing: start)
            var reach: Int
            if let placement = line.ellipsis {
                guard placement == .tail, line.visible.upperBound < paragraphEnd else { continue }
                let next = nextClusterBoundary(after: line.visible.upperBound)
                reach =
                    width(start, trimmedEnd(next, notBefore: start))
                    + ellipsisWidth(.tail, visible: start..<trimmedEnd(next, notBefore: start))
                best = min(best ?? .max, reach)
                continue
            }
            let end = line.end
            guard end < paragraphEnd, !line.isCut else { continue }
            let forced = partitionPoint(from: 0, to: mandatory.count) { Int(mandatory[$0]) >= end }
            if forced < mandatory.count, Int(mandatory[forced]) == end { continue }
            let opportunity = breakIndex(after: end - 1)
            let endsAtOpportunity = opportunity < breaks.count && Int(breaks[opportunity]) == end
            let next: Int
            if endsAtOpportunity && options.lineBreakMode != .byCharWrapping {
                next = opportunity + 1 < breaks.count ? min(Int(breaks[opportunity + 1]), paragraphEnd) : paragraphEnd
            } else {
                next = nextClusterBoundary(after: end)
            }
            reach = width(start, trimmedEnd(next, notBefore: start))
            best = min(best ?? .max, reach)
        }
        return best
    }

    /// The grapheme boundary after `position` (the text's end at most).
    private func nextClusterBoundary(after position: Int) -> Int {
        let index = graphemeIndex(atOrAfter: position + 1)
        return index < graphemes.count ? Int(graphemes[index]) : utf16Count
    }

    /// The end of the paragraph holding `position`.
    func paragraphEnd(containing position: Int) -> Int {
        let paragraphs = self.paragraphs
        let index = partitionPoint(from: 0, to: paragraphs.count) { paragraphs[$0].end >= position }
        return index < paragraphs.count ? paragraphs[index].end : utf16Count
    }
}
