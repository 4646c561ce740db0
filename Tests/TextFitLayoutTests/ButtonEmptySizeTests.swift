import Foundation
import Testing
import TextFitLayout

/// U9: a legacy button with no title and no image sizes to 30 × 34, as UIKit's does
/// (flowkey/UIKit-cross-platform, `UIKitTests/Button/ButtonSizeToFitTests.swift`,
/// `testSizeToFitWithNoLabelAndNoImage`: `Button(frame: .zero)` then `sizeToFit()`, asserted in its iOS
/// test target against UIKit itself).
@Suite struct ButtonEmptySizeTests {
    @Test func emptyButtonIs30By34() throws {
        for title in [nil, ""] as [String?] {
            let button = ButtonLayout(title: title, font: try Fixtures.font(17), scale: 2)
            #expect(try button.intrinsicContentSize == CGSize(width: 30, height: 34))
            #expect(try button.sizeThatFits(.zero) == CGSize(width: 30, height: 34))  // sizeToFit
            #expect(try button.sizeThatFits(CGSize(width: 300, height: 300)) == ButtonLayout.emptyContentSize)
        }
    }

    /// The same target's other assertions hold as before: an image alone is its own size (80 × 80), a
    /// title gets 6 pt above and below (U2).
    @Test func contentStillSizesTheButton() throws {
        let image = ButtonLayout(font: try Fixtures.font(16), imageSize: CGSize(width: 80, height: 80))
        #expect(try image.intrinsicContentSize == CGSize(width: 80, height: 80))
        let title = ButtonLayout(title: "Short", font: try Fixtures.font(12))
        #expect(try title.intrinsicContentSize.height == (try title.titleSize.height) + 12)
    }

    /// Content insets add to the empty size (inferred); a background image is a minimum as always and
    /// makes the button non-empty.
    @Test func insetsAndBackground() throws {
        var button = ButtonLayout(font: try Fixtures.font(17))
        button.contentEdgeInsets = EdgeInsets(top: 2, left: 4, bottom: 2, right: 4)
        #expect(try button.intrinsicContentSize == CGSize(width: 38, height: 38))
        button.contentEdgeInsets = .zero
        button.backgroundImageSize = CGSize(width: 20, height: 20)
        #expect(try button.intrinsicContentSize == CGSize(width: 20, height: 20))
    }
}
