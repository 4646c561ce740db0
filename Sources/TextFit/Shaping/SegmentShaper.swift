/// Shapes one segment (text with one face and script and no break opportunity inside) through the
/// segment cache.
enum SegmentShaper {
    /// Shapes `text` with `font` (a sized HarfBuzz font for `face`), consulting the cache for short segments.
    static func shape(_ text: ArraySlice<UInt16>, face: Face, scale: Int32, script: UInt32,
                      font: HarfBuzzFont) -> ShapedSegment {
        let cacheable = text.count <= SegmentCache.maximumCachedLength
        var key: SegmentCache.Key?
        if cacheable {
            let k = SegmentCache.Key(face: face.id, scale: scale, script: script, text: text)
            if let hit = SegmentCache.lookup(k) { return hit }
            key = k
        }
        let shaped = shapeUncached(text, script: script, font: font)
        if let key { SegmentCache.insert(key, shaped) }
        return shaped
    }

    static func shapeUncached(_ text: ArraySlice<UInt16>, script: UInt32, font: HarfBuzzFont) -> ShapedSegment {
        var advances = [Int32](repeating: 0, count: text.count)
        var flags = [UInt8](repeating: 0, count: text.count)
        let ok = text.withUnsafeBufferPointer { input in
            advances.withUnsafeMutableBufferPointer { a in
                flags.withUnsafeMutableBufferPointer { f in
                    font.shape(input, script: script, advances: a, flags: f)
                }
            }
        }
        if !ok {
            // HarfBuzz could not allocate its buffer: fall back to each scalar's nominal advance so the
            // answer stays close instead of silently zero.
            var i = text.startIndex
            while i < text.endIndex {
                let unit = text[i]
                var scalar = UInt32(unit)
                var length = 1
                if UTF16.isLeadSurrogate(unit), i + 1 < text.endIndex, UTF16.isTrailSurrogate(text[i + 1]) {
                    scalar = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(text[i + 1]) - 0xDC00)
                    length = 2
                }
                let design = font.face.designAdvance(of: scalar)
                let upem = max(1, Int(font.face.metrics.units_per_em))
                advances[i - text.startIndex] = Int32(clamping: design * Int(font.scale) / upem)
                i += length
            }
        }
        return ShapedSegment(advances: advances, flags: flags)
    }
}
