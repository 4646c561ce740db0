import Foundation
import Testing
import TextFitLayout

/// The legacy button's placement (rules U3–U5, U7) against frames published from UIKit's view debugger,
/// with the title's size given as published (so no font is involved).
@Suite struct ButtonGeometryTests {
    /// One published measurement: the button's width and height, image and title sizes, the three insets,
    /// and the image and title x (and, where published, the title's y).
    struct Check: CustomTestStringConvertible, Sendable {
        var source: String
        var bounds: CGSize
        var image: CGSize
        var title: CGSize
        var content = EdgeInsets.zero
        var imageInsets = EdgeInsets.zero
        var titleInsets = EdgeInsets.zero
        var imageX: CGFloat?
        var imageWidth: CGFloat?
        var titleX: CGFloat?
        var titleY: CGFloat?
        var titleWidth: CGFloat?
        var testDescription: String { source }
    }

    // 335 pt wide, 32 pt image, 54 × 21.5 title (the label's frame was (156.5, 9.5, 54, 21.5), so the
    // button was 40.5 tall). Published on a 2x device, so the checks use scale 2.
    static let wide = CGSize(width: 335, height: 40.5)
    static let image32 = CGSize(width: 32, height: 32)
    static let title54 = CGSize(width: 54, height: 21.5)

    /// U4, every worked check, plus the image-only table of the same write-up.
    static let checks: [Check] = [
        // Image only: x = (335 − 32 − left − right) / 2 + left.
        Check(source: "U4 image only", bounds: wide, image: image32, title: .zero, imageX: 151.5),
        Check(
            source: "U4 image only, image left 10", bounds: wide, image: image32, title: .zero,
            imageInsets: EdgeInsets(left: 10), imageX: 156.5),
        Check(
            source: "U4 image only, image right 100", bounds: wide, image: image32, title: .zero,
            imageInsets: EdgeInsets(right: 100), imageX: 101.5),
        Check(
            source: "U4 image only, image left 10 right 100", bounds: wide, image: image32, title: .zero,
            imageInsets: EdgeInsets(left: 10, right: 100), imageX: 106.5),
        // Image + title centred as one 86 pt group.
        Check(
            source: "U4 image + title", bounds: wide, image: image32, title: title54,
            imageX: 124.5, titleX: 156.5, titleY: 9.5, titleWidth: 54),
        Check(
            source: "U4 image left 50", bounds: wide, image: image32, title: title54,
            imageInsets: EdgeInsets(left: 50), imageX: 149.5, titleX: 156.5),
        Check(
            source: "U4 title right 100", bounds: wide, image: image32, title: title54,
            titleInsets: EdgeInsets(right: 100), imageX: 124.5, titleX: 106.5),
        Check(
            source: "U4 image left 50, title right 100", bounds: wide, image: image32, title: title54,
            imageInsets: EdgeInsets(left: 50), titleInsets: EdgeInsets(right: 100), imageX: 149.5, titleX: 106.5),
        Check(
            source: "U4 content left 20", bounds: wide, image: image32, title: title54,
            content: EdgeInsets(left: 20), imageX: 134.5, titleX: 166.5, titleY: 9.5, titleWidth: 54),
        // 100 pt button, image + title 47 pt (any split: 20 + 27 here).
        Check(
            source: "U4 100 pt, 47 pt group", bounds: CGSize(width: 100, height: 30),
            image: CGSize(width: 20, height: 20), title: CGSize(width: 27, height: 18),
            imageX: 26.5, titleX: 46.5),
        Check(
            source: "U4 100 pt, title right 10 moves it 5 left", bounds: CGSize(width: 100, height: 30),
            image: CGSize(width: 20, height: 20), title: CGSize(width: 27, height: 18),
            titleInsets: EdgeInsets(right: 10), imageX: 26.5, titleX: 41.5),
        // The seed's 65 pt button sized to fit a 16 pt image and a 49 pt title.
        Check(
            source: "U4 seed, no insets", bounds: CGSize(width: 65, height: 30), image: CGSize(width: 16, height: 16),
            title: CGSize(width: 49, height: 18), imageX: 0, imageWidth: 16, titleX: 16, titleWidth: 49),
        Check(
            source: "U4 seed, image (l 10, r -20) moves it 15 right", bounds: CGSize(width: 65, height: 30),
            image: CGSize(width: 16, height: 16), title: CGSize(width: 49, height: 18),
            imageInsets: EdgeInsets(left: 10, right: -20), imageX: 15, imageWidth: 16, titleX: 16),
        Check(
            source: "U4 seed, image (l 10, r 45) at 10, squeezed to 10", bounds: CGSize(width: 65, height: 30),
            image: CGSize(width: 16, height: 16), title: CGSize(width: 49, height: 18),
            imageInsets: EdgeInsets(left: 10, right: 45), imageX: 10, imageWidth: 10),
        Check(
            source: "U4 seed, image (l -10, r 10) moves it 10 left", bounds: CGSize(width: 65, height: 30),
            image: CGSize(width: 16, height: 16), title: CGSize(width: 49, height: 18),
            imageInsets: EdgeInsets(left: -10, right: 10), imageX: -10, imageWidth: 16),
        Check(
            source: "U4 seed, title left 10: title +10 squeezed, image +5", bounds: CGSize(width: 65, height: 30),
            image: CGSize(width: 16, height: 16), title: CGSize(width: 49, height: 18),
            titleInsets: EdgeInsets(left: 10), imageX: 5, titleX: 26, titleWidth: 39),
        Check(
            source: "U4 seed, title left -10: title -5, image still", bounds: CGSize(width: 65, height: 30),
            image: CGSize(width: 16, height: 16), title: CGSize(width: 49, height: 18),
            titleInsets: EdgeInsets(left: -10), imageX: 0, titleX: 11, titleWidth: 49),
        // A debugger dump of an 88 × 56 button (32 pt image, 37 × 21.5 title): the title's centred y of
        // 17.25 shows as 17.5 at 2x (U7).
        Check(
            source: "U7 88 x 56 button", bounds: CGSize(width: 88, height: 56), image: image32,
            title: CGSize(width: 37, height: 21.5), imageX: 9.5, titleX: 41.5, titleY: 17.5, titleWidth: 37),
    ]

