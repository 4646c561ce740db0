import Foundation
import TextFit

/// The `hyphenation` mode: relayout of hyphenated paragraphs (factor 1, with their language's dictionary)
/// next to the same paragraphs unhyphenated, in one run, at eight widths each (issue 31's target: within
/// 1.5×). Not in `all`; run it with `--mode hyphenation`. Needs Debian's hyphen-en-us, -de, -fr.
extension Bench {
    static let hyphenationEngines = ["plain", "hyphenated"]

    /// English, German and French paragraphs with long words, and their languages.
    static let hyphenationTexts: [(language: String, text: String)] = [
        (
            "en-US",
            "Internationalization requires understanding of characteristically complicated typographical "
                + "conventions, and the representatives negotiated extraordinary compromises concerning environmental "
                + "responsibilities while photosynthesis transforms electromagnetic radiation into chemical energy."
        ),
        (
            "de-DE",
            "Die Donaudampfschifffahrtsgesellschaft veröffentlichte überraschende Geschäftsergebnisse, und "
                + "Rechtsschutzversicherungsgesellschaften verlangen Krankenversicherungsnachweise, während "
                + "Geschwindigkeitsbegrenzungen Verkehrsunfälle auf Landstraßen erheblich verringern."
        ),
        (
            "fr",
            "Anticonstitutionnellement, les gouvernements interprétèrent différemment les réglementations, et "
                + "les établissements universitaires développent continuellement leurs infrastructures technologiques "
                + "grâce à une représentation internationale particulièrement approfondie."
        ),
    ]
    static let hyphenationWidths: [CGFloat] = [80, 100, 120, 150, 180, 220, 260, 320]

    func runHyphenation() {
        let mode = "hyphenation"
        var style = ParagraphStyle()
        style.hyphenationFactor = 1
        guard let font = try? Font(family: "Noto Sans", size: 17) else { progress("hyphenation: no Noto Sans"); return }
        let plain = Self.hyphenationTexts.map { PreparedText($0.text, font: font) }
        let hyphenated = Self.hyphenationTexts.compactMap {
            try? PreparedText($0.text, font: font, paragraphStyle: style, language: $0.language)
        }
        let hyphenatedLines = HyphenationPasses.lines(hyphenated)
        progress(
            "hyphenation: \(hyphenated.count) paragraphs, \(hyphenatedLines.hyphenated) of \(hyphenatedLines.all) lines hyphenated"
        )
        var series: [String: Series] = [:]
        for sample in 0..<(options.warmup + options.samples) {
            for engine in Self.hyphenationEngines {
                let texts = engine == "plain" ? plain : hyphenated
                let elapsed = quietSample(profiled: sample >= options.warmup) {
                    consume(engine == "plain" ? HyphenationPasses.plain(texts) : HyphenationPasses.hyphenated(texts))
                }
                guard sample >= options.warmup else { continue }
                series[engine, default: Series(mode: mode, set: "paragraphs", engine: engine, cases: texts.count)]
                    .samples.append(Double(elapsed) / 1000 / Double(texts.count * Self.hyphenationWidths.count))
            }
        }
        report.series += Self.hyphenationEngines.compactMap { series[$0] }
        if let base = series["plain"]?.median, let cost = series["hyphenated"]?.median {
            report.ratios.append(
                Ratio(
                    mode: mode, set: "paragraphs", name: "hyphenated/plain", value: cost / base,
                    target: "<= 1.5"))
        }
        report.printTable(mode: mode)
    }
}

/// The timed loops (`bench_pass_hyphenation_*` in callgrind): `measure` at each width.
enum HyphenationPasses {
    @inline(never) @_silgen_name("bench_pass_hyphenation_plain")
    static func plain(_ texts: [PreparedText]) -> Int { measureAll(texts) }

    @inline(never) @_silgen_name("bench_pass_hyphenation_hyphenated")
    static func hyphenated(_ texts: [PreparedText]) -> Int { measureAll(texts) }

    @inline(__always)
    static func measureAll(_ texts: [PreparedText]) -> Int {
        var checksum = 0
        for text in texts {
            for width in Bench.hyphenationWidths {
                guard let metrics = try? text.measure(width: width) else { continue }
                checksum &+= metrics.lineCount &+ Int(metrics.size.width * 1024)
            }
        }
        return checksum
    }

    static func lines(_ texts: [PreparedText]) -> (all: Int, hyphenated: Int) {
        var all = 0
        var hyphenated = 0
        for text in texts {
            for width in Bench.hyphenationWidths {
                guard let layout = try? text.layout(width: width) else { continue }
                all += layout.lineCount
                hyphenated += layout.lines.filter(\.isHyphenated).count
            }
        }
        return (all, hyphenated)
    }
}
