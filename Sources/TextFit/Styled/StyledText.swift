import Foundation

/// Text whose ranges carry their own attributes, as an `NSAttributedString`: a bold name then a regular
/// body, a smaller date, a kerned caption, a raised footnote mark, an inline image.
///
/// Built from pieces, each appended with its attributes, and restyled by range with
/// `setAttributes(_:range:)`, where a later range wins as in Foundation. Ranges are UTF-16 offsets (end
/// exclusive), as everywhere in TextFit. Prepare it once (`PreparedText(styled:)`) and lay it out at any
/// width by arithmetic, as plain text.
///
/// ```swift
/// let body = try Font(family: "Noto Sans", size: 15)
/// let bold = try Font(family: "Noto Sans", size: 15, weight: .bold)
/// var styled = try StyledText("Ada ", attributes: TextAttributes(font: bold), font: body)
/// styled.append("wrote the first program.")
/// let prepared = try PreparedText(styled: styled)
/// try prepared.layout(width: 120).lines.map(\.text)
/// ```
///
/// Rules S1–S6 in docs/uikit-semantics.md say how runs are shaped, kerned, offset and stacked.
public struct StyledText: Sendable, Hashable {
    /// The text.
    public private(set) var string: String
    /// The text's own font: what a range whose attributes leave `font` nil is set in.
    public var font: Font
    /// The text's BCP 47 language where a run sets none (`TextAttributes.language`): picks the
    /// hyphenation dictionary (H6). nil: no dictionary hyphenation outside runs that set one.
    public var language: String?
    // The paragraph layer keeps the text's `ParagraphStyle` beside `font` here (`paragraphStyle`).

    /// The UTF-16 length of `string`.
    public private(set) var utf16Count: Int
    /// Where each run starts (ascending, the first at 0 when the text is not empty) and its attributes; a
    /// run lasts until the next one starts.
    private(set) var runStarts: [Int]
    private(set) var runAttributes: [TextAttributes]
    /// The attachments, by the UTF-16 offset of their U+FFFC.
    private(set) var attachments: [Int: TextAttachment]

    /// At most this many distinct attribute sets (with each attachment counted as one) per text.
    public static let maximumStyles = Int(UInt16.max)

    /// `string` in `attributes`, over `font` for what `attributes` leaves unset.
    /// - Throws: `StyledTextError.invalidValue` for a kern or baseline offset out of range.
    public init(_ string: String = "", attributes: TextAttributes = TextAttributes(), font: Font) throws {
        try Self.validate(attributes)
        self.string = ""
        self.font = font
        utf16Count = 0
        runStarts = []
        runAttributes = []
        attachments = [:]
        append(string, validated: attributes)
    }

    /// Appends `string` in `attributes`.
    /// - Throws: `StyledTextError.invalidValue` for a kern or baseline offset out of range.
    public mutating func append(_ string: String, attributes: TextAttributes) throws {
        try Self.validate(attributes)
        append(string, validated: attributes)
    }

    /// Appends `string` in the styled text's own attributes (its font, no kern, no offset).
    public mutating func append(_ string: String) {
        append(string, validated: TextAttributes())
    }

    /// Appends an inline box (one U+FFFC) in `attributes` (their kern applies after it, as after any
    /// character; their font does not change the line's height, the box does: rule S5).
    /// - Throws: `StyledTextError.invalidValue` for a size that is negative, not finite or ≥ 100000 pt.
    public mutating func append(_ attachment: TextAttachment, attributes: TextAttributes = TextAttributes()) throws {
        try Self.validate(attributes)
        try Self.validate(attachment)
        let offset = utf16Count
        append(String(TextAttachment.character), validated: attributes)
        attachments[offset] = attachment
    }

    private mutating func append(_ piece: String, validated attributes: TextAttributes) {
        let length = piece.utf16.count
        guard length > 0 else { return }
        if runAttributes.last != attributes {
            runStarts.append(utf16Count)
            runAttributes.append(attributes)
        }
        string += piece
        utf16Count += length
    }

