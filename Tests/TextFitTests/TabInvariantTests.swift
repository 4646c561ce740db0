import Foundation
import Testing
@testable import TextFit

/// The invariant of rule P10's one tab layout, over random tabbed texts: every line's drawn advances add
/// up to its measured width (S7's drawing note: styled, justified and tabbed lines), its visual runs and
/// "…" tile it, and `measure` agrees with `layout` — whatever the stops, indents, direction, mode and
/// width. Seeded, so a failure reproduces.
@Suite struct TabInvariantTests {
    static let hebrewWords = ["שלום", "עולם", "ומלואו", "12.5", "٣٫٢٥"]

    static func randomStops(_ generator: inout Fixtures.Generator) -> [TextTab] {
        let count = Int.random(in: 0...5, using: &generator)
        return (0..<count).map { _ in
            let location = CGFloat(Int.random(in: 0...300, using: &generator))
            switch Int.random(in: 0..<6, using: &generator) {
            case 0: return TextTab(alignment: .right, location: location)
            case 1: return TextTab(alignment: .center, location: location)
            case 2: return TextTab.decimal(location: location, locale: Locale(identifier: "en_US"))
            case 3: return TextTab(alignment: .natural, location: location)
            case 4:
                return TextTab(alignment: .right, location: location, columnTerminators: CharacterSet(charactersIn: ",:"))
            default: return TextTab(alignment: .left, location: location)
            }
        }
    }

    static func randomText(_ generator: inout Fixtures.Generator) -> String {
        var words = Fixtures.randomText(&generator).split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        if Bool.random(using: &generator) {
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                words.insert(
                    hebrewWords.randomElement(using: &generator)!, at: Int.random(in: 0...words.count, using: &generator))
            }
        }
        var text = ""
        for (index, word) in words.enumerated() {
            if index > 0 { text += Int.random(in: 0..<3, using: &generator) == 0 ? "\t" : " " }
            text += word
        }
        return Int.random(in: 0..<4, using: &generator) == 0 ? "\t" + text : text
    }

    @Test func tabbedLinesDrawTheirMeasuredWidth() throws {
        let font = try Fixtures.font(15)
        var generator = Fixtures.Generator(state: 2026_12_02_10)
        let modes: [LineBreakMode] = [
            .byWordWrapping, .byCharWrapping, .byClipping, .byTruncatingTail, .byTruncatingHead, .byTruncatingMiddle,
        ]
        var lines = 0
        var tabbedLines = 0
        for _ in 0..<300 {
            let string = Self.randomText(&generator)
            var style = ParagraphStyle()
            style.tabStops = Self.randomStops(&generator)
            style.defaultTabInterval =
                Bool.random(using: &generator) ? 0 : CGFloat(Int.random(in: 10...60, using: &generator))
            style.firstLineHeadIndent = CGFloat(Int.random(in: 0...20, using: &generator))
            style.headIndent = CGFloat(Int.random(in: 0...20, using: &generator))
            style.alignment = TextAlignment.allCases.randomElement(using: &generator)!
            style.baseWritingDirection = WritingDirection.allCases.randomElement(using: &generator)!
            let text = try PreparedText(string, font: font, paragraphStyle: style)
            let width: CGFloat? =
                Int.random(in: 0..<5, using: &generator) == 0 ? nil : CGFloat(Int.random(in: 30...320, using: &generator))
            let mode = modes.randomElement(using: &generator)!
            let count = Int.random(in: 0...3, using: &generator)
            let layout = try text.layout(width: width, numberOfLines: count, lineBreakMode: mode)
            let context =
                "\(string.debugDescription) \(style.tabStops.map { ($0.alignment, $0.location, $0.isDecimal) }) \(mode) \(String(describing: width))"
            for (line, glyphs) in zip(layout.lines, layout.lines.glyphs()) {
                let drawn = glyphs.runs.flatMap(\.glyphs).reduce(0) { $0 + Tabbed.units($1.advance) }
                #expect(drawn == Tabbed.units(line.width), "\(context) line \(line.text.debugDescription)")
                #expect(Tabbed.units(glyphs.width) == Tabbed.units(line.width), "\(context)")
                if style.alignment != .justified {
                    #expect(
                        Tabbed.tiledUnits(line) == Tabbed.units(line.width), "\(context) line \(line.text.debugDescription)")
                }
                if line.ellipsis == nil, style.alignment != .justified {
                    let hanging = glyphs.hangingWhitespace.map { $0.upperBound - $0.lowerBound } ?? 0
                    #expect(
                        Tabbed.units(hanging) == Tabbed.units(line.widthIncludingTrailingWhitespace - line.width),
                        "\(context)")
                }
                if let ellipsis = glyphs.ellipsis {
                    #expect(ellipsis.lowerBound >= 0 && ellipsis.upperBound <= glyphs.width + 1.0 / 1024, "\(context)")
                }
                lines += 1
                if line.text.contains("\t") { tabbedLines += 1 }
            }
            let metrics = try text.measure(width: width, numberOfLines: count, lineBreakMode: mode)
            #expect(metrics.size == layout.size, "\(context)")
            #expect(metrics.lineCount == layout.lineCount, "\(context)")
        }
        #expect(tabbedLines > 100)
        #expect(lines > tabbedLines)
    }
}
