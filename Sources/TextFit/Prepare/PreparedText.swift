import Foundation
import Synchronization

/// Text analysed and shaped once, ready to be laid out at any width by arithmetic alone.
///
/// Building it does all width-independent work: paragraphs (W1), UAX #14 break opportunities (ICU),
/// grapheme clusters (Swift's `Character`), font fallback per cluster (F6), and HarfBuzz shaping per
/// segment with the advances kept as integers (1/1024 pt) in prefix sums. `layout(width:...)` then only
/// adds and compares integers; it reshapes only where a line starts or ends inside a shaped segment at a
/// cluster HarfBuzz flags unsafe-to-break (emergency breaks and truncation inside a word).
///
/// ```swift
/// let prepared = try PreparedText("The quick brown fox jumps over the lazy dog.", font: Font(family: "Noto Sans", size: 17))
/// for width in stride(from: 100.0, through: 300.0, by: 50.0) {
///     print(width, try prepared.layout(width: width).lineCount)   // no reshaping per width
/// }
/// ```
///
/// Immutable and `Sendable`: share one across threads freely.
public final class PreparedText: Sendable {
    /// The source text (invalid UTF-16 was already repaired by `String`, one U+FFFD per bad unit).
    public let text: String
    /// The font the text is set in; it alone sets the line height (rule F6).
    public let font: Font

    let units: [UInt16]
    /// prefix[i] = sum of advances of units 0..<i, in 1/1024 pt; count = units.count + 1.
    let prefix: [Int]
    /// Per UTF-16 position (count + 1): see `Flag`.
    let flags: [UInt8]
    let paragraphs: [Paragraph]
    /// UAX #14 break opportunities (allowed and mandatory), ascending.
    let breaks: [Int32]
    /// The mandatory ones among `breaks` (after BK, CR, LF, NL), ascending.
    let mandatoryBreaks: [Int32]
    /// For each opportunity in `breaks`: the prefix sum at its end without hanging whitespace, so the
    /// width of a line from `s` to opportunity j is `breakVisiblePrefix[j] − prefix[s]`.
    let breakVisiblePrefix: [Int]
    /// Whether any opportunity lies between two Hangul characters (only then `.hangulWordPriority`
    /// needs the scanning path).
    let hasBreaksBetweenHangul: Bool
    /// For each opportunity in `breaks`, what the breaker's fast path needs to end a line there without
    /// looking at the text: the visible end (the opportunity moved back over hanging whitespace, W4) in
    /// the low 31 bits, and `breakEndNeedsReshaping` when the visible end or the opportunity itself is
    /// unsafe to break (the line's widths then need `width(_:_:)`'s reshaping). 4 bytes per opportunity.
    let breakEnds: [UInt32]
    /// For each paragraph, the index in `breaks` of its first opportunity at or after its end: one past
    /// its last candidate for a soft break. 4 bytes per paragraph.
    let paragraphBreaksEnd: [Int32]
    /// Whether `LineBreaker.runFast` may lay this text out: no mandatory break inside a paragraph
    /// (U+2028, VT, FF) and offsets that fit `breakEnds`.
    let allowsFastBreaking: Bool
    /// Whether `breakVisiblePrefix` never decreases (no negative advances): then a line's fitting
    /// opportunities are exactly those before the first that does not fit, and the fast path may search
    /// from a guess instead of galloping from the line's start.
    let breakVisiblePrefixIsMonotone: Bool
    /// Grapheme-cluster boundaries, ascending, from 0 to units.count.
    let graphemes: [Int32]
    /// Shaped segments in text order (for reshaping inside one).
    let segments: [Segment]
    /// Fallback faces used (face index 1 and up, in order of first use); index 0 is `font`'s own face,
    /// which `font` keeps alive. Not stored with them: a `[font.face]` array per text cost an allocation
    /// and atomic reference counting on the face every thread shares.
    let fallbackFaces: [Face]
    /// Faces used: index 0 is the font's own face, the rest fallbacks (rare paths: reshaping, drawing).
    var faces: [Face] { [font.face] + fallbackFaces }
    /// Face `index` of a segment.
    func face(_ index: Int) -> Face { index == 0 ? font.face : fallbackFaces[index - 1] }
    /// The truncation token U+2026 shaped in the font (or its fallback), in 1/1024 pt (rule T1); see
    /// `ellipsisWidth`. `Int.min` until first needed.
    private let ellipsisWidthMemo = Atomic<Int>(Int.min)
    /// `font.lineHeight`, read once: `measure` needs it per call, and reading it through the shared face
    /// costs reference counting that two threads contend on.
    let lineHeight: CGFloat
    /// The whole text's width without hanging whitespace (W4) when the breaker's fast path lays it out as
    /// one line at any limit at least this wide, else `Int.max`. See `oneLineWidth(_:derived:)`.
    let oneLineWidth: Int
    /// Reshaped pieces' widths, remembered across layouts (`width(_:_:)`).
    let reshapedPieces: ReshapedPieces

