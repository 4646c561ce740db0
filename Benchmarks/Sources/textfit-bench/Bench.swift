import CBenchPeers
import Foundation
import TextFit

/// One benchmark run: the cases, the peers, and everything measured.
final class Bench {
    let options: Options
    let loaded: CaseLoader.Loaded
    var report: Report

    /// Relayout widths, as factors of each case's width.
    static let relayoutFactors: [CGFloat] = [0.6, 0.7, 0.8, 0.9, 1.0, 1.1, 1.2, 1.3]

    /// Pango per group of font files: each set's Pango holds the bundled fonts and only the files its
    /// own cases name, so a font another set names (Noto Sans CJK) never becomes this set's fallback.
    private var pangoInstances: [[String]: Pango] = [:]

    init(options: Options, loaded: CaseLoader.Loaded, report: Report) {
        self.options = options
        self.loaded = loaded
        self.report = report
    }

    var usesPango: Bool { options.engines.contains("pango") }
    var usesFloor: Bool { options.engines.contains("harfbuzz") }

    /// The set's Pango, created on first use (after the memory mode, so its peak does not count Pango).
    func pango(for set: CaseSet) throws -> Pango {
        var files: [String] = []
        for c in set.cases { if let file = c.fontFile, !files.contains(file) { files.append(file) } }
        if let made = pangoInstances[files] { return made }
        let made = try Pango(
            fontDirectories: loaded.fontDirectories, fontFiles: files,
            checkFamily: set.cases.first?.pangoFamily)
        pangoInstances[files] = made
        return made
    }

    /// Every set's Pango, by set name.
    func pangoBySet() throws -> [String: Pango] {
        guard usesPango else { return [:] }
        var bySet: [String: Pango] = [:]
        for set in loaded.sets { bySet[set.name] = try pango(for: set) }
        return bySet
    }

    /// Frees Pango (and its Fontconfig cache folders).
    func shutdown() { pangoInstances = [:] }

    var samplesTotal: Int { options.warmup + options.samples }

    /// Whether a cold pass's clearing keeps the segment cache's pages (default) or hands them back
    /// (`TEXTFIT_BENCH_COLD_CLEAR=release`, the scheme before session 11). Kept, the next pass writes its
    /// new segments into pages it already has, as a long-running process does once its cache has filled
    /// and as the peers' allocators do; handed back, each pass took one page fault per 4 KiB written
    /// (80–113 a pass in the Latin sets), which only this benchmark's clearing causes.
    static let coldClearKeepsPages = ProcessInfo.processInfo.environment["TEXTFIT_BENCH_COLD_CLEAR"] != "release"

    /// Empties the segment cache before a cold pass (`coldClearKeepsPages`).
    func clearForColdPass() { SegmentCache.removeAll(keepingCapacity: Bench.coldClearKeepsPages) }

    // MARK: - Agreement

