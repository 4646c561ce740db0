import Foundation
import Testing
import TextFit

/// Issue 35: `TextBatch` over styled, bidirectional and hyphenated texts, on several workers at once, gives
/// exactly the answers of a serial run: the fonts, faces and segment cache the workers share leave no trace in
/// the results (lines, boxes, visual runs and the glyphs drawn).
@Suite struct TextBatchStyledConcurrencyTests {
    /// One text: its pieces, runs over them and a paragraph style, and the layout parameters.
    struct Item: Sendable {
        var styled: StyledText
        var style: ParagraphStyle?
        var width: CGFloat
        var lines: Int
        var mode: LineBreakMode
    }

    /// Everything a caller reads back from a layout, as plain values (a `TextLayout` holds its
    /// `PreparedText`, which is not the same object in two runs).
    struct Snapshot: Equatable {
        var size: CGSize
        var truncated: Bool
        var lines: [[String]]
        /// Visual runs drawn right to left, over all lines.
        var rightToLeftRuns: Int
    }

    static func snapshot(_ layout: TextLayout) -> Snapshot {
        let lines = zip(layout.lines, layout.lines.glyphs()).map { line, glyphs -> [String] in
            let runs = line.visualRuns.map { "\($0.range) \($0.level) \($0.x)" }
            let drawn = glyphs.runs.map { run in
                "\(run.face) \(run.pointSize) "
                    + run.glyphs.map { "\($0.id)@\($0.position.x),\($0.position.y)+\($0.advance)" }
                    .joined(separator: " ")
            }
            return [
                "\(line.range) \(line.text.debugDescription) \(line.width) \(line.widthIncludingTrailingWhitespace)",
                "\(line.rect) \(line.baseline) \(String(describing: line.ellipsis)) \(line.isTruncated)",
            ] + runs + drawn
        }
        let rightToLeft = layout.lines.reduce(0) { $0 + $1.visualRuns.filter(\.isRightToLeft).count }
        return Snapshot(size: layout.size, truncated: layout.isTruncated, lines: lines, rightToLeftRuns: rightToLeft)
    }

    /// 240 texts mixing Latin, Hebrew, Arabic, digits and CJK, with bold, italic, kerned, raised and
    /// resized runs and right-to-left, centred or justified paragraphs; seeded, so every run is the same.
    static func items() throws -> [Item] {
        let regular = try Font(family: "Noto Sans", size: 17)
        let fonts = [
            regular, try Font(family: "Noto Sans", size: 17, weight: .bold),
            try Font(family: "Noto Sans", size: 15, italic: true), try Font(family: "Droid Sans Fallback", size: 16),
            try Font(family: "Noto Sans Hebrew", size: 18), try Font(family: "Noto Sans Arabic", size: 17),
        ]
        let pieces = [
            "Hello, world", "שלום עולם", "مرحبا بالعالم", "2024-12-07", "北京欢迎您", "(כמה 42 shekels)",
            "the quick brown fox", "عدد 1,234 كتاب", "ligatures: office affine", "A \u{202E}reversed\u{202C} bit",
            "Select All", "«טקסט»", "\u{2067}isolated\u{2069}", "naïve café",
        ]
        let alignments: [TextAlignment] = [.natural, .left, .center, .right, .justified]
        let directions: [WritingDirection] = [.natural, .leftToRight, .rightToLeft]
        let modes: [LineBreakMode] = [
            .byWordWrapping, .byCharWrapping, .byTruncatingTail, .byTruncatingMiddle, .byTruncatingHead,
        ]
        var state: UInt64 = 0x5eed_35
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        return try (0..<240).map { index in
            let text = (0..<(2 + next(5))).map { _ in pieces[next(pieces.count)] }.joined(
                separator: next(4) == 0 ? "\n" : " ")
            var styled = try StyledText(text, font: regular)
            let count = text.utf16.count
            // Runs on Character boundaries, so no run splits a cluster.
            let boundaries = [0] + text.indices.dropFirst().map { $0.utf16Offset(in: text) } + [count]
            for _ in 0..<next(4) {
                let a = boundaries[next(boundaries.count)], b = boundaries[next(boundaries.count)]
                guard a != b else { continue }
                let attributes = TextAttributes(
                    font: fonts[next(fonts.count)], kern: next(3) == 0 ? 1.5 : nil,
                    baselineOffset: next(4) == 0 ? 3 : nil)
                try styled.setAttributes(attributes, range: min(a, b)..<max(a, b))
            }
            var style: ParagraphStyle?
            if index % 3 != 0 {
                var paragraph = ParagraphStyle()
                paragraph.alignment = alignments[next(alignments.count)]
                paragraph.baseWritingDirection = directions[next(directions.count)]
                paragraph.lineSpacing = CGFloat(next(3))
                paragraph.headIndent = CGFloat(next(2) * 8)
                style = paragraph
            }
            let mode = modes[next(modes.count)]
            return Item(
                styled: styled, style: style, width: CGFloat(80 + next(220)),
                lines: mode == .byWordWrapping || mode == .byCharWrapping ? next(2) * 3 : 1 + next(3), mode: mode)
        }
    }

