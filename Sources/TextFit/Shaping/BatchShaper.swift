import Foundation

/// The shaping stage of preparation (`PreparedText.Pass`, stage 6): shapes a text's segments through the
/// segment cache, in text order. The look-ups go to the cache a run at a time (`SegmentCacheStorage.findRun`,
/// reading cached advances and flags straight into the pass's buffers); the misses of one face and script
/// wait and are shaped together in one HarfBuzz call (`HarfBuzzFont.shapeJoined`), each then cached as the
/// segment shaped alone would be. Styled text reshapes its pieces here too (`reshape`), so preparation reaches
/// the cache and HarfBuzz through this one door; relayout's reshaping goes through `SegmentShaper`.
///
/// Works in memory the caller lends (`scratchByteCount` bytes of the builder's scratch block) and writes
/// into the pass's per-unit buffers (`advances`, `shapeFlags`, `flags`): nothing allocated per text unless
/// a segment misses, when the sized HarfBuzz fonts are looked up, once per face.
struct BatchShaper {
    /// Look-ups asked for in one call (`lookUpChunk`): enough that the call's cost is spread thin (a
    /// UI string has a few segments, a paragraph a few per line), few enough to stay small (768 bytes).
    static let lookupChunk = 16

    /// Misses shaped in one HarfBuzz call at most (`flushPending`), and their units at most
    /// (`TF_JOINED_UNIT_LIMIT`).
    static let pendingCapacity = 32
    static let pendingUnitLimit = HarfBuzzFont.joinedUnitLimit

    /// The bytes of scratch memory a shaper works in: the look-ups, the pending misses, a byte per pending
    /// miss for `tf_shape_joined`'s answer and a byte per look-up for what it found.
    // Computed, not stored: a stored static is read through its lazy initialiser's check on every text.
    static var scratchByteCount: Int {
        @inline(__always) get {
            MemoryLayout<SegmentCacheStorage.Lookup>.stride * (lookupChunk + pendingCapacity) + pendingCapacity + lookupChunk
        }
    }

    /// A chunk of segments' look-ups, made by `lookUpChunk`, which asks the cache for all of them in one
    /// call (`SegmentCacheStorage.findRun`), and what each found.
    let lookups: UnsafeMutablePointer<SegmentCacheStorage.Lookup>
    let lookupResults: UnsafeMutablePointer<UInt8>
    /// The misses waiting to be shaped together (`flushPending`), at most `pendingCapacity`, all in face
    /// `pendingFace` and script `pendingScript` (the first's; `joinsPendingScript` says which others may
    /// join), `pendingUnits` units in all, with a byte each for
    /// `tf_shape_joined`'s answer.
    let pending: UnsafeMutablePointer<SegmentCacheStorage.Lookup>
    let pendingSliced: UnsafeMutablePointer<UInt8>
    var pendingCount = 0
    var pendingUnits = 0
    var pendingFace = 0
    var pendingScript: UInt32 = 0
    /// One bit per pending hash (its low six bits): most look-ups after a miss are told apart from the
    /// pending misses by one test.
    var pendingHashBits: UInt64 = 0
    /// The face whose `kanaShapesAsHan` was asked last in this text (−1: none yet), and its answer.
    var kanaAsHanFace = -1
    var kanaAsHan = false
    /// The face index and script whose plain units (`isPlain`) were asked last in this text, and their bits
    /// (script 0, no script's tag, until the first ask).
    var plainFace = 0
    var plainScript: UInt32 = 0
    var plainBits: UnsafePointer<UInt64>?
    /// `SegmentCache.Key.basis`, read once per text (each read of the global checks its initialisation).
    let hashBasis = SegmentCache.Key.basis

