extension PreparedText {
    /// Whether a line starting or ending at `position` needs reshaping: inside a shaped segment, at a
    /// cluster HarfBuzz flags unsafe-to-break (or inside a cluster).
    @inline(__always)
    func isUnsafe(_ position: Int) -> Bool { flags[position] & Flag.unsafe != 0 }

    @inline(__always)
    func isSpace(_ position: Int) -> Bool { flags[position] & Flag.space != 0 }

    /// How far past its limit an emergency break looks for a longer piece that fits once reshaped (W2):
    /// one em of the largest font in the text, in units. A piece's stored and reshaped widths differ by the
    /// forms or ligatures at its ends, less than an em (Arabic's isolated letters: up to 0.75 em in Noto Sans).
    /// Computed once, when the text is prepared (`emergencyReach`, the stored field): the breakers read it
    /// on every emergency break, where the walk over the styles and a retain of the font cost 10–15
    /// instructions a call (callgrind, `latin` set: about two emergency breaks a width).
    static func emergencyReach(font: Font, styling: Styling?) -> Int {
        var size = font.pointSize
        if let styling { for style in styling.styles { size = max(size, style.font.pointSize) } }
        return Units.floor(Double(size))
    }

    /// How far reshaping looks for a safe-to-break position around an unsafe boundary. Text with no safe
    /// position for this long (a pathological run of kerned pairs) falls back to the stored advances,
    /// keeping layout linear.
    static let reshapeWindow = 256

    /// Exact advance width of `start..<end` in 1/1024 pt, as drawn when a line starts at `start` and ends
    /// at `end`. Pure arithmetic unless a boundary falls at an unsafe-to-break position inside a segment;
    /// then only the piece between that boundary and the nearest safe position is reshaped (HarfBuzz
    /// guarantees shaping on either side of a safe position is unchanged by a break there), once per text:
    /// `reshapedPieces` remembers it for every later layout.
    func width(_ start: Int, _ end: Int) -> Int {
        width(start, end, remembering: true)
    }

    /// `width(_:_:)`, optionally without `reshapedPieces` (tests compare the two).
    func width(_ start: Int, _ end: Int, remembering: Bool) -> Int {
        #if DEBUG
        OperationCounts.current?.widths += 1  // complexity tests (LinearTimeTests); compiled out in release
        #endif
        guard end > start else { return 0 }
        let startUnsafe = isUnsafe(start)
        let endUnsafe = end < utf16Count && isUnsafe(end)
        if !startUnsafe && !endUnsafe { return prefix[end] - prefix[start] }
        // The pieces to reshape: [start, safeAfterStart) and [safeBeforeEnd, end), each within a segment.
        var from = start
        var to = end
        var width = 0
        if startUnsafe, let piece = piece(at: start, .start, bound: end, remembering: remembering) {
            width += piece.width
            from = piece.otherEnd
        }
        if endUnsafe, from < end, let piece = piece(at: end, .end, bound: from, remembering: remembering) {
            width += piece.width
            to = piece.otherEnd
        }
        return width + (to > from ? prefix[to] - prefix[from] : 0)
    }

    /// The piece `width(_:_:)` reshapes for every line starting (`.start`) or ending (`.end`) at unsafe
    /// `position` that covers it: its other end and width, remembered; nil when it has none that does not
    /// depend on the line's other end (a run of unsafe positions longer than `reshapeWindow`, no segment).
    /// For `HyphenPoints`, made while preparing.
    func naturalPiece(at position: Int, _ end: ReshapedPieces.End) -> (otherEnd: Int, width: Int)? {
        // With the text's own end as the bound, a piece is found only where it stops naturally (at a safe
        // position or its segment's edge), which is the one any covering line uses.
        piece(at: position, end, bound: end == .start ? utf16Count : 0, remembering: true)
    }

