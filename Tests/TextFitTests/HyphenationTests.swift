import Foundation
import Testing
@testable import TextFit

/// Soft hyphens, dictionary hyphenation and the hyphenation factor (rules H1–H8), worked examples.
@Suite struct HyphenationTests {
    static func font(_ size: CGFloat = 17) throws -> Font { try Font(family: "Noto Sans", size: size) }

    /// The width of `string` alone, in points.
    static func width(_ string: String, _ font: Font) throws -> CGFloat {
        try PreparedText(string, font: font).measure().size.width
    }

    static func style(_ factor: Float) -> ParagraphStyle {
        var style = ParagraphStyle()
        style.hyphenationFactor = factor
        return style
    }

    // MARK: H1, H2: soft hyphens

    @Test func softHyphenBreakShowsAndCountsTheHyphen() throws {
        let font = try Self.font()
        let text = PreparedText("extra\u{AD}ordinary", font: font)
        let whole = try Self.width("extraordinary", font)
        let head = try Self.width("extra", font)
        let hyphen = try Self.width("\u{2010}", font)
        #expect(hyphen > 4 && hyphen < 7)  // about 5 pt at 17 pt Noto Sans (issue 31)
        // Unbroken, the soft hyphen is invisible and zero-width (H1).
        let one = try text.layout(width: 300)
        #expect(one.lineCount == 1)
        #expect(abs(one.lines[0].width - whole) < 0.001)
        #expect(!one.lines[0].isHyphenated)
        // Broken, the line shows U+2010 (Noto Sans has it), counted in its width (H2).
        let narrow = max(head + hyphen, try Self.width("ordinary", font)) + 1
        let two = try text.layout(width: narrow)
        #expect(two.lineCount == 2)
        let first = two.lines[0]
        #expect(first.isHyphenated)
        #expect(first.text == "extra\u{2010}")
        #expect(abs(first.width - (head + hyphen)) < 0.001)
        #expect(!two.lines[1].isHyphenated)
        #expect(two.lines[1].text == "ordinary")
        // measure agrees with layout.
        let metrics = try text.measure(width: narrow)
        #expect(metrics.lineCount == 2)
        #expect(abs(metrics.size.width - max(first.width, two.lines[1].width)) < 0.001)
    }

    @Test func softHyphenThatCannotFitItsHyphenIsNotTaken() throws {
        let font = try Self.font()
        let text = PreparedText("a extra\u{AD}ordinary", font: font)
        let head = try Self.width("a extra", font)
        // Room for "a extra" but not for its hyphen: the line ends before "extra" (H2).
        let layout = try text.layout(width: head + 0.5)
        #expect(layout.lines[0].text == "a ")
        #expect(!layout.lines[0].isHyphenated)
    }

    /// W3 with H2: a character wrap that ends after a soft hyphen shows the hyphen, so the hyphen must fit
    /// too; one cluster earlier otherwise (FuzzLineWidths: "對中興soft‐" was 89.4 pt in an 84 pt line).
    @Test func charWrapCountsASoftHyphensHyphen() throws {
        let text = "美商務部對中興soft\u{AD}hy\u{AD}phen"
        let prepared = try PreparedText(text, font: Self.font())
        for width in stride(from: 40.0, through: 140.0, by: 0.5) as StrideThrough<CGFloat> {
            let layout = try prepared.layout(width: width, lineBreakMode: .byCharWrapping)
            for line in layout.lines where line.range.count > 1 {
                #expect(line.width <= width + 1e-9, "\(line.text) is \(line.width) at \(width)")
            }
        }
        let lines = try prepared.layout(width: 84, lineBreakMode: .byCharWrapping).lines
        #expect(lines.map(\.text) == ["美商務部", "對中興soft", "\u{AD}hy\u{AD}phen"])
    }

    @Test func softHyphenDrawsTheHyphenGlyph() throws {
        let font = try Self.font()
        let text = PreparedText("extra\u{AD}ordinary", font: font)
        let line = try text.layout(width: try Self.width("extra\u{2010}", font) + 1).lines[0]
        #expect(line.isHyphenated)
        let placed = text.placedGlyphs(for: line)
        #expect(abs(Units.points(placed.width) - line.width) < 0.001)  // drawn as measured
        let hyphen = try #require(placed.glyphs.last)
        #expect(abs(Units.points(hyphen.advance) - (try Self.width("\u{2010}", font))) < 0.001)
        let expected = FontCatalog.shared.harfBuzzFont(face: font.face, scale: font.scale)?.glyphs([0x2010][...], script: 0)
        #expect(hyphen.glyph == expected?.first?.glyph)
    }

    @Test func plainTextHasNoHyphenation() throws {
        let text = PreparedText("plain words only", font: try Self.font())
        #expect(text.paragraphSettings == nil)
    }

    // MARK: H5, H6: dictionaries

