import TextFit

/// A case's `textStyle` and `contentSizeCategory` (the command-line contract in architecture.md, rules
/// DT1–DT3): the size, weight and leading come from the Dynamic Type table instead of `size`. The leading
/// becomes the lines' height (`paragraph.minimumLineHeight` and `maximumLineHeight`, unless the case's
/// paragraph sets either), so such a result reports line boxes as a paragraph case does.
extension MeasureCase {
    static let dynamicTypeFields = ["textStyle", "contentSizeCategory"]

    mutating func applyDynamicType(_ json: JSONValue) throws {
        let styleName = try Self.optionalString(json, "textStyle")
        let categoryName = try Self.optionalString(json, "contentSizeCategory")
        guard styleName != nil || categoryName != nil else { return }
        guard let styleName else {
            throw CaseError(
                message:
                    "field 'contentSizeCategory' needs 'textStyle' (body, headline, caption1, …): a category scales a text style"
            )
        }
        if json["size"] != nil, json["size"] != .null {
            throw CaseError(
                message:
                    "fields 'size' and 'textStyle' both given: the text style's size comes from the Dynamic Type table; drop 'size'"
            )
        }
        let style: Font.TextStyle
        let category: ContentSizeCategory
        do {
            style = try Font.TextStyle(name: styleName)
            category = try categoryName.map { try ContentSizeCategory(name: $0) } ?? .large
        } catch let error as DynamicTypeError {
            let field = if case .unknownTextStyle = error { "textStyle" } else { "contentSizeCategory" }
            throw CaseError(message: "field '\(field)': \(error)")
        }
        size = Double(style.pointSize(for: category))
        if face.weight == nil { face.weight = style.weight }
        var paragraph = try self.paragraph ?? ParagraphCase(json: .object([]))
        if paragraph.style.minimumLineHeight == 0 && paragraph.style.maximumLineHeight == 0 {
            paragraph.style.minimumLineHeight = style.leading(for: category)
            paragraph.style.maximumLineHeight = style.leading(for: category)
        }
        self.paragraph = paragraph
    }
}