    @Test(arguments: checks)
    func publishedFrames(_ check: Check) {
        let geometry = ButtonGeometry(
            imageSize: check.image, titleSize: check.title,
            imageEdgeInsets: check.imageInsets, titleEdgeInsets: check.titleInsets,
            scale: 2)
        let bounds = CGRect(origin: .zero, size: check.bounds)
        let content = CGRect(
            x: check.content.left, y: check.content.top,
            width: check.bounds.width - check.content.horizontal,
            height: check.bounds.height - check.content.vertical)
        let image = geometry.imageRect(in: content)
        let title = geometry.titleRect(in: content)
        if let x = check.imageX { #expect(image.minX == x, "image x") }
        if let width = check.imageWidth { #expect(image.width == width, "image width") }
        if let x = check.titleX { #expect(title.minX == x, "title x") }
        if let y = check.titleY { #expect(title.minY == y, "title y") }
        if let width = check.titleWidth { #expect(title.width == width, "title width") }
        // Image-only buttons have no title frame.
        if check.title == .zero { #expect(title == .zero) }
        #expect(bounds.contains(content))
    }

    /// The 88 × 56 dump also gives the image's frame whole: (9.5, 12, 32, 32).
    @Test func debuggerDumpImageFrame() {
        let geometry = ButtonGeometry(imageSize: Self.image32, titleSize: CGSize(width: 37, height: 21.5), scale: 2)
        let image = geometry.imageRect(in: CGRect(x: 0, y: 0, width: 88, height: 56))
        #expect(image == CGRect(x: 9.5, y: 12, width: 32, height: 32))
    }

    /// U7: at 1x the same 17.25 lands on 17; at 3x on 17.333.
    @Test func snappingFollowsTheScale() {
        func titleY(_ scale: CGFloat) -> CGFloat {
            ButtonGeometry(imageSize: Self.image32, titleSize: CGSize(width: 37, height: 21.5), scale: scale)
                .titleRect(in: CGRect(x: 0, y: 0, width: 88, height: 56)).minY
        }
        #expect(titleY(1) == 17)
        #expect(abs(titleY(3) - 52.0 / 3) < 1e-12)
        let unsnapped = ButtonGeometry(imageSize: Self.image32, titleSize: CGSize(width: 37, height: 21.5))
        #expect(unsnapped.titleRect(in: CGRect(x: 0, y: 0, width: 88, height: 56)).minY == 17.25)
    }

    /// U3: a title with no room left after the image is hidden, and the image is centred alone.
    @Test func titleWithoutRoomIsHidden() {
        let geometry = ButtonGeometry(
            imageSize: CGSize(width: 16, height: 16), titleSize: CGSize(width: 49, height: 18),
            titleEdgeInsets: EdgeInsets(left: 49), scale: 2)
        let content = CGRect(x: 0, y: 0, width: 65, height: 30)
        #expect(geometry.titleWidth(in: content) == 0)
        #expect(geometry.titleRect(in: content) == .zero)
        #expect(geometry.imageRect(in: content).minX == 24.5)
    }

    /// U3: image insets that cross over leave a rect spanning the crossed edges, [W − right, left].
    @Test func crossedImageInsetsSpanTheCrossedEdges() {
        let geometry = ButtonGeometry(
            imageSize: CGSize(width: 16, height: 16), imageEdgeInsets: EdgeInsets(left: 50, right: 45),
            scale: 2)
        let image = geometry.imageRect(in: CGRect(x: 0, y: 0, width: 65, height: 30))
        #expect(image.minX == 20)
        #expect(image.maxX == 50)
        // Exactly meeting edges leave no width: hidden.
        let meeting = ButtonGeometry(
            imageSize: CGSize(width: 16, height: 16), imageEdgeInsets: EdgeInsets(left: 40, right: 25))
        #expect(meeting.imageRect(in: CGRect(x: 0, y: 0, width: 65, height: 30)) == .zero)
    }

    /// U5: left and right alignment place at the area's edge, so insets act at full strength.
    @Test func leftAndRightAlignmentActAtFullStrength() {
        let content = CGRect(x: 0, y: 0, width: 335, height: 40.5)
        var geometry = ButtonGeometry(imageSize: Self.image32, titleSize: Self.title54, horizontal: .left, scale: 2)
        #expect(geometry.imageRect(in: content).minX == 0)
        #expect(geometry.titleRect(in: content).minX == 32)
        geometry.imageEdgeInsets = EdgeInsets(left: 50)
        geometry.titleEdgeInsets = EdgeInsets(left: 10)
        #expect(geometry.imageRect(in: content).minX == 50)
        #expect(geometry.titleRect(in: content).minX == 42)
        // Leading is left in a left-to-right layout.
        geometry.horizontal = .leading
        #expect(geometry.imageRect(in: content).minX == 50)

        var right = ButtonGeometry(imageSize: Self.image32, titleSize: Self.title54, horizontal: .right, scale: 2)
        #expect(right.titleRect(in: content).maxX == 335)
        #expect(right.imageRect(in: content).maxX == 281)
        right.titleEdgeInsets = EdgeInsets(right: 20)
        #expect(right.titleRect(in: content).maxX == 315)
        right.horizontal = .trailing
        #expect(right.titleRect(in: content).maxX == 315)
    }

    /// U5: fill stretches an image alone to its area; beside a title it places both as `.left`.
    @Test func fillStretchesALoneImage() {
        let content = CGRect(x: 0, y: 0, width: 100, height: 40)
        let alone = ButtonGeometry(imageSize: Self.image32, horizontal: .fill, vertical: .fill, scale: 2)
        #expect(alone.imageRect(in: content) == content)
        let both = ButtonGeometry(
            imageSize: Self.image32, titleSize: CGSize(width: 40, height: 20), horizontal: .fill,
            scale: 2)
        #expect(both.imageRect(in: content) == CGRect(x: 0, y: 4, width: 32, height: 32))
        #expect(both.titleRect(in: content) == CGRect(x: 32, y: 10, width: 40, height: 20))
    }

    /// Vertical alignments: each element at the top, bottom, or as tall as its own area.
    @Test func verticalAlignments() {
        let content = CGRect(x: 0, y: 0, width: 335, height: 40.5)
        var geometry = ButtonGeometry(imageSize: Self.image32, titleSize: Self.title54, vertical: .top, scale: 2)
        #expect(geometry.imageRect(in: content).minY == 0)
        #expect(geometry.titleRect(in: content).minY == 0)
        geometry.vertical = .bottom
        #expect(geometry.imageRect(in: content).maxY == 40.5)
        #expect(geometry.titleRect(in: content).maxY == 40.5)
        geometry.vertical = .fill
        #expect(geometry.titleRect(in: content).height == 40.5)
        geometry.vertical = .center
        geometry.titleEdgeInsets = EdgeInsets(top: 10)
        // Halved: 10 pt of top inset moves the title 5 pt down.
        #expect(geometry.titleRect(in: content).minY == 9.5 + 5)
    }
}
