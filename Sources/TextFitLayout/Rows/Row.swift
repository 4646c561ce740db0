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
public struct Row: Sendable, Hashable {
    public var text: String
    public var key: String?
    /// The detail label's text, for rows sized from a `CellTemplate` (label templates ignore it).
    public var detail: String?

    public init(text: String, key: String? = nil) {
        self.text = text
        self.key = key
    }

    /// A cell row: `text` in the title label, `detail` in the detail label.
    public init(text: String, detail: String?, key: String? = nil) {
        self.init(text: text, key: key)
        self.detail = detail
    }

    /// What the cache keys the row by.
    var identity: RowIdentity {
        if let key { return .key(key) }
        if let detail { return .titleAndDetail(text, detail) }
        return .content(text)
    }
}

/// A row's cache identity: the caller's key or the content.
enum RowIdentity: Sendable, Hashable {
    case key(String)
    case content(String)
    case titleAndDetail(String, String)
}