    static func run(_ items: [Item], concurrency: Int) -> [Result<Snapshot, Error>] {
        TextBatch.map(items, concurrency: concurrency, cost: { $0.styled.utf16Count }) { item in
            let prepared =
                try item.style.map { try PreparedText(styled: item.styled, paragraphStyle: $0) }
                ?? PreparedText(styled: item.styled)
            return snapshot(try prepared.layout(width: item.width, numberOfLines: item.lines, lineBreakMode: item.mode))
        }
    }

    @Test func concurrentStyledAndBidiBatchesGiveTheSerialAnswers() throws {
        let items = try Self.items()
        // Concurrent first, while some of these words are still new to the segment cache, then serial, then
        // concurrent again with more workers than cores.
        let first = Self.run(items, concurrency: TextBatch.defaultConcurrency)
        let serial = Self.run(items, concurrency: 1)
        let again = Self.run(items, concurrency: 8)
        var rightToLeft = 0, styled = 0
        for index in items.indices {
            let expected = try serial[index].get()
            #expect(try first[index].get() == expected, "item \(index)")
            #expect(try again[index].get() == expected, "item \(index)")
            if expected.rightToLeftRuns > 0 { rightToLeft += 1 }
            if items[index].styled.runs.count > 1 { styled += 1 }
        }
        // The corpus does what it says: most items are styled, many have right-to-left runs.
        #expect(styled > 120, "\(styled) styled")
        #expect(rightToLeft > 100, "\(rightToLeft) with right-to-left runs")
    }

    /// Hyphenated texts (H1–H6): dictionary hyphenation in English, German and French runs, soft hyphens,
    /// bidi words between them, under paragraph styles whose factor asks for it; the same answers on
    /// several workers as on one, the shown hyphens included.
    static func hyphenatedItems() throws -> [Item] {
        let regular = try Font(family: "Noto Sans", size: 17)
        let bold = try Font(family: "Noto Sans", size: 19, weight: .bold)
        let pieces = [
            "internationalization", "extraordinary", "Donaudampfschifffahrtsgesellschaft", "incompréhensibilité",
            "co\u{AD}op\u{AD}er\u{AD}a\u{AD}tion", "hyphenation", "שלום עולם", "مرحبا بالعالم", "representative",
            "Rechtsschutzversicherungsgesellschaften", "the", "of", "responsibilities",
        ]
        let languages = ["en-US", "de", "fr", "en-GB"]
        var state: UInt64 = 0x4879_7068_35
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        return try (0..<80).map { index in
            let text = (0..<(3 + next(5))).map { _ in pieces[next(pieces.count)] }.joined(separator: " ")
            var styled = try StyledText(text, font: regular)
            styled.language = languages[next(languages.count)]
            let boundaries = [0] + text.indices.dropFirst().map { $0.utf16Offset(in: text) } + [text.utf16.count]
            for _ in 0..<next(3) {
                let a = boundaries[next(boundaries.count)], b = boundaries[next(boundaries.count)]
                guard a != b else { continue }
                let attributes = TextAttributes(font: next(2) == 0 ? bold : nil, language: languages[next(languages.count)])
                try styled.setAttributes(attributes, range: min(a, b)..<max(a, b))
            }
            var paragraph = ParagraphStyle()
            paragraph.hyphenationFactor = index % 4 == 0 ? 0.5 : 1
            paragraph.alignment = next(3) == 0 ? .justified : .natural
            let mode: LineBreakMode = next(4) == 0 ? .byTruncatingTail : .byWordWrapping
            return Item(
                styled: styled, style: paragraph, width: CGFloat(60 + next(140)), lines: mode == .byWordWrapping ? 0 : 2,
                mode: mode)
        }
    }

    @Test func concurrentHyphenatedBatchesGiveTheSerialAnswers() throws {
        let items = try Self.hyphenatedItems()
        let first = Self.run(items, concurrency: TextBatch.defaultConcurrency)
        let serial = Self.run(items, concurrency: 1)
        let again = Self.run(items, concurrency: 8)
        var hyphenated = 0, allThree = 0
        for index in items.indices {
            let expected = try serial[index].get()
            #expect(try first[index].get() == expected, "item \(index)")
            #expect(try again[index].get() == expected, "item \(index)")
            // A shown hyphen is the line's last character ("‐" U+2010 or "-").
            let hyphen = expected.lines.contains(where: { $0[0].contains("\u{2010}\"") || $0[0].contains("-\"") })
            if hyphen { hyphenated += 1 }
            if hyphen && expected.rightToLeftRuns > 0 && items[index].styled.runs.count > 1 { allThree += 1 }
        }
        // The corpus does what it says: most items break inside a word with a hyphen, and many are at once
        // hyphenated, styled (several runs) and bidirectional (right-to-left runs shown).
        #expect(hyphenated > 40, "\(hyphenated) hyphenated")
        #expect(allThree > 10, "\(allThree) hyphenated, styled and bidirectional")
    }
}
