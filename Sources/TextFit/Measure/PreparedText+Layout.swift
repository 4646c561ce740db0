import Foundation

// The public entry points of laying out and measuring: they make the `LineRequest` (validating the width,
// the line count and the last line's width once) and hand it to the breakers; the result types are in
// `TextLayout.swift`.
extension PreparedText {
    /// Lays the text out at `width` with UIKit's rules.
    ///
    /// ```swift
    /// let layout = try prepared.layout(width: 200, numberOfLines: 2, lineBreakMode: .byTruncatingTail)
    /// layout.lines.last?.text   // "…the end of the second li…"
    /// ```
    /// - Parameters:
    ///   - width: the line width in points; `nil`, 0, +infinity or ≥ 1e15 mean unbounded
    ///     (`CGFloat.isUnboundedTextDimension`, B7).
    ///   - numberOfLines: at most this many lines; 0 = unlimited (T3).
    ///   - lineBreakMode: how lines break and how the last visible line is cut (W2, W3, T2–T6).
    ///   - lineBreakStrategy: `[]` (string drawing's default) or `.standard` (UILabel's, rule W6).
    ///   - lastLineMaxWidth: a narrower width for the last permitted line (line `numberOfLines − 1`), for
    ///     layouts that put something after the text (the title + date layout); ignored when
    ///     `numberOfLines` is 0.
    /// - Returns: the lines with their ranges, widths, baselines and rects.
    /// - Throws: `MeasureError.invalidWidth` for NaN or negative widths, `.invalidNumberOfLines` for < 0.
    /// - Complexity: O(lines × (words per line + log n)) integer work; no shaping except where a line
    ///   starts or ends inside a word at a HarfBuzz unsafe-to-break cluster.
    public func layout(
        width: CGFloat? = nil, numberOfLines: Int = 0, lineBreakMode: LineBreakMode = .byWordWrapping,
        lineBreakStrategy: LineBreakStrategy = [], lastLineMaxWidth: CGFloat? = nil
    ) throws -> TextLayout {
        // Two copies of the same call: in the second the optimiser knows there is no paragraph style, so the
        // request is never handed to the styled path and stays in registers (made once for both, it was
        // stored to memory on every relayout: +7 instructions a width in the `ui` set, callgrind).
        if _slowPath(paragraphSettings != nil) {
            return try layout(
                LineRequest(
                    width: width, numberOfLines: numberOfLines, lineBreakMode: lineBreakMode,
                    lineBreakStrategy: lineBreakStrategy, lastLineMaxWidth: lastLineMaxWidth),
                fastPath: true)
        }
        return try layout(
            LineRequest(
                width: width, numberOfLines: numberOfLines, lineBreakMode: lineBreakMode,
                lineBreakStrategy: lineBreakStrategy, lastLineMaxWidth: lastLineMaxWidth),
            fastPath: true)
    }

    /// `layout(width:...)` through the breaker's fast path when it applies (`fastPath`), or always through
    /// the general one (`LineBreaker.run`), for the differential tests.
    func layout(
        width: CGFloat?, numberOfLines: Int, lineBreakMode: LineBreakMode,
        lineBreakStrategy: LineBreakStrategy, lastLineMaxWidth: CGFloat?, fastPath: Bool
    ) throws -> TextLayout {
        try layout(
            LineRequest(
                width: width, numberOfLines: numberOfLines, lineBreakMode: lineBreakMode,
                lineBreakStrategy: lineBreakStrategy, lastLineMaxWidth: lastLineMaxWidth),
            fastPath: fastPath)
    }

    /// `layout` for a request made at the public edge (the entry points above, the queries' probes).
    // Inlined into the public entry: called, its 250-byte result was copied into the caller's.
    @inline(__always)
    func layout(_ request: LineRequest, fastPath: Bool) throws -> TextLayout {
        if _slowPath(paragraphSettings != nil) {
            if let measureProblem { throw measureProblem }
            return styledLayout(paragraphSettings.unsafelyUnwrapped, request, fastPath: fastPath)
        }
        if fastPath, fitsOnOneLine(request) {
            let records = LineRecords(single: oneLine)
            return TextLayout(
                lines: TextLines(
                    records: consume records, preparedText: self, lineHeight: lineHeight,
                    ascender: ascender),
                isTruncated: false)
        }
        if let measureProblem { throw measureProblem }
        // The records are written into the layout value itself (built apart and moved in, they were
        // copied twice; the value is still copied once into the caller's, which the writer's pointer into
        // it prevents the optimiser from avoiding).
        var layout = TextLayout(
            lines: TextLines(
                records: LineRecords(), preparedText: self, lineHeight: lineHeight,
                ascender: ascender),
            isTruncated: false)
        // The breaker appends through a writer (a few trivial words, moved for free) into the records.
        layout.isTruncated = layout.lines.records.withWriter(
            expectedCount: expectedLineCount(maxWidth: request.maxWidth, maxLines: request.maxLines)
        ) {
            run(request, fastPath: fastPath, into: &$0)
        }
        return layout
    }

    /// At least how many lines a layout at `maxWidth` (1/1024 pt) makes, in nearly every case, to allocate
    /// the `LineRecords` buffer once: the paragraphs plus 1.5 times the text's width over the line's
    /// (greedy lines are two-thirds full unless long words follow short ones: about 1 in 850 of the
    /// relayout benchmark's layouts grows its buffer once; twice, the old bound, allocated 2.3 times the
    /// records used and pushed more buffers past `malloc`'s per-thread cache of small blocks), at most
    /// `maxLines`. Growing the buffer costs more than the line loop of a short text.
    @inline(__always)
    private func expectedLineCount(maxWidth: Int, maxLines: Int) -> Int {
        // Through the raw buffers: each `StoredArray` view retains and releases the storage.
        let total = storage.prefixBuffer[utf16Count]
        let lines = total / max(maxWidth, 1)
        let estimate = storage.paragraphsBuffer.count + min(lines + lines / 2 + 1, utf16Count) + 2
        return maxLines > 0 ? min(maxLines, estimate) : estimate
    }

