import Synchronization
import CTextFit

/// The door to HarfBuzz: a face (one font file's face at design resolution) and a font (a face at one
/// scale), both immutable and shareable across threads once created.
final class HarfBuzzFace: @unchecked Sendable {
    // @unchecked: the handle is never mutated after creation; HarfBuzz faces are thread-safe once immutable.
    let handle: OpaquePointer
    let metrics: FaceMetrics

    /// A face of `file`'s bytes, which it takes over (they stay mapped while the face lives).
    /// - Parameter keepsShapePlans: a font TextFit ships: its fonts shape through plans the face keeps
    ///   (`tf_face_keep_shape_plans`; a font file from anywhere else keeps HarfBuzz's own per-call limits).
    convenience init?(file: FontFileBytes, faceIndex: Int, keepsShapePlans: Bool = false) {
        guard let bytes = file.takeOver(), let handle = tf_face_create(bytes, Int32(clamping: faceIndex)) else {
            return nil
        }
        if keepsShapePlans { tf_face_keep_shape_plans(handle) }
        self.init(handle: handle)
    }

    /// A face over `base`'s tables whose fonts apply `variations` (design coordinates, clamped by the
    /// caller) and shape with `features` (rules O1, O4). Its coverage, space pairs and metrics are found
    /// again, since a variation or a feature can change advances and what joins a space.
    convenience init?(
        variantOf base: HarfBuzzFace, variations: [(tag: UInt32, value: Float)],
        features: [(tag: UInt32, value: UInt32)]
    ) {
        let cVariations = variations.map { tf_variation(tag: $0.tag, value: $0.value) }
        let cFeatures = features.map { tf_feature(tag: $0.tag, value: $0.value) }
        let handle = cVariations.withUnsafeBufferPointer { v in
            cFeatures.withUnsafeBufferPointer { f in
                tf_face_create_variant(base.handle, v.baseAddress, Int32(v.count), f.baseAddress, Int32(f.count))
            }
        }
        guard let handle else { return nil }
        self.init(handle: handle)
    }

    private init(handle: OpaquePointer) {
        self.handle = handle
        let axisCount = Int(tf_face_axes(handle, nil, 0))
        var axes = [tf_axis](repeating: tf_axis(), count: axisCount)
        if axisCount > 0 {
            _ = axes.withUnsafeMutableBufferPointer { tf_face_axes(handle, $0.baseAddress, Int32(axisCount)) }
        }
        self.axes = axes
        hasOpticalSizeAxis = axes.contains { $0.tag == 0x6F70_737A }  // 'opsz'
        var metrics = tf_face_metrics()
        tf_face_get_metrics(handle, &metrics)
        self.metrics = FaceMetrics(
            unitsPerEm: metrics.units_per_em, ascender: metrics.ascender,
            descender: metrics.descender, lineGap: metrics.line_gap,
            capHeight: metrics.cap_height, xHeight: metrics.x_height)
        let coverage = UnsafeMutablePointer<UInt64>.allocate(capacity: 1024)
        coverage.initialize(repeating: 0, count: 1024)
        for codepoint in 0..<UInt32(0x10000) where tf_face_has_codepoint(handle, codepoint) != 0 {
            coverage[Int(codepoint >> 6)] |= 1 << UInt64(codepoint & 63)
        }
        self.bmpCoverage = UnsafePointer(coverage)
        spaceInLookups = tf_face_space_in_lookups(handle) != 0
        if spaceInLookups {
            // Below U+3000 probed one by one; above, every character counts as joining a space before it
            // (a cut is only ever an optimisation).
            let pairs = UnsafeMutablePointer<UInt64>.allocate(capacity: 1024)
            pairs.initialize(repeating: 0, count: 1024)
            tf_face_space_pairs(handle, 0x3000, pairs)
            for word in (0x3000 >> 6)..<1024 { pairs[word] = ~0 }
            spacePairs = UnsafePointer(pairs)
        } else {
            spacePairs = nil
        }
    }

