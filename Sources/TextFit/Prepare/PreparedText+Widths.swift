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
    /// guarantees shaping on either side of a safe position is unchanged by a break there).
    func width(_ start: Int, _ end: Int) -> Int {
        var memo = ReshapeMemo.disabled
        return width(start, end, memo: &memo)
    }

    /// `width(_:_:)` remembering the reshaped pieces in `memo`, so a layout that measures many lines
    /// starting or ending at the same unsafe boundary (an emergency break's probes, the line it ends and
    /// the line after it, W2) reshapes each piece once.
    func width(_ start: Int, _ end: Int, memo: inout ReshapeMemo) -> Int {
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
        if startUnsafe, let segment = segmentIndex(containing: start) {
            let limit = min(end, Int(segments[segment].end), start + Self.reshapeWindow)
            var safe = start + 1
            while safe < limit, isUnsafe(safe) { safe += 1 }
            if safe == end || !isUnsafe(safe) || safe == Int(segments[segment].end) {
                width += memo.width(start, safe) { reshapedWidth(start, safe, segment: segment) }
                from = safe
            }
        }
        if endUnsafe, from < end, let segment = segmentIndex(containing: end - 1) {
            let limit = max(from, Int(segments[segment].start), end - Self.reshapeWindow)
            var safe = end - 1
            while safe > limit, isUnsafe(safe) { safe -= 1 }
            if safe == from || !isUnsafe(safe) || safe == Int(segments[segment].start) {
                width += memo.width(safe, end) { reshapedWidth(safe, end, segment: segment) }
                to = safe
            }
        }
        return width + (to > from ? prefix[to] - prefix[from] : 0)
    }

    /// Reshaped piece widths (`reshapedWidth`) already computed during one layout, by piece: a piece lies
    /// inside one segment, so its width depends on its range alone. Four entries, replaced in turn; no
    /// allocation.
    struct ReshapeMemo {
        private var starts: (Int, Int, Int, Int) = (-1, -1, -1, -1)
        private var ends: (Int, Int, Int, Int) = (-1, -1, -1, -1)
        private var widths: (Int, Int, Int, Int) = (0, 0, 0, 0)
        private var next = 0
        private var enabled = true

        /// An empty memo.
        init() {}

        /// A memo that remembers nothing (one-off widths).
        static var disabled: ReshapeMemo {
            var memo = ReshapeMemo()
            memo.enabled = false
            return memo
        }

        /// The width of the piece `start..<end`, from the memo or from `compute`.
        @inline(__always)
        mutating func width(_ start: Int, _ end: Int, compute: () -> Int) -> Int {
            guard enabled else { return compute() }
            if starts.0 == start && ends.0 == end { return widths.0 }
            if starts.1 == start && ends.1 == end { return widths.1 }
            if starts.2 == start && ends.2 == end { return widths.2 }
            if starts.3 == start && ends.3 == end { return widths.3 }
            let width = compute()
            switch next {
            case 0: (starts.0, ends.0, widths.0) = (start, end, width)
            case 1: (starts.1, ends.1, widths.1) = (start, end, width)
            case 2: (starts.2, ends.2, widths.2) = (start, end, width)
            default: (starts.3, ends.3, widths.3) = (start, end, width)
            }
            next = (next + 1) & 3
            return width
        }
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
        let face = faces[Int(info.face)]
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
