import Foundation

/// Lays a prepared text out one line at a time, each line in the width the caller gives it (rule G1):
/// text beside a picture whose edge changes with the height, columns, shapes. TextKit asks its text
/// container for each line's rect the same way (`lineFragmentRect(forProposedRect:…)`); pretext's
/// `layoutNextLine` and parley's `break_next` are the same walk.
///
/// ```swift
/// var walker = try prepared.lines(numberOfLines: 0, lineBreakMode: .byWordWrapping)
/// while let line = try walker.next(width: walker.nextLineTop < 60 ? 200 : 300) {
///     print(line.range, line.rect)
/// }
/// ```
/// A walk with one width throughout gives exactly the lines of `layout(width:)` at that width, with their
/// ranges, widths, rects and baselines (G2); a walk of listed widths gives `layout(widths:)`'s lines. Each
/// step is the breakers' arithmetic over the prepared text: nothing is reshaped but where `layout` would
/// reshape too (a line ending inside a ligature).
///
/// Two things depend on lines the walker has not seen, and it answers them with what it knows (G3):
/// push-out (W6, `.standard`) looks one line ahead at this line's width, and a line laid out at an
/// unbounded width is placed in a box as wide as itself (a layout's box is its widest line, P7).
///
/// A value: copy it to try a width and keep the copy only if the line suits (`layout(in:)` does).
public struct LineWalker: Sendable {
    /// The text being walked.
    public let preparedText: PreparedText
    /// At most this many lines (0: unlimited, T3); the last permitted line is cut by a truncating mode.
    public let numberOfLines: Int
    public let lineBreakMode: LineBreakMode
    public let lineBreakStrategy: LineBreakStrategy

    /// Lines returned so far.
    public private(set) var lineCount = 0
    /// Some text will not be shown: the line limit hid lines, or the last line was truncated or clipped.
    public private(set) var isTruncated = false
    /// The walk has returned its last line: `next(width:)` returns nil.
    public private(set) var isFinished = false
    /// The paragraph the next line lies in (an index into the text's paragraphs), and where in it the
    /// next line starts (nil: at the paragraph's start).
    private var paragraphIndex = 0
    private var start: Int?
    /// The breaker's place among the opportunities, carried from line to line (`LineBreaker.Cursor`).
    private var cursor: LineBreaker.Cursor?
    /// The fast breaker's place, for plain text it takes (`FastBreaker.Resume`).
    private var resume: FastBreaker.Resume?
    /// False: every line through `LineBreaker.step`, for the tests that compare the two breakers.
    var usesFastBreaker = true
    /// Places lines under a paragraph style or a styled text's line boxes (P1–P9); nil for plain text,
    /// whose lines are `lineHeight` apart.
    private var stepper: ParagraphLineStepper?
    /// Points added to every line's top (`advance(by:)`).
    private var offset: CGFloat = 0

    init(_ text: PreparedText, numberOfLines: Int, lineBreakMode: LineBreakMode, lineBreakStrategy: LineBreakStrategy) {
        preparedText = text
        self.numberOfLines = numberOfLines
        self.lineBreakMode = lineBreakMode
        self.lineBreakStrategy = lineBreakStrategy
        stepper = text.paragraphSettings.map { ParagraphLineStepper(text: text, settings: $0) }
        // The empty text has no line (as `layout` gives it).
        isFinished = text.paragraphs.isEmpty
    }

    /// Where the next line's box will start, in points from the top of the walk: below the last line, its
    /// line spacing and, when the next line starts a paragraph, the paragraph spacing (P4, P5).
    public var nextLineTop: CGFloat {
        guard let stepper else { return CGFloat(lineCount) * preparedText.lineHeight + offset }
        return stepper.nextTop(startsParagraph: start == nil) + offset
    }

    /// The UTF-16 offset where the next line starts (the text's length when the walk is finished).
    public var nextOffset: Int {
        if isFinished { return preparedText.utf16Count }
        let paragraphs = preparedText.paragraphs
        guard paragraphIndex < paragraphs.count else { return preparedText.utf16Count }
        return start ?? paragraphs[paragraphIndex].start
    }