    /// Gives `range` (UTF-16 offsets) `attributes`, replacing what it had (a later range wins, as
    /// `NSMutableAttributedString.setAttributes(_:range:)`). Attachments stay where they are.
    ///
    /// A range edge inside a grapheme cluster is refused when the text is prepared
    /// (`StyledTextError.rangeSplitsCluster`).
    /// - Throws: `StyledTextError.rangeOutOfBounds` for a range outside `0...utf16Count`,
    ///   `.invalidValue` for a kern or baseline offset out of range.
    public mutating func setAttributes(_ attributes: TextAttributes, range: Range<Int>) throws {
        guard range.lowerBound >= 0, range.upperBound <= utf16Count else {
            throw StyledTextError.rangeOutOfBounds(start: range.lowerBound, end: range.upperBound, utf16Count: utf16Count)
        }
        try Self.validate(attributes)
        guard !range.isEmpty else { return }
        let after = range.upperBound < utf16Count ? runIndex(containing: range.upperBound) : nil
        let afterAttributes = after.map { runAttributes[$0] }
        // Drop the runs that start inside the range (or at its end: one starts again there).
        let first = partitionPoint(from: 0, to: runStarts.count) { self.runStarts[$0] >= range.lowerBound }
        let last = partitionPoint(from: first, to: runStarts.count) { self.runStarts[$0] > range.upperBound }
        runStarts.replaceSubrange(first..<last, with: [range.lowerBound])
        runAttributes.replaceSubrange(first..<last, with: [attributes])
        if let afterAttributes {
            runStarts.insert(range.upperBound, at: first + 1)
            runAttributes.insert(afterAttributes, at: first + 1)
        }
        mergeEqualNeighbours(around: first)
    }

    /// The runs: maximal ranges of equal attributes, in order, tiling the text.
    public var runs: [(range: Range<Int>, attributes: TextAttributes)] {
        runStarts.indices.map { i in
            (runStarts[i]..<(i + 1 < runStarts.count ? runStarts[i + 1] : utf16Count), runAttributes[i])
        }
    }

    /// The attributes at UTF-16 offset `offset` (nil outside the text).
    public func attributes(at offset: Int) -> TextAttributes? {
        guard offset >= 0, offset < utf16Count, let index = runIndex(containing: offset) else { return nil }
        return runAttributes[index]
    }

    /// The attachment whose U+FFFC is at `offset`, if any.
    public func attachment(at offset: Int) -> TextAttachment? { attachments[offset] }

    private func runIndex(containing offset: Int) -> Int? {
        let next = partitionPoint(from: 0, to: runStarts.count) { self.runStarts[$0] > offset }
        return next > 0 ? next - 1 : nil
    }

    private mutating func mergeEqualNeighbours(around index: Int) {
        var i = min(index + 1, runStarts.count - 1)
        let low = max(index - 1, 0)
        while i > low {
            if runAttributes[i] == runAttributes[i - 1] {
                runStarts.remove(at: i)
                runAttributes.remove(at: i)
            }
            i -= 1
        }
    }

    /// Kern and baseline offsets must be finite and under 100000 pt in size (a font's size limit).
    static func validate(_ attributes: TextAttributes) throws {
        if let kern = attributes.kern { try check(kern, field: "kern", allowsNegative: true) }
        if let tracking = attributes.tracking { try check(tracking, field: "tracking", allowsNegative: true) }
        if let offset = attributes.baselineOffset { try check(offset, field: "baselineOffset", allowsNegative: true) }
    }

    static func validate(_ attachment: TextAttachment) throws {
        try check(attachment.width, field: "attachment.width", allowsNegative: false)
        try check(attachment.height, field: "attachment.height", allowsNegative: false)
        try check(attachment.baselineOffset, field: "attachment.baselineOffset", allowsNegative: true)
    }

    private static func check(_ value: CGFloat, field: String, allowsNegative: Bool) throws {
        let limit =
            allowsNegative
            ? "a finite number of points between -100000 and 100000"
            : "a number of points >= 0 and < 100000"
        guard value.isFinite, value < 100_000, allowsNegative ? value > -100_000 : value >= 0 else {
            throw StyledTextError.invalidValue(field: field, value: Double(value), limit: limit)
        }
    }

    public static func == (lhs: StyledText, rhs: StyledText) -> Bool {
        lhs.string == rhs.string && lhs.font == rhs.font && lhs.runStarts == rhs.runStarts
            && lhs.runAttributes == rhs.runAttributes && lhs.attachments == rhs.attachments
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(string)
        hasher.combine(font)
        hasher.combine(runStarts)
        hasher.combine(runAttributes)
    }
}
