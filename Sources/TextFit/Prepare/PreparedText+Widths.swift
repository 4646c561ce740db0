extension PreparedText {
    /// Whether a line starting or ending at `position` needs reshaping: inside a shaped segment, at a
    /// cluster HarfBuzz flags unsafe-to-break (or inside a cluster).
    @inline(__always)
    func isUnsafe(_ position: Int) -> Bool { flags[position] & Flag.unsafe != 0 }

    @inline(__always)
    func isSpace(_ position: Int) -> Bool { flags[position] & Flag.space != 0 }

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
        let endUnsafe = end < units.count && isUnsafe(end)
        if !startUnsafe && !endUnsafe { return prefix[end] - prefix[start] }
        // The pieces to reshape: [start, safeAfterStart) and [safeBeforeEnd, end), each within a segment.
        var from = start
        var to = end
        var width = 0
        if startUnsafe {
            if remembering, let piece = reshapedPieces.piece(at: start, .start), piece.otherEnd <= end {
                width += piece.width
                from = piece.otherEnd
            } else if let segment = segmentIndex(containing: start) {
                let segmentEnd = Int(segments[segment].end)
                let limit = min(end, segmentEnd, start + Self.reshapeWindow)
                var safe = start + 1
                while safe < limit, isUnsafe(safe) { safe += 1 }
                // A piece ending at a safe position or at its segment's end is the same for any line end
                // at or after it; one cut short by `end` or by the window is not kept.
                let natural = !isUnsafe(safe) || safe == segmentEnd
                if safe == end || natural {
                    let pieceWidth = reshapedWidth(start, safe, segment: segment)
                    if remembering && natural { reshapedPieces.store(at: start, .start, otherEnd: safe, width: pieceWidth) }
                    width += pieceWidth
                    from = safe
                }
            }
        }
        if endUnsafe, from < end {
            if remembering, let piece = reshapedPieces.piece(at: end, .end), piece.otherEnd >= from {
                width += piece.width
                to = piece.otherEnd
            } else if let segment = segmentIndex(containing: end - 1) {
                let segmentStart = Int(segments[segment].start)
                let limit = max(from, segmentStart, end - Self.reshapeWindow)
                var safe = end - 1
                while safe > limit, isUnsafe(safe) { safe -= 1 }
                let natural = !isUnsafe(safe) || safe == segmentStart
                if safe == from || natural {
                    let pieceWidth = reshapedWidth(safe, end, segment: segment)
                    if remembering && natural { reshapedPieces.store(at: end, .end, otherEnd: safe, width: pieceWidth) }
                    width += pieceWidth
                    to = safe
                }
            }
        }
        return width + (to > from ? prefix[to] - prefix[from] : 0)
    }

    /// The index of the segment holding `position`, if any (separators belong to none).
    func segmentIndex(containing position: Int) -> Int? {
        var low = 0
        var high = segments.count
        while low < high {
            let mid = (low + high) / 2
            if Int(segments[mid].end) <= position { low = mid + 1 } else { high = mid }
        }
        guard low < segments.count, Int(segments[low].start) <= position else { return nil }
        return low
    }

    private func reshapedWidth(_ start: Int, _ end: Int, segment: Int) -> Int {
        let info = segments[segment]
        let face = face(Int(info.face))
        let scale = font.scale
        let script = info.script == HarfBuzzScript.common ? 0 : info.script
        let count = end - start
        // Relayout reshapes often (each emergency-break probe at an unsafe boundary, W2), so shape into
        // temporary buffers (pieces are at most `reshapeWindow` units: on the stack) rather than through
        // arrays, which would allocate two per call; `SegmentShaper.shape` asks the segment cache before
        // looking up the sized HarfBuzz font (a lock and a dictionary look-up). Same advances.
        return withUnsafeTemporaryAllocation(of: UInt16.self, capacity: count) { text in
            for i in 0..<count {
                let unit = units[start + i]
                text.initializeElement(at: i, to: ShapingText.isSubstituted(unit) ? ShapingText.substitute(unit) : unit)
            }
            return withUnsafeTemporaryAllocation(of: Int32.self, capacity: count) { advances in
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { flags in
                    let key = SegmentCache.Key(face: face.id, scale: scale, script: script, text: UnsafeBufferPointer(text))
                    let result = SegmentShaper.shape(key, advances: advances.baseAddress!, flags: flags.baseAddress!) {
                        FontCatalog.shared.harfBuzzFont(face: face, scale: scale)
                    }
                    guard result != .nothing else { return prefix[end] - prefix[start] }
                    var width = 0
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
        var low = 0
        var high = graphemes.count
        while low < high {
            let mid = (low + high) / 2
            if Int(graphemes[mid]) < position { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// Index into `breaks` of the first opportunity > `position`.
    func breakIndex(after position: Int) -> Int {
        var low = 0
        var high = breaks.count
        while low < high {
            let mid = (low + high) / 2
            if Int(breaks[mid]) <= position { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
