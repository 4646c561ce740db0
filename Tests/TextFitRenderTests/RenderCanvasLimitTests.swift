import Foundation
import Testing
import TextFit
@testable import TextFitRender

/// The widest text TextFit measures (one cluster of millions of points) becomes a picture size that is
/// refused with the true pixel counts, never an overflowed or negative canvas.
@Suite struct RenderCanvasLimitTests {
    /// 60 Buginese vowel signs O in one cluster at 99,999 pt are 3,299,367.0039 pt wide (the regression
    /// input of the cluster-sum overflow, `HugeInputRegressionTests`). At the default scale 2 and padding
    /// 4 pt the picture would be ceil((3,299,367.0039 + 8) × 2) = 6,598,751 by ceil((136,198.638 + 8) × 2)
    /// = 272,414 pixels, past the 16,384-pixel side.
    @Test func aClusterMillionsOfPointsWideIsRefusedWithItsSize() throws {
        let text = PreparedText(String(repeating: "\u{1A1A}", count: 60), font: try Font(family: "Noto Sans", size: 99_999))
        let layout = try text.layout(width: nil)
        #expect(layout.size.width == 3_299_367.003_906_25)
        #expect(throws: RenderError.pictureTooLarge(width: 6_598_751, height: 272_414)) { try layout.renderPNG() }
        #expect(throws: RenderError.pictureTooLarge(width: 6_598_751, height: 272_414)) { try layout.renderSVG() }
        // At a scale that brings it under the limit it has its exact size.
        let picture = try layout.picture()
        let scale = CGFloat(16_384) / picture.size.width
        #expect(try picture.pixelSize(scale: scale).width <= TextPicture.maximumPixelSize)
    }
}
