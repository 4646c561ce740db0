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
        titleLabel = LabelNode(
            font: template.titleFont, numberOfLines: template.titleNumberOfLines,
            lineBreakMode: .byTruncatingTail, scale: template.scale, name: "title")
        detailLabel = LabelNode(
            font: template.detailFont ?? template.titleFont,
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
            box.origin.y =
                cell.bounds.minY + arrangement.margins.top
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

    /// The arrangement at `width` with this tree's labels and margins (`CellTemplate.arrange`).
    func arrange(width: CGFloat) throws -> CellTemplate.Arrangement {
        let showsDetail = template.detailFont != nil && !(detailLabel.text ?? "").isEmpty
        return try template.arrange(
            width: width, margins: layoutMargins, showsDetail: showsDetail,
            title: { column in try titleLabel.sizeThatFits(CGSize(width: column, height: 0)) },
            detail: { column in try detailLabel.sizeThatFits(CGSize(width: column, height: 0)) })
    }
}
