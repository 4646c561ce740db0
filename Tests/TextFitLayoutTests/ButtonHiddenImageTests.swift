import Foundation
import Testing
import TextFitLayout

/// U10: image insets that squeeze the image to exactly zero width hide it, and the title is centred
/// alone — the mirror of U3's hidden title. The numbers are seed 000's experiment on its 65 × 37.5
/// button (a 16 pt image, a title about 49 pt wide): right 75 with left −10, right 65 alone, and left and
/// right adding up to the button's width all leave "no image, only the title, centred".
@Suite struct ButtonHiddenImageTests {
    static let content = CGRect(x: 0, y: 0, width: 65, height: 37.5)
    static let image = CGSize(width: 16, height: 16)
    static let title = CGSize(width: 49, height: 18)

    static let squeezing: [EdgeInsets] = [
        EdgeInsets(left: -10, right: 75),
        EdgeInsets(right: 65),
        EdgeInsets(left: 10, right: 55),
    ]

    /// The post's three insets: image gone, title at x = (65 − 49) / 2 = 8, its full 49 pt.
    @Test(arguments: squeezing)
    func squeezedImageRecentresTheTitle(_ insets: EdgeInsets) {
        let geometry = ButtonGeometry(imageSize: Self.image, titleSize: Self.title, imageEdgeInsets: insets, scale: 2)
        #expect(geometry.imageRect(in: Self.content) == .zero)
        let title = geometry.titleRect(in: Self.content)
        #expect(title.minX == 8)
        #expect(title.width == 49)
        #expect(title.minY == 10)  // (37.5 − 18) / 2 = 9.75, snapped at 2x (U7)
    }

    /// A squeeze short of zero keeps the image (narrower) and the title in its slot after it (U4: left
    /// 10, right 45 puts the image at 10, 10 wide; the title stays at 16); crossed insets keep it too.
    @Test func aNarrowedImageStillHoldsItsSlot() {
        let narrowed = ButtonGeometry(
            imageSize: Self.image, titleSize: Self.title,
            imageEdgeInsets: EdgeInsets(left: 10, right: 45), scale: 2)
        #expect(narrowed.imageRect(in: Self.content).width == 10)
        #expect(narrowed.titleRect(in: Self.content).minX == 16)
        let crossed = ButtonGeometry(
            imageSize: Self.image, titleSize: Self.title,
            imageEdgeInsets: EdgeInsets(left: -10, right: 150), scale: 2)
        #expect(crossed.imageRect(in: Self.content).width > 0)
        #expect(crossed.titleRect(in: Self.content).minX == 16)
    }

    /// With the image hidden the title also gets the image's width back: a title as wide as the content
    /// is not cut by the absent image.
    @Test func theTitleTakesTheWholeArea() {
        let wide = ButtonGeometry(
            imageSize: Self.image, titleSize: CGSize(width: 65, height: 18),
            imageEdgeInsets: EdgeInsets(right: 65))
        #expect(wide.titleWidth(in: Self.content) == 65)
        #expect(wide.titleRect(in: Self.content).minX == 0)
        // Left and right alignment place the lone title at the area's edge, no image slot before it.
        var left = wide
        left.titleSize = Self.title
        left.horizontal = .left
        #expect(left.titleRect(in: Self.content).minX == 0)
    }

    /// Through `ButtonLayout` with a measured title: the title's frame is centred in the 65 pt button.
    @Test func measuredButton() throws {
        var button = ButtonLayout(title: "Button", font: try Fixtures.font(15), imageSize: Self.image, scale: 2)
        let titleWidth = try button.titleSize.width
        button.imageEdgeInsets = EdgeInsets(left: -10, right: 75)
        let frames = try button.layout(in: CGRect(x: 0, y: 0, width: 65, height: 37.5))
        #expect(frames.imageRect == .zero)
        #expect(frames.titleRect.minX == ButtonGeometry.roundToPixel((65 - titleWidth) / 2, scale: 2))
        #expect(frames.titleLines?.first?.text == "Button")
    }
}
