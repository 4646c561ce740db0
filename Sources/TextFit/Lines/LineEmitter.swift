/// Holds back a paragraph's last two lines for push-out (W6) when the strategy asks for it, and passes
/// every other line straight to the sink: `FastBreaker`'s form of `LineBreaker.run(into:)`'s `produce` and
/// `finishParagraph` closures.
struct LineEmitter<Sink: LineSink>: LineOutput {
    var sink: Sink
    let holdsBack: Bool
    var produced = 0
    var previous: BrokenLine?
    var last: BrokenLine?

    @inline(__always)
    mutating func produce(_ line: BrokenLine) {
        if holdsBack {
            if let previous { sink.append(previous) }
            previous = last
            last = line
        } else {
            sink.append(line)
        }
        produced &+= 1  // at most one line per UTF-16 unit
    }
}
