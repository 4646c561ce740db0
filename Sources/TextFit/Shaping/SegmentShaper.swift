/// Shapes one segment (a run in one face and script, ending at a word boundary) or a reshaped piece of
/// one, through the segment cache.
enum SegmentShaper {
    /// What `shape` wrote.
    enum Result {
        /// The advances; every flag is 0: `flags` was left as it was (a cache hit of a plain word) or holds
        /// zeros (a plain word shaped and cached on a miss).
        case advancesOnly
        /// The advances and the flags.
        case advancesAndFlags
        /// Nothing: a miss, and no HarfBuzz font to shape with.
        case nothing
        /// Each scalar's nominal advance, not cached: a cluster is too wide for the shaped advances to be
        /// stored (`HarfBuzzFont.Outcome.clusterTooWide`); the text refuses to be measured.
        case clusterTooWide
    }

    /// Writes the advances and flags of `key.text` (the text as written: `shapeMissed` substitutes controls
    /// for HarfBuzz, `ShapingText`) into `advances` and `flags` (each `key.text.count` long): from the segment
    /// cache when it has them, else shaped with `font()` and cached. `font` is called only on a miss, so a
    /// warm cache never looks up a sized HarfBuzz font (a lock and a dictionary).
    @inline(__always)
    static func shape(
        _ key: SegmentCache.Key, advances: UnsafeMutablePointer<Int32>,
        flags: UnsafeMutablePointer<UInt8>, font: () -> HarfBuzzFont?
    ) -> Result {
        guard key.text.count > 0 else { return .advancesAndFlags }
        if isCacheable(key.text.count) {
            switch SegmentCache.find(key, advances: advances, flags: flags) {
            case .advancesOnly: return .advancesOnly
            case .advancesAndFlags: return .advancesAndFlags
            case .nothing: break
            }
        }
        return shapeMissed(key, advances: advances, flags: flags, font: font)
    }

    /// `shape(_:advances:flags:font:)` for `text` in `face` at `scale` (HarfBuzz units) and `script` (0: let
    /// HarfBuzz guess): the cache key and, on a miss, the sized HarfBuzz font are made here, so code outside
    /// `Shaping/` names neither.
    @inline(__always)
    static func shape(
        _ text: UnsafeBufferPointer<UInt16>, face: Face, scale: Int32, script: UInt32,
        advances: UnsafeMutablePointer<Int32>, flags: UnsafeMutablePointer<UInt8>
    ) -> Result {
        let key = SegmentCache.Key(face: face.id, scale: scale, script: script, text: text)
        return shape(key, advances: advances, flags: flags) { FontCatalog.shared.harfBuzzFont(face: face, scale: scale) }
    }

    /// Whether a segment of `length` units is looked up and cached (`SegmentCache.maximumCachedLength`).
    @inline(__always)
    static func isCacheable(_ length: Int) -> Bool { length <= SegmentCache.maximumCachedLength }

    /// `shape` after the cache missed (or for a segment too long to cache): HarfBuzz with `font()`, then
    /// the cache when the segment is cacheable; `.advancesOnly` when the cache found every flag 0 (`flags`
    /// then holds zeros).
    ///
    /// The key is the text as written, and HarfBuzz sees it with controls substituted (`ShapingText`): the
    /// cached value is a function of the key all the same (two keys that substitute alike cache the same
    /// advances twice), and a look-up then hashes and compares the text with no substitution pass, which
    /// only a miss needs.
    static func shapeMissed(
        _ key: SegmentCache.Key, advances: UnsafeMutablePointer<Int32>,
        flags: UnsafeMutablePointer<UInt8>, font: () -> HarfBuzzFont?
    ) -> Result {
        let count = key.text.count
        guard count > 0 else { return .advancesAndFlags }
        guard let font = font() else { return .nothing }
        let outcome: HarfBuzzFont.Outcome
        if let first = key.text.firstIndex(where: ShapingText.isSubstituted) {
            outcome = withUnsafeTemporaryAllocation(of: UInt16.self, capacity: count) { copy in
                _ = copy.initialize(from: key.text)
                for i in first..<count where ShapingText.isSubstituted(copy[i]) { copy[i] = ShapingText.substitute(copy[i]) }
                return shapeUncached(
                    UnsafeBufferPointer(copy), script: key.script, font: font, advances: advances, flags: flags)
            }
        } else {
            outcome = shapeUncached(key.text, script: key.script, font: font, advances: advances, flags: flags)
        }
        if outcome == .clusterTooWide { return .clusterTooWide }
        guard isCacheable(count) else { return .advancesAndFlags }
        // The insertion reads the flags anyway: a plain word (most are) then costs its caller no flag copy.
        switch SegmentCache.insert(key, advances: advances, flags: flags) {
        case .advancesOnly: return .advancesOnly
        default: return .advancesAndFlags
        }
    }

    /// HarfBuzz alone, no cache, into new arrays (tests).
    static func shapeUncached(_ text: ArraySlice<UInt16>, script: UInt32, font: HarfBuzzFont) -> ShapedSegment {
        var result = ShapedSegment(
            advances: [Int32](repeating: 0, count: text.count), flags: [UInt8](repeating: 0, count: text.count))
        guard !text.isEmpty else { return result }
        _ = text.withUnsafeBufferPointer { input in
            result.advances.withUnsafeMutableBufferPointer { a in
                result.flags.withUnsafeMutableBufferPointer { f in
                    shapeUncached(input, script: script, font: font, advances: a.baseAddress!, flags: f.baseAddress!)
                }
            }
        }
        return result
    }

    /// Returns how HarfBuzz did; unless it shaped the text, each scalar's nominal advance is written.
    @discardableResult
    static func shapeUncached(
        _ text: UnsafeBufferPointer<UInt16>, script: UInt32, font: HarfBuzzFont,
        advances: UnsafeMutablePointer<Int32>, flags: UnsafeMutablePointer<UInt8>
    ) -> HarfBuzzFont.Outcome {
        let count = text.count
        let outcome = font.shape(
            text, script: script, advances: UnsafeMutableBufferPointer(start: advances, count: count),
            flags: UnsafeMutableBufferPointer(start: flags, count: count))
        guard outcome != .shaped else { return outcome }
        // HarfBuzz could not allocate its buffer (or gave a cluster too wide to store, which the text
        // reports as an error): fall back to each scalar's nominal advance so the answer stays close
        // instead of silently zero.
        flags.update(repeating: 0, count: count)
        advances.update(repeating: 0, count: count)
        var i = 0
        while i < count {
            let unit = text[i]
            var scalar = UInt32(unit)
            var length = 1
            if UTF16.isLeadSurrogate(unit), i + 1 < count, UTF16.isTrailSurrogate(text[i + 1]) {
                scalar = UTF16.scalarValue(lead: unit, trail: text[i + 1])
                length = 2
            }
            let design = font.face.designAdvance(of: scalar)
            let upem = max(1, Int(font.face.metrics.unitsPerEm))
            advances[i] = Int32(clamping: design * Int(font.scale) / upem)
            i += length
        }
        return outcome
    }
}
