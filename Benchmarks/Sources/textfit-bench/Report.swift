import Foundation
import TextFit

/// What a run measured, printed as tables (stdout) and written as JSON (`--json`).
struct Report {
    var meta: [String: Any] = [:]
    var series: [Series] = []
    var ratios: [Ratio] = []
    var agreementRows: [(set: String, agreeing: Int, cases: Int)] = []
    /// Cases whose first run Pango sets in the face TextFit sets it in, per set then "all".
    var sameFontRows: [(set: String, agreeing: Int, cases: Int)] = []
    var sameFontExamples: [String] = []
    var agreementExamples: [String] = []
    var cacheRates: [(mode: String, rates: [(set: String, rate: Double)])] = []
    /// Minor page faults per timed pass, by set and engine (cold and warm modes).
    var faults: [(mode: String, sets: [(set: String, engines: [(String, Double)])])] = []
    var memory: [[String: Any]] = []
    var parallelNote: String?

    static var isDebugBuild: Bool {
        #if DEBUG
        return true
        #else
        return false
        #endif
    }

    static var swiftVersion: String {
        #if compiler(>=6.4)
        return "6.4 or later"
        #elseif compiler(>=6.3.1)
        return "6.3.1"
        #elseif compiler(>=6.3)
        return "6.3"
        #elseif compiler(>=6.2)
        return "6.2"
        #elseif compiler(>=6.1)
        return "6.1"
        #else
        return "6.0"
        #endif
    }

    /// Versions, machine and date.
    static func makeMeta(loaded: CaseLoader.Loaded, options: Options) -> [String: Any] {
        var meta: [String: Any] = [:]
        let formatter = ISO8601DateFormatter()
        meta["date"] = formatter.string(from: Date())
        meta["textfit"] = TextFitInfo.version
        // "harfbuzz X; freetype X; fontconfig X; icu X"
        for part in TextFitInfo.libraryVersions.split(separator: ";") {
            let words = part.split(separator: " ")
            if words.count >= 2 { meta[String(words[0])] = words[1...].joined(separator: " ") }
        }
        meta["pango"] = Pango.version.replacingOccurrences(of: "pango ", with: "")
        meta["peerHarfbuzz"] = HarfBuzzFloorFont.version.replacingOccurrences(of: "harfbuzz ", with: "")
        meta["swift"] = swiftVersion
        meta["build"] = isDebugBuild ? "debug" : "release"
        meta["machine"] = machine()
        meta["textfitSource"] = sourceState()
        meta["corpus"] = loaded.path
        meta["cases"] = loaded.all.count
        meta["sets"] = loaded.sets.map { ["name": $0.name, "cases": $0.cases.count] as [String: Any] }
        meta["filter"] = options.filter ?? NSNull()
        meta["samples"] = options.samples
        meta["warmup"] = options.warmup
        meta["relayoutFactors"] = Bench.relayoutFactors.map { Double($0) }
        meta["loadAverageAtStart"] = loadAverage()
        return meta
    }

    /// The commit of the TextFit checkout this binary was built from (Benchmarks/..), and whether its
    /// Sources/ had uncommitted changes: benchmarks measure the working tree, not only the commit.
    static func sourceState() -> [String: Any] {
        let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().path
        func git(_ arguments: [String]) -> String? {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["git", "-C", checkout] + arguments
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = FileHandle.nullDevice
            guard (try? process.run()) != nil else { return nil }
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else { return nil }
            return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        guard let commit = git(["rev-parse", "--short=12", "HEAD"]) else {
            // An exported tree (git archive) has no repository: the caller may name the commit.
            let named = ProcessInfo.processInfo.environment["TEXTFIT_SOURCE_COMMIT"]
            return named.map { ["checkout": checkout, "commit": $0, "uncommittedSourceChanges": false] } ?? [
                "checkout": checkout
            ]
        }
        let dirty = git(["status", "--porcelain", "--", "Sources", "Package.swift"]).map { !$0.isEmpty } ?? false
        return ["checkout": checkout, "commit": commit, "uncommittedSourceChanges": dirty]
    }

    /// The 1-minute load average (other processes on this shared machine compete for the cores).
    static func loadAverage() -> Double {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8),
            let first = text.split(separator: " ").first, let value = Double(first)
        else { return .nan }
        return value
    }

