import Foundation

extension PreparedText {
    /// The narrowest width at which the text takes at most `numberOfLines` lines with nothing hidden,
    /// truncated or overflowing (rule Q1): shrink-wrap, the width a chat bubble or a balanced title wants.
    ///
    /// ```swift
    /// let text = PreparedText("The quick brown fox jumps over the lazy dog.", font: try .systemFont(ofSize: 17))
    /// let width = try text.tightestWidth(numberOfLines: 2)!     // 1/1024-pt exact
    /// try text.layout(width: width).lineCount                    // 2
    /// try text.layout(width: width - 1.0 / 1024).lineCount       // 3
    /// ```
    /// - Parameters:
    ///   - numberOfLines: the most lines allowed; 0 = any number, which gives the narrowest width no line
    ///     overflows (the widest cluster, or the widest word with `.byWordWrapping`'s words kept whole
    ///     where they can be).
    ///   - lineBreakMode: as in `layout(width:numberOfLines:lineBreakMode:lineBreakStrategy:lastLineMaxWidth:)`;
    ///     the layout is limited to `numberOfLines`, so in a truncating mode "fits" means its last line
    ///     holds the rest of the text without an ellipsis.
    ///   - lineBreakStrategy: as in `layout(width:numberOfLines:lineBreakMode:lineBreakStrategy:lastLineMaxWidth:)`.
    /// - Returns: a multiple of 1/1024 pt, and at that width `layout` lays the text out with its widest
    ///   line exactly this wide; 0 for empty text; nil when no width keeps it in `numberOfLines` lines
    ///   (more paragraphs or forced breaks than lines).
    /// - Throws: `MeasureError.invalidNumberOfLines` for a negative count.
    /// - Complexity: about log2(width in 1/1024 pt) measurements, usually fewer: no shaping, no allocation
    ///   per probe.
    public func tightestWidth(
        numberOfLines: Int, lineBreakMode: LineBreakMode = .byWordWrapping,
        lineBreakStrategy: LineBreakStrategy = []
    ) throws -> CGFloat? {
        let options = try QueryOptions(
            numberOfLines: numberOfLines, lineBreakMode: lineBreakMode,
            lineBreakStrategy: lineBreakStrategy)
        return try tightestUnits(lineCount: numberOfLines == 0 ? .max : numberOfLines, options).map(Units.points)
    }

    /// The narrowest width that keeps the lines the text takes at `width` (rule Q2): no more lines, and
    /// nothing hidden, truncated or overflowing where nothing is at `width`. When the text is truncated
    /// at `width`, the narrowest width at which it shows exactly the same lines (`widthRange(at:)`'s
    /// lower bound): a narrower one would cut or hide more.
    ///
    /// ```swift
    /// let bubble = try text.tightestWidth(forWidth: 240)   // ≤ 240: the same line count, lines evened out
    /// ```
    /// - Parameters: as `layout(width:numberOfLines:lineBreakMode:lineBreakStrategy:lastLineMaxWidth:)`;
    ///   `width` nil, 0, +infinity or ≥ 1e15 is unbounded (B7): one line per paragraph, so the answer is
    ///   the widest paragraph's width.
    /// - Returns: a multiple of 1/1024 pt; 0 for empty text. It is at most `width` unless a cluster wider
    ///   than `width` overflows there (the answer then holds that cluster).
    /// - Throws: `MeasureError.invalidWidth` for NaN or negative widths, `.invalidNumberOfLines`.
    public func tightestWidth(
        forWidth width: CGFloat?, numberOfLines: Int = 0,
        lineBreakMode: LineBreakMode = .byWordWrapping,
        lineBreakStrategy: LineBreakStrategy = []
    ) throws -> CGFloat {
        let options = try QueryOptions(
            numberOfLines: numberOfLines, lineBreakMode: lineBreakMode,
            lineBreakStrategy: lineBreakStrategy)
        let units = try LineRequest.units(forWidth: width)
        let base = try layout(units: units, options)
        // (`lowerEnd` is 0 when every positive width shows the lines; width 0 would mean unbounded.)
        if base.isTruncated { return Units.points(max(try lowerEnd(of: base, at: units, options), 1)) }
        // Untruncated at `width`: the unbounded layout keeps no more lines (one per paragraph), so an
        // answer exists.
        return Units.points(try tightestUnits(lineCount: base.lineCount, options) ?? Units.unbounded)
    }

    /// The smallest unit width at which `probe` fits `lineCount` lines, nil when not even an unbounded
    /// width does.
    ///
    /// Fitting is monotone in the width for the greedy breaker (a wider line never ends earlier, so the
    /// line count never grows), and the lines at a fitting width `w` are the lines at their widest
    /// line's width too (every line still fits there, no later break does). So each fitting probe lowers
    /// the upper end straight to a width some layout's widest line has, which is where the answer lies:
    /// the search ends after far fewer probes than bisecting the integers would take.
    func tightestUnits(lineCount: Int, _ options: QueryOptions) throws -> Int? {
        guard utf16Count > 0 else { return 0 }
        let unbounded = try probe(units: Units.unbounded, lineCount: lineCount, options)
        guard unbounded.fits else { return nil }
        var low = 1  // every width below `low` fails (0 is unbounded: not a candidate)
        var high = unbounded.widest
        var highProbed = false
        // The first probe at the widths' mean: an even split of the text over the lines is the least
        // any layout can need, and a greedy one usually needs only a little more.
        let total = storage.prefixBuffer[utf16Count] - storage.prefixBuffer[0]
        var guess: Int? = lineCount < .max ? total / max(lineCount, 1) : nil
        while low < high {
            var mid = low + (high - low) / 2
            if let first = guess, first >= low, first < high { mid = first }
            guess = nil
            let result = try probe(units: mid, lineCount: lineCount, options)
            if result.fits {
                high = min(mid, max(result.widest, low))
                highProbed = high == mid
            } else {
                low = mid + 1
            }
        }
        if highProbed || high == unbounded.widest { return high }
        // `high` came from a layout's widest line without being measured itself; confirm it (it holds
        // for the greedy breaker; should a kerned reshaping break that, bisect without the shortcut).
        if try probe(units: high, lineCount: lineCount, options).fits { return high }
        return try bisectedTightestUnits(lineCount: lineCount, upTo: unbounded.widest, options)
    }

    /// Plain bisection over the unit widths, the fallback of `tightestUnits`.
    private func bisectedTightestUnits(lineCount: Int, upTo high: Int, _ options: QueryOptions) throws -> Int {
        var low = 1
        var high = high
        while low < high {
            let mid = low + (high - low) / 2
            if try probe(units: mid, lineCount: lineCount, options).fits { high = mid } else { low = mid + 1 }
        }
        return high
    }
}
