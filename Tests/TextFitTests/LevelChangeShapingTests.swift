import Foundation
import Testing
import _TextFitTestSupport

@testable import TextFit

/// Rule D7 (and D8): a text that may run right to left is shaped in pieces that never cross a bidi level
/// change, as it is drawn (each level's run shaped apart, as CoreText and Pango do), so a kern pair across
/// the change ("r." in a right-to-left paragraph ending "…Twitter.") counts neither in the measured width
/// nor in the drawing. Before, the segment was shaped whole while measuring and in level runs while
/// drawing: the line drew wider (or narrower) than it measured by the pair's kern
/// (`Crashers/FuzzStyled/kern-pair-across-a-level-change`: 1.19 pt).
@Suite struct LevelChangeShapingTests {
    /// Right-to-left paragraphs (Hebrew, Arabic, or a right-to-left base direction) whose Latin word ends
    /// in a letter that kerns with the punctuation after it in Noto Sans ("r." −160, "A'" −70, "T." −60,
    /// "y." −40 units of 1000); the punctuation takes the paragraph's level (UAX #9 N1/N2), the word
    /// level 2.
    static let texts: [(text: String, direction: WritingDirection)] = [
        ("שלום Twitter.", .natural),
        ("ברוכים הבאים ל־Twitter. להתראות", .natural),
        ("הורד את האפליקציה של AT&T.", .natural),
        ("مرحبا بكم في Twitter.", .natural),
        ("شكراً لاستخدام Quick Play.", .natural),
        ("קנינו TV. ואז הלכנו הביתה, בסוף היום עם Sony.", .natural),
        ("OptiA'", .rightToLeft),
        ("Hello Twitter.", .rightToLeft),
    ]

    static func font(_ size: CGFloat) throws -> Font { try Font(family: "Noto Sans", size: size) }

    static func prepared(_ text: String, _ direction: WritingDirection, size: CGFloat) throws -> PreparedText {
        PreparedText(text, font: try font(size), baseWritingDirection: direction)
    }

    /// The text's widths where it matters: `measure`'s width, the widest laid-out line's, and each line's
    /// glyphs' advance (what is drawn) equal to the line's width.
    static func problems(_ prepared: PreparedText, width: CGFloat?) throws -> [String] {
        var problems: [String] = []
        let metrics = try prepared.measure(width: width)
        let layout = try prepared.layout(width: width)
        let widest = layout.lines.map(\.width).max() ?? 0
        if abs(metrics.size.width - widest) > 1e-9 {
            problems.append("measure \(metrics.size.width) vs layout \(widest)")
        }
        for line in layout.lines where abs(line.glyphs().width - line.width) > 1e-6 {
            problems.append("line \(line.text.debugDescription) measures \(line.width), draws \(line.glyphs().width)")
        }
        return problems
    }

