import Foundation
import Testing
@testable import TextFit

/// Rules T8–T13 held over a corpus (plain, styled, right-to-left and mixed texts; widths from 30 to 400 pt;
/// tail, head and middle truncation; 1–3 lines; four tokens): the line with the token fits, the token is
/// one piece as wide as shaped, the visible text and the token tile the line, the token sits at its edge
/// for tail and head, nothing is cut when the text fits; and a "…" token gives today's layouts exactly
/// over the Pango parity corpora (T1 stays the default).
@Suite struct TruncationTokenPropertyTests {
    static let modes: [LineBreakMode] = [.byTruncatingTail, .byTruncatingHead, .byTruncatingMiddle]

    static let texts: [String] = [
        "Lovely little place. The staff were friendly, the coffee was excellent and the croissants were the best I have had in years.",
        "e\u{301}le\u{300}ve cafe\u{301} — 👩‍👩‍👧‍👦 family trip 🇫🇷 flag 👍🏽 ok, would come back again next summer",
        "مكان جميل جدا والموظفون لطفاء والقهوة ممتازة وسنعود مرة أخرى في الصيف القادم بالتأكيد",
        "המקום נחמד מאוד, הצוות אדיב והקפה מצוין. נחזור שוב בקיץ הבא עם כל המשפחה",
        "Great hotel near the souk: فندق رائع قرب السوق، we will return in 2025 for sure",
        "美商務部對中興通訊暫時部分解禁，中興新掌門李自學：盡快恢復生產，並感謝各方支持",
        "Supercalifragilisticexpialidocious antidisestablishmentarianism https://example.com/a/very/long/path",
    ]

    static func tokens(size: CGFloat) throws -> [StyledText] {
        let regular = try Font(family: "Noto Sans", size: size)
        let bold = try Font(family: "Noto Sans", size: size, weight: .bold)
        var readMore = try StyledText("… ", font: regular)
        try readMore.append(
            "Read more", attributes: TextAttributes(font: bold, foregroundColor: TextColor(red: 0, green: 0.4, blue: 1)))
        return [
            readMore, try StyledText(" more", font: regular), try StyledText("→", font: bold),
            try StyledText("… اقرأ المزيد", font: regular),
        ]
    }

    /// The text plain, and styled (a bold run over its second quarter, a larger run over its third).
    static func prepared(_ text: String, styled: Bool) throws -> PreparedText {
        let font = try Fixtures.font(17)
        guard styled else { return PreparedText(text, font: font) }
        var styledText = try StyledText(text, font: font)
        let units = Array(text.utf16)
        let boundaries = Set(text.indices.map { $0.utf16Offset(in: text) } + [units.count])
        func boundary(_ offset: Int) -> Int { (offset...units.count).first { boundaries.contains($0) } ?? units.count }
        let quarter = units.count / 4
        try styledText.setAttributes(
            TextAttributes(font: try Font(family: "Noto Sans", size: 17, weight: .bold)),
            range: boundary(quarter)..<boundary(2 * quarter))
        try styledText.setAttributes(
            TextAttributes(font: try Fixtures.font(21)), range: boundary(2 * quarter)..<boundary(3 * quarter))
        return try PreparedText(styled: styledText)
    }

