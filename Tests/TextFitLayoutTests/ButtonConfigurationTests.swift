import Foundation
import Testing
import TextFitLayout

/// `ButtonConfiguration`: the iOS 15 button model (rule U8) in the bundled Noto Sans. Expected values are
/// written out from the documented meaning of each property: `contentInsets` from the bounds to the
/// content, `imagePadding` between image and text, `titlePadding` between title and subtitle.
@Suite struct ButtonConfigurationTests {
    let image = CGSize(width: 24, height: 24)

    func configuration(
        _ title: String? = "Upload", subtitle: String? = nil,
        image: CGSize = CGSize(width: 24, height: 24)
    ) throws -> ButtonConfiguration {
        ButtonConfiguration(
            title: title, titleFont: try Fixtures.font(17), subtitle: subtitle,
            subtitleFont: try Fixtures.font(13), imageSize: image, scale: 2)
    }

    func textSize(_ text: String, _ size: CGFloat) throws -> CGSize {
        let font = try Fixtures.font(size)
        return CGSize(width: Fixtures.ceilPx(try Fixtures.width(text, font), 2), height: Fixtures.ceilPx(font.lineHeight, 2))
    }

    /// The documented and observed defaults (U8).
    @Test func defaults() throws {
        let button = try configuration()
        #expect(button.contentInsets == .init(top: 7, leading: 12, bottom: 7, trailing: 12))
        #expect(button.imagePlacement == .leading)
        #expect(button.imagePadding == 0)
        #expect(button.titlePadding == 0)
        #expect(button.imageReservation == 0)
        #expect(button.titleAlignment == .automatic)
        #expect(button.titleLineBreakMode == .byWordWrapping)
        #expect(button.subtitleLineBreakMode == .byWordWrapping)
    }

    /// Leading image: insets + image + padding + title wide, the taller of image and title high; the
    /// image at the content rect's leading edge, the title after the padding, both centred vertically.
    @Test func leadingImage() throws {
        var button = try configuration()
        button.imagePadding = 8
        let title = try textSize("Upload", 17)
        let size = try button.intrinsicContentSize
        #expect(size == CGSize(width: 12 + 24 + 8 + title.width + 12, height: 7 + max(24, title.height) + 7))
        let frames = try button.layout(in: CGRect(origin: .zero, size: size))
        #expect(frames.contentRect == CGRect(x: 12, y: 7, width: size.width - 24, height: size.height - 14))
        #expect(frames.imageRect.minX == 12)
        #expect(frames.titleRect.minX == 44)  // 12 + 24 + 8
        #expect(abs(frames.imageRect.midY - frames.contentRect.midY) <= 0.25)
        #expect(abs(frames.titleRect.midY - frames.contentRect.midY) <= 0.25)
        #expect(frames.titleRect.size == title)
        // In wider bounds the group is centred.
        let wide = try button.layout(in: CGRect(x: 0, y: 0, width: 300, height: 50))
        let groupWidth = 24 + 8 + title.width
        #expect(abs(wide.imageRect.minX - (300 - groupWidth) / 2) <= 0.25)
        #expect(abs(wide.titleRect.maxX - (300 + groupWidth) / 2) <= 0.25)
    }

    /// Trailing, top and bottom placements put the image on that side of the text.
    @Test func otherPlacements() throws {
        var button = try configuration()
        button.imagePadding = 6
        button.contentInsets = .zero
        let title = try textSize("Upload", 17)

        button.imagePlacement = .trailing
        var frames = try button.layout(in: CGRect(origin: .zero, size: try button.intrinsicContentSize))
        #expect(frames.titleRect.minX == 0)
        #expect(frames.imageRect.minX == title.width + 6)

        button.imagePlacement = .top
        let stacked = try button.intrinsicContentSize
        #expect(stacked == CGSize(width: max(24, title.width), height: 24 + 6 + title.height))
        frames = try button.layout(in: CGRect(origin: .zero, size: stacked))
        #expect(frames.imageRect.minY == 0)
        #expect(frames.titleRect.minY == 30)
        #expect(abs(frames.imageRect.midX - stacked.width / 2) <= 0.25)
        #expect(abs(frames.titleRect.midX - stacked.width / 2) <= 0.25)

        button.imagePlacement = .bottom
        frames = try button.layout(in: CGRect(origin: .zero, size: stacked))
        #expect(frames.titleRect.minY == 0)
        #expect(frames.imageRect.minY == title.height + 6)
    }

    /// `imagePadding` applies only with both an image and text; `titlePadding` only with both texts.
    @Test func paddingsNeedBothParts() throws {
        var imageOnly = try configuration(nil)
        imageOnly.imagePadding = 10
        imageOnly.titlePadding = 10
        #expect(try imageOnly.intrinsicContentSize == CGSize(width: 24 + 24, height: 24 + 14))
        var textOnly = try configuration(image: .zero)
        textOnly.imagePadding = 10
        textOnly.titlePadding = 10
        let title = try textSize("Upload", 17)
        #expect(try textOnly.intrinsicContentSize == CGSize(width: title.width + 24, height: title.height + 14))
    }

