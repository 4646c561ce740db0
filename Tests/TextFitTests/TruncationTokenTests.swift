import Foundation
import Testing
@testable import TextFit

/// Worked examples of the custom truncation token (rules T8–T16). Pango has no custom token, so the
/// independent check is arithmetic: every piece shaped alone (`PreparedText(piece).measure()`), the cut
/// found by trying each grapheme boundary of the string in turn, as rule T4 states it.
@Suite struct TruncationTokenTests {
    static let review =
        "Lovely little place. The staff were friendly, the coffee was excellent and the croissants were the best I have had in years."

    /// A string's advance shaped on its own, its spaces included (points).
    static func shapedWidth(_ string: String, _ font: Font) throws -> CGFloat {
        try PreparedText(string, font: font).measure().widthIncludingTrailingWhitespace
    }

    /// "… " regular + "Read more" bold, the example.
    static func readMore(_ regular: Font, _ bold: Font) throws -> StyledText {
        var token = try StyledText("… ", font: regular)
        try token.append("Read more", attributes: TextAttributes(font: bold))
        return token
    }

    /// T4 with a token, by hand: the longest run of whole clusters from `start`, spaces before the token
    /// trimmed, whose shaped width plus the token's fits `width`.
    static func expectedTailCut(
        _ text: String, from start: Int, width: CGFloat, token: CGFloat, font: Font
    ) throws
        -> (end: Int, width: CGFloat)
    {
        let units = Array(text.utf16)
        var best = (end: start, width: CGFloat(0))
        for index in text.indices {
            let end = index.utf16Offset(in: text)
            guard end > start else { continue }
            var visibleEnd = end
            while visibleEnd > start, units[visibleEnd - 1] == 0x20 { visibleEnd -= 1 }
            let shown = try shapedWidth(String(decoding: units[start..<visibleEnd], as: UTF16.self), font)
            if shown + token <= width { best = (visibleEnd, shown) }
        }
        return best
    }

    /// The example: "… Read more" (bold "Read more") closing a two-line review at Noto Sans 17,
    /// 240 pt wide (T8–T13). Line 1 is the untruncated layout's (T2); line 2 shows the longest prefix
    /// whose width plus the token's fits, the token's box right of it.
    @Test func readMoreClosesATwoLineReview() throws {
        let regular = try Font(family: "Noto Sans", size: 17)
        let bold = try Font(family: "Noto Sans", size: 17, weight: .bold)
        let token = try Self.readMore(regular, bold)
        // The token's width from its two pieces shaped apart: "… " (its space kept, T10) and "Read more".
        let tokenWidth = try Self.shapedWidth("… ", regular) + Self.shapedWidth("Read more", bold)
        let prepared = try PreparedText(Self.review, font: regular).withTruncationToken(token)
        let layout = try prepared.layout(width: 240, numberOfLines: 2, lineBreakMode: .byTruncatingTail)
        let untruncated = try PreparedText(Self.review, font: regular).layout(width: 240)
        #expect(layout.lineCount == 2 && layout.isTruncated)
        #expect(layout.lines[0].range == untruncated.lines[0].range)
        let second = layout.lines[1]
        let expected = try Self.expectedTailCut(
            Self.review, from: second.range.lowerBound, width: 240, token: tokenWidth, font: regular)
        #expect(second.visibleEnd == expected.end)
        #expect(abs(second.width - (expected.width + tokenWidth)) <= 2.0 / 1024)
        #expect(second.width <= 240)
        let rect = try #require(layout.truncationTokenRect)
        #expect(abs(rect.minX - expected.width) <= 2.0 / 1024)
        #expect(abs(rect.width - tokenWidth) <= 1.0 / 1024)
        #expect(rect.minY == regular.lineHeight && rect.height == regular.lineHeight)
        #expect(second.text.hasSuffix("… Read more"))
        print(
            "T8 worked example: line 2 \(second.range) shows \"\(second.text)\", visible \(expected.width) pt + token "
                + "\(tokenWidth) pt = \(second.width) pt; token rect \(rect)")
        // The token's glyphs are drawn in bold, after the visible text (T8).
        let glyphs = second.glyphs()
        let tokenRuns = glyphs.runs.filter { run in run.glyphs.allSatisfy { $0.stringIndex == nil } }
        #expect(tokenRuns.contains { $0.font == bold } && tokenRuns.contains { $0.font == regular })
        #expect(abs(glyphs.width - second.width) < 1e-9)
    }

