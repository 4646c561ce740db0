import Foundation

/// A `UIButton` without a configuration — the image, title and three inset properties of the legacy
/// API (rules U1–U7, U9–U11) — as a `Sendable` value.
///
/// ```swift
/// var button = ButtonLayout(title: "Download", font: try .systemFont(ofSize: 15),
///                           imageSize: CGSize(width: 32, height: 32), scale: 2)
/// try button.intrinsicContentSize            // image + title widths, max height (U2)
/// button.imageEdgeInsets = EdgeInsets(left: 50)
/// let bounds = CGRect(x: 0, y: 0, width: 335, height: 44)
/// let content = try button.contentRect(forBounds: bounds)
/// try button.imageRect(forContentRect: content)   // moved 25 pt right: insets act halved (U3)
/// try button.titleRect(forContentRect: content)   // unchanged
/// ```
///
/// Defaults are UIKit's: no image, zero insets (documented for all three), content centred both ways.
/// The title is measured as a single-line label in `font` (rounded up to the pixel grid); when its
/// rect leaves less room than that, the title label narrows and its text is truncated at the tail
/// (`titleLineBreakMode`). Rects are snapped to the pixel grid of `scale` (U7).
public struct ButtonLayout: Sendable {
    /// The title; `nil` or "" means an image-only button.
    public var title: String? {
        didSet { if title != oldValue { box = PreparedTextBox(text: title ?? "", font: font) } }
    }
    /// The title label's font.
    public var font: Font {
        didSet { if font != oldValue { box = PreparedTextBox(text: title ?? "", font: font) } }
    }
    /// The image's size in points; `.zero` means no image.
    public var imageSize: CGSize
    /// The background image's size, a minimum for the button's size (U2, inferred); `.zero` for none.
    public var backgroundImageSize: CGSize = .zero
    /// Insets of the content rect from the bounds; the only insets that change the size (U1, U2).
    public var contentEdgeInsets: EdgeInsets = .zero
    /// Insets of the image's area inside the content rect (U3); negative values outset an edge.
    public var imageEdgeInsets: EdgeInsets = .zero
    /// Insets of the title's area inside the content rect (U3); negative values outset an edge.
    public var titleEdgeInsets: EdgeInsets = .zero
    /// Default `.center` (U3); `.left`, `.right` and `.fill` place at the area's edge (U5).
    public var contentHorizontalAlignment: ContentHorizontalAlignment = .center
    /// Default `.center`.
    public var contentVerticalAlignment: ContentVerticalAlignment = .center
    /// Default `.unspecified` (left to right); `.forceRightToLeft` puts the image after the title and
    /// mirrors the layout, the insets staying on their physical sides (U11).
    public var semanticContentAttribute: SemanticContentAttribute = .unspecified
    /// How a title wider than its label is cut. Default `.byTruncatingTail`; a truncating mode or
    /// clipping keeps the title on one line.
    public var titleLineBreakMode: LineBreakMode = .byTruncatingTail
    /// The pixel grid sizes round up to and frames snap to: 1, 2 or 3.
    public var scale: CGFloat

    private var box: PreparedTextBox

    /// The padding a title-only button with zero content insets gets above and below its title
    /// (observed: an 18 pt title 21 pt tall made a 33 pt button; U2).
    public static let implicitTitlePadding: CGFloat = 6

    /// The size `sizeToFit` gives a button with no title, no image and no background image (U9,
    /// observed: flowkey/UIKit-cross-platform's iOS test target asserts 30 × 34 for UIKit's own button).
    public static let emptyContentSize = CGSize(width: 30, height: 34)

    /// A button with a title in `font` and an optional image.
    /// - Parameters:
    ///   - title: the title; `nil` or "" for none.
    ///   - font: the title label's font.
    ///   - imageSize: the image's size; `.zero` (the default) for none.
    ///   - scale: the pixel grid (default `Screen.main.scale`, 1 unless set).
    public init(title: String? = nil, font: Font, imageSize: CGSize = .zero, scale: CGFloat? = nil) {
        self.title = title
        self.font = font
        self.imageSize = imageSize
        self.scale = scale ?? Screen.layoutScale
        self.box = PreparedTextBox(text: title ?? "", font: font)
    }

    /// The title's prepared text, shaped on first use and kept until `title` or `font` changes.
    public var preparedTitle: PreparedText { box.prepared }

    private var hasTitle: Bool { !(title?.isEmpty ?? true) }

    /// The title label's natural size: its whole first line unwrapped, rounded up to the pixel grid
    /// (L2); zero without a title.
    /// - Throws: `MeasureError.invalidScale`.
    public var titleSize: CGSize {
        get throws {
            try ButtonChecks.scale(scale)
            guard hasTitle else { return .zero }
            return try LabelRules.singleLineSize(preparedTitle, scale: scale)
        }
    }

