/// Read-only views of a prepared text's arrays for `FastBreaker.run`: no bounds checks and no
/// reference counting per access. Valid only inside `PreparedText.withFastView(_:)`.
struct FastView {
    let prefix: UnsafePointer<Int>
    let flags: UnsafePointer<UInt8>
    let breaks: UnsafePointer<Int32>
    let visiblePrefix: UnsafePointer<Int>
    /// `prefix[breaks[j]]`: the prefix sum at each opportunity.
    let breakPrefix: UnsafePointer<Int>
    let breakEnds: UnsafePointer<UInt32>
    let graphemes: ClusterStartsView
    let unitCount: Int
    let graphemeCount: Int

    @inline(__always)
    func isUnsafe(_ position: Int) -> Bool { flags[position] & PreparedText.Flag.unsafe != 0 }

    /// `PreparedText.trimmedEnd(_:notBefore:)`: `end` moved back over hanging whitespace (W4).
    @inline(__always)
    func trimmedEnd(_ end: Int, notBefore start: Int) -> Int {
        var position = end
        while position > start, flags[position - 1] & PreparedText.Flag.space != 0 { position -= 1 }
        return position
    }

    /// `PreparedText.graphemeIndex(atOrAfter:)`: the index of the first grapheme boundary ≥ `position`
    /// (0...unitCount). Boundaries are distinct offsets from 0, so `graphemes[i] ≥ i` and the answer is at
    /// most `position`; search down from there: one step when every unit so far starts a cluster.
    @inline(__always)
    func graphemeIndex(atOrAfter position: Int) -> Int {
        if let base = graphemes.base { return graphemeIndex(atOrAfter: position, StoredClusterBoundaries(base: base)) }
        return graphemeIndex(atOrAfter: position, UnitClusterBoundaries())
    }

    /// `graphemeIndex(atOrAfter:)` with boundaries read as `C` reads them (`ClusterBoundaries`).
    @inline(__always)
    func graphemeIndex<C: ClusterBoundaries>(atOrAfter position: Int, _ graphemes: C) -> Int {
        // A comparison, not `min`: the generic `min` stayed a call here (callgrind).
        let lastIndex = graphemeCount &- 1
        var high = position < lastIndex ? position : lastIndex  // graphemes[high] ≥ position
        guard high > 0, Int(graphemes[high - 1]) >= position else { return high }
        // Gallop down to a boundary below `position`, then binary search.
        var step = 2
        var low = high - 1
        high = low
        while true {
            let next = low - step
            if next <= 0 { low = 0; break }
            if Int(graphemes[next]) < position { low = next; break }
            high = next
            step *= 2
        }
        // graphemes[high] ≥ position; the answer is in (low, high], or 0.
        if low == 0, Int(graphemes[0]) >= position { return 0 }
        // Bracketed (graphemes[low] < position ≤ graphemes[high]) rather than `partitionPoint` over
        // low + 1..<high, which probes other midpoints and costs relayout more instructions (callgrind).
        while high - low > 1 {
            let mid = (low + high) / 2
            if Int(graphemes[mid]) < position { low = mid } else { high = mid }
        }
        return high
    }

    /// `PreparedText.graphemeBoundary(before:)`.
    @inline(__always)
    func graphemeBoundary(before position: Int) -> Int {
        Int(graphemes[max(0, graphemeIndex(atOrAfter: position) - 1)])
    }
}

extension PreparedText {
    /// Calls `body` with unsafe views of the arrays the fast path reads; the views must not escape.
    @inline(__always)
    func withFastView<Result>(_ body: (FastView) -> Result) -> Result {
        // The storage's raw buffers (not `StoredArray`s, whose owner would be retained per call): `self`
        // keeps them alive for the call.
        let s = storage
        // prefix and flags are never empty (count + 1 entries), nor are the boundaries (0...count); the break
        // arrays may be, and then no index into them is formed.
        return body(
            FastView(
                prefix: s.prefixBuffer.baseAddress!, flags: s.flagsBuffer.baseAddress!,
                breaks: s.breaksBuffer.baseAddress ?? UnsafePointer(bitPattern: 8)!,
                visiblePrefix: s.breakVisiblePrefixBuffer.baseAddress ?? UnsafePointer(bitPattern: 8)!,
                breakPrefix: s.breakPrefixBuffer.baseAddress ?? UnsafePointer(bitPattern: 8)!,
                breakEnds: s.breakEndsBuffer.baseAddress ?? UnsafePointer(bitPattern: 8)!,
                graphemes: s.graphemes, unitCount: s.unitsBuffer.count, graphemeCount: s.graphemeCount))
    }
}
