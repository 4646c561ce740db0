/// A hyphenated text's line-end data per hyphenation point, for the fast breaker's hyphenated line loop
/// (`FastBreaker.hyphenLines`, issue 31): width-independent, so made once when the text is prepared.
///
/// A line that ends at a point inside a word, or starts at one (the line after a hyphenated line), is
/// measured by `PreparedText.width` with the piece between the point and the nearest safe position
/// reshaped when HarfBuzz flags the point unsafe to break (a kerned pair). That piece does not depend on
/// the line's other end as long as the line covers it, so its difference from the stored advances is
/// stored here: the exact width of a line from a point to another end is then arithmetic over the prefix
/// sums, with the same integers `width` gives. Lines whose pieces overlap, points without a natural piece
/// (a run of unsafe positions longer than `PreparedText.reshapeWindow`, outside a segment) and points that
/// are not cluster boundaries are marked, and the loop hands those lines to the general code.
final class HyphenPoints: @unchecked Sendable {
    /// One hyphenation point.
    struct Point {
        /// Its UTF-16 offset (`Hyphenation.positions`).
        var position: Int32
        /// For a line ending here: where its reshaped piece starts (the position itself when safe). The
        /// stored formula holds for a line whose start piece ends at or before it; −1: never (the general
        /// code measures such lines).
        var endPieceStart: Int32
        /// For a line starting here: where its reshaped piece ends (the position itself when safe). The
        /// stored formula holds for line ends at or after it; `Int32.max`: never.
        var startPieceEnd: Int32
        /// `prefix[position]` + the end piece's difference + the shown hyphen's advance (H2): the line from
        /// a start with base `b` to here, hyphen included, is `fitPrefix − b` wide, so it fits a width `w`
        /// ⇔ `fitPrefix ≤ b + w`. `Int.max` for an author's soft hyphen (H3 takes dictionary points only)
        /// and `Int.min` for a point with no formula (so the loop's fit test reaches the validity test).
        var fitPrefix: Int
        /// `prefix[position]` − the start piece's difference: the base of a line starting here.
        var startBase: Int
    }

    /// `Hyphenation.positions.count` points, in order.
    let points: UnsafeMutablePointer<Point>
    let count: Int
    /// `Hyphenation.firstAtBreak`, flat.
    let firstAtBreak: UnsafeMutablePointer<Int32>
    /// `Hyphenation.factor` (1/1024).
    let factor: Int

    /// The table for `text`, whose paragraph settings hold `hyphenation`; nil when a point lies at a
    /// paragraph's end (its line would show a hyphen there, which the loop's last line does not look for).
    static func make(_ text: PreparedText, _ hyphenation: Hyphenation) -> HyphenPoints? {
        let storage = text.storage
        let prefix = storage.prefixBuffer
        let flags = storage.flagsBuffer
        let count = hyphenation.positions.count
        var ends = Set<Int>()
        for paragraph in storage.paragraphsBuffer { ends.insert(paragraph.end) }
        var made: [Point] = []
        made.reserveCapacity(count)
        for index in 0..<count {
            let position = Int(hyphenation.positions[index])
            if ends.contains(position) { return nil }
            var point = Point(
                position: Int32(position), endPieceStart: Int32(position), startPieceEnd: Int32(position),
                fitPrefix: hyphenation.fromDictionary[index]
                    ? prefix[position] + Int(hyphenation.widths[index]) : Int.max,
                startBase: prefix[position])
            let valid =
                position > 0 && position < text.utf16Count && flags[position] & PreparedText.Flag.grapheme != 0
                && flags[position - 1] & PreparedText.Flag.space == 0
            if !valid {
                point.endPieceStart = -1
                point.startPieceEnd = Int32.max
                point.fitPrefix = Int.min
            } else if text.isUnsafe(position) {
                if let piece = text.naturalPiece(at: position, .end) {
                    point.endPieceStart = Int32(piece.otherEnd)
                    if point.fitPrefix != Int.max {
                        point.fitPrefix += piece.width - (prefix[position] - prefix[piece.otherEnd])
                    }
                } else {
                    point.endPieceStart = -1
                    point.fitPrefix = Int.min
                }
                if let piece = text.naturalPiece(at: position, .start) {
                    point.startPieceEnd = Int32(piece.otherEnd)
                    point.startBase -= piece.width - (prefix[piece.otherEnd] - prefix[position])
                } else {
                    point.startPieceEnd = Int32.max
                }
            }
            made.append(point)
        }
        return HyphenPoints(made, firstAtBreak: hyphenation.firstAtBreak, factor: hyphenation.factor)
    }

    private init(_ made: [Point], firstAtBreak: [Int32], factor: Int) {
        count = made.count
        points = .allocate(capacity: max(1, made.count))
        points.initialize(from: made, count: made.count)
        self.firstAtBreak = .allocate(capacity: max(1, firstAtBreak.count))
        self.firstAtBreak.initialize(from: firstAtBreak, count: firstAtBreak.count)
        self.factor = factor
    }

    deinit {
        points.deinitialize(count: count)
        points.deallocate()
        firstAtBreak.deallocate()
    }

    /// The index of the point at `position`, or −1.
    func index(of position: Int) -> Int {
        var low = 0
        var high = count
        while low < high {
            let mid = (low + high) / 2
            if Int(points[mid].position) < position { low = mid + 1 } else { high = mid }
        }
        return low < count && Int(points[low].position) == position ? low : -1
    }
}
