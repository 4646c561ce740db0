import Foundation
import Testing
import TextFitLayout

/// U11: `semanticContentAttribute`. `.forceRightToLeft` puts the image after the title by mirroring
/// the button's layout in its content rect; `UIEdgeInsets` stay on their physical sides, directional
/// configuration insets and placements follow leading and trailing.
@Suite struct ButtonSemanticContentTests {
    static let content = CGRect(x: 0, y: 0, width: 335, height: 40.5)
    static let image = CGSize(width: 32, height: 32)
    static let title = CGSize(width: 54, height: 21.5)

    func geometry(
        _ direction: LayoutDirection, image insets: EdgeInsets = .zero,
        horizontal: ContentHorizontalAlignment = .center
    ) -> ButtonGeometry {
        ButtonGeometry(
            imageSize: Self.image, titleSize: Self.title, imageEdgeInsets: insets, horizontal: horizontal,
            scale: 2, layoutDirection: direction)
    }

    /// U4's 335 pt button: left to right the image is at 124.5 and the title at 156.5 (the 86 pt group
    /// centred); right to left the same group holds the title at 124.5 and the image after it at
    /// 124.5 + 54 = 178.5. Vertical placement does not change.
    @Test func rightToLeftPutsTheImageAfterTheTitle() {
        let ltr = geometry(.leftToRight), rtl = geometry(.rightToLeft)
        #expect(ltr.imageRect(in: Self.content).minX == 124.5 && ltr.titleRect(in: Self.content).minX == 156.5)
        #expect(rtl.titleRect(in: Self.content) == CGRect(x: 124.5, y: 9.5, width: 54, height: 21.5))
        #expect(rtl.imageRect(in: Self.content) == CGRect(x: 178.5, y: 4.5, width: 32, height: 32))
    }

    /// Edge insets are physical: a left image inset of 50 moves the image 25 pt right in both directions
    /// (124.5 → 149.5, 178.5 → 203.5).
    @Test func insetsStayOnTheirPhysicalSide() {
        let insets = EdgeInsets(left: 50)
        #expect(geometry(.leftToRight, image: insets).imageRect(in: Self.content).minX == 149.5)
        #expect(geometry(.rightToLeft, image: insets).imageRect(in: Self.content).minX == 203.5)
    }

    /// `.leading` is the right edge right to left: the group ends at 335, the image last (303), the title
    /// before it (249); `.left` stays left: title at 0, image at 54.
    @Test func leadingAndTrailingFollowTheDirection() {
        let leading = geometry(.rightToLeft, horizontal: .leading)
        #expect(leading.imageRect(in: Self.content).minX == 303)
        #expect(leading.titleRect(in: Self.content).minX == 249)
        let left = geometry(.rightToLeft, horizontal: .left)
        #expect(left.titleRect(in: Self.content).minX == 0)
        #expect(left.imageRect(in: Self.content).minX == 54)
        let trailing = geometry(.leftToRight, horizontal: .trailing)
        #expect(trailing.titleRect(in: Self.content).maxX == 335)
    }

    /// Through `ButtonLayout`: `.unspecified` and `.forceLeftToRight` are today's layout; right to left
    /// swaps image and title inside the same group, and the size does not change.
    @Test func legacyButton() throws {
        var button = ButtonLayout(
            title: "Next", font: try Fixtures.font(17), imageSize: CGSize(width: 16, height: 16),
            scale: 2)
        let bounds = CGRect(x: 0, y: 0, width: 200, height: 44)
        let ltr = try button.layout(in: bounds)
        button.semanticContentAttribute = .forceLeftToRight
        #expect(try button.layout(in: bounds) == ltr)
        let size = try button.intrinsicContentSize
        button.semanticContentAttribute = .forceRightToLeft
        let rtl = try button.layout(in: bounds)
        #expect(try button.intrinsicContentSize == size)
        #expect(rtl.imageRect.minX >= rtl.titleRect.maxX)
        #expect(rtl.titleRect.minX == ltr.imageRect.minX)  // the group does not move
        #expect(rtl.imageRect.maxX == ltr.titleRect.maxX)
        #expect(rtl.titleLines == ltr.titleLines)
    }

    /// The configuration model: leading and trailing content insets and image placement follow the
    /// direction. A 24 pt image with 8 pt padding and insets leading 20, trailing 4: left to right the
    /// image is at 20 and the title at 52; right to left the content rect starts at 4, the title at 4
    /// and the image at the right end (width − 20 − 24).
    @Test func configurationButton() throws {
        var button = ButtonConfiguration(
            title: "Next", titleFont: try Fixtures.font(17),
            imageSize: CGSize(width: 24, height: 24), scale: 2)
        button.imagePadding = 8
        button.contentInsets = DirectionalEdgeInsets(top: 7, leading: 20, bottom: 7, trailing: 4)
        let size = try button.intrinsicContentSize
        let bounds = CGRect(origin: .zero, size: size)
        let ltr = try button.layout(in: bounds)
        #expect(ltr.imageRect.minX == 20 && ltr.titleRect.minX == 52)
        button.semanticContentAttribute = .forceRightToLeft
        #expect(try button.intrinsicContentSize == size)
        let rtl = try button.layout(in: bounds)
        #expect(rtl.contentRect.minX == 4)
        #expect(rtl.titleRect.minX == 4)
        #expect(rtl.imageRect == CGRect(x: size.width - 20 - 24, y: ltr.imageRect.minY, width: 24, height: 24))
        #expect(rtl.titleRect.width == ltr.titleRect.width)
    }
}
