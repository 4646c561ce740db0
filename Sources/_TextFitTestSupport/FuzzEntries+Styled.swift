import Foundation
import TextFit

extension _FuzzEntries {
    /// A styled text, its paragraph style and a layout request decoded from fuzz bytes (`FuzzStyled`,
    /// `FuzzLineWidths`): runs in three faces and several sizes with kerns, baseline offsets and languages;
    /// a paragraph style with spacing, heights, indents, alignment, a base direction, tab stops and
    /// hyphenation; text from pieces chosen for bidi (Hebrew, Arabic, embeddings and isolates), hyphenation
    /// (long words, soft hyphens) and breaking (spaces, tabs, every separator), or raw UTF-8.
    public struct StyledInput: CustomStringConvertible, Sendable {
        public var styled: StyledText?
        public var paragraphStyle: ParagraphStyle?
        /// Why the styled text or its attributes were refused while decoding (a `StyledTextError`), if so.
        public var buildError: String?
        public var width: CGFloat?
        public var maxLines: Int
        public var mode: LineBreakMode
        public var strategy: LineBreakStrategy
        /// Ask the queries (`tightestWidth`, `widthRange`) too.
        public var queries: Bool

        /// Whether a run kerns below 0, which moves the pen back (K1, K2) and so relaxes some checks.
        var hasNegativeKern: Bool { styled?.runs.contains { ($0.attributes.kern ?? 0) < 0 } ?? false }

        public var description: String {
            let runs = styled.map { text in
                text.runs.map { run in
                    "\(run.range) font \(run.attributes.font.map { "\($0.familyName) \($0.pointSize)" } ?? "-") "
                        + "kern \(run.attributes.kern ?? 0) offset \(run.attributes.baselineOffset ?? 0) "
                        + "lang \(run.attributes.language ?? "-")"
                }
            }
            return "text \((styled?.string ?? "").debugDescription) language \(styled?.language ?? "-") runs \(runs ?? []) "
                + "width \(width.map { "\($0)" } ?? "nil") maxLines \(maxLines) \(mode.rawValue) "
                + "strategy \(strategy.rawValue) style \(paragraphStyle.map { "\($0)" } ?? "none") "
                + "queries \(queries) buildError \(buildError ?? "-")"
        }
    }

    /// The pieces a styled input's text is made of: words to hyphenate (in English, German and French),
    /// soft hyphens, right-to-left words, directional controls, digits and brackets between them, breaking
    /// and non-breaking spaces, tabs, every paragraph separator, combining marks, emoji, CJK and a ligature.
    public static let styledPieces: [String] = [
        "Hello ", "world", " ", "  ", "\n", "\t", "\u{2029}", "\r\n", "\u{2028}",
        "extraordinary", "internationalization", "hyphenation ", "Donaudampfschifffahrt", "incompréhensibilité",
        "soft\u{AD}hy\u{AD}phen", "\u{AD}", "co\u{AD}op\u{AD}er\u{AD}a\u{AD}tion ", "well-known",
        "שלום עולם", "مرحبا بالعالم", " עברית ", "العربية", "123", "(a)", "[",
        "\u{202B}", "\u{202A}", "\u{202C}", "\u{2067}", "\u{2066}", "\u{2068}", "\u{2069}", "\u{200F}", "\u{200E}",
        "e\u{301}", "👩‍👩‍👧‍👦", "👍🏽", "\u{200B}", "\u{A0}", "美商務部對中興", "ffi", "—", "-", ". ", "\u{FFFC}",
        "a", "Wi", "x\u{AD}", "\u{AD}\u{AD}", "١٢٣", "\u{5D0}\u{5B8}",
    ]
    /// The languages a run or the text may name: hyphenation dictionaries (English, German, French, Dutch),
    /// ones without a dictionary, malformed tags.
    static let styledLanguages: [String?] = [
        nil, "en-US", "de", "fr", "en", "nl", "he", "ar", "pt-BR", "en_GB", "", "x", "de-CH-1996", "zz-Zzzz", "EN-us",
        "hu",
    ]
    static let styledSizes: [CGFloat] = [17, 12, 24, 9, 36, 5.5, 72, 15]

    /// Byte layout (missing bytes read as 0, so every input decodes):
    /// 0 mode (low 3 bits, mod 6), strategy (bits 3–4), a paragraph style follows (bit 5), the text is raw
    ///   UTF-8 after the runs (bit 6), ask the queries (bit 7);
    /// 1 line limit (mod 5); 2–3 width / 16 pt (0–4096; 0xFFxx: none);
    /// 4 base font (mod 3: Noto Sans, Noto Sans Bold, Droid Sans Fallback) and size (bits 2–4);
    /// 5 the text's language (low 4 bits) and, in bits 4–7, a range to restyle (0: none);
    /// then 10 paragraph-style bytes when bit 5 of byte 0 is set (`decodeParagraphStyle`);
    /// then a run count (mod 8) and per run: an attributes byte (font: none or one of three, size; kern;
    /// offset; language present), a kern byte, an offset byte, a language byte, a piece count (mod 8) and
    /// that many piece indices into `styledPieces`; then, with bit 6, the rest as raw UTF-8 in the base font.
    public static func decodeStyledInput(_ bytes: [UInt8]) -> StyledInput {
        var reader = ByteReader(bytes: bytes)
        return decodeStyledInput(&reader)
    }