    /// The pass's buffers: per unit, the advance of the cluster starting there, and HarfBuzz's flags of
    /// the segment starting at or before it, written where the segment lies.
    let advances: UnsafeMutablePointer<Int32>
    let shapeFlags: UnsafeMutablePointer<UInt8>
    /// The text's font's face, unretained (the builder's borrowed font keeps it alive), its cache key id,
    /// and the size in HarfBuzz's scale.
    let primaryRef: Unmanaged<Face>
    let primaryID: Int
    let scale: Int32
    /// Per face, its HarfBuzz font, read only when shaping misses the cache: fetched on the first miss
    /// (`harfBuzzFont(at:)`, the look-up takes the face's lock). The primary face's in fields of its own:
    /// most texts shape in it alone, and two arrays for it were allocated, grown and freed per cold text
    /// (≈ 900 instructions of a UI string's ≈ 25 600, callgrind); the arrays are made only for a fallback.
    var primaryFont: HarfBuzzFont?
    var primaryFontFetched = false
    /// The fallback faces' fonts (face index − 1).
    var fallbackFonts: [HarfBuzzFont?] = []
    var fallbackFontsFetched: [Bool] = []
    /// Set when HarfBuzz gave a cluster too wide to store (`SegmentShaper.Result.clusterTooWide`).
    var clusterTooWide = false

    /// - Parameter scratch: `scratchByteCount` bytes, eight-byte aligned.
    init(
        scratch: UnsafeMutableRawPointer, advances: UnsafeMutablePointer<Int32>, shapeFlags: UnsafeMutablePointer<UInt8>,
        primary: Unmanaged<Face>, primaryID: Int, scale: Int32
    ) {
        let stride = MemoryLayout<SegmentCacheStorage.Lookup>.stride
        lookups = scratch.bindMemory(to: SegmentCacheStorage.Lookup.self, capacity: Self.lookupChunk + Self.pendingCapacity)
        pending = lookups + Self.lookupChunk
        pendingSliced = (scratch + stride * (Self.lookupChunk + Self.pendingCapacity))
            .bindMemory(to: UInt8.self, capacity: Self.pendingCapacity + Self.lookupChunk)
        lookupResults = pendingSliced + Self.pendingCapacity
        self.advances = advances
        self.shapeFlags = shapeFlags
        primaryRef = primary
        self.primaryID = primaryID
        self.scale = scale
    }

    /// Shapes every segment through the segment cache, in order, `lookupChunk` look-ups at a time
    /// (`lookUpChunk`).
    /// - Parameters:
    ///   - segments: the pass's segments, `count` of them, in text order.
    ///   - fallbacks: the text's fallback faces (a segment's face index i > 0 is `fallbacks[i - 1]`).
    ///   - u: the text's UTF-16 units.
    ///   - flags: the pass's per-unit flags, where HarfBuzz's unsafe-to-break and missing-glyph flags go.
    mutating func shapeSegments(
        _ segments: UnsafePointer<PreparedText.Segment>, count segmentCount: Int,
        fallbacks: [FaceReference], _ u: UnsafeBufferPointer<UInt16>,
        _ flags: UnsafeMutablePointer<UInt8>
    ) {
        var first = 0
        while first < segmentCount {
            let n = min(Self.lookupChunk, segmentCount &- first)
            lookUpChunk(segments + first, n, fallbacks, u, flags)
            first &+= n
        }
        if pendingCount > 0 { flushPending(fallbacks, flags) }
    }