    /// Whether this face was made from exactly `file`'s bytes (a memcmp: only when the catalog meets a
    /// known device and inode under a new spelling).
    func holdsBytes(of file: FontFileBytes) -> Bool {
        guard let bytes = file.borrowed else { return false }
        return tf_face_has_bytes(handle, bytes.bytes, bytes.length) != 0
    }

    /// Whether both faces were made from equal bytes.
    func holdsSameBytes(as other: HarfBuzzFace) -> Bool { tf_face_same_bytes(handle, other.handle) != 0 }

    deinit {
        tf_face_destroy(handle)
        bmpCoverage.deallocate()
        spacePairs?.deallocate()
        for bits in [
            plainHan.load(ordering: .acquiring), plainHiragana.load(ordering: .acquiring),
            plainKatakana.load(ordering: .acquiring),
        ] where bits > 1 {
            UnsafeMutablePointer<UInt64>(bitPattern: bits)?.deallocate()
        }
    }

    /// The face's coverage of the Basic Multilingual Plane, one bit per code point (1,024 words), read from
    /// the cmap once (about 2 ms per face), so the per-character "does the font have it" check of
    /// preparation is a bit test. A pointer rather than an array: it stays put while the face lives, so
    /// preparation reads it without retaining anything per character.
    let bmpCoverage: UnsafePointer<UInt64>

    /// Whether shaping can change across a space in this face: a kerning pair or a ligature involves the
    /// space glyph (Liberation Sans kerns " A" and " T"; Inter and DejaVu Sans have space in GSUB), found
    /// once from the GPOS and GSUB lookups as Blink finds it (`HarfBuzzFace::HasSpaceInLigaturesOrKerning`).
    /// Preparation then does not cut such a face's text into words (rule F9).
    let spaceInLookups: Bool
    /// For a face whose space is in lookups, one bit per BMP unit: set when shaping the unit after a space
    /// differs from shaping it alone (Liberation Sans: "A", "T", "Y" and a few more), so a text may be cut
    /// into words after a space before any other unit and keep the word cache. Nil for other faces.
    let spacePairs: UnsafePointer<UInt64>?

    @inline(__always)
    func hasGlyph(for scalar: UInt32) -> Bool {
        if scalar < 0x10000 { return bmpCoverage[Int(scalar >> 6)] & (1 << UInt64(scalar & 63)) != 0 }
        return tf_face_has_codepoint(handle, scalar) != 0
    }

    /// The scripts whose text may shape plainly (`plainUnits(script:)`): Han, Hiragana and Katakana, whose
    /// ideographs and kana are most of a CJK text and in many CJK fonts untouched by any lookup.
    static let plainScripts: (han: UInt32, hiragana: UInt32, katakana: UInt32) = (0x4861_6E69, 0x4869_7261, 0x4B61_6E61)

    /// Per plain script, its bits (`plainUnits`) as a pointer's bit pattern: 0 not yet found, 1 none.
    private let plainHan = Atomic<Int>(0)
    private let plainHiragana = Atomic<Int>(0)
    private let plainKatakana = Atomic<Int>(0)

    /// For a Han, Hiragana or Katakana `script`, one bit per BMP unit that shapes plainly in this face
    /// (`tf_face_plain_units`: its glyph in no lookup HarfBuzz applies to that script, unless as a kern
    /// pair's second glyph, no mark, no legacy kerning or AAT table): such a unit is a cluster of its own
    /// with its glyph's advance, alone or beside other plain units (no pair starts at one), so a run of
    /// them needs no `hb_shape` (`HarfBuzzFont.shapePlain`). Found on the first ask,
    /// once per face and script (every lookup's glyphs are collected); nil for other scripts and for a face
    /// with no such unit.
    func plainUnits(script: UInt32) -> UnsafePointer<UInt64>? {
        switch script {
        case Self.plainScripts.han: return plainUnits(script: script, slot: plainHan)
        case Self.plainScripts.hiragana: return plainUnits(script: script, slot: plainHiragana)
        case Self.plainScripts.katakana: return plainUnits(script: script, slot: plainKatakana)
        default: return nil
        }
    }