    /// TextFit's line count against Pango's, once per case, before any timing.
    func checkAgreement() throws {
        let pangos = try pangoBySet()
        var agreeing = 0
        var total = 0
        var perSet: [[String: Any]] = []
        var examples: [String] = []
        var fontExamples: [String] = []
        var sameFont = 0
        for set in loaded.sets {
            var setAgreeing = 0
            var setSameFont = 0
            let pango = pangos[set.name]!
            for c in set.cases {
                let ourFace = Self.firstRunFace(c)
                if pango.firstRunFontMatches(c, path: ourFace.path, faceIndex: ourFace.index) {
                    setSameFont += 1
                } else if fontExamples.count < 6 {
                    fontExamples.append("\(c.id): TextFit \(ourFace.path)#\(ourFace.index), Pango \(pango.firstRunFont(c))")
                }
                let ours =
                    (try? PreparedText(c.text, font: c.font)
                        .measure(width: c.cgWidth, numberOfLines: c.maxLines, lineBreakMode: c.mode).lineCount) ?? -1
                var theirs = Int(pango.measure(c).line_count)
                // Pango limits lines only when ellipsizing; TextFit's other modes stop at maxLines.
                if c.maxLines > 0 && !c.pangoLimitsLines { theirs = min(theirs, c.maxLines) }
                if ours == theirs {
                    setAgreeing += 1
                } else if examples.count < 12 {
                    examples.append("\(c.id): TextFit \(ours), Pango \(theirs)")
                }
            }
            agreeing += setAgreeing
            total += set.cases.count
            sameFont += setSameFont
            perSet.append(["set": set.name, "cases": set.cases.count, "agreeing": setAgreeing, "sameFont": setSameFont])
            report.agreementRows.append((set.name, setAgreeing, set.cases.count))
            report.sameFontRows.append((set.name, setSameFont, set.cases.count))
        }
        report.agreementRows.append(("all", agreeing, total))
        report.sameFontRows.append(("all", sameFont, total))
        report.sameFontExamples = fontExamples
        report.meta["lineCountAgreement"] =
            [
                "agreeing": agreeing, "cases": total, "share": total == 0 ? 0 : Double(agreeing) / Double(total),
                "sets": perSet, "examples": examples, "sameFont": sameFont, "fontExamples": fontExamples,
            ] as [String: Any]
        report.agreementExamples = examples
        report.printAgreement()
    }

    /// The face TextFit sets the case's first glyph run in (its primary font, or a fallback when the
    /// text starts with characters the primary lacks).
    static func firstRunFace(_ c: BenchCase) -> (path: String, index: Int) {
        let face = (try? PreparedText(c.text, font: c.font).layout())?.lines.glyphs().first?.runs.first?.face
        return (face?.filePath ?? c.font.filePath, face?.faceIndex ?? c.font.faceIndex)
    }

    // MARK: - cold / warm

