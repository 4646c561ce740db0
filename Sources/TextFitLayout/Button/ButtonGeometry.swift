import Foundation

/// The legacy button's placement rules (U3, U5, U7, U10, U11) as arithmetic on sizes, with the title already
/// measured: `ButtonLayout` measures its title with TextFit and hands the size here; tests feed the
/// published sizes directly.
///
/// ```swift
/// let geometry = ButtonGeometry(imageSize: CGSize(width: 32, height: 32), titleSize: CGSize(width: 54, height: 21.5))
/// let content = CGRect(x: 0, y: 0, width: 335, height: 40.5)
/// geometry.imageRect(in: content).minX   // 124.5  (U4)
/// geometry.titleRect(in: content).minX   // 156.5
/// ```
package struct ButtonGeometry: Sendable, Equatable {
    /// The image's natural size; zero = no image.
    package var imageSize: CGSize
    /// The title label's natural single-line size; zero width = no title.
    package var titleSize: CGSize
    package var imageEdgeInsets = EdgeInsets.zero
    package var titleEdgeInsets = EdgeInsets.zero
    package var horizontal = ContentHorizontalAlignment.center
    package var vertical = ContentVerticalAlignment.center
    /// The pixel grid frames snap to (U7); nil leaves them unsnapped.
    package var scale: CGFloat?
    /// U11: `.rightToLeft` puts the image after the title (`semanticContentAttribute = .forceRightToLeft`).
    package var layoutDirection = LayoutDirection.leftToRight

    package init(
        imageSize: CGSize = .zero, titleSize: CGSize = .zero, imageEdgeInsets: EdgeInsets = .zero,
        titleEdgeInsets: EdgeInsets = .zero, horizontal: ContentHorizontalAlignment = .center,
        vertical: ContentVerticalAlignment = .center, scale: CGFloat? = nil,
        layoutDirection: LayoutDirection = .leftToRight
    ) {
        self.imageSize = imageSize
        self.titleSize = titleSize
        self.imageEdgeInsets = imageEdgeInsets
        self.titleEdgeInsets = titleEdgeInsets
        self.horizontal = horizontal
        self.vertical = vertical
        self.scale = scale
        self.layoutDirection = layoutDirection
    }

    var hasImage: Bool { imageSize.width > 0 || imageSize.height > 0 }
    var hasTitle: Bool { titleSize.width > 0 }

    /// An element's area: the content rect inset by the element's insets, kept unstandardised (a
    /// negative width means the insets crossed over).
    private struct Area {
        var minX: CGFloat, width: CGFloat, minY: CGFloat, height: CGFloat
        var maxX: CGFloat { minX + width }
        var maxY: CGFloat { minY + height }

        init(_ content: CGRect, _ insets: EdgeInsets) {
            minX = content.minX + insets.left
            width = content.width - insets.left - insets.right
            minY = content.minY + insets.top
            height = content.height - insets.top - insets.bottom
        }
    }

    /// U10: the image's width as the title sees it: zero when there is no image or its insets squeeze
    /// its area to exactly zero width (the image is then hidden and the title centred alone, as U3
    /// centres the image alone when the title is hidden).
    private func effectiveImageWidth(in content: CGRect) -> CGFloat {
        guard hasImage, Area(content, imageEdgeInsets).width != 0 else { return 0 }
        return imageSize.width
    }

    /// U3: the title label's width, `min(natural width, R_title.width − imageW)`; ≤ 0 means hidden.
    /// The image's width counts only while the image is shown (U10).
    package func titleWidth(in content: CGRect) -> CGFloat {
        guard hasTitle else { return 0 }
        return min(titleSize.width, Area(content, titleEdgeInsets).width - effectiveImageWidth(in: content))
    }

    /// U3: the width centred as one group, image plus the title as shown.
    private func groupWidth(imageWidth: CGFloat, titleWidth: CGFloat) -> CGFloat {
        imageWidth + max(0, titleWidth)
    }

    /// The image view's frame inside `content` (U3, U5, U11), snapped (U7); `.zero` when there is no
    /// image or its area has no width.
    package func imageRect(in content: CGRect) -> CGRect {
        placed(in: content) { geometry in geometry.leftToRightImageRect(in: content) }
    }

    /// The title label's frame inside `content` (U3, U5, U10, U11), snapped (U7); `.zero` when the
    /// title is hidden (no title, or no width left for it).
    package func titleRect(in content: CGRect) -> CGRect {
        placed(in: content) { geometry in geometry.leftToRightTitleRect(in: content) }
    }

    /// U11: a right-to-left button is its left-to-right layout mirrored in the content rect, with the
    /// insets read mirrored too so that each stays on its physical side (`UIEdgeInsets` are left and
    /// right, not leading and trailing); the mirror happens before snapping.
    private func placed(in content: CGRect, _ part: (ButtonGeometry) -> CGRect?) -> CGRect {
        guard layoutDirection == .rightToLeft else { return part(self).map(snap) ?? .zero }
        var mirror = self
        mirror.layoutDirection = .leftToRight
        mirror.imageEdgeInsets = Self.swapped(imageEdgeInsets)
        mirror.titleEdgeInsets = Self.swapped(titleEdgeInsets)
        switch horizontal.resolved(for: .rightToLeft) {  // physical sides, then mirrored
        case .left: mirror.horizontal = .right
        case .right: mirror.horizontal = .left
        case let other: mirror.horizontal = other
        }
        guard var rect = part(mirror) else { return .zero }
        rect.origin.x = content.minX + content.maxX - rect.maxX
        return snap(rect)
    }

    private static func swapped(_ insets: EdgeInsets) -> EdgeInsets {
        EdgeInsets(top: insets.top, left: insets.right, bottom: insets.bottom, right: insets.left)
    }

    /// U3, U5 with the image before the title, unsnapped; nil when the image is absent or hidden.
    private func leftToRightImageRect(in content: CGRect) -> CGRect? {
        guard hasImage else { return nil }
        let area = Area(content, imageEdgeInsets)
        let shownTitle = titleWidth(in: content)
        let group = groupWidth(imageWidth: imageSize.width, titleWidth: shownTitle)
        // Narrower than the image means squeezed; a negative width (crossed insets) stays negative and
        // the standardised rect spans the crossed edges, as a frame with a negative width does.
        var width = min(imageSize.width, area.width)
        let x: CGFloat
        switch horizontal.resolved(for: .leftToRight) {
        case .left: x = area.minX
        case .right: x = area.maxX - group
        case .fill:
            x = area.minX
            // An image alone stretches; beside a title it keeps its width (a title cannot stretch).
            if shownTitle <= 0 { width = area.width }
        default: x = area.minX + max(0, area.width - group) / 2
        }
        guard width != 0 else { return nil }
        let (y, height) = verticalPlacement(natural: imageSize.height, in: area)
        guard height != 0 else { return nil }
        return CGRect(x: x, y: y, width: width, height: height).standardized
    }

    /// U3, U5, U10 with the title after the image's slot, unsnapped; nil when the title is hidden.
    private func leftToRightTitleRect(in content: CGRect) -> CGRect? {
        let width = titleWidth(in: content)
        guard width > 0 else { return nil }
        let area = Area(content, titleEdgeInsets)
        let imageWidth = effectiveImageWidth(in: content)
        let group = groupWidth(imageWidth: imageWidth, titleWidth: width)
        let x: CGFloat
        switch horizontal.resolved(for: .leftToRight) {
        case .left, .fill: x = area.minX + imageWidth
        case .right: x = area.maxX - width
        default: x = area.minX + max(0, area.width - group) / 2 + imageWidth
        }
        let (y, height) = verticalPlacement(natural: titleSize.height, in: area)
        guard height > 0 else { return nil }
        return CGRect(x: x, y: y, width: width, height: height)
    }

    /// Each element in its own area: `min(natural, area height)` tall, placed by the vertical alignment.
    private func verticalPlacement(natural: CGFloat, in area: Area) -> (y: CGFloat, height: CGFloat) {
        let height = min(natural, area.height)
        switch vertical {
        case .top: return (area.minY, height)
        case .bottom: return (area.maxY - height, height)
        case .fill: return (area.minY, area.height)
        case .center: return (area.minY + (area.height - height) / 2, height)
        }
    }

    /// U7: the origin rounded to the nearest pixel (halves up: 17.25 at 2x is 17.5), the size rounded up
    /// to whole pixels.
    private func snap(_ rect: CGRect) -> CGRect {
        guard let scale else { return rect }
        return CGRect(
            x: ButtonGeometry.roundToPixel(rect.minX, scale: scale),
            y: ButtonGeometry.roundToPixel(rect.minY, scale: scale),
            width: ceilToPixel(rect.width, scale: scale), height: ceilToPixel(rect.height, scale: scale))
    }

    /// `roundPx`: the nearest pixel boundary, halves towards +infinity so both edges of a frame move the
    /// same way whatever their sign.
    package static func roundToPixel(_ value: CGFloat, scale: CGFloat) -> CGFloat {
        ((value * scale) + 0.5 + 1e-9).rounded(.down) / scale
    }
}