    /// Moves every following line down by `points` (≥ 0): the next line starts that much lower, as when a
    /// line is pushed below a picture that leaves it no room.
    /// - Throws: `MeasureError.invalidHeight` for a negative or non-finite distance.
    public mutating func advance(by points: CGFloat) throws {
        guard points >= 0, points.isFinite else { throw MeasureError.invalidHeight(Double(points)) }
        offset += points
    }

    /// Lays out the next line `width` wide, or returns nil when the text (or the line limit) is used up.
    ///
    /// ```swift
    /// let first = try walker.next(width: 120)   // beside the avatar
    /// let second = try walker.next(width: 320)  // below it
    /// ```
    /// - Parameter width: the line's width in points, as `layout(width:)` takes it (`nil`, 0, +infinity or
    ///   ≥ 1e15: unbounded, B7).
    /// - Returns: the line, its rect in the walk's coordinates: x within `0…width` (alignment, indents,
    ///   a right-to-left paragraph's right edge), y below the previous line.
    /// - Throws: `MeasureError.invalidWidth` for a NaN or negative width; the text's own problem
    ///   (`MeasureError.clusterTooWide`) as `layout` throws it.
    /// - Complexity: one line of `layout(width:)`: O(log n + log(words on the line)).
    public mutating func next(width: CGFloat?) throws -> TextLine? {
        let units = try LineRequest.units(forWidth: width)
        if isFinished { return nil }
        let text = preparedText
        if let problem = text.measureProblem { throw problem }
        // The raw buffer: a `StoredArray` view retained and released the storage on every line.
        let paragraphs = text.storage.paragraphsBuffer
        if numberOfLines > 0, lineCount >= numberOfLines {
            isFinished = true
            isTruncated = true
            return nil
        }
        let paragraph = paragraphs[paragraphIndex]
        let isLastParagraph = paragraphIndex == paragraphs.count - 1
        let line: BrokenLine
        var endsWalk = false
        if paragraph.start == paragraph.end {
            // W7: an empty paragraph still takes a line.
            line = BrokenLine(
                start: paragraph.start, end: paragraph.end, visible: paragraph.start..<paragraph.end,
                width: 0, widthWithWhitespace: 0, ellipsis: nil, isCut: false)
        } else if usesFastBreaker, stepper == nil, FastBreaker.canRun(text, mode: lineBreakMode, strategy: lineBreakStrategy)
        {
            // Plain text the fast breaker takes: its search, resumed where the last line left it (issue 32).
            let step = FastBreaker(
                request: LineRequest(
                    widths: LineWidths(width: units), maxLines: numberOfLines, mode: lineBreakMode,
                    strategy: lineBreakStrategy)
            ).step(text, paragraph: paragraphIndex, from: start ?? paragraph.start, produced: lineCount, resume: &resume)
            line = step.line
            if step.endsWalk {
                endsWalk = true
                isTruncated = step.truncated
            }
        } else {
            let step = breaker(width: units).step(
                from: start ?? paragraph.start, in: paragraph,
                isLastParagraph: isLastParagraph, produced: lineCount,
                cursor: &cursor)
            line = step.line
            if step.endsWalk {
                endsWalk = true
                isTruncated = step.truncated
            }
        }
        // As `run`: the walk ends after the last permitted line, truncated when text remains (T3), or
        // after the last paragraph.
        let endsParagraph = line.end >= paragraph.end
        let textRemains = !endsParagraph || !isLastParagraph
        if endsWalk {
            isFinished = true
        } else if numberOfLines > 0, lineCount + 1 >= numberOfLines {
            isFinished = true
            isTruncated = textRemains
        } else if !textRemains {
            isFinished = true
        }
        if endsParagraph {
            start = nil
            paragraphIndex += 1
        } else {
            start = line.end
        }
        return emit(line, width: units, nextStartsParagraph: isFinished ? nil : endsParagraph)
    }

