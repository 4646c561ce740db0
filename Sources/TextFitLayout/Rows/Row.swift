/// One row's content, with an optional key of the caller's.
///
/// The height cache keys a row by `key` when given, else by `text` itself (C5). Keys never depend on
/// the row's position, so inserting, deleting or moving rows never returns another row's height. A caller
/// key must change whenever the text does — use the model id plus a version (C5) — or invalidate it with
/// `RowHeightCache.invalidate(key:)`.
///
/// ```swift
/// let rows = articles.map { Row(text: $0.headline, key: "\($0.id)#\($0.revision)") }
/// ```
/// A row may carry styled text, as `UITableViewCell.textLabel?.attributedText`: its runs' fonts, kern,
/// offsets and attachments are measured (S1–S6), and without a caller key the styling is part of the
/// cache key, so two rows with one string in different runs never share a height.
public struct Row: Sendable, Hashable {
    /// The text (`attributedText`'s string when that is set).
    public var text: String {
        // Setting `text` drops the attributes, as a label's does.
        didSet { if text != attributedText?.string { attributedText = nil } }
    }
    /// The caller's identity for the row (model id plus a version); `nil` keys the row by its content.
    public var key: String?
    /// The detail label's text, for rows sized from a `CellTemplate` (label templates ignore it).
    public var detail: String? {
        didSet { if detail != detailAttributedText?.string { detailAttributedText = nil } }
    }
    /// The title's styled text; ranges without a font take the template's font (as a label's `font`).
    /// Setting it sets `text` to its string.
    public var attributedText: StyledText? {
        didSet { if let attributedText, attributedText.string != text { text = attributedText.string } }
    }
    /// The detail label's styled text (cell rows); setting it sets `detail` to its string.
    public var detailAttributedText: StyledText? {
        didSet {
            if let detailAttributedText, detailAttributedText.string != detail { detail = detailAttributedText.string }
        }
    }

    /// A row of plain text, keyed by `key` when given, else by the text.
    public init(text: String, key: String? = nil) {
        self.text = text
        self.key = key
    }

    /// A cell row: `text` in the title label, `detail` in the detail label.
    public init(text: String, detail: String?, key: String? = nil) {
        self.init(text: text, key: key)
        self.detail = detail
    }

    /// A row of styled text, laid out like a label's `attributedText` (S1–S7).
    ///
    /// ```swift
    /// var headline = try StyledText("Breaking ", attributes: TextAttributes(font: bold), font: body)
    /// headline.append("rates held at 4%")
    /// try RowHeights(template: feed).height(for: Row(attributedText: headline), width: 375)
    /// ```
    public init(attributedText: StyledText, detail: String? = nil, key: String? = nil) {
        self.init(text: attributedText.string, detail: detail, key: key)
        self.attributedText = attributedText
    }

    /// A cell row whose title and detail are both styled (`detailTextLabel?.attributedText`).
    public init(attributedText: StyledText, detailAttributedText: StyledText?, key: String? = nil) {
        self.init(text: attributedText.string, detail: detailAttributedText?.string, key: key)
        self.attributedText = attributedText
        self.detailAttributedText = detailAttributedText
    }

    /// What the cache keys the row by.
    var identity: RowIdentity {
        if let key { return .key(key) }
        if attributedText != nil || detailAttributedText != nil {
            return .styled(title: text, titleStyle: attributedText, detail: detail, detailStyle: detailAttributedText)
        }
        if let detail { return .titleAndDetail(text, detail) }
        return .content(text)
    }
}

/// A row's cache identity: the caller's key or the content.
enum RowIdentity: Sendable, Hashable {
    case key(String)
    case content(String)
    case titleAndDetail(String, String)
    /// Styled text: the runs count (two rows with one string in different runs differ).
    case styled(title: String, titleStyle: StyledText?, detail: String?, detailStyle: StyledText?)
}
