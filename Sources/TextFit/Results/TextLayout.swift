import Foundation

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
    // Set only by `layout` (`PreparedText+Layout`), which builds the lines in place: read-only to callers.
    public internal(set) var lines: TextLines
    /// The font's line height (rule F3/W7); every line uses it, fallback fonts do not change it (F6).
    public var lineHeight: CGFloat { lines.lineHeight }
    /// Some source text is not shown: lines beyond `numberOfLines`, a truncated or clipped last line.
    public internal(set) var isTruncated: Bool

    public var lineCount: Int { lines.count }

    /// Widest line without hanging whitespace × total line height; fractional (rule B5); never below 0
    /// (K1: a line a negative kern takes below 0 is 0 wide).
    public var size: CGSize {
        if let geometry = lines.geometry { return geometry.size }  // a paragraph style's (P4–P7)
        // The widest width the records kept as lines arrived: no `TextLine` made, no walk over the lines
        // (relayout reads it once per width).
        return CGSize(
            width: Units.points(lines.records.widest),
            height: CGFloat(lines.count) * lineHeight)
    }

    /// Widest line including hanging whitespace × total height (what `boundingRect` reports, B6).
    public var sizeIncludingTrailingWhitespace: CGSize {
        if let geometry = lines.geometry { return geometry.sizeIncludingTrailingWhitespace }
        return CGSize(
            width: Units.points(lines.records.widestWithWhitespace),
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
    var records: LineRecords
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
        return TextLine(
            range: line.start..<line.end, width: width,
            widthIncludingTrailingWhitespace: Units.points(line.widthWithWhitespace),
            baseline: top + ascender,
            rect: CGRect(x: 0, y: top, width: width, height: lineHeight),
            ellipsis: line.ellipsis, isTruncated: line.isCut, preparedText: preparedText,
            visible: line.visible, suffix: line.suffix)
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
    init(
        records: LineRecords, preparedText: PreparedText, lineHeight: CGFloat, ascender: CGFloat,
        geometry: ParagraphGeometry
    ) {
        self.init(records: records, preparedText: preparedText, lineHeight: lineHeight, ascender: ascender)
        self.geometry = geometry
    }
}