    /// Asks the segment cache for segments `first ..< first + n` in order, one call per run of hits: a
    /// miss (or a segment too long to cache) is shaped and cached before the look-ups after it, so a text
    /// that repeats a new word finds it the second time, as one look-up per segment did. Then copies the
    /// flags HarfBuzz set (unsafe to break, missing glyph) of the segments that have any. Nothing the
    /// pass decides depends on shaping, so it can all come after the pass.
    ///
    /// The key is the text as written: the hash needs no substitution pass (controls are substituted for
    /// HarfBuzz on a miss, `SegmentShaper.shapeMissed`).
    private mutating func lookUpChunk(
        _ segments: UnsafePointer<PreparedText.Segment>, _ n: Int, _ fallbacks: [FaceReference],
        _ u: UnsafeBufferPointer<UInt16>, _ flags: UnsafeMutablePointer<UInt8>
    ) {
        let units = u.baseAddress.unsafelyUnwrapped  // a segment is not empty
        for i in 0..<n {
            let segment = segments[i]
            let start = Int(segment.start)
            let length = Int(segment.end) &- start
            let script = segment.script == HarfBuzzScript.common ? 0 : segment.script
            let faceID = segment.face == 0 ? primaryID : fallbacks[Int(segment.face) - 1].id
            let text = UnsafeBufferPointer(start: units + start, count: length)
            let cacheable = SegmentShaper.isCacheable(length)
            let hash =
                cacheable
                ? SegmentCache.Key.hash(basis: hashBasis, face: faceID, scale: scale, script: script, text: text) : 0
            lookups[i] = SegmentCacheStorage.Lookup(
                hash: hash, face: faceID, scale: scale, script: script, text: text,
                offset: segment.start, cached: cacheable)
        }
        var next = 0
        while next < n {
            // Up to the first look-up that may repeat a pending miss: that one must find it cached, as it
            // would have had the miss been shaped when found (and be counted as a hit).
            let limit = pendingCount > 0 ? firstPendingRepeat(from: next, to: n) : n
            let stop =
                limit == next
                ? next
                : next
                    + SegmentCacheStorage.findRun(
                        lookups + next, count: limit - next, advances: advances,
                        flags: shapeFlags, found: lookupResults + next)
            if stop == limit {
                guard limit < n else { break }
                flushPending(fallbacks, flags)
                next = limit
                continue
            }
            // A miss, or a segment too long to cache: shaped now, or with the text's other misses of its
            // face and script (`flushPending`), whose flags it then copies itself.
            lookupResults[stop] = SegmentCacheStorage.Result.miss
            let lookup = lookups[stop]
            let face = Int(segments[stop].face)
            if isPlain(lookup, face: face, fallbacks), shapePlain(lookup, face: face, fallbacks) {
                next = stop + 1
                continue
            }
            if isJoinable(lookup) {
                if pendingCount > 0,
                    face != pendingFace || !joinsPendingScript(lookup.script, face: face, fallbacks)
                        || pendingCount == Self.pendingCapacity || pendingUnits + lookup.length > Self.pendingUnitLimit
                {
                    flushPending(fallbacks, flags)
                }
                if pendingCount == 0 {
                    pendingFace = face
                    pendingScript = lookup.script
                }
                pending[pendingCount] = lookup
                pendingCount += 1
                pendingUnits += lookup.length
                pendingHashBits |= 1 << (lookup.hash & 63)
            } else {
                shapeAlone(lookup, face: face, fallbacks, flags)
            }
            next = stop + 1
        }
        for i in 0..<n where lookupResults[i] == SegmentCacheStorage.Result.advancesAndFlags {
            copyShapeFlags(Int(lookups[i].offset), lookups[i].length, into: flags)
        }
    }

    /// Whether a missed segment may wait to be shaped with others (`flushPending`): cached, in an explicit
    /// script (a guessed script could differ once joined), with no unit HarfBuzz sees substituted
    /// (`ShapingText`). Right-to-left scripts join too: `tf_shape_joined` shapes the pieces in their
    /// script's direction, as each is shaped alone, and reads the clusters back in logical order, so the
    /// words of an Arabic or Hebrew text are one HarfBuzz call, as Pango shapes a right-to-left item.
    @inline(__always)
    private func isJoinable(_ lookup: SegmentCacheStorage.Lookup) -> Bool {
        guard lookup.isCached, lookup.script != 0 else { return false }
        return !lookup.text.contains(where: ShapingText.isSubstituted)
    }

    /// Whether a missed segment in the pending misses' face (`face`) may be shaped in their call: its script
    /// is theirs, or both are Han, Hiragana or Katakana and the face shapes kana as Han
    /// (`HarfBuzzFace.kanaShapesAsHan`), so a Japanese text's alternating Han and kana segments are one
    /// call, not one each. The call is made in the first miss's script; each piece is cached under its own.
    @inline(__always)
    private mutating func joinsPendingScript(_ script: UInt32, face: Int, _ fallbacks: [FaceReference]) -> Bool {
        if script == pendingScript { return true }
        guard Self.isJapanese(script), Self.isJapanese(pendingScript) else { return false }
        if kanaAsHanFace != face {
            kanaAsHanFace = face
            kanaAsHan =
                face == 0
                ? primaryRef._withUnsafeGuaranteedRef { $0.harfBuzz.kanaShapesAsHan }
                : fallbacks[face - 1].face.harfBuzz.kanaShapesAsHan
        }
        return kanaAsHan
    }