    /// What rules T8–T13 require of `layout` (of `text`, which has a custom token) at `width`.
    static func problems(_ layout: TextLayout, _ text: PreparedText, width: CGFloat, mode: LineBreakMode) -> [String] {
        var found: [String] = []
        guard let shape = text.truncationTokenShape else { return ["no token"] }
        let tokenString = shape.styled.string
        for (index, line) in layout.lines.enumerated() {
            guard let placement = line.ellipsis else {
                if line.truncationTokenRect != nil { found.append("line \(index): a rect without a token") }
                continue
            }
            if index != layout.lineCount - 1 { found.append("T2: token on line \(index) of \(layout.lineCount)") }
            // T9: one piece, as wide as the token shaped alone.
            let items = text.visualItems(for: line)
            let tokens = items.filter(\.isEllipsis)
            if tokens.count != 1 || tokens.first?.width != shape.width {
                found.append("T9: token pieces \(tokens.map(\.width)) vs \(shape.width)")
            }
            let shown = line.text
            let whole =
                switch placement {
                case .tail: shown.hasSuffix(tokenString)
                case .head: shown.hasPrefix(tokenString)
                case .middle: shown.contains(tokenString)
                }
            if !whole { found.append("T9: '\(shown)' does not show '\(tokenString)' whole") }
            // T12: the visible text and the token tile the line.
            let total = items.reduce(0) { $0 + $1.width }
            if Units.points(total) != line.width { found.append("T12: pieces \(total) vs line \(line.width)") }
            guard let rect = line.truncationTokenRect, let item = tokens.first else {
                found.append("T12: no token rect")
                continue
            }
            if rect.width != Units.points(shape.width) || rect.minY != line.rect.minY || rect.height != line.rect.height
                || rect.minX != line.rect.minX + Units.points(item.x)
            {
                found.append("T12: rect \(rect) for item at \(item.x) on line \(line.rect)")
            }
            // T12: the token at the logical end of the visible text: for tail and head at the line's edge,
            // right of a left-to-right line, left of a right-to-left one.
            let rtl = line.baseWritingDirection == .rightToLeft
            let atRight = abs(rect.maxX - line.rect.maxX) < 1e-9
            let atLeft = abs(rect.minX - line.rect.minX) < 1e-9
            switch placement {
            case .tail where !(rtl ? atLeft : atRight), .head where !(rtl ? atRight : atLeft):
                found.append("T12: \(placement) token at \(rect) on \(rtl ? "rtl" : "ltr") line \(line.rect)")
            default: break
            }
            // T10: cut at cluster boundaries.
            for range in line.visibleRanges where !range.isEmpty {
                for end in [range.lowerBound, range.upperBound]
                where !text.graphemes.contains(Int32(end)) {
                    found.append("T10: visible range \(range) ends inside a cluster")
                }
            }
            // T9/T16: the line fits whenever the token alone does; the token alone is all that overflows.
            let visibleWidth = total - shape.width
            if Units.points(shape.width) <= width, line.width > width {
                found.append("T9: line \(line.width) wider than \(width)")
            }
            if Units.points(shape.width) > width, visibleWidth != 0 {
                found.append("T16: a token wider than the width shows text beside it")
            }
            // Drawing draws what was measured, the token included.
            let glyphs = line.glyphs()
            if abs(glyphs.width - line.width) > 1e-9 { found.append("glyphs \(glyphs.width) vs \(line.width)") }
            if let extent = glyphs.ellipsis, abs((extent.upperBound - extent.lowerBound) - rect.width) > 1e-9 {
                found.append("glyphs token \(extent) vs \(rect.width)")
            }
        }
        return found
    }

    @Test func tokenLinesFitTileAndKeepTheTokenWhole() throws {
        var checked = 0
        var truncatedLines = 0
        var failures: [String] = []
        let tokens = try Self.tokens(size: 17)
        for text in Self.texts {
            for styled in [false, true] {
                let base = try Self.prepared(text, styled: styled)
                for token in tokens {
                    let prepared = try base.withTruncationToken(token)
                    for width in stride(from: 30.0, through: 400.0, by: 37.0) {
                        for mode in Self.modes {
                            for lines in 1...3 {
                                let layout = try prepared.layout(
                                    width: CGFloat(width), numberOfLines: lines, lineBreakMode: mode)
                                checked += 1
                                if layout.lines.last?.ellipsis != nil { truncatedLines += 1 }
                                for problem in Self.problems(layout, prepared, width: CGFloat(width), mode: mode) {
                                    failures.append(
                                        "\(text.prefix(12)) styled \(styled) '\(token.string)' \(width) \(mode) \(lines): \(problem)"
                                    )
                                }
                            }
                        }
                    }
                }
            }
        }
        print("Truncation token properties: \(checked) layouts, \(truncatedLines) with a token, \(failures.count) failures")
        #expect(failures.isEmpty, "\(failures.prefix(10))")
        #expect(truncatedLines > checked / 2)
    }