    /// The size Auto Layout asks for (U2): width = image + title + left + right content insets, height =
    /// max(image, title) + top + bottom, at least the background image's size, rounded up to the pixel
    /// grid. Image and title insets never count. A button with a title and zero content insets adds
    /// `implicitTitlePadding` above and below the title. A button with nothing in it (no title, image
    /// or background image) is `emptyContentSize`, 30 × 34, plus its content insets (U9).
    ///
    /// ```swift
    /// let button = ButtonLayout(title: "Tap", font: try .systemFont(ofSize: 18))
    /// try button.intrinsicContentSize.height   // title height + 12
    /// ```
    /// - Throws: `ButtonError` for a NaN or negative image size, non-finite insets or a size that adds
    ///   up past the largest finite number; `MeasureError.invalidScale`.
    public var intrinsicContentSize: CGSize {
        get throws {
            try validate()
            let title = try titleSize
            let insets = contentEdgeInsets
            let padding = hasTitle && insets == .zero ? 2 * Self.implicitTitlePadding : 0
            var content = CGSize(
                width: imageSize.width + title.width,
                height: max(imageSize.height, hasTitle ? title.height + padding : 0))
            if !hasTitle, imageSize == .zero, backgroundImageSize == .zero { content = Self.emptyContentSize }
            let width = content.width + insets.horizontal
            let height = content.height + insets.vertical
            let size = CGSize(
                width: max(0, width, backgroundImageSize.width),
                height: max(0, height, backgroundImageSize.height))
            return try ButtonChecks.finite(size.ceiledToPixels(scale: scale))
        }
    }

    /// `UIButton.sizeThatFits(_:)`: the intrinsic size whatever the proposal, since the title stays on
    /// one line (U2).
    /// - Throws: `ButtonError.invalidSize` for a NaN or negative proposal, and as `intrinsicContentSize`.
    public func sizeThatFits(_ size: CGSize) throws -> CGSize {
        // +infinity is a valid "no limit" proposal.
        guard !size.width.isNaN, !size.height.isNaN, size.width >= 0, size.height >= 0 else {
            throw ButtonError.invalidSize(field: "proposed size", size)
        }
        return try intrinsicContentSize
    }

    /// The bounds inset by `contentEdgeInsets` (U1).
    /// - Throws: `ButtonError.invalidRect` for bounds with a NaN, infinite or negative part,
    ///   `.insetsExceedBounds` when opposite insets add up to more than the bounds.
    public func contentRect(forBounds bounds: CGRect) throws -> CGRect {
        try ButtonChecks.contentRect(bounds, insets: contentEdgeInsets, field: "contentEdgeInsets")
    }

    /// The image view's frame for a content rect (U3, U5), snapped to the pixel grid; `.zero` without an
    /// image or when its area has no width.
    /// - Throws: `ButtonError` for an invalid content rect, image size or insets.
    public func imageRect(forContentRect contentRect: CGRect) throws -> CGRect {
        try geometry(contentRect).imageRect(in: contentRect)
    }

    /// The title label's frame for a content rect (U3, U5), snapped to the pixel grid; `.zero` when there
    /// is no title or no room for it.
    /// - Throws: `ButtonError` for an invalid content rect, image size or insets.
    public func titleRect(forContentRect contentRect: CGRect) throws -> CGRect {
        try geometry(contentRect).titleRect(in: contentRect)
    }

    /// All three rects for `bounds` and the title's line as drawn in its label.
    ///
    /// ```swift
    /// var button = ButtonLayout(title: "Continue", font: font, imageSize: CGSize(width: 20, height: 20))
    /// button.titleEdgeInsets = EdgeInsets(left: 40)
    /// let frames = try button.layout(in: CGRect(origin: .zero, size: try button.intrinsicContentSize))
    /// frames.titleRect.width          // 40 pt narrower than the title: the inset squeezed the label (U4)
    /// frames.titleLines?.first?.text   // the title cut with "…" at the tail
    /// ```
    /// - Throws: as `contentRect(forBounds:)`, `imageRect(forContentRect:)` and `titleRect(forContentRect:)`.
    public func layout(in bounds: CGRect) throws -> ButtonFrames {
        let content = try contentRect(forBounds: bounds)
        let geometry = try geometry(content)
        let titleRect = geometry.titleRect(in: content)
        var lines: TextLines?
        if titleRect.width > 0 {
            lines = try preparedTitle.layout(
                width: titleRect.width, numberOfLines: 1,
                lineBreakMode: titleLineBreakMode
            ).lines
        }
        return ButtonFrames(
            bounds: bounds, contentRect: content, imageRect: geometry.imageRect(in: content),
            titleRect: titleRect, titleLines: lines)
    }

    private func validate() throws {
        try ButtonChecks.scale(scale)
        try ButtonChecks.size(imageSize, "imageSize")
        try ButtonChecks.size(backgroundImageSize, "backgroundImageSize")
        try ButtonChecks.insets(contentEdgeInsets, "contentEdgeInsets")
        try ButtonChecks.insets(imageEdgeInsets, "imageEdgeInsets")
        try ButtonChecks.insets(titleEdgeInsets, "titleEdgeInsets")
    }

    private func geometry(_ contentRect: CGRect) throws -> ButtonGeometry {
        try validate()
        try ButtonChecks.rect(contentRect, "content rect")
        return ButtonGeometry(
            imageSize: imageSize, titleSize: try titleSize, imageEdgeInsets: imageEdgeInsets,
            titleEdgeInsets: titleEdgeInsets, horizontal: contentHorizontalAlignment,
            vertical: contentVerticalAlignment, scale: scale,
            layoutDirection: semanticContentAttribute.layoutDirection)
    }
}
