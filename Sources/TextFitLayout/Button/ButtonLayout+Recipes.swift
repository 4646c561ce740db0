import Foundation

/// The two inset recipes developers use to rearrange a legacy button (U6), with the title measured
/// first, as the recipes require.
extension ButtonLayout {
    /// Puts the title left of the image: image insets (0, tW, 0, −tW) and title insets (0, −iW, 0, iW),
    /// which swap the two inside the centred group without changing its width (U6).
    ///
    /// ```swift
    /// var button = ButtonLayout(title: "Next", font: font, imageSize: CGSize(width: 16, height: 16))
    /// try button.placeTitleLeftOfImage()
    /// // in any bounds at least as wide as the intrinsic size: title.maxX == image.minX
    /// ```
    /// - Throws: as `titleSize`.
    public mutating func placeTitleLeftOfImage() throws {
        let titleWidth = try titleSize.width
        let imageWidth = imageSize.width
        imageEdgeInsets = EdgeInsets(top: 0, left: titleWidth, bottom: 0, right: -titleWidth)
        titleEdgeInsets = EdgeInsets(top: 0, left: -imageWidth, bottom: 0, right: imageWidth)
    }

    /// Stacks the image above the title with `spacing` between them, both centred on the button's
    /// centre line (U6): each element moves by half its partner's width towards the centre and half the
    /// other's height plus the spacing up or down (insets act halved, U3); the content insets grow by
    /// half the extra height on top and bottom so the intrinsic height holds the stack. The intrinsic
    /// width stays image + title (U2: only content insets size a button, and narrowing the content rect
    /// would squeeze the title).
    ///
    /// ```swift
    /// var button = ButtonLayout(title: "Share", font: font, imageSize: CGSize(width: 32, height: 32), scale: 2)
    /// try button.placeImageAboveTitle(spacing: 6)
    /// let frames = try button.layout(in: CGRect(origin: .zero, size: try button.intrinsicContentSize))
    /// // frames.imageRect.maxY + 6 == frames.titleRect.minY; both midX == bounds.midX
    /// ```
    /// Replaces all three insets.
    /// - Throws: `ButtonError.invalidPadding` for a negative or non-finite spacing, and as `titleSize`.
    public mutating func placeImageAboveTitle(spacing: CGFloat) throws {
        try ButtonChecks.padding(spacing, "spacing")
        let title = try titleSize
        let image = imageSize
        imageEdgeInsets = EdgeInsets(
            top: -(title.height + spacing) / 2, left: title.width / 2,
            bottom: (title.height + spacing) / 2, right: -title.width / 2)
        titleEdgeInsets = EdgeInsets(
            top: (image.height + spacing) / 2, left: -image.width / 2,
            bottom: -(image.height + spacing) / 2, right: image.width / 2)
        let extra = (image.height + spacing + title.height - max(image.height, title.height)) / 2
        contentEdgeInsets = EdgeInsets(top: extra, left: 0, bottom: extra, right: 0)
    }
}
