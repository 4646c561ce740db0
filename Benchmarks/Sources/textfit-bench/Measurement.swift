import CBenchPeers
import Foundation

/// Monotonic time in nanoseconds.
@inline(__always)
func now() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// Times `body`, with callgrind collecting events only inside it when `profiled` (see README.md, Profiling).
@inline(__always)
func timed(profiled: Bool, _ body: () -> Void) -> UInt64 {
    if profiled { bench_profile_collect(1) }
    let start = now()
    body()
    let elapsed = now() - start
    if profiled { bench_profile_collect(0) }
    return elapsed
}

/// Minor page faults this process has taken so far (getrusage): a count, so a busy machine does not blur it.
@inline(__always)
func minorFaults() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_minflt
}

/// Runs `body`, storing the minor page faults it took in `faults` (two getrusage calls, ≈ 1 µs, inside
/// whatever times `body`).
@inline(__always)
func countingFaults(_ faults: inout Int, _ body: () -> Void) {
    let start = minorFaults()
    body()
    faults = minorFaults() - start
}

/// Retakes of samples whose thread waited for a CPU (see `quietSample`).
enum Retakes {
    nonisolated(unsafe) static var count = 0
    nonisolated(unsafe) static var disturbedKept = 0
    /// Under valgrind a pass is collected once: no retakes.
    static let underValgrind = bench_running_on_valgrind() != 0
}

/// Times one pass like `timed`, but when this thread spent more than 2 % of the pass waiting for a CPU
/// held by another process (on a shared machine such a sample measures the neighbours, not the engine),
/// runs `setup` and the pass again, up to 3 attempts, and keeps the least disturbed one.
func quietSample(profiled: Bool, setup: () -> Void = {}, _ body: () -> Void) -> UInt64 {
    var best: (elapsed: UInt64, share: Double)?
    for attempt in 0..<(Retakes.underValgrind ? 1 : 3) {
        if attempt > 0 { Retakes.count += 1 }
        setup()
        let before = bench_thread_run_delay_ns()
        let elapsed = timed(profiled: profiled, body)
        let waited = bench_thread_run_delay_ns() - before
        let share = before < 0 ? 0 : Double(waited) / Double(max(1, elapsed))
        if best == nil || share < best!.share { best = (elapsed, share) }
        if share <= 0.02 { break }
    }
    if best!.share > 0.02 { Retakes.disturbedKept += 1 }
    return best!.elapsed
}

/// Where every result goes, so the optimiser cannot drop the work that produced it.
enum Sink {
    nonisolated(unsafe) static var value = 0
}

@inline(never)
func consume(_ value: Int) {
    Sink.value &+= value
}

/// Timings of one engine on one case set in one mode: one entry per sample, in µs per unit of work
/// (per case, or per text and width for relayout).
struct Series {
    var mode: String
    var set: String
    var engine: String
    var cases: Int
    var samples: [Double] = []

    var median: Double { Series.percentile(samples, 0.5) }
    var p90: Double { Series.percentile(samples, 0.9) }

    /// Linear interpolation between closest ranks; the median of an even count is the mean of the middle two.
    static func percentile(_ values: [Double], _ p: Double) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        let rank = p * Double(sorted.count - 1)
        let low = Int(rank.rounded(.down))
        let high = min(sorted.count - 1, low + 1)
        return sorted[low] + (sorted[high] - sorted[low]) * (rank - Double(low))
    }
}

extension Series {
    /// The median over rounds of `numerator`'s sample ÷ this series' sample of the same round: a paired
    /// estimate of `numerator.median / median`. Both engines' passes of a round run back to back on the
    /// same set, so a change in the machine's speed between rounds (on this shared host up to 1.5× within
    /// a minute) cancels out of each round's quotient, where it moves the two medians apart.
    func pairedRatio(_ numerator: Series) -> Double {
        let count = min(samples.count, numerator.samples.count)
        guard count > 0 else { return .nan }
        return Series.percentile((0..<count).map { numerator.samples[$0] / samples[$0] }, 0.5)
    }
}

/// A ratio the issue sets a target for (or one reported for information).
struct Ratio {
    var mode: String
    var set: String
    var name: String
    var value: Double
    /// e.g. ">= 6", "<= 1.3"; nil for information only.
    var target: String?

    var met: Bool? {
        guard let target else { return nil }
        let parts = target.split(separator: " ")
        guard parts.count == 2, let bound = Double(parts[1]) else { return nil }
        return parts[0] == ">=" ? value >= bound : value <= bound
    }
}

/// Runs `body` on each engine's pass in a rotating order per sample, so drift on a shared machine hits
/// every engine alike.
struct Interleaver {
    var engines: [String]

    func order(sample: Int) -> [String] {
        guard !engines.isEmpty else { return [] }
        let shift = sample % engines.count
        return Array(engines[shift...] + engines[..<shift])
    }
}

/// Prints progress to stderr (stdout carries the tables).
func progress(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
