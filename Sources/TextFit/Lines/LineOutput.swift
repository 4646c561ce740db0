/// Where the fast path's line loop puts each line.
protocol LineOutput {
    mutating func produce(_ line: BrokenLine)
}

/// Every line straight to the sink (`commonLines` with a sink it holds in locals).
struct DirectOutput<Sink: LineSink>: LineOutput {
    var sink: Sink

    @inline(__always)
    mutating func produce(_ line: BrokenLine) { sink.append(line) }
}
