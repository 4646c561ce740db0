import Foundation
import Testing
import TextFit
@testable import TextFitLayout

/// Row heights are sums (label + insets + separator): each addend finite is not enough, the sums must be.
@Suite struct RowBoundsTests {
    @Test func insetsWhoseSumOverflowsAreRefused() throws {
        let font = try Font(family: "Noto Sans", size: 15)
        let huge = EdgeInsets(top: .greatestFiniteMagnitude, left: 0, bottom: .greatestFiniteMagnitude, right: 0)
        #expect(throws: LayoutError.invalidInsets(huge)) {
            try RowHeights(template: RowTemplate(font: font, insets: huge)).height(for: "a", width: 100)
        }
        // Near the largest double but summing to a finite value: answered, and finite.
        let large = EdgeInsets(top: 1e307, left: 0, bottom: 1e307, right: 0)
        let height = try RowHeights(template: RowTemplate(font: font, insets: large)).height(for: "a", width: 100)
        #expect(height.isFinite && height >= 2e307)
    }

    /// The separator is 1/scale points tall: a scale so small that this is infinite is refused.
    @Test func aSeparatorOfInfiniteHeightIsRefused() throws {
        let font = try Font(family: "Noto Sans", size: 15)
        let template = RowTemplate(font: font, insets: EdgeInsets(all: 1), scale: 1e-320, includesSeparator: true)
        #expect(throws: MeasureError.invalidScale(1e-320)) {
            try RowHeights(template: template).height(for: "a", width: 100)
        }
    }
}
