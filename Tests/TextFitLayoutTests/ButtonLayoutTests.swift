import Foundation
import Testing
import TextFitLayout

/// `ButtonLayout`: the legacy button with its title measured by TextFit (rules U1, U2, U6, U7), in the
/// bundled Noto Sans.
@Suite struct ButtonLayoutTests {
    func button(
        _ title: String? = "Download", size: CGFloat = 17, image: CGSize = CGSize(width: 32, height: 32),
        scale: CGFloat = 2
    ) throws -> ButtonLayout {
        ButtonLayout(title: title, font: try Fixtures.font(size), imageSize: image, scale: scale)
    }

    /// U2: width = image + title + left + right content insets; height = max(image, title) + top + bottom;
    /// the title is the single-line label size rounded up to the pixel grid.
    @Test func intrinsicSizeUsesOnlyContentInsets() throws {
        var button = try button()
        let font = try Fixtures.font(17)
        let titleWidth = Fixtures.ceilPx(try Fixtures.width("Download", font), 2)
        let titleHeight = Fixtures.ceilPx(Fixtures.lineHeight17, 2)
        #expect(try button.titleSize == CGSize(width: titleWidth, height: titleHeight))
        button.contentEdgeInsets = EdgeInsets(top: 4, left: 10, bottom: 6, right: 12)
        let expected = CGSize(width: 32 + titleWidth + 22, height: max(32, titleHeight) + 10)
        #expect(try button.intrinsicContentSize == expected)
        // Image and title insets never change the size.
        button.imageEdgeInsets = EdgeInsets(top: 30, left: 40, bottom: -5, right: 9)
        button.titleEdgeInsets = EdgeInsets(top: -3, left: 70, bottom: 8, right: -20)
        #expect(try button.intrinsicContentSize == expected)
        // sizeThatFits ignores the proposal: the title stays on one line.
        #expect(try button.sizeThatFits(CGSize(width: 20, height: 10)) == expected)
        #expect(try button.sizeThatFits(CGSize(width: CGFloat.infinity, height: 0)) == expected)
    }

    /// U2 (observed): a title-only button with zero content insets is its title's height plus 6 pt above
    /// and below (an 18 pt title 21 pt tall made a 33 pt button); any content inset turns that off.
    @Test func implicitTitlePadding() throws {
        var button = try button("Tap me", size: 18, image: .zero)
        let title = try button.titleSize
        #expect(try button.intrinsicContentSize == CGSize(width: title.width, height: title.height + 12))
        button.contentEdgeInsets = EdgeInsets(top: 0.5)
        #expect(try button.intrinsicContentSize.height == title.height + 0.5)
        // An image-only button gets no padding.
        let imageOnly = try self.button(nil, image: CGSize(width: 24, height: 20))
        #expect(try imageOnly.intrinsicContentSize == CGSize(width: 24, height: 20))
        // Nothing at all is UIKit's empty button, 30 × 34 (U9); a background image is a minimum.
        var empty = try self.button(nil, image: .zero)
        #expect(try empty.intrinsicContentSize == CGSize(width: 30, height: 34))
        empty.backgroundImageSize = CGSize(width: 44, height: 44)
        #expect(try empty.intrinsicContentSize == CGSize(width: 44, height: 44))
    }

    /// At the intrinsic size the content rect is the bounds inset by the content insets and the group
    /// fills it: image at its left edge, title right after (U1, U3).
    @Test func sizedToFit() throws {
        var button = try button()
        button.contentEdgeInsets = EdgeInsets(top: 8, left: 16, bottom: 8, right: 16)
        let size = try button.intrinsicContentSize
        let frames = try button.layout(in: CGRect(origin: .zero, size: size))
        #expect(frames.contentRect == CGRect(x: 16, y: 8, width: size.width - 32, height: size.height - 16))
        #expect(frames.imageRect.minX == 16)
        #expect(frames.titleRect.minX == 48)
        #expect(frames.titleRect.maxX == size.width - 16)
        #expect(frames.titleLines?.first?.text == "Download")
        #expect(frames.titleLines?.first?.isTruncated == false)
        #expect(frames.subtitleRect == .zero)
        // The same rects through UIKit's three methods.
        let content = try button.contentRect(forBounds: frames.bounds)
        #expect(try button.imageRect(forContentRect: content) == frames.imageRect)
        #expect(try button.titleRect(forContentRect: content) == frames.titleRect)
    }

    /// U3/U4: a positive title inset in a button sized to fit squeezes the label by the inset, and its
    /// text is truncated at the tail; the image moves half the inset.
    @Test func squeezedTitleTruncates() throws {
        var button = try button("Continue")
        let size = try button.intrinsicContentSize
        let bounds = CGRect(origin: .zero, size: size)
        let before = try button.layout(in: bounds)
        button.titleEdgeInsets = EdgeInsets(left: 30)
        let after = try button.layout(in: bounds)
        #expect(after.titleRect.width == before.titleRect.width - 30)
        #expect(after.titleRect.minX == before.titleRect.minX + 30)
        #expect(after.imageRect.minX == before.imageRect.minX + 15)
        let line = try #require(after.titleLines?.first)
        #expect(line.isTruncated)
        #expect(line.text.hasSuffix("…"))
        #expect(line.width <= after.titleRect.width)
        // Another line-break mode cuts elsewhere.
        button.titleLineBreakMode = .byTruncatingHead
        #expect(try button.layout(in: bounds).titleLines?.first?.text.hasPrefix("…") == true)
    }

