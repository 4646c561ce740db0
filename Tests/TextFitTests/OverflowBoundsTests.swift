import Foundation
import Testing
@testable import TextFit

/// The limits that keep TextFit's integer and floating-point arithmetic in range, and what happens at them.
@Suite struct OverflowBoundsTests {
    /// Sizes must be below 100,000 pt: 16 em (the widest advance trusted) at that size is 1.6 × 10⁹ units
    /// of 1/1024 pt, inside the int32 advances HarfBuzz returns. The message names the limit.
    @Test func theSizeLimitIsNamed() throws {
        #expect(throws: FontError.invalidSize(100_000)) { try Font(family: "Noto Sans", size: 100_000) }
        let largest = try Font(family: "Noto Sans", size: CGFloat(100_000).nextDown)
        // 16 em: TF_GLYPH_ADVANCE_LIMIT_EMS, the widest glyph advance shaping trusts.
        #expect(16 * Double(largest.scale) < Double(Int32.max))
        #expect(FontError.invalidSize(1e6).description.contains("below 100000"))
        #expect(MeasureError.clusterTooWide(size: 99_999).description.contains("2097151 pt per UTF-16 unit"))
    }

    /// ceilPx (L2) never rounds a positive value to 0 (a product with a tiny scale underflows) and never
    /// returns infinity (a product with a huge scale overflows): the size always covers what it rounds.
    @Test func pixelRoundingAtExtremeScales() {
        #expect(ceilToPixel(0.000_544_8, scale: .leastNonzeroMagnitude) == 0.000_544_8)  // one pixel is infinite
        #expect(ceilToPixel(0.5, scale: 1e-300) == 1 / 1e-300)  // one whole pixel
        #expect(ceilToPixel(20.287, scale: .greatestFiniteMagnitude) == 20.287)
        #expect(ceilToPixel(1e-8, scale: 1) == 1)  // below the 1e-7 px tolerance, still one pixel
        #expect(ceilToPixel(0, scale: 3) == 0)
        // On the usual scales nothing changes: ceil(v·s − 1e-7)/s.
        #expect(ceilToPixel(20.287, scale: 2) == 20.5)
        #expect(ceilToPixel(20.5 + 1e-9, scale: 2) == 20.5)
    }

    /// Widths from 1e15 pt up are unbounded (B7); just below, the limit converts to units without overflow.
    @Test func widthsNearTheUnboundedThreshold() throws {
        let prepared = PreparedText("Hello world", font: try Font(family: "Noto Sans", size: 17))
        for width: CGFloat in [CGFloat(1e15).nextDown, 1e15, .greatestFiniteMagnitude, 1e-300, 1.0 / 2048] {
            let layout = try prepared.layout(width: width, numberOfLines: Int.max - 1, lastLineMaxWidth: width)
            #expect(layout.size.width.isFinite && layout.size.width > 0 && layout.lineCount >= 1, "\(width)")
        }
        #expect(Units.floor(Double(CGFloat(1e15).nextDown)) < Units.unbounded)
    }
}
