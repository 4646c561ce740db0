import Foundation

/// Where each cluster's tracking lands in the stored advances (rules O7, O9).
///
/// CoreText adds a run's tracking after each of its clusters and "treats [it] as trailing whitespace": a
/// line's last cluster keeps its tracking only as hanging space, outside the line's width. The breakers
/// already leave hanging whitespace out (W4), so preparation puts each cluster's tracking where it hangs
/// exactly when the line ends after that cluster, and the breakers need no extra work:
/// * after a cluster followed by whitespace, on that whitespace (which hangs when the line breaks there);
/// * after the last cluster before a paragraph separator or the text's end, nowhere (every such cluster
///   ends a line);
/// * elsewhere on the cluster itself, as `kern` is (S3).
/// A line broken between two clusters with no whitespace (after a hyphen, between ideographs, inside a word)
/// keeps its last cluster's tracking: the one place TextFit's width exceeds CoreText's, by one tracking.
enum Tracking {
    /// Adds each tracked cluster's tracking to the advance it lands on (the styling pass, after shaping).
    static func apply(
        _ styling: Styling, count: Int, units u: UnsafeBufferPointer<UInt16>, flags: UnsafePointer<UInt8>,
        advances: UnsafeMutablePointer<Int32>
    ) {
        var run = 0
        var position = 0
        while position < count {
            var next = position + 1
            while next < count, flags[next] & PreparedText.Flag.grapheme == 0 { next += 1 }
            while run + 1 < styling.runStarts.count, styling.runStarts[run + 1] <= position { run += 1 }
            let tracking = styling.trackingUnits[Int(styling.runStyles[run])]
            if tracking != 0, let target = target(of: position, next: next, count: count, u, flags) {
                advances[target] &+= tracking
            }
            position = next
        }
    }

    /// The tracking added to the advances of `start..<end` (whole clusters), in 1/1024 pt: what a piece
    /// shaped again at a line's edge must add to equal the stored advances (`reshapedWidth`).
    static func width(
        _ start: Int, _ end: Int, styling: Styling, count: Int, units u: UnsafeBufferPointer<UInt16>,
        flags: UnsafeBufferPointer<UInt8>
    ) -> Int {
        guard let flags = flags.baseAddress else { return 0 }
        // A cluster's tracking may land on the whitespace after it: begin at the cluster before `start`.
        var position = start
        while position > 0, flags[position] & PreparedText.Flag.grapheme == 0 { position -= 1 }
        if position > 0 {
            position -= 1
            while position > 0, flags[position] & PreparedText.Flag.grapheme == 0 { position -= 1 }
        }
        var total = 0
        while position < end {
            var next = position + 1
            while next < count, flags[next] & PreparedText.Flag.grapheme == 0 { next += 1 }
            let tracking = styling.trackingUnits[Int(styling.runStyles[styling.runIndex(containing: position)])]
            if tracking != 0, let target = target(of: position, next: next, count: count, u, flags),
                target >= start, target < end
            {
                total += Int(tracking)
            }
            position = next
        }
        return total
    }

    /// Where the tracking of the cluster at `position` (the next cluster starting at `next`) lands: nil when
    /// it hangs at a paragraph's end, or the cluster is a paragraph separator.
    @inline(__always)
    private static func target(
        of position: Int, next: Int, count: Int, _ u: UnsafeBufferPointer<UInt16>, _ flags: UnsafePointer<UInt8>
    ) -> Int? {
        guard !Paragraphs.isSeparator(u[position]), next < count, !Paragraphs.isSeparator(u[next]) else { return nil }
        let space = PreparedText.Flag.space
        if flags[position] & space == 0, flags[next] & space != 0 { return next }
        return position
    }
}