    /// Title above subtitle with `titlePadding` between; the block as wide as the wider of the two.
    @Test func subtitle() throws {
        var button = try configuration("Upload", subtitle: "3 files selected")
        button.titlePadding = 4
        button.imagePadding = 8
        let title = try textSize("Upload", 17)
        let subtitle = try textSize("3 files selected", 13)
        let blockHeight = title.height + 4 + subtitle.height
        let size = try button.intrinsicContentSize
        #expect(
            size
                == CGSize(
                    width: 12 + 24 + 8 + max(title.width, subtitle.width) + 12,
                    height: 7 + max(24, blockHeight) + 7))
        let frames = try button.layout(in: CGRect(origin: .zero, size: size))
        #expect(frames.subtitleRect.minY == frames.titleRect.maxY + 4)
        #expect(frames.subtitleRect.size == subtitle)
        // Automatic alignment beside a leading image: both texts start after the image.
        #expect(frames.titleRect.minX == frames.subtitleRect.minX)
        #expect(frames.subtitleLines?.first?.text == "3 files selected")
        // Explicit alignments.
        button.titleAlignment = .trailing
        var aligned = try button.layout(in: CGRect(origin: .zero, size: size))
        #expect(aligned.titleRect.maxX == aligned.subtitleRect.maxX)
        button.titleAlignment = .center
        aligned = try button.layout(in: CGRect(origin: .zero, size: size))
        #expect(abs(aligned.titleRect.midX - aligned.subtitleRect.midX) <= 0.25)
        // Automatic beside a trailing image aligns trailing; above or below an image it centres.
        button.titleAlignment = .automatic
        button.imagePlacement = .trailing
        aligned = try button.layout(in: CGRect(origin: .zero, size: try button.intrinsicContentSize))
        #expect(aligned.titleRect.maxX == aligned.subtitleRect.maxX)
        button.imagePlacement = .top
        aligned = try button.layout(in: CGRect(origin: .zero, size: try button.intrinsicContentSize))
        #expect(abs(aligned.titleRect.midX - aligned.subtitleRect.midX) <= 0.25)
    }

    /// Word wrapping (the documented default) wraps a long title at the room beside the image; a
    /// truncating mode keeps it on one line, cut with "…" (documented: other modes restrict the text to
    /// one line).
    @Test func multiLineTitle() throws {
        let text = "Send the selected photos to everyone in this conversation"
        var button = try configuration(text)
        button.imagePadding = 8
        let width: CGFloat = 200
        let room = width - 24 - 24 - 8
        let size = try button.sizeThatFits(CGSize(width: width, height: 0))
        let font = try Fixtures.font(17)
        let wrapped = try PreparedText(text, font: font).layout(width: room, lineBreakStrategy: .standard)
        #expect(wrapped.lineCount > 1)
        #expect(size.height == Fixtures.ceilPx(wrapped.size.height, 2) + 14)
        #expect(size.width <= width)
        let frames = try button.layout(in: CGRect(x: 0, y: 0, width: width, height: size.height))
        #expect(frames.titleLines?.count == wrapped.lineCount)
        #expect(frames.titleRect.height == Fixtures.ceilPx(wrapped.size.height, 2))

        button.titleLineBreakMode = .byTruncatingTail
        let single = try button.sizeThatFits(CGSize(width: width, height: 0))
        #expect(single.height == max(24, Fixtures.ceilPx(font.lineHeight, 2)) + 14)
        let cut = try button.layout(in: CGRect(x: 0, y: 0, width: width, height: single.height))
        #expect(cut.titleLines?.count == 1)
        #expect(cut.titleLines?.first?.text.hasSuffix("…") == true)
        #expect(cut.titleRect.width <= room)
        // Unbounded: one line per paragraph, never truncated.
        let natural = try button.intrinsicContentSize
        #expect(natural.width == 12 + 24 + 8 + Fixtures.ceilPx(try Fixtures.width(text, font), 2) + 12)
    }

    /// `imageReservation` (documented): a smaller image is centred in the reserved room along the
    /// placement axis; a larger one ignores it.
    @Test func imageReservation() throws {
        var button = try configuration()
        button.contentInsets = .zero
        button.imageReservation = 40
        let title = try textSize("Upload", 17)
        #expect(try button.intrinsicContentSize.width == 40 + title.width)
        let frames = try button.layout(in: CGRect(origin: .zero, size: try button.intrinsicContentSize))
        #expect(frames.imageRect.minX == 8)
        #expect(frames.titleRect.minX == 40)
        button.imageReservation = 10
        #expect(try button.intrinsicContentSize.width == 24 + title.width)
    }

    /// Leading and trailing content insets act as left and right in a left-to-right layout.
    @Test func directionalInsets() throws {
        var button = try configuration()
        button.contentInsets = .init(top: 2, leading: 30, bottom: 4, trailing: 5)
        let bounds = CGRect(x: 0, y: 0, width: 200, height: 50)
        #expect(try button.contentRect(forBounds: bounds) == CGRect(x: 30, y: 2, width: 165, height: 44))
        #expect(button.contentInsets.edgeInsets(for: .leftToRight) == EdgeInsets(top: 2, left: 30, bottom: 4, right: 5))
    }

    /// No room at all for the text: it is hidden rather than laid out unbounded.
    @Test func noRoomHidesTheText() throws {
        var button = try configuration()
        button.contentInsets = .zero
        let frames = try button.layout(in: CGRect(x: 0, y: 0, width: 20, height: 30))
        #expect(frames.titleRect == .zero)
        #expect(frames.titleLines == nil)
        #expect(frames.imageRect.size == image)
    }
}
