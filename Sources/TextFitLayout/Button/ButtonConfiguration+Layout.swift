import Foundation

/// Sizing and placement of a configuration button (U8, U11).
extension ButtonConfiguration {
    /// The size with the title and subtitle unwrapped (one line per paragraph): content insets + the
    /// image and title block side by side (leading, trailing) or stacked (top, bottom) with
    /// `imagePadding` between them, rounded up to the pixel grid.
    /// - Throws: `ButtonError` for a bad image size, padding or insets, or a size that adds up past the
    ///   largest finite number; `MeasureError.invalidScale`.
    public var intrinsicContentSize: CGSize {
        get throws { try sizeThatFits(.zero) }
    }

    /// The size for a proposed width: the title and subtitle wrap (in wrapping modes) or truncate at the
    /// room the width leaves beside or below the image; 0 or +infinity = no limit. The height is never
    /// limited.
    ///
    /// ```swift
    /// let button = ButtonConfiguration(title: "A rather long title for a button", titleFont: font)
    /// try button.sizeThatFits(CGSize(width: 120, height: 0))   // title wrapped at 120 − 24
    /// ```
    /// - Throws: `ButtonError.invalidSize` for a NaN or negative proposal, and as `intrinsicContentSize`.
    public func sizeThatFits(_ size: CGSize) throws -> CGSize {
        guard !size.width.isNaN, !size.height.isNaN, size.width >= 0, size.height >= 0 else {
            throw ButtonError.invalidSize(field: "proposed size", size)
        }
        try validate()
        let insets = contentInsets.edgeInsets(for: .leftToRight)
        let limit: CGFloat? = size.width.isUnboundedTextDimension ? nil : size.width - insets.horizontal
        let arrangement = try arrange(contentWidth: limit)
        let result = CGSize(
            width: max(0, arrangement.group.width + insets.horizontal),
            height: max(0, arrangement.group.height + insets.vertical))
        return try ButtonChecks.finite(result.ceiledToPixels(scale: scale))
    }

    /// The bounds inset by `contentInsets` (leading = left, or right with `.forceRightToLeft`, U11).
    /// - Throws: `ButtonError.invalidRect` for bad bounds, `.insetsExceedBounds` when opposite insets add
    ///   up to more than the bounds.
    public func contentRect(forBounds bounds: CGRect) throws -> CGRect {
        try ButtonChecks.contentRect(
            bounds, insets: contentInsets.edgeInsets(for: semanticContentAttribute.layoutDirection),
            field: "contentInsets")
    }

    /// The image's frame for a content rect, snapped to the pixel grid; `.zero` without an image.
    public func imageRect(forContentRect contentRect: CGRect) throws -> CGRect {
        try place(in: contentRect).image
    }

    /// The title label's frame for a content rect, snapped to the pixel grid; `.zero` without a title.
    public func titleRect(forContentRect contentRect: CGRect) throws -> CGRect {
        try place(in: contentRect).title
    }

    /// The subtitle label's frame for a content rect, snapped to the pixel grid; `.zero` without one.
    public func subtitleRect(forContentRect contentRect: CGRect) throws -> CGRect {
        try place(in: contentRect).subtitle
    }

    /// Every rect for `bounds`, with the title's and subtitle's lines as drawn in their frames.
    /// - Throws: as `contentRect(forBounds:)`, and `ButtonError` for a bad image size, padding or insets.
    public func layout(in bounds: CGRect) throws -> ButtonFrames {
        let content = try contentRect(forBounds: bounds)
        let placed = try place(in: content)
        return ButtonFrames(
            bounds: bounds, contentRect: content, imageRect: placed.image, titleRect: placed.title,
            subtitleRect: placed.subtitle, titleLines: placed.arrangement.title?.lines,
            subtitleLines: placed.arrangement.subtitle?.lines)
    }

    // MARK: - Arithmetic

    /// One text laid out at the room it has.
    struct PlacedText {
        var size: CGSize
        var lines: TextLines
    }

    /// The parts' sizes before they are placed.
    struct Arrangement {
        var title: PlacedText?
        var subtitle: PlacedText?
        /// The image's slot along the placement axis (the image, or the reservation when larger).
        var slot: CGFloat
        var gap: CGFloat
        var block: CGSize
        var group: CGSize
    }

