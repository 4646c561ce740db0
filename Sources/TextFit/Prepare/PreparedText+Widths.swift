extension PreparedText {
    /// Whether a line starting or ending at `position` needs reshaping: inside a shaped segment, at a
    /// cluster HarfBuzz flags unsafe-to-break (or inside a cluster).
    @inline(__always)
    func isUnsafe(_ position: Int) -> Bool { flags[position] & Flag.unsafe != 0 }

    @inline(__always)
    func isSpace(_ position: Int) -> Bool { flags[position] & Flag.space != 0 }

    /// Exact advance width of `start..<end` in 1/1024 pt, as drawn when a line starts at `start` and ends
    /// at `end`. Pure arithmetic unless a boundary falls at an unsafe-to-break position inside a segment;
    /// then only the piece of that segment is reshaped.
    func width(_ start: Int, _ end: Int) -> Int {
        guard end > start else { return 0 }
        let startUnsafe = isUnsafe(start)
        let endUnsafe = end < units.count && isUnsafe(end)
        var width = prefix[end] - prefix[start]
        if !startUnsafe && !endUnsafe { return width }
        let first = segmentIndex(containing: start)
        let last = segmentIndex(containing: end - 1)
        if first == last, let segment = first {
            return reshapedWidth(start, end, segment: segment)
        }
        if startUnsafe, let first {
            let segmentEnd = Int(segments[first].end)
            width += reshapedWidth(start, segmentEnd, segment: first) - (prefix[segmentEnd] - prefix[start])
        }
        if endUnsafe, let last {
            let segmentStart = Int(segments[last].start)
            width += reshapedWidth(segmentStart, end, segment: last) - (prefix[end] - prefix[segmentStart])
        }
        return width
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
        guard let font = FontCatalog.shared.harfBuzzFont(face: face, scale: self.font.scale) else {
            return prefix[end] - prefix[start]
        }
        var slice = units[start..<end]
        ShapingText.substituteControls(&slice)
        let script = info.script == HarfBuzzScript.common ? 0 : info.script
        let shaped = SegmentShaper.shape(slice, face: face, scale: self.font.scale, script: script, font: font)
        return shaped.advances.reduce(0) { $0 + Int($1) }
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
