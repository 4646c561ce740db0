import Foundation
import Testing
import TextFit
import TextFitLayout
@testable import TextFitRender

/// A styled title + date block drawn: the date's glyphs stand on the baseline of the title line they
/// follow, even when a larger run makes that line taller (S6, §5.1; decoded pixels).
@Suite struct TitleDateStyledRenderingTests {
    @Test func dateInkSharesTheTallLinesBaseline() throws {
        let body = try Font(family: "Noto Sans", size: 17)
        var title = try StyledText("Title ", font: body)
        try title.append("BIG", attributes: TextAttributes(font: Font(family: "Noto Sans", size: 30, weight: .bold)))
        let date = try StyledText(
            "Date", attributes: TextAttributes(foregroundColor: TextColor(red: 0, green: 0, blue: 1)),
            font: body)
        let preparedDate = try PreparedText(styled: date)
        let block = try TitleDateLayout(title: PreparedText(styled: title), date: preparedDate, width: 320)
        let scale: CGFloat = 2, padding: CGFloat = 4
        let bitmap = try Bitmap(
            png: block.renderPNG(date: preparedDate, options: RenderOptions(scale: scale, padding: padding)))
        /// The lowest row holding a pixel that matches, among columns `columns`.
        func bottom(_ columns: Range<Int>, _ match: (Int, Int, Int) -> Bool) -> Int? {
            (0..<bitmap.height).last { y in
                columns.contains { x in
                    let i = (y * bitmap.width + x) * 4
                    return match(Int(bitmap.rgba[i]), Int(bitmap.rgba[i + 1]), Int(bitmap.rgba[i + 2]))
                }
            }
        }
        // "Title" (no descenders) in black, left of "BIG"; "Date" (no descenders) in blue.
        let titleColumns = 0..<Int(((padding + 40) * scale).rounded())
        let titleBottom = try #require(bottom(titleColumns) { r, g, b in r < 80 && g < 80 && b < 80 })
        let dateBottom = try #require(bottom(0..<bitmap.width) { r, g, b in b > 180 && r < 80 && g < 80 })
        // The title line's baseline: 32.07 pt (the 30 pt run's ascent), 72.14 px with the padding.
        let baseline = (32.07 + padding) * scale
        #expect(abs(CGFloat(titleBottom) - baseline) <= 2)
        #expect(abs(dateBottom - titleBottom) <= 1)
    }
}
