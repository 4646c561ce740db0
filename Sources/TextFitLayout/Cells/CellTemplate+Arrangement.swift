import Foundation

/// Where a cell's parts go at a width (C3, frame mode): one piece of arithmetic shared by `CellNode`'s
/// layout pass and `RowHeights(cell:)`, which sizes rows without building a tree per row.
extension CellTemplate {
    /// The frames of every part at a width (relative to the bounds' origin at zero) and the height.
    struct Arrangement {
        var image, title, detail, accessory: CGRect
        var margins: EdgeInsets
        var height: CGFloat
    }

    /// The image at the top-leading margin corner, the box at the trailing margin, the title at the top
    /// of the column between them (clipped to the column's width), the detail `spacing` below it; the
    /// height is the tallest of image, text column and box plus the vertical margins (plus a
    /// separator), rounded up to the pixel grid.
    /// - Parameters:
    ///   - width: the cell's width.
    ///   - margins: the layout margins in effect.
    ///   - showsDetail: whether the detail label is laid out (a detail font and a non-empty detail).
    ///   - title: the title label's `sizeThatFits` at a column width.
    ///   - detail: the detail label's `sizeThatFits` at a column width.
    /// - Throws: `MeasureError.invalidWidth` for a NaN, negative or infinite width,
    ///   `LayoutError.rowTooNarrow` when the margins, image and box leave the text no room, and what the
    ///   two measuring closures throw.
    func arrange(
        width: CGFloat, margins: EdgeInsets, showsDetail: Bool,
        title measureTitle: (CGFloat) throws -> CGSize,
        detail measureDetail: (CGFloat) throws -> CGSize
    ) throws -> Arrangement {
        if width.isNaN || width < 0 || width.isInfinite { throw MeasureError.invalidWidth(Double(width)) }
        let imageSize = self.imageSize ?? .zero
        let boxSize = accessorySize ?? .zero
        var columnStart = margins.left
        if self.imageSize != nil { columnStart += imageSize.width + spacing }
        var columnEnd = width - margins.right
        if accessorySize != nil { columnEnd -= boxSize.width + spacing }
        let columnWidth = columnEnd - columnStart
        guard columnWidth > 0 else {
            throw LayoutError.rowTooNarrow(
                width: Double(width),
                insets: EdgeInsets(
                    top: margins.top, left: columnStart, bottom: margins.bottom, right: width - columnEnd))
        }
        let titleSize = try measureTitle(columnWidth)
        let title = CGRect(
            x: columnStart, y: margins.top, width: min(titleSize.width, columnWidth), height: titleSize.height)
        var detail = CGRect(x: columnStart, y: title.maxY, width: 0, height: 0)
        if showsDetail {
            let detailSize = try measureDetail(columnWidth)
            detail = CGRect(
                x: columnStart, y: title.maxY + (titleSize.height > 0 ? spacing : 0),
                width: min(detailSize.width, columnWidth), height: detailSize.height)
        }
        let content = max(detail.maxY - margins.top, imageSize.height, boxSize.height)
        let separator: CGFloat = includesSeparator ? 1 / scale : 0
        let height = ceilToPixel(margins.top + content + margins.bottom + separator, scale: scale)
        return Arrangement(
            image: CGRect(origin: CGPoint(x: margins.left, y: margins.top), size: imageSize),
            title: title, detail: detail,
            accessory: CGRect(origin: CGPoint(x: width - margins.right - boxSize.width, y: margins.top), size: boxSize),
            margins: margins, height: height)
    }

    /// A row's height as `CellNode(template:)` with the row's texts and `sizeThatFits(width × 0)` gives
    /// it, measured without the tree: the labels' sizes come straight from the label rules (L2) on the
    /// texts prepared as a label prepares them, so a row costs its shaping and line breaking and little
    /// else (`RowHeights(cell:)`). The template must be valid (`validate()`).
    /// - Throws: as `arrange`, and `StyledTextError` for a styled title or detail that cannot be prepared.
    func rowHeight(for row: Row, width: CGFloat) throws -> CGFloat {
        let showsDetail = detailFont != nil && !(row.detail ?? "").isEmpty
        return try arrange(
            width: width, margins: layoutMargins, showsDetail: showsDetail,
            title: { column in
                try labelSize(
                    row.text, styled: row.attributedText, font: titleFont,
                    numberOfLines: titleNumberOfLines, width: column)
            },
            detail: { column in
                try labelSize(
                    row.detail ?? "", styled: row.detailAttributedText, font: detailFont ?? titleFont,
                    numberOfLines: detailNumberOfLines, width: column)
            }
        ).height
    }

    /// `Label.sizeThatFits(CGSize(width: width, height: 0))` for a cell label (tail truncation, the
    /// standard strategy, the template's scale), the text prepared as `Label` prepares it: plain text in
    /// `font`, styled text with its unstyled ranges in `font`.
    private func labelSize(
        _ text: String, styled: StyledText?, font: Font, numberOfLines: Int,
        width: CGFloat
    ) throws -> CGSize {
        if text.isEmpty { return .zero }
        let prepared: PreparedText
        if var styled {
            styled.font = font
            prepared = try PreparedText(styled: styled, paragraphStyle: ParagraphStyle())
        } else {
            prepared = PreparedText(text, font: font)
        }
        return try LabelRules.sizeThatFits(
            prepared, proposedWidth: width, numberOfLines: numberOfLines,
            lineBreakMode: .byTruncatingTail, lineBreakStrategy: .standard, scale: scale)
    }
}
