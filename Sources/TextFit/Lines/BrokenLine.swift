/// A line as the breaker produced it, in UTF-16 offsets and 1/1024 pt.
struct BrokenLine: Sendable, Equatable {
    /// Source range the line covers: from its start to its break (trailing whitespace included), or for a
    /// truncated line to where the visible source text stops.
    var start: Int
    var end: Int
    /// Source range drawn (before the ellipsis for middle truncation).
    var visible: Range<Int>
    /// Source range drawn after a middle ellipsis (empty otherwise).
    var suffix: Range<Int> = 0..<0
    /// Width without hanging whitespace (W4), ellipsis included.
    var width: Int
    /// Width with the hanging whitespace.
    var widthWithWhitespace: Int
    /// Where the ellipsis sits, if the line is truncated with one.
    var ellipsis: EllipsisPlacement?
    /// The line was cut at the edge (clipping) or truncated.
    var isCut: Bool
}
