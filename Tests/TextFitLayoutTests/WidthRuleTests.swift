import Foundation
import Testing
import TextFitLayout

/// One rule for widths across the layout entry points: NaN or negative is `MeasureError.invalidWidth`;
/// 0, +infinity and ≥ 1e15 are unbounded (B7, `CGFloat.isUnboundedTextDimension`). Bounds given as a
/// `CGRect` have no negative width (`CGRect.width` is the standardized rect's), so only NaN is refused there.
@Suite struct WidthRuleTests {
    static let text = "The quick brown fox jumps over the lazy dog.\nA second paragraph."

    func label(numberOfLines: Int) throws -> Label {
        Label(text: Self.text, font: try Fixtures.font(), numberOfLines: numberOfLines)
    }

    /// Each entry point refuses the width, naming it.
    func expectRefused(_ width: CGFloat, _ name: String, _ body: () throws -> Void) {
        do {
            try body()
            Issue.record("\(name) accepted width \(width)")
        } catch let error as MeasureError {
            #expect(
                error.description == "invalid width \(Double(width)): use a number >= 0 (0 or infinity = unbounded)",
                "\(name)")
        } catch {
            Issue.record("\(name): \(error)")
        }
    }

    @Test(arguments: [CGFloat(-1), .nan, -.infinity])
    func invalidWidthsAreRefused(width: CGFloat) throws {
        let font = try Fixtures.font()
        for lines in [0, 1, 2] {
            let label = try label(numberOfLines: lines)
            expectRefused(width, "sizeThatFits \(lines)") { _ = try label.sizeThatFits(CGSize(width: width, height: 0)) }
            let bounds = CGRect(x: 0, y: 0, width: width, height: 100)
            if width.isNaN {
                expectRefused(width, "textRect \(lines)") {
                    _ = try label.textRect(forBounds: bounds, limitedToNumberOfLines: lines)
                }
                expectRefused(width, "drawing \(lines)") { _ = try label.drawing(in: bounds) }
            } else {
                // A rect's width is never negative: CGRect(x: 0, width: -1) is the rect from x = −1 to 0.
                #expect(bounds.width == -width)
                #expect(
                    try label.textRect(forBounds: bounds, limitedToNumberOfLines: lines).size
                        == label.textRect(forBounds: bounds.standardized, limitedToNumberOfLines: lines).size)
                #expect(try label.drawing(in: bounds) == label.drawing(in: bounds.standardized))
            }
            var preferred = label
            preferred.preferredMaxLayoutWidth = width
            expectRefused(width, "intrinsicContentSize \(lines)") { _ = try preferred.intrinsicContentSize }
        }
        let empty = Label(text: "", font: font, numberOfLines: 0)
        expectRefused(width, "empty sizeThatFits") { _ = try empty.sizeThatFits(CGSize(width: width, height: 0)) }
        if width.isNaN {
            expectRefused(width, "empty textRect") {
                _ = try empty.textRect(forBounds: CGRect(x: 0, y: 0, width: width, height: 0), limitedToNumberOfLines: 0)
            }
        }
        expectRefused(width, "TitleDateLayout") {
            _ = try TitleDateLayout(title: "Title", date: "Date", titleFont: font, dateFont: font, width: width)
        }
        let rows = RowHeights(template: RowTemplate(font: font, insets: EdgeInsets(all: 10)), cache: nil)
        expectRefused(width, "RowHeights.height") { _ = try rows.height(for: Self.text, width: width) }
        expectRefused(width, "RowHeights.heights") { _ = try rows.heights(for: [Self.text], width: width) }
    }

    @Test(arguments: [CGFloat(0), 1e15, 1e300, .greatestFiniteMagnitude])
    func zeroAndHugeWidthsAreUnbounded(width: CGFloat) throws {
        let font = try Fixtures.font()
        for lines in [0, 1, 2] {
            let label = try label(numberOfLines: lines)
            #expect(
                try label.sizeThatFits(CGSize(width: width, height: 0))
                    == label.sizeThatFits(CGSize(width: CGFloat.infinity, height: 0)), "\(lines)")
            let bounds = CGRect(x: 5, y: 7, width: width, height: 0)
            let infinite = CGRect(x: 5, y: 7, width: CGFloat.infinity, height: 0)
            #expect(
                try label.textRect(forBounds: bounds, limitedToNumberOfLines: lines)
                    == label.textRect(forBounds: infinite, limitedToNumberOfLines: lines), "\(lines)")
            #expect(try label.drawing(in: bounds) == label.drawing(in: infinite), "\(lines)")
        }
        // Unbounded: one line per paragraph.
        #expect(try label(numberOfLines: 0).drawing(in: CGRect(x: 0, y: 0, width: width, height: 0)).lines.count == 2)
        #expect(
            try TitleDateLayout(title: Self.text, date: "Date", titleFont: font, dateFont: font, width: width)
                == TitleDateLayout(title: Self.text, date: "Date", titleFont: font, dateFont: font, width: .infinity))
    }

    /// A row's width is the table's, so 0 leaves the label no room; huge widths are unbounded.
    @Test func rowWidths() throws {
        let font = try Fixtures.font()
        let rows = RowHeights(template: RowTemplate(font: font, insets: EdgeInsets(all: 10)), cache: nil)
        #expect(throws: LayoutError.self) { try rows.height(for: Self.text, width: 0) }
        let unbounded = try rows.height(for: Self.text, width: .infinity)
        #expect(try rows.height(for: Self.text, width: 1e15) == unbounded)
        #expect(try rows.height(for: Self.text, width: .greatestFiniteMagnitude) == unbounded)
    }

    /// Heights: 0, NaN and unbounded heights do not limit a label's lines (T3, L7).
    @Test(arguments: [CGFloat(0), .nan, .infinity, 1e15])
    func unlimitingHeights(height: CGFloat) throws {
        let label = try label(numberOfLines: 0)
        #expect(
            try label.textRect(forBounds: CGRect(x: 0, y: 0, width: 60, height: height), limitedToNumberOfLines: 0).size
                == label.textRect(forBounds: CGRect(x: 0, y: 0, width: 60, height: 0), limitedToNumberOfLines: 0).size)
    }
}