    static func decodeStyledInput(_ reader: inout ByteReader) -> StyledInput {
        let modes: [LineBreakMode] = [
            .byWordWrapping, .byCharWrapping, .byClipping, .byTruncatingHead, .byTruncatingTail, .byTruncatingMiddle,
        ]
        let flags = reader.next()
        let maxLines = Int(reader.next() % 5)
        let high = reader.next(), low = reader.next()
        let width: CGFloat? = high == 0xFF ? nil : CGFloat(Int(high) << 8 | Int(low)) / 16
        let fontByte = reader.next()
        let languageByte = reader.next()
        var input = StyledInput(
            styled: nil, paragraphStyle: nil, buildError: nil, width: width, maxLines: maxLines,
            mode: modes[Int(flags & 7) % modes.count], strategy: LineBreakStrategy(rawValue: Int((flags >> 3) & 3)),
            queries: flags & 128 != 0)
        if flags & 32 != 0 { input.paragraphStyle = decodeParagraphStyle(&reader) }
        guard let base = styledFont(Int(fontByte % 3), size: styledSizes[Int(fontByte >> 2) & 7]) else { return input }
        do {
            var styled = try StyledText(font: base)
            styled.language = styledLanguages[Int(languageByte & 15)]
            for _ in 0..<Int(reader.next() % 8) {
                let attributes = decodeAttributes(&reader)
                var text = ""
                for _ in 0..<Int(reader.next() % 8) { text += styledPieces[Int(reader.next()) % styledPieces.count] }
                try styled.append(text, attributes: attributes)
            }
            if flags & 64 != 0 { styled.append(String(decoding: reader.rest, as: UTF8.self)) }
            // A later range wins (as NSMutableAttributedString); its edges may split a cluster.
            let restyle = Int(languageByte >> 4)
            if restyle > 0, styled.utf16Count > 0 {
                let start = (restyle * 7) % styled.utf16Count
                let end = min(styled.utf16Count, start + restyle)
                try styled.setAttributes(
                    TextAttributes(font: styledFont(1, size: 20), kern: 1.5, language: "de"), range: start..<end)
            }
            input.styled = styled
        } catch let error as StyledTextError {
            input.buildError = "\(error)"
        } catch {
            input.buildError = "unexpected \(type(of: error)): \(error)"
        }
        return input
    }

    static func styledFont(_ choice: Int, size: CGFloat) -> Font? {
        let families: [(String, Font.Weight)] = [
            ("Noto Sans", .regular), ("Noto Sans", .bold), ("Droid Sans Fallback", .regular),
        ]
        return try? Font(family: families[choice % 3].0, size: size, weight: families[choice % 3].1)
    }

    /// A run's attributes: byte bits 0–1 font (none, or a face), 2–4 size, 5 kern, 6 baseline offset, 7
    /// language; then the kern (signed, / 4 pt; −128 is 200,000 pt, refused), the offset (signed, / 2 pt)
    /// and the language index.
    private static func decodeAttributes(_ reader: inout ByteReader) -> TextAttributes {
        let kind = reader.next()
        let kernByte = Int8(bitPattern: reader.next())
        let offsetByte = Int8(bitPattern: reader.next())
        let languageByte = reader.next()
        var attributes = TextAttributes()
        if kind & 3 != 0 { attributes.font = styledFont(Int(kind & 3) - 1, size: styledSizes[Int(kind >> 2) & 7]) }
        if kind & 32 != 0 { attributes.kern = kernByte == -128 ? 200_000 : CGFloat(kernByte) / 4 }
        if kind & 64 != 0 { attributes.baselineOffset = CGFloat(offsetByte) / 2 }
        if kind & 128 != 0 { attributes.language = styledLanguages[Int(languageByte) % styledLanguages.count] }
        return attributes
    }

    /// Ten bytes: alignment (mod 5) and base direction (bits 3–4); line spacing; paragraph spacing (and,
    /// bit 7, before); line-height multiple (/ 32); minimum and maximum line height (a maximum below the
    /// minimum is refused); head and first-line indents; tail indent (signed); hyphenation factor (/ 250,
    /// above 1 refused; 255 NaN) with the default-hyphenation flag; the default tab interval (0xFF: −1,
    /// refused) and a decimal tab stop.
    private static func decodeParagraphStyle(_ reader: inout ByteReader) -> ParagraphStyle {
        var style = ParagraphStyle()
        let alignments: [TextAlignment] = [.natural, .left, .right, .center, .justified]
        let directions: [WritingDirection] = [.natural, .leftToRight, .rightToLeft]
        let first = reader.next()
        style.alignment = alignments[Int(first & 7) % alignments.count]
        style.baseWritingDirection = directions[Int((first >> 3) & 3) % directions.count]
        style.lineSpacing = CGFloat(reader.next()) / 8
        let spacing = reader.next()
        if spacing & 128 != 0 { style.paragraphSpacingBefore = CGFloat(spacing & 127) / 4 }
        style.paragraphSpacing = CGFloat(spacing & 127) / 8
        style.lineHeightMultiple = CGFloat(reader.next()) / 32
        let heights = reader.next()
        style.minimumLineHeight = CGFloat(heights & 15) * 4
        style.maximumLineHeight = CGFloat(heights >> 4) * 4
        let indents = reader.next()
        style.headIndent = CGFloat(indents & 15) * 4
        style.firstLineHeadIndent = CGFloat(indents >> 4) * 4
        style.tailIndent = CGFloat(Int8(bitPattern: reader.next())) / 2
        let hyphenation = reader.next()
        style.hyphenationFactor = hyphenation == 255 ? .nan : Float(hyphenation & 127) / 100
        style.usesDefaultHyphenation = hyphenation & 128 != 0
        let tab = reader.next()
        style.defaultTabInterval = tab == 255 ? -1 : CGFloat(tab) / 2
        let stop = reader.next()
        if stop & 1 != 0 { style.tabStops.append(.decimal(location: CGFloat(stop) * 2)) }
        return style
    }
}
