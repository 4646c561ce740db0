import Foundation

/// Which line a caret offset belongs to where two lines meet: a soft-wrapped line's end and the next
/// line's start are the same offset (UIKit's `UITextStorageDirection` on `UITextPosition`,
/// `NSSelectionAffinity` in AppKit). Rule R3.
public enum TextAffinity: String, Sendable, Equatable, Hashable {
    /// The caret sits at the start of the next line (the default, as UIKit's).
    case downstream
    /// The caret sits at the end of the line before (a tap right of a wrapped line).
    case upstream
}

/// A caret position: a UTF-16 offset and, where two lines meet, which of them it is drawn on (R3).
///
/// ```swift
/// let font = try Font(family: "Noto Sans", size: 17)
/// let layout = try PreparedText("Hello world", font: font).layout(width: 60)
/// let position = layout.closestPosition(to: CGPoint(x: 500, y: 5))  // right of line 0
/// position.offset     // 6: after "Hello ", the end of the first line
/// position.affinity   // .upstream: drawn at the end of line 0, not the start of line 1
/// ```
public struct TextPosition: Sendable, Equatable, Hashable {
    /// UTF-16 offset into the source text, on a grapheme cluster boundary.
    public var offset: Int
    /// Which line the caret is on when `offset` ends one line and starts the next.
    public var affinity: TextAffinity

    public init(offset: Int, affinity: TextAffinity = .downstream) {
        self.offset = offset
        self.affinity = affinity
    }
}

/// One rect of a selection: a stretch of one line that a range covers, as UIKit's `UITextSelectionRect`.
/// A range gives one per line, or more where bidirectional text splits it (rule R1).
public struct SelectionRect: Sendable, Equatable {
    /// In the layout's coordinates: the covered x span, the line box's top and height.
    public let rect: CGRect
    /// The source text the rect covers (UTF-16, end exclusive).
    public let range: Range<Int>
    /// The line the rect is on.
    public let lineIndex: Int
    /// The direction of the run the rect starts in (its leftmost piece).
    public let writingDirection: WritingDirection
    /// The rect holds the range's start / end (UIKit's `containsStart`, `containsEnd`).
    public let containsStart: Bool
    public let containsEnd: Bool
}

/// One line's vertical metrics and boxes, in the layout's coordinates (TextKit's line fragment rect and
/// used rect, `UIFont`'s ascender, descender and leading). Rule R8.
///
/// ```swift
/// let font = try Font(family: "Noto Sans", size: 17)
/// let layout = try PreparedText("Hello", font: font).layout(width: 100)
/// let metrics = try layout.lineMetrics(at: 0)
/// metrics.baseline == metrics.rect.minY + metrics.ascent   // true for plain text
/// ```
public struct LineMetrics: Sendable, Equatable {
    /// The line's source range (`TextLine.range`).
    public let range: Range<Int>
    /// Height above the baseline: the font's ascender, or a styled line's tallest (F2, S6); positive.
    public let ascent: CGFloat
    /// Depth below the baseline, positive (the font's descender negated, or a styled line's deepest).
    public let descent: CGFloat
    /// The font's line gap (F3), or a styled line's largest.
    public let leading: CGFloat
    /// Distance from the layout's top to the line's baseline.
    public let baseline: CGFloat
    /// The line box (`TextLine.rect`): its place after alignment, the drawn width (W4), the line height.
    public let rect: CGRect
    /// What the line's text uses of it: the drawn text and its hanging whitespace (which lies past the
    /// drawn text in the paragraph's direction, R2), the line box's height.
    public let usedRect: CGRect
}

/// Why a range or offset question about a layout was refused (rules R6, R7). Each message says what a
/// valid value is.
public enum TextRangeError: TextFitError, Equatable, Sendable {
    /// An offset must lie in 0...length (UTF-16 units).
    case offsetOutOfBounds(offset: Int, length: Int)
    /// A range must lie in 0...length.
    case rangeOutOfBounds(start: Int, end: Int, length: Int)
    /// A range's start must not be after its end (the command line's `[start, end]`).
    case reversedRange(start: Int, end: Int)
    /// A point's coordinates must be finite numbers.
    case invalidPoint(x: Double, y: Double)
    /// A line index must lie in 0..<lineCount.
    case lineIndexOutOfBounds(index: Int, lineCount: Int)

    public var description: String {
        switch self {
        case .offsetOutOfBounds(let offset, let length):
            return "offset \(offset) is outside the text: use a UTF-16 offset from 0 to \(length)"
        case .rangeOutOfBounds(let start, let end, let length):
            return "range [\(start), \(end)] is outside the text: use UTF-16 offsets from 0 to \(length)"
        case .reversedRange(let start, let end):
            return "range [\(start), \(end)] is reversed: give the start first ([\(end), \(start)])"
        case .invalidPoint(let x, let y):
            return "point [\(x), \(y)] is not finite: use two finite numbers (points from the layout's top left)"
        case .lineIndexOutOfBounds(let index, let count):
            return "line \(index) does not exist: use an index from 0 to \(count - 1)"
        }
    }
}
