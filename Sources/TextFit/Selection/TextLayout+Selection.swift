import Foundation

/// Range rects, carets and hit testing on a laid-out text (UIKit's `UITextInput`: `selectionRects(for:)`,
/// `caretRect(for:)`, `closestPosition(to:)`; rules R1–R9). Every answer is in the layout's coordinates
/// (points from its top left, the lines where `lines[i].rect` puts them) and UTF-16 offsets, and comes
/// from the advances stored when the text was prepared: nothing is shaped again but the segment of a
/// ligature of several graphemes whose carets a question needs (R4). A question about one offset or
/// point finds its line by binary search and reads that line only: O(log lines + line length).
extension TextLayout {
    /// The line a caret at `offset` is drawn on (R3): the last line starting at or before it; with
    /// `.upstream`, at a soft-wrapped line's end, the line that ends there. Offsets no line shows (a
    /// paragraph separator, text cut by truncation) belong to the line before them.
    ///
    /// ```swift
    /// let font = try Font(family: "Noto Sans", size: 17)
    /// let layout = try PreparedText("Hello world", font: font).layout(width: 60)
    /// try layout.lineIndex(forOffset: 6)                         // 1: "world" starts line 1
    /// try layout.lineIndex(forOffset: 6, affinity: .upstream)    // 0: the end of "Hello "
    /// ```
    /// - Throws: `TextRangeError.offsetOutOfBounds` outside 0...utf16Count.
    public func lineIndex(forOffset offset: Int, affinity: TextAffinity = .downstream) throws -> Int {
        try checkOffset(offset)
        return lineIndex(containing: offset, affinity: affinity)
    }

    /// The line under `y` (points from the layout's top): the last line whose box starts at or above it,
    /// so the spacing below a line belongs to it (TextKit's line fragments); above the first line, 0; below
    /// the last, the last (R3). A NaN `y` answers 0. O(log lines).
    ///
    /// ```swift
    /// let font = try Font(family: "Noto Sans", size: 17)
    /// let layout = try PreparedText("one two three", font: font).layout(width: 40)
    /// layout.lineIndex(at: -10)                       // 0
    /// layout.lineIndex(at: layout.size.height + 50)   // layout.lineCount - 1
    /// ```
    public func lineIndex(at y: CGFloat) -> Int {
        guard lineCount > 1, !y.isNaN else { return 0 }
        let after = partitionPoint(from: 1, to: lineCount) { lineTop($0) > y }
        return after - 1
    }

    /// The caret for `offset`: a zero-width rect at the caret's x, as tall as its line's box (R2, R3). An
    /// offset inside a grapheme cluster (a surrogate pair, a base and its marks, an emoji sequence) has its
    /// caret at the cluster's start (R6); one the layout does not show (cut by truncation) at the visible
    /// text's end, beside the ellipsis (R5).
    ///
    /// ```swift
    /// let font = try Font(family: "Noto Sans", size: 17)
    /// let layout = try PreparedText("abc", font: font).layout(width: 100)
    /// try layout.caretRect(for: 0).minX    // 0
    /// try layout.caretRect(for: 3).minX    // the line's width
    /// ```
    /// - Parameters:
    ///   - offset: UTF-16 offset, 0...utf16Count.
    ///   - affinity: at a soft-wrapped line's end, which line the caret is drawn on.
    /// - Throws: `TextRangeError.offsetOutOfBounds`.
    public func caretRect(for offset: Int, affinity: TextAffinity = .downstream) throws -> CGRect {
        try checkOffset(offset)
        guard lineCount > 0 else { return CGRect(x: 0, y: 0, width: 0, height: lineHeight) }
        let offset = clusterStart(offset)
        let index = lineIndex(containing: offset, affinity: affinity)
        let line = lines[index]
        let x = LineCarets(line: line).x(forOffset: offset)
        return CGRect(x: line.rect.minX + Units.points(x), y: line.rect.minY, width: 0, height: line.rect.height)
    }

    /// The caret position nearest to `point` anywhere in the layout (UIKit's `closestPosition(to:)`, R3):
    /// the line under `point.y` (above the first line, the first; below the last, the last), then the
    /// grapheme cluster under `point.x` and its nearer edge; left or right of the line, its nearest end.
    /// At a soft-wrapped line's end the answer is `.upstream`, so the caret stays on that line. On an
    /// ellipsis, where the visible text stops (R5). A NaN coordinate counts as 0 (R7).
    ///
    /// ```swift
    /// let font = try Font(family: "Noto Sans", size: 17)
    /// let layout = try PreparedText("Hello world", font: font).layout(width: 60)
    /// layout.closestPosition(to: CGPoint(x: 2, y: 30)).offset   // 6: the start of "world"
    /// ```
    public func closestPosition(to point: CGPoint) -> TextPosition {
        guard lineCount > 0 else { return TextPosition(offset: 0) }
        let index = lineIndex(at: point.y)
        let line = lines[index]
        let x = point.x.isNaN ? 0 : point.x - line.rect.minX
        let units = Int((min(max(Double(x), -1e9), 1e9) * Double(Units.perPoint)).rounded())
        let offset = LineCarets(line: line).offset(atX: units)
        let endsLine = offset == line.range.upperBound && index + 1 < lineCount && lines.records[index + 1].start == offset
        return TextPosition(offset: offset, affinity: endsLine ? .upstream : .downstream)
    }