    /// T12 in a right-to-left review: the token takes the paragraph's direction at the logical end of the
    /// visible text, so it sits at the left end of the right-aligned line, the visible text right of it.
    @Test func arabicReviewShowsTheTokenAtTheLeft() throws {
        let font = try Font(family: "Noto Sans", size: 17)
        let text = "مكان جميل جدا والموظفون لطفاء والقهوة ممتازة وسنعود مرة أخرى في الصيف القادم"
        let token = try StyledText("… المزيد", font: font)
        let tokenWidth = try Self.shapedWidth("… المزيد", font)
        let prepared = try PreparedText(text, font: font).withTruncationToken(token)
        let layout = try prepared.layout(width: 200, numberOfLines: 1, lineBreakMode: .byTruncatingTail)
        let line = layout.lines[0]
        let rect = try #require(line.truncationTokenRect)
        #expect(line.baseWritingDirection == .rightToLeft)
        #expect(abs(rect.minX - line.rect.minX) < 1e-9 && abs(rect.width - tokenWidth) <= 1.0 / 1024)
        #expect(abs(line.rect.maxX - 200) < 1e-9)  // natural alignment of a right-to-left line (D2)
        let expected = try Self.expectedTailCut(text, from: 0, width: 200, token: tokenWidth, font: font)
        #expect(line.visibleEnd == expected.end)
        #expect(abs(line.width - (expected.width + tokenWidth)) <= 2.0 / 1024)
        // The visible runs lie right of the token, touching it.
        let runs = line.visualRuns
        #expect(abs((runs.map(\.x).min() ?? 0) + line.rect.minX - rect.maxX) < 1e-9)
    }

