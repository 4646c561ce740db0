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

    /// Results written by index from several threads; each slot is written exactly once.
    private final class Slots<Value>: @unchecked Sendable {
        // @unchecked: workers write disjoint indices; the caller reads only after all workers finished.
        var values: [Result<Value, Error>?]
        init(count: Int) { values = Array(repeating: nil, count: count) }
    }

    private static func map<Value>(_ requests: [LayoutRequest], concurrency: Int,
                                   _ work: @Sendable @escaping (LayoutRequest) throws -> Value) -> [Result<Value, Error>] {
        let count = requests.count
        let workers = max(1, min(concurrency, count))
        if workers == 1 { return requests.map { request in Result { try work(request) } } }
        let slots = Slots<Value>(count: count)
        // Contiguous chunks, several per worker so uneven texts still balance.
        let chunks = min(count, workers * 8)
        slots.values.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let output = buffer
            DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                let lower = count * chunk / chunks
                let upper = count * (chunk + 1) / chunks
                for index in lower..<upper {
                    output[index] = Result { try work(requests[index]) }
                }
            }
        }
        return slots.values.map { $0! }
    }
}