    private var hasImage: Bool { imageSize.width > 0 || imageSize.height > 0 }
    private var hasTitle: Bool { !(title?.isEmpty ?? true) }
    private var hasSubtitle: Bool { !(subtitle?.isEmpty ?? true) }

    private func validate() throws {
        try ButtonChecks.scale(scale)
        try ButtonChecks.size(imageSize, "imageSize")
        try ButtonChecks.padding(imagePadding, "imagePadding")
        try ButtonChecks.padding(titlePadding, "titlePadding")
        try ButtonChecks.padding(imageReservation, "imageReservation")
        try ButtonChecks.insets(contentInsets.edgeInsets(for: .leftToRight), "contentInsets")
    }

    /// Lays a text out at `width` (nil = no limit) like a label: several lines in a wrapping mode, one
    /// otherwise; nil when there is no room at all, unless the text is 0 wide there. A one-line text cut at the room (clipped or truncated)
    /// is as wide as its whole line would be, capped at the room (L2's one-line size, which the room
    /// limits): it takes the whole room. The truncated line's own width would not do: proposed that width,
    /// a middle truncation shares a smaller room between its prefix and suffix (T5) and shows other text,
    /// narrower, so the button's size would change with each proposal of its own width (U8).
    private func text(_ prepared: PreparedText, mode: LineBreakMode, width: CGFloat?) throws -> PlacedText? {
        let wraps = mode == .byWordWrapping || mode == .byCharWrapping
        if let room = width, room <= 0 {
            // A text that shows nothing wide (only whitespace, which hangs: W4) needs no room: the answer's
            // width gave it none, and proposed that width the text must keep its height (U8). A wrapped one
            // is laid out at the narrowest width there is (1/1024 pt), so it takes the lines it took in the
            // room whose answer gave it none: " \u{AD}" is one line 4.4 pt wide unbounded (the space before
            // the soft hyphen does not hang), but two lines 0 wide, " " and "\u{AD}", in any room under 4.4.
            let narrowest = try prepared.layout(
                width: wraps ? 1.0 / 1024 : nil, numberOfLines: wraps ? 0 : 1, lineBreakMode: mode,
                lineBreakStrategy: .standard)
            guard narrowest.size.width == 0 else { return nil }
            return PlacedText(size: narrowest.size.ceiledToPixels(scale: scale), lines: narrowest.lines)
        }
        let layout = try prepared.layout(
            width: width, numberOfLines: wraps ? 0 : 1, lineBreakMode: mode,
            lineBreakStrategy: .standard)
        var size = layout.size
        if !wraps, layout.isTruncated, let width {
            let whole = try prepared.measure(
                width: nil, numberOfLines: 1, lineBreakMode: mode, lineBreakStrategy: .standard)
            size.width = min(whole.size.width, width)
        }
        return PlacedText(size: size.ceiledToPixels(scale: scale), lines: layout.lines)
    }

    /// The parts' sizes with the texts laid out in a content rect `contentWidth` wide (nil = no limit).
    func arrange(contentWidth: CGFloat?) throws -> Arrangement {
        let hasText = hasTitle || hasSubtitle
        let gap = hasImage && hasText ? imagePadding : 0
        let horizontal = imagePlacement.isHorizontal
        let slot = hasImage ? max(horizontal ? imageSize.width : imageSize.height, imageReservation) : 0
        var room = contentWidth
        if let width = contentWidth, horizontal { room = width - slot - gap }
        let title = hasTitle ? try text(preparedTitle, mode: titleLineBreakMode, width: room) : nil
        let subtitle = hasSubtitle ? try text(preparedSubtitle, mode: subtitleLineBreakMode, width: room) : nil
        let between = title != nil && subtitle != nil ? titlePadding : 0
        let block = CGSize(
            width: max(title?.size.width ?? 0, subtitle?.size.width ?? 0),
            height: (title?.size.height ?? 0) + between + (subtitle?.size.height ?? 0))
        let group =
            horizontal
            ? CGSize(width: slot + gap + block.width, height: max(imageSize.height, block.height))
            : CGSize(width: max(imageSize.width, block.width), height: slot + gap + block.height)
        return Arrangement(title: title, subtitle: subtitle, slot: slot, gap: gap, block: block, group: group)
    }

