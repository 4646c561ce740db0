import Foundation

// The pass's stage 5b (rule D8): a text that may run right to left has its segments cut where the bidi
// level changes, before they are shaped.
extension PreparedText.Pass {
    /// Resolves the text's bidi levels (UAX #9, ICU, for `baseWritingDirection`) and cuts every segment
    /// at each cluster boundary inside it where the level changes, so each piece is shaped within one
    /// level run: as drawing shapes it (`placedBidiGlyphs` shapes each directional run apart) and as
    /// CoreText and Pango shape it (a run, an item, never crosses a level change). Without the cut a
    /// segment such as "Twitter." in a right-to-left paragraph ("." takes the paragraph's level 1, the
    /// word level 2) was measured with the font's "r." kern pair and drawn without it.
    ///
    /// Only shaping is cut: opportunities, clusters and paragraphs stay the pass's (a level change is
    /// not a break opportunity). A level change inside a cluster (which the algorithm never makes but
    /// for characters rule X9 removes) cuts nothing: a cluster is shaped whole. The levels are kept
    /// (`bidi`), so the text never resolves them again.
    ///
    /// Runs only when `mayBeRightToLeft` or the base direction is right to left; a text with no unit to
    /// resolve (`BidiLevels.needsResolution`) keeps its segments and remembers it has no levels.
    @inline(never)
    mutating func cutAtLevelChanges(_ u: UnsafeBufferPointer<UInt16>, _ flags: UnsafeMutablePointer<UInt8>) {
        guard BidiLevels.needsResolution(u, baseWritingDirection: baseWritingDirection) else {
            bidi = Unmanaged.passRetained(BidiMemo(levels: nil))
            return
        }
        let resolved = BidiLevels(utf16: Array(u), baseWritingDirection: baseWritingDirection)
        bidi = Unmanaged.passRetained(BidiMemo(levels: resolved))
        resolved.levels.withUnsafeBufferPointer { levels in
            func cuts(at position: Int) -> Bool {
                levels[position] != levels[position - 1] && flags[position] & Flag.grapheme != 0
            }
            var added = 0
            for index in 0..<segmentCount {
                let segment = segments[index]
                for position in (Int(segment.start) + 1)..<Int(segment.end) where cuts(at: position) { added += 1 }
            }
            guard added > 0 else { return }
            // In place from the back: every piece holds at least one unit, so they fit the buffer's slot
            // per unit, and each is written at or after the slot its segment is read from.
            var write = segmentCount + added
            for index in stride(from: segmentCount - 1, through: 0, by: -1) {
                var piece = segments[index]
                let start = Int(piece.start)
                var end = Int(piece.end)
                var position = end - 1
                while position > start {
                    if cuts(at: position) {
                        write -= 1
                        piece.start = Int32(truncatingIfNeeded: position)
                        piece.end = Int32(truncatingIfNeeded: end)
                        segments[write] = piece
                        flags[position] |= Flag.segmentStart
                        end = position
                    }
                    position -= 1
                }
                write -= 1
                piece.start = Int32(truncatingIfNeeded: start)
                piece.end = Int32(truncatingIfNeeded: end)
                segments[write] = piece
            }
            segmentCount += added
        }
    }
}
