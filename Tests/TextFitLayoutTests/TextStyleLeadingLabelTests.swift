import Foundation
import Testing
import TextFit
@testable import TextFitLayout

/// Rule DT7: a label whose font follows a text style may set its lines at the style's leading from the
/// Human Interface Guidelines' Dynamic Type table (Tests/TextFitTests/Data/dynamic-type/hig-dynamic-type.tsv,
/// DT2) instead of the font's line height.
@Suite struct TextStyleLeadingLabelTests {
    static let text = "Body text that wraps at this width, twice or more, as settings rows do"

    static func label(_ category: ContentSizeCategory, leading: Bool) throws -> Label {
        var label = Label(text: text, font: try .preferredFont(forTextStyle: .body), numberOfLines: 0, scale: 1)
        label.adjustsFontForContentSizeCategory = true
        label.usesTextStyleLeading = leading
        try label.setContentSizeCategory(category)
        return label
    }

    /// Worked example: body at large is 17 pt on 22-pt lines, at AX5 53 pt on 62-pt lines (the table's rows
    /// "large body regular 17 22", "AX5 body regular 53 62"); a label of n lines is n × the leading tall,
    /// where the font's own line height (Noto Sans: 23.154 at 17 pt, 72.18 at 53) would make it taller.
    @Test func linesTakeTheTablesLeading() throws {
        for (category, leading, fontLineHeight) in [
            (ContentSizeCategory.large, 22.0, 23.154), (.accessibilityExtraExtraExtraLarge, 62.0, 72.182),
        ] {
            let label = try Self.label(category, leading: true)
            let lines = try label.preparedText.layout(width: 200).lines.count
            #expect(lines >= 2)
            let size = try label.sizeThatFits(CGSize(width: 200, height: 0))
            #expect(abs(size.height - CGFloat(lines) * leading) < 1e-6, "\(category): \(size.height) for \(lines) lines")
            let plain = try Self.label(category, leading: false).sizeThatFits(CGSize(width: 200, height: 0))
            #expect(abs(plain.height - (CGFloat(lines) * fontLineHeight).rounded(.up)) <= 1)
        }
    }

    /// The leading follows the font's category (its size), and a paragraph style's own line heights win.
    @Test func leadingFollowsTheFontAndYieldsToTheParagraphStyle() throws {
        for category in ContentSizeCategory.allCases {
            let font = try Font.preferredFont(forTextStyle: .footnote).adjusted(for: category)
            #expect(Label.textStyleLeading(of: font) == Font.TextStyle.footnote.leading(for: category))
        }
        #expect(Label.textStyleLeading(of: try .systemFont(ofSize: 17)) == nil)
        var label = try Self.label(.large, leading: true)
        label.paragraphStyle.minimumLineHeight = 30
        #expect(label.effectiveParagraphStyle.minimumLineHeight == 30)
        #expect(label.effectiveParagraphStyle.maximumLineHeight == 0)
    }
}
