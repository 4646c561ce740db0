/// Receives lines as the breaker produces them, so measuring needs no array of lines.
protocol LineSink {
    /// An empty sink. The fast path swaps one in for the sink it fills while its line loop keeps that
    /// sink in local variables (`FastBreaker.commonLines`).
    init()
    mutating func append(_ line: BrokenLine)
    /// Whether that loop should hold this sink in locals: for a few counters updated per line (measuring),
    /// not for a sink that stores each line in memory anyway, whose move in and out would cost more.
    static var isHeldInLoop: Bool { get }
}

extension LineSink {
    static var isHeldInLoop: Bool { false }
}