    /// The UTF-16 offset of the caret position nearest to `point`: `closestPosition(to:).offset` (R3).
    ///
    /// ```swift
    /// let font = try Font(family: "Noto Sans", size: 17)
    /// let layout = try PreparedText("abc", font: font).layout(width: 100)
    /// layout.offset(at: CGPoint(x: -5, y: 5))   // 0
    /// ```
    public func offset(at point: CGPoint) -> Int { closestPosition(to: point).offset }

    /// The rects a selection of `range` covers (UIKit's `selectionRects(for:)`, R1): per line, one rect per
    /// stretch of adjacent glyphs the range holds, left to right, so a range that bidirectional reordering
    /// splits gives several. The range grows to whole grapheme clusters (R6); hanging whitespace it holds
    /// is past the line's drawn end in the paragraph's direction (R2); hidden text it holds selects the
    /// ellipsis (R5). An empty range has no rects (its caret: `caretRect(for:)`).
    ///
    /// ```swift
    /// let font = try Font(family: "Noto Sans", size: 17)
    /// let layout = try PreparedText("Hello שלום world", font: font).layout(width: 300)
    /// try layout.rects(for: 3..<9).count   // 2: "lo " on the left, "שלו" at the right end of the Hebrew
    /// ```
    /// - Throws: `TextRangeError.rangeOutOfBounds` when the range leaves 0...utf16Count.
    /// - Complexity: O(log lines + the length of the lines the range touches).
    public func rects(for range: Range<Int>) throws -> [SelectionRect] {
        let length = preparedText.utf16Count
        guard range.lowerBound >= 0, range.upperBound <= length else {
            throw TextRangeError.rangeOutOfBounds(start: range.lowerBound, end: range.upperBound, length: length)
        }
        guard !range.isEmpty, lineCount > 0 else { return [] }
        let start = clusterStart(range.lowerBound)
        let end = clusterEnd(range.upperBound)
        let first = lineIndex(containing: start, affinity: .downstream)
        let last = max(first, lineIndex(containing: end, affinity: .upstream))
        var result: [SelectionRect] = []
        for index in first...last {
            let line = lines[index]
            let spans = Self.spans(LineCarets(line: line), line: line, start..<end, textLength: length)
            for span in spans {
                result.append(
                    SelectionRect(
                        rect: CGRect(
                            x: line.rect.minX + Units.points(span.x), y: line.rect.minY,
                            width: Units.points(span.width), height: line.rect.height),
                        range: span.range, lineIndex: index,
                        writingDirection: span.isRightToLeft ? .rightToLeft : .leftToRight,
                        containsStart: span.range.contains(start), containsEnd: span.range.upperBound == end))
            }
        }
        return result
    }

    /// The word around `offset` (UIKit's tokenizer `rangeEnclosingPosition(_:with: .word, …)`, a
    /// double-tap): ICU's UAX #29 word segment holding it (R9). A caret right after a word, on the space
    /// or punctuation that follows, selects that word; elsewhere a run of spaces or punctuation is its own
    /// segment. The empty text answers 0..<0.
    ///
    /// ```swift
    /// let font = try Font(family: "Noto Sans", size: 17)
    /// let layout = try PreparedText("Hello, world", font: font).layout(width: 200)
    /// try layout.wordRange(at: 8)   // 7..<12: "world"
    /// try layout.wordRange(at: 5)   // 0..<5: "Hello", the caret just after it
    /// ```
    /// - Throws: `TextRangeError.offsetOutOfBounds` outside 0...utf16Count.
    public func wordRange(at offset: Int) throws -> Range<Int> {
        try checkOffset(offset)
        let units = preparedText.units
        return units.withUnsafeBufferPointer { text -> Range<Int> in
            guard let here = ICUWords.segment(text, at: offset) else { return offset..<offset }
            if !here.isWord, here.range.lowerBound == offset, offset > 0,
                let before = ICUWords.segment(text, at: offset - 1), before.isWord
            {
                return before.range
            }
            return here.range
        }
    }