    static func machine() -> [String: Any] {
        var result: [String: Any] = [
            "cores": ProcessInfo.processInfo.activeProcessorCount,
            "memoryGiB": (Double(ProcessInfo.processInfo.physicalMemory) / 1_073_741_824 * 10).rounded() / 10,
        ]
        if let cpu = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
            let line = cpu.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
            let colon = line.firstIndex(of: ":")
        {
            result["cpu"] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        if let release = try? String(contentsOfFile: "/etc/os-release", encoding: .utf8),
            let line = release.split(separator: "\n").first(where: { $0.hasPrefix("PRETTY_NAME=") })
        {
            result["os"] = line.dropFirst("PRETTY_NAME=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
        var name = utsname()
        uname(&name)
        result["kernel"] = withUnsafeBytes(of: &name.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return result
    }

    // MARK: - Printing

    func printHeader() {
        if Report.isDebugBuild {
            let warning = """

                ************************************************************************************
                *  WARNING: DEBUG BUILD. These timings mean nothing. Run with -c release:           *
                *    swift run -c release --package-path Benchmarks textfit-bench                    *
                ************************************************************************************

                """
            print(warning)
            progress(warning)
        }
        let machine = meta["machine"] as? [String: Any] ?? [:]
        print("textfit-bench — TextFit \(meta["textfit"] ?? "?") vs Pango \(meta["pango"] ?? "?") and the HarfBuzz floor")
        print(
            "machine: \(machine["cpu"] ?? "?"), \(machine["cores"] ?? "?") cores, \(machine["memoryGiB"] ?? "?") GiB, "
                + "\(machine["os"] ?? "?"), Linux \(machine["kernel"] ?? "?")")
        if let source = meta["textfitSource"] as? [String: Any], let commit = source["commit"] {
            print(
                "TextFit source: commit \(commit)\((source["uncommittedSourceChanges"] as? Bool ?? false) ? " + uncommitted changes in Sources/" : "") at \(source["checkout"] ?? "?")"
            )
        }
        print(
            "swift \(meta["swift"] ?? "?") (\(meta["build"] ?? "?")); harfbuzz \(meta["harfbuzz"] ?? "?"), "
                + "icu \(meta["icu"] ?? "?"), freetype \(meta["freetype"] ?? "?"), fontconfig \(meta["fontconfig"] ?? "?"), "
                + "pango \(meta["pango"] ?? "?") (its harfbuzz \(meta["peerHarfbuzz"] ?? "?"))")
        if let load = meta["loadAverageAtStart"] as? Double, load > 0.5 {
            print(
                "note: load average \(String(format: "%.2f", load)) at start: other processes share the cores; ratios hold better than absolute times"
            )
        }
        print(
            "cases: \(meta["cases"] ?? 0) from \(meta["corpus"] ?? "?")\(meta["filter"] is String ? " filtered by \(meta["filter"]!)" : ""); "
                + "medians of \(meta["samples"] ?? 0) samples after \(meta["warmup"] ?? 0) warm-up passes, engines interleaved"
        )
        print("")
    }

    func printAgreement() {
        guard let all = agreementRows.last else { return }
        let share = all.cases == 0 ? 0 : 100 * Double(all.agreeing) / Double(all.cases)
        print(
            "Line-count agreement with Pango (checked once per case before timing): \(all.agreeing)/\(all.cases) = "
                + String(format: "%.1f%%", share))
        print(
            "  "
                + agreementRows.dropLast().map {
                    "\($0.set) " + String(format: "%.1f%%", $0.cases == 0 ? 0 : 100 * Double($0.agreeing) / Double($0.cases))
                }.joined(separator: ", "))
        for example in agreementExamples.prefix(6) { print("  differs: \(example)") }
        if let fonts = sameFontRows.last {
            print("Same font as Pango for each case's first run (file and face index): \(fonts.agreeing)/\(fonts.cases)")
            let differing = sameFontRows.dropLast().filter { $0.agreeing != $0.cases }
            if !differing.isEmpty {
                print("  " + differing.map { "\($0.set) \($0.agreeing)/\($0.cases)" }.joined(separator: ", "))
            }
            for example in sameFontExamples.prefix(6) { print("  other font: \(example)") }
        }
        print("")
    }

    static func format(_ value: Double) -> String {
        if value.isNaN { return "-" }
        if value >= 100 { return String(format: "%.0f", value) }
        if value >= 10 { return String(format: "%.1f", value) }
        if value >= 1 { return String(format: "%.2f", value) }
        return String(format: "%.3f", value)
    }

    static func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
        let count = text.count
        if count >= width { return text }
        let padding = String(repeating: " ", count: width - count)
        return left ? text + padding : padding + text
    }

    func printTable(mode: String) {
        let rows = series.filter { $0.mode == mode }
        var engines: [String] = []
        var sets: [String] = []
        for row in rows {
            if !engines.contains(row.engine) { engines.append(row.engine) }
            if !sets.contains(row.set) { sets.append(row.set) }
        }
        let modeRatios = ratios.filter { $0.mode == mode }
        var ratioNames: [String] = []
        for ratio in modeRatios where !ratioNames.contains(ratio.name) { ratioNames.append(ratio.name) }
        let unit =
            mode == "relayout"
            ? "µs per text per width"
            : mode == "selection" ? "µs per call (relayout: per case)" : "µs per case"
        let titles: [String: String] = [
            "cold": "cold: measure from the string, segment cache cleared before each pass",
            "warm": "warm: measure from the string, segment cache warm",
            "relayout": "relayout: prepared text measured at 8 widths (0.6×–1.3×); Pango re-lays out one PangoLayout",
            "parallel": "parallel: TextBatch.measure (prepare + measure from the string) on all cores vs concurrency 1",
        ]
        print("\(titles[mode] ?? mode) — median \(unit) (p90)")
        var header = Report.pad("set", 10, left: true) + Report.pad("cases", 6)
        for engine in engines { header += Report.pad(engine, max(18, engine.count + 2)) }
        for name in ratioNames { header += Report.pad(name, max(12, name.count + 2)) }
        print(header)
        for set in sets {
            var line = Report.pad(set, 10, left: true)
            line += Report.pad("\(rows.first { $0.set == set }?.cases ?? 0)", 6)
            for engine in engines {
                let cell =
                    rows.first { $0.set == set && $0.engine == engine }
                    .map { "\(Report.format($0.median)) (\(Report.format($0.p90)))" } ?? "-"
                line += Report.pad(cell, max(18, engine.count + 2))
            }
            for name in ratioNames {
                let ratio = modeRatios.first { $0.set == set && $0.name == name }
                var cell =
                    ratio.map {
                        Report.format($0.value) + ($0.name.hasSuffix("ns/width") || $0.name.hasSuffix("ns/line") ? "" : "×")
                    } ?? "-"
                if let met = ratio?.met { cell += met ? " ✓" : " ✗" }
                line += Report.pad(cell, max(12, name.count + 2))
            }
            print(line)
        }
        let targets = Dictionary(
            modeRatios.compactMap { r in r.target.map { (r.name, $0) } }, uniquingKeysWith: { a, _ in a })
        if !targets.isEmpty {
            print(
                "targets: " + ratioNames.compactMap { name in targets[name].map { "\(name) \($0)" } }.joined(separator: ", ")
                    + " (✓ met, ✗ missed)")
        }
        if mode == "parallel", let parallelNote { print(parallelNote) }
        if let rates = cacheRates.first(where: { $0.mode == mode }) {
            print(
                "segment cache hit rate: "
                    + rates.rates.map { "\($0.set) " + String(format: "%.1f%%", $0.rate * 100) }
                    .joined(separator: ", "))
        }
        if let faults = faults.first(where: { $0.mode == mode }) {
            print(
                "minor page faults per pass: "
                    + faults.sets.map { row in
                        "\(row.set) "
                            + row.engines.map { "\($0.0) " + String(format: "%.0f", $0.1) }.joined(separator: " / ")
                    }.joined(separator: ", "))
        }
        print("")
    }

    func printMemory() {
        guard !memory.isEmpty else { return }
        let titles = [
            "feed": "corpus texts + a row number, 5 widths (words repeat)",
            "unique-words": "made-up words that never repeat (the cache fills and evicts)",
        ]
        print("memory: rows measured from their strings, only their heights kept; RSS from /proc/self/status")
        for scenario in memory {
            let name = scenario["scenario"] as? String ?? "?"
            let cache = scenario["segmentCache"] as? [String: Any] ?? [:]
            let peak = scenario["peakRssMiB"] as? Double ?? .nan
            print("  \(name) (\(titles[name] ?? "")): \(scenario["rows"] ?? 0) rows")
            print(
                "    peak RSS \(Report.format(peak)) MiB (\(Report.format(peak * 1.048576)) MB; "
                    + "\(Report.format(scenario["baselineRssMiB"] as? Double ?? .nan)) MiB before the rows)"
                    + " — target < 200 MB \(peak * 1.048576 < 200 ? "✓" : "✗")"
                    + ((scenario["peakIncludesEarlierWork"] as? Bool ?? false)
                        ? " (peak not resettable: includes earlier work)" : ""))
            print(
                "    segment cache \(Report.format(cache["bytesMiB"] as? Double ?? .nan)) MiB counted of a "
                    + "\(Report.format(cache["byteLimitMiB"] as? Double ?? .nan)) MiB budget, \(cache["entries"] ?? 0) entries, "
                    + "\(cache["evictions"] ?? 0) evicted, hit rate "
                    + String(format: "%.1f%%", (cache["hitRate"] as? Double ?? 0) * 100)
                    + "; \(Report.format(scenario["usPerRow"] as? Double ?? .nan)) µs per row")
        }
        print("")
    }

    // MARK: - JSON

    func json() throws -> Data {
        var meta = self.meta
        meta["checksum"] = Sink.value
        let results: [[String: Any]] = series.map {
            [
                "mode": $0.mode, "set": $0.set, "engine": $0.engine, "median_us": $0.median, "p90_us": $0.p90,
                "samples": $0.samples.count, "samples_us": $0.samples, "cases": $0.cases,
                "unit": $0.mode == "relayout" ? "per text per width" : "per case",
            ]
        }
        let ratioObjects: [[String: Any]] = ratios.map {
            var object: [String: Any] = ["mode": $0.mode, "set": $0.set, "name": $0.name, "value": $0.value]
            if let target = $0.target { object["target"] = target }
            if let met = $0.met { object["met"] = met }
            return object
        }
        return try JSONSerialization.data(
            withJSONObject: ["meta": meta, "results": results, "ratios": ratioObjects],
            options: [.prettyPrinted, .sortedKeys])
    }
}