    func runFromString(cold: Bool) throws {
        let mode = cold ? "cold" : "warm"
        var engines = ["textfit"]
        if usesPango { engines.append("pango") }
        if usesFloor { engines += ["harfbuzz", "harfbuzz-runs"] }
        let pangos = try pangoBySet()
        let interleaver = Interleaver(engines: engines)
        var series: [String: [String: Series]] = [:]
        var cacheCounts: [String: (hits: Int, misses: Int)] = [:]
        // Minor page faults inside the timed passes, per set and engine (the kept attempt's), summed over samples.
        var faultCounts: [String: [String: Int]] = [:]
        var allSeries = Dictionary(
            uniqueKeysWithValues: engines.map {
                ($0, Series(mode: mode, set: "all", engine: $0, cases: loaded.all.count))
            })
        if !cold { for set in loaded.sets { consume(Passes.textfitMeasureFromString(set.cases[...])) } }
        for sample in 0..<samplesTotal {
            progress("\(mode): sample \(sample + 1)/\(samplesTotal)\(sample < options.warmup ? " (warm-up)" : "")")
            var totals: [String: UInt64] = [:]
            for set in loaded.sets {
                for engine in interleaver.order(sample: sample) {
                    let elapsed: UInt64
                    let counted = sample >= options.warmup
                    // The minor page faults of the kept attempt.
                    var faults = 0
                    switch engine {
                    case "textfit":
                        var before = SegmentCache.statistics
                        elapsed = quietSample(
                            profiled: counted,
                            setup: {
                                if cold { clearForColdPass() }
                                before = SegmentCache.statistics
                            }
                        ) { countingFaults(&faults) { consume(Passes.textfitMeasureFromString(set.cases[...])) } }
                        let after = SegmentCache.statistics
                        if sample >= options.warmup {
                            let counts = cacheCounts[set.name] ?? (0, 0)
                            cacheCounts[set.name] = (
                                counts.hits + after.hits - (cold ? 0 : before.hits),
                                counts.misses + after.misses - (cold ? 0 : before.misses)
                            )
                        }
                    case "pango":
                        elapsed = quietSample(profiled: counted) {
                            countingFaults(&faults) { consume(Passes.pangoMeasureFromString(set.cases, pangos[set.name]!)) }
                        }
                    case "harfbuzz":
                        elapsed = quietSample(profiled: counted) {
                            countingFaults(&faults) { consume(Passes.harfbuzzShapeFloor(set.cases, loaded.floorFonts)) }
                        }
                    default:
                        elapsed = quietSample(profiled: counted) {
                            countingFaults(&faults) { consume(Passes.harfbuzzShapeRuns(set.cases)) }
                        }
                    }
                    guard sample >= options.warmup else { continue }
                    faultCounts[set.name, default: [:]][engine, default: 0] += faults
                    series[set.name, default: [:]][
                        engine,
                        default: Series(
                            mode: mode, set: set.name, engine: engine,
                            cases: set.cases.count)
                    ]
                    .samples.append(Double(elapsed) / 1000 / Double(set.cases.count))
                    totals[engine, default: 0] += elapsed
                }
            }
            if sample >= options.warmup {
                for (engine, total) in totals {
                    allSeries[engine]!.samples.append(Double(total) / 1000 / Double(loaded.all.count))
                }
            }
        }
        var rows: [Series] = []
        for set in loaded.sets { rows += engines.compactMap { series[set.name]?[$0] } }
        if loaded.sets.count > 1 { rows += engines.compactMap { allSeries[$0] } }
        report.series += rows
        for name in loaded.sets.map(\.name) + (loaded.sets.count > 1 ? ["all"] : []) {
            let bySet = name == "all" ? allSeries : series[name] ?? [:]
            guard let textfit = bySet["textfit"] else { continue }
            let ours = textfit.median
            if let pango = bySet["pango"] {
                report.ratios.append(
                    Ratio(
                        mode: mode, set: name, name: "pango/textfit", value: pango.median / ours,
                        target: cold ? ">= 6" : ">= 30"))
                // For information beside the target's ratio of medians: the same ratio round by round.
                report.ratios.append(
                    Ratio(
                        mode: mode, set: name, name: "paired", value: textfit.pairedRatio(pango),
                        target: nil))
            }
            if let floor = bySet["harfbuzz"]?.median {
                // The floor's target is over the whole corpus; per set it is reported for information.
                report.ratios.append(
                    Ratio(
                        mode: mode, set: name, name: "textfit/harfbuzz", value: ours / floor,
                        target: cold && name == "all" ? "<= 1.0" : nil))
            }
            if let floor = bySet["harfbuzz-runs"]?.median {
                report.ratios.append(Ratio(mode: mode, set: name, name: "textfit/hb-runs", value: ours / floor, target: nil))
            }
        }
        var hits = 0
        var misses = 0
        var cache: [[String: Any]] = []
        for set in loaded.sets {
            let counts = cacheCounts[set.name] ?? (0, 0)
            hits += counts.hits
            misses += counts.misses
            cache.append([
                "set": set.name, "hits": counts.hits, "misses": counts.misses,
                "hitRate": counts.hits + counts.misses == 0 ? 0 : Double(counts.hits) / Double(counts.hits + counts.misses),
            ])
        }
        let rate = hits + misses == 0 ? 0 : Double(hits) / Double(hits + misses)
        report.cacheRates.append((mode, cache.map { ($0["set"] as! String, $0["hitRate"] as! Double) } + [("all", rate)]))
        let passes = max(1, samplesTotal - options.warmup)
        let faultsPerPass = loaded.sets.map { set in
            (set: set.name, engines: engines.map { ($0, Double(faultCounts[set.name]?[$0] ?? 0) / Double(passes)) })
        }
        report.faults.append((mode, faultsPerPass))
        report.meta["minorFaults.\(mode)"] = Dictionary(
            uniqueKeysWithValues: faultsPerPass.map { row in
                (row.set, Dictionary(uniqueKeysWithValues: row.engines.map { ($0.0, $0.1) }))
            })
        if cold { report.meta["coldClear"] = Bench.coldClearKeepsPages ? "pages kept" : "pages handed back" }
        report.meta["segmentCache.\(mode)"] =
            ["hits": hits, "misses": misses, "hitRate": rate, "sets": cache] as [String: Any]
        report.printTable(mode: mode)
    }