    private func plainUnits(script: UInt32, slot: borrowing Atomic<Int>) -> UnsafePointer<UInt64>? {
        var bits = slot.load(ordering: .acquiring)
        if bits == 0 {
            let made = UnsafeMutablePointer<UInt64>.allocate(capacity: 1024)
            made.initialize(repeating: 0, count: 1024)
            var found = Int(bitPattern: made)
            if tf_face_plain_units(handle, script, made) == 0 {
                made.deallocate()
                found = 1
            }
            // Another thread may have found them first: its bits are kept, these freed.
            let (exchanged, original) = slot.compareExchange(expected: 0, desired: found, ordering: .acquiringAndReleasing)
            if exchanged {
                bits = found
            } else {
                if found > 1 { made.deallocate() }
                bits = original
            }
        }
        return bits > 1 ? UnsafePointer(bitPattern: bits) : nil
    }

    /// `kanaShapesAsHan`: 0 not yet asked, 1 no, 2 yes.
    private let kanaAsHan = Atomic<Int>(0)

    /// Whether HarfBuzz shapes Hiragana and Katakana text in this face as it shapes Han text
    /// (`tf_face_scripts_shape_alike`: the plans for Han and for kana, whose OpenType tag Hiragana and
    /// Katakana share, apply the same lookups; HarfBuzz gives the three scripts its default shaper). Then
    /// a Japanese text's Han and kana segments may be shaped in one call (`BatchShaper`), as Pango shapes
    /// a Japanese run. Asked once per face.
    var kanaShapesAsHan: Bool {
        var known = kanaAsHan.load(ordering: .relaxed)
        if known == 0 {
            known = tf_face_scripts_shape_alike(handle, Self.plainScripts.han, Self.plainScripts.katakana) != 0 ? 2 : 1
            kanaAsHan.store(known, ordering: .relaxed)
        }
        return known == 2
    }

    /// The face's variation axes (empty for a face that is not variable), read once.
    let axes: [tf_axis]
    /// Whether the face has an `opsz` axis, which follows the point size unless set (rule O6).
    let hasOpticalSizeAxis: Bool

    /// The face's named instances: subfamily name id and design coordinates in axis order.
    var namedInstances: [(nameID: UInt32, coordinates: [Float])] {
        let axisCount = axes.count
        return (0..<Int(tf_face_named_instance_count(handle))).compactMap { index in
            var nameID: UInt32 = 0
            var coordinates = [Float](repeating: 0, count: axisCount)
            let written = coordinates.withUnsafeMutableBufferPointer {
                tf_face_named_instance(handle, Int32(index), &nameID, $0.baseAddress, Int32(axisCount))
            }
            return written < 0 ? nil : (nameID, Array(coordinates.prefix(Int(written))))
        }
    }

    /// Name-table entry `id` (English when present), nil when absent.
    func name(_ id: UInt32) -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        let length = buffer.withUnsafeMutableBufferPointer { tf_face_name(handle, id, $0.baseAddress, 256) }
        guard length > 0 else { return nil }
        return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether the face has an AAT 'trak' table (rule O8).
    var hasTrackingTable: Bool { tf_face_has_tracking(handle) != 0 }

    /// The nominal advance of `scalar` in design units (0 when the face lacks it), clamped to
    /// [0, 16 em] like shaped advances (`TF_GLYPH_ADVANCE_LIMIT_EMS`).
    func designAdvance(of scalar: UInt32) -> Int { Int(tf_face_codepoint_advance(handle, scalar)) }
}

