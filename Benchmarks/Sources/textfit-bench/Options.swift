import Foundation

/// Command-line options of `textfit-bench`.
struct Options {
    /// Modes run in this order whatever order `--mode` names them in: memory first, so its peak RSS is the
    /// rows' and not also what the timed modes grew the process to (after them it started at 201 MiB).
    enum Mode: String, CaseIterable {
        case memory, cold, warm, relayout, parallel, all, scaling, queries, styled, selection, walker, hyphenation, lines
    }

    var casesPath: String?
    var modes: [Mode] = [.memory, .cold, .warm, .relayout, .parallel]
    var filter: String?
    var jsonPath: String?
    /// Timed samples per engine and case set (after `warmup` untimed passes).
    var samples = 15
    var warmup = 2
    /// Rows measured by the memory mode.
    var rows = 100_000
    /// Engines to run: any of textfit, pango, harfbuzz (profiling runs TextFit alone).
    var engines: Set<String> = ["textfit", "pango", "harfbuzz"]
    /// Skip the line-count agreement check.
    var checkAgreement = true

    static let usage = """
        textfit-bench: TextFit against Pango and the HarfBuzz shaping floor, in one run.

        USAGE: swift run -c release --package-path Benchmarks textfit-bench [options]

        OPTIONS:
          --cases FILE.jsonl    cases in the `textfit batch` format (default: Benchmarks/Corpus/cases.jsonl);
                                the id's prefix before the last '-' names the case set
          --mode MODE           cold | warm | relayout | parallel | memory | all (default: all);
                                repeat or comma-separate to run several; also scaling (not in all):
                                where the parallel mode's CPU time goes (README.md); queries, styled,
                                hyphenation (hyphenated paragraphs' relayout next to the same unhyphenated)
          --filter REGEX        only cases whose id matches REGEX (e.g. '^latin-')
          --json OUT            also write the results as JSON to OUT
          --samples N           timed samples per engine and case set (default 15, minimum 15 for
                                reported medians; fewer is allowed for profiling)
          --warmup N            untimed passes before sampling (default 2)
          --rows N              rows measured by the memory mode (default 100000)
          --engines LIST        comma-separated subset of textfit,pango,harfbuzz (default: all three)
          --no-agreement        skip the line-count comparison with Pango before timing
          -h, --help            show this help

        Modes (see Benchmarks/README.md):
          cold      measure each case from its string, segment cache cleared before each pass
          warm      the same with the segment cache warm (a feed's steady state)
          relayout  a prepared text measured at 8 widths (0.6x-1.3x its width), per width
          parallel  TextBatch.measure of all cases on all cores vs concurrency 1
          memory    peak RSS and cache statistics for --rows measured rows
          queries   (not in all) tightestWidth, widthRange, balanced, fitFontSize next to one relayout
          styled    (not in all) styled text of one and three runs next to the same text plain: prepare, relayout
          selection (not in all) offset(at:), caretRect(for:), rects(for:) per call next to one relayout
          walker    (not in all) next(width:) per line next to a line of layout(width:), same prepared texts
          lines     (not in all, untimed) every case's lines at many widths, one case and width a line,
                    for diffing the breaks of two builds

        Exit codes: 0 ok, 2 usage error, 3 fonts, cases or Pango missing.
        """

    struct UsageError: Error, CustomStringConvertible {
        var description: String
    }

    static func parse(_ arguments: [String]) throws -> Options? {
        var options = Options()
        var explicitModes: [Mode] = []
        var index = 0
        func value(_ flag: String) throws -> String {
            index += 1
            guard index < arguments.count else { throw UsageError(description: "\(flag) needs a value (see --help)") }
            return arguments[index]
        }
        func integer(_ flag: String, minimum: Int) throws -> Int {
            let text = try value(flag)
            guard let number = Int(text), number >= minimum else {
                throw UsageError(description: "\(flag) needs an integer >= \(minimum), got '\(text)'")
            }
            return number
        }
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "-h", "--help":
                return nil
            case "--cases":
                options.casesPath = try value(argument)
            case "--mode":
                for name in try value(argument).split(separator: ",") {
                    guard let mode = Mode(rawValue: String(name)) else {
                        throw UsageError(
                            description:
                                "--mode must be one of \(Mode.allCases.map(\.rawValue).joined(separator: "|")), got '\(name)'"
                        )
                    }
                    explicitModes.append(mode)
                }
            case "--filter":
                options.filter = try value(argument)
            case "--json":
                options.jsonPath = try value(argument)
            case "--samples":
                options.samples = try integer(argument, minimum: 1)
            case "--warmup":
                options.warmup = try integer(argument, minimum: 0)
            case "--rows":
                options.rows = try integer(argument, minimum: 1)
            case "--engines":
                let names = Set(try value(argument).split(separator: ",").map(String.init))
                let known: Set<String> = ["textfit", "pango", "harfbuzz"]
                guard !names.isEmpty, names.isSubset(of: known), names.contains("textfit") else {
                    throw UsageError(
                        description:
                            "--engines takes textfit plus any of pango,harfbuzz, got '\(names.sorted().joined(separator: ","))'"
                    )
                }
                options.engines = names
            case "--no-agreement":
                options.checkAgreement = false
            default:
                throw UsageError(description: "unknown option '\(argument)' (see --help)")
            }
            index += 1
        }
        if !explicitModes.isEmpty && !explicitModes.contains(.all) {
            options.modes = Mode.allCases.filter { explicitModes.contains($0) }
        }
        return options
    }
}
