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

    /// The text's UTF-16 units (in the storage block).
    var units: StoredArray<UInt16> { StoredArray(storageOwner, storage.unitsBuffer) }
    /// The per-unit, per-opportunity, per-cluster, per-segment and per-paragraph data below, in one
    /// block (`Storage`: one allocation per text instead of nine arrays).
    let storage: Storage
    /// What only some texts have (a styled text's runs, a custom truncation token, a shared storage), in one
    /// object: nil for plain text, so that freeing one releases one field instead of three (each release
    /// of a nil reference is still a call). `paragraphSettings` and `measureProblem` stay fields of their
    /// own: `measure` and `layout` test them on every call, and through this object the test cost a
    /// relayout about 10 instructions (callgrind, `ui` set).
    private let extras: Extras?
    /// The text whose storage this one shares (`init(sharing:token:)`), kept alive by it; nil when the
    /// storage is this text's own, which its `deinit` frees.
    private var storageBase: PreparedText? {
        @inline(__always) get { extras?.storageBase }
    }
    /// What a view of the storage keeps alive (`StoredArray.owner`).
    var storageOwner: PreparedText {
        @inline(__always) get { extras?.storageBase ?? self }
    }
    /// prefix[i] = sum of advances of units 0..<i, in 1/1024 pt; count = units.count + 1.
    var prefix: StoredArray<Int> { StoredArray(storageOwner, storage.prefixBuffer) }
    /// Per UTF-16 position (count + 1): see `Flag`.
    var flags: StoredArray<UInt8> { StoredArray(storageOwner, storage.flagsBuffer) }
    var paragraphs: StoredArray<Paragraph> { StoredArray(storageOwner, storage.paragraphsBuffer) }
    /// UAX #14 break opportunities (allowed and mandatory), ascending.
    var breaks: StoredArray<Int32> { StoredArray(storageOwner, storage.breaksBuffer) }
    /// The mandatory ones among `breaks` (after BK, CR, LF, NL), ascending.
    var mandatoryBreaks: StoredArray<Int32> { StoredArray(storageOwner, storage.mandatoryBreaksBuffer) }
    /// For each opportunity in `breaks`: the prefix sum at its end without hanging whitespace, so the
    /// width of a line from `s` to opportunity j is `breakVisiblePrefix[j] − prefix[s]`.
    var breakVisiblePrefix: StoredArray<Int> { StoredArray(storageOwner, storage.breakVisiblePrefixBuffer) }
    /// Whether any opportunity lies between two Hangul characters (only then `.hangulWordPriority`
    /// needs the scanning path).
    var hasBreaksBetweenHangul: Bool { storage.hasBreaksBetweenHangul }
    /// For each opportunity in `breaks`, what the breaker's fast path needs to end a line there without
    /// looking at the text: the visible end (the opportunity moved back over hanging whitespace, W4) in
    /// the low 31 bits, and `breakEndNeedsReshaping` when the visible end or the opportunity itself is
    /// unsafe to break (the line's widths then need `width(_:_:)`'s reshaping), or the next
    /// opportunity's is (its stored width may be larger than its reshaped one, so it may fit after all:
    /// the general code tries it). 4 bytes per opportunity.
    var breakEnds: StoredArray<UInt32> { StoredArray(storageOwner, storage.breakEndsBuffer) }
    /// For each paragraph, the index in `breaks` of its first opportunity at or after its end: one past
    /// its last candidate for a soft break. 4 bytes per paragraph.
    var paragraphBreaksEnd: StoredArray<Int32> { StoredArray(storageOwner, storage.paragraphBreaksEndBuffer) }
    /// Whether `FastBreaker.run` may lay this text out: no mandatory break inside a paragraph
    /// (U+2028, VT, FF) and offsets that fit `breakEnds`.
    var allowsFastBreaking: Bool { storage.allowsFastBreaking }
    /// Whether `breakVisiblePrefix` never decreases (no negative advances): then a line's fitting
    /// opportunities are exactly those before the first that does not fit, and the fast path may search
    /// from a guess instead of galloping from the line's start.
    var breakVisiblePrefixIsMonotone: Bool { storage.breakVisiblePrefixIsMonotone }
    /// Grapheme-cluster boundaries, ascending, from 0 to units.count (not stored when every unit starts a
    /// cluster: `ClusterStarts`).
    var graphemes: ClusterStarts {
        ClusterStarts(owner: storageOwner, view: storage.graphemes, count: storage.graphemeCount)
    }
    /// Shaped segments in text order (for reshaping inside one).
    var segments: StoredArray<Segment> { StoredArray(storageOwner, storage.segmentsBuffer) }
    /// Fallback faces used (face index 1 and up, in order of first use); index 0 is `font`'s own face,
    /// which `font` keeps alive. Not stored with them: a `[font.face]` array per text cost an allocation
    /// and atomic reference counting on the face every thread shares. Held as `FaceReference`s, so the
    /// bundled fallback face most CJK text shares is not reference counted either.
    let fallbackFaceReferences: [FaceReference]
    /// The fallback faces as objects (rare paths: reshaping, drawing, `fallbackFonts`).
    var fallbackFaces: [Face] { fallbackFaceReferences.map(\.face) }
    /// Faces used: index 0 is the font's own face, the rest fallbacks (rare paths: reshaping, drawing).
    var faces: [Face] { [font.face] + fallbackFaces }
    /// Face `index` of a segment.
    func face(_ index: Int) -> Face { index == 0 ? font.face : fallbackFaceReferences[index - 1].face }
    /// The truncation token U+2026 shaped in the font (or its fallback), in 1/1024 pt (rule T1); see
    /// `ellipsisWidth`. `Int.min` until first needed.
    private let ellipsisWidthMemo = Atomic<Int>(Int.min)
    /// `font.lineHeight`, read once: `measure` needs it per call, and reading it through the shared face
    /// costs reference counting that two threads contend on.
    let lineHeight: CGFloat
    /// `font.ascender`, read once: every `layout` stores it for its lines' baselines (a call and a
    /// division through the face each time).
    let ascender: CGFloat
    /// The whole text's width without hanging whitespace (W4) when the breaker's fast path lays it out as
    /// one line at any limit at least this wide, else `Int.max`. See `oneLineWidth(_:derived:)`.
    let oneLineWidth: Int
    /// The whole text's width with its hanging whitespace, kept beside `oneLineWidth` so that `measure`'s
    /// one-line answer reads nothing but this object (the storage block and the units' buffer are further
    /// cache misses the first time a text is measured again).
    let oneLineWidthWithWhitespace: Int
    /// Reshaped pieces' widths, remembered across layouts (`width(_:_:)`).
    let reshapedPieces: ReshapedPieces
    /// How far past its limit an emergency break looks (W2): `emergencyReach(font:styling:)`, stored.
    let emergencyReach: Int
    /// A styled text's attribute runs and their line-box metrics (`PreparedText(styled:)`); nil for plain
    /// text, whose paths never look further.
    // Inlined: a call here cost a truncating relayout's `ellipsisWidth` more than the field it replaced.
    var styling: Styling? {
        @inline(__always) get { extras?.styling }
    }
    /// The paragraph style when it changes anything (`PreparedText+Paragraph.swift`); nil for plain text.
    let paragraphSettings: ParagraphSettings?
    /// Why this text cannot be measured, if it cannot (`MeasureError.clusterTooWide`); `oneLineWidth` is
    /// then `Int.max`, so `layout` and `measure` check it only off their one-line path.
    let measureProblem: MeasureError?
    /// The bidi levels: resolved while preparing a text that may run right to left, whose segments are cut
    /// at level changes (D8), else known to be none (`bidi`, PreparedText+Bidi.swift).
    let bidiMemo = BidiMemoSlot()
    /// The address of a hyphenated text's per-point line-end data (`HyphenPoints`, retained; released in
    /// `deinit`), 0 for other text. Stored once at the end of preparing, when `width` can reshape, so not
    /// a `let` of its own; an address rather than an `AtomicLazyReference`, whose generic `load` cost a
    /// hyphenated measure about 400 instructions (callgrind).
    private let hyphenPointsAddress = Atomic<UInt>(0)

    /// The text's `HyphenPoints`, when the fast breaker lays it out with its hyphens.
    var hyphenPoints: HyphenPoints? {
        let address = hyphenPointsAddress.load(ordering: .acquiring)
        guard address != 0, let pointer = UnsafeRawPointer(bitPattern: address) else { return nil }
        return Unmanaged<HyphenPoints>.fromOpaque(pointer).takeUnretainedValue()
    }

    private func storeHyphenPoints(_ points: HyphenPoints) {
        hyphenPointsAddress.store(UInt(bitPattern: Unmanaged.passRetained(points).toOpaque()), ordering: .releasing)
    }

    /// Whether a unit may need bidi resolution (`CharacterTable.Bit.mayNeedBidi`, found while preparing):
    /// when false, a text without a stored `bidiMemo` has none to resolve, and `bidi` answers with no scan.
    let mayBeRightToLeft: Bool
    /// The custom truncation token shown instead of "…" (`withTruncationToken(_:)`, T8), shaped once; nil
    /// for "…". Read only where a line is cut, so other layouts never look at it.
    var truncationTokenShape: TruncationTokenShape? {
        @inline(__always) get { extras?.truncationTokenShape }
    }

    /// The fields of `extras`: set once, in `init`, made only when one of them is not nil.
    final class Extras: Sendable {
        let storageBase: PreparedText?
        let styling: Styling?
        let truncationTokenShape: TruncationTokenShape?

        /// Nil when every field is: a plain text's.
        static func make(
            storageBase: PreparedText? = nil, styling: Styling?, truncationTokenShape: TruncationTokenShape? = nil
        ) -> Extras? {
            guard storageBase != nil || styling != nil || truncationTokenShape != nil else { return nil }
            return Extras(storageBase: storageBase, styling: styling, truncationTokenShape: truncationTokenShape)
        }

        private init(storageBase: PreparedText?, styling: Styling?, truncationTokenShape: TruncationTokenShape?) {
            self.storageBase = storageBase
            self.styling = styling
            self.truncationTokenShape = truncationTokenShape
        }
    }

    struct Segment: Sendable, Equatable {
        var start: Int32
        var end: Int32
        var face: UInt16
        /// A styled text's style index (`Styling.styles`); face 0 is then that style's font. 0 in plain text.
        var style: UInt16 = 0
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
        // A text prepared before on this thread is copied from its record (`TextRecords`); one seen once
        // is recorded now, if its answer depends on nothing but the font and the text.
        let lookup = TextRecords.find(text, font: font)
        if let payload = lookup.payload {
            self.init(text, recorded: payload.assumingMemoryBound(to: TextRecords.Header.self), font: font)
            return
        }
        self.init(text, built: Builder.build(text, font: font), font: font)
        if lookup.key.seen { TextRecords.insert(self, lookup) }
    }

    /// A text from its record (`TextRecords`): the recorded storage block copied, the recorded figures,
    /// and the fallback faces, bidi levels and paragraph settings the record shares (none for a text in its
    /// font's face alone, left to right); the rest what `init(_:built:font:...)` gives such a text.
    private init(_ text: String, recorded header: UnsafePointer<TextRecords.Header>, font: Font) {
        storage = Storage(
            recorded: header, block: UnsafeRawPointer(header) + TextRecords.blockOffset)
        oneLineWidth = header.pointee.oneLineWidth
        oneLineWidthWithWhitespace = header.pointee.oneLineWidthWithWhitespace
        measureProblem = nil
        self.font = font
        lineHeight = font.lineHeight
        ascender = font.ascender
        // The font's, as the built text computed it (a pure function of the face and size in the key).
        emergencyReach = header.pointee.emergencyReach
        reshapedPieces = ReshapedPieces(unitCount: storage.unitsBuffer.count)
        mayBeRightToLeft = header.pointee.mayBeRightToLeft
        extras = nil
        self.text = text
        guard let shared = header.pointee.shared?.takeUnretainedValue() else {
            paragraphSettings = nil
            fallbackFaceReferences = []
            return
        }
        paragraphSettings = shared.paragraphSettings
        fallbackFaceReferences = shared.fallbackFaceReferences
        // The levels of these very units (the record's key is the text), immutable: shared, not resolved.
        if let memo = shared.bidiMemo { _ = bidiMemo.storeIfNil(memo) }
    }

    /// Without `Builder`'s run shortcut when `extendsRuns` is false (the test that compares the paths).
    convenience init(_ text: String, font: Font, extendsRuns: Bool) {
        self.init(text, built: Builder.build(text, font: font, extendsRuns: extendsRuns), font: font)
    }

    /// Prepares text given as UTF-16 code units, which may be invalid: each unpaired surrogate becomes
    /// U+FFFD, so offsets in results still match the input.
    public convenience init(utf16 units: [UInt16], font: Font) {
        self.init(String(decoding: units, as: UTF16.self), font: font)
    }

    fileprivate convenience init(
        _ text: String, built: consuming Builder.Output, font: Font, paragraph: ParagraphSettings? = nil,
        style: ParagraphStyle? = nil
    ) {
        self.init(
            text, built: built, font: font, styling: nil, lineHeight: font.lineHeight, ascender: font.ascender,
            paragraph: paragraph, style: style)
    }

    /// `lineHeight` and `ascender` are the one-line answers (`font`'s for plain text, the whole text's line
    /// box for styled text). A styled text whose lines differ in height is placed by the paragraph rules
    /// even without a style (`ParagraphGeometry` stacks its line boxes, S6), and so is a text with
    /// right-to-left characters or a right-to-left `baseWritingDirection`, whose natural alignment may be
    /// the right (D2). `style` nil is `ParagraphStyle()`: a plain text never copies a style.
    init(
        _ text: String, built: consuming Builder.Output, font: Font, styling: Styling?, lineHeight: CGFloat,
        ascender: CGFloat,
        paragraph: ParagraphSettings? = nil, style: ParagraphStyle? = nil, language: String? = nil,
        languages: [(range: Range<Int>, language: String)]? = nil
    ) {
        // The storage made straight into the object from the pass's buffers (made in a local, it was copied
        // in: a retain of its block and a release), and the scratch block handed back at once.
        storage = built.pass.makeStorage()
        built.pass.finish()
        // Everything read from `built` first, and its fields moved into the object last: a read after a
        // field's store kept the optimiser from moving it (a retain here and a release when `built` died).
        let count = storage.unitsBuffer.count
        let clusterTooWide = built.clusterTooWide
        let mayBeRightToLeft = built.mayBeRightToLeft
        let hasTab = built.hasTab
        // Looked for only when the pass saw a soft hyphen or the style hyphenates: plain text builds no
        // language list and makes no call here (callgrind, `ui` set).
        let hyphenationStyle = style ?? paragraph?.style
        let hyphenation =
            built.hasSoftHyphen || (hyphenationStyle?.effectiveHyphenationFactor ?? 0) > 0
            ? Self.hyphenation(
                storage, font: font, styling: styling, fallbacks: built.fallbackFaces,
                hasSoftHyphen: built.hasSoftHyphen, style: hyphenationStyle, language: language, languages: languages)
            : nil
        // The levels the pass resolved to cut the segments at level changes (D8): it resolves them for every
        // text that may run right to left or is set in a right-to-left paragraph, with this style's direction
        // (each caller gives the builder the style's), so nil means every level is 0.
        let resolvedBidi = built.bidi?.takeRetainedValue()
        assert(resolvedBidi != nil || style?.baseWritingDirection != .rightToLeft, "built without the style's direction")
        let bidirectional = resolvedBidi?.levels != nil
        measureProblem = clusterTooWide ? MeasureError.clusterTooWide(size: Double(font.pointSize)) : nil
        // K1: a negative kern can take the whole text below 0; its reported width is 0. Clamped here, once,
        // so the one-line answer of every later measure costs nothing more (the fit test is unchanged:
        // both are ≤ any width).
        oneLineWidth = clusterTooWide ? .max : max(0, Self.oneLineWidth(count: count, storage))
        oneLineWidthWithWhitespace = max(0, storage.prefixBuffer[count] &- storage.prefixBuffer[0])
        self.font = font
        self.lineHeight = lineHeight
        self.ascender = ascender
        reshapedPieces = ReshapedPieces(unitCount: count)
        emergencyReach = Self.emergencyReach(font: font, styling: styling)
        self.mayBeRightToLeft = mayBeRightToLeft
        // `style` changed nothing for left-to-right text (`paragraph` is nil), but in a right-to-left
        // paragraph its natural or `.left` alignment places lines (D2). A tab in a text prepared without
        // a style goes to the default style's stops, as in UIKit, where every text has a paragraph style
        // (P10); decided here, so text without a tab keeps the plain paths.
        if hyphenation != nil || paragraph == nil && (styling?.needsLineBoxes == true || bidirectional || hasTab) {
            paragraphSettings = Self.settings(
                storage.unitsBuffer, hyphenation: hyphenation, paragraph: paragraph, style: style, hasTab: hasTab)
        } else {
            paragraphSettings = paragraph
        }
        extras = Extras.make(styling: styling)
        self.text = text
        fallbackFaceReferences = built.fallbackFaces
        // Kept, so `bidi` never resolves them again (nor scans for them when none was needed).
        if let resolvedBidi { _ = bidiMemo.storeIfNil(resolvedBidi) }
        // Width-independent, so here rather than in the first layout (issue 31): only a text that the
        // fast breaker lays out with its hyphens.
        if let settings = paragraphSettings, settings.breaksOnlyAtHyphens, storage.allowsFastBreaking {
            makeHyphenPoints(settings)
        }
    }

    /// The paragraph settings of a text that hyphenates, has a tab, right-to-left levels or line boxes of
    /// differing heights. Out of line, as is everything only such text does, so the code a plain text runs
    /// while preparing stays short: a stream of cold texts misses the instruction cache on each of its
    /// lines every time (callgrind --cache-sim, session 22).
    @inline(never)
    private static func settings(
        _ units: UnsafeBufferPointer<UInt16>, hyphenation: Hyphenation?, paragraph: ParagraphSettings?,
        style: ParagraphStyle?, hasTab: Bool
    ) -> ParagraphSettings {
        let tabs = hasTab ? Self.tabPositions(units) : []
        if let hyphenation {
            // Hyphens change lines' widths where they end: the general breaker, through the settings (H8).
            return ParagraphSettings(
                paragraph?.style ?? style ?? ParagraphStyle(), tabPositions: tabs, hyphenation: hyphenation)
        }
        return ParagraphSettings(style ?? ParagraphStyle(), tabPositions: tabs)
    }

    /// The hyphen points of a text the fast breaker lays out with its hyphens, if any (out of line, as
    /// `settings`).
    @inline(never)
    private func makeHyphenPoints(_ settings: ParagraphSettings) {
        if let hyphenation = settings.hyphenation, let points = HyphenPoints.make(self, hyphenation) {
            storeHyphenPoints(points)
        }
    }

    /// `base` with `token` as its truncation token (T8): the same storage, styling and paragraph settings,
    /// shared, not copied; only the per-text caches start empty. The "…" width memo holds the token's
    /// width, so the breakers' budget (`ellipsisWidth`) is the token's with no further test.
    init(sharing base: PreparedText, token: TruncationTokenShape?) {
        storage = base.storage
        extras = Extras.make(storageBase: base.storageBase ?? base, styling: base.styling, truncationTokenShape: token)
        paragraphSettings = base.paragraphSettings
        measureProblem = base.measureProblem
        text = base.text
        font = base.font
        fallbackFaceReferences = base.fallbackFaceReferences
        lineHeight = base.lineHeight
        ascender = base.ascender
        oneLineWidth = base.oneLineWidth
        oneLineWidthWithWhitespace = base.oneLineWidthWithWhitespace
        reshapedPieces = ReshapedPieces(unitCount: base.storage.unitsBuffer.count)
        emergencyReach = base.emergencyReach
        mayBeRightToLeft = base.mayBeRightToLeft
        if let known = base.bidiMemo.load() { _ = bidiMemo.storeIfNil(known) }
        if let known = base.hyphenPoints { storeHyphenPoints(known) }
        if let token { ellipsisWidthMemo.store(token.width, ordering: .relaxed) }
    }

    deinit {
        // A shared storage is its base's, which this text kept alive until now.
        if extras?.storageBase == nil { storage.release() }
        let address = hyphenPointsAddress.load(ordering: .acquiring)
        if address != 0, let pointer = UnsafeRawPointer(bitPattern: address) {
            Unmanaged<HyphenPoints>.fromOpaque(pointer).release()
        }
    }

    /// The text's hyphenation (H1–H9), or nil: looked for only when the pass saw a soft hyphen, or the
    /// style's factor is above 0 and the language has a dictionary, so other text pays nothing.
    @inline(never)
    private static func hyphenation(
        _ storage: borrowing Storage, font: Font, styling: Styling?, fallbacks: [FaceReference],
        hasSoftHyphen: Bool, style: ParagraphStyle?, language: String?,
        languages: [(range: Range<Int>, language: String)]?
    ) -> Hyphenation? {
        let count = storage.unitsBuffer.count
        let languages = languages ?? language.map { [(0..<count, $0)] } ?? []
        let factor = Int((Double(style?.effectiveHyphenationFactor ?? 0) * 1024).rounded())
        // Each language range's dictionary, when the factor asks for any (H3, H6).
        let dictionaries: [(range: Range<Int>, dictionary: HyphenDictionary)] =
            factor > 0
            ? languages.compactMap { entry in HyphenDictionaries.dictionary(for: entry.language).map { (entry.range, $0) } }
            : []
        guard hasSoftHyphen || !dictionaries.isEmpty else { return nil }
        // A segment's face and size: a styled text's face 0 is its style's font (S2).
        func hyphenFace(_ segment: Segment) -> (Face, Int32) {
            let styleFont = styling.map { $0.styles[Int(segment.style)].font } ?? font
            let face = segment.face == 0 ? styleFont.face : fallbacks[Int(segment.face) - 1].face
            return (face, styleFont.scale)
        }
        return Hyphenation.make(
            units: storage.unitsBuffer, breaks: storage.breaksBuffer, segments: storage.segmentsBuffer,
            hyphenFace: hyphenFace, hasSoftHyphen: hasSoftHyphen,
            dictionary: { position in dictionaries.first { $0.range.contains(position) }?.dictionary },
            factor: dictionaries.isEmpty ? 0 : factor)
    }

    /// The UTF-16 offsets of the tabs in `units` (P10), read only for a text the build saw a tab in.
    private static func tabPositions(_ units: UnsafeBufferPointer<UInt16>) -> [Int] {
        var positions: [Int] = []
        for index in 0..<units.count where units[index] == 0x09 { positions.append(index) }
        return positions
    }

    /// `init(_:font:)` with a paragraph style's settings (see `init(_:font:paragraphStyle:)`) and the
    /// style itself, whose direction and alignment a right-to-left text needs even when the settings are
    /// nil (`init(_:font:baseWritingDirection:)`).
    convenience init(
        _ text: String, font: Font, paragraph: ParagraphSettings?,
        style: ParagraphStyle = .default, language: String? = nil
    ) {
        self.init(
            text, built: Builder.build(text, font: font, baseWritingDirection: style.baseWritingDirection), font: font,
            styling: nil, lineHeight: font.lineHeight, ascender: font.ascender, paragraph: paragraph, style: style,
            language: language)
    }

    /// When a text is one non-blank paragraph (no separator after it, no mandatory break inside: U+2028,
    /// VT, FF), starts at a safe position, and its stored opportunity widths never decrease, it is one
    /// line at any limit at least its visible width, in every mode (W2: no opportunity is needed; T2/T4:
    /// nothing to cut). That width is the last opportunity's (the text's end) stored visible width, when
    /// no reshaping is needed there. Most labels and buttons, and any text relaid out wider than itself,
    /// are answered with it (`fitsOnOneLine`).
    ///
    /// Reads the storage's raw buffers: each `StoredArray` view retains and releases the block.
    private static func oneLineWidth(count: Int, _ built: borrowing Storage) -> Int {
        guard built.breakVisiblePrefixIsMonotone, built.allowsFastBreaking, built.paragraphsBuffer.count == 1,
            count > 0, built.paragraphsBuffer[0].end == count, built.flagsBuffer[0] & Flag.unsafe == 0,
            built.breaksBuffer.last.map(Int.init) == count, let end = built.breakEndsBuffer.last,
            end & breakEndNeedsReshaping == 0, end > 0, let visible = built.breakVisiblePrefixBuffer.last
        else { return .max }
        return visible - built.prefixBuffer[0]
    }

    /// The truncation token U+2026 shaped in the font when it has the glyph, else in its fallback face,
    /// in 1/1024 pt (rule T1). Found on the first truncation, not while preparing: most texts are never
    /// truncated, and the look-up was a visible part of preparing a short label (~390 instructions). A
    /// race computes the same value twice.
    ///
    /// Inlined, the first look apart (`storeEllipsisWidth`): a truncating relayout reads it per cut line.
    var ellipsisWidth: Int {
        @inline(__always) get {
            let memo = ellipsisWidthMemo.load(ordering: .relaxed)
            return memo != Int.min ? memo : storeEllipsisWidth()
        }
    }

    /// Finds and remembers `ellipsisWidth`.
    @inline(never)
    private func storeEllipsisWidth() -> Int {
        // A styled text's widest "…" (S7): a cut budgeted with it fits whichever run it ends in.
        let width = styling.map { $0.ellipsisWidths().max() ?? 0 } ?? Self.shapedEllipsisWidth(font)
        ellipsisWidthMemo.store(width, ordering: .relaxed)
        return width
    }

    /// The face the ellipsis is shaped in (rule T1): the font's own when it has U+2026, else the fallback
    /// that has it. Measuring (`ellipsisWidth`) and drawing (`appendEllipsis`) both ask here, so the
    /// "…" drawn is the one measured.
    static func ellipsisFace(for font: Font) -> Face {
        let primary = font.face
        return primary.hasGlyph(for: 0x2026) ? primary : FontCatalog.shared.fallbackFace(for: 0x2026, font: font) ?? primary
    }

    /// Set in `breakEnds` when a line ending at that opportunity, or at the next, needs reshaping to
    /// measure.
    static let breakEndNeedsReshaping: UInt32 = 1 << 31

    /// The UTF-16 length of the text.
    public var utf16Count: Int { storage.unitsBuffer.count }

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
