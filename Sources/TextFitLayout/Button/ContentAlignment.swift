import Foundation

/// Where a button places its content across its width, like `UIControl.ContentHorizontalAlignment`.
///
/// ```swift
/// var button = ButtonLayout(title: "Next", font: font, imageSize: CGSize(width: 16, height: 16))
/// button.contentHorizontalAlignment = .left   // image at the content rect's left edge, title after it (U5)
/// ```
/// `.leading` and `.trailing` act as `.left` and `.right` in a left-to-right button, as `.right` and
/// `.left` in a right-to-left one (`semanticContentAttribute = .forceRightToLeft`, U11).
public enum ContentHorizontalAlignment: String, Sendable, Hashable, CaseIterable {
    /// Image and title centred as one group (U3). The default.
    case center
    /// Image at the left of its rect, the title after the image (U5).
    case left
    /// Title at the right of its rect, the image before the title (U5).
    case right
    /// An image without a title stretches to its rect's width; with a title both are placed as `.left`,
    /// since a title does not stretch (U5).
    case fill
    /// `.left` in a left-to-right button, `.right` in a right-to-left one.
    case leading
    /// `.right` in a left-to-right button, `.left` in a right-to-left one.
    case trailing

    /// The alignment with leading and trailing resolved for a layout direction (leading is the left in
    /// a left-to-right layout, the right in a right-to-left one).
    func resolved(for direction: LayoutDirection) -> ContentHorizontalAlignment {
        switch (self, direction) {
        case (.leading, .leftToRight), (.trailing, .rightToLeft): return .left
        case (.trailing, .leftToRight), (.leading, .rightToLeft): return .right
        default: return self
        }
    }
}

/// Where a button places its content across its height, like `UIControl.ContentVerticalAlignment`.
public enum ContentVerticalAlignment: String, Sendable, Hashable, CaseIterable {
    /// Each element centred in its own rect (U3). The default.
    case center
    /// Each element at the top of its rect.
    case top
    /// Each element at the bottom of its rect.
    case bottom
    /// Each element as tall as its rect.
    case fill
}