    @inline(__always)
    private static func isJapanese(_ script: UInt32) -> Bool {
        let scripts = HarfBuzzFace.plainScripts
        return script == scripts.han || script == scripts.hiragana || script == scripts.katakana
    }

    /// Whether every unit of a missed segment shapes plainly in its face and script
    /// (`HarfBuzzFace.plainUnits`): ideographs and kana no lookup of the font touches, whose advances are
    /// their glyphs' (`shapePlain`). The face's bits are asked once per text for each face and script met.
    @inline(__always)
    private mutating func isPlain(_ lookup: SegmentCacheStorage.Lookup, face: Int, _ fallbacks: [FaceReference]) -> Bool {
        let script = lookup.script
        // One test for most other scripts (Latin, Cyrillic, Arabic...): the plain scripts' tags, Hani, Hira
        // and Kana, start with 'H' or 'K'; `plainUnits` declines the other such scripts (Hang, Hebr...).
        let first = script >> 24
        guard first == 0x48 || first == 0x4B else { return false }
        if face != plainFace || script != plainScript {
            let harfBuzz =
                face == 0
                ? primaryRef._withUnsafeGuaranteedRef { $0.harfBuzz } : fallbacks[face - 1].face.harfBuzz
            plainBits = harfBuzz.plainUnits(script: script)
            plainFace = face
            plainScript = script
        }
        guard let bits = plainBits else { return false }
        for unit in lookup.text where bits[Int(unit >> 6)] & (1 << UInt64(unit & 63)) == 0 { return false }
        return true
    }

    /// Shapes a missed segment of plain units (`isPlain`) from its glyphs' advances, as HarfBuzz would
    /// shape it (`HarfBuzzFont.shapePlain`), and caches it when cacheable, so a warm preparation reads
    /// the same entry. False (nothing written) when the face's font is missing or a unit has no glyph:
    /// the segment then takes the ordinary path.
    private mutating func shapePlain(
        _ lookup: SegmentCacheStorage.Lookup, face: Int, _ fallbacks: [FaceReference]
    ) -> Bool {
        guard let font = harfBuzzFont(at: face, fallbacks) else { return false }
        let start = Int(lookup.offset)
        guard font.shapePlain(lookup.text, advances: advances + start, flags: shapeFlags + start) else { return false }
        #if DEBUG
        OperationCounts.current?.plainSegments += 1
        #endif
        if lookup.isCached {
            _ = SegmentCache.insert(lookup.key, advances: advances + start, flags: shapeFlags + start)
        }
        return true
    }

    /// The first of `lookups[from ..< to]` whose hash is a pending miss's, else `to`.
    private func firstPendingRepeat(from: Int, to: Int) -> Int {
        for j in from..<to {
            let hash = lookups[j].hash
            guard pendingHashBits & (1 << (hash & 63)) != 0, lookups[j].isCached else { continue }
            for k in 0..<pendingCount where pending[k].hash == hash { return j }
        }
        return to
    }

    /// Shapes the pending misses (`pending`) in one HarfBuzz call (`HarfBuzzFont.shapeJoined`) and caches
    /// each; a piece HarfBuzz cannot promise equals its shaping alone (kerning or a contextual lookup
    /// across a join) is shaped alone. Either way each entry is what `SegmentShaper.shapeMissed` stores,
    /// so a warm and a cold preparation agree. Why: HarfBuzz's cost per call is large in fonts with many
    /// lookups (every lookup visits the buffer), and most of a cold text's misses are separate calls.
    private mutating func flushPending(_ fallbacks: [FaceReference], _ flags: UnsafeMutablePointer<UInt8>) {
        let n = pendingCount
        let face = pendingFace
        pendingCount = 0
        pendingUnits = 0
        pendingHashBits = 0
        guard n > 1 else {
            if n == 1 { shapeAlone(pending[0], face: face, fallbacks, flags) }
            return
        }
        guard let font = harfBuzzFont(at: face, fallbacks) else { return }  // no font: nothing written, as on a lone miss
        guard
            font.shapeJoined(
                pending, count: n, script: pendingScript, advances: advances, flags: shapeFlags,
                sliced: pendingSliced)
        else {
            for i in 0..<n { shapeAlone(pending[i], face: face, fallbacks, flags) }
            return
        }
        for i in 0..<n {
            let piece = pending[i]
            guard pendingSliced[i] != 0 else {
                shapeAlone(piece, face: face, fallbacks, flags)
                continue
            }
            let start = Int(piece.offset)
            #if DEBUG
            OperationCounts.current?.joinedSegments += 1
            #endif
            if SegmentCache.insert(piece.key, advances: advances + start, flags: shapeFlags + start) == .advancesAndFlags {
                copyShapeFlags(start, piece.length, into: flags)
            }
        }
    }

