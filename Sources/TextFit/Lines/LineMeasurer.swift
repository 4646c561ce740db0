/// Keeps only counts and widths (for `measure`): no allocation per line.
struct LineMeasurer: LineSink {
    static var isHeldInLoop: Bool { true }
    var count = 0
    var widest = 0
    var widestWithWhitespace = 0
    mutating func append(_ line: BrokenLine) {
        count &+= 1  // at most one line per UTF-16 unit
        widest = max(widest, line.width)
        widestWithWhitespace = max(widestWithWhitespace, line.widthWithWhitespace)
    }
}
