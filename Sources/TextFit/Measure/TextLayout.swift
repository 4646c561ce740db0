import Foundation

/// One laid-out line.
public struct TextLine: Sendable, Equatable {
    /// The UTF-16 range of the source text the line covers (NSRange convention, end exclusive). For a
    /// truncated line the end is where the visible source text stops. Paragraph separators belong to no
    /// line; trailing spaces belong to the line they end.
    public let range: Range<Int>
    /// Width without hanging trailing whitespace (rule W4), ellipsis included, in points.
    public let width: CGFloat
    /// Width with the hanging whitespace, as `boundingRect` reports it (rule B6).
    public let widthIncludingTrailingWhitespace: CGFloat
    /// Distance from the top of the layout to this line's baseline.
    public let baseline: CGFloat
    /// The line box: x = 0 (left aligned), the line's width without hanging whitespace, one line height.
    public let rect: CGRect
    /// Where an ellipsis was inserted, if any (rules T4, T5).
    public let ellipsis: EllipsisPlacement?
    /// The line was truncated or cut at the edge.
    public let isTruncated: Bool

    /// The prepared text the line was laid out from (its glyphs: `glyphs()`).
    public let preparedText: PreparedText
    // The drawn ranges; `text` is built on demand so laying out allocates no strings.
    let visible: Range<Int>
    let suffix: Range<Int>
    var source: StoredArray<UInt16> { preparedText.units }

    /// The source ranges actually drawn: one, or two around a middle ellipsis.
    public var visibleRanges: [Range<Int>] { ellipsis == .middle ? [visible, suffix] : [visible] }

    /// What the line shows: the visible source text with the ellipsis in place.
    public var text: String {
        func string(_ range: Range<Int>) -> String { String(decoding: source[range], as: UTF16.self) }
        switch ellipsis {
        case .none: return string(range)
        case .tail: return string(visible) + PreparedText.ellipsis
        case .head: return PreparedText.ellipsis + string(visible)
        case .middle: return string(visible) + PreparedText.ellipsis + string(suffix)
        }
    }
}

/// Line count and size of a text at one width, without the lines (see `PreparedText.measure`).
public struct TextMetrics: Sendable, Equatable {
    public let lineCount: Int
    /// Widest line without hanging whitespace × lines × line height, fractional.
    public let size: CGSize
    /// Widest line including hanging whitespace (what `boundingRect` reports, B6).
    public let widthIncludingTrailingWhitespace: CGFloat
    /// Some source text is not shown.
    public let isTruncated: Bool
}

/// Lines of a prepared text at one width, with their sizes.
///
/// ```swift
/// let layout = try PreparedText("Hello world", font: font).layout(width: 60)
/// layout.lineCount       // 2
/// layout.size            // widest line × (lines × lineHeight), fractional
/// layout.size.ceiledToPixels(scale: 2)
/// ```
public struct TextLayout: Sendable, Equatable {
    /// The prepared text laid out (drawing needs nothing else: see `TextLines.glyphs()`).
    public var preparedText: PreparedText { lines.preparedText }
    /// The lines, top to bottom: `layout.lines[0].text`, `layout.lines.last?.rect`, `for line in layout.lines`.
    // Set only by `layout`, which builds the lines in place (`fileprivate(set)`: read-only to callers).
    public fileprivate(set) var lines: TextLines
    /// The font's line height (rule F3/W7); every line uses it, fallback fonts do not change it (F6).
    public var lineHeight: CGFloat { lines.lineHeight }
    /// Some source text is not shown: lines beyond `numberOfLines`, a truncated or clipped last line.
    public fileprivate(set) var isTruncated: Bool

    public var lineCount: Int { lines.count }

    /// Widest line without hanging whitespace × total line height; fractional (rule B5).
    public var size: CGSize {
        if let geometry = lines.geometry { return geometry.size }  // a paragraph style's (P4–P7)
        // The widest width the records kept as lines arrived: no `TextLine` made, no walk over the lines
        // (relayout reads it once per width).
        return CGSize(width: Units.points(lines.records.widest),
               height: CGFloat(lines.count) * lineHeight)
    }