    /// T10: spaces of the text next to the token are trimmed, the token's own space is kept: a tail cut
    /// after "Hello " shows "Hello" + " more", head and middle trim the text's spaces after the token too.
    @Test func textSpacesBesideTheTokenAreTrimmedItsOwnAreKept() throws {
        let font = try Font(family: "Noto Sans", size: 17)
        let prepared = try PreparedText("Hello wonderful world", font: font)
            .withTruncationToken(try StyledText(" more", font: font))
        let tokenWidth = try Self.shapedWidth(" more", font)
        let hello = try Self.shapedWidth("Hello", font)
        // Room for "Hello" + token and one unit of "w" at most.
        let tail = try prepared.layout(
            width: hello + tokenWidth + 1, numberOfLines: 1, lineBreakMode: .byTruncatingTail)
        #expect(tail.lines[0].text == "Hello more")
        #expect(tail.lines[0].visibleEnd == 5)
        let world = try Self.shapedWidth("world", font)
        let head = try prepared.layout(width: world + tokenWidth + 1, numberOfLines: 1, lineBreakMode: .byTruncatingHead)
        #expect(head.lines[0].text == " moreworld")
        #expect(head.lines[0].visibleRanges == [16..<21] && head.lines[0].visibleEnd == 0)
        for width in stride(from: 60.0, through: 160.0, by: 4.0) {
            let middle = try prepared.layout(width: CGFloat(width), numberOfLines: 1, lineBreakMode: .byTruncatingMiddle)
                .lines[0]
            guard middle.ellipsis != nil else { continue }
            let ranges = middle.visibleRanges
            let units = Array("Hello wonderful world".utf16)
            // T10: no space of the text touches the token on either side.
            #expect(ranges.count == 2 && middle.visibleEnd == ranges[0].upperBound)
            if let prefixEnd = ranges.first?.upperBound, prefixEnd > 0 { #expect(units[prefixEnd - 1] != 0x20) }
            if let suffixStart = ranges.last?.lowerBound, suffixStart < units.count { #expect(units[suffixStart] != 0x20) }
            #expect(middle.text.contains(" more"))
        }
    }

    /// T9: an emoji sequence in the token is one piece, never cut; the text's emoji beside it is cut only
    /// between clusters.
    @Test func emojiTokenAndEmojiTextStayWhole() throws {
        let font = try Font(family: "Noto Sans", size: 17)
        let text = "Family trip 👩‍👩‍👧‍👦 to the sea 🌊 with friends"
        let prepared = try PreparedText(text, font: font).withTruncationToken(try StyledText(" 👍🏽…", font: font))
        for width in stride(from: 40.0, through: 300.0, by: 3.0) {
            let line = try prepared.layout(width: CGFloat(width), numberOfLines: 1, lineBreakMode: .byTruncatingTail)
                .lines[0]
            guard line.ellipsis != nil else { continue }
            #expect(line.text.hasSuffix(" 👍🏽…"))
            let shown = String(line.text.dropLast(" 👍🏽…".count))
            #expect(text.hasPrefix(shown), "cut inside a cluster at \(width): \(shown)")
        }
    }

    /// The walker and the text container truncate with the token too (T8, G1): their last line shows it.
    @Test func walkerAndContainerShowTheToken() throws {
        let font = try Font(family: "Noto Sans", size: 17)
        let prepared = try PreparedText(Self.review, font: font).withTruncationToken(try StyledText(" more", font: font))
        let layout = try prepared.layout(width: 200, numberOfLines: 2, lineBreakMode: .byTruncatingTail)
        var walker = try prepared.lines(numberOfLines: 2, lineBreakMode: .byTruncatingTail)
        _ = try walker.next(width: 200)
        let walked = try #require(try walker.next(width: 200))
        #expect(walked.text == layout.lines[1].text && walked.text.hasSuffix(" more"))
        let container = try prepared.layout(
            in: TextContainer(size: CGSize(width: 200, height: 200)), numberOfLines: 2, lineBreakMode: .byTruncatingTail)
        #expect(container.lines.last?.text.hasSuffix(" more") == true)
        #expect(container.lines.last?.truncationTokenRect != nil)
    }

    /// T14, T16 and nil: bad or odd tokens get a typed error or a documented answer, never a crash.
    @Test func badAndOddTokens() throws {
        let font = try Font(family: "Noto Sans", size: 17)
        let prepared = PreparedText(Self.review, font: font)
        // T14: a token is one line.
        for (token, offset) in [("… read\nmore", 6), ("\u{2029}", 0), ("more\r", 4)] {
            #expect(throws: MeasureError.truncationTokenHasLineBreak(offset: offset)) {
                try prepared.withTruncationToken(try StyledText(token, font: font))
            }
        }
        // T16: a token wider than the width is shown alone, its width past the limit (the line says so).
        let wide = try prepared.withTruncationToken(try StyledText("… continue reading", font: font))
        for mode in TruncationTokenPropertyTests.modes {
            let line = try wide.layout(width: 30, numberOfLines: 1, lineBreakMode: mode).lines[0]
            #expect(line.text == "… continue reading" && line.width > 30)
            #expect(line.truncationTokenRect?.width == line.width)
        }
        // An empty token cuts with nothing shown in its place.
        let empty = try prepared.withTruncationToken(try StyledText("", font: font))
        let cut = try empty.layout(width: 100, numberOfLines: 1, lineBreakMode: .byTruncatingTail)
        #expect(cut.isTruncated && cut.truncationTokenRect?.width == 0 && cut.lines[0].width <= 100)
        // nil is "…" again (T1), and the token is reported back.
        let token = try StyledText(" more", font: font)
        #expect(try prepared.withTruncationToken(token).truncationToken == token)
        #expect(try prepared.withTruncationToken(nil) === prepared)
        let back = try prepared.withTruncationToken(token).withTruncationToken(nil)
        #expect(back.truncationToken == nil)
        #expect(
            try back.layout(width: 100, numberOfLines: 1, lineBreakMode: .byTruncatingTail).lines[0].text
                == prepared.layout(width: 100, numberOfLines: 1, lineBreakMode: .byTruncatingTail).lines[0].text)
    }

