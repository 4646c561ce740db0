import Foundation
import TextFit

/// `textfit-bench`: TextFit against Pango and the HarfBuzz shaping floor, in one run. See README.md.
@main
struct TextFitBench {
    static func main() {
        let options: Options
        do {
            guard let parsed = try Options.parse(Array(CommandLine.arguments.dropFirst())) else {
                print(Options.usage)
                exit(0)
            }
            options = parsed
        } catch {
            progress("textfit-bench: \(error)")
            exit(2)
        }

        guard let path = options.casesPath ?? CaseLoader.defaultCorpusPath() else {
            progress("textfit-bench: cannot find Benchmarks/Corpus/cases.jsonl; pass --cases FILE.jsonl")
            exit(3)
        }
        let loaded: CaseLoader.Loaded
        do {
            loaded = try CaseLoader.load(path: path, filter: options.filter)
        } catch {
            progress("textfit-bench: \(error)")
            exit(3)
        }
        for problem in loaded.skipped.prefix(10) { progress("skipped \(problem)") }
        guard !loaded.all.isEmpty else {
            progress("textfit-bench: no cases to run (\(loaded.skipped.count) skipped; check --filter and --cases)")
            exit(3)
        }
        if options.samples < 15 {
            progress("note: \(options.samples) samples: fewer than the 15 the reported medians need (fine for profiling)")
        }

        var report = Report()
        report.meta = Report.makeMeta(loaded: loaded, options: options)
        report.printHeader()
        let bench = Bench(options: options, loaded: loaded, report: report)
        let started = now()
        do {
            for mode in options.modes {
                switch mode {
                case .memory: bench.runMemory()
                case .cold:
                    if options.checkAgreement && bench.usesPango && bench.report.agreementRows.isEmpty {
                        try bench.checkAgreement()
                    }
                    try bench.runFromString(cold: true)
                case .warm:
                    if options.checkAgreement && bench.usesPango && bench.report.agreementRows.isEmpty {
                        try bench.checkAgreement()
                    }
                    try bench.runFromString(cold: false)
                case .relayout: try bench.runRelayout()
                case .parallel: bench.runParallel()
                case .scaling: bench.runScaling()
                case .queries: bench.runQueries()
                case .styled: bench.runStyled()
                case .selection: bench.runSelection()
                case .walker: bench.runWalker()
                case .hyphenation: bench.runHyphenation()
                case .lines: bench.runLines()
                case .all: break
                }
            }
        } catch {
            progress("textfit-bench: \(error)")
            exit(3)
        }
        bench.report.meta["retakes"] = ["retaken": Retakes.count, "disturbedKept": Retakes.disturbedKept]
        if Retakes.count > 0 {
            print(
                "note: \(Retakes.count) single-threaded passes were retaken because their thread waited for a CPU "
                    + "more than 2 % of the pass; \(Retakes.disturbedKept) samples kept the least disturbed of 3 attempts")
        }
        bench.shutdown()
        bench.report.meta["seconds"] = Double(now() - started) / 1e9
        bench.report.meta["loadAverageAtEnd"] = Report.loadAverage()
        if let jsonPath = options.jsonPath {
            do {
                try bench.report.json().write(to: URL(fileURLWithPath: jsonPath))
                progress("wrote \(jsonPath)")
            } catch {
                progress("textfit-bench: cannot write \(jsonPath): \(error)")
                exit(1)
            }
        }
        if Report.isDebugBuild { bench.report.printHeader() }
        progress(String(format: "done in %.0f s (checksum %d)", Double(now() - started) / 1e9, Sink.value))
    }
}