    struct Segment: Sendable, Equatable {
        var start: Int32
        var end: Int32
        var face: UInt16
        var script: UInt32
    }

    enum Flag {
        static let grapheme: UInt8 = 1
        static let breakAllowed: UInt8 = 2
        static let mandatory: UInt8 = 4
        static let unsafe: UInt8 = 8
        static let space: UInt8 = 16
        static let segmentStart: UInt8 = 32
        static let missingGlyph: UInt8 = 64
        /// A break opportunity between two Hangul characters (skipped with `.hangulWordPriority`, W6).
        static let betweenHangul: UInt8 = 128
    }

    /// The ellipsis TextFit draws when truncating (rule T1).
    public static let ellipsis = "\u{2026}"

    /// Analyses and shapes `text` in `font`.
    /// - Complexity: O(n) in the text's UTF-16 length, plus HarfBuzz's shaping of segments the segment
    ///   cache has not seen.
    public convenience init(_ text: String, font: Font) {
        self.init(built: Builder.build(text, font: font), font: font)
    }

    /// Prepares text given as UTF-16 code units, which may be invalid: each unpaired surrogate becomes
    /// U+FFFD, so offsets in results still match the input.
    public convenience init(utf16 units: [UInt16], font: Font) {
        self.init(String(decoding: units, as: UTF16.self), font: font)
    }

    fileprivate init(built: Builder.Output, font: Font) {
        text = built.text
        self.font = font
        units = built.units
        prefix = built.prefix
        flags = built.flags
        paragraphs = built.paragraphs
        breaks = built.breaks
        let derived = Self.breakData(built)
        mandatoryBreaks = derived.mandatoryBreaks
        hasBreaksBetweenHangul = derived.hasBreaksBetweenHangul
        breakEnds = derived.breakEnds
        breakVisiblePrefix = derived.breakVisiblePrefix
        breakVisiblePrefixIsMonotone = derived.breakVisiblePrefixIsMonotone
        paragraphBreaksEnd = derived.paragraphBreaksEnd
        allowsFastBreaking = derived.allowsFastBreaking
        graphemes = built.graphemes
        segments = built.segments
        fallbackFaces = built.fallbackFaces
        lineHeight = font.lineHeight
        reshapedPieces = ReshapedPieces(unitCount: built.units.count)
        oneLineWidth = Self.oneLineWidth(built, derived: derived)
    }

    /// When a text is one non-blank paragraph (no separator after it), starts at a safe position, and its
    /// stored opportunity widths never decrease, the fast path makes the whole text one line at any limit
    /// at least its visible width (W2: no opportunity is needed; T2/T4: nothing to cut). That width is
    /// the last opportunity's (the text's end) stored visible width, when no reshaping is needed there.
    /// Most labels and buttons, and any text relaid out wider than itself, are answered with it
    /// (`LineBreaker.runFast`).
    private static func oneLineWidth(_ built: Builder.Output, derived: BreakData) -> Int {
        let count = built.units.count
        guard derived.breakVisiblePrefixIsMonotone, built.paragraphs.count == 1, count > 0,
              built.paragraphs[0].end == count, built.flags[0] & Flag.unsafe == 0,
              built.breaks.last.map(Int.init) == count, let end = derived.breakEnds.last,
              end & breakEndNeedsReshaping == 0, end > 0, let visible = derived.breakVisiblePrefix.last
        else { return .max }
        return visible - built.prefix[0]
    }

