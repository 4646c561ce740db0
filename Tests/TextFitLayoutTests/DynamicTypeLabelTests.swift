import Foundation
import Testing
import TextFit
import TextFitLayout

/// Labels and rows that follow the content size category (rules DT4–DT6).
@Suite struct DynamicTypeLabelTests {
    /// DT5: a body label with adjustsFontForContentSizeCategory takes the table's AX3 size (40 pt) and
    /// measures as a label set in 40 pt directly; back at large it is 17 pt again.
    @Test func labelFollowsTheCategory() throws {
        var label = Label(
            text: "A body label that wraps at accessibility sizes", font: try .preferredFont(forTextStyle: .body),
            numberOfLines: 0)
        label.adjustsFontForContentSizeCategory = true
        try label.setContentSizeCategory(.accessibilityExtraLarge)
        #expect(label.font.pointSize == 40)
        #expect(label.font.textStyle == .body)
        let direct = Label(text: label.text, font: try Font(family: "Noto Sans", size: 40), numberOfLines: 0)
        let size = CGSize(width: 320, height: 10_000)
        #expect(try label.sizeThatFits(size) == direct.sizeThatFits(size))
        #expect(try label.sizeThatFits(size) == label.sizeThatFits(size))  // sized twice, same answer
        try label.setContentSizeCategory(.large)
        #expect(label.font.pointSize == 17)
    }

    /// DT5: without the flag, or with a font made at a fixed size, the font stays (as UIKit's).
    @Test func fixedFontsStay() throws {
        var off = Label(text: "x", font: try .preferredFont(forTextStyle: .headline))
        try off.setContentSizeCategory(.accessibilityExtraExtraExtraLarge)
        #expect(off.font.pointSize == 17)
        var fixed = Label(text: "x", font: try Font(family: "Noto Sans", size: 17))
        fixed.adjustsFontForContentSizeCategory = true
        try fixed.setContentSizeCategory(.accessibilityExtraExtraExtraLarge)
        #expect(fixed.font.pointSize == 17)
        // A custom font scaled with FontMetrics follows its style's curve: 20 pt caption1 at AX5 is 20 × 43/12.
        var scaled = Label(
            text: "x", font: try FontMetrics(forTextStyle: .caption1).scaledFont(for: Font(family: "Noto Sans", size: 20)))
        scaled.adjustsFontForContentSizeCategory = true
        try scaled.setContentSizeCategory(.accessibilityExtraExtraExtraLarge)
        #expect(abs(scaled.font.pointSize - 20 * 43 / 12) < 1e-9)
    }

    /// DT6: row heights for a category are those of the template in the scaled font.
    @Test func rowHeightsForACategory() throws {
        let body = RowTemplate(font: try .preferredFont(forTextStyle: .body), insets: EdgeInsets(all: 11))
        let texts = ["Short", "A longer row of text that wraps onto more lines at accessibility sizes 🙂"]
        let large = try RowHeights(template: body).heights(for: texts, width: 375)
        let ax3 = try RowHeights(template: body.adjusted(for: .accessibilityExtraLarge)).heights(for: texts, width: 375)
        let direct = try RowHeights(
            template: RowTemplate(font: Font(family: "Noto Sans", size: 40), insets: EdgeInsets(all: 11))
        )
        .heights(for: texts, width: 375)
        #expect(ax3 == direct)
        #expect(zip(ax3, large).allSatisfy { $0 > $1 })
    }
}
