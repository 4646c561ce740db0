import Foundation
import Synchronization

/// One text to lay out in a batch: the text, its font and the layout parameters of
/// `PreparedText.layout(width:numberOfLines:lineBreakMode:lineBreakStrategy:lastLineMaxWidth:)`.
public struct LayoutRequest: Sendable {
    public var text: String
    public var font: Font
    public var width: CGFloat?
    public var numberOfLines: Int
    public var lineBreakMode: LineBreakMode
    public var lineBreakStrategy: LineBreakStrategy

    public init(
        text: String, font: Font, width: CGFloat? = nil, numberOfLines: Int = 0,
        lineBreakMode: LineBreakMode = .byWordWrapping, lineBreakStrategy: LineBreakStrategy = []
    ) {
        self.text = text
        self.font = font
        self.width = width
        self.numberOfLines = numberOfLines
        self.lineBreakMode = lineBreakMode
        self.lineBreakStrategy = lineBreakStrategy
    }

    /// The breakers' request for these parameters.
    /// - Throws: `MeasureError.invalidWidth`, `.invalidNumberOfLines`.
    func lineRequest() throws -> LineRequest {
        try LineRequest(
            width: width, numberOfLines: numberOfLines, lineBreakMode: lineBreakMode,
            lineBreakStrategy: lineBreakStrategy, lastLineMaxWidth: nil)
    }
}

/// Lays out many texts on all cores, results in input order.
///
/// ```swift
/// let requests = feed.map { LayoutRequest(text: $0, font: font, width: 355) }
/// let layouts = TextBatch.layout(requests)          // [Result<TextLayout, Error>], same order
/// let heights = try layouts.map { try $0.get().size.height }
/// ```
/// Fonts, faces and the segment cache are shared between the workers; each request is independent, so
/// the answers equal a single-threaded run's.
///
/// The calling thread works from the first moment; the other workers are threads of TextFit's own
/// (`WorkerPool`: started on first use, one per further CPU, asleep between batches after a spin of at
/// most 50 µs, so a feed asking page by page finds them awake). A batch started while another thread's
/// batch holds them runs on Dispatch's threads instead.
public enum TextBatch {
    /// The workers a batch uses by default: `ProcessInfo.processInfo.activeProcessorCount` (on Linux it
    /// honours the cgroup's cpuset and CPU quota), read once. Foundation reads those cgroup files on every
    /// access, ≈ 30 µs here, which as a default argument every call paid on the calling thread before any
    /// work: as much as measuring a page of 24 UI strings.
    public static let defaultConcurrency = max(1, ProcessInfo.processInfo.activeProcessorCount)

    /// Prepares and lays out every request.
    /// - Parameters:
    ///   - requests: the texts and their parameters.
    ///   - concurrency: how many workers (default: `defaultConcurrency`, the active processor count), at
    ///     most one per CPU the process may use; 1 runs on the caller's thread.
    /// - Returns: one result per request, in order: the layout, or the `MeasureError` its parameters raised.
    /// - Complexity: the sum of the requests' costs, divided across `concurrency` cores.
    public static func layout(
        _ requests: [LayoutRequest],
        concurrency: Int = TextBatch.defaultConcurrency
    ) -> [Result<TextLayout, Error>] {
        map(requests, concurrency: concurrency) { request in
            // Validated before preparing: a bad width or line count costs no preparation.
            let lines = try request.lineRequest()
            return try PreparedText(request.text, font: request.font).layout(lines, fastPath: true)
        }
    }

    /// Like `layout(_:concurrency:)` but returns only line counts and sizes (no lines are built).
    public static func measure(
        _ requests: [LayoutRequest],
        concurrency: Int = TextBatch.defaultConcurrency
    ) -> [Result<TextMetrics, Error>] {
        map(requests, concurrency: concurrency) { request in
            // Validated before preparing: a bad width or line count costs no preparation.
            let lines = try request.lineRequest()
            return try PreparedText(request.text, font: request.font).measure(lines, fastPath: true)
        }
    }