    /// Shapes one missed (or uncached) segment with HarfBuzz, caches it when cacheable, and copies its flags.
    private mutating func shapeAlone(
        _ lookup: SegmentCacheStorage.Lookup, face: Int, _ fallbacks: [FaceReference],
        _ flags: UnsafeMutablePointer<UInt8>
    ) {
        let start = Int(lookup.offset)
        let result = SegmentShaper.shapeMissed(lookup.key, advances: advances + start, flags: shapeFlags + start) {
            harfBuzzFont(at: face, fallbacks)
        }
        if result == .advancesAndFlags { copyShapeFlags(start, lookup.length, into: flags) }
        if result == .clusterTooWide { clusterTooWide = true }
    }

    /// Copies the flags HarfBuzz set for the segment at `start` (`shapeFlags`: 1 = unsafe to break before,
    /// 2 = missing glyph) into `flags`; a segment's first unit is always safe to break before.
    @inline(__always)
    func copyShapeFlags(_ start: Int, _ length: Int, into flags: UnsafeMutablePointer<UInt8>) {
        for k in 0..<length {
            let f = shapeFlags[start + k]
            if f == 0 { continue }
            if k > 0, f & 1 != 0 { flags[start + k] |= PreparedText.Flag.unsafe }
            if f & 2 != 0 { flags[start + k] |= PreparedText.Flag.missingGlyph }
        }
    }

    /// The sized HarfBuzz font of face `index`, looked up once.
    private mutating func harfBuzzFont(at index: Int, _ fallbacks: [FaceReference]) -> HarfBuzzFont? {
        if index == 0 {
            if !primaryFontFetched {
                primaryFont = FontCatalog.shared.harfBuzzFont(face: primaryRef.takeUnretainedValue(), scale: scale)
                primaryFontFetched = true
            }
            return primaryFont
        }
        let slot = index - 1
        while fallbackFontsFetched.count < fallbacks.count {
            fallbackFonts.append(nil)
            fallbackFontsFetched.append(false)
        }
        if !fallbackFontsFetched[slot] {
            fallbackFonts[slot] = FontCatalog.shared.harfBuzzFont(face: fallbacks[slot].face, scale: scale)
            fallbackFontsFetched[slot] = true
        }
        return fallbackFonts[slot]
    }

    /// Shapes `text` (the units at `start`) alone in `face` at `scale`, through the segment cache, into the
    /// pass's buffers there, replacing what they held, and copies HarfBuzz's flags into `flags`: a styled
    /// run's piece in another font or cut from a longer segment (`Pass.restyle`).
    mutating func reshape(
        _ text: UnsafeBufferPointer<UInt16>, at start: Int, face: Face, scale: Int32, script: UInt32,
        _ flags: UnsafeMutablePointer<UInt8>
    ) {
        let length = text.count
        for k in 0..<length {
            flags[start + k] &= ~(PreparedText.Flag.unsafe | PreparedText.Flag.missingGlyph)
            shapeFlags[start + k] = 0
        }
        let result = SegmentShaper.shape(
            text, face: face, scale: scale, script: script, advances: advances + start,
            flags: shapeFlags + start)
        if result == .clusterTooWide { clusterTooWide = true }
        guard result == .advancesAndFlags else { return }
        copyShapeFlags(start, length, into: flags)
    }
}

extension SegmentCacheStorage.Lookup {
    /// The cache key of the segment looked up: what a miss is shaped and cached under.
    @inline(__always)
    fileprivate var key: SegmentCache.Key {
        SegmentCache.Key(face: face, scale: scale, script: script, text: text, hash: hash)
    }
}
