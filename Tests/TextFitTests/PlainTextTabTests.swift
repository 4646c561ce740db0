import Foundation
import Testing
@testable import TextFit

/// A tab in text prepared without a paragraph style (issue 41): UIKit gives every text a paragraph style,
/// so a plain string's tab goes to `NSParagraphStyle.default`'s stops, 12 of them every 28 pt (P10), the
/// same as with an explicit style that changes nothing else. Noto Sans 17 pt.
@Suite struct PlainTextTabTests {
    let font: Font
    init() throws { font = try Fixtures.font() }

    func natural(_ string: String) throws -> CGFloat { try PreparedText(string, font: font).layout().lines[0].width }

    /// P10's worked example without a style: "a" is narrower than 28, so "b" starts at 28; two tabs, 56.
    @Test func plainTextUsesTheDefaultStops() throws {
        #expect(abs(try natural("a\tb") - (28 + (try natural("b")))) < 1e-9)
        #expect(abs(try natural("a\t\tb") - (56 + (try natural("b")))) < 1e-9)
        #expect(try PreparedText("a\tb", font: font).paragraphStyle == .default)
    }

    /// One UIKit setup, one answer: plain text, a style that changes nothing and `lineSpacing` 0 (the
    /// issue's case) give the same lines, widths and heights, wrapped or not.
    @Test func plainAndDefaultStyleAgree() throws {
        let text = "Name\tValue\tNote one two three four five six seven eight nine ten"
        var zeroSpacing = ParagraphStyle()
        zeroSpacing.lineSpacing = 0
        for width in [nil, 300, 150, 90] as [CGFloat?] {
            let plain = try PreparedText(text, font: font).layout(width: width)
            let styled = try PreparedText(text, font: font, paragraphStyle: zeroSpacing).layout(width: width)
            #expect(plain.lines.map(\.range) == styled.lines.map(\.range))
            #expect(plain.lines.map(\.width) == styled.lines.map(\.width))
            #expect(plain.size == styled.size)
            #expect(try PreparedText(text, font: font).measure(width: width).size == plain.size)
        }
    }

    /// Styled text without a style, and a right-to-left text, take the same stops.
    @Test func styledAndRightToLeftTextToo() throws {
        let bold = try Font(family: "Noto Sans", size: 17, weight: .bold)
        var styled = try StyledText("Total\t", attributes: TextAttributes(font: bold), font: font)
        styled.append("12")
        let width = try PreparedText(styled: styled).layout().lines[0].width
        let explicit = try PreparedText(styled: styled, paragraphStyle: ParagraphStyle()).layout().lines[0].width
        #expect(width == explicit)
        #expect(abs(width - (56 + (try natural("12")))) < 1e-9)  // "Total" in bold passes 28
        let hebrew = "שלום\tעולם"
        let rtl = try PreparedText(hebrew, font: font).layout().lines[0]
        let rtlStyled = try PreparedText(hebrew, font: font, paragraphStyle: ParagraphStyle()).layout().lines[0]
        #expect(rtl.width == rtlStyled.width && rtl.x == rtlStyled.x)
        #expect(rtl.width > (try natural("שלום עולם")))
    }

    /// The choice is made when the text is prepared: text without a tab keeps the plain paths (no
    /// paragraph settings, so `layout` and `measure` never look at a style).
    @Test func textWithoutATabKeepsThePlainPath() throws {
        #expect(PreparedText("a b", font: font).paragraphSettings == nil)
        #expect(PreparedText("a\tb", font: font).paragraphSettings?.tabLayout != nil)
        #expect(PreparedText("a\u{00A0}b\u{3000}c", font: font).paragraphSettings == nil)
    }
}
