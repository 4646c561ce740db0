import Foundation
import Testing
import TextFit
@testable import TextFitRender

/// Styled text in pictures: each run's colour reaches the PNG where its glyphs are, a larger run's ink is
/// taller, and an attachment is outlined at its box (rules S2–S5; decoded pixels, not the renderer's
/// own bookkeeping).
@Suite struct StyledRenderingTests {
    static let red = TextColor(red: 1, green: 0, blue: 0)
    static let blue = TextColor(red: 0, green: 0, blue: 1)

    /// Columns (pixels at `scale`) holding a pixel close to `color`: one channel high, the others low.
    static func columns(_ bitmap: Bitmap, matching color: (Int, Int, Int) -> Bool) -> [Int] {
        (0..<bitmap.width).filter { x in
            (0..<bitmap.height).contains { y in
                let i = (y * bitmap.width + x) * 4
                return color(Int(bitmap.rgba[i]), Int(bitmap.rgba[i + 1]), Int(bitmap.rgba[i + 2]))
            }
        }
    }

    @Test func runColoursAppearWhereTheirGlyphsAre() throws {
        let font = try Font(family: "Noto Sans", size: 16)
        var styled = try StyledText("Red ", attributes: TextAttributes(foregroundColor: Self.red), font: font)
        try styled.append(
            "Blue ", attributes: TextAttributes(font: Font(family: "Noto Sans", size: 28), foregroundColor: Self.blue))
        styled.append("black")
        let layout = try PreparedText(styled: styled).layout()
        let scale: CGFloat = 2
        let padding: CGFloat = 4
        let bitmap = try Bitmap(png: layout.renderPNG(options: RenderOptions(scale: scale, padding: padding)))
        let reds = Self.columns(bitmap) { r, g, b in r > 200 && g < 60 && b < 60 }
        let blues = Self.columns(bitmap) { r, g, b in b > 200 && r < 60 && g < 60 }
        let blacks = Self.columns(bitmap) { r, g, b in r < 60 && g < 60 && b < 60 }
        #expect(!reds.isEmpty && !blues.isEmpty && !blacks.isEmpty)
        // Each colour inside its run's x extent (measured widths of the prefixes), in pixels.
        // Run extents from plain measurements of each piece (S2: the runs are shaped apart).
        func w(_ string: String, _ size: CGFloat) throws -> CGFloat {
            try PreparedText(string, font: Font(family: "Noto Sans", size: size)).layout().sizeIncludingTrailingWhitespace
                .width
        }
        func px(_ points: CGFloat) -> Int { Int(((points + padding) * scale).rounded()) }
        let redEnd = px(try w("Red", 16)), blueStart = px(try w("Red ", 16))
        let blueEnd = px(try w("Red ", 16) + w("Blue", 28)), blackStart = px(try w("Red ", 16) + w("Blue ", 28))
        #expect((reds.max() ?? .max) <= redEnd + 1)
        #expect((blues.min() ?? 0) >= blueStart - 1 && (blues.max() ?? .max) <= blueEnd + 1)
        #expect((blacks.min() ?? 0) >= blackStart - 1)
        // The 28 pt run's ink is taller than the 16 pt run's (drawn at its own size, not the first run's).
        func inkHeight(_ columns: [Int], _ match: (Int, Int, Int) -> Bool) -> Int {
            let rows = (0..<bitmap.height).filter { y in
                columns.contains { x in
                    let i = (y * bitmap.width + x) * 4
                    return match(Int(bitmap.rgba[i]), Int(bitmap.rgba[i + 1]), Int(bitmap.rgba[i + 2]))
                }
            }
            return (rows.max() ?? 0) - (rows.min() ?? 0)
        }
        let redHeight = inkHeight(reds) { r, g, b in r > 200 && g < 60 && b < 60 }
        let blueHeight = inkHeight(blues) { r, g, b in b > 200 && r < 60 && g < 60 }
        // "R" and "B" are both cap height: 28/16 of it, give or take anti-aliasing.
        #expect(Double(blueHeight) > Double(redHeight) * 1.5)
    }

    @Test func attachmentIsOutlinedAtItsBox() throws {
        let font = try Font(family: "Noto Sans", size: 16)
        var styled = try StyledText("ab", font: font)
        try styled.append(
            TextAttachment(width: 20, height: 10, baselineOffset: 0),
            attributes: TextAttributes(foregroundColor: Self.red))
        let layout = try PreparedText(styled: styled).layout()
        let bitmap = try Bitmap(png: layout.renderPNG(options: RenderOptions(scale: 1, padding: 0)))
        let reds = Self.columns(bitmap) { r, g, b in r > 200 && g < 60 && b < 60 }
        let start = Int((try PreparedText("ab", font: font).layout().size.width).rounded())
        #expect(reds.min().map { abs($0 - start) <= 1 } == true)
        #expect(reds.max().map { abs($0 - (start + 19)) <= 1 } == true)
    }
}