    /// Line `index`'s metrics and boxes (R8).
    ///
    /// ```swift
    /// let font = try Font(family: "Noto Sans", size: 17)
    /// let layout = try PreparedText("Hello", font: font).layout(width: 100)
    /// try layout.lineMetrics(at: 0).ascent == font.ascender   // true
    /// ```
    /// - Throws: `TextRangeError.lineIndexOutOfBounds` outside 0..<lineCount.
    public func lineMetrics(at index: Int) throws -> LineMetrics {
        guard index >= 0, index < lineCount else {
            throw TextRangeError.lineIndexOutOfBounds(index: index, lineCount: lineCount)
        }
        let line = lines[index]
        let vertical = preparedText.verticalMetrics(ofLine: line.range, includesLeading: true)
        let carets = LineCarets(line: line)
        let left = carets.pieces.map(\.x).min() ?? 0
        let right = carets.pieces.map { $0.x + $0.width }.max() ?? 0
        let used = CGRect(
            x: line.rect.minX + Units.points(left), y: line.rect.minY,
            width: Units.points(right - left), height: line.rect.height)
        return LineMetrics(
            range: line.range, ascent: vertical.ascent, descent: vertical.descent,
            leading: vertical.leading, baseline: line.baseline, rect: line.rect, usedRect: used)
    }
}

extension TextLayout {
    func checkOffset(_ offset: Int) throws {
        let length = preparedText.utf16Count
        guard offset >= 0, offset <= length else { throw TextRangeError.offsetOutOfBounds(offset: offset, length: length) }
    }

    func lineTop(_ index: Int) -> CGFloat {
        if let geometry = lines.geometry { return geometry.lines[index].y }
        return CGFloat(index) * lineHeight
    }

    /// The line of a caret at `offset` (0...utf16Count) with `affinity`: see `lineIndex(forOffset:affinity:)`.
    func lineIndex(containing offset: Int, affinity: TextAffinity) -> Int {
        let records = lines.records
        let index = max(0, partitionPoint(from: 0, to: records.count) { records[$0].start > offset } - 1)
        if affinity == .upstream, index > 0, records[index].start == offset, records[index - 1].end == offset {
            return index - 1
        }
        return index
    }

    /// The start of the grapheme cluster holding `offset` (itself on a boundary).
    func clusterStart(_ offset: Int) -> Int {
        let graphemes = preparedText.graphemes
        let index = preparedText.graphemeIndex(atOrAfter: offset)
        if index < graphemes.count, Int(graphemes[index]) == offset { return offset }
        return index > 0 ? Int(graphemes[index - 1]) : 0
    }

    /// The end of the grapheme cluster holding `offset` (itself on a boundary, or the text's end).
    func clusterEnd(_ offset: Int) -> Int {
        let graphemes = preparedText.graphemes
        let index = preparedText.graphemeIndex(atOrAfter: offset)
        return index < graphemes.count ? Int(graphemes[index]) : preparedText.utf16Count
    }

    struct Span {
        var x: Int
        var width: Int
        var range: Range<Int>
        var isRightToLeft: Bool
    }

    /// The x spans of `range` on one line, in 1/1024 pt from its left edge, left to right, neighbours that
    /// touch merged (as `pango_layout_line_get_x_ranges` does).
    static func spans(_ carets: LineCarets, line: TextLine, _ range: Range<Int>, textLength: Int) -> [Span] {
        var spans: [Span] = []
        for piece in carets.pieces {
            var span: Span
            if piece.isEllipsis {
                // The ellipsis stands for the hidden text (R5).
                let hidden: Range<Int>
                switch line.ellipsis {
                case .head?: hidden = line.range.lowerBound..<line.visible.lowerBound
                case .middle?: hidden = line.visible.upperBound..<line.suffix.lowerBound
                default: hidden = line.visible.upperBound..<max(line.visible.upperBound, textLength)
                }
                guard hidden.overlaps(range) else { continue }
                span = Span(
                    x: piece.x, width: piece.width, range: hidden.clamped(to: range), isRightToLeft: piece.isRightToLeft)
            } else {
                let covered = piece.range.clamped(to: range)
                guard !covered.isEmpty else { continue }
                // Both ends are cluster boundaries (the range was grown to them, R6).
                let advances = carets.advances(in: piece, at: covered.lowerBound, covered.upperBound)
                let a = piece.x(ofAdvance: advances.0)
                let b = piece.x(ofAdvance: advances.1)
                span = Span(x: min(a, b), width: abs(b - a), range: covered, isRightToLeft: piece.isRightToLeft)
            }
            if let last = spans.last, last.x + last.width == span.x {
                spans[spans.count - 1].width += span.width
                spans[spans.count - 1].range =
                    min(last.range.lowerBound, span.range.lowerBound)..<max(last.range.upperBound, span.range.upperBound)
            } else {
                spans.append(span)
            }
        }
        return spans
    }
}
