import Foundation
import TextFit

/// What `check` found for one string: where it comes from, the text measured, and how it fits.
struct CheckOutcome: Sendable {
    var string: CatalogString
    /// The catalog (or first `.strings` file) it was read from.
    var file: String
    /// The text measured: the value with its placeholders replaced by their samples.
    var text: String
    /// The case it was measured as; nil when the key has no `width` (unchecked).
    var measureCase: MeasureCase?
    /// The answer; nil when unchecked or when measuring failed (`failure`).
    var fit: CheckFit?
    /// Why the string could not be measured (an unknown font, say); nil otherwise.
    var failure: String?
}

/// How a text fits its label (architecture.md, the `check` paragraph).
struct CheckFit: Equatable, Sendable {
    /// The text shows whole within `width` and `maxLines`.
    var fits: Bool
    /// The lines the text needs at `width` (no line limit).
    var lineCount: Int
    /// The widest line the label shows (at its width and line limit), points.
    var width: Double
    /// Points: with `maxLines` 1, how far the one-line width passes `width`; else the height past
    /// `maxLines` lines; 0 when it fits.
    var overflow: Double
    /// The label cuts the text (an ellipsis or a clipped line).
    var truncated: Bool
    /// What the label shows, line by line (only kept for a text that does not fit).
    var shownLines: [String]
}

/// The work of `textfit check`: read the catalogs, apply the constraints, measure every string on all
/// cores through `TextBatch`.
enum CheckRun {
    /// The strings measured per progress report on a terminal.
    static let progressChunk = 50_000

    /// Reads every catalog: a `.xcstrings` file is one table; `.strings` and `.stringsdict` files of one
    /// table name (their folder's parent and file name without extension) across `LANG.lproj` folders are
    /// one table, its source language `en` when present, else `Base`, else the first.
    /// - Throws: `CatalogError` for the first file that cannot be read.
    static func readTables(_ paths: [String]) throws -> [StringTable] {
        var tables: [StringTable] = []
        var grouped: [String: Int] = [:]
        for path in paths {
            let url = URL(fileURLWithPath: path)
            switch url.pathExtension.lowercased() {
            case "xcstrings":
                tables.append(try XCStringsReader.read(path: path))
            case "strings", "stringsdict":
                let strings =
                    url.pathExtension.lowercased() == "strings"
                    ? try StringsFileReader.read(path: path) : try StringsDictReader.read(path: path)
                let group =
                    url.deletingLastPathComponent().deletingLastPathComponent().path + "/"
                    + url.deletingPathExtension().lastPathComponent
                if let index = grouped[group] {
                    tables[index].strings += strings
                    for key in strings.map(\.key) where !tables[index].keys.contains(key) { tables[index].keys.append(key) }
                } else {
                    grouped[group] = tables.count
                    var keys: [String] = []
                    var seen = Set<String>()
                    for string in strings where seen.insert(string.key).inserted { keys.append(string.key) }
                    tables.append(StringTable(file: path, sourceLanguage: "", keys: keys, strings: strings))
                }
            default:
                throw CatalogError(file: path, message: "not a catalog: give .xcstrings, .strings or .stringsdict files")
            }
        }
        for index in tables.indices where tables[index].sourceLanguage.isEmpty {
            let languages = tables[index].languages
            tables[index].sourceLanguage =
                languages.contains("en") ? "en" : languages.contains("Base") ? "Base" : languages.first ?? "en"
        }
        return tables
    }

    /// `table` with the pseudo-languages added for every key some language lacks, made from its
    /// source-language strings (each variation).
    static func addingPseudo(to table: StringTable) -> StringTable {
        var table = table
        let untranslated = Set(table.missingTranslations().map(\.key))
        let sources = table.strings.filter { $0.language == table.sourceLanguage && untranslated.contains($0.key) }
        for language in PseudoLanguage.allCases {
            table.strings += sources.map {
                CatalogString(
                    key: $0.key, language: language.rawValue, variation: $0.variation, value: language.text(for: $0.value))
            }
        }
        return table
    }

