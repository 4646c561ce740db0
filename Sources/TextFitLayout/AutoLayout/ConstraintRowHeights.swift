import Foundation

/// A cell laid out with constraints, as `ConstraintRowHeights` sizes it: its content view, and how a row's
/// data goes into its labels (FDTemplateLayoutCell's `configuration` block).
public protocol ConstraintCell: AnyObject {
    /// The root of the cell's constraints; its width is set by the table, its height found (AL7).
    var contentView: LayoutNode { get }
    /// Puts the row's data into the cell's nodes (texts, images' sizes).
    func configure(with row: Row) throws
}

/// Row heights of a constraint-based cell, as `UITableView` sizes self-sizing cells: the template cell is
/// configured with each row, `systemLayoutSizeFitting` runs at the row width (required) with the height
/// compressed (`fittingSizeLevel`), and the separator is added (rules AL7, C3); heights go through a
/// `RowHeightCache` keyed by the row's identity, the width and the template's identifier (C5, C6).
///
/// ```swift
/// final class FeedCell: ConstraintCell {
///     let contentView = LayoutNode(name: "contentView")
///     let label: LabelNode
///     init() throws {
///         label = LabelNode(font: try .systemFont(ofSize: 15), numberOfLines: 0)
///         try contentView.addSubview(label)
///         try label.makeConstraints { $0.edges.equalTo(self.contentView).inset(10) }
///     }
///     func configure(with row: Row) { label.text = row.text }
/// }
/// let rows = ConstraintRowHeights(identifier: "feed", template: try FeedCell(), separatorHeight: 0.5)
/// let heights = try rows.heights(for: texts.map { Row(text: $0) }, width: 375)
/// ```
/// One template serves every row, one row at a time (a lock keeps calls from several threads apart),
/// as UIKit's template cell does on the main thread. Its constraint system is built once and kept while
/// the cell's structure (nodes, constraints, constants, priorities, fonts, margins) stays the same: a row
/// then only re-measures the labels and moves their hugging and resistance constants in place.
public final class ConstraintRowHeights: @unchecked Sendable {
    /// Names the template in the cache: give different cells different identifiers.
    public let identifier: String
    public let cache: RowHeightCache?
    /// Added below the content view (UITableView's separator, 1 / scale pt; 0 for none).
    public let separatorHeight: CGFloat
    private let template: ConstraintCell
    private let lock = NSLock()
    /// The template's system, kept between rows while its shape stays the same (UIKit's engine keeps its
    /// tableau too): a new row only re-measures the labels and moves their constants (AL1, AL9, AL12).
    private var engine: AutoLayoutEngine?
    private var shape: AutoLayoutShape?
    /// Tells between rows, without reading the whole shape, that it did not change (AL12).
    private var check: AutoLayoutShape.Check?

    /// - Parameters:
    ///   - identifier: the template's name in the cache (like a reuse identifier).
    ///   - template: the cell; `configure(with:)` is called for every row measured.
    ///   - separatorHeight: added to each height (default 0).
    ///   - cache: where heights are kept (`nil` = measure every time).
    public init(
        identifier: String, template: ConstraintCell, separatorHeight: CGFloat = 0,
        cache: RowHeightCache? = RowHeightCache()
    ) {
        self.identifier = identifier
        self.template = template
        self.separatorHeight = separatorHeight
        self.cache = cache
    }

    /// The height of one row at a row width, from the cache when it holds it.
    /// - Throws: `MeasureError.invalidWidth` for a NaN, infinite or negative width; what `configure` throws;
    ///   `AutoLayoutError` from the cell's constraints.
    public func height(for row: Row, width: CGFloat) throws -> CGFloat {
        guard width.isFinite, width >= 0 else { throw MeasureError.invalidWidth(Double(width)) }
        let key = RowHeightCache.Key(identity: row.identity, width: width, template: nil, constraintCell: identifier)
        if let cached = cache?.height(for: key) { return cached }
        lock.lock()
        defer { lock.unlock() }
        try template.configure(with: row)
        let height = try fittedHeight(width: width) + separatorHeight
        cache?.store(height, for: key)
        return height
    }

    /// Heights for many rows at one width, in input order.
    /// - Throws: as `height(for:width:)`, at the first row that fails.
    public func heights(for rows: [Row], width: CGFloat) throws -> [CGFloat] {
        try rows.map { try height(for: $0, width: width) }
    }

    /// The content view's fitted height: the kept system when the shape is unchanged, else a new one; a
    /// width the system could not take exactly (a required width elsewhere) goes through
    /// `systemLayoutSizeFitting`, whose required fitting width reports the conflict.
    private func fittedHeight(width: CGFloat) throws -> CGFloat {
        let content = template.contentView
        let size = AutoLayoutEngine.RootSize.editableWidth(width)
        // The shape is read in full only when the check cannot vouch for it (the first row, a change).
        let current: AutoLayoutShape, tree: AutoLayoutShape.Tree, unchanged: Bool
        if let shape, let check, check.holds(for: content) {
            (current, tree, unchanged) = (shape, check.tree, true)
        } else {
            (current, tree) = AutoLayoutShape.read(content, size: size)
            unchanged = current == shape
            check = nil
        }
        // Taken, not copied (a copy would make the first change copy the tableau); dropped if anything
        // below throws. Passed on with `take()` too: a `let` handed to the consuming parameter stayed alive
        // beside it, and the refresh's first change copied the whole tableau (3.5 k instructions a row).
        var kept = engine.take()
        if !unchanged { kept = nil }
        do {
            // Solved straight into the stored property: a local copy would cost a copy of every field.
            engine = try AutoLayoutEngine.solved(content, size: size, kept: kept.take(), shape: current, tree: tree)
            shape = current
            if check == nil { check = AutoLayoutShape.Check(tree, shape: current) }
            if let frame = engine?.frame(of: 0), abs(frame.width - width) <= 1e-9 * max(1, width) { return frame.height }
        } catch {}
        engine = nil
        check = nil
        return try content.systemLayoutSizeFitting(
            CGSize(width: width, height: 0), withHorizontalFittingPriority: .required,
            verticalFittingPriority: .fittingSizeLevel
        ).height
    }
}