    // MARK: - relayout

    func runRelayout() throws {
        let mode = "relayout"
        var engines = ["textfit", "textfit-layout"]
        if usesPango { engines.append("pango") }
        let pangos = try pangoBySet()
        progress("relayout: preparing \(loaded.all.count) texts")
        struct Prepared {
            var set: CaseSet
            var texts: [PreparedText]
            var widths: [[CGFloat]]
            var layouts: [PangoLayoutHandle?]
        }
        let prepared: [Prepared] = loaded.sets.map { set in
            Prepared(
                set: set, texts: set.cases.map { PreparedText($0.text, font: $0.font) },
                widths: set.cases.map { c in Bench.relayoutFactors.map { CGFloat(c.baseWidth) * $0 } },
                layouts: pangos[set.name].map { p in set.cases.map { p.makeLayout($0) } } ?? [])
        }
        let widthCount = Bench.relayoutFactors.count
        // Lines per set over all its texts and widths (untimed), for the time per line beside the time per
        // text and width: long paragraphs and short labels compare per line, not per text.
        var lineCounts: [String: Int] = [:]
        for p in prepared {
            lineCounts[p.set.name] = Passes.relayoutLineCount(p.texts, p.set.cases, p.widths)
        }
        let interleaver = Interleaver(engines: engines)
        var series: [String: [String: Series]] = [:]
        let totalUnits = loaded.all.count * widthCount
        var allSeries = Dictionary(
            uniqueKeysWithValues: engines.map {
                ($0, Series(mode: mode, set: "all", engine: $0, cases: loaded.all.count))
            })
        for sample in 0..<samplesTotal {
            progress("relayout: sample \(sample + 1)/\(samplesTotal)\(sample < options.warmup ? " (warm-up)" : "")")
            var totals: [String: UInt64] = [:]
            for p in prepared {
                for engine in interleaver.order(sample: sample) {
                    let elapsed = quietSample(profiled: sample >= options.warmup) {
                        switch engine {
                        case "textfit": consume(Passes.textfitRelayoutMeasure(p.texts, p.set.cases, p.widths))
                        case "textfit-layout": consume(Passes.textfitRelayoutLayout(p.texts, p.set.cases, p.widths))
                        default: consume(Passes.pangoRelayout(p.layouts, p.widths))
                        }
                    }
                    guard sample >= options.warmup else { continue }
                    let units = p.set.cases.count * widthCount
                    series[p.set.name, default: [:]][
                        engine,
                        default: Series(
                            mode: mode, set: p.set.name, engine: engine,
                            cases: p.set.cases.count)
                    ]
                    .samples.append(Double(elapsed) / 1000 / Double(units))
                    totals[engine, default: 0] += elapsed
                }
            }
            if sample >= options.warmup {
                for (engine, total) in totals {
                    allSeries[engine]!.samples.append(Double(total) / 1000 / Double(totalUnits))
                }
            }
        }
        for set in loaded.sets { report.series += engines.compactMap { series[set.name]?[$0] } }
        if loaded.sets.count > 1 { report.series += engines.compactMap { allSeries[$0] } }
        for name in loaded.sets.map(\.name) + (loaded.sets.count > 1 ? ["all"] : []) {
            let bySet = name == "all" ? allSeries : series[name] ?? [:]
            for engine in ["textfit", "textfit-layout"] {
                guard let ours = bySet[engine]?.median else { continue }
                if let theirs = bySet["pango"]?.median {
                    report.ratios.append(
                        Ratio(
                            mode: mode, set: name, name: "pango/\(engine)", value: theirs / ours,
                            target: ">= 500"))
                }
                report.ratios.append(
                    Ratio(
                        mode: mode, set: name, name: "\(engine) ns/width", value: ours * 1000,
                        target: engine == "textfit" ? "<= 150" : "<= 200"))
                let sets = name == "all" ? prepared.map(\.set) : prepared.map(\.set).filter { $0.name == name }
                let lines = sets.reduce(0) { $0 + (lineCounts[$1.name] ?? 0) }
                let widths = sets.reduce(0) { $0 + $1.cases.count * widthCount }
                if lines > 0 {
                    report.ratios.append(
                        Ratio(
                            mode: mode, set: name, name: "\(engine) ns/line",
                            value: ours * 1000 * Double(widths) / Double(lines), target: nil))
                }
            }
        }
        report.printTable(mode: mode)
    }