/// A face's vertical metrics in design units (rules F2, F4), as the C shim reads them: hhea first, OS/2
/// typo then win when hhea is all zero.
struct FaceMetrics: Sendable, Equatable {
    /// As the head table stores it (0 without one); `FaceMetrics.problem` refuses a face outside 16...16384.
    var unitsPerEm: Int32
    /// Positive.
    var ascender: Int32
    /// Negative.
    var descender: Int32
    var lineGap: Int32
    /// 0 when the font does not say.
    var capHeight: Int32
    /// 0 when the font does not say.
    var xHeight: Int32
}

/// A HarfBuzz font at `scale` output units per em (TextFit uses 1/1024 pt).
final class HarfBuzzFont: @unchecked Sendable {
    // @unchecked: immutable after creation (hb_font_make_immutable); keeps its face alive.
    let handle: OpaquePointer
    let face: HarfBuzzFace
    let scale: Int32
    /// U+2026 shaped alone in this font, in output units (`PreparedText.shapedEllipsisWidth`), Int.min until
    /// known: a truncating text read it through the segment cache, ≈ 165 instructions warm and ≈ 240 cold.
    let ellipsisWidthMemo = Atomic<Int>(Int.min)

    init?(face: HarfBuzzFace, scale: Int32) {
        guard let handle = tf_font_create(face.handle, scale) else { return nil }
        self.handle = handle
        self.face = face
        self.scale = scale
    }

    deinit { tf_font_destroy(handle) }

    /// How `shape` went.
    enum Outcome {
        case shaped
        /// HarfBuzz could not allocate its buffer.
        case failed
        /// A cluster's advances average more than `Int32.max` units per UTF-16 unit, which only a damaged
        /// font's glyphs reach at sizes TextFit accepts (see `MeasureError.clusterTooWide`).
        case clusterTooWide
    }

    /// Shapes `text` alone; see `tf_shape` for the meaning of `advances` and `flags`.
    func shape(
        _ text: UnsafeBufferPointer<UInt16>, script: UInt32,
        advances: UnsafeMutableBufferPointer<Int32>, flags: UnsafeMutableBufferPointer<UInt8>
    ) -> Outcome {
        guard text.count > 0 else { return .shaped }
        let outcome = call(tf_shape, text, script: script, advances: advances, flags: flags)
        #if DEBUG
        if let counter = OperationCounts.current {
            counter.shapingCalls += 1
            counter.shapedUnits += text.count
            Self.countHarfBuzzCalls(counter)
        }
        #endif
        return outcome
    }

    /// `shape` in one HarfBuzz call even for a text over 16,384 units, which `shape` cuts into windows
    /// (`tf_shape_in_one_call`): for the tests that compare the two.
    func shapeInOneCall(
        _ text: UnsafeBufferPointer<UInt16>, script: UInt32,
        advances: UnsafeMutableBufferPointer<Int32>, flags: UnsafeMutableBufferPointer<UInt8>
    ) -> Outcome {
        guard text.count > 0 else { return .shaped }
        return call(tf_shape_in_one_call, text, script: script, advances: advances, flags: flags)
    }

    /// One of the C shaping entries (`tf_shape`'s signature) on a non-empty `text`, in the script's
    /// direction, its result as an `Outcome`.
    @inline(__always)
    private func call(
        _ entry: (
            OpaquePointer?, UnsafePointer<UInt16>?, Int32, UInt32, Int32, UnsafeMutablePointer<Int32>?,
            UnsafeMutablePointer<UInt8>?
        ) -> Int32,
        _ text: UnsafeBufferPointer<UInt16>, script: UInt32,
        advances: UnsafeMutableBufferPointer<Int32>, flags: UnsafeMutableBufferPointer<UInt8>
    ) -> Outcome {
        let direction: Int32 = script != 0 && tf_script_is_rtl(script) != 0 ? 2 : 1
        let result = entry(
            handle, text.baseAddress, Int32(text.count), script, direction, advances.baseAddress, flags.baseAddress)
        return result >= 0 ? .shaped : result == -2 ? .clusterTooWide : .failed
    }

