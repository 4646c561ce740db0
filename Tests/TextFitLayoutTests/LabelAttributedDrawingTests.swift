import Foundation
import Testing
import TextFit
import TextFitLayout

/// A label's `attributedText` when drawn: the "…" box in the last visible character's style (S7), and
/// font-size fitting that scales every run's font by one factor (Q4).
@Suite struct LabelAttributedDrawingTests {
    static func font(_ size: CGFloat, bold: Bool = false) throws -> Font {
        try Font(family: "Noto Sans", size: size, weight: bold ? .bold : .regular)
    }
    static func width(_ string: String, _ font: Font) throws -> CGFloat {
        try PreparedText(string, font: font).layout().sizeIncludingTrailingWhitespace.width
    }

    /// S7's worked text: "tiny words here " at 12 pt then "HUGE WORDS THERE" in 30 pt bold, cut at 240 pt.
    static func label(_ mode: LineBreakMode) throws -> Label {
        var styled = try StyledText("tiny words here ", font: font(12))
        try styled.append("HUGE WORDS THERE", attributes: TextAttributes(font: font(30, bold: true)))
        var label = Label(font: try font(12), lineBreakMode: mode)
        label.attributedText = styled
        label.frame = CGRect(x: 0, y: 0, width: 240, height: 60)
        return label
    }

    /// Tail: the "…" follows a 30 pt bold character, so its box is as wide as "…" in 30 pt bold and ends
    /// the line (the label's own 12 pt "…" is well under half as wide).
    @Test func tailEllipsisBoxIsInTheLastVisibleCharactersFont() throws {
        let drawing = try Self.label(.byTruncatingTail).drawing()
        let line = try #require(drawing.lines.first)
        let ellipsis = try #require(drawing.ellipsis)
        let big = try Self.width(PreparedText.ellipsis, Self.font(30, bold: true))
        let small = try Self.width(PreparedText.ellipsis, Self.font(12))
        #expect(big > 2 * small)
        #expect(line.text.hasPrefix("tiny words here HUGE") && line.text.hasSuffix("…"))
        #expect(abs(ellipsis.rect.width - big) < 1e-9)
        #expect(abs(ellipsis.rect.maxX - line.rect.maxX) < 1e-9)
        #expect(ellipsis.rect.minY == line.rect.minY && ellipsis.rect.height == line.rect.height)
    }

    /// Head: the "…" takes the first character after it (here a 30 pt bold one) and starts the line.
    @Test func headEllipsisBoxIsInTheFirstCharactersAfterIt() throws {
        let drawing = try Self.label(.byTruncatingHead).drawing()
        let line = try #require(drawing.lines.first)
        let ellipsis = try #require(drawing.ellipsis)
        #expect(ellipsis.placement == .head)
        #expect(abs(ellipsis.rect.width - (try Self.width(PreparedText.ellipsis, Self.font(30, bold: true)))) < 1e-9)
        #expect(ellipsis.rect.minX == line.rect.minX)
    }

    /// A plain label keeps its font's "…" (the geometry it always had).
    @Test func plainLabelEllipsisIsInItsFont() throws {
        var label = Label(text: "The quick brown fox jumps over the lazy dog", font: try Self.font(17))
        label.frame = CGRect(x: 0, y: 0, width: 120, height: 30)
        let ellipsis = try #require(try label.drawing().ellipsis)
        #expect(abs(ellipsis.rect.width - (try Self.width(PreparedText.ellipsis, Self.font(17)))) < 1e-9)
    }

    // MARK: - Font-size fitting (Q4)

    /// "Quarterly " in 24 pt bold, then "results" in the label's 20 pt (kerned 1.5 pt when asked).
    static func quarterly(kern: CGFloat? = nil) throws -> StyledText {
        var styled = try StyledText("Quarterly ", attributes: TextAttributes(font: font(24, bold: true)), font: font(20))
        try styled.append("results", attributes: TextAttributes(kern: kern))
        return styled
    }

    /// The line's width with every font scaled by `factor`, from the runs measured apart (S2) plus the
    /// unscaled kern after each of "results"' 7 characters (S3).
    static func quarterlyWidth(factor: CGFloat, kern: CGFloat) throws -> CGFloat {
        try width("Quarterly ", font(24 * factor, bold: true)) + width("results", font(20 * factor)) + 7 * kern
    }

    /// The label shrinks every run by one factor k: it draws the bold run at 24k and its own 20 pt at
    /// 20k, `fittedFontSize` is 20k, and k is the largest on the 1/1024 pt grid of the first run's font
    /// at which the line fits 150 pt (k one grid step larger does not). Kern stays in points: UIKit's
    /// scale factor is "applied to the font" (`NSStringDrawingContext.actualScaleFactor`), and a kerned
    /// label is reported to shrink as though its kern did not scale (docs/queries.md, Q4).
    @Test(arguments: [0, 1.5] as [CGFloat])
    func fittingScalesEveryRunsFontByOneFactor(kern: CGFloat) throws {
        var label = Label(font: try Self.font(20))
        label.attributedText = try Self.quarterly(kern: kern == 0 ? nil : kern)
        label.adjustsFontSizeToFitWidth = true
        label.minimumScaleFactor = 0.5
        label.frame = CGRect(x: 0, y: 0, width: 150, height: 40)
        let fitted = try label.fittedFontSize
        let k = fitted / 20
        #expect(k < 1 && k > 0.5)
        let bold = (24 * k * 1024).rounded()  // the bold run's size on the grid, in 1/1024 pt
        #expect(abs(bold - 24 * k * 1024) < 1e-6)
        #expect(try Self.quarterlyWidth(factor: bold / 1024 / 24, kern: kern) <= 150 + 1e-9)
        #expect(try Self.quarterlyWidth(factor: (bold + 1) / 1024 / 24, kern: kern) > 150)
        let drawing = try label.drawing()
        #expect(drawing.lines.count == 1 && drawing.ellipsis == nil && !drawing.isTruncated)
        #expect(drawing.lines[0].text == "Quarterly results")
        // The engine's fit: the runs drawn at 24k and 20k.
        let fit = try PreparedText(styled: Self.quarterly(kern: kern == 0 ? nil : kern))
            .fittingFontSize(width: 150, numberOfLines: 1, minimumScaleFactor: 0.5)
        #expect(fit.fits && abs(fit.pointSize - 24 * k) < 1e-9)
        let runs = try fit.preparedText.layout().lines[0].glyphs().runs
        #expect(abs(runs[0].pointSize - 24 * k) < 1.0 / 1024)
        #expect(abs((runs.last?.pointSize ?? 0) - 20 * k) < 1.0 / 1024)
        #expect(abs(try fit.preparedText.layout().lines[0].width - Self.quarterlyWidth(factor: k, kern: kern)) < 0.01)
    }

    /// A label's paragraph style survives the fit: centred, the shrunk line is centred in 150 pt.
    @Test func fittingKeepsTheParagraphStyle() throws {
        var label = Label(font: try Self.font(20))
        label.attributedText = try Self.quarterly()
        label.paragraphStyle.alignment = .center
        label.adjustsFontSizeToFitWidth = true
        label.minimumScaleFactor = 0.5
        label.frame = CGRect(x: 0, y: 0, width: 150, height: 40)
        let line = try #require(try label.drawing().lines.first)
        #expect(abs(line.rect.midX - 75) < 1e-6)
    }
}