    /// Runs `work` on every element across the cores, results in input order: the scheduling of
    /// `layout(_:concurrency:)` and `measure(_:concurrency:)` for per-text work of your own, such as a
    /// feed row's title + date layout or a label's size with its insets.
    ///
    /// ```swift
    /// let rows = TextBatch.map(articles, cost: { $0.title.utf8.count }) { article in
    ///     try PreparedText(article.title, font: font).measure(width: 343, numberOfLines: 2).size.height
    /// }                                                    // [Result<CGFloat, Error>], same order
    /// ```
    ///
    /// - Parameters:
    ///   - elements: the inputs.
    ///   - concurrency: how many workers (default: `defaultConcurrency`, the active processor count), at
    ///     most one per CPU the process may use; 1 runs on the caller's thread, in order.
    ///   - cost: an estimate of each element's work, used only to hand out contiguous ranges of about equal
    ///     cost (a text's UTF-8 length is a good one); a fixed cost per element is added. Default: equal.
    ///   - work: called once per element, from any of the workers; it must not depend on which.
    /// - Returns: one result per element, in order: `work`'s value or the error it threw.
    /// - Complexity: the sum of the elements' costs, divided across `concurrency` cores.
    public static func map<Element: Sendable, Value: Sendable>(
        _ elements: [Element], concurrency: Int = TextBatch.defaultConcurrency,
        cost: (Element) -> Int = { _ in 0 }, _ work: @Sendable (Element) throws -> Value
    ) -> [Result<Value, Error>] {
        let count = elements.count
        let workers = max(1, min(concurrency, count, WorkerPool.maxParticipants))
        if workers == 1 { return elements.map { element in Result { try work(element) } } }
        let schedule = Schedule(elements, workers: workers, cost: cost)
        let next = Atomic<Int>(0)
        // The workers initialise the result array in place, each slot exactly once (the schedule hands out
        // disjoint ranges that cover every index): no array of optionals to fill with nil first and unwrap
        // into a copy after, two passes over the results on the calling thread alone.
        return [Result<Value, Error>](unsafeUninitializedCapacity: count) { buffer, initializedCount in
            nonisolated(unsafe) let output = buffer
            // The calling thread takes the first range at once; the pool's workers join as they wake.
            WorkerPool.perform(participants: workers) { _ in
                while let range = schedule.take(from: next) {
                    for index in range {
                        (output.baseAddress! + index).initialize(to: Result { try work(elements[index]) })
                    }
                }
            }
            initializedCount = count
        }
    }

    private static func map<Value: Sendable>(
        _ requests: [LayoutRequest], concurrency: Int,
        _ work: @Sendable (LayoutRequest) throws -> Value
    ) -> [Result<Value, Error>] {
        map(requests, concurrency: concurrency, cost: { $0.text.utf8.count }, work)
    }

    /// Guided self-scheduling by estimated cost: each take is a contiguous range costing about what is
    /// left divided by twice the workers, so ranges shrink as the work runs out and the workers finish
    /// together (a fixed cut into chunks left one core idle for up to a chunk at the end), and a worker
    /// that starts late (a sleeping core wakes 50–110 µs after the call) simply takes less. Cost rather
    /// than count, because a few long articles among titles would otherwise land in one early range.
    /// Cost is estimated as the caller's estimate (for requests, the UTF-8 length: O(1) for a native
    /// string) plus a fixed cost per element, the preparation's overhead. One shared write per take, a few
    /// dozen per call.
    private struct Schedule: Sendable {
        /// costs[i] = the estimated cost of requests 0..<i; count + 1 entries.
        let costs: [Int]
        let workers: Int

        init<Element>(_ elements: [Element], workers: Int, cost: (Element) -> Int) {
            let perText = 40
            var costs = [Int]()
            costs.reserveCapacity(elements.count + 1)
            var total = 0
            costs.append(0)
            for element in elements {
                total += min(max(0, cost(element)), 1 << 40) + perText  // a wild estimate cannot overflow
                costs.append(total)
            }
            self.costs = costs
            self.workers = workers
        }

        /// The next range to run, or nil when every index has been handed out.
        func take(from next: borrowing Atomic<Int>) -> Range<Int>? {
            let count = costs.count - 1
            var start = next.load(ordering: .relaxed)
            while start < count {
                let end = self.end(from: start)
                let (exchanged, current) = next.compareExchange(expected: start, desired: end, ordering: .relaxed)
                if exchanged { return start..<end }
                start = current
            }
            return nil
        }

        /// Where a range from `start` ends: the first index whose cost from `start` reaches the share of
        /// what is left, at least one text.
        private func end(from start: Int) -> Int {
            let count = costs.count - 1
            let share = max(1, (costs[count] - costs[start]) / (2 * workers))
            let target = costs[start] + share
            var low = start + 1
            var high = count
            while low < high {  // the first index in low...high with costs[index] ≥ target
                let mid = (low + high) / 2
                if costs[mid] >= target { high = mid } else { low = mid + 1 }
            }
            return low
        }
    }
}
