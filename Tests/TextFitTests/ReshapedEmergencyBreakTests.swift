import Foundation
import Testing
@testable import TextFit

/// W2, W3: an emergency break (or a character wrap) ends a line at the last cluster boundary whose line
/// fits, reshaped as it is drawn. Reshaped alone, a cluster can be wider than it and the next together: an
/// Arabic letter cut from its word takes its isolated form, and "ب" (72 pt Noto Sans) is 71.5 pt where
/// "با" is 40.3. The breakers stopped at the first cluster that did not fit, so at a width under 71.5 the
/// line was "ب" alone, overflowing, although "با" fits; laid out at the width it measured (67.18 pt, from
/// 73) the same text then took other, wider lines (FuzzButton's open inputs,
/// `FuzzTesting/Crashers/FuzzButton/own-width-*`: a button proposed its own width grew or changed height).
@Suite struct ReshapedEmergencyBreakTests {
    static let greeting = "مرحبا بالعالم"

    /// The fast breaker's or the general one's lines, no line limit or strategy.
    static func lines(
        _ prepared: PreparedText, _ width: CGFloat, _ mode: LineBreakMode, fastPath: Bool
    ) throws -> TextLayout {
        try prepared.layout(
            width: width, numberOfLines: 0, lineBreakMode: mode, lineBreakStrategy: [], lastLineMaxWidth: nil,
            fastPath: fastPath)
    }

    @Test(arguments: [true, false])
    func aLongerPieceThatFitsIsTaken(fastPath: Bool) throws {
        let prepared = PreparedText(Self.greeting, font: try Fixtures.font(72))
        #expect(try PreparedText("ب", font: Fixtures.font(72)).measure().size.width > 71)
        #expect(try PreparedText("با", font: Fixtures.font(72)).measure().size.width < 41)
        let wide = try Self.lines(prepared, 73, .byWordWrapping, fastPath: fastPath)
        #expect(wide.lines.map(\.text) == ["مر", "ح", "با ", "با", "لع", "ال", "م"])
        #expect(wide.size.width == 67.17578125)  // "ال"
        let own = try Self.lines(prepared, wide.size.width, .byWordWrapping, fastPath: fastPath)
        #expect(own.lines.map(\.text) == wide.lines.map(\.text))
        // Character wrapping breaks the same way inside "بالعالم".
        let chars = try Self.lines(prepared, 68, .byCharWrapping, fastPath: fastPath)
        #expect(chars.lines.map(\.text).suffix(4) == ["با", "لع", "ال", "م"])
    }

    /// Arabic, Persian and mixed titles at three sizes and widths from 4 to 120 pt, both wrapping modes and
    /// both breakers: laid out at the width it measured, a text that fitted keeps its lines.
    @Test func theMeasuredWidthKeepsTheLines() throws {
        let texts = [
            Self.greeting, "السلام عليكم ورحمة الله", "کتابخانه‌های دانشگاه", "العربية (a) 123 Hello بالعالم",
            "soft\u{AD}hy\u{AD}phen مرحبا\u{AD}بالعالم",
        ]
        var checked = 0
        var failures: [String] = []
        for size in [17, 24, 72] as [CGFloat] {
            let font = try Fixtures.font(size)
            for text in texts {
                let prepared = PreparedText(text, font: font)
                for width in stride(from: 4.0, through: 120.0, by: 0.75) {
                    for mode in [LineBreakMode.byWordWrapping, .byCharWrapping] {
                        for fastPath in [true, false] {
                            let layout = try Self.lines(prepared, width, mode, fastPath: fastPath)
                            guard layout.size.width <= width, layout.size.width > 0 else { continue }
                            checked += 1
                            let again = try Self.lines(prepared, layout.size.width, mode, fastPath: fastPath)
                            if again.lines.map(\.range) != layout.lines.map(\.range) {
                                failures.append("\(text) \(size) pt \(mode) at \(width) fast \(fastPath)")
                            }
                        }
                    }
                }
            }
        }
        #expect(checked > 1000)
        #expect(failures.isEmpty, "\(failures.count) of \(checked): \(failures.prefix(6))")
    }
}
