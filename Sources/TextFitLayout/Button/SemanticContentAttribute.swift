import Foundation

/// Which way a button lays out its image and title, like `UISemanticContentAttribute` (rule U11).
///
/// ```swift
/// var button = ButtonLayout(title: "Next", font: font, imageSize: CGSize(width: 16, height: 16))
/// button.semanticContentAttribute = .forceRightToLeft   // the chevron after the title
/// ```
/// TextFit has no app-wide layout direction: `.unspecified` lays out left to right, as UIKit does in a
/// left-to-right language.
public enum SemanticContentAttribute: String, Sendable, Hashable, CaseIterable {
    /// The app's direction: left to right in TextFit. The default.
    case unspecified
    /// Always left to right: the image before the title, leading = left.
    case forceLeftToRight
    /// Always right to left: the image after the title, leading = right, the layout mirrored (U11).
    case forceRightToLeft

    /// The direction the button lays out in.
    public var layoutDirection: LayoutDirection {
        self == .forceRightToLeft ? .rightToLeft : .leftToRight
    }
}