    /// Widest line including hanging whitespace × total height (what `boundingRect` reports, B6).
    public var sizeIncludingTrailingWhitespace: CGSize {
        if let geometry = lines.geometry { return geometry.sizeIncludingTrailingWhitespace }
        return CGSize(width: Units.points(lines.records.widestWithWhitespace),
               height: CGFloat(lines.count) * lineHeight)
    }
}

/// The lines of a `TextLayout`, top to bottom: a random-access collection of `TextLine`.
///
/// Laying out keeps one small record per line (its ranges and integer widths) and the text once; each
/// `TextLine`, with its rect and baseline, is made when it is read. So a layout costs one allocation
/// whatever its line count, and relayout at many widths builds no line values nobody reads.
///
/// ```swift
/// let lines = try prepared.layout(width: 120).lines
/// lines.count; lines[0].range; lines.last?.text
/// for line in lines { print(line.rect) }
/// ```
public struct TextLines: RandomAccessCollection, Sendable, Equatable {
    /// The breaker's lines, in order.
    fileprivate(set) var records: LineRecords
    /// The prepared text the lines were laid out from: one reference, no copy of the text.
    public let preparedText: PreparedText
    let lineHeight: CGFloat
    let ascender: CGFloat
    /// The lines' places under a paragraph style (P1–P9); nil for plain text.
    var geometry: ParagraphGeometry? = nil

    public var startIndex: Int { 0 }
    public var endIndex: Int { records.count }

