import Foundation
import Testing
@testable import TextFit

/// A thread keeps the last line-records buffer it made as a spare and the next layout takes it again
/// when nothing else holds it (`LineRecords.Storage.make(minimumCapacity:)`). These tests check that a
/// layout still alive never sees its lines change, and that reused buffers give the same lines as the
/// general breaker, which never reuses one (W2, T4: the fast path's answers, `DifferentialBreakerTests`).
@Suite struct LineRecordsSpareTests {
    static let text = String(repeating: "Spare buffers hold lines of many widths, then others. ", count: 20)

    /// The ranges of `prepared`'s lines at `width` through the general breaker.
    static func expected(_ prepared: PreparedText, _ width: CGFloat, lines: Int = 0) throws -> [Range<Int>] {
        try prepared.layout(
            width: width, numberOfLines: lines, lineBreakMode: lines > 0 ? .byTruncatingTail : .byWordWrapping,
            lineBreakStrategy: [], lastLineMaxWidth: nil, fastPath: false
        ).lines.map(\.range)
    }

    /// Layouts kept alive while others are made on the same thread keep their lines; once dropped, their
    /// buffers come back as spares and the later layouts still match the general breaker.
    @Test func aLiveLayoutKeepsItsLinesWhileLaterOnesReuseBuffers() throws {
        let prepared = PreparedText(Self.text, font: try Fixtures.font())
        let widths: [CGFloat] = [60, 120, 90, 300, 45, 200]
        var kept: [TextLayout] = []
        for width in widths {
            let layout = try prepared.layout(width: width)
            #expect(layout.lines.count > LineRecords.inlineCapacity, "in a buffer at \(width)")
            #expect(layout.lines.map(\.range) == (try Self.expected(prepared, width)), "at \(width)")
            kept.append(layout)
        }
        for (layout, width) in zip(kept, widths) {
            #expect(layout.lines.map(\.range) == (try Self.expected(prepared, width)), "kept at \(width)")
        }
        kept.removeAll()
        // Dropped: each layout now takes the spare the one before left, wider and narrower in turn.
        for width in widths + widths.reversed() {
            let layout = try prepared.layout(width: width, numberOfLines: 9, lineBreakMode: .byTruncatingTail)
            #expect(layout.lines.map(\.range) == (try Self.expected(prepared, width, lines: 9)), "at \(width)")
            let copy = layout
            let next = try prepared.layout(width: width + 7)
            let nextExpected = try Self.expected(prepared, width + 7)
            #expect(copy == layout && next.lines.map(\.range) == nextExpected)
        }
    }

    /// Layouts made on other threads, each with its own spare, and read on this one.
    @Test func layoutsMadeOnOtherThreadsKeepTheirLines() async throws {
        let prepared = PreparedText(Self.text, font: try Fixtures.font())
        let widths: [CGFloat] = [50, 80, 110, 140, 170, 230, 260, 290]
        let layouts = try await withThrowingTaskGroup(of: (CGFloat, [TextLayout]).self) { group in
            for width in widths {
                group.addTask { (width, try (0..<20).map { step in try prepared.layout(width: width + CGFloat(step % 2)) }) }
            }
            return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
        }
        for width in widths {
            for (step, layout) in (layouts[width] ?? []).enumerated() {
                let at = width + CGFloat(step % 2)
                #expect(layout.lines.map(\.range) == (try Self.expected(prepared, at)), "at \(at)")
            }
        }
    }
}
