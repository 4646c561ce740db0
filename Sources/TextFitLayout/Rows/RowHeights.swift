import Foundation

/// Heights of self-sizing list rows at a width, from a row template (rules C1–C3, L2, L6).
///
/// Each row is a label pinned inside the row by the template's insets (C2); its height is the label's
/// `sizeThatFits` height at the row's content width (lines × the font's line height, rounded up to the
/// pixel grid) plus the vertical insets (and a 1/scale separator when asked).
///
/// ```swift
/// let feed = RowTemplate(font: try .systemFont(ofSize: 15), insets: EdgeInsets(all: 10), numberOfLines: 0)
/// let rows = RowHeights(template: feed)                       // with a fresh RowHeightCache
/// let heights = try rows.heights(for: texts, width: 375)     // parallel, in input order
/// rows.cache?.statistics                                      // hits / misses
/// ```
///
/// Many rows are measured in parallel across the cores (`TextBatch.map`: TextFit's worker pool, ranges
/// of about equal text length), each result written to its own slot, so the output is in input order and
/// equal to measuring one by one.
public struct RowHeights: Sendable {
    /// How every row lays out its text.
    public let template: RowTemplate
    /// The height cache, if any; share one between `RowHeights` values to share heights.
    public let cache: RowHeightCache?

    /// Row heights for `template`.
    /// - Parameters:
    ///   - template: label style, insets, line limit, scale.
    ///   - cache: where heights are kept across calls (default: a new cache; `nil` = measure every time).
    public init(template: RowTemplate, cache: RowHeightCache? = RowHeightCache()) {
        self.template = template
        self.cache = cache
        self.cell = nil
    }

    /// The cell template rows are sized with, when made by `init(cell:cache:)`.
    public let cell: CellTemplate?

    /// Row heights of cells laid out with frames: each row's height is what one `CellNode.sizeThatFits`
    /// at the row width gives, `Row.text` in the title and `Row.detail` in the detail label (C3, frame
    /// mode), computed by the same arithmetic without building the tree.
    ///
    /// ```swift
    /// let rows = RowHeights(cell: CellTemplate(titleFont: font, imageSize: CGSize(width: 40, height: 40)))
    /// try rows.heights(for: [Row(text: "Title", detail: "Detail")], width: 375)
    /// ```
    /// `template` is then the title's label template (title font and line limit, the cell's margins).
    public init(cell: CellTemplate, cache: RowHeightCache? = RowHeightCache()) {
        self.template = RowTemplate(
            font: cell.titleFont, insets: cell.layoutMargins,
            numberOfLines: cell.titleNumberOfLines, scale: cell.scale,
            includesSeparator: cell.includesSeparator)
        self.cache = cache
        self.cell = cell
    }

    /// The height of one row of text at a row width.
    /// - Throws: as `heights(for:width:)`.
    public func height(for text: String, width: CGFloat) throws -> CGFloat {
        try height(for: Row(text: text), width: width)
    }

    /// The height of one row at a row width, from the cache when it holds it.
    /// - Parameters:
    ///   - row: its text and optional caller key.
    ///   - width: the row's width (the table width minus any accessory, C3); infinite = unbounded lines.
    /// - Returns: the label's height (L2) + top and bottom insets (+ separator), on the pixel grid.
    /// - Throws: `MeasureError.invalidWidth` (NaN or negative), `LayoutError.rowTooNarrow` (the insets
    ///   leave no room), `LayoutError.invalidInsets`, `MeasureError.invalidNumberOfLines`, `.invalidScale`,
    ///   `ParagraphStyleError` for the template's paragraph style, `StyledTextError` for a styled row's
    ///   runs (a range inside a cluster, too many styles).
    public func height(for row: Row, width: CGFloat) throws -> CGFloat {
        try template.validate()
        try cell?.validate()
        let contentWidth = try template.contentWidth(forRowWidth: width)
        return try measure(row, width: width, contentWidth: contentWidth)
    }

    /// Heights for texts at a row width, in input order (see `heights(for rows:width:)`).
    public func heights(for texts: [String], width: CGFloat) throws -> [CGFloat] {
        try heights(for: texts.map { Row(text: $0) }, width: width)
    }

    /// Heights for many rows at a row width, measured in parallel, in input order.
    ///
    /// - Parameters:
    ///   - rows: the rows' texts and optional caller keys.
    ///   - width: the row width.
    /// - Returns: one height per row, in the order given.
    /// - Throws: the errors of `height(for:width:)`, checked once before any row is measured.
    /// - Complexity: O(total text) shaping for rows not in the cache (HarfBuzz; repeated words come from
    ///   TextFit's segment cache), spread over `TextBatch.defaultConcurrency` threads.
    public func heights(for rows: [Row], width: CGFloat) throws -> [CGFloat] {
        try template.validate()
        try cell?.validate()
        let contentWidth = try template.contentWidth(forRowWidth: width)
        // TextBatch's pool and scheduling: contiguous ranges of about equal text length, results written
        // in place. (Eight fixed chunks on `concurrentPerform` waited for Dispatch's sleeping worker on
        // every call and for the longest chunk at the end; see Benchmarks/README.md, "parallel".)
        // A cell row's detail is text to shape too: count it, or one worker gets the long details (a
        // label template ignores the detail).
        let countsDetail = cell != nil
        return try TextBatch.map(rows, cost: { $0.text.utf8.count &+ (countsDetail ? $0.detail?.utf8.count ?? 0 : 0) }) {
            row in
            try measure(row, width: width, contentWidth: contentWidth)
        }.map { try $0.get() }
    }

    private func measure(_ row: Row, width: CGFloat, contentWidth: CGFloat) throws -> CGFloat {
        let key = RowHeightCache.Key(identity: row.identity, width: width, template: template, cell: cell)
        if let cached = cache?.height(for: key) { return cached }
        if let cell {
            // The arithmetic of CellNode's layout with the labels measured directly: a tree per row (six
            // objects, two label boxes and their locks) cost as much as the text work (issue 41).
            let height = try cell.rowHeight(for: row, width: width)
            cache?.store(height, for: key)
            return height
        }
        let prepared = try template.prepare(row.text, attributed: row.attributedText)  // shaping: outside any lock
        let height = try template.rowHeight(for: prepared, contentWidth: contentWidth)
        cache?.store(height, for: key)
        return height
    }
}