    /// The reshaped piece between unsafe `position` and the nearest safe position toward `bound` (after it
    /// for a line starting at `position`, before it for a line ending there), within the position's
    /// segment and `reshapeWindow`: its other end and width, or nil when none is found (no segment, or a
    /// run of unsafe positions longer than the window: the stored advances are used).
    private func piece(
        at position: Int, _ end: ReshapedPieces.End, bound: Int,
        remembering: Bool
    ) -> (otherEnd: Int, width: Int)? {
        let forward = end == .start
        if remembering, let piece = reshapedPieces.piece(at: position, end),
            forward ? piece.otherEnd <= bound : piece.otherEnd >= bound
        {
            return piece
        }
        guard let segment = segmentIndex(containing: forward ? position : position - 1) else { return nil }
        let segmentEdge = Int(forward ? segments[segment].end : segments[segment].start)
        var safe: Int
        if forward {
            let limit = min(bound, segmentEdge, position + Self.reshapeWindow)
            safe = position + 1
            while safe < limit, isUnsafe(safe) { safe += 1 }
        } else {
            let limit = max(bound, segmentEdge, position - Self.reshapeWindow)
            safe = position - 1
            while safe > limit, isUnsafe(safe) { safe -= 1 }
        }
        // A piece that stops at a safe position or at its segment's edge is the same for any line that
        // covers it, so it is remembered; one cut short by `bound` is used but not kept.
        let natural = !isUnsafe(safe) || safe == segmentEdge
        guard safe == bound || natural else { return nil }
        let width =
            forward ? reshapedWidth(position, safe, segment: segment) : reshapedWidth(safe, position, segment: segment)
        if remembering && natural { reshapedPieces.store(at: position, end, otherEnd: safe, width: width) }
        return (safe, width)
    }

    /// The index of the segment holding `position`, if any (separators belong to none).
    func segmentIndex(containing position: Int) -> Int? {
        let low = partitionPoint(from: 0, to: segments.count) { Int(segments[$0].end) > position }
        guard low < segments.count, Int(segments[low].start) <= position else { return nil }
        return low
    }

    private func reshapedWidth(_ start: Int, _ end: Int, segment: Int) -> Int {
        let info = segments[segment]
        let (face, scale) = shapingFace(of: info)
        let script = info.script == HarfBuzzScript.common ? 0 : info.script
        let count = end - start
        // Relayout reshapes often (each emergency-break probe at an unsafe boundary, W2), so shape into
        // temporary buffers (pieces are at most `reshapeWindow` units: on the stack) rather than through
        // arrays, which would allocate two per call; `SegmentShaper.shape` asks the segment cache before
        // looking up the sized HarfBuzz font (a lock and a dictionary look-up), and substitutes controls
        // for HarfBuzz only on a miss (the key is the text as written). Same advances.
        return units.withUnsafeBufferPointer { units in
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: count) { advances in
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { flags in
                    let text = UnsafeBufferPointer(rebasing: units[start..<end])
                    let result = SegmentShaper.shape(
                        text, face: face, scale: scale, script: script,
                        advances: advances.baseAddress!, flags: flags.baseAddress!)
                    guard result != .nothing else { return prefix[end] - prefix[start] }
                    var width = kernWidth(start, end, segment: info)
                    if let styling, styling.hasTracking {
                        width += Tracking.width(
                            start, end, styling: styling, count: units.count, units: units,
                            flags: storage.flagsBuffer)
                    }
                    for i in 0..<count { width += Int(advances[i]) }
                    return width
                }
            }
        }
    }

    /// `end` moved back over hanging whitespace (rule W4), not before `start`.
    func trimmedEnd(_ end: Int, notBefore start: Int) -> Int {
        var position = end
        while position > start, isSpace(position - 1) { position -= 1 }
        return position
    }

    /// `start` moved forward over whitespace, not past `end` (the visible start of a head-truncated suffix).
    func trimmedStart(_ start: Int, notAfter end: Int) -> Int {
        var position = start
        while position < end, isSpace(position) { position += 1 }
        return position
    }

    /// Index into `graphemes` of the first boundary ≥ `position`.
    func graphemeIndex(atOrAfter position: Int) -> Int {
        partitionPoint(from: 0, to: graphemes.count) { Int(graphemes[$0]) >= position }
    }

    /// The grapheme boundary before the one at or after `position` (0 at the start): where a line that
    /// would end at `position` ends one cluster earlier.
    func graphemeBoundary(before position: Int) -> Int {
        Int(graphemes[max(0, graphemeIndex(atOrAfter: position) - 1)])
    }

    /// Index into `breaks` of the first opportunity > `position`.
    func breakIndex(after position: Int) -> Int {
        partitionPoint(from: 0, to: breaks.count) { Int(breaks[$0]) > position }
    }
}
