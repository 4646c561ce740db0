import Foundation
import TextFit

extension Label {
    /// The reader's text size (UIKit's `traitCollection.preferredContentSizeCategory`, rule DT5). Setting
    /// it re-sizes the font when `adjustsFontForContentSizeCategory` is on and the font follows a text
    /// style (`Font.preferredFont(forTextStyle:)` or `FontMetrics.scaledFont`); otherwise the font stays.
    ///
    /// ```swift
    /// var label = Label(text: "Body text", font: try .preferredFont(forTextStyle: .body))
    /// label.adjustsFontForContentSizeCategory = true
    /// try label.setContentSizeCategory(.accessibilityExtraLarge)   // the font is now 40 pt
    /// ```
    /// - Throws: `FontError.invalidSize` when the scaled size leaves the accepted range.
    public mutating func setContentSizeCategory(_ category: ContentSizeCategory) throws {
        contentSizeCategory = category
        if adjustsFontForContentSizeCategory { font = try font.adjusted(for: category) }
    }
}

extension RowTemplate {
    /// The template with its font re-sized for `category` along the font's text style (rule DT6), as
    /// self-sizing cells whose labels adjust for the content size category measure; the insets stay.
    ///
    /// ```swift
    /// let body = RowTemplate(font: try .preferredFont(forTextStyle: .body), insets: EdgeInsets(all: 11))
    /// let large = try RowHeights(template: body.adjusted(for: .accessibilityExtraLarge))
    /// ```
    /// - Throws: `FontError.invalidSize` when the scaled size leaves the accepted range.
    public func adjusted(for category: ContentSizeCategory) throws -> RowTemplate {
        var template = self
        template.style.font = try font.adjusted(for: category)
        return template
    }
}