    /// T11: a text laid out at its own one-line width shows no token, in every mode.
    @Test func noTokenWhenTheTextFits() throws {
        for text in Self.texts {
            for token in try Self.tokens(size: 17) {
                let prepared = try PreparedText(text, font: try Fixtures.font(17)).withTruncationToken(token)
                let exact = try prepared.measure().size.width
                for mode in Self.modes {
                    let layout = try prepared.layout(width: exact, numberOfLines: 1, lineBreakMode: mode)
                    #expect(!layout.isTruncated && layout.lines[0].ellipsis == nil && layout.truncationTokenRect == nil)
                    #expect(layout.lines[0].text == text)
                    // One unit less and the token appears.
                    let tight = try prepared.layout(width: exact - 1.0 / 1024, numberOfLines: 1, lineBreakMode: mode)
                    #expect(tight.lines[0].ellipsis != nil && tight.truncationTokenRect != nil)
                }
            }
        }
    }

    /// T8/T1: a token "…" in the text's own font gives the layouts of no token at all, line for line, over
    /// the Pango parity corpora (plain and bidirectional), in the corpus's mode and in each truncating mode
    /// at 1–3 lines.
    @Test func ellipsisTokenGivesTodaysLayoutsOverTheParityCorpora() throws {
        var compared = 0
        var truncated = 0
        var differences: [String] = []
        var fonts: [String: Font] = [:]
        for name in ["corpus", "bidi"] {
            for object in try PangoParityTests.loadJSONLines(name) {
                let size = (object["size"] as? NSNumber)?.doubleValue ?? 17
                let family = object["family"] as? String ?? "Noto Sans"
                let key = "\(family) \(size)"
                let font = try fonts[key] ?? Font(family: family, size: CGFloat(size))
                fonts[key] = font
                let plain = PreparedText(object["text"] as? String ?? "", font: font)
                let dotted = try plain.withTruncationToken(try StyledText("…", font: font))
                let width = CGFloat((object["width"] as? NSNumber)?.doubleValue ?? 0)
                let own = LineBreakMode(rawValue: object["lineBreakMode"] as? String ?? "wordWrap") ?? .byWordWrapping
                var requests = [(own, (object["maxLines"] as? NSNumber)?.intValue ?? 0)]
                for mode in Self.modes { for lines in 1...3 { requests.append((mode, lines)) } }
                for (mode, lines) in requests {
                    let today = try plain.layout(width: width, numberOfLines: lines, lineBreakMode: mode)
                    let token = try dotted.layout(width: width, numberOfLines: lines, lineBreakMode: mode)
                    compared += 1
                    if today.truncationTokenRect != nil { truncated += 1 }
                    let same =
                        today.lineCount == token.lineCount && today.isTruncated == token.isTruncated
                        && today.size == token.size && today.truncationTokenRect == token.truncationTokenRect
                        && zip(today.lines, token.lines).allSatisfy { a, b in
                            a.range == b.range && a.width == b.width && a.text == b.text && a.ellipsis == b.ellipsis
                                && a.visibleRanges == b.visibleRanges && a.rect == b.rect
                        }
                    if !same { differences.append("\(object["id"] ?? "?") \(mode) \(lines)") }
                }
            }
        }
        print("Token \"…\" against today's \"…\": \(compared) layouts (\(truncated) truncated), \(differences.count) differ")
        #expect(differences.isEmpty, "\(differences.prefix(10))")
        #expect(compared == 739 * 10 && truncated > 1_000)
    }
}
