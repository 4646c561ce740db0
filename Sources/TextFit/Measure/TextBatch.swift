import Foundation

/// One text to lay out in a batch: the text, its font and the layout parameters of
/// `PreparedText.layout(width:numberOfLines:lineBreakMode:lineBreakStrategy:lastLineMaxWidth:)`.
public struct LayoutRequest: Sendable {
    public var text: String
    public var font: Font
    public var width: CGFloat?
    public var numberOfLines: Int
    public var lineBreakMode: LineBreakMode
    public var lineBreakStrategy: LineBreakStrategy

    public init(text: String, font: Font, width: CGFloat? = nil, numberOfLines: Int = 0,
                lineBreakMode: LineBreakMode = .byWordWrapping, lineBreakStrategy: LineBreakStrategy = []) {
        self.text = text
        self.font = font
        self.width = width
        self.numberOfLines = numberOfLines
        self.lineBreakMode = lineBreakMode
        self.lineBreakStrategy = lineBreakStrategy
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
public enum TextBatch {
    /// Prepares and lays out every request.
    /// - Parameters:
    ///   - requests: the texts and their parameters.
    ///   - concurrency: how many workers (default: the active processor count); 1 runs on the caller's thread.
    /// - Returns: one result per request, in order: the layout, or the `MeasureError` its parameters raised.
    /// - Complexity: the sum of the requests' costs, divided across `concurrency` cores.
    public static func layout(_ requests: [LayoutRequest],
                              concurrency: Int = ProcessInfo.processInfo.activeProcessorCount) -> [Result<TextLayout, Error>] {
        map(requests, concurrency: concurrency) { request in
            try PreparedText(request.text, font: request.font).layout(
                width: request.width, numberOfLines: request.numberOfLines, lineBreakMode: request.lineBreakMode,
                lineBreakStrategy: request.lineBreakStrategy)
        }
    }

    /// Like `layout(_:concurrency:)` but returns only line counts and sizes (no lines are built).
    public static func measure(_ requests: [LayoutRequest],
                               concurrency: Int = ProcessInfo.processInfo.activeProcessorCount) -> [Result<TextMetrics, Error>] {
        map(requests, concurrency: concurrency) { request in
            try PreparedText(request.text, font: request.font).measure(
                width: request.width, numberOfLines: request.numberOfLines, lineBreakMode: request.lineBreakMode,
                lineBreakStrategy: request.lineBreakStrategy)
        }
    }

    private static func map<Value>(_ requests: [LayoutRequest], concurrency: Int,
                                   _ work: @Sendable @escaping (LayoutRequest) throws -> Value) -> [Result<Value, Error>] {
        let count = requests.count
        let workers = max(1, min(concurrency, count))
        if workers == 1 { return requests.map { request in Result { try work(request) } } }
        let bounds = chunkBounds(requests, chunks: workers * 16)
        // The workers initialise the result array in place, each slot exactly once (every chunk is run, and
        // chunks do not overlap): no array of optionals to fill with nil first and unwrap into a copy after,
        // two passes over the results on the calling thread alone.
        return [Result<Value, Error>](unsafeUninitializedCapacity: count) { buffer, initializedCount in
            nonisolated(unsafe) let output = buffer
            DispatchQueue.concurrentPerform(iterations: bounds.count - 1) { chunk in
                for index in bounds[chunk]..<bounds[chunk + 1] {
                    (output.baseAddress! + index).initialize(to: Result { try work(requests[index]) })
                }
            }
            initializedCount = count
        }
    }

    /// Where contiguous chunks of about equal cost start (and the last ends), about `chunks` of them.
    /// Workers take chunks in turn, so many per worker keep every core busy to the end; equal cost
    /// rather than equal count matters when lengths vary (a few long articles among titles would
    /// otherwise leave one core working alone on the chunk that holds them). Cost is estimated as the
    /// UTF-8 length (O(1) for a native string) plus a fixed cost per text, the preparation's overhead.
    private static func chunkBounds(_ requests: [LayoutRequest], chunks: Int) -> [Int] {
        let perText = 40
        let costs = requests.map { $0.text.utf8.count + perText }
        let total = costs.reduce(0, +)
        let target = max(1, total / max(1, chunks))
        var bounds = [0]
        bounds.reserveCapacity(chunks + 2)
        var cost = 0
        for (index, textCost) in costs.enumerated() {
            cost += textCost
            if cost >= target, index + 1 < requests.count {
                bounds.append(index + 1)
                cost = 0
            }
        }
        bounds.append(requests.count)
        return bounds
    }
}