    @Test func languageTagsFindDictionaries() throws {
        for (tag, file) in [
            ("en-US", "hyph_en_US.dic"), ("en", "hyph_en.dic"), ("de-CH", "hyph_de_CH.dic"),
            ("de", "hyph_de.dic"), ("pt-BR", "hyph_pt_BR.dic"), ("pt_PT", "hyph_pt_PT.dic"),
            ("sv", "hyph_sv_SE.dic"), ("pl", "hyph_pl_PL.dic"), ("ru", "hyph_ru_RU.dic"),
            ("fr-CA", "hyph_fr_CA.dic"), ("es", "hyph_es_ES.dic"), ("it-IT", "hyph_it_IT.dic"),
            ("nl", "hyph_nl.dic"), ("sr-Latn-RS", nil), ("xx", nil), ("", nil), ("e", nil),
        ] as [(String, String?)] {
            let found = HyphenDictionaries.dictionary(for: tag).map { URL(fileURLWithPath: $0.path).lastPathComponent }
            #expect(found == file, "\(tag)")
        }
    }

    @Test func dictionaryHonoursItsMinimums() throws {
        let english = try #require(HyphenDictionaries.dictionary(for: "en-US"))
        #expect(english.leftMin == 2 && english.rightMin == 3)  // LEFTHYPHENMIN 2, RIGHTHYPHENMIN 3
        // libhyphen's own points for the word, none closer than 2 to the start or 3 to the end.
        let points = english.points("hyphenation")
        #expect(points == [2, 6])  // hy-phen-ation
        let german = try #require(HyphenDictionaries.dictionary(for: "de"))
        #expect(!german.isUTF8)  // ISO 8859-1 patterns: "ü" must be spelled in Latin-1
        #expect(!german.points("überraschende").isEmpty)
        #expect(english.points("cat").isEmpty)  // shorter than left + right minimum
    }

    @Test func neverHyphenatesUrlsNumbersOrHyphenatedWords() throws {
        let font = try Self.font()
        for word in [
            "https://example.com/documentation", "someone@example.org", "internationalization2026",
            "well-established-conventions", "extra\u{AD}ordinarily", "www.internationalization.com",
        ] {
            let text = try PreparedText(word, font: font, paragraphStyle: Self.style(1), language: "en-US")
            let dictionaryPoints = text.paragraphSettings?.hyphenation?.fromDictionary.filter { $0 }.count ?? 0
            #expect(dictionaryPoints == 0, "\(word)")
        }
    }

    // MARK: H3: the factor, worked examples

    /// "I" then a long word, at a width where "I" fills under half the line: factor 0 never hyphenates,
    /// 0.5 and 1 do (the unhyphenated line "I" fills less than half).
    @Test func factorWorkedExampleShortLine() throws {
        let font = try Self.font()
        let sentence = "I internationalization"
        let width: CGFloat = 120
        let filled = try Self.width("I", font)
        #expect(filled < 0.5 * width)
        let expectations: [(Float, Bool)] = [(0, false), (0.5, true), (1, true)]
        for (factor, hyphenates) in expectations {
            let text = try PreparedText(sentence, font: font, paragraphStyle: Self.style(factor), language: "en-US")
            let first = try text.layout(width: width).lines[0]
            #expect(first.isHyphenated == hyphenates, "factor \(factor)")
            if hyphenates {
                #expect(first.text.hasSuffix("\u{2010}"))
                #expect(first.width <= width)
                #expect(first.text.hasPrefix("I inter"))
            } else {
                #expect(first.text == "I ")
            }
        }
    }

    /// A line that unhyphenated fills between half and all of the width: only factor 1 hyphenates it.
    @Test func factorWorkedExampleLongLine() throws {
        let font = try Self.font()
        let sentence = "Several representatives internationalization"
        let width = try Self.width("Several representatives", font) / 0.7  // 70 % full without the next word
        let expectations: [(Float, Bool)] = [(0, false), (0.5, false), (1, true)]
        for (factor, hyphenates) in expectations {
            let text = try PreparedText(sentence, font: font, paragraphStyle: Self.style(factor), language: "en-US")
            let first = try text.layout(width: width).lines[0]
            #expect(first.isHyphenated == hyphenates, "factor \(factor)")
            #expect(first.width <= width)
        }
    }

    @Test func usesDefaultHyphenationIsFactorOne() throws {
        let font = try Self.font()
        var style = ParagraphStyle()
        style.usesDefaultHyphenation = true
        #expect(style.effectiveHyphenationFactor == 1)
        let sentence = "Several representatives internationalization"
        let width = try Self.width("Several representatives", font) / 0.7
        let text = try PreparedText(sentence, font: font, paragraphStyle: style, language: "en")
        let one = try PreparedText(sentence, font: font, paragraphStyle: Self.style(1), language: "en")
        #expect(try text.layout(width: width).lines.map(\.range) == one.layout(width: width).lines.map(\.range))
        // Without a language (or a dictionary) nothing hyphenates (H6).
        let none = try PreparedText(sentence, font: font, paragraphStyle: style, language: nil)
        #expect(none.paragraphSettings?.hyphenation == nil)
    }

