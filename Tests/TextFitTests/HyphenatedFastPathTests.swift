import Foundation
import Testing
@testable import TextFit

/// Hyphenated text on the fast path (issue 31, rules H1–H3, H8): a text whose paragraph style only
/// hyphenates is broken by `FastBreaker` with its hyphens, and must get exactly what the general breaker
/// (`LineBreaker.hyphenatedEnd`) gives: the same `TextMetrics` and the same lines, widths to the unit,
/// from `measure` and `layout`, in every mode, line limit and strategy (`DifferentialBreakerTests.compare`).
/// Compared over the texts of the Pango hyphenation parity corpus (English, German, French at 12–20 pt)
/// at their widths, the first hyphenated lines' exact widths and one unit less, and 60–320 pt; with
/// factors 1 and 0.5, and over soft-hyphen texts (H1, H2, factor 0).
@Suite struct HyphenatedFastPathTests {
    /// The corpus's distinct (text, language, size), with the widths its cases give.
    static func corpus() throws -> [(text: String, language: String?, size: Double, widths: [Double])] {
        let url = try #require(
            Bundle.module.url(forResource: "hyphenation", withExtension: "jsonl", subdirectory: "Data/parity"))
        var order: [String] = []
        var entries: [String: (text: String, language: String?, size: Double, widths: [Double])] = [:]
        for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n") {
            let item = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let text = item["text"] as? String ?? ""
            let language = item["language"] as? String
            let size = (item["size"] as? NSNumber)?.doubleValue ?? 17
            let width = (item["width"] as? NSNumber)?.doubleValue ?? 100
            let key = "\(language ?? "")|\(size)|\(text)"
            if entries[key] == nil { order.append(key) }
            entries[key, default: (text, language, size, [])].widths.append(width)
        }
        return order.compactMap { entries[$0] }
    }

    /// Widths for one text: the cases' own, a spread from 60 to 320 pt, and each hyphenated line's exact
    /// width and one unit less at the first case width, where `≤` decides whether the hyphen fits.
    static func widths(_ prepared: PreparedText, _ caseWidths: [Double]) throws -> [CGFloat?] {
        var widths: [CGFloat?] = [nil, 1]
        widths += caseWidths.map { CGFloat($0) }
        widths += stride(from: 60, through: 320, by: 52).map { CGFloat($0) }
        for line in try prepared.layout(width: CGFloat(caseWidths.first ?? 120)).lines.filter(\.isHyphenated).prefix(3) {
            widths.append(line.width)
            widths.append(line.width - 1.0 / 1024)
        }
        return widths
    }

    /// Whether `measure`/`layout` of `prepared` take the fast breaker with hyphens for these settings.
    static func takesFastPath(_ prepared: PreparedText) -> Bool {
        guard let settings = prepared.paragraphSettings else { return false }
        return settings.breaksOnlyAtHyphens
            && FastBreaker.canRun(prepared, mode: .byWordWrapping, strategy: [])
    }

    @Test func fastPathMatchesGeneralOnHyphenationCorpus() throws {
        var tally = DifferentialBreakerTests.Tally()
        var fastTexts = 0
        var texts = 0
        var hyphenatedLines = 0
        for factor in [1, 0.5] as [Float] {
            var style = ParagraphStyle()
            style.hyphenationFactor = factor
            // Factor 0.5 (H3's threshold) on every third text: the corpus's at factor 1 already cover the
            // searches; this keeps the test under a few minutes in a debug build.
            for (index, entry) in try Self.corpus().enumerated() where factor == 1 || index % 3 == 0 {
                let font = try Font(family: "Noto Sans", size: CGFloat(entry.size))
                let prepared = try PreparedText(
                    entry.text, font: font, paragraphStyle: style, language: entry.language)
                texts += 1
                if Self.takesFastPath(prepared) { fastTexts += 1 }
                for width in try Self.widths(prepared, entry.widths) {
                    hyphenatedLines += try prepared.layout(width: width).lines.filter(\.isHyphenated).count
                    try DifferentialBreakerTests.compare(
                        prepared, width: width, label: "\(entry.language ?? "-") \(entry.size) pt factor \(factor)",
                        into: &tally)
                }
            }
        }
        print(
            "HyphenatedFastPathTests corpus: \(texts) texts, \(tally.comparisons) comparisons, "
                + "\(hyphenatedLines) hyphenated lines at word wrapping")
        #expect(tally.failures.isEmpty, "\(tally.failures.joined(separator: "\n"))")
        #expect(fastTexts == texts)  // every corpus text takes the fast path
        #expect(hyphenatedLines > 1000)  // the comparison is about hyphenated lines
    }

    /// Soft hyphens (H1, H2) without a dictionary, next to spaces, in long words that need an emergency
    /// break (W2), and beside a ligature; plus a style that indents, which stays on the general breaker.
    @Test func fastPathMatchesGeneralOnSoftHyphens() throws {
        let texts = [
            "extra\u{AD}ordinary",
            "a extra\u{AD}ordinary word with in\u{AD}visible soft hy\u{AD}phens here and there",
            "super\u{AD}cali\u{AD}fragi\u{AD}listic\u{AD}expi\u{AD}ali\u{AD}docious and more",
            "Donau\u{AD}dampf\u{AD}schiff\u{AD}fahrts\u{AD}gesell\u{AD}schaft\n\nzweiter Ab\u{AD}satz",
            "of\u{AD}fice af\u{AD}fluent ef\u{AD}fi\u{AD}cient waffle\u{AD}iron",
            String(repeating: "a", count: 60) + "\u{AD}" + String(repeating: "b", count: 40),
        ]
        var tally = DifferentialBreakerTests.Tally()
        var fastTexts = 0
        for size in [12, 17] as [CGFloat] {
            let font = try Font(family: "Noto Sans", size: size)
            for (index, text) in texts.enumerated() {
                let prepared = PreparedText(text, font: font)
                if Self.takesFastPath(prepared) { fastTexts += 1 }
                for width in try DifferentialBreakerTests.widths(prepared, base: 90) {
                    try DifferentialBreakerTests.compare(prepared, width: width, label: "soft \(index)", into: &tally)
                }
                try DifferentialBreakerTests.compare(
                    prepared, width: 150, lastLineMaxWidth: 60, label: "soft \(index)", into: &tally)
            }
        }
        #expect(tally.failures.isEmpty, "\(tally.failures.joined(separator: "\n"))")
        #expect(fastTexts == texts.count * 2)
        // An indent keeps the general breaker (it gives the first line its own width, P9).
        var indented = ParagraphStyle()
        indented.firstLineHeadIndent = 10
        let prepared = try PreparedText(texts[1], font: Font(family: "Noto Sans", size: 17), paragraphStyle: indented)
        #expect(prepared.paragraphSettings?.breaksOnlyAtHyphens == false)
    }
}