    /// Shapes the texts of `pieces[0 ..< count]` joined, in one HarfBuzz call (`tf_shape_joined`): each
    /// piece's advances and flags go to `advances + offset` and `flags + offset`, as `shape` of the piece
    /// alone would write them, where `sliced[i]` is then 1; the caller shapes the pieces left 0 alone.
    /// False when the joined call failed: then `sliced` is not to be read and every piece is shaped alone.
    /// `script` is explicit (not 0); the joined text is shaped in its direction, as each piece alone.
    func shapeJoined(
        _ pieces: UnsafePointer<SegmentCacheStorage.Lookup>, count: Int, script: UInt32,
        advances: UnsafeMutablePointer<Int32>, flags: UnsafeMutablePointer<UInt8>,
        sliced: UnsafeMutablePointer<UInt8>
    ) -> Bool {
        let result = tf_shape_joined(handle, pieces, Int32(truncatingIfNeeded: count), script, advances, flags, sliced)
        #if DEBUG
        if result >= 0, let counter = OperationCounts.current {
            counter.shapingCalls += 1
            for i in 0..<count { counter.shapedUnits += pieces[i].length }
            Self.countHarfBuzzCalls(counter)
        }
        #endif
        return result >= 0
    }

    /// Writes the advances and flags `shape` would write for `text`, every unit of which is set in the face's
    /// `plainUnits` for the text's script, from the glyphs' advances alone (`tf_shape_plain`), with no
    /// HarfBuzz shaping. False when a unit has no glyph (then nothing is to be read).
    func shapePlain(
        _ text: UnsafeBufferPointer<UInt16>, advances: UnsafeMutablePointer<Int32>, flags: UnsafeMutablePointer<UInt8>
    ) -> Bool {
        tf_shape_plain(handle, text.baseAddress, Int32(truncatingIfNeeded: text.count), advances, flags) >= 0
    }

    /// Whether counting a run of marks may skip `unit` as a sure starter (`tf_is_surely_starter`).
    static func isSurelyStarter(_ unit: UInt16) -> Bool { tf_is_surely_starter(UInt32(unit)) != 0 }

    #if DEBUG
    /// Adds what the last shaping call on this thread sent HarfBuzz (`tf_last_shaping_counts`) to `counter`.
    static func countHarfBuzzCalls(_ counter: OperationCounts.Counter) {
        var counts = tf_shaping_counts()
        tf_last_shaping_counts(&counts)
        counter.harfBuzzCalls += Int(counts.harfbuzz_calls)
        counter.longestMarkRun = max(counter.longestMarkRun, Int(counts.longest_mark_run))
    }
    #endif

    /// How many shaping buffers the calling thread holds (`tf_thread_shaping_buffer_count`): none after
    /// a text longer than 65,536 units, whose buffers are given back.
    static var threadShapingBufferCount: Int { Int(tf_thread_shaping_buffer_count()) }

    /// The most UTF-16 units `shapeJoined` takes in one call (`TF_JOINED_UNIT_LIMIT`).
    static let joinedUnitLimit = Int(TF_JOINED_UNIT_LIMIT)

    /// The most combining marks in a row one HarfBuzz call receives (`TF_MARK_RUN_LIMIT`).
    static let markRunLimit = Int(TF_MARK_RUN_LIMIT)
}

enum HarfBuzzScript {
    static let common: UInt32 = 0x5A79_7979  // 'Zyyy'
    static let inherited: UInt32 = 0x5A69_6E68  // 'Zinh'
    static let unknown: UInt32 = 0x5A7A_7A7A  // 'Zzzz'

    static func of(_ scalar: UInt32) -> UInt32 { tf_script_of(scalar) }
}
