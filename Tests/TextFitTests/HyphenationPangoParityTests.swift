import Foundation
import Testing
@testable import TextFit

/// Parity with Pango 1.50 on hyphenated English, German and French (Data/parity/hyphenation.jsonl, made
/// by scripts/pango-hyphenation-reference.py; rule H9): Pango is given each text with U+00AD at
/// libhyphen's points and breaks at them greedily, which is TextFit's hyphenationFactor 1 with the text's
/// language. Line breaks must agree in at least 97 % of the cases, and in those every hyphenated line's
/// width within 0.01 pt. Disagreements are explained in docs/hyphenation-parity.md.
@Suite struct HyphenationPangoParityTests {
    @Test func hyphenatedLinesAgreeWithPango() throws {
        let url = try #require(
            Bundle.module.url(forResource: "hyphenation", withExtension: "jsonl", subdirectory: "Data/parity"))
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
        var style = ParagraphStyle()
        style.hyphenationFactor = 1
        var cases = 0, agree = 0, hyphenatedLines = 0, widthMisses = 0
        var worst = 0.0
        var disagreements: [String] = []
        var prepared: [String: PreparedText] = [:]
        for line in lines {
            let item = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let id = item["id"] as? String ?? "?"
            let text = item["text"] as? String ?? ""
            let language = item["language"] as? String
            let size = (item["size"] as? NSNumber)?.doubleValue ?? 17
            let width = (item["width"] as? NSNumber)?.doubleValue ?? 0
            let key = "\(language ?? "")|\(size)|\(text)"
            let ours: PreparedText
            if let known = prepared[key] {
                ours = known
            } else {
                ours = try PreparedText(
                    text, font: try Font(family: "Noto Sans", size: CGFloat(size)),
                    paragraphStyle: style, language: language)
                prepared[key] = ours
            }
            let layout = try ours.layout(width: CGFloat(width))
            let pango = item["lines"] as? [[String: Any]] ?? []
            cases += 1
            let mine = layout.lines.map { [$0.range.lowerBound, $0.range.upperBound, $0.isHyphenated ? 1 : 0] }
            let theirs = pango.map {
                [($0["start"] as? Int) ?? -1, ($0["end"] as? Int) ?? -1, ($0["hyphenated"] as? Bool) == true ? 1 : 0]
            }
            guard mine == theirs else {
                disagreements.append("\(id): \(mine) vs Pango \(theirs)")
                continue
            }
            agree += 1
            for (our, their) in zip(layout.lines, pango) where our.isHyphenated {
                hyphenatedLines += 1
                let reference = ((their["widthUnits"] as? NSNumber)?.doubleValue ?? 0) / 1024
                let difference = abs(Double(our.width) - reference)
                worst = max(worst, difference)
                if difference > 0.01 {
                    widthMisses += 1
                    disagreements.append("\(id): hyphenated line \(our.text) width \(our.width) vs Pango \(reference)")
                }
            }
        }
        let rate = Double(agree) / Double(max(cases, 1))
        print(
            "hyphenation parity: \(agree)/\(cases) cases break alike (\(String(format: "%.1f", rate * 100)) %), "
                + "\(hyphenatedLines) hyphenated lines, widest width difference \(String(format: "%.4f", worst)) pt")
        for line in disagreements.prefix(40) { print("  " + line) }
        #expect(cases >= 300)
        #expect(rate >= 0.97)
        #expect(widthMisses == 0)
    }
}