    // MARK: - parallel

    func runParallel() {
        let mode = "parallel"
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let load = Report.loadAverage()
        if load > 0.5 {
            progress(
                "parallel: load average \(String(format: "%.2f", load)) before starting: other processes use the cores, so the speed-up is understated"
            )
        }
        report.meta["loadAverageBeforeParallel"] = load
        let many = "textfit-\(cores)threads"
        // TEXTFIT_BENCH_PARALLEL_DISPATCH=1: a third configuration, the same batch on all cores through a copy
        // of TextBatch's former `concurrentPerform` path (`Passes.dispatchBatch`), timed in the same rounds,
        // so the pool and Dispatch are compared under the same drift.
        let withDispatch = ProcessInfo.processInfo.environment["TEXTFIT_BENCH_PARALLEL_DISPATCH"] == "1"
        let configurations = withDispatch ? ["one", "all", "dispatch"] : ["one", "all"]
        func engine(_ configuration: String, _ state: String) -> String {
            switch configuration {
            case "one": return "textfit-1thread-\(state)"
            case "all": return "\(many)-\(state)"
            default: return "\(many)-dispatch-\(state)"
            }
        }
        var engines: [String] = []
        for state in ["warm", "cold"] { engines += configurations.map { engine($0, state) } }
        var series: [String: [String: Series]] = [:]
        var allSeries = Dictionary(
            uniqueKeysWithValues: engines.map {
                ($0, Series(mode: mode, set: "all", engine: $0, cases: loaded.all.count))
            })
        // CPU time and run-queue wait of the multi-threaded passes: how many cores they really had.
        var busy = (wall: 0.0, cpu: 0.0, waiting: 0.0)
        // CPU time of the same work on one thread and on all: more CPU on all cores means contention
        // (locks, shared reference counts, cache lines) or colder cores, whatever else runs on the machine.
        // One thread: the calling thread's own clock over the pass (a pool worker still spinning from the
        // last all-core pass, or a core holder, does not count there). All cores: the calling thread's
        // clock over the pass plus every other thread's CPU (minus the core holders') from the pass's start
        // to the next all-core pass's: the work its workers did and what they spun before sleeping.
        var cpuTime: [String: (one: Double, many: Double)] = [:]  // by state, "-dispatch" for that configuration
        var otherCPU: (state: String, since: Double, counted: Bool)?
        var holderTotal = 0.0
        // Each thread's own clock (`ThreadClocks`): the process clock (CLOCK_PROCESS_CPUTIME_ID) gave the
        // other threads up to 0.9 ms more CPU than their own clocks over a 1.7 ms call ("busy cores" above
        // 3), so ratios made from it were off by tens of percent.
        let me = bench_gettid()
        func otherThreadsCPU() -> Double {
            ThreadClocks.read().reduce(0.0) { sum, entry in entry.key == me ? sum : sum + Double(entry.value) } - holderTotal
        }
        /// Called at the start of every all-core pass (timed or not) and at the end.
        func closeOtherCPU() {
            if let open = otherCPU, open.counted {
                cpuTime[open.state, default: (0, 0)].many += otherThreadsCPU() - open.since
            }
            otherCPU = nil
        }
        let requests = Dictionary(
            uniqueKeysWithValues: loaded.sets.map { set in
                (set.name, set.cases.map(\.request))
            })
        // TEXTFIT_BENCH_HOLD_CORES=1: during the one-thread passes, spin on the other cores (a pause loop,
        // no memory traffic), so another process cannot run beside the pass when the two-thread passes push
        // it off (run at a raised autogroup priority on a busy machine: README, Profiling). Its CPU time is
        // not counted.
        let holder =
            ProcessInfo.processInfo.environment["TEXTFIT_BENCH_HOLD_CORES"] == "1" ? CoreHolder(count: cores - 1) : nil
        if holder != nil { progress("parallel: holding the other cores during one-thread passes") }
        // Before each timed pass, an untimed pass of the same batch in the same configuration, so each is
        // timed in its own steady state (see README, "parallel"). TEXTFIT_BENCH_PARALLEL_WARMUP=caller
        // restores sessions 1-4's scheme, one warm-up per set on this thread, which leaves the set's data in
        // this core's caches for the one-thread pass and nowhere for a worker (0.1 of the speed-up).
        let sameWarmup = ProcessInfo.processInfo.environment["TEXTFIT_BENCH_PARALLEL_WARMUP"] != "caller"
        if sameWarmup { progress("parallel: each timed pass follows an untimed one of the same configuration") }
        report.meta["parallelWarmup"] =
            sameWarmup ? "same configuration before each timed pass" : "one per set, on the calling thread"
        var control: [[Double]] = [[], []]  // the control's passes: one thread, all cores
        // The configurations' order rotates from sample to sample.
        for sample in 0..<samplesTotal {
            progress("parallel: sample \(sample + 1)/\(samplesTotal)\(sample < options.warmup ? " (warm-up)" : "")")
            var totals: [String: UInt64] = [:]
            for set in loaded.sets {
                for state in ["warm", "cold"] {
                    // Warm: this set's segments in the cache (the previous set's cold pair emptied it).
                    if state == "warm" && !sameWarmup { consume(Passes.textfitMeasureFromString(set.cases[...])) }
                    let shift = sample % configurations.count
                    for configuration in configurations[shift...] + configurations[..<shift] {
                        let parallel = configuration != "one"
                        let concurrency = parallel ? cores : 1
                        let key = configuration == "dispatch" ? "\(state)-dispatch" : state
                        func pass() -> Int {
                            configuration == "dispatch"
                                ? Passes.dispatchBatch(requests[set.name]!, concurrency: concurrency)
                                : Passes.textfitBatch(requests[set.name]!, concurrency: concurrency)
                        }
                        if sameWarmup {
                            if state == "cold" { clearForColdPass() }
                            if parallel { closeOtherCPU() }
                            consume(pass())
                        }
                        if state == "cold" { clearForColdPass() }
                        let counted = sample >= options.warmup
                        if parallel { closeOtherCPU() }
                        if !parallel { holder?.hold() }
                        let delayBefore = bench_run_delay_ns()
                        let othersBefore = parallel ? otherThreadsCPU() : 0
                        if parallel { otherCPU = (key, othersBefore, counted) }
                        let threadBefore = Phase.threadCPU()
                        let elapsed = timed(profiled: counted) { consume(pass()) }
                        let thread = Phase.threadCPU() - threadBefore
                        let held = parallel ? 0 : holder?.release() ?? 0
                        holderTotal += held
                        if counted {
                            if configuration == "all" {
                                busy.wall += Double(elapsed)
                                busy.cpu += thread + otherThreadsCPU() - othersBefore
                                busy.waiting += Double(bench_run_delay_ns() - delayBefore)
                            }
                            if parallel {
                                cpuTime[key, default: (0, 0)].many += thread
                            } else {
                                for key in [state, "\(state)-dispatch"] { cpuTime[key, default: (0, 0)].one += thread }
                            }
                        }
                        guard counted else { continue }
                        let name = engine(configuration, state)
                        series[set.name, default: [:]][
                            name,
                            default: Series(
                                mode: mode, set: set.name, engine: name,
                                cases: set.cases.count)
                        ]
                        .samples.append(Double(elapsed) / 1000 / Double(set.cases.count))
                        totals[name, default: 0] += elapsed
                    }
                }
            }
            if sample >= options.warmup {
                for (engine, total) in totals {
                    allSeries[engine]!.samples.append(Double(total) / 1000 / Double(loaded.all.count))
                }
            }
            // The machine's own speed-up for memory-bound work in this round (`bench_control_pass`): on this
            // VM a lone busy vCPU sometimes runs such work a third faster than two busy ones do, whatever
            // the code (Benchmarks/README.md, "Latest results").
            for threads in sample % 2 == 0 ? [1, cores] : [cores, 1] {
                let nanoseconds = bench_control_pass(Int32(threads), 400_000)
                if sample >= options.warmup, nanoseconds > 0 { control[threads == 1 ? 0 : 1].append(Double(nanoseconds)) }
            }
        }
        // The last all-core pass's workers: what they spin after it.
        usleep(20_000)
        closeOtherCPU()
        for set in loaded.sets { report.series += engines.compactMap { series[set.name]?[$0] } }
        if loaded.sets.count > 1 { report.series += engines.compactMap { allSeries[$0] } }
        for name in loaded.sets.map(\.name) + (loaded.sets.count > 1 ? ["all"] : []) {
            let bySet = name == "all" ? allSeries : series[name] ?? [:]
            for state in ["warm", "cold"] {
                guard let one = bySet["textfit-1thread-\(state)"]?.median, let all = bySet["\(many)-\(state)"]?.median
                else { continue }
                report.ratios.append(
                    Ratio(
                        mode: mode, set: name, name: "speedup \(cores) cores (\(state))", value: one / all,
                        target: state == "warm" ? ">= 1.8" : nil))
                if let dispatch = bySet["\(many)-dispatch-\(state)"]?.median {
                    report.ratios.append(
                        Ratio(
                            mode: mode, set: name, name: "speedup \(cores) cores, Dispatch (\(state))",
                            value: one / dispatch, target: nil))
                }
            }
        }
        let cpuPerWall = busy.wall > 0 ? busy.cpu / busy.wall : .nan
        let waitingPerWall = busy.wall > 0 ? busy.waiting / busy.wall : .nan
        let inflation = ["warm", "cold", "warm-dispatch", "cold-dispatch"].map { key -> Double in
            guard let time = cpuTime[key], time.one > 0, time.many > 0 else { return .nan }
            return time.many / time.one
        }
        var meta: [String: Any] = [
            "cores": cores, "api": "TextBatch.measure(_:concurrency:), all cores vs 1",
            "cpuSecondsPerWallSecond": cpuPerWall, "runQueueWaitPerWallSecond": waitingPerWall,
            "cpuTimeAllCoresOverOneWarm": inflation[0], "cpuTimeAllCoresOverOneCold": inflation[1],
        ]
        if withDispatch {
            meta["cpuTimeDispatchOverOneWarm"] = inflation[2]
            meta["cpuTimeDispatchOverOneCold"] = inflation[3]
        }
        let controlSpeedup = control[0].isEmpty || control[1].isEmpty ? Double.nan : median(control[0]) / median(control[1])
        meta["controlSpeedup"] = controlSpeedup
        meta["control"] = "400 000 random reads in a shared 16 MiB table, 1 thread vs \(cores), once per sample"
        report.meta["parallel"] = meta
        report.parallelNote =
            String(
                format: """
                    all-core passes: %.2f CPU-seconds per wall second, %.2f s per wall second waiting for a CPU held by \
                    other processes (%d cores); CPU time all cores / one thread for the same cases: %.2f warm, %.2f cold \
                    (1.00 = no contention cost)
                    """, cpuPerWall, waitingPerWall, cores, inflation[0], inflation[1])
            + (withDispatch ? String(format: "; through Dispatch: %.2f warm, %.2f cold", inflation[2], inflation[3]) : "")
            + String(
                format:
                    "\ncontrol in the same rounds (random reads in a shared 16 MiB table, no TextFit): %.2f× on %d cores, %.2f ms on one thread (the machine's own ceiling for memory-bound work at the time)",
                controlSpeedup, cores, control[0].isEmpty ? Double.nan : median(control[0]) / 1e6)
        report.printTable(mode: mode)
    }

