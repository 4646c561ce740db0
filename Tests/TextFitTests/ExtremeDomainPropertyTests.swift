import Foundation
import Testing
import _TextFitTestSupport
@testable import TextFit

/// A seeded sample of the whole accepted domain, extremes included: sizes from the smallest positive
/// double to just under 100,000 pt, widths just above 0 and around the 1e15 unbounded threshold (B7),
/// line limits up to `Int.max − 1`, pixel scales from 1e-300 to the largest double. Every answer must keep
/// the layout invariants the fuzz targets check (`_FuzzEntries.measure`: lines tile the text, every line
/// fits unless it is one cluster, widths finite and ≥ 0, the size covers the lines, `measure` equals
/// `layout`, `sizeThatFits` is the layout rounded up to the pixel grid) or fail with a documented error.
@Suite struct ExtremeDomainPropertyTests {
    static let texts: [String] = [
        "Hello, world! A label that wraps.",
        "antidisestablishmentarianism",
        "e" + String(repeating: "\u{0301}", count: 40) + " Zalgo",
        String(repeating: "\u{1A1A}", count: 60),
        "日本語のテキスト、句読点。漢字かな交じり",
        "مرحبا بالعالم، نص عربي",
        "👩‍👩‍👧‍👦 🇫🇷 office ffl",
        "tab\there\u{2028}line\nnext para",
        "",
        " ",
    ]

    @Test func extremeSizesWidthsAndLimitsKeepTheInvariants() {
        var generator = SeededGenerator(state: 2026_12_02)
        let modes = LineBreakMode.allCases
        let limits = [0, 1, 2, 3, 1000, Int.max / 2, Int.max - 1]
        func width(_ generator: inout SeededGenerator) -> CGFloat? {
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: return _FuzzEntries.widthExtremes.randomElement(using: &generator)!
            case 1: return CGFloat(pow(10, Double.random(in: -9...15.3, using: &generator)))
            case 2: return nil
            default: return CGFloat(Double.random(in: 0...400, using: &generator))
            }
        }
        var answered = 0
        for _ in 0..<400 {
            let size: CGFloat =
                Bool.random(using: &generator)
                ? _FuzzEntries.sizeExtremes.randomElement(using: &generator)!
                : CGFloat(pow(10, Double.random(in: -4...4.999_99, using: &generator)))
            let mode = modes.randomElement(using: &generator)!
            let maxLines = limits.randomElement(using: &generator)!
            let input = _FuzzEntries.MeasureInput(
                units: Array(Self.texts.randomElement(using: &generator)!.utf16),
                fontChoice: Int.random(in: 0..<3, using: &generator), size: size, width: width(&generator),
                lastLineMaxWidth: Bool.random(using: &generator) ? width(&generator) : nil, maxLines: maxLines, mode: mode,
                strategy: LineBreakStrategy(rawValue: Int.random(in: 0..<4, using: &generator)),
                scale: _FuzzEntries.scales.randomElement(using: &generator)!)
            let problems = _FuzzEntries.measure(input)
            #expect(problems.isEmpty, "\(input): \(problems)")
            if size > 0, size < 100_000 { answered += 1 }
        }
        #expect(answered > 300)
    }
}
