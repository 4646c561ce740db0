import Foundation
import Testing
import TextFit
@testable import TextFitRender

/// A custom truncation token is drawn in its own style where the layout put it (rules T8, T12; decoded
/// pixels, not the renderer's bookkeeping).
@Suite struct TruncationTokenRenderingTests {
    @Test func tokenIsDrawnInItsColourInsideItsRect() throws {
        let font = try Font(family: "Noto Sans", size: 16)
        var token = try StyledText("… ", font: font)
        try token.append(
            "more",
            attributes: TextAttributes(
                font: try Font(family: "Noto Sans", size: 16, weight: .bold),
                foregroundColor: TextColor(red: 1, green: 0, blue: 0)))
        let layout = try PreparedText("Lovely little place with friendly staff and great coffee", font: font)
            .withTruncationToken(token)
            .layout(width: 200, numberOfLines: 1, lineBreakMode: .byTruncatingTail)
        let rect = try #require(layout.truncationTokenRect)
        let scale: CGFloat = 2
        let padding: CGFloat = 4
        let bitmap = try Bitmap(png: layout.renderPNG(options: RenderOptions(scale: scale, padding: padding)))
        let reds = StyledRenderingTests.columns(bitmap) { r, g, b in r > 200 && g < 60 && b < 60 }
        let blacks = StyledRenderingTests.columns(bitmap) { r, g, b in r < 60 && g < 60 && b < 60 }
        func px(_ points: CGFloat) -> Int { Int(((points + padding) * scale).rounded()) }
        #expect(!reds.isEmpty && !blacks.isEmpty)
        // Red ink only inside the token's box ("more"); the text's black ink left of the box.
        #expect((reds.min() ?? 0) >= px(rect.minX) - 1 && (reds.max() ?? .max) <= px(rect.maxX) + 1)
        #expect((blacks.filter { $0 < px(rect.minX) - 1 }).count > blacks.count / 2)
    }
}
