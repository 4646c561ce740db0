import Foundation

/// A list cell as a view tree, from a `CellTemplate`: `imageView`, `titleLabel`, `detailLabel` and
/// `accessoryView` inside the cell's margins. Its `layoutSubviews` places them at the cell's width, and
/// `sizeThatFits(CGSize(width: w, height: 0))` returns the height that layout needs, so one call sizes
/// the cell the way a frame-based cell's `sizeThatFits` override would (C3).
///
/// ```swift
/// let cell = try CellNode(template: template)
/// cell.titleLabel.text = "Title"
/// let height = try cell.sizeThatFits(CGSize(width: 375, height: 0)).height
/// cell.frame = CGRect(x: 0, y: 0, width: 375, height: height)
/// try cell.layoutIfNeeded()            // children placed; a second pass at 375 does no text work
/// ```
///
/// Layout: the image at the top-leading margin corner; the box at the trailing margin, centred
/// vertically between the margins; the title at the top of the column between them (clipped to the
/// column's width), the detail `spacing` below it; the height is the tallest of image, text column and
/// box plus the vertical margins (plus a separator), rounded up to the pixel grid.
public final class CellNode: LayoutNode {
    /// The template the cell was built from (fonts, line limits, sizes, margins, spacing).
    public let template: CellTemplate
    /// The leading image's box; hidden when the template has no `imageSize`.
    public let imageView: LayoutNode
    /// The title label; set its `text` or `attributedText` before sizing.
    public let titleLabel: LabelNode
    /// The detail label below the title; hidden when the template has no `detailFont`.
    public let detailLabel: LabelNode
    /// The trailing box (a button, a switch); hidden when the template has no `accessorySize`.
    public let accessoryView: LayoutNode

    /// A cell built from `template`, with empty labels.
    /// - Throws: `MeasureError` / `LayoutError` / `LayoutNodeError` for an invalid template.
    public init(template: CellTemplate) throws {
        try template.validate()
        self.template = template
        imageView = LayoutNode(frame: CGRect(origin: .zero, size: template.imageSize ?? .zero), name: "image")
        titleLabel = LabelNode(font: template.titleFont, numberOfLines: template.titleNumberOfLines,
                               lineBreakMode: .byTruncatingTail, scale: template.scale, name: "title")
        detailLabel = LabelNode(font: template.detailFont ?? template.titleFont,
                                numberOfLines: template.detailNumberOfLines, lineBreakMode: .byTruncatingTail,
                                scale: template.scale, name: "detail")
        accessoryView = LayoutNode(frame: CGRect(origin: .zero, size: template.accessorySize ?? .zero), name: "accessory")
        super.init(name: "cell")
        layoutMargins = template.layoutMargins
        imageView.isHidden = template.imageSize == nil
        accessoryView.isHidden = template.accessorySize == nil
        detailLabel.isHidden = template.detailFont == nil
        for child in [imageView, titleLabel, detailLabel, accessoryView] { try addSubview(child) }
        layoutSubviews = { node in
            guard let cell = node as? CellNode else { return }
            let arrangement = try cell.arrange(width: cell.bounds.width)
            cell.imageView.frame = arrangement.image
            cell.titleLabel.frame = arrangement.title
            cell.detailLabel.frame = arrangement.detail
            var box = arrangement.accessory
            box.origin.y = cell.bounds.minY + arrangement.margins.top
                + ((cell.bounds.height - arrangement.margins.vertical) - box.height) / 2
            cell.accessoryView.frame = box
        }
    }

    /// The height the cell needs at `size.width`: one arrangement of the tree (C3, frame mode).
    /// - Throws: `LayoutError.rowTooNarrow` when the margins, image and box leave the text no room,
    ///   `MeasureError.invalidWidth` for a NaN or negative width.
    public override func sizeThatFits(_ size: CGSize) throws -> CGSize {
        CGSize(width: size.width, height: try arrange(width: size.width).height)
    }

    /// The frames of every part at `width` (relative to the bounds' origin at zero) and the height.
    struct Arrangement {
        var image, title, detail, accessory: CGRect
        var margins: EdgeInsets
        var height: CGFloat
    }

    func arrange(width: CGFloat) throws -> Arrangement {
        if width.isNaN || width < 0 || width.isInfinite { throw MeasureError.invalidWidth(Double(width)) }
        let margins = layoutMargins
        let spacing = template.spacing
        let imageSize = template.imageSize ?? .zero
        let boxSize = template.accessorySize ?? .zero
        var columnStart = margins.left
        if template.imageSize != nil { columnStart += imageSize.width + spacing }
        var columnEnd = width - margins.right
        if template.accessorySize != nil { columnEnd -= boxSize.width + spacing }
        let columnWidth = columnEnd - columnStart
        guard columnWidth > 0 else {
            throw LayoutError.rowTooNarrow(width: Double(width), insets: EdgeInsets(
                top: margins.top, left: columnStart, bottom: margins.bottom, right: width - columnEnd))
        }
        let titleSize = try titleLabel.sizeThatFits(CGSize(width: columnWidth, height: 0))
        let title = CGRect(x: columnStart, y: margins.top, width: min(titleSize.width, columnWidth), height: titleSize.height)
        var detail = CGRect(x: columnStart, y: title.maxY, width: 0, height: 0)
        if template.detailFont != nil, !(detailLabel.text ?? "").isEmpty {
            let detailSize = try detailLabel.sizeThatFits(CGSize(width: columnWidth, height: 0))
            detail = CGRect(x: columnStart, y: title.maxY + (titleSize.height > 0 ? spacing : 0),
                            width: min(detailSize.width, columnWidth), height: detailSize.height)
        }
        let content = max(detail.maxY - margins.top, imageSize.height, boxSize.height)
        let separator: CGFloat = template.includesSeparator ? 1 / template.scale : 0
        let height = ceilToPixel(margins.top + content + margins.bottom + separator, scale: template.scale)
        return Arrangement(
            image: CGRect(origin: CGPoint(x: margins.left, y: margins.top), size: imageSize),
            title: title, detail: detail,
            accessory: CGRect(origin: CGPoint(x: width - margins.right - boxSize.width, y: margins.top), size: boxSize),
            margins: margins, height: height)
    }
}
