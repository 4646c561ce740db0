import Foundation

/// The legacy button's placement rules (U3, U5, U7) as arithmetic on sizes, with the title already
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

    package init(imageSize: CGSize = .zero, titleSize: CGSize = .zero, imageEdgeInsets: EdgeInsets = .zero,
                 titleEdgeInsets: EdgeInsets = .zero, horizontal: ContentHorizontalAlignment = .center,
                 vertical: ContentVerticalAlignment = .center, scale: CGFloat? = nil) {
        self.imageSize = imageSize
        self.titleSize = titleSize
        self.imageEdgeInsets = imageEdgeInsets
        self.titleEdgeInsets = titleEdgeInsets
        self.horizontal = horizontal
        self.vertical = vertical
        self.scale = scale
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

    /// U3: the title label's width, `min(natural width, R_title.width − imageW)`; ≤ 0 means hidden.
    package func titleWidth(in content: CGRect) -> CGFloat {
        guard hasTitle else { return 0 }
        return min(titleSize.width, Area(content, titleEdgeInsets).width - imageSize.width)
    }

    /// U3: the width centred as one group, image plus the title as shown.
    private func groupWidth(titleWidth: CGFloat) -> CGFloat {
        imageSize.width + max(0, titleWidth)
    }

    /// The image view's frame inside `content` (U3, U5), snapped (U7); `.zero` when there is no image or
    /// its area has no width.
    package func imageRect(in content: CGRect) -> CGRect {
        guard hasImage else { return .zero }
        let area = Area(content, imageEdgeInsets)
        let shownTitle = titleWidth(in: content)
        let group = groupWidth(titleWidth: shownTitle)
        // Narrower than the image means squeezed; a negative width (crossed insets) stays negative and
        // the standardised rect spans the crossed edges, as a frame with a negative width does.
        var width = min(imageSize.width, area.width)
        let x: CGFloat
        switch horizontal.resolved {
        case .left: x = area.minX
        case .right: x = area.maxX - group
        case .fill:
            x = area.minX
            // An image alone stretches; beside a title it keeps its width (a title cannot stretch).
            if shownTitle <= 0 { width = area.width }
        default: x = area.minX + max(0, area.width - group) / 2
        }
        guard width != 0 else { return .zero }
        let (y, height) = verticalPlacement(natural: imageSize.height, in: area)
        guard height != 0 else { return .zero }
        return snap(CGRect(x: x, y: y, width: width, height: height).standardized)
    }

    /// The title label's frame inside `content` (U3, U5), snapped (U7); `.zero` when the title is
    /// hidden (no title, or no width left for it).
    package func titleRect(in content: CGRect) -> CGRect {
        let width = titleWidth(in: content)
        guard width > 0 else { return .zero }
        let area = Area(content, titleEdgeInsets)
        let group = groupWidth(titleWidth: width)
        let x: CGFloat
        switch horizontal.resolved {
        case .left, .fill: x = area.minX + imageSize.width
        case .right: x = area.maxX - width
        default: x = area.minX + max(0, area.width - group) / 2 + imageSize.width
        }
        let (y, height) = verticalPlacement(natural: titleSize.height, in: area)
        guard height > 0 else { return .zero }
        return snap(CGRect(x: x, y: y, width: width, height: height))
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
        return CGRect(x: ButtonGeometry.roundToPixel(rect.minX, scale: scale),
                      y: ButtonGeometry.roundToPixel(rect.minY, scale: scale),
                      width: ceilToPixel(rect.width, scale: scale), height: ceilToPixel(rect.height, scale: scale))
    }

    /// `roundPx`: the nearest pixel boundary, halves towards +infinity so both edges of a frame move the
    /// same way whatever their sign.
    package static func roundToPixel(_ value: CGFloat, scale: CGFloat) -> CGFloat {
        ((value * scale) + 0.5 + 1e-9).rounded(.down) / scale
    }
}
