// Lines compare by what they hold, as values: two layouts of equal text with equal lines are equal even
// when laid out from two `PreparedText` objects (the same string prepared twice), as `Array` compares.

extension TextLine {
    public static func == (lhs: TextLine, rhs: TextLine) -> Bool {
        lhs.range == rhs.range && lhs.width == rhs.width
            && lhs.widthIncludingTrailingWhitespace == rhs.widthIncludingTrailingWhitespace
            && lhs.baseline == rhs.baseline && lhs.rect == rhs.rect && lhs.ellipsis == rhs.ellipsis
            && lhs.isTruncated == rhs.isTruncated && lhs.visible == rhs.visible && lhs.suffix == rhs.suffix
            && lhs.source == rhs.source
    }
}

extension TextLines {
    public static func == (lhs: TextLines, rhs: TextLines) -> Bool {
        lhs.records == rhs.records && lhs.lineHeight == rhs.lineHeight && lhs.ascender == rhs.ascender
            && lhs.geometry == rhs.geometry && lhs.source == rhs.source
    }

    /// The source's UTF-16 units.
    var source: StoredArray<UInt16> { preparedText.units }
}