    /// A narrower button than the group: the title label takes what is left after the image (U3).
    @Test func narrowBoundsSqueezeTheTitle() throws {
        let button = try button("A long button title")
        let frames = try button.layout(in: CGRect(x: 0, y: 0, width: 100, height: 44))
        #expect(frames.imageRect.minX == 0)
        #expect(frames.titleRect.minX == 32)
        #expect(frames.titleRect.width == 68)
        #expect(frames.titleLines?.first?.isTruncated == true)
    }

    /// Bounds with an origin: every rect moves with it.
    @Test func boundsOrigin() throws {
        let button = try button()
        let size = try button.intrinsicContentSize
        let atZero = try button.layout(in: CGRect(origin: .zero, size: size))
        let moved = try button.layout(in: CGRect(origin: CGPoint(x: 10, y: 20), size: size))
        #expect(moved.imageRect == atZero.imageRect.offsetBy(dx: 10, dy: 20))
        #expect(moved.titleRect == atZero.titleRect.offsetBy(dx: 10, dy: 20))
    }

    /// U6: title left of the image; the pair stays centred and keeps its width.
    @Test func titleLeftOfImageRecipe() throws {
        var button = try button()
        let plain = try button.layout(in: CGRect(x: 0, y: 0, width: 240, height: 44))
        try button.placeTitleLeftOfImage()
        let swapped = try button.layout(in: CGRect(x: 0, y: 0, width: 240, height: 44))
        #expect(swapped.titleRect.maxX == swapped.imageRect.minX)
        #expect(swapped.titleRect.minX == plain.imageRect.minX)
        #expect(swapped.imageRect.maxX == plain.titleRect.maxX)
        #expect(swapped.titleRect.width == plain.titleRect.width)
        #expect(swapped.titleLines?.first?.isTruncated == false)
    }

    /// U6: image above the title with a spacing; both centred on the button's centre line, the stack
    /// centred vertically, and the intrinsic height grown to hold it.
    @Test(arguments: [CGFloat(0), 6, 10.5])
    func imageAboveTitleRecipe(spacing: CGFloat) throws {
        var button = try button("Share", image: CGSize(width: 40, height: 40))
        let title = try button.titleSize
        try button.placeImageAboveTitle(spacing: spacing)
        let size = try button.intrinsicContentSize
        #expect(size.height == Fixtures.ceilPx(40 + spacing + title.height, 2))
        for bounds in [CGRect(origin: .zero, size: size), CGRect(x: 0, y: 0, width: 200, height: 120)] {
            let frames = try button.layout(in: bounds)
            #expect(abs(frames.imageRect.midX - bounds.midX) <= 0.25)
            #expect(abs(frames.titleRect.midX - bounds.midX) <= 0.25)
            #expect(abs(frames.titleRect.minY - frames.imageRect.maxY - spacing) <= 0.5)
            let stackMid = (frames.imageRect.minY + frames.titleRect.maxY) / 2
            #expect(abs(stackMid - bounds.midY) <= 0.5)
            #expect(frames.titleRect.width == title.width)
        }
    }

    /// Changing the title or font remeasures; copies share the prepared title.
    @Test func titleChangesRemeasure() throws {
        var button = try button("Go")
        let short = try button.titleSize.width
        button.title = "Go further"
        #expect(try button.titleSize.width > short)
        button.font = try Fixtures.font(34)
        #expect(try button.titleSize.height == Fixtures.ceilPx(Fixtures.lineHeight17 * 2, 2))
        button.title = ""
        #expect(try button.titleSize == .zero)
    }
}

/// The SizingButtons article's example (moved from the README): its comments' claims checked.
@Suite struct ButtonReadmeExampleTests {
    @Test func readmeExample() throws {
        let font = try Font.systemFont(ofSize: 15)
        var button = ButtonLayout(title: "Download", font: font, imageSize: CGSize(width: 24, height: 24), scale: 2)
        button.contentEdgeInsets = EdgeInsets(top: 8, left: 16, bottom: 8, right: 16)
        let size = try button.intrinsicContentSize  // 127.5 × 40: image + title + 32, max(24, title) + 16 (U2)
        button.imageEdgeInsets = EdgeInsets(left: 20)  // insets act halved: the image moves 10 pt right (U3)
        let frames = try button.layout(in: CGRect(x: 0, y: 0, width: 200, height: 44))
        // frames.imageRect (62.5, 10, 24, 24), 10 pt right of centre; frames.titleRect (76.5, 12, 71.5, 20.5)

        var upload = ButtonConfiguration(
            title: "Upload", titleFont: font, subtitle: "3 files",
            imageSize: CGSize(width: 24, height: 24), scale: 2)
        upload.imagePlacement = .top
        upload.imagePadding = 6
        let uploadSize = try upload.intrinsicContentSize  // 75 × 85: image, 6 pt, title, subtitle + insets (U8)

        #expect(size == CGSize(width: 127.5, height: 40))
        #expect(frames.imageRect == CGRect(x: 62.5, y: 10, width: 24, height: 24))
        #expect(frames.titleRect == CGRect(x: 76.5, y: 12, width: 71.5, height: 20.5))
        #expect(uploadSize == CGSize(width: 75, height: 85))
    }
}
