/// Shapes one segment (text with one face and script and no break opportunity inside) through the
/// segment cache.
enum SegmentShaper {
    /// Writes the advances and flags of `text` shaped with `font` (a sized HarfBuzz font for `face`) into
    /// `advances` and `flags` (each `text.count` long), from the cache when it has them.
    /// `text` is what HarfBuzz sees (controls already substituted, `ShapingText`).
    static func shape(_ text: UnsafeBufferPointer<UInt16>, face: Face, scale: Int32, script: UInt32,
                      font: HarfBuzzFont, advances: UnsafeMutablePointer<Int32>, flags: UnsafeMutablePointer<UInt8>) {
        guard text.count > 0 else { return }
        if text.count <= SegmentCache.maximumCachedLength {
            let key = SegmentCache.Key(face: face.id, scale: scale, script: script, text: text)
            if SegmentCache.lookup(key, advances: advances, flags: flags) { return }
            shapeUncached(text, script: script, font: font, advances: advances, flags: flags)
            SegmentCache.insert(key, advances: advances, flags: flags)
        } else {
            shapeUncached(text, script: script, font: font, advances: advances, flags: flags)
        }
    }

    /// `shape` into new arrays (the rare reshaping path and tests).
    static func shape(_ text: ArraySlice<UInt16>, face: Face, scale: Int32, script: UInt32, font: HarfBuzzFont) -> ShapedSegment {
        var result = ShapedSegment(advances: [Int32](repeating: 0, count: text.count), flags: [UInt8](repeating: 0, count: text.count))
        guard !text.isEmpty else { return result }
        text.withUnsafeBufferPointer { input in
            result.advances.withUnsafeMutableBufferPointer { a in
                result.flags.withUnsafeMutableBufferPointer { f in
                    shape(input, face: face, scale: scale, script: script, font: font, advances: a.baseAddress!, flags: f.baseAddress!)
                }
            }
        }
        return result
    }

    /// HarfBuzz alone, no cache, into new arrays (tests).
    static func shapeUncached(_ text: ArraySlice<UInt16>, script: UInt32, font: HarfBuzzFont) -> ShapedSegment {
        var result = ShapedSegment(advances: [Int32](repeating: 0, count: text.count), flags: [UInt8](repeating: 0, count: text.count))
        guard !text.isEmpty else { return result }
        text.withUnsafeBufferPointer { input in
            result.advances.withUnsafeMutableBufferPointer { a in
                result.flags.withUnsafeMutableBufferPointer { f in
                    shapeUncached(input, script: script, font: font, advances: a.baseAddress!, flags: f.baseAddress!)
                }
            }
        }
        return result
    }

    static func shapeUncached(_ text: UnsafeBufferPointer<UInt16>, script: UInt32, font: HarfBuzzFont,
                              advances: UnsafeMutablePointer<Int32>, flags: UnsafeMutablePointer<UInt8>) {
        let count = text.count
        let ok = font.shape(text, script: script, advances: UnsafeMutableBufferPointer(start: advances, count: count),
                            flags: UnsafeMutableBufferPointer(start: flags, count: count))
        guard !ok else { return }
        // HarfBuzz could not allocate its buffer: fall back to each scalar's nominal advance so the answer
        // stays close instead of silently zero.
        flags.update(repeating: 0, count: count)
        advances.update(repeating: 0, count: count)
        var i = 0
        while i < count {
            let unit = text[i]
            var scalar = UInt32(unit)
            var length = 1
            if UTF16.isLeadSurrogate(unit), i + 1 < count, UTF16.isTrailSurrogate(text[i + 1]) {
                scalar = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(text[i + 1]) - 0xDC00)
                length = 2
            }
            let design = font.face.designAdvance(of: scalar)
            let upem = max(1, Int(font.face.metrics.units_per_em))
            advances[i] = Int32(clamping: design * Int(font.scale) / upem)
            i += length
        }
    }
}