    /// D7: measured width = laid-out width = drawn width, on one line and wrapped at several widths.
    @Test(arguments: [12.0, 17.0, 24.0])
    func measuredWidthIsDrawnWidth(size: Double) throws {
        for (text, direction) in Self.texts {
            let prepared = try Self.prepared(text, direction, size: CGFloat(size))
            #expect(prepared.isBidirectional, "\(text)")
            for width: CGFloat? in [nil, 400, 120, 80, 50] {
                let problems = try Self.problems(prepared, width: width)
                #expect(
                    problems.isEmpty, "\(text.debugDescription) \(size) pt at \(width.map { "\($0)" } ?? "nil"): \(problems)"
                )
            }
        }
    }

    /// The pair across the level change is not kerned: the text's one-line width is the word's and the
    /// punctuation's widths shaped apart (the font kerns "r." by −160 units: 2.72 pt at 17 pt).
    @Test func thePairAcrossTheChangeIsNotKerned() throws {
        let font = try Self.font(17)
        let whole = try PreparedText("שלום Twitter.", font: font).layout().lines[0].width
        let hebrew = try PreparedText("שלום ", font: font).layout().lines[0].widthIncludingTrailingWhitespace
        let word = try PreparedText("Twitter", font: font).layout().lines[0].width
        let stop = try PreparedText(".", font: font).layout().lines[0].width
        let kerned = try PreparedText("Twitter.", font: font).layout().lines[0].width
        #expect(kerned < word + stop - 2.7)  // the font's pair, measured in left-to-right text
        #expect(abs(whole - (hebrew + word + stop)) < 1e-9)
    }

    /// A level change is not a break opportunity: the opportunities are those of the same text in a
    /// left-to-right paragraph, and where every word fits a line never ends between "Twitter" and ".".
    @Test func opportunitiesStayWhereTheyAre() throws {
        for (text, direction) in Self.texts {
            let rtl = try Self.prepared(text, direction, size: 17)
            let ltr = PreparedText(text, font: try Self.font(17), baseWritingDirection: .leftToRight)
            #expect(Array(rtl.breaks) == Array(ltr.breaks), "\(text)")
            for width in stride(from: 90.0, through: 300.0, by: 7.0) {
                for line in try rtl.layout(width: CGFloat(width)).lines {
                    #expect(!line.text.hasPrefix("."), "\(text) at \(width): \(line.text)")
                }
            }
        }
    }

    /// Segments are cut at each level change inside them (between clusters) and nowhere else: every
    /// segment lies in one level run, and a left-to-right text's segments are those it always had.
    @Test func segmentsLieInOneLevelRun() throws {
        for (text, direction) in Self.texts {
            let prepared = try Self.prepared(text, direction, size: 17)
            let levels = try #require(prepared.bidi).levels
            for segment in prepared.segments {
                let run = levels[Int(segment.start)..<Int(segment.end)]
                #expect(Set(run).count == 1, "\(text): \(prepared._debugSegments)")
            }
        }
        let plain = try PreparedText("Twitter. AT&T. OptiA'", font: try Self.font(17))
        #expect(plain.segments.map { Int($0.start)..<Int($0.end) } == [0..<9, 9..<15, 15..<21])
    }

    /// The segment cache still works: every piece is cached under its own text (a look-up finds it), and
    /// a second preparation of the text gives the first one's advances from it.
    @Test func piecesComeFromTheSegmentCache() throws {
        let font = try Self.font(19)
        let text = "ברוכים הבאים ל־Twitter. להתראות ב־AT&T."
        let cold = PreparedText(text, font: font)
        let warm = PreparedText(text, font: font)
        #expect(Array(warm.prefix) == Array(cold.prefix))
        for segment in cold.segments {
            let piece = Array(cold.units[Int(segment.start)..<Int(segment.end)])
            let script = segment.script == HarfBuzzScript.common ? 0 : segment.script
            #expect(
                SegmentCache.lookup(face: cold.face(Int(segment.face)).id, scale: font.scale, script: script, text: piece)
                    != nil, "\(String(decoding: piece, as: UTF16.self))")
        }
        #expect(try Self.problems(warm, width: 150).isEmpty)
    }

    /// A styled text (the fuzz input's kind): runs with a kern and other sizes, the pair across the
    /// change still unkerned and every line drawn as wide as measured.
    @Test func styledRightToLeftText() throws {
        var styled = try StyledText(font: try Self.font(17))
        try styled.append("שלום ", attributes: TextAttributes(font: try Self.font(24)))
        try styled.append("Twitter.", attributes: TextAttributes(kern: 1.5))
        try styled.append(" OptiA'", attributes: TextAttributes())
        let prepared = try PreparedText(styled: styled)
        for width: CGFloat? in [nil, 200, 100, 60] {
            #expect(try Self.problems(prepared, width: width).isEmpty, "\(width.map { "\($0)" } ?? "nil")")
        }
    }

    /// Parity with Pango 1.50, which itemizes at every level change and shapes each item alone: the 108
    /// cases of Data/parity/level-change.jsonl (scripts/pango-level-change-reference.py: eight Hebrew and
    /// Arabic sentences with "Twitter.", "AT&T.", "TV.", "Play." at 12, 17 and 24 pt and the widths of 70–420 pt where every word fits) break
    /// where Pango breaks, in Pango's visual runs, and every run set in one face is Pango's width within
    /// 0.001 pt (a run with a space between scripts, which the engines may take from either face, within
    /// 0.3 pt, as in `BidiPangoParityTests`). Each line is drawn as wide as it measures, and as wide as
    /// Pango's runs add up to.
    @Test func widthsAreThoseOfPango() throws {
        var fonts: [Double: Font] = [:]
        var cases = 0
        var worstOneFace = 0.0
        var worstLine = 0.0
        for object in try PangoParityTests.loadJSONLines("level-change") {
            let id = object["id"] as? String ?? "?"
            let laid = try BidiPangoParityTests.lay(object, fonts: &fonts)
            let pango = BidiPangoParityTests.pangoLines(
                (object["pango"] as? [String: Any])?["lines"] as? [[String: Any]] ?? [])
            let outcome = BidiPangoParityTests.compare(laid, pango)
            #expect(outcome.breaks == nil && outcome.visual == nil, "\(id): \(outcome.breaks ?? outcome.visual ?? "")")
            #expect(outcome.oneFaceWidth <= 0.001, "\(id): a run in one face differs by \(outcome.oneFaceWidth) pt")
            #expect(outcome.mixedFaceWidth <= 0.3, "\(id)")
            worstOneFace = max(worstOneFace, outcome.oneFaceWidth)
            for (line, theirs) in zip(laid.layout.lines, pango) {
                let drawn = line.glyphs().width
                #expect(abs(drawn - line.width) < 1e-6, "\(id): \(line.text) measures \(line.width), draws \(drawn)")
                let difference = abs(Double(line.width) - theirs.widths.reduce(0, +))
                worstLine = max(worstLine, difference)
                #expect(difference <= 0.001, "\(id): \(line.text) is \(line.width) pt, Pango's \(theirs.widths)")
            }
            cases += 1
        }
        print(
            "Level-change Pango parity: \(cases) cases; runs in one face within \(worstOneFace) pt, lines within \(worstLine) pt"
        )
        #expect(cases == 108)
    }

    /// The fuzz input that found it (`FuzzStyled`), through the fuzz target's own checks.
    @Test func theFuzzInputPasses() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(
                "FuzzTesting/Crashers/FuzzStyled/kern-pair-across-a-level-change")
        let bytes = [UInt8](try Data(contentsOf: url))
        #expect(_FuzzEntries.styled(bytes).isEmpty)
    }
}
