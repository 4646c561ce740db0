import Foundation
import Testing
import TextFitLayout

/// Properties of the legacy placement rules (U3) over many generated buttons.
@Suite struct ButtonPropertyTests {
    /// A small deterministic generator (SplitMix64), so failures reproduce.
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        /// A multiple of 0.25 in [low, high].
        mutating func quarter(_ low: CGFloat, _ high: CGFloat) -> CGFloat {
            let steps = UInt64((high - low) * 4) + 1
            return low + CGFloat(next() % steps) / 4
        }
    }

    /// Insets that sum to zero on each axis (left = −right, top = −bottom) keep every area's size, so no
    /// clamping applies and each element lands where the centring rule puts it, moved by (left, top):
    /// image.x = (W − G) / 2 + left, title.x = (W − G) / 2 + imageW + left, y = (H − h) / 2 + top.
    @Test func balancedInsetsMoveElementsByTheirLeftAndTop() {
        var random = Generator(state: 18)
        for _ in 0..<500 {
            let image = CGSize(width: random.quarter(0, 60), height: random.quarter(0, 60))
            let title = CGSize(width: random.quarter(1, 120), height: random.quarter(10, 40))
            let width = image.width + title.width + random.quarter(0, 200)
            let height = max(image.height, title.height) + random.quarter(0, 40)
            let imageShift = CGPoint(x: random.quarter(-40, 40), y: random.quarter(-20, 20))
            let titleShift = CGPoint(x: random.quarter(-40, 40), y: random.quarter(-20, 20))
            let origin = CGPoint(x: random.quarter(-10, 10), y: random.quarter(-10, 10))
            let content = CGRect(origin: origin, size: CGSize(width: width, height: height))
            let geometry = ButtonGeometry(
                imageSize: image, titleSize: title,
                imageEdgeInsets: EdgeInsets(
                    top: imageShift.y, left: imageShift.x, bottom: -imageShift.y, right: -imageShift.x),
                titleEdgeInsets: EdgeInsets(
                    top: titleShift.y, left: titleShift.x, bottom: -titleShift.y, right: -titleShift.x))
            let start = origin.x + (width - image.width - title.width) / 2
            let expectedTitle = CGRect(
                x: start + image.width + titleShift.x,
                y: origin.y + (height - title.height) / 2 + titleShift.y,
                width: title.width, height: title.height)
            #expect(geometry.titleRect(in: content) == expectedTitle, "\(geometry)")
            if image.width > 0, image.height > 0 {
                let expectedImage = CGRect(
                    x: start + imageShift.x, y: origin.y + (height - image.height) / 2 + imageShift.y,
                    width: image.width, height: image.height)
                #expect(geometry.imageRect(in: content) == expectedImage, "\(geometry)")
            }
        }
    }

    /// Without clamping, any insets move an element by ((left − right) / 2, (top − bottom) / 2): the
    /// halving rule of the write-ups (U3), here for the image with small insets in a roomy button.
    @Test func halvingRule() {
        var random = Generator(state: 7)
        for _ in 0..<500 {
            let image = CGSize(width: random.quarter(1, 40), height: random.quarter(1, 40))
            let title = CGSize(width: random.quarter(1, 80), height: random.quarter(10, 30))
            let content = CGRect(x: 0, y: 0, width: 400, height: 200)
            let insets = EdgeInsets(
                top: random.quarter(-30, 30), left: random.quarter(-30, 30),
                bottom: random.quarter(-30, 30), right: random.quarter(-30, 30))
            let plain = ButtonGeometry(imageSize: image, titleSize: title)
            let moved = ButtonGeometry(imageSize: image, titleSize: title, imageEdgeInsets: insets)
            let before = plain.imageRect(in: content), after = moved.imageRect(in: content)
            #expect(after.minX - before.minX == (insets.left - insets.right) / 2)
            #expect(after.minY - before.minY == (insets.top - insets.bottom) / 2)
            #expect(after.size == before.size)
            // The title's area did not change, and the group width did not either: the title stays.
            #expect(moved.titleRect(in: content) == plain.titleRect(in: content))
        }
    }

    /// U7: snapped frames lie on the pixel grid of their scale and within half a pixel of the exact ones.
    @Test func snappedFramesLieOnTheGrid() {
        var random = Generator(state: 3)
        for scale: CGFloat in [1, 2, 3] {
            for _ in 0..<200 {
                let image = CGSize(width: CGFloat(random.next() % 60), height: CGFloat(random.next() % 60))
                let title = CGSize(
                    width: ceilToPixel(random.quarter(1, 100), scale: scale),
                    height: ceilToPixel(random.quarter(10, 30), scale: scale))
                let content = CGRect(x: 0, y: 0, width: random.quarter(100, 300), height: random.quarter(60, 90))
                let exact = ButtonGeometry(imageSize: image, titleSize: title)
                let snapped = ButtonGeometry(imageSize: image, titleSize: title, scale: scale)
                for (a, b) in [
                    (exact.titleRect(in: content), snapped.titleRect(in: content)),
                    (exact.imageRect(in: content), snapped.imageRect(in: content)),
                ] {
                    for value in [b.minX, b.minY, b.width, b.height] {
                        #expect(abs((value * scale).rounded() - value * scale) < 1e-9)
                    }
                    #expect(abs(a.minX - b.minX) <= 0.5 / scale + 1e-9)
                    #expect(abs(a.minY - b.minY) <= 0.5 / scale + 1e-9)
                }
            }
        }
    }
}