    @Test func invalidFactorIsRefused() throws {
        for factor: Float in [-0.1, 1.5, .nan, .infinity] {
            #expect(throws: ParagraphStyleError.self) {
                _ = try PreparedText("x", font: try Self.font(), paragraphStyle: Self.style(factor), language: "en")
            }
        }
    }

    @Test func germanCompoundInANarrowLabel() throws {
        let font = try Self.font(15)
        let text = try PreparedText(
            "Donaudampfschifffahrtsgesellschaft", font: font, paragraphStyle: Self.style(1),
            language: "de-DE")
        let layout = try text.layout(width: 100)
        #expect(layout.lineCount > 1)
        for line in layout.lines.dropLast() {
            #expect(line.isHyphenated, "\(line.text)")
            #expect(line.width <= 100)
        }
        // The lines tile the text.
        #expect(layout.lines.map(\.range.lowerBound).first == 0)
        #expect(layout.lines.last?.range.upperBound == text.utf16Count)
    }

    // MARK: H8: truncation and queries

    @Test func truncationAndQueriesRespectHyphens() throws {
        let font = try Self.font()
        let sentence = "Internationalization requires understanding characteristically complicated conventions."
        let text = try PreparedText(sentence, font: font, paragraphStyle: Self.style(1), language: "en-US")
        // Truncation: the lines before the last are the hyphenated ones, the last ends with "…".
        let cut = try text.layout(width: 120, numberOfLines: 2, lineBreakMode: .byTruncatingTail)
        #expect(cut.lineCount == 2 && cut.isTruncated)
        #expect(cut.lines[0].isHyphenated)
        #expect(cut.lines[1].ellipsis == .tail && !cut.lines[1].isHyphenated)
        #expect(cut.lines.allSatisfy { $0.width <= 120 })
        // tightestWidth: the answer keeps the line count, and every line (hyphen included) fits it.
        let tight = try text.tightestWidth(forWidth: 150)
        let atTight = try text.layout(width: tight)
        #expect(atTight.lineCount == (try text.layout(width: 150)).lineCount)
        #expect(atTight.lines.allSatisfy { $0.width <= tight })
        // Balanced: same line count, lines within the width.
        let balanced = try text.balancedLayout(width: 150)
        #expect(balanced.lineCount == (try text.layout(width: 150)).lineCount)
        #expect(balanced.lines.allSatisfy { $0.width <= 150 })
        // measure agrees with layout at every width.
        for width in stride(from: 40.0, through: 300.0, by: 7.0) {
            let layout = try text.layout(width: width)
            let metrics = try text.measure(width: width)
            #expect(metrics.lineCount == layout.lineCount)
            #expect(abs(metrics.size.width - layout.size.width) < 0.001)
        }
    }

    // MARK: Bad input

    @Test func badInputIsAnswered() throws {
        let font = try Self.font()
        // Unknown language and a missing dictionary: no dictionary hyphenation, soft hyphens still work.
        for language in ["zz-ZZ", "not a tag", "../../etc/passwd", "de\0x", String(repeating: "a", count: 5000)] {
            let text = try PreparedText(
                "some extra\u{AD}ordinary words", font: font, paragraphStyle: Self.style(1),
                language: language)
            #expect(try text.layout(width: 60).lineCount > 1)
        }
        #expect(HyphenDictionaries.dictionary(for: "en", directory: "/nonexistent") == nil)
        #expect(HyphenDictionary(path: "/etc/hostname") == nil || true)  // loads or refuses, never crashes
        // A 10,000-letter word with hyphenation on: answered promptly.
        let long = String(repeating: "internationalization", count: 500)
        let clock = ContinuousClock()
        let elapsed = try clock.measure {
            let text = try PreparedText(long, font: font, paragraphStyle: Self.style(1), language: "en-US")
            let layout = try text.layout(width: 100)
            #expect(layout.lineCount > 10)
        }
        #expect(elapsed < .seconds(20))
    }
}

/// A styled text's runs carry their own language (`TextAttributes.language`, H6).
@Suite struct StyledHyphenationTests {
    @Test func runLanguageOverridesTheText() throws {
        let font = try Font(family: "Noto Sans", size: 17)
        let bold = try Font(family: "Noto Sans", size: 17, weight: .bold)
        var style = ParagraphStyle()
        style.hyphenationFactor = 1
        // "Donaudampfschifffahrt" in a German run inside an English text, with a bold run before it.
        var styled = try StyledText("Go ", attributes: TextAttributes(font: bold), font: font)
        styled.language = "en-US"
        try styled.append("Donaudampfschifffahrtsgesellschaft", attributes: TextAttributes(language: "de-DE"))
        let prepared = try PreparedText(styled: styled, paragraphStyle: style)
        let hyphenation = try #require(prepared.paragraphSettings?.hyphenation)
        #expect(hyphenation.fromDictionary.contains(true))
        let layout = try prepared.layout(width: 110)
        #expect(layout.lines.dropLast().allSatisfy { $0.isHyphenated })
        #expect(layout.lines.allSatisfy { $0.width <= 110 })
        // Without any language nothing but soft hyphens would break with a hyphen.
        var none = try StyledText("Go ", attributes: TextAttributes(font: bold), font: font)
        none.append("Donaudampfschifffahrtsgesellschaft")
        #expect(try PreparedText(styled: none, paragraphStyle: style).paragraphSettings?.hyphenation == nil)
    }
}