    /// The group centred in `content`, the image against its edge, the texts aligned in their block.
    private func place(
        in content: CGRect
    ) throws
        -> (image: CGRect, title: CGRect, subtitle: CGRect, arrangement: Arrangement)
    {
        try validate()
        try ButtonChecks.rect(content, "content rect")
        let parts = try arrange(contentWidth: content.width)
        let group = CGRect(
            x: content.minX + (content.width - parts.group.width) / 2,
            y: content.minY + (content.height - parts.group.height) / 2,
            width: parts.group.width, height: parts.group.height)
        var image = CGRect.zero
        var block = CGPoint.zero
        let size = imageSize
        switch imagePlacement {
        case .leading:
            image = CGRect(
                x: group.minX + (parts.slot - size.width) / 2, y: group.midY - size.height / 2,
                width: size.width, height: size.height)
            block = CGPoint(x: group.minX + parts.slot + parts.gap, y: group.midY - parts.block.height / 2)
        case .trailing:
            block = CGPoint(x: group.minX, y: group.midY - parts.block.height / 2)
            image = CGRect(
                x: group.maxX - parts.slot + (parts.slot - size.width) / 2, y: group.midY - size.height / 2,
                width: size.width, height: size.height)
        case .top:
            image = CGRect(
                x: group.midX - size.width / 2, y: group.minY + (parts.slot - size.height) / 2,
                width: size.width, height: size.height)
            block = CGPoint(x: group.midX - parts.block.width / 2, y: group.minY + parts.slot + parts.gap)
        case .bottom:
            block = CGPoint(x: group.midX - parts.block.width / 2, y: group.minY)
            image = CGRect(
                x: group.midX - size.width / 2, y: group.maxY - parts.slot + (parts.slot - size.height) / 2,
                width: size.width, height: size.height)
        }
        func aligned(_ text: PlacedText?, y: CGFloat) -> CGRect {
            guard let text else { return .zero }
            let x: CGFloat
            switch resolvedTitleAlignment {
            case .leading: x = block.x
            case .trailing: x = block.x + parts.block.width - text.size.width
            default: x = block.x + (parts.block.width - text.size.width) / 2
            }
            return CGRect(origin: CGPoint(x: x, y: y), size: text.size)
        }
        let titleRect = aligned(parts.title, y: block.y)
        let subtitleTop = block.y + (parts.title.map { $0.size.height + titlePadding } ?? 0)
        let subtitleRect = aligned(parts.subtitle, y: subtitleTop)
        // U11: every part is placed by leading and trailing, so right to left is the same layout
        // mirrored in the content rect (before snapping, so both directions snap alike).
        let mirrored = semanticContentAttribute.layoutDirection == .rightToLeft
        func final(_ rect: CGRect, shown: Bool) -> CGRect {
            guard shown else { return .zero }
            var rect = rect
            if mirrored { rect.origin.x = content.minX + content.maxX - rect.maxX }
            return snap(rect)
        }
        return (
            final(image, shown: hasImage), final(titleRect, shown: parts.title != nil),
            final(subtitleRect, shown: parts.subtitle != nil), parts
        )
    }

    /// `titleAlignment` with `.automatic` resolved: towards a leading or trailing image, centred
    /// otherwise. Each line of the title and subtitle is aligned this way inside its frame.
    ///
    /// ```swift
    /// var button = ButtonConfiguration(title: "Next", titleFont: font, imageSize: CGSize(width: 16, height: 16))
    /// button.imagePlacement = .trailing
    /// button.resolvedTitleAlignment   // .trailing
    /// ```
    public var resolvedTitleAlignment: TitleAlignment {
        guard titleAlignment == .automatic else { return titleAlignment }
        guard hasImage else { return .center }
        switch imagePlacement {
        case .leading: return .leading
        case .trailing: return .trailing
        case .top, .bottom: return .center
        }
    }

    /// U7, as for legacy buttons: origin to the nearest pixel, size up to whole pixels.
    private func snap(_ rect: CGRect) -> CGRect {
        CGRect(
            x: ButtonGeometry.roundToPixel(rect.minX, scale: scale),
            y: ButtonGeometry.roundToPixel(rect.minY, scale: scale),
            width: ceilToPixel(rect.width, scale: scale), height: ceilToPixel(rect.height, scale: scale))
    }
}