    /// The breaker for one line `width` wide (1/1024 pt): under a paragraph style whose indents or tabs
    /// change lines, the style's (P9, P10).
    private func breaker(width: Int) -> LineBreaker {
        let request = LineRequest(
            widths: LineWidths(width: width), maxLines: numberOfLines, mode: lineBreakMode,
            strategy: lineBreakStrategy)
        if let settings = preparedText.paragraphSettings, settings.affectsBreaking {
            return preparedText.paragraphBreaker(settings, request)
        }
        return LineBreaker(text: preparedText, request: request)
    }

    /// `line` as a `TextLine` placed in the walk: plain lines `lineHeight` apart at x = 0; styled ones by
    /// their paragraph style in a box `width` wide (`ParagraphGeometry.place`, as `layout` places them).
    private mutating func emit(_ line: BrokenLine, width: Int, nextStartsParagraph: Bool?) -> TextLine {
        let text = preparedText
        let index = lineCount
        lineCount += 1
        guard let settings = text.paragraphSettings, stepper != nil else {
            let top = CGFloat(index) * text.lineHeight + offset
            let lineWidth = Units.points(line.width)
            return TextLine(
                range: line.start..<line.end, width: lineWidth,
                widthIncludingTrailingWhitespace: Units.points(line.widthWithWhitespace),
                baseline: top + text.ascender,
                rect: CGRect(x: 0, y: top, width: lineWidth, height: text.lineHeight),
                ellipsis: line.ellipsis, isTruncated: line.isCut, preparedText: text,
                visible: line.visible, suffix: line.suffix)
        }
        let step = stepper!.step(start: line.start, end: line.end, boxEnd: max(line.end, line.suffix.upperBound))
        // P7: a bounded line ends where the tail indent says; an unbounded one where the line itself does.
        let end = settings.lineEnd(maxWidth: width)
        let needed = step.indent + Units.points(max(0, line.width)) + settings.trailingMargin  // K1
        let lineEnd = end >= Units.unbounded ? needed - settings.trailingMargin : Units.points(end)
        let box = width >= Units.unbounded ? needed : Units.points(width)
        let place = ParagraphGeometry.place(
            line, step: step, room: lineEnd - step.indent, box: box,
            nextStartsParagraph: nextStartsParagraph, text: text,
            alignment: settings.style.alignment, mayBeRightToLeft: text.isBidirectional)
        return TextLine(
            range: line.start..<line.end, width: place.width,
            widthIncludingTrailingWhitespace: Units.points(line.widthWithWhitespace) + place.stretch,
            baseline: place.baseline + offset,
            rect: CGRect(x: place.x, y: place.y + offset, width: place.width, height: place.height),
            ellipsis: line.ellipsis, isTruncated: line.isCut, preparedText: text,
            visible: line.visible, suffix: line.suffix)
    }
}

extension PreparedText {
    /// A walker that lays the text out one line at a time, each in its own width (G1): `next(width:)`.
    ///
    /// ```swift
    /// var walker = try prepared.lines(numberOfLines: 3, lineBreakMode: .byTruncatingTail)
    /// let first = try walker.next(width: 180)
    /// ```
    /// - Parameters: as `layout(width:numberOfLines:lineBreakMode:lineBreakStrategy:)`.
    /// - Throws: `MeasureError.invalidNumberOfLines` for a negative count.
    public func lines(
        numberOfLines: Int = 0, lineBreakMode: LineBreakMode = .byWordWrapping,
        lineBreakStrategy: LineBreakStrategy = []
    ) throws -> LineWalker {
        guard numberOfLines >= 0 else { throw MeasureError.invalidNumberOfLines(numberOfLines) }
        return LineWalker(
            self, numberOfLines: numberOfLines, lineBreakMode: lineBreakMode,
            lineBreakStrategy: lineBreakStrategy)
    }
}