    /// The line count and size `layout` would report, without building lines: no allocation per line.
    /// Use it to size many texts or to search for a width.
    ///
    /// ```swift
    /// let metrics = try prepared.measure(width: 320, numberOfLines: 3, lineBreakMode: .byTruncatingTail)
    /// metrics.lineCount; metrics.size
    /// ```
    /// - Parameters and throws: as `layout(width:numberOfLines:lineBreakMode:lineBreakStrategy:lastLineMaxWidth:)`.
    public func measure(
        width: CGFloat? = nil, numberOfLines: Int = 0, lineBreakMode: LineBreakMode = .byWordWrapping,
        lineBreakStrategy: LineBreakStrategy = [], lastLineMaxWidth: CGFloat? = nil
    ) throws -> TextMetrics {
        // Two copies, as in `layout`.
        if _slowPath(paragraphSettings != nil) {
            return try measure(
                LineRequest(
                    width: width, numberOfLines: numberOfLines, lineBreakMode: lineBreakMode,
                    lineBreakStrategy: lineBreakStrategy, lastLineMaxWidth: lastLineMaxWidth),
                fastPath: true)
        }
        return try measure(
            LineRequest(
                width: width, numberOfLines: numberOfLines, lineBreakMode: lineBreakMode,
                lineBreakStrategy: lineBreakStrategy, lastLineMaxWidth: lastLineMaxWidth),
            fastPath: true)
    }

    /// `measure(width:...)` through the breaker's fast path when it applies (`fastPath`), or always
    /// through the general one (`LineBreaker.run`), for the differential tests.
    func measure(
        width: CGFloat?, numberOfLines: Int, lineBreakMode: LineBreakMode,
        lineBreakStrategy: LineBreakStrategy, lastLineMaxWidth: CGFloat?, fastPath: Bool
    ) throws -> TextMetrics {
        try measure(
            LineRequest(
                width: width, numberOfLines: numberOfLines, lineBreakMode: lineBreakMode,
                lineBreakStrategy: lineBreakStrategy, lastLineMaxWidth: lastLineMaxWidth),
            fastPath: fastPath)
    }

    /// `measure` for a request made at the public edge (the entry points above, the queries' probes).
    // Inlined into the public entry, as `layout`'s: called, it cost a UI string's relayout 23 of its 345
    // instructions (callgrind, `ui` set).
    @inline(__always)
    func measure(_ request: LineRequest, fastPath: Bool) throws -> TextMetrics {
        if _slowPath(paragraphSettings != nil) {
            if let measureProblem { throw measureProblem }
            // The settings read in place: bound to a local, they were retained and released per measure
            // (about 40 instructions; the text holds them).
            return Unmanaged.passUnretained(paragraphSettings.unsafelyUnwrapped)._withUnsafeGuaranteedRef { settings in
                guard ParagraphMeasurer.measures(settings) else {
                    return styledLayout(settings, request, fastPath: fastPath).metrics
                }
                return styledMeasure(settings, request, fastPath: fastPath)
            }
        }
        if fastPath, fitsOnOneLine(request) {
            return TextMetrics(
                lineCount: 1, size: CGSize(width: Units.points(oneLineWidth), height: lineHeight),
                widthIncludingTrailingWhitespace: Units.points(oneLineWidthWithWhitespace),
                isTruncated: false)
        }
        if let measureProblem { throw measureProblem }
        var measurer = LineMeasurer()
        let truncated = run(request, fastPath: fastPath, into: &measurer)
        return TextMetrics(
            lineCount: measurer.count,
            size: CGSize(width: Units.points(measurer.widest), height: CGFloat(measurer.count) * lineHeight),
            widthIncludingTrailingWhitespace: Units.points(measurer.widestWithWhitespace),
            isTruncated: truncated)
    }

    /// Breaks the text into `sink` through the fast path when it applies (`FastBreaker.canRun`) and
    /// `fastPath` allows it, else through the general breaker; returns whether some text is not shown.
    @inline(__always)
    func run<Sink: LineSink>(_ request: LineRequest, fastPath: Bool, into sink: inout Sink) -> Bool {
        if fastPath, FastBreaker.canRun(self, mode: request.mode, strategy: request.strategy) {
            return FastBreaker(request: request).run(self, into: &sink)
        }
        return LineBreaker(text: self, request: request).run(into: &sink)
    }

    /// Whether the whole text is one line at these limits (`oneLineWidth`; line 0's limit is the last
    /// line's when it is the only permitted one, T3), answered before any breaker is set up: most labels
    /// and buttons, and any text relaid out wider than itself. The answer holds for every line break mode
    /// and strategy: a single paragraph that fits has nothing to wrap, cut or push out.
    @inline(__always)
    func fitsOnOneLine(_ request: LineRequest) -> Bool {
        let widths = request.widths
        return oneLineWidth <= (request.maxLines == 1 ? widths.lastPermitted ?? widths.width : widths.width)
    }

    /// The whole text as one line (when `oneLineWidth` is set).
    var oneLine: BrokenLine {
        let count = utf16Count
        return BrokenLine(
            start: 0, end: count, visible: 0..<count, width: oneLineWidth,
            widthWithWhitespace: oneLineWidthWithWhitespace, ellipsis: nil, isCut: false)
    }
}