    /// The truncation token U+2026 shaped in the font when it has the glyph, else in its fallback face,
    /// in 1/1024 pt (rule T1). Found on the first truncation, not while preparing: most texts are never
    /// truncated, and the look-up was a visible part of preparing a short label (~390 instructions). A
    /// race computes the same value twice.
    var ellipsisWidth: Int {
        let memo = ellipsisWidthMemo.load(ordering: .relaxed)
        if memo != Int.min { return memo }
        let width = Self.shapedEllipsisWidth(font)
        ellipsisWidthMemo.store(width, ordering: .relaxed)
        return width
    }

    private static func shapedEllipsisWidth(_ font: Font) -> Int {
        let catalog = FontCatalog.shared
        let scale = font.scale
        let primary = font.face
        let face = primary.hasGlyph(for: 0x2026) ? primary : catalog.fallbackFace(for: 0x2026) ?? primary
        var unit: UInt16 = 0x2026
        var advance: Int32 = 0
        var flag: UInt8 = 0
        return withUnsafePointer(to: &unit) { pointer in
            let key = SegmentCache.Key(face: face.id, scale: scale, script: 0, text: UnsafeBufferPointer(start: pointer, count: 1))
            _ = SegmentShaper.shape(key, advances: &advance, flags: &flag) { catalog.harfBuzzFont(face: face, scale: scale) }
            return Int(advance)
        }
    }

    /// Set in `breakEnds` when a line ending at that opportunity needs reshaping to measure.
    static let breakEndNeedsReshaping: UInt32 = 1 << 31

    /// What `breakData` derives from the opportunities (see the properties of the same names).
    private struct BreakData {
        var mandatoryBreaks: [Int32] = []
        var hasBreaksBetweenHangul = false
        var breakEnds: [UInt32] = []
        var breakVisiblePrefix: [Int] = []
        var breakVisiblePrefixIsMonotone = true
        var paragraphBreaksEnd: [Int32] = []
        var allowsFastBreaking = true
    }