    /// T15: with a paragraph style (centred, with line spacing) the token's box follows the line's place.
    @Test func paragraphStyleMovesTheTokenWithItsLine() throws {
        let font = try Font(family: "Noto Sans", size: 17)
        var style = ParagraphStyle()
        style.alignment = .center
        style.lineSpacing = 6
        let prepared = try PreparedText(Self.review, font: font, paragraphStyle: style)
            .withTruncationToken(try StyledText(" more", font: font))
        let layout = try prepared.layout(width: 240, numberOfLines: 2, lineBreakMode: .byTruncatingTail)
        let line = layout.lines[1]
        let rect = try #require(layout.truncationTokenRect)
        #expect(abs(rect.maxX - line.rect.maxX) < 1e-9 && rect.minY == line.rect.minY)
        #expect(abs(line.rect.midX - 120) < 1e-9)
    }

    /// A tab in the token goes to its first stop from the token's start (28 pt, the default interval), as
    /// the token's own line draws it: the token measured 3.9 pt for the tab's glyph, its box was that wide
    /// and the drawn glyphs overflowed it (FuzzToken's `Crashers/FuzzToken/token-with-a-tab`).
    @Test func aTabInTheTokenGoesToItsStop() throws {
        let font = try Fixtures.font(17)
        let more = try PreparedText("more", font: font).measure().size.width
        let review = try PreparedText("Lovely place, friendly staff, would stay again.", font: font)
            .withTruncationToken(try StyledText("\tmore", font: font))
        let layout = try review.layout(width: 150, numberOfLines: 1, lineBreakMode: .byTruncatingTail)
        let line = layout.lines[0]
        let rect = try #require(layout.truncationTokenRect)
        #expect(abs(rect.width - (28 + more)) < 1e-9)
        #expect(line.width <= 150 && abs(rect.maxX - line.rect.maxX) < 1e-9)
        #expect(abs(line.glyphs().width - line.width) < 1e-9)
    }

    /// T17: U+001C–U+001E inside a paragraph do not start a bidi paragraph of their own. A paragraph made
    /// right to left by its first strong character (an RLM) holding an information separator had, after
    /// it, a second ICU paragraph resolved left to right (level 0 from "shipped"): the line mixed base
    /// levels, and its tail token went to the right end, outside the line's runs
    /// (`Crashers/FuzzToken/tail-token-right-of-a-right-to-left-line`). Taken as a segment separator the
    /// paragraph keeps level 1 and the token goes to the line's logical end, its left (T12, D5).
    @Test func aRightToLeftLinesTailTokenIsAtItsLeftAcrossAnInformationSeparator() throws {
        let levels = BidiLevels("\u{200F}ab\u{1C}cd")
        #expect(levels.paragraphs.count == 1)
        #expect(levels.levels == [1, 2, 2, 1, 2, 2])
        let font = try Font(family: "Noto Sans", size: 17)
        let token = try Self.readMore(font, try Font(family: "Noto Sans", size: 17, weight: .bold))
        let prepared = try PreparedText(
            "\u{200F}Order 2026\u{1C}2027 shipped to Haifa, then on to Tel Aviv by sea", font: font
        ).withTruncationToken(token)
        let line = try prepared.layout(width: 260, numberOfLines: 1, lineBreakMode: .byTruncatingTail).lines[0]
        #expect(line.ellipsis == .tail && line.baseWritingDirection == .rightToLeft)
        #expect(line.visualRuns.allSatisfy { $0.level >= 1 })
        let rect = try #require(line.truncationTokenRect)
        #expect(abs(rect.minX - line.rect.minX) < 1e-9)
        // The runs right of the token and the token tile the line (T12).
        let visible = line.visualRuns.reduce(0) { $0 + $1.width }
        #expect(abs(visible + rect.width - line.width) < 1e-9)
        #expect(line.visualRuns.allSatisfy { $0.x >= rect.width - 1e-9 })
    }
}
