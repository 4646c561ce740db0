import Foundation
import Testing

/// Fallback in Fontconfig's order against Pango on the same configuration (rule F6; `FontFallback`).
///
/// Every case is set in Droid Sans Fallback, which has no Latin letters, with Fontconfig configured as in
/// Data/fallback/fonts.conf.in: that font and the six DejaVu files of Debian's fonts-dejavu-core. Pango
/// (scripts/pango-fallback-reference.py wrote Data/fallback/pango.jsonl) takes the Latin words from
/// Fontconfig's sorted list for Droid Sans Fallback, DejaVu Sans; `textfit batch` runs as a process with
/// the same `FONTCONFIG_FILE`, so its Fontconfig sees exactly those fonts on any machine.
@Suite struct FallbackParityTests {
    static let data = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Data/fallback")
    static let dejaVu = ["Sans", "Serif", "SansMono"].flatMap { family in
        ["", "-Bold"].map { "/usr/share/fonts/truetype/dejavu/DejaVu\(family)\($0).ttf" }
    }
    /// The Hangul case: Fontconfig's character set for Droid Sans Fallback leaves out the Hangul syllables
    /// its cmap maps (fc-query lists U+AC00 and U+D7A2–U+D7A3 only), so Pango finds no font for 서 and 울
    /// and draws hex boxes, while TextFit reads the cmap and draws Droid's glyphs. Known, not fallback order.
    static let hangulCases: Set<Int> = Set(28...36)

    struct Configuration {
        let folder: URL
        var fontFile: String { folder.appendingPathComponent("fonts/DroidSansFallbackFull.ttf").path }
        var environment: [String: String] {
            var environment = EndToEndTests.environment
            environment["FONTCONFIG_FILE"] = folder.appendingPathComponent("fonts.conf").path
            environment.removeValue(forKey: "FONTCONFIG_PATH")
            return environment
        }
    }

    /// The configuration's folder: links to the seven fonts and the filled-in fonts.conf.
    static func configuration() throws -> Configuration {
        for file in dejaVu {
            try #require(
                FileManager.default.fileExists(atPath: file),
                "\(file) is missing: install fonts-dejavu-core (scripts/install-deps --tests lists it)")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("textfit-fallback-\(UUID().uuidString)")
        let fonts = folder.appendingPathComponent("fonts")
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
        let droid = data.appendingPathComponent("../../../../Fonts/DroidSansFallbackFull.ttf").standardizedFileURL.path
        for file in [droid] + dejaVu {
            try FileManager.default.createSymbolicLink(
                atPath: fonts.appendingPathComponent((file as NSString).lastPathComponent).path,
                withDestinationPath: file)
        }
        let template = try String(contentsOf: data.appendingPathComponent("fonts.conf.in"), encoding: .utf8)
        let conf = template.replacingOccurrences(of: "@FONT_DIR@", with: fonts.path)
            .replacingOccurrences(of: "@CACHE_DIR@", with: folder.appendingPathComponent("cache").path)
        try conf.write(to: folder.appendingPathComponent("fonts.conf"), atomically: true, encoding: .utf8)
        return Configuration(folder: folder)
    }

    static func jsonLines(_ name: String) throws -> [[String: Any]] {
        let text = try String(contentsOf: data.appendingPathComponent(name), encoding: .utf8)
        return try text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    /// Runs the corpus through `textfit batch` with `fields` added to each case; per case whether the
    /// lines (start, end) and their widths (to 1/1024 pt) equal Pango's.
    static func compare(_ configuration: Configuration, _ fields: [String: Any]) throws -> [Int: (lines: Bool, widths: Bool)]
    {
        let corpus = try jsonLines("corpus.jsonl")
        let input =
            try corpus.map { item -> String in
                var item = item
                for (key, value) in fields { item[key] = value }
                return String(decoding: try JSONSerialization.data(withJSONObject: item), as: UTF8.self)
            }.joined(separator: "\n") + "\n"
        let run = try EndToEndTests.run(["batch"], stdin: input, environment: configuration.environment)
        #expect(run.code == 0, "\(run.stderr)")
        let pango = Dictionary(uniqueKeysWithValues: try jsonLines("pango.jsonl").map { ($0["id"] as? Int ?? -1, $0) })
        var answers: [Int: (Bool, Bool)] = [:]
        for line in run.stdout.split(separator: "\n") {
            let result = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let id = try #require(result["id"] as? Int)
            let ours = try #require(result["lines"] as? [[String: Any]])
            let theirs = try #require(pango[id]?["lines"] as? [[String: Any]])
            let sameLines =
                ours.map { [$0["start"] as? Int, $0["end"] as? Int] }
                == theirs.map { [$0["start"] as? Int, $0["end"] as? Int] }
            let sameWidths =
                sameLines
                && zip(ours, theirs).allSatisfy { ours, theirs in
                    abs(Int((((ours["width"] as? Double) ?? -1) * 1024).rounded()) - ((theirs["widthUnits"] as? Int) ?? -9))
                        <= 1
                }
            answers[id] = (sameLines, sameWidths)
        }
        #expect(answers.count == corpus.count)
        return answers
    }

    @Test func fontconfigOrderTakesLatinFromFontconfigsFirstMatchAsPangoDoes() throws {
        let configuration = try Self.configuration()
        defer { try? FileManager.default.removeItem(at: configuration.folder) }
        // Every case Pango sets a Latin letter in DejaVu Sans, the configuration's first match.
        let pango = try Self.jsonLines("pango.jsonl")
        #expect(pango.compactMap { $0["latinFont"] as? String }.allSatisfy { $0 == "DejaVu Sans" })
        // The bundled family asked for Fontconfig's order, and the same font as a file (whose default it is).
        for fields: [String: Any] in [
            ["family": "Droid Sans Fallback", "fallback": "fontconfig"],
            ["fontFile": configuration.fontFile],
        ] {
            let answers = try Self.compare(configuration, fields)
            let agreeing = answers.filter { $0.value.lines && $0.value.widths }.map(\.key)
            #expect(Set(agreeing) == Set(answers.keys).subtracting(Self.hangulCases), "\(fields)")
            #expect(agreeing.count == 81)
        }
    }

    /// The bundled order stays deterministic: the Latin words come from the bundled Noto Sans, whatever
    /// Fontconfig has, so no width with Latin letters matches Pango's DejaVu Sans.
    @Test func bundledOrderIgnoresTheConfiguration() throws {
        let configuration = try Self.configuration()
        defer { try? FileManager.default.removeItem(at: configuration.folder) }
        let pango = Dictionary(uniqueKeysWithValues: try Self.jsonLines("pango.jsonl").map { ($0["id"] as? Int ?? -1, $0) })
        for fields: [String: Any] in [
            ["family": "Droid Sans Fallback"], ["family": "Droid Sans Fallback", "fallback": "bundled"],
        ] {
            let answers = try Self.compare(configuration, fields)
            let withLatin = answers.keys.filter { pango[$0]?["latinFont"] is String }
            #expect(!withLatin.isEmpty && withLatin.allSatisfy { answers[$0]?.widths == false }, "\(fields)")
        }
    }
}
