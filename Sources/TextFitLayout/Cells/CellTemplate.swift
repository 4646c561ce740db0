import Foundation

/// The shape of a list cell laid out with frames: an optional image on the leading side, a title label
/// with an optional detail label below it, an optional button-sized box on the trailing side, all
/// inside the cell's layout margins. `CellNode` builds the view tree; `RowHeights(cell:)` sizes rows
/// with it (rules C2, C3: the frame-based counterpart of a self-sizing cell, its height from one
/// `sizeThatFits(width × 0)` of the tree).
///
/// ```swift
/// let template = CellTemplate(titleFont: try .systemFont(ofSize: 17), detailFont: try .systemFont(ofSize: 13),
///                             imageSize: CGSize(width: 40, height: 40),
///                             accessorySize: CGSize(width: 60, height: 30))
/// let rows = RowHeights(cell: template)
/// try rows.height(for: Row(text: "Title", detail: "A longer detail that wraps"), width: 375)
/// ```
public struct CellTemplate: Sendable, Hashable {
    /// The title's font.
    public var titleFont: Font
    /// The title's line limit (0 = unlimited).
    public var titleNumberOfLines: Int
    /// The detail's font; no detail label when `nil`.
    public var detailFont: Font?
    /// The detail's line limit (0 = unlimited).
    public var detailNumberOfLines: Int
    /// The leading image's size, if the cell has one.
    public var imageSize: CGSize?
    /// The trailing box's size (a button, a switch), if the cell has one.
    public var accessorySize: CGSize?
    /// The cell's layout margins (UIKit's cell content view uses 8 pt vertically and 16 or 20 pt
    /// horizontally; here a choice of the caller).
    public var layoutMargins: EdgeInsets
    /// The gap between the image, the text column and the box, and between title and detail.
    public var spacing: CGFloat
    /// The pixel grid label sizes and the height are rounded up to.
    public var scale: CGFloat
    /// Whether the height adds a separator of 1 / scale (C2, C3 step 4); default true, as in a default
    /// `UITableView`.
    public var includesSeparator: Bool

    /// A cell template.
    /// - Parameters:
    ///   - titleFont: the title's font.
    ///   - titleNumberOfLines: the title's line limit (default 0, unlimited).
    ///   - detailFont: the detail's font, `nil` for none.
    ///   - detailNumberOfLines: the detail's line limit (default 0, unlimited).
    ///   - imageSize: the leading image, `nil` for none.
    ///   - accessorySize: the trailing box, `nil` for none.
    ///   - layoutMargins: default 11 pt top and bottom, 16 pt left and right.
    ///   - spacing: default 8.
    ///   - scale: default `Screen.main.scale` (1 unless set).
    ///   - includesSeparator: default true (a default table's one-pixel separator).
    public init(
        titleFont: Font, titleNumberOfLines: Int = 0, detailFont: Font? = nil, detailNumberOfLines: Int = 0,
        imageSize: CGSize? = nil, accessorySize: CGSize? = nil,
        layoutMargins: EdgeInsets = EdgeInsets(top: 11, left: 16, bottom: 11, right: 16),
        spacing: CGFloat = 8, scale: CGFloat? = nil, includesSeparator: Bool = true
    ) {
        self.titleFont = titleFont
        self.titleNumberOfLines = titleNumberOfLines
        self.detailFont = detailFont
        self.detailNumberOfLines = detailNumberOfLines
        self.imageSize = imageSize
        self.accessorySize = accessorySize
        self.layoutMargins = layoutMargins
        self.spacing = spacing
        self.scale = scale ?? Screen.layoutScale
        self.includesSeparator = includesSeparator
    }

    /// Throws for values no cell can have.
    func validate() throws {
        try LabelRules.validate(numberOfLines: titleNumberOfLines, scale: scale)
        try LabelRules.validate(numberOfLines: detailNumberOfLines, scale: scale)
        guard layoutMargins.isValid else { throw LayoutError.invalidInsets(layoutMargins) }
        guard spacing.isFinite, spacing >= 0 else { throw LayoutError.invalidSpacing(Double(spacing)) }
        for (field, size) in [("imageSize", imageSize), ("accessorySize", accessorySize)] {
            guard let size else { continue }
            let rect = CGRect(origin: .zero, size: size)
            guard rect.isValidFrame else { throw LayoutNodeError.invalidGeometry(node: "cell", field: field, value: rect) }
        }
    }
}