    /// Every string of `tables` with its constraints applied and its placeholders filled, in table, key,
    /// language and variation order, ready to measure.
    /// - Throws: `CatalogError` when the entries matching a key do not make a case together.
    static func outcomes(_ tables: [StringTable], constraints: CheckConstraints) throws -> [CheckOutcome] {
        var resolved: [[Int]: CheckConstraints.Resolved] = [:]
        var outcomes: [CheckOutcome] = []
        for table in tables {
            var order: [String: Int] = [:]
            for (index, key) in table.keys.enumerated() where order[key] == nil { order[key] = index }
            let strings = table.strings.enumerated().sorted { a, b in
                let (ka, kb) = (order[a.element.key] ?? 0, order[b.element.key] ?? 0)
                if ka != kb { return ka < kb }
                if a.element.language != b.element.language { return a.element.language < b.element.language }
                return a.offset < b.offset
            }.map(\.element)
            var keyIndices: [String: [Int]] = [:]
            for string in strings {
                let indices = keyIndices[string.key] ?? constraints.matching(string.key)
                keyIndices[string.key] = indices
                let applied: CheckConstraints.Resolved
                if let known = resolved[indices] {
                    applied = known
                } else {
                    do { applied = try constraints.resolve(indices) } catch {
                        throw CatalogError(
                            file: constraints.file, place: "keys " + indices.map { "[\($0)]" }.joined(),
                            message: "together, for key \(TextTable.quoted(string.key)): \(error)")
                    }
                    resolved[indices] = applied
                }
                let text = FormatPlaceholders.fill(string.value, samples: applied.samples)
                var measureCase = applied.template
                measureCase?.text = text
                outcomes.append(CheckOutcome(string: string, file: table.file, text: text, measureCase: measureCase))
            }
        }
        return outcomes
    }

    /// Measures every outcome that has a case, on all cores (`TextBatch.map`), filling `fit` or `failure`;
    /// `progress` is called after each `progressChunk` strings with the count done.
    static func measure(
        _ outcomes: inout [CheckOutcome], concurrency: Int = TextBatch.defaultConcurrency,
        progress: (Int) -> Void = { _ in }
    ) {
        let fonts = FontCache()
        let checked = outcomes.indices.filter { outcomes[$0].measureCase != nil }
        var done = 0
        while done < checked.count {
            let chunk = Array(checked[done..<min(done + progressChunk, checked.count)])
            let cases = chunk.map { outcomes[$0].measureCase! }
            let results = TextBatch.map(cases, concurrency: concurrency, cost: { $0.text.utf8.count }) { measureCase in
                try fit(measureCase, fonts: fonts)
            }
            for (index, result) in zip(chunk, results) {
                switch result {
                case .success(let fit): outcomes[index].fit = fit
                case .failure(let error): outcomes[index].failure = "\(error)"
                }
            }
            done += chunk.count
            progress(done)
        }
    }

    /// How `measureCase`'s text fits: the same preparing and layout as `textfit batch` (the case's font,
    /// paragraph, `fitFontSize` query), measured with the case's line limit and without one.
    /// - Throws: `FontError`, `MeasureError` from the engine.
    static func fit(_ measureCase: MeasureCase, fonts: FontCache) throws -> CheckFit {
        let prepared = try measureCase.prepare(fonts: fonts)
        let shown = try measureCase.shownText(prepared).text
        let width = measureCase.width.map { CGFloat($0) }
        let mode = measureCase.lineBreakMode
        let maxLines = measureCase.maxLines
        let limited = try shown.measure(width: width, numberOfLines: maxLines, lineBreakMode: mode)
        let needed = maxLines == 0 ? limited : try shown.measure(width: width, numberOfLines: 0, lineBreakMode: mode)
        let fits = !limited.isTruncated && (maxLines == 0 || needed.lineCount <= maxLines)
        guard !fits else {
            return CheckFit(
                fits: true, lineCount: needed.lineCount, width: Double(limited.size.width), overflow: 0,
                truncated: false, shownLines: [])
        }
        var overflow = Double(needed.size.height - limited.size.height)
        if maxLines == 1, let width {
            let oneLine = try shown.measure(width: nil, numberOfLines: 0, lineBreakMode: mode)
            if oneLine.lineCount == 1 { overflow = max(0, Double(oneLine.size.width - width)) }
        }
        let lines = try shown.layout(width: width, numberOfLines: maxLines, lineBreakMode: mode).lines.map(\.text)
        return CheckFit(
            fits: false, lineCount: needed.lineCount, width: Double(limited.size.width), overflow: overflow,
            truncated: limited.isTruncated, shownLines: lines)
    }
}
