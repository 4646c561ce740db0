import Foundation
import Testing
@testable import TextFit

/// Rule K3: no line is wider than its room, its shown hyphen (H2) included, unless it is one cluster that
/// does not fit alone (W2's emergency break), whatever the kern. Under a negative kern a soft hyphen is
/// narrower than nothing (K2), so a longer piece can be narrower than a shorter one: FuzzLineWidths found
/// "p‐" 5.93 pt and "er‐" 7.08 pt in a 2 pt room (`Crashers/FuzzLineWidths/negative-kern-on-soft-hyphens-
/// overflows-the-room`). Before the fix this sweep found 244 such lines: character wrapping stepped back one
/// cluster from a soft hyphen whose hyphen did not fit and lost the hyphen's negative kern ("co\u{AD}op"
/// 30.3 pt in 26), and a word too long for the line broke between clusters at a soft hyphen counted
/// without its hyphen ("r‐" 7.64 pt in 5). Each line's width is checked against the same piece prepared
/// alone, so the test does not trust the breaker's own arithmetic.
@Suite struct NegativeKernSoftHyphenTests {
    static let words = [
        "co\u{AD}op\u{AD}er\u{AD}a\u{AD}tion",  // English, soft hyphens only
        "Donau\u{AD}dampf\u{AD}schiff\u{AD}fahrt \u{200F}Kapitän\u{AD}mütze",  // German, with a right-to-left mark
    ]

    static func prepared(_ text: String, kern: CGFloat, factor: Float, indent: CGFloat) throws -> PreparedText {
        var styled = try StyledText(font: try Fixtures.font(24))
        try styled.append(text, attributes: TextAttributes(kern: kern, language: text.hasPrefix("Donau") ? "de" : "en-US"))
        var style = ParagraphStyle()
        style.hyphenationFactor = factor
        style.firstLineHeadIndent = indent
        style.headIndent = indent
        return try PreparedText(styled: styled, paragraphStyle: style)
    }

    /// The lines wider than their room that hold more than one cluster, at widths 1–40 pt.
    static func overflowing(
        _ text: String, kern: CGFloat, factor: Float, indent: CGFloat, mode: LineBreakMode, fastPath: Bool
    ) throws -> [String] {
        let prepared = try prepared(text, kern: kern, factor: factor, indent: indent)
        var found: [String] = []
        for room in 1...40 {
            let layout = try prepared.layout(
                width: CGFloat(room) + indent, numberOfLines: 0, lineBreakMode: mode, lineBreakStrategy: [],
                lastLineMaxWidth: nil, fastPath: fastPath)
            for line in layout.lines where line.width > CGFloat(room) {
                let piece = (text as NSString).substring(with: NSRange(line.range))
                if piece.count > 1 { found.append("\(line.text) \(line.width) pt in \(room)") }
            }
        }
        return found
    }

    @Test(arguments: [-5, -2, -0.5, 0] as [CGFloat])
    func noLineOverflowsItsRoom(kern: CGFloat) throws {
        var failures: [String] = []
        var cases = 0
        for text in Self.words {
            for factor in [0, 1] as [Float] {
                for indent in [0, 10] as [CGFloat] {
                    for mode in [LineBreakMode.byCharWrapping, .byWordWrapping, .byTruncatingTail, .byClipping] {
                        // The fast breaker takes word wrapping without indents; the general one the rest.
                        for fastPath in [true, false] {
                            cases += 1
                            let found = try Self.overflowing(
                                text, kern: kern, factor: factor, indent: indent, mode: mode, fastPath: fastPath)
                            failures += found.map {
                                "\(text) factor \(factor) indent \(indent) \(mode) fast \(fastPath): \($0)"
                            }
                        }
                    }
                }
            }
        }
        #expect(cases == 64)
        #expect(failures.isEmpty, "\(failures.count) lines: \(failures.prefix(8))")
    }

    /// Each line's reported width is the width of its piece prepared alone with the same kern, plus its
    /// hyphen when it shows one: the breaker fits the width it reports (H2, S3).
    @Test(arguments: [LineBreakMode.byCharWrapping, .byWordWrapping])
    func aLineIsAsWideAsItsPieceAlone(mode: LineBreakMode) throws {
        let text = Self.words[0]
        let prepared = try Self.prepared(text, kern: -5, factor: 0, indent: 0)
        let hyphen = try Self.prepared("\u{2010}", kern: -5, factor: 0, indent: 0).measure().size.width + 5
        for room in [4, 5, 13, 26] as [CGFloat] {
            for line in try prepared.layout(width: room, lineBreakMode: mode).lines {
                var piece = (text as NSString).substring(with: NSRange(line.range))
                if line.isHyphenated { piece.removeLast() }  // the soft hyphen becomes the shown hyphen
                let alone = piece.isEmpty ? 0 : try Self.prepared(piece, kern: -5, factor: 0, indent: 0).measure().size.width
                // The piece alone ends with its kern; a hyphenated line shows the hyphen after the soft
                // hyphen's kern, and the hyphen's own kern is not applied (it is no character of the text).
                let expected = line.isHyphenated ? max(0, alone - 5 + hyphen) : alone
                #expect(abs(line.width - expected) < 0.01, "\(line.text) at \(room)")
                #expect(line.width <= room || piece.count + (line.isHyphenated ? 1 : 0) == 1, "\(line.text) at \(room)")
            }
        }
    }

    /// The worked examples of the two paths: at 26 pt character wrapping no longer ends "co\u{AD}op"
    /// (30.3 pt) and at 5 pt word wrapping no longer ends "r‐" (7.64 pt).
    @Test func theTwoPathsFromTheSweep() throws {
        let prepared = try Self.prepared(Self.words[0], kern: -5, factor: 0, indent: 0)
        for fastPath in [true, false] {
            let chars = try prepared.layout(
                width: 26, numberOfLines: 0, lineBreakMode: .byCharWrapping, lineBreakStrategy: [],
                lastLineMaxWidth: nil, fastPath: fastPath)
            #expect(chars.lines[0].range != 0..<5)
            #expect(chars.lines.allSatisfy { $0.width <= 26 })
            let words = try prepared.layout(
                width: 5, numberOfLines: 0, lineBreakMode: .byWordWrapping, lineBreakStrategy: [],
                lastLineMaxWidth: nil, fastPath: fastPath)
            #expect(!words.lines.contains { $0.text == "r\u{2010}" })
        }
    }
}