    // MARK: - memory

    /// Measures `--rows` rows from their strings, keeping only each row's height, and reports the peak RSS
    /// and the segment cache, in two scenarios:
    /// - `feed`: corpus texts made unique by a row number, at five widths (words repeat, like a feed);
    /// - `unique-words`: rows of made-up words that never repeat, so the segment cache fills to its byte
    ///   budget and evicts: the bound on memory.
    func runMemory() {
        guard let font = loaded.all.first?.font else { return }
        for scenario in ["feed", "unique-words"] {
            runMemory(scenario: scenario, font: font)
        }
        report.printMemory()
    }

    private func runMemory(scenario: String, font: Font) {
        let rows = options.rows
        let cases = loaded.all
        SegmentCache.removeAll()
        let resetWorked = ProcessMemory.resetPeak()
        let baseline = ProcessMemory.currentKiB
        var heights = [CGFloat](repeating: 0, count: rows)
        var checkpoints: [[String: Any]] = []
        var generator = WordGenerator(seed: 0x7E87F17)
        let start = now()
        for row in 0..<rows {
            let prepared: PreparedText
            let metrics: TextMetrics?
            if scenario == "feed" {
                let c = cases[row % cases.count]
                let width = c.baseWidth * (0.8 + 0.1 * Double(row % 5))
                prepared = PreparedText(c.text + " #\(row)", font: c.font)
                metrics = try? prepared.measure(width: CGFloat(width), numberOfLines: c.maxLines, lineBreakMode: c.mode)
            } else {
                prepared = PreparedText(generator.sentence(words: 12 + row % 20), font: font)
                metrics = try? prepared.measure(width: 355)
            }
            heights[row] = metrics?.size.height ?? 0
            if (row + 1) % max(1, rows / 10) == 0 {
                let stats = SegmentCache.statistics
                checkpoints.append([
                    "rows": row + 1, "rssMiB": Double(ProcessMemory.currentKiB) / 1024,
                    "cacheMiB": Double(stats.bytes) / 1_048_576, "cacheEntries": stats.entries,
                ])
                progress(
                    "memory (\(scenario)): \(row + 1) rows, RSS \(ProcessMemory.currentKiB / 1024) MiB, "
                        + "segment cache \(stats.bytes >> 20) MiB")
            }
        }
        let elapsed = now() - start
        consume(Int(heights.reduce(0, +)))
        let stats = SegmentCache.statistics
        let peak = ProcessMemory.peakKiB
        let memory: [String: Any] = [
            "scenario": scenario, "rows": rows, "baselineRssMiB": Double(baseline) / 1024,
            "peakRssMiB": Double(peak) / 1024, "peakIncludesEarlierWork": !resetWorked,
            "segmentCache": [
                "byteLimitMiB": Double(SegmentCache.byteLimit) / 1_048_576,
                "bytesMiB": Double(stats.bytes) / 1_048_576, "entries": stats.entries,
                "evictions": stats.evictions, "hits": stats.hits, "misses": stats.misses,
                "hitRate": stats.hitRate,
            ] as [String: Any],
            "usPerRow": Double(elapsed) / 1000 / Double(rows), "checkpoints": checkpoints,
        ]
        report.meta["memory.\(scenario)"] = memory
        report.memory.append(memory)
        SegmentCache.removeAll()
    }
}

/// Made-up lowercase words from a fixed seed (xorshift), for rows whose words never repeat.
struct WordGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return state
    }

    mutating func sentence(words: Int) -> String {
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        var text = ""
        for index in 0..<words {
            if index > 0 { text += " " }
            let length = 3 + Int(next() % 9)
            for _ in 0..<length { text.append(letters[Int(next() % 26)]) }
        }
        return text + "."
    }
}