    /// Line `index`, with its geometry in the layout's coordinates (line `i`'s top is `i × lineHeight`).
    public subscript(index: Int) -> TextLine {
        let line = records[index]
        if let geometry { return styledLine(line, geometry.lines[index]) }
        let top = CGFloat(index) * lineHeight
        let width = Units.points(line.width)
        return TextLine(range: line.start..<line.end, width: width,
                        widthIncludingTrailingWhitespace: Units.points(line.widthWithWhitespace),
                        baseline: top + ascender,
                        rect: CGRect(x: 0, y: top, width: width, height: lineHeight),
                        ellipsis: line.ellipsis, isTruncated: line.isCut, preparedText: preparedText,
                        visible: line.visible, suffix: line.suffix)
    }
}

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
    public func layout(width: CGFloat? = nil, numberOfLines: Int = 0, lineBreakMode: LineBreakMode = .byWordWrapping,
                       lineBreakStrategy: LineBreakStrategy = [], lastLineMaxWidth: CGFloat? = nil) throws -> TextLayout {
        try layout(width: width, numberOfLines: numberOfLines, lineBreakMode: lineBreakMode,
                   lineBreakStrategy: lineBreakStrategy, lastLineMaxWidth: lastLineMaxWidth, fastPath: true)
    }

    /// `layout(width:...)` through the breaker's fast path when it applies (`fastPath`), or always through
    /// the general one (`LineBreaker.run`), for the differential tests.
    // Inlined into the public entry: called, its 250-byte result was copied into the caller's.
    @inline(__always)
    func layout(width: CGFloat?, numberOfLines: Int, lineBreakMode: LineBreakMode,
                lineBreakStrategy: LineBreakStrategy, lastLineMaxWidth: CGFloat?, fastPath: Bool) throws -> TextLayout {
        let maxWidth = try Self.units(forWidth: width)
        let lastWidth = try lastLineMaxWidth.map { try Self.units(forWidth: $0) }
        guard numberOfLines >= 0 else { throw MeasureError.invalidNumberOfLines(numberOfLines) }
        if _slowPath(paragraphSettings != nil) {
            if let measureProblem { throw measureProblem }
            return styledLayout(paragraphSettings.unsafelyUnwrapped, maxWidth: maxWidth, lastLineMaxWidth: lastWidth, numberOfLines: numberOfLines,
                                lineBreakMode: lineBreakMode, lineBreakStrategy: lineBreakStrategy, fastPath: fastPath)
        }
        if fastPath, fitsOnOneLine(maxWidth: maxWidth, lastLineMaxWidth: lastWidth, numberOfLines: numberOfLines) {
            let records = LineRecords(single: oneLine)
            return TextLayout(lines: TextLines(records: consume records, preparedText: self, lineHeight: lineHeight,
                                               ascender: ascender),
                              isTruncated: false)
        }
        if let measureProblem { throw measureProblem }
        // The records are written into the layout value itself (built apart and moved in, they were
        // copied twice; the value is still copied once into the caller's, which the writer's pointer into
        // it prevents the optimiser from avoiding).
        var layout = TextLayout(lines: TextLines(records: LineRecords(), preparedText: self, lineHeight: lineHeight,
                                                 ascender: ascender),
                                isTruncated: false)
        // The breaker appends through a writer (a few trivial words, moved for free) into the records.
        layout.isTruncated = layout.lines.records.withWriter(
            expectedCount: expectedLineCount(maxWidth: maxWidth, maxLines: numberOfLines)
        ) {
            run(maxWidth: maxWidth, lastLineMaxWidth: lastWidth, numberOfLines: numberOfLines, lineBreakMode: lineBreakMode,
                lineBreakStrategy: lineBreakStrategy, fastPath: fastPath, into: &$0)
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
    public func measure(width: CGFloat? = nil, numberOfLines: Int = 0, lineBreakMode: LineBreakMode = .byWordWrapping,
                        lineBreakStrategy: LineBreakStrategy = [], lastLineMaxWidth: CGFloat? = nil) throws -> TextMetrics {
        try measure(width: width, numberOfLines: numberOfLines, lineBreakMode: lineBreakMode,
                    lineBreakStrategy: lineBreakStrategy, lastLineMaxWidth: lastLineMaxWidth, fastPath: true)
    }

    /// `measure(width:...)` through the breaker's fast path when it applies (`fastPath`), or always
    /// through the general one (`LineBreaker.run`), for the differential tests.
    // Inlined into the public entry, as `layout`'s: called, it cost a UI string's relayout 23 of its 345
    // instructions (callgrind, `ui` set).
    @inline(__always)
    func measure(width: CGFloat?, numberOfLines: Int, lineBreakMode: LineBreakMode,
                 lineBreakStrategy: LineBreakStrategy, lastLineMaxWidth: CGFloat?, fastPath: Bool) throws -> TextMetrics {
        let maxWidth = try Self.units(forWidth: width)
        let lastWidth = try lastLineMaxWidth.map { try Self.units(forWidth: $0) }
        guard numberOfLines >= 0 else { throw MeasureError.invalidNumberOfLines(numberOfLines) }
        if _slowPath(paragraphSettings != nil) {
            if let measureProblem { throw measureProblem }
            // The settings read in place: bound to a local, they were retained and released per measure
            // (about 40 instructions; the text holds them).
            return Unmanaged.passUnretained(paragraphSettings.unsafelyUnwrapped)._withUnsafeGuaranteedRef { settings in
                guard ParagraphMeasurer.measures(settings) else {
                    return styledLayout(settings, maxWidth: maxWidth, lastLineMaxWidth: lastWidth, numberOfLines: numberOfLines,
                                        lineBreakMode: lineBreakMode, lineBreakStrategy: lineBreakStrategy,
                                        fastPath: fastPath).metrics
                }
                return styledMeasure(settings, maxWidth: maxWidth, lastLineMaxWidth: lastWidth, numberOfLines: numberOfLines,
                                     lineBreakMode: lineBreakMode, lineBreakStrategy: lineBreakStrategy, fastPath: fastPath)
            }
        }
        if fastPath, fitsOnOneLine(maxWidth: maxWidth, lastLineMaxWidth: lastWidth, numberOfLines: numberOfLines) {
            return TextMetrics(lineCount: 1, size: CGSize(width: Units.points(oneLineWidth), height: lineHeight),
                               widthIncludingTrailingWhitespace: Units.points(oneLineWidthWithWhitespace),
                               isTruncated: false)
        }
        if let measureProblem { throw measureProblem }
        var measurer = LineMeasurer()
        let truncated = run(maxWidth: maxWidth, lastLineMaxWidth: lastWidth, numberOfLines: numberOfLines,
                            lineBreakMode: lineBreakMode, lineBreakStrategy: lineBreakStrategy, fastPath: fastPath,
                            into: &measurer)
        return TextMetrics(lineCount: measurer.count,
                           size: CGSize(width: Units.points(measurer.widest), height: CGFloat(measurer.count) * lineHeight),
                           widthIncludingTrailingWhitespace: Units.points(measurer.widestWithWhitespace),
                           isTruncated: truncated)
    }

    /// Breaks the text into `sink` through the fast path when it applies (`FastBreaker.canRun`) and
    /// `fastPath` allows it, else through the general breaker; returns whether some text is not shown.
    @inline(__always)
    func run<Sink: LineSink>(maxWidth: Int, lastLineMaxWidth: Int?, numberOfLines: Int,
                                     lineBreakMode: LineBreakMode, lineBreakStrategy: LineBreakStrategy,
                                     fastPath: Bool, into sink: inout Sink) -> Bool {
        if fastPath, FastBreaker.canRun(self, mode: lineBreakMode, strategy: lineBreakStrategy) {
            return FastBreaker(maxWidth: maxWidth, lastLineMaxWidth: lastLineMaxWidth, maxLines: numberOfLines,
                               mode: lineBreakMode, strategy: lineBreakStrategy).run(self, into: &sink)
        }
        return LineBreaker(text: self, maxWidth: maxWidth, lastLineMaxWidth: lastLineMaxWidth, maxLines: numberOfLines,
                           mode: lineBreakMode, strategy: lineBreakStrategy).run(into: &sink)
    }

    /// Whether the whole text is one line at these limits (`oneLineWidth`; line 0's limit is the last
    /// line's when it is the only permitted one, T3), answered before any breaker is set up: most labels
    /// and buttons, and any text relaid out wider than itself. The answer holds for every line break mode
    /// and strategy: a single paragraph that fits has nothing to wrap, cut or push out.
    @inline(__always)
    func fitsOnOneLine(maxWidth: Int, lastLineMaxWidth: Int?, numberOfLines: Int) -> Bool {
        oneLineWidth <= (numberOfLines == 1 ? lastLineMaxWidth ?? maxWidth : maxWidth)
    }

    /// The whole text as one line (when `oneLineWidth` is set).
    var oneLine: BrokenLine {
        let count = utf16Count
        return BrokenLine(start: 0, end: count, visible: 0..<count, width: oneLineWidth,
                          widthWithWhitespace: oneLineWidthWithWhitespace, ellipsis: nil, isCut: false)
    }

    /// A width in points as 1/1024-pt units; unbounded (B7: `nil`, 0, +infinity, ≥ 1e15) as
    /// `Units.unbounded`. `CGFloat.wrapWidth(_:)` and this agree; this one skips the optional in between.
    /// - Throws: `MeasureError.invalidWidth` for NaN or a negative width.
    static func units(forWidth width: CGFloat?) throws -> Int {
        guard let width else { return Units.unbounded }
        // As a Double (CGFloat's storage on 64-bit Linux): Foundation's CGFloat comparisons are not
        // inlined, and this runs once per relayout, where a few dozen instructions show.
        let points = Double(width)
        guard points >= 0 else { throw MeasureError.invalidWidth(points) }  // negative or NaN
        if width.isUnboundedTextDimension { return Units.unbounded }
        return Units.floor(points)
    }
}

// Initialisers for code in other files (the paragraph style's layout), in extensions so the plain path
// keeps the memberwise ones.
extension TextLayout {
    init(lines: TextLines, truncated: Bool) {
        self.init(lines: lines, isTruncated: truncated)
    }
}

extension TextLines {
    init(records: LineRecords, preparedText: PreparedText, lineHeight: CGFloat, ascender: CGFloat,
         geometry: ParagraphGeometry) {
        self.init(records: records, preparedText: preparedText, lineHeight: lineHeight, ascender: ascender)
        self.geometry = geometry
    }
}