    /// Everything derived per opportunity and per paragraph, in one loop over `breaks` and one over
    /// `paragraphs` through raw buffers: a warm preparation is short, and the `filter`, `map` and `zip`
    /// this replaced (six passes and their iterator overhead) were about a tenth of its instructions.
    /// The arrays are written in one temporary block and copied (`Array.copying`).
    private static func breakData(_ built: Builder.Output) -> BreakData {
        var result = BreakData()
        let count = built.units.count
        let breakCount = built.breaks.count
        let paragraphCount = built.paragraphs.count
        // On the stack when small (`withUnsafeTemporaryAllocation`).
        let byteCount = max(1, (MemoryLayout<Int>.stride + MemoryLayout<UInt32>.stride) * breakCount
            + MemoryLayout<Int32>.stride * paragraphCount)
        return withUnsafeTemporaryAllocation(byteCount: byteCount, alignment: MemoryLayout<Int>.alignment) { block in
            let scratch = block.baseAddress!
            let visible = scratch.bindMemory(to: Int.self, capacity: breakCount)
            let ends = (scratch + MemoryLayout<Int>.stride * breakCount).bindMemory(to: UInt32.self, capacity: breakCount)
            let paragraphEnds = (scratch + (MemoryLayout<Int>.stride + MemoryLayout<UInt32>.stride) * breakCount)
                .bindMemory(to: Int32.self, capacity: paragraphCount)
            built.flags.withUnsafeBufferPointer { flags in
                built.prefix.withUnsafeBufferPointer { prefix in
                    built.breaks.withUnsafeBufferPointer { breaks in
                        var monotone = true
                        // The opportunities' flags or-ed together: is any mandatory, or between Hangul?
                        var anyFlags: UInt8 = 0
                        var previous = Int.min
                        for j in 0..<breakCount {
                            let position = Int(breaks[j])
                            let flag = flags[position]
                            anyFlags |= flag
                            // The visible end: the opportunity moved back over hanging whitespace (W4).
                            var end = position
                            while end > 0, flags[end - 1] & Flag.space != 0 { end -= 1 }
                            let unsafe = flags[end] & Flag.unsafe != 0 || (position < count && flag & Flag.unsafe != 0)
                            let packed = UInt32(truncatingIfNeeded: end) | (unsafe ? breakEndNeedsReshaping : 0)
                            ends[j] = packed
                            let width = prefix[Int(packed & ~breakEndNeedsReshaping)]
                            visible[j] = width
                            if width < previous { monotone = false }
                            previous = width
                        }
                        result.breakEnds = .copying(UnsafeBufferPointer(start: ends, count: breakCount))
                        result.breakVisiblePrefix = .copying(UnsafeBufferPointer(start: visible, count: breakCount))
                        result.breakVisiblePrefixIsMonotone = monotone
                        result.hasBreaksBetweenHangul = anyFlags & Flag.betweenHangul != 0
                        if anyFlags & Flag.mandatory != 0 {
                            for j in 0..<breakCount where flags[Int(breaks[j])] & Flag.mandatory != 0 {
                                result.mandatoryBreaks.append(breaks[j])
                            }
                        }
                        // Per paragraph: one past its last soft-break candidate, and whether a mandatory break
                        // (U+2028, VT, FF) lies inside it, which the fast path cannot handle.
                        let mandatory = result.mandatoryBreaks
                        var mandatoryInside = false
                        built.paragraphs.withUnsafeBufferPointer { paragraphs in
                            var index = 0
                            var nextMandatory = 0
                            for (p, paragraph) in paragraphs.enumerated() {
                                // The first opportunity at or after the paragraph's end: gallop from the last
                                // answer, then search between (most texts are one paragraph whose answer is
                                // the last opportunity; a million short lines stay linear).
                                var low = index
                                var bound = index
                                var step = 1
                                while bound < breakCount, Int(breaks[bound]) < paragraph.end {
                                    low = bound + 1
                                    bound = low + step
                                    step &<<= 1
                                }
                                var high = min(bound, breakCount)
                                while low < high {
                                    let mid = (low + high) >> 1
                                    if Int(breaks[mid]) < paragraph.end { low = mid + 1 } else { high = mid }
                                }
                                index = low
                                paragraphEnds[p] = Int32(truncatingIfNeeded: index)
                                while nextMandatory < mandatory.count, Int(mandatory[nextMandatory]) <= paragraph.start {
                                    nextMandatory += 1
                                }
                                if nextMandatory < mandatory.count, Int(mandatory[nextMandatory]) < paragraph.end {
                                    mandatoryInside = true
                                }
                            }
                        }
                        result.paragraphBreaksEnd = .copying(UnsafeBufferPointer(start: paragraphEnds, count: paragraphCount))
                        result.allowsFastBreaking = !mandatoryInside && count < Int(Int32.max)
                    }
                }
            }
            return result
        }
    }

    /// The UTF-16 length of the text.
    public var utf16Count: Int { units.count }

    /// Fonts that supply glyphs the font lacks (rule F6), in order of first use.
    public var fallbackFonts: [Font] { fallbackFaces.map { Font(face: $0, size: font.pointSize) } }

    /// Whether a cluster has no glyph in any font (drawn as .notdef).
    public var hasMissingGlyphs: Bool { flags.contains { $0 & Flag.missingGlyph != 0 } }
}

extension PreparedText {
    /// Segments with their faces, scripts and widths in 1/1024 pt, for debugging.
    public var _debugSegments: String {
        segments.map { s in
            let text = String(decoding: units[Int(s.start)..<Int(s.end)], as: UTF16.self)
            let script = String(decoding: withUnsafeBytes(of: s.script.bigEndian) { Array($0) }, as: UTF8.self)
            let advances = (Int(s.start)..<Int(s.end)).map { prefix[$0 + 1] - prefix[$0] }
            return "[\(text)] \(face(Int(s.face)).familyName) \(script) \(advances)"
        }.joined(separator: "\n")
    }
}
