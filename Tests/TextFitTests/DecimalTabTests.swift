import Foundation
import Testing
@testable import TextFit

/// Decimal tab stops (rule P10): `NSTextTab`'s right alignment with column terminators, the locale's
/// decimal separator (`TextTab.decimal`, `TextTab.columnTerminators(for:)`). Noto Sans 17 pt.
@Suite struct DecimalTabTests {
    let font: Font
    init() throws { font = try Fixtures.font() }

    let en = Locale(identifier: "en_US")
    let de = Locale(identifier: "de_DE")

    func line(_ string: String, _ stops: [TextTab], width: CGFloat? = nil) throws -> TextLine {
        try PreparedText(string, font: font, paragraphStyle: Tabbed.style(stops)).layout(width: width).lines[0]
    }

    func natural(_ string: String) -> CGFloat { Units.points(PreparedText(string, font: font).oneLineWidthWithWhitespace) }

    /// Worked: "Total\t12.50" with a decimal stop at 140 draws the "." at x = 140 (within 1/1024 pt) and the
    /// line ends 140 + the width of ".50" from the margin.
    @Test func separatorSitsAtTheStop() throws {
        let line = try line("Total\t12.50", [TextTab.decimal(location: 140, locale: en)])
        let dot = try #require(Tabbed.x(of: 8, in: line))
        #expect(abs(dot - 140) <= 1.0 / 1024)
        #expect(abs(line.width - (140 + natural(".50"))) <= 2.0 / 1024)
        #expect(Tabbed.drawnUnits(line) == Tabbed.units(line.width))
    }

    /// A column of amounts: every line's separator at the stop, whatever the digits before it.
    @Test func amountsLineUp() throws {
        let text = try PreparedText(
            "Tea\t3.5\nCoffee\t12.25\nCake\t145.125", font: font,
            paragraphStyle: Tabbed.style([TextTab.decimal(location: 140, locale: en)]))
        let lines = try text.layout(width: 300).lines
        #expect(lines.count == 3)
        for line in lines {
            let dot = try #require(
                line.text.utf16.firstIndex(of: 0x2E).map {
                    line.text.utf16.distance(from: line.text.utf16.startIndex, to: $0)
                })
            let x = try #require(Tabbed.x(of: line.range.lowerBound + dot, in: line))
            #expect(abs(x - 140) <= 1.0 / 1024, "\(line.text)")
        }
    }

    /// No terminator in the column: it ends at the stop, as at a right stop (Apple: a decimal stop is a
    /// right one with terminators).
    @Test func withoutASeparatorTheColumnEndsAtTheStop() throws {
        let decimal = try line("Total\t1250", [TextTab.decimal(location: 140, locale: en)])
        let right = try line("Total\t1250", [TextTab(alignment: .right, location: 140)])
        #expect(abs(decimal.width - 140) <= 1.0 / 1024)
        #expect(decimal.width == right.width)
    }

    /// The locale decides the separator: "," in German, so "12,50" aligns its comma under `de_DE` and ends at
    /// the stop under `en_US` (a comma is no terminator there).
    @Test func theLocaleDecidesTheSeparator() throws {
        #expect(TextTab.columnTerminators(for: de).contains(","))
        #expect(TextTab.columnTerminators(for: en).contains("."))
        #expect(!TextTab.columnTerminators(for: en).contains(","))
        let german = try line("Summe\t12,50", [TextTab.decimal(location: 140, locale: de)])
        #expect(abs((try #require(Tabbed.x(of: 8, in: german))) - 140) <= 1.0 / 1024)
        let english = try line("Summe\t12,50", [TextTab.decimal(location: 140, locale: en)])
        #expect(abs(english.width - 140) <= 1.0 / 1024)
    }

    /// Explicit terminators: the first of any of them in the column sits at the stop.
    @Test func explicitTerminators() throws {
        let stop = TextTab(alignment: .right, location: 120, columnTerminators: CharacterSet(charactersIn: ":/"))
        #expect(stop.isDecimal)
        let line = try line("Time\t12:30/45", [stop])
        #expect(abs((try #require(Tabbed.x(of: 7, in: line))) - 120) <= 1.0 / 1024)
    }

    /// A terminator outside the BMP is read as its scalar, not its surrogates: "𝟎" (U+1D7CE) starts at the stop.
    @Test func terminatorOutsideTheBMP() throws {
        let stop = TextTab(alignment: .right, location: 120, columnTerminators: CharacterSet(charactersIn: "\u{1D7CE}"))
        let line = try line("ab\t12\u{1D7CE}34", [stop])
        #expect(abs((try #require(Tabbed.x(of: 5, in: line))) - 120) <= 1.0 / 1024)
    }

    /// Only a right stop with terminators is a decimal one; other alignments keep them and ignore them.
    @Test func onlyRightStopsAreDecimal() throws {
        let terminators = CharacterSet(charactersIn: ".")
        #expect(TextTab.decimal(location: 10).isDecimal)
        #expect(!TextTab(alignment: .left, location: 10, columnTerminators: terminators).isDecimal)
        #expect(!TextTab(alignment: .right, location: 10).isDecimal)
        let left = try line("a\t1.5", [TextTab(alignment: .left, location: 100, columnTerminators: terminators)])
        #expect(Tabbed.x(of: 2, in: left) == 100)
        let center = try self.line("a\t1.5", [TextTab(alignment: .center, location: 100, columnTerminators: terminators)])
        let plainCenter = try self.line("a\t1.5", [TextTab(alignment: .center, location: 100)])
        #expect(center.width == plainCenter.width)
    }

    /// The pen never moves back: a label already past the stop leaves the tab its own advance (no stop
    /// after it, no interval), and the "." follows.
    @Test func aLongLabelPushesTheColumnOn() throws {
        let label = "A rather long label"
        let line = try line("\(label)\t1.5", [TextTab.decimal(location: 40, locale: en)])
        #expect(natural(label) > 40)
        #expect(abs(line.width - natural("\(label)\t1.5")) <= 2.0 / 1024)
    }

    /// A decimal stop between others: the columns after a left stop and before a decimal one.
    @Test func mixedStops() throws {
        let stops = [TextTab(location: 60), TextTab.decimal(location: 200, locale: en)]
        let line = try line("Item\tTea\t3.75", stops)
        #expect(Tabbed.x(of: 5, in: line) == 60)
        #expect(abs((try #require(Tabbed.x(of: 10, in: line))) - 200) <= 1.0 / 1024)
        #expect(Tabbed.drawnUnits(line) == Tabbed.units(line.width))
    }

    /// Bad input: an empty set of terminators is refused, naming the field; NaN and negative locations
    /// stay refused.
    @Test func badStops() throws {
        let empty = Tabbed.style([TextTab(alignment: .right, location: 10, columnTerminators: CharacterSet())])
        #expect(throws: ParagraphStyleError.emptyColumnTerminators(field: "tabStops.columnTerminators")) {
            try PreparedText("a\tb", font: font, paragraphStyle: empty)
        }
        #expect(
            "\(ParagraphStyleError.emptyColumnTerminators(field: "tabStops.columnTerminators"))".contains(
                "tabStops.columnTerminators"))
        for location in [CGFloat.nan, -1, .infinity] {
            #expect(throws: ParagraphStyleError.self) {
                try PreparedText(
                    "a\tb", font: font, paragraphStyle: Tabbed.style([TextTab.decimal(location: location, locale: en)]))
            }
        }
    }
}
