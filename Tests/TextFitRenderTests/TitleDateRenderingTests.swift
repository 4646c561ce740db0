import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import TextFit
import TextFitLayout
import TextFitRender

/// Drawing a title + date block: the title's lines and the date where the layout put them.
@Suite struct TitleDateRenderingTests {
    /// The seed titles at widths where each case applies with Noto Sans 17 pt (as in `textfit demo`).
    static let seeds: [(title: String, width: CGFloat, layoutCase: Int)] = [
        ("Title Short", 320, 1),
        ("Title Ratherrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrr Long", 400, 2),
        ("Title Verrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrr rrrrrrrrrrrrrrrry Long", 375, 3),
        ("Title Terrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrr rrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrriblely Long", 320, 4),
    ]

    final class PathCounter: NSObject, XMLParserDelegate {
        var paths = 0
        var rects = 0
        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            if name == "path" { paths += 1 }
            if name == "rect" { rects += 1 }
        }
    }

    @Test(arguments: 0..<4)
    func drawsTheTitleLinesAndTheDate(index: Int) throws {
        let seed = Self.seeds[index]
        let font = try Fixtures.systemFont()
        let title = PreparedText(seed.title, font: font)
        let date = PreparedText("Date", font: font)
        let block = try TitleDateLayout(title: title, date: date, width: seed.width)
        #expect(block.layoutCase.rawValue == seed.layoutCase)

        let options = RenderOptions(scale: 2, overlays: .all, widthLimit: seed.width)
        let svg = try block.renderSVG(date: date, options: options)
        let counter = PathCounter()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = counter
        #expect(parser.parse())
        // One path per visible character of the title lines (Noto Sans: no ligatures here) and the date.
        let shown = block.titleLines.map { String($0.text.reversed().drop { $0.isWhitespace }).filter { $0 != " " }.count }
        #expect(counter.paths == shown.reduce(0, +) + 4)
        // Background, line boxes of the title and the date, hanging whitespace, ellipsis, the two frames.
        #expect(counter.rects >= 1 + block.titleLines.count + 1 + 2)

        let png = try block.renderPNG(date: date, options: options)
        let picture = try block.picture(date: date, options: options)
        #expect(picture.size.width == max(block.size.width, seed.width) + 2 * options.padding)
        #expect(png.count > 500)
    }

    /// The date's glyphs start at the date frame's x and sit on the baseline of the line it follows.
    @Test(arguments: [0, 2, 3])
    func theDateSitsInItsFrameOnTheLinesBaseline(index: Int) throws {
        let seed = Self.seeds[index]
        let font = try Fixtures.systemFont()
        let title = PreparedText(seed.title, font: font)
        let date = PreparedText("Date", font: font)
        let block = try TitleDateLayout(title: title, date: date, width: seed.width)
        let padding: CGFloat = 4
        let svg = try block.renderSVG(date: date, options: RenderOptions(padding: padding))
        // Each glyph is <path transform="matrix(k 0 0 -k x y)" ...>: the date's are the last four.
        let origins = svg.split(separator: "\n").compactMap { line -> (x: Double, y: Double)? in
            guard let start = line.range(of: "matrix(") else { return nil }
            let numbers = line[start.upperBound...].prefix { $0 != ")" }.split(separator: " ").compactMap { Double($0) }
            return numbers.count == 6 ? (numbers[4], numbers[5]) : nil
        }
        let dateOrigins = origins.suffix(4)
        #expect(dateOrigins.count == 4)
        let first = try #require(dateOrigins.first)
        #expect(abs(first.x - Double(block.dateFrame.minX + padding)) < 1e-3)
        #expect(dateOrigins.allSatisfy { $0.x < Double(block.dateFrame.maxX + padding) })
        let line = block.titleLines[block.dateLineIndex]
        let titleBaseline = Double(block.titleFrame.minY + line.baseline + padding)
        #expect(abs(first.y - titleBaseline) <= 0.5, "date baseline \(first.y), title line baseline \(titleBaseline)")
    }

    /// The block draws the title it was laid out from (its lines keep the text), never an equal string
    /// prepared again.
    @Test func theTitleLinesDrawTheirOwnText() throws {
        let font = try Fixtures.systemFont()
        let date = PreparedText("Date", font: font)
        let title = PreparedText("Title Short", font: font)
        let block = try TitleDateLayout(title: title, date: date, width: 320)
        #expect(block.titleLines.preparedText === title)
        #expect(block.titleLines.preparedText !== PreparedText("Title Short", font: font))
        #expect(try block.renderPNG(date: date).count > 100)
    }
}
