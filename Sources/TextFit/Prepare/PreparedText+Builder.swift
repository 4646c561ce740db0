import Foundation

extension PreparedText {
    /// One pass over the text's grapheme clusters: flags, fallback faces, script runs, segments, shaping.
    ///
    /// Written for the warm path (a feed's steady state, where every word is in the segment cache): the
    /// pass reads each UTF-16 unit's properties from `CharacterTable`, walks clusters without building
    /// `Character`s where a boundary is certain (`GraphemeFastPath`), goes through the inside of runs in a
    /// loop of its own (`extendSegment`), writes into buffers allocated once, and then asks the segment
    /// cache for every segment, a run of look-ups per call, reading cached shaping straight into them
    /// (`shapeSegments`): nothing per character asks HarfBuzz, Swift or a `switch`, and nothing is
    /// allocated per word.
    ///
    /// The build touches the font's face without reference counting (`Pass.primary`): the face is shared
    /// by every thread preparing text in that font, and each retain or release of it is an atomic write to
    /// a cache line the cores then pass back and forth.
    struct Builder {
        let text: String
        let font: Font
        /// Whether the pass takes `extendSegment`'s shortcut through the inside of runs; false only in the
        /// test that compares it with the general path, cluster by cluster.
        var extendsRuns = true

        /// What a build leaves for `PreparedText.init(built:)`, which makes the text's `Storage` from `pass`
        /// straight into the new object and then hands the scratch block back (`finish`). Whoever reads an
        /// output must call `pass.finish()` once: until then the thread's block stays held, and the thread's
        /// next builds allocate blocks of their own (correct, but the cost this block saves).
        ///
        /// Why not the `Storage` itself: a storage made here was copied into the text (a retain of its block
        /// and a copy of its ≈ 200 bytes) and this output's released, ≈ 300 instructions a text, however the
        /// output was passed; the pass's buffers are plain pointers, which cost nothing to hand over.
        struct Output {
            var text: String
            /// The pass's buffers in the scratch block, valid until `finish`.
            var pass: Built
            /// The fallback faces (face index 1 and up); face 0 is the font's own, kept by the caller's font.
            var fallbackFaces: [FaceReference]
            /// Whether a cluster was too wide to store (`MeasureError.clusterTooWide`).
            var clusterTooWide = false
            /// Whether a unit may need bidi resolution (`CharacterTable.Bit.mayNeedBidi`, seen by the pass);
            /// false for most text, which then never scans for it.
            var mayBeRightToLeft = false
            /// Whether the text has a tab (seen by `single` and `multiple`, where every tab goes): a text
            /// without one never scans for tab positions (P10).
            var hasTab = false
        }

        /// The buffers a pass wrote, in the scratch block `scratch` (`BuildScratch`), for `Storage.init`.
        struct Built {
            let scratch: UnsafeMutableRawPointer
            let units: UnsafeBufferPointer<UInt16>
            let advances: UnsafePointer<Int32>
            let flags: UnsafePointer<UInt8>
            let breaks: UnsafeBufferPointer<Int32>
            let graphemes: UnsafeBufferPointer<Int32>
            let segments: UnsafeBufferPointer<Segment>
            let paragraphs: UnsafeBufferPointer<Paragraph>

            /// Prefix sums, flags, opportunities, clusters, segments, paragraphs and what is derived from
            /// them, in one block (`Storage`), copied from the buffers.
            func makeStorage() -> Storage {
                Storage(units: units, advances: advances, flags: flags, breaks: breaks, graphemes: graphemes,
                        segments: segments, paragraphs: paragraphs)
            }

            /// Hands the scratch block back: the buffers are invalid after.
            func finish() { ThreadScratch.release(scratch) }
        }

        /// A run between words (ideographs, a hyphenated word) is cut into segments at its first break
        /// opportunity at or after this many UTF-16 units, so its pieces stay short enough to be cached
        /// (`SegmentCache.maximumCachedLength`) and repeat.
        static let segmentCutLength = 64

        /// The prepared text (`extendsRuns` false: without the run shortcut, for the test that compares).
        func build() -> PreparedText {
            PreparedText(text, font: font, extendsRuns: extendsRuns)
        }

        /// Builds without making a `Builder` (a copy of `font` retains its face when the face was loaded from
        /// a file; bundled faces are never reference counted, see `Font.face`). `font` is borrowed for the
        /// whole call, which keeps its face alive for the pass's unretained reference.
        /// With `styling`, the runs' fonts, kerns and attachments are applied after the plain pass
        /// (`Pass.restyle`), before the widths are summed.
        /// The output holds the thread's scratch block: its reader calls `pass.finish()` once it has copied
        /// the buffers (`PreparedText.init(built:)` does), and prepares no other text on this thread before
        /// (one that did would only fall back to a block of its own, `BuildScratch`).
        static func build(_ original: String, font: Font, extendsRuns: Bool = true, styling: Styling? = nil) -> Output {
            var text = original
            let face = Unmanaged.passUnretained(font.face)
            let scale = font.scale
            let fontconfigOrder = font.fallback == .fontconfig
            // `withUTF8` makes the string native and contiguous first if it is not; its bytes are valid UTF-8.
            return text.withUTF8 { bytes in
                // The pass's temporaries (the look-ups, the decoded units, the pass's buffers) in one block:
                // the thread's scratch block (`BuildScratch`), so preparing a text allocates nothing for them.
                // UTF-16 never needs more units than UTF-8 has bytes, so the block is sized by the bytes.
                let size = BuildScratch.Sizes(utf8Count: bytes.count)
                // Handed back by the output's reader, once it has copied the buffers (`Built.finish`).
                let scratch = ThreadScratch.acquire(byteCount: size.byteCount)
                let lookups = (scratch + size.lookups).bindMemory(to: SegmentCacheStorage.Lookup.self, capacity: Pass.lookupChunk)
                let decoded = (scratch + size.units).bindMemory(to: UInt16.self, capacity: bytes.count + 1)
                let count = UTF16Units.decode(bytes, into: decoded)
                // One more for the sentinel after the text, a space (simple, as the text's end is a cluster
                // boundary), so `extendSegment` reads the next unit's entry without a bounds check.
                decoded[count] = 0x20
                return build(original, UnsafeBufferPointer(start: decoded, count: count), face: face, scale: scale,
                             fontconfigOrder: fontconfigOrder, extendsRuns: extendsRuns, block: scratch,
                             scratch: scratch + size.pass, lookups: lookups, styling: styling)
            }
        }

        /// Every buffer is written in the pass's scratch memory (in `block`, the scratch block) and copied
        /// once into the text's storage block (`Storage`, made by `PreparedText.init(built:)`), which also
        /// receives what is derived from them (the prefix sums of the advances among them).
        private static func build(_ text: String, _ u: UnsafeBufferPointer<UInt16>, face: Unmanaged<Face>, scale: Int32,
                                  fontconfigOrder: Bool, extendsRuns: Bool, block: UnsafeMutableRawPointer,
                                  scratch: UnsafeMutableRawPointer,
                                  lookups: UnsafeMutablePointer<SegmentCacheStorage.Lookup>, styling: Styling?) -> Output {
            let count = u.count
            var pass = Pass(face: face, scale: scale, count: count, extendsRuns: extendsRuns, scratch: scratch, lookups: lookups)
            pass.fontconfigOrder = fontconfigOrder
            pass.run(u, pass.flags)
            if let styling, styling.changesShaping { pass.restyle(u, styling) }
            let built = Built(scratch: block, units: u, advances: pass.advances, flags: pass.flags,
                              breaks: UnsafeBufferPointer(start: pass.breaks, count: pass.breakCount),
                              graphemes: UnsafeBufferPointer(start: pass.graphemes, count: pass.graphemeCount),
                              segments: UnsafeBufferPointer(start: pass.segments, count: pass.segmentCount),
                              paragraphs: UnsafeBufferPointer(start: pass.paragraphs, count: pass.paragraphCount))
            return Output(text: text, pass: built, fallbackFaces: pass.fallbacks,
                          clusterTooWide: pass.clusterTooWide, mayBeRightToLeft: pass.mayBeRightToLeft,
                          hasTab: pass.hasTab)
        }
    }

    /// The state of one build pass. A struct whose methods mutate it (rather than closures capturing local
    /// variables) so the hot loop pays no dynamic exclusivity checks. Its scratch buffers share one
    /// block (`Layout`), and the per-face arrays of the rare cache miss are made on the first miss:
    /// a UI string is short enough that each allocation and free was a visible part of its preparation.
    struct Pass {
        let count: Int
        let extendsRuns: Bool
        let table = CharacterTable.shared
        /// Read from the global each time rather than stored: a stored reference cost a retain and a
        /// release of the catalog, shared by all threads, per text.
        var catalog: FontCatalog { FontCatalog.shared }
        /// The font's face, unretained: `Builder.build`'s borrowed `font` keeps it alive, and every retain of
        /// a face shared by all threads is an atomic write to a cache line both cores use. (An
        /// `unowned(unsafe)` property still cost a retain and a release per use; `Unmanaged` costs none.)
        /// Read as a `Face` (`primary`, +1) only on rare paths: a cache miss, a fallback for U+2026.
        let primaryRef: Unmanaged<Face>
        var primary: Face { primaryRef.takeUnretainedValue() }
        let primaryCoverage: UnsafePointer<UInt64>
        let scale: Int32
        /// Whether characters the font lacks fall back in Fontconfig's order for it (`FontFallback`);
        /// read only when a cluster needs a fallback.
        var fontconfigOrder = false

        /// Per unit, the advance HarfBuzz gave the cluster starting there (0 elsewhere).
        let advances: UnsafeMutablePointer<Int32>
        /// ICU's opportunities, then (filtered in place) the kept ones: cluster boundaries only.
        let breaks: UnsafeMutablePointer<Int32>
        var breakCount = 0
        let icuMandatory: UnsafeMutablePointer<UInt8>
        var icuCount = 0
        var icuIndex = 0
        let graphemes: UnsafeMutablePointer<Int32>
        var graphemeCount = 0
        /// Per unit, HarfBuzz's flags of the segment starting at or before it, written where the segment
        /// lies (as `advances`); read only for segments whose look-up found flags.
        let shapeFlags: UnsafeMutablePointer<UInt8>
        /// A chunk of segments' look-ups, made by `lookUpChunk`, which asks the cache for all of them in one
        /// call (`SegmentCacheStorage.findRun`), and what each found.
        let lookups: UnsafeMutablePointer<SegmentCacheStorage.Lookup>
        let lookupResults: UnsafeMutablePointer<UInt8>
        /// The misses waiting to be shaped together (`flushPending`), at most `pendingCapacity`, all in face
        /// `pendingFace` and script `pendingScript`, `pendingUnits` units in all; after the look-ups in the
        /// scratch block (`BuildScratch.Sizes`), with a byte each for `tf_shape_joined`'s answer.
        let pending: UnsafeMutablePointer<SegmentCacheStorage.Lookup>
        let pendingSliced: UnsafeMutablePointer<UInt8>
        var pendingCount = 0
        var pendingUnits = 0
        var pendingFace = 0
        var pendingScript: UInt32 = 0
        /// One bit per pending hash (its low six bits): most look-ups after a miss are told apart from the
        /// pending misses by one test.
        var pendingHashBits: UInt64 = 0
        /// The last script found to be left to right (`isJoinable`), so a text asks HarfBuzz once.
        var leftToRightScript: UInt32 = 0
        /// `SegmentCache.Key.basis`, read once per text (each read of the global checks its initialisation).
        let hashBasis = SegmentCache.Key.basis

        /// The catalog's bundled-fallback table (`FontCatalog.bundledFallbackTable`): read per character
        /// with no lock and no reference counting.
        let bundledTable: UnsafePointer<UInt8>
        /// The bundled faces by that table's index − 1, unretained (`FaceReference`).
        let bundledFaces: UnsafePointer<Unmanaged<Face>>

        /// Where `paragraphs`, `segments`, `advances`, `breaks`, `graphemes`, `icuMandatory`,
        /// `lookupResults`, `shapeFlags` and `flags` lie in the pass's one scratch block (the caller's,
        /// `Layout.byteCount` bytes): eight-byte fields first, then four-byte ones, then bytes, so every
        /// buffer stays aligned.
        struct Layout {
            let paragraphs: Int
            let segments: Int
            let advances: Int
            let breaks: Int
            let graphemes: Int
            let icuMandatory: Int
            let lookupResults: Int
            let shapeFlags: Int
            let flags: Int
            let byteCount: Int

            /// Wrapping arithmetic: `count` is at most a string's UTF-8 length (below 2^48 bytes of address
            /// space), so no offset comes near overflow, and the checks were half of this per-text cost.
            init(count: Int) {
                let units = max(1, count)
                let positions = count &+ 1
                paragraphs = 0
                segments = paragraphs &+ MemoryLayout<Paragraph>.stride &* positions
                advances = segments &+ MemoryLayout<Segment>.stride &* units
                breaks = advances &+ MemoryLayout<Int32>.stride &* units
                graphemes = breaks &+ MemoryLayout<Int32>.stride &* positions
                icuMandatory = graphemes &+ MemoryLayout<Int32>.stride &* positions
                lookupResults = icuMandatory &+ positions
                shapeFlags = lookupResults &+ Pass.lookupChunk
                flags = shapeFlags &+ units
                byteCount = flags &+ positions
            }
        }
        /// Per UTF-16 position (count + 1), the text's `Flag`s: zero, then or-ed in by the pass.
        let flags: UnsafeMutablePointer<UInt8>
        /// The shaped segments so far (at most one per unit), copied into an array of their number at the end.
        let segments: UnsafeMutablePointer<Segment>
        var segmentCount = 0

        /// The fallback faces: face index i > 0 is `fallbacks[i - 1]` (index 0 is `primary`).
        var fallbacks: [FaceReference] = []
        /// The cache key's face id of `primary` (the fallbacks' are read from their faces).
        let primaryID: Int
        /// Per face, its HarfBuzz font, read only when shaping misses the cache: fetched on the first miss
        /// (`harfBuzzFont(at:)`, the look-up takes the face's lock), and these arrays made then too.
        var harfBuzzFonts: [HarfBuzzFont?] = []
        /// Set when HarfBuzz gave a cluster too wide to store (`SegmentShaper.Result.clusterTooWide`).
        var clusterTooWide = false
        /// Set at the first unit that may need bidi resolution (`CharacterTable.Bit.mayNeedBidi`): `single`
        /// and `multiple` test each unit they take, and `extendSegment` leaves such units to them until then.
        var mayBeRightToLeft = false
        /// Set at a tab: only `single` and `multiple` take one (its entry is special, `SegmentRun.special`),
        /// inside their test for hanging whitespace, so text without tabs or other hanging spaces pays nothing.
        var hasTab = false
        var harfBuzzFontsFetched: [Bool] = []
        /// Paragraphs (rule W1), found with the clusters: a separator is a cluster ("\r\n" is one). At
        /// most one per unit, and one after the last.
        let paragraphs: UnsafeMutablePointer<Paragraph>
        var paragraphCount = 0
        var paragraphStart = 0
        /// The fallback face found last, by its bundled index (0: not bundled) and its index in `faces`
        /// (CJK text asks per character).
        var lastFallback: (face: FaceReference, bundledIndex: Int, index: Int)?

        var segmentStart = -1
        /// Set by `extendWords` when it hands a run of consecutive opportunities to `extendOpportunityRun`:
        /// the segment's script index there (−1 otherwise).
        var opportunityRunIndex = -1
        var segmentFace = 0
        var segmentScript = HarfBuzzScript.common
        var lastStrongScript = HarfBuzzScript.common
        var lastClusterWasEmoji = false

        init(face: Unmanaged<Face>, scale: Int32, count: Int, extendsRuns: Bool, scratch: UnsafeMutableRawPointer,
             lookups: UnsafeMutablePointer<SegmentCacheStorage.Lookup>) {
            // Positions, opportunities and clusters are stored as Int32.
            precondition(count < Int(Int32.max), "text longer than 2^31 - 1 UTF-16 units")
            self.count = count
            self.extendsRuns = extendsRuns
            primaryRef = face
            (primaryCoverage, primaryID) = face._withUnsafeGuaranteedRef { ($0.harfBuzz.bmpCoverage, $0.id) }
            self.scale = scale
            bundledTable = FontCatalog.shared.bundledFallbackTable
            bundledFaces = FontCatalog.shared.bundledFaceTable
            let units = max(1, count)
            let layout = Layout(count: count)
            paragraphs = (scratch + layout.paragraphs).bindMemory(to: Paragraph.self, capacity: count + 1)
            segments = (scratch + layout.segments).bindMemory(to: Segment.self, capacity: units)
            advances = (scratch + layout.advances).bindMemory(to: Int32.self, capacity: units)
            advances.initialize(repeating: 0, count: units)
            breaks = (scratch + layout.breaks).bindMemory(to: Int32.self, capacity: count + 1)
            graphemes = (scratch + layout.graphemes).bindMemory(to: Int32.self, capacity: count + 1)
            icuMandatory = (scratch + layout.icuMandatory).bindMemory(to: UInt8.self, capacity: count + 1)
            self.lookups = lookups
            pending = lookups + Pass.lookupChunk
            pendingSliced = UnsafeMutableRawPointer(pending + Pass.pendingCapacity).assumingMemoryBound(to: UInt8.self)
            lookupResults = (scratch + layout.lookupResults).bindMemory(to: UInt8.self, capacity: Pass.lookupChunk)
            shapeFlags = (scratch + layout.shapeFlags).bindMemory(to: UInt8.self, capacity: units)
            flags = (scratch + layout.flags).bindMemory(to: UInt8.self, capacity: count + 1)
            flags.initialize(repeating: 0, count: count + 1)
        }

        /// Look-ups asked for in one call (`lookUpChunk`): enough that the call's cost is spread thin (a
        /// UI string has a few segments, a paragraph a few per line), few enough to fit the stack (768 bytes).
        static let lookupChunk = 16

        /// Misses shaped in one HarfBuzz call at most (`flushPending`), and their units at most
        /// (`TF_JOINED_UNIT_LIMIT`).
        static let pendingCapacity = 32
        static let pendingUnitLimit = HarfBuzzFont.joinedUnitLimit

        mutating func run(_ u: UnsafeBufferPointer<UInt16>, _ flags: UnsafeMutablePointer<UInt8>) {
            if count > 0 {
                icuCount = findLineBreaks(u, positions: breaks, mandatory: icuMandatory)
            }
            let entries = table.entries
            var position = 0
            while position < count {
                if segmentStart >= 0, extendsRuns {
                    position = extendSegment(from: position, u, flags)
                    if position == count { break }
                }
                let unit = u[position]
                let entry = entries[Int(unit)]
                if entry & CharacterTable.Bit.simple != 0,
                   position + 1 == count || entries[Int(u[position + 1])] & CharacterTable.Bit.simple != 0 {
                    single(position, unit: unit, entry: entry, u, flags)
                    position += 1
                    continue
                }
                // A chunk up to the next certain boundary, segmented by Swift's `Character`.
                var end = position + 1
                while end < count,
                      !(entries[Int(u[end - 1])] & CharacterTable.Bit.simple != 0 && entries[Int(u[end])] & CharacterTable.Bit.simple != 0) {
                    end += 1
                }
                var start = position
                for character in String(decoding: UnsafeBufferPointer(rebasing: u[position..<end]), as: UTF16.self) {
                    let length = character.utf16.count
                    multiple(start, length: length, character, u, flags)
                    start += length
                }
                position = end
            }
            closeSegment(at: count, flags)
            shapeSegments(u, flags)
            if paragraphStart < count { appendParagraph(Paragraph(start: paragraphStart, end: count, separatorLength: 0)) }
            // The text's end: a cluster boundary, and ICU's last opportunity.
            graphemes[graphemeCount] = Int32(count)
            graphemeCount += 1
            flags[count] |= Flag.grapheme
            while icuIndex < icuCount, Int(breaks[icuIndex]) < count { icuIndex += 1 }
            if icuIndex < icuCount, Int(breaks[icuIndex]) == count {
                flags[count] |= Flag.breakAllowed | (icuMandatory[icuIndex] != 0 ? Flag.mandatory : 0)
                breaks[breakCount] = Int32(count)
                breakCount += 1
            }
        }

        /// The common case in one tight loop: inside an open segment, units that are clusters by themselves,
        /// need a glyph, are not whitespace, separators or emoji, keep the segment's script and get the
        /// segment's face: the font's own when it has them, or the same bundled fallback (a run of
        /// ideographs). A break opportunity that does not end the segment (`endsSegment`) is recorded and
        /// passed. For these units `single` would only record the cluster (and the opportunity), so this
        /// does just that; anything else returns to `single` or the chunk path.
        ///
        /// Also U+0020 after the font's own text (not after an emoji): `place` keeps such a space in the
        /// segment it follows and `single` only adds `Flag.space`, so a word and its space cost one pass
        /// here instead of a call of `single` per space.
        /// - Returns: the first position not consumed.
        @inline(__always)
        private mutating func extendSegment(from start: Int, _ u: UnsafeBufferPointer<UInt16>,
                                            _ flags: UnsafeMutablePointer<UInt8>) -> Int {
            if segmentFace == 0 { return extendSegment(from: start, in: PrimaryRunFace(), u, flags) }
            // A fallback's segment: only a bundled one's units are known without asking the face.
            guard let last = lastFallback, last.index == segmentFace, last.bundledIndex > 0 else { return start }
            return extendSegment(from: start, in: BundledRunFace(bundledTable: bundledTable, bundledIndex: last.bundledIndex), u, flags)
        }

        /// The run shortcut: the general loop (`extendWords`), and where it finds two opportunities in a row
        /// (between ideographs or kana, where every cluster is one), the loop for such runs
        /// (`extendOpportunityRun`), back and forth until either refuses a unit. Two functions rather than two
        /// loops in one: any path added to `extendWords`'s loop cost its per-unit loop registers (Latin and
        /// Japanese slowed by 0.2–6 % when an opportunity loop was nested there).
        @inline(__always)
        private mutating func extendSegment<Face: SegmentRunFace>(from start: Int, in face: Face, _ u: UnsafeBufferPointer<UInt16>,
                                                                  _ flags: UnsafeMutablePointer<UInt8>) -> Int {
            var position = start
            var index = opportunityRunStart(at: start, u)
            while true {
                if let scriptIndex = index {
                    let next = extendOpportunityRun(from: position, in: face, scriptIndex: scriptIndex, u, flags)
                    position = next.position
                    guard next.mayExtend else { return position }
                }
                position = extendWords(from: position, in: face, u, flags)
                guard opportunityRunIndex >= 0 else { return position }
                index = opportunityRunIndex
                opportunityRunIndex = -1
            }
        }

        /// The script index to hand `start` to `extendOpportunityRun` with, straight from `run`: when `single`
        /// has just started the segment at a strong unit (the kana after an ideograph, the ideograph after
        /// kana) and `start` is an opportunity too. Otherwise nil (`extendWords` first).
        @inline(__always)
        private func opportunityRunStart(at start: Int, _ u: UnsafeBufferPointer<UInt16>) -> Int? {
            guard segmentStart == start &- 1, start < count else { return nil }
            var i = icuIndex
            if i < icuCount, Int(breaks[i]) < start { i &+= 1 }
            guard i < icuCount, Int(breaks[i]) == start else { return nil }
            let index = Int(table.entries[Int(u[start &- 1])] & 0xFF)
            let kind = (mayBeRightToLeft ? table.runKindsOnceBidi : table.runKinds)[index]
            guard kind == CharacterTable.RunKind.strong, table.scripts[index] == segmentScript,
                  lastStrongScript == segmentScript else { return nil }
            return index
        }

        /// The shortcut's general loop: see `extendSegment(from:_:_:)`. Returns at the first unit it refuses,
        /// or (with `opportunityRunIndex` set to the segment's script index) at an opportunity that follows
        /// one, for `extendOpportunityRun`.
        @inline(never)
        private mutating func extendWords<Face: SegmentRunFace>(from start: Int, in face: Face, _ u: UnsafeBufferPointer<UInt16>,
                                                                _ flags: UnsafeMutablePointer<UInt8>) -> Int {
            let units = u.baseAddress.unsafelyUnwrapped  // start < count: not empty
            // A space right after an emoji goes to `single`: `place` does not keep it in the emoji's segment.
            if lastClusterWasEmoji, units[start] == 0x20 { return start }
            let run = SegmentRun(face: face, entries: table.entries, coverage: primaryCoverage,
                                 kinds: mayBeRightToLeft ? table.runKindsOnceBidi : table.runKinds,
                                 scripts: table.scripts, script: segmentScript)
            // What the loops read from `self` in locals, and the counters stored back after them: as fields
            // they were loaded and stored on every unit, since the stores through the buffers might alias them.
            let count = self.count
            let entries = table.entries
            let breaks = self.breaks
            let icuCount = self.icuCount
            var graphemeCursor = graphemes + graphemeCount
            var breakCount = self.breakCount
            var icuIndex = self.icuIndex
            while icuIndex < icuCount, Int(breaks[icuIndex]) < start { icuIndex &+= 1 }
            var nextBreak = icuIndex < icuCount ? Int(breaks[icuIndex]) : Int.max
            // Whether a unit of no strong script gets the segment's (`place` gives it the last strong one).
            var weakJoins = lastStrongScript == segmentScript
            var scriptIndex = -1
            var isNewStrong = false
            var position = start
            // Each unit's entry is read once: as the next unit's (a cluster ends before it only if it is
            // simple too), then as the current one. The unit after the text is the builder's sentinel
            // (`Builder.build`), a space: simple, as the text's end is a boundary.
            var entry = entries[Int(units[position])]
            scan: while true {
                // The units before the next opportunity, in a loop with nothing else to do (and no call, which
                // would cost it its registers).
                let limit = min(nextBreak, count)
                while position < limit {
                    // The bulk of a word (`SegmentRun.continuingMask`): in a loop of its own, the few values
                    // it needs stay in registers, where the general step below spilled them on every unit.
                    if scriptIndex >= 0 {
                        let entryOfIndex = SegmentRun<Face>.entryOfIndex(scriptIndex)
                        while position < limit {
                            let unit = units[position]
                            let nextEntry = entries[Int(units[position &+ 1])]
                            guard entry & SegmentRun<Face>.continuingMask == entryOfIndex,
                                  nextEntry & CharacterTable.Bit.simple != 0,
                                  face.has(unit, primaryCovers: run.coverage[Int(unit >> 6)] & (1 << UInt64(unit & 63)) != 0)
                            else { break }
                            graphemeCursor.pointee = Int32(truncatingIfNeeded: position)
                            graphemeCursor += 1
                            flags[position] |= Flag.grapheme  // not a hanging space: that bit is special
                            position &+= 1
                            entry = nextEntry
                        }
                        guard position < limit else { break }
                    }
                    let unit = units[position]
                    let nextEntry = entries[Int(units[position &+ 1])]
                    guard run.extends(unit, entry, nextEntry, index: scriptIndex, weakJoins: weakJoins,
                                      isNewStrong: &isNewStrong) else { break scan }
                    if isNewStrong {
                        scriptIndex = Int(entry & 0xFF)
                        weakJoins = true  // the last strong script is now the segment's
                    }
                    // Positions fit Int32: `init` checked the text's length.
                    graphemeCursor.pointee = Int32(truncatingIfNeeded: position)
                    graphemeCursor += 1
                    flags[position] |= Flag.grapheme | (entry & CharacterTable.Bit.hangingSpace != 0 ? Flag.space : 0)
                    position &+= 1
                    entry = nextEntry
                }
                guard position < count else { break }
                // An opportunity inside the run (between ideographs, after a hyphen) is kept. One that ends the
                // segment (`endsSegment`: after whitespace, or the run is `segmentCutLength` long) starts the
                // next one here, in the font's own face and the same script, as `single` and `place` would:
                // the next word after a space. A mandatory one, or one that ends a fallback's segment, goes to
                // them.
                let unit = units[position]
                let nextEntry = entries[Int(units[position &+ 1])]
                guard run.extends(unit, entry, nextEntry, index: scriptIndex, weakJoins: weakJoins, isNewStrong: &isNewStrong),
                      icuMandatory[icuIndex] == 0 else { break }
                var flag = Flag.grapheme | Flag.breakAllowed | (entry & CharacterTable.Bit.hangingSpace != 0 ? Flag.space : 0)
                if flags[position &- 1] & Flag.space != 0 || position &- segmentStart >= Builder.segmentCutLength {
                    guard Face.isPrimary else { break }
                    if entries[Int(units[position &- 1])] & entry & CharacterTable.Bit.hangul != 0 { flag |= Flag.betweenHangul }
                    closeSegment(at: position, flags)
                    segmentStart = position
                }
                if isNewStrong {
                    scriptIndex = Int(entry & 0xFF)
                    weakJoins = true
                }
                breaks[breakCount] = Int32(truncatingIfNeeded: position)
                breakCount &+= 1
                icuIndex &+= 1
                nextBreak = icuIndex < icuCount ? Int(breaks[icuIndex]) : Int.max
                graphemeCursor.pointee = Int32(truncatingIfNeeded: position)
                graphemeCursor += 1
                flags[position] |= flag
                position &+= 1
                entry = nextEntry
                // Another opportunity right after this one (ideographs, kana): the loop for such runs takes
                // over. Its script index is known here (this opportunity's unit is the segment's or joined it).
                if nextBreak == position, scriptIndex >= 0, position < count {
                    opportunityRunIndex = scriptIndex
                    break
                }
            }
            graphemeCount = graphemeCursor - graphemes
            self.breakCount = breakCount
            self.icuIndex = icuIndex
            // `weakJoins` turned true only at a unit of the segment's strong script.
            if weakJoins { lastStrongScript = segmentScript }
            if position > start { lastClusterWasEmoji = false }
            return position
        }

        /// A run where opportunities follow each other (every ideograph or kana is its own opportunity), from
        /// `start` in the open segment, whose script has table index `scriptIndex` (a unit of it seen, so a
        /// unit of no strong script joins it): the units `SegmentRun.extends` would take, found first, then
        /// ICU's opportunities among them kept (each unit is a cluster), then the clusters recorded. Three
        /// short loops rather than one: together their values did not fit the registers. A strong unit of
        /// another script in the same face (kana after ideographs and back, which Japanese does every few
        /// characters) closes the segment and starts the next one in the first loop, as `single` and `place`
        /// would. What would end the segment otherwise or needs a decision goes back to `extendWords`: the
        /// `segmentCutLength` cut, a mandatory break, an opportunity after a space, U+0020, a strong unit of
        /// the segment's script under its other table index.
        /// - Returns: the first position not consumed, and whether `extendWords` may take its unit (false
        ///   when it would refuse it too: a special, uncovered, bidi or Hangul unit, a cluster of several,
        ///   the text's end).
        @inline(never)
        private mutating func extendOpportunityRun<Face: SegmentRunFace>(from start: Int, in face: Face, scriptIndex: Int,
                                                                         _ u: UnsafeBufferPointer<UInt16>,
                                                                         _ flags: UnsafeMutablePointer<UInt8>)
            -> (position: Int, mayExtend: Bool) {
            let units = u.baseAddress.unsafelyUnwrapped
            let entries = table.entries
            let coverage = primaryCoverage
            let savedSegmentCount = segmentCount
            var segmentStart = self.segmentStart
            var segmentScript = self.segmentScript
            var scriptIndex = scriptIndex
            // The cut is at the first opportunity at or after this: `extendWords` makes it.
            var limit = min(count, segmentStart &+ Builder.segmentCutLength)
            var end = start
            var mayExtend = true
            var entry = entries[Int(units[end])]
            while end < limit {
                let unit = units[end]
                let nextEntry = entries[Int(units[end &+ 1])]
                guard entry & (SegmentRun<Face>.special | CharacterTable.Bit.simple) == CharacterTable.Bit.simple,
                      nextEntry & CharacterTable.Bit.simple != 0 else {
                    mayExtend = Face.isPrimary && unit == 0x20 && entry & CharacterTable.Bit.simple != 0
                        && nextEntry & CharacterTable.Bit.simple != 0
                    break
                }
                let covered = coverage[Int(unit >> 6)] & (1 << UInt64(unit & 63)) != 0
                guard face.has(unit, primaryCovers: covered) else {
                    mayExtend = false
                    break
                }
                let unitIndex = Int(entry & 0xFF)
                if unitIndex != scriptIndex {
                    let kind = (mayBeRightToLeft ? table.runKindsOnceBidi : table.runKinds)[unitIndex]
                    if kind != CharacterTable.RunKind.weak {
                        let script = table.scripts[unitIndex]
                        guard kind == CharacterTable.RunKind.strong, script != segmentScript,
                              entry & (CharacterTable.Bit.mayNeedBidi | CharacterTable.Bit.hangul) == 0,
                              Face.isPrimary || !fontconfigOrder else {
                            // The segment's script under its other index: `extendWords` takes it. Others
                            // (a bidi or Hangul unit, a stop) go to `single`.
                            mayExtend = kind == CharacterTable.RunKind.strong && script == segmentScript
                            break
                        }
                        // Another script in the same face (kana after ideographs, and back): the next segment
                        // starts here, as `place` starts it (a script conflict; rule F6 keeps the face: the
                        // font's own, or the bundled fallback `fallbackFaceIndex` answers from `lastFallback`).
                        segments[segmentCount] = Segment(start: Int32(truncatingIfNeeded: segmentStart),
                                                         end: Int32(truncatingIfNeeded: end),
                                                         face: UInt16(segmentFace), script: segmentScript)
                        segmentCount &+= 1
                        flags[segmentStart] |= Flag.segmentStart
                        segmentStart = end
                        segmentScript = script
                        scriptIndex = unitIndex
                        limit = min(count, end &+ Builder.segmentCutLength)
                    }
                }
                end &+= 1
                entry = nextEntry
            }
            // ICU's opportunities in the run, kept in place (they never outrun ICU's), up to a mandatory one.
            let breaks = self.breaks
            let icuCount = self.icuCount
            var icuIndex = self.icuIndex
            while icuIndex < icuCount, Int(breaks[icuIndex]) < start { icuIndex &+= 1 }
            if icuIndex < icuCount, Int(breaks[icuIndex]) == start, flags[start &- 1] & Flag.space != 0 {
                end = start  // the next word: `extendWords` ends the segment there
                mayExtend = true
            }
            var breakCount = self.breakCount
            while icuIndex < icuCount {
                let position = Int(breaks[icuIndex])
                guard position < end else { break }
                guard icuMandatory[icuIndex] == 0 else {
                    end = position
                    mayExtend = false  // `extendWords` stops at a mandatory break too
                    break
                }
                breaks[breakCount] = Int32(truncatingIfNeeded: position)
                breakCount &+= 1
                flags[position] |= Flag.breakAllowed
                icuIndex &+= 1
            }
            // Segments started at or after a position the run was cut back to (a mandatory break, the next
            // word) are undone: `single` and `extendWords` start them again. (Neither happens after a unit of
            // the run, whose units are not special; kept for certainty.)
            while segmentCount > savedSegmentCount, Int(segments[segmentCount &- 1].end) >= end {
                segmentCount &-= 1
                let reopened = segments[segmentCount]
                segmentStart = Int(reopened.start)
                segmentScript = reopened.script
                flags[segmentStart] &= ~Flag.segmentStart
            }
            self.segmentStart = segmentStart
            self.segmentScript = segmentScript
            lastStrongScript = segmentScript
            if end == count { mayExtend = false }
            // Every unit is a cluster.
            let clusters = graphemes + (graphemeCount &- start)
            var position = start
            while position < end {
                clusters[position] = Int32(truncatingIfNeeded: position)
                flags[position] |= Flag.grapheme
                position &+= 1
            }
            graphemeCount &+= end &- start
            self.breakCount = breakCount
            self.icuIndex = icuIndex
            if end > start { lastClusterWasEmoji = false }
            return (end, mayExtend)
        }

        /// The cluster starts here: record it, and ICU's opportunity here if any. Opportunities inside a
        /// cluster are dropped (UAX #14 allows a break between a space and a combining mark, LB10, but a
        /// line never splits a cluster, W2).
        @inline(__always)
        private mutating func clusterStarts(at position: Int, _ u: UnsafeBufferPointer<UInt16>, _ flags: UnsafeMutablePointer<UInt8>) {
            graphemes[graphemeCount] = Int32(position)
            graphemeCount += 1
            var flag = Flag.grapheme
            while icuIndex < icuCount, Int(breaks[icuIndex]) < position { icuIndex += 1 }
            if icuIndex < icuCount, Int(breaks[icuIndex]) == position {
                flag |= Flag.breakAllowed | (icuMandatory[icuIndex] != 0 ? Flag.mandatory : 0)
                let entries = table.entries
                if position > 0, entries[Int(u[position - 1])] & entries[Int(u[position])] & CharacterTable.Bit.hangul != 0 {
                    flag |= Flag.betweenHangul
                }
                // In place: the kept opportunities never outrun ICU's.
                breaks[breakCount] = Int32(position)
                breakCount += 1
            }
            flags[position] |= flag
        }

        /// A cluster of one BMP unit (the common case).
        @inline(__always)
        private mutating func single(_ position: Int, unit: UInt16, entry: UInt16, _ u: UnsafeBufferPointer<UInt16>,
                                     _ flags: UnsafeMutablePointer<UInt8>) {
            clusterStarts(at: position, u, flags)
            if entry & CharacterTable.Bit.mayNeedBidi != 0 { mayBeRightToLeft = true }
            if entry & CharacterTable.Bit.hangingSpace != 0 {
                flags[position] |= Flag.space
                if unit == 0x09 { hasTab = true }
            }
            if entry & CharacterTable.Bit.paragraphSeparator != 0 {
                endParagraph(at: position, separatorLength: 1, flags)
                return
            }
            var base: UInt32?
            var uncovered: UInt32?
            var script = HarfBuzzScript.common
            if entry & CharacterTable.Bit.noGlyph == 0 {
                let value = UInt32(unit)
                base = value
                let scriptIndex = Int(entry & 0xFF)
                if table.isStrong[scriptIndex] { script = table.scripts[scriptIndex] }
                if !primaryHasGlyph(value) { uncovered = value }
            }
            place(position, base: base, isSpace: entry & CharacterTable.Bit.spaceSeparator != 0, uncovered: uncovered,
                  script: script, coversAll: nil, flags)
            lastClusterWasEmoji = base != nil && entry & CharacterTable.Bit.emoji != 0
        }

        /// A cluster of several units, or one that needs `Character` to find its end.
        private mutating func multiple(_ position: Int, length: Int, _ character: Character, _ u: UnsafeBufferPointer<UInt16>,
                                       _ flags: UnsafeMutablePointer<UInt8>) {
            clusterStarts(at: position, u, flags)
            for k in position..<(position + length) where table[u[k]] & CharacterTable.Bit.mayNeedBidi != 0 {
                mayBeRightToLeft = true  // a lead surrogate's entry has it for a right-to-left plane block
            }
            // Only a space that is a cluster by itself hangs: " \u{308}" is a mark on a space, not
            // whitespace, and trimming must never stop inside a cluster.
            if length == 1, table[u[position]] & CharacterTable.Bit.hangingSpace != 0 {
                flags[position] |= Flag.space
                if u[position] == 0x09 { hasTab = true }
            }
            let scalars = character.unicodeScalars
            guard let first = scalars.first?.value else { return }
            if first < 0x10000, table[UInt16(first)] & CharacterTable.Bit.paragraphSeparator != 0 {
                endParagraph(at: position, separatorLength: length, flags)
                return
            }
            // The face choice needs the first scalar that needs a glyph, the first the font lacks and the
            // first strong script.
            var base: UInt32?
            var uncovered: UInt32?
            var script = HarfBuzzScript.common
            var emojiSequence = false
            for scalar in scalars {
                let value = scalar.value
                // VS16, a keycap or a skin tone: the cluster asks for emoji presentation (UTS #51).
                if value == 0xFE0F || value == 0x20E3 || value &- 0x1F3FB < 5 { emojiSequence = true }
                if CharacterTable.needsNoGlyph(value) { continue }
                if base == nil { base = value }
                if script == HarfBuzzScript.common {
                    let s = CharacterTable.script(of: value)
                    if s != HarfBuzzScript.common, s != HarfBuzzScript.inherited, s != HarfBuzzScript.unknown { script = s }
                }
                if uncovered == nil, !primaryHasGlyph(value) { uncovered = value }
            }
            // An emoji sequence the font covers ("1\u{FE0F}\u{20E3}" in a text font) still asks for a
            // colour emoji font (`fallbackFaceIndex` keeps the font when there is none).
            if emojiSequence, uncovered == nil { uncovered = base }
            place(position, base: base, isSpace: base.map(CharacterClass.isSpaceSeparator) ?? false, uncovered: uncovered,
                  script: script, coversAll: scalars, flags)
            lastClusterWasEmoji = base.map(CharacterClass.isEmojiPresentation) ?? false
        }

        /// Chooses the cluster's face (rule F6) and script and extends or starts a segment.
        /// - Parameter scalars: the cluster's scalars when it has several (a fallback must cover them all).
        @inline(__always)
        private mutating func place(_ position: Int, base: UInt32?, isSpace: Bool, uncovered: UInt32?, script clusterScript: UInt32,
                                    coversAll scalars: Character.UnicodeScalarView?, _ flags: UnsafeMutablePointer<UInt8>) {
            var face = segmentStart >= 0 ? segmentFace : 0
            if let base, isSpace, segmentStart >= 0, !lastClusterWasEmoji,
               segmentFace == 0 ? primaryHasGlyph(base) : fallbacks[segmentFace - 1].hasGlyph(for: base) {
                // A space stays in the font of the text it follows (Pango and CoreText do not switch
                // fonts for whitespace), so "世界 " measures the fallback face's space. Not after an
                // emoji: emoji fonts have em-wide spaces, and Pango itemizes emoji apart from text.
            } else if let base {
                face = 0
                if let uncovered {
                    face = fallbackFaceIndex(base: base, uncovered: uncovered, scalars: scalars)
                }
            }
            // Script runs as Pango itemizes them (UAX #24 style): a common or inherited character takes
            // the script of the last strong one in its paragraph, so "为 7999" shapes the digits as Han
            // and "」 (" keeps the bracket out of the Latin word that follows.
            var script = clusterScript
            if script == HarfBuzzScript.common {
                script = lastStrongScript
            } else {
                lastStrongScript = script
            }
            let scriptConflict = script != HarfBuzzScript.common && segmentScript != HarfBuzzScript.common
                && script != segmentScript
            if segmentStart < 0 || face != segmentFace || scriptConflict || endsSegment(at: position, flags) {
                closeSegment(at: position, flags)
                segmentStart = position
                segmentFace = face
                segmentScript = script
            } else if segmentScript == HarfBuzzScript.common {
                segmentScript = script
            }
        }

        /// Whether a break opportunity at `position` ends the segment: after whitespace (between words), at a
        /// mandatory break, or when the segment is `segmentCutLength` long. Elsewhere (between
        /// ideographs, after a hyphen) the run is shaped as one piece, as Pango shapes its items: one cache
        /// look-up or one `hb_shape` per run instead of one per ideograph. A line may still start or end
        /// there by arithmetic, unless HarfBuzz flagged the position unsafe to break (then `width` reshapes).
        @inline(__always)
        private func endsSegment(at position: Int, _ flags: UnsafeMutablePointer<UInt8>) -> Bool {
            let flag = flags[position]
            guard flag & Flag.breakAllowed != 0 else { return false }
            return flags[position - 1] & Flag.space != 0 || flag & Flag.mandatory != 0
                || position - segmentStart >= Builder.segmentCutLength
        }

        /// The font's own face has a glyph for `scalar`: a bit test in the BMP.
        @inline(__always)
        private func primaryHasGlyph(_ scalar: UInt32) -> Bool {
            scalar < 0x10000 ? primaryCoverage[Int(scalar >> 6)] & (1 << UInt64(scalar & 63)) != 0
                              : primaryRef._withUnsafeGuaranteedRef { $0.hasGlyph(for: scalar) }
        }

        private mutating func appendParagraph(_ paragraph: Paragraph) {
            paragraphs[paragraphCount] = paragraph
            paragraphCount += 1
        }

        /// A paragraph separator (rule W1) ends the paragraph, its segment and its script context.
        private mutating func endParagraph(at position: Int, separatorLength: Int, _ flags: UnsafeMutablePointer<UInt8>) {
            closeSegment(at: position, flags)
            lastStrongScript = HarfBuzzScript.common
            appendParagraph(Paragraph(start: paragraphStart, end: position, separatorLength: separatorLength))
            paragraphStart = position + separatorLength
        }

        /// The face for a cluster the font lacks `uncovered` of: a fallback that has every scalar needing a
        /// glyph, else one that has the base (never splitting the cluster), else the font itself (.notdef).
        private mutating func fallbackFaceIndex(base: UInt32, uncovered: UInt32, scalars: Character.UnicodeScalarView?) -> Int {
            // In Fontconfig's order the bundled table does not say which face comes first: the catalog does.
            let bundledIndex = !fontconfigOrder && uncovered < 0x10000 ? Int(bundledTable[Int(uncovered)]) : 0
            if scalars == nil, bundledIndex > 0, let last = lastFallback, last.bundledIndex == bundledIndex {
                return last.index  // a single scalar the same bundled face supplies: the same answer as last time
            }
            // An emoji (an emoji-presentation base or an emoji sequence) is drawn from a colour emoji font
            // when one is installed and has the whole cluster, in either fallback order, as CoreText draws
            // emoji from Apple Color Emoji and Chromium asks Fontconfig for und-zsye. A single BMP
            // character a bundled font has keeps the bundled order (CJK text asks here per ideograph).
            if scalars != nil || bundledIndex == 0,
               CharacterClass.isEmojiPresentation(base) || scalars.map(Self.hasEmojiMarker) == true,
               let colour = catalog.fallbackFace(for: base, colourEmoji: true).map(FaceReference.init),
               scalars?.allSatisfy({ CharacterTable.needsNoGlyph($0.value) || colour.hasGlyph(for: $0.value) }) ?? colour.hasGlyph(for: base) {
                return index(of: colour, bundledIndex: 0)
            }
            if primaryHasGlyph(uncovered) { return 0 }  // an emoji sequence the font covers, and no colour font
            guard let fallback = bundledIndex > 0 ? FaceReference(bundled: bundledFaces[bundledIndex - 1])
                                                  : lookUpFallback(uncovered)
            else { return 0 }
            let coversAll: Bool
            if let scalars {
                coversAll = scalars.allSatisfy { CharacterTable.needsNoGlyph($0.value) || fallback.hasGlyph(for: $0.value) }
            } else {
                coversAll = true  // the fallback was chosen for this very scalar
            }
            guard coversAll || (!primaryHasGlyph(base) && fallback.hasGlyph(for: base)) else { return 0 }
            return index(of: fallback, bundledIndex: bundledIndex)
        }

        /// VS16, a keycap or a skin tone among a cluster's scalars.
        private static func hasEmojiMarker(_ scalars: Character.UnicodeScalarView) -> Bool {
            scalars.contains { $0.value == 0xFE0F || $0.value == 0x20E3 || $0.value &- 0x1F3FB < 5 }
        }

        /// `fallback`'s face index, added to the text's fallbacks when new (also for a styled run's own
        /// fallback, `restyle`).
        mutating func index(of fallback: FaceReference, bundledIndex: Int) -> Int {
            if let last = lastFallback, last.face.id == fallback.id {
                lastFallback = (fallback, bundledIndex, last.index)
                return last.index
            }
            let index: Int
            if let found = fallbacks.firstIndex(of: fallback) {
                index = found + 1
            } else {
                fallbacks.append(fallback)
                index = fallbacks.count
            }
            lastFallback = (fallback, bundledIndex, index)
            return index
        }

        /// A fallback the bundled table does not answer: the catalog's, in the font's order.
        private func lookUpFallback(_ scalar: UInt32) -> FaceReference? {
            let face = fontconfigOrder ? catalog.fallbackFace(for: scalar, inOrderOf: primary) : catalog.fallbackFace(for: scalar)
            return face.map(FaceReference.init)
        }

        /// Records the open segment; `shapeSegments` shapes all of them after the pass. Inlined into the
        /// loops that close segments: it is a few stores, and any call in `extendSegment`'s loop cost the
        /// loop its registers (its values were kept on the stack, about a third of its instructions).
        @inline(__always)
        private mutating func closeSegment(at end: Int, _ flags: UnsafeMutablePointer<UInt8>) {
            guard segmentStart >= 0, end > segmentStart else {
                segmentStart = -1
                return
            }
            let start = segmentStart
            segmentStart = -1
            // Positions fit Int32: `init` checked the text's length.
            segments[segmentCount] = Segment(start: Int32(truncatingIfNeeded: start), end: Int32(truncatingIfNeeded: end),
                                             face: UInt16(segmentFace), script: segmentScript)
            segmentCount &+= 1
            flags[start] |= Flag.segmentStart
        }

        /// Shapes every segment through the segment cache, in order, `lookupChunk` look-ups at a time
        /// (`lookUpChunk`).
        private mutating func shapeSegments(_ u: UnsafeBufferPointer<UInt16>, _ flags: UnsafeMutablePointer<UInt8>) {
            var first = 0
            while first < segmentCount {
                let n = min(Pass.lookupChunk, segmentCount &- first)
                lookUpChunk(first, n, u, flags)
                first &+= n
            }
            if pendingCount > 0 { flushPending(flags) }
        }

        /// Asks the segment cache for segments `first ..< first + n` in order, one call per run of hits: a
        /// miss (or a segment too long to cache) is shaped and cached before the look-ups after it, so a text
        /// that repeats a new word finds it the second time, as one look-up per segment did. Then copies the
        /// flags HarfBuzz set (unsafe to break, missing glyph) of the segments that have any. Nothing the
        /// pass decides depends on shaping, so it can all come after the pass.
        ///
        /// The key is the text as written: the hash needs no substitution pass (controls are substituted for
        /// HarfBuzz on a miss, `SegmentShaper.shapeMissed`).
        private mutating func lookUpChunk(_ first: Int, _ n: Int, _ u: UnsafeBufferPointer<UInt16>,
                                          _ flags: UnsafeMutablePointer<UInt8>) {
            let units = u.baseAddress.unsafelyUnwrapped  // a segment is not empty
            for i in 0..<n {
                let segment = segments[first &+ i]
                let start = Int(segment.start)
                let length = Int(segment.end) &- start
                let script = segment.script == HarfBuzzScript.common ? 0 : segment.script
                let faceID = segment.face == 0 ? primaryID : fallbacks[Int(segment.face) - 1].id
                let text = UnsafeBufferPointer(start: units + start, count: length)
                let cacheable = SegmentShaper.isCacheable(length)
                let hash = cacheable ? SegmentCache.Key.hash(basis: hashBasis, face: faceID, scale: scale, script: script, text: text) : 0
                lookups[i] = SegmentCacheStorage.Lookup(hash: hash, face: faceID, scale: scale, script: script, text: text,
                                                        offset: segment.start, cached: cacheable)
            }
            var next = 0
            while next < n {
                // Up to the first look-up that may repeat a pending miss: that one must find it cached, as it
                // would have had the miss been shaped when found (and be counted as a hit).
                let limit = pendingCount > 0 ? firstPendingRepeat(from: next, to: n) : n
                let stop = limit == next ? next
                    : next + SegmentCacheStorage.findRun(lookups + next, count: limit - next, advances: advances,
                                                         flags: shapeFlags, found: lookupResults + next)
                if stop == limit {
                    guard limit < n else { break }
                    flushPending(flags)
                    next = limit
                    continue
                }
                // A miss, or a segment too long to cache: shaped now, or with the text's other misses of its
                // face and script (`flushPending`), whose flags it then copies itself.
                lookupResults[stop] = SegmentCacheStorage.Result.miss
                let lookup = lookups[stop]
                let face = Int(segments[first + stop].face)
                if isJoinable(lookup) {
                    if pendingCount > 0, face != pendingFace || lookup.script != pendingScript || pendingCount == Pass.pendingCapacity
                        || pendingUnits + lookup.length > Pass.pendingUnitLimit {
                        flushPending(flags)
                    }
                    pending[pendingCount] = lookup
                    pendingCount += 1
                    pendingUnits += lookup.length
                    pendingFace = face
                    pendingScript = lookup.script
                    pendingHashBits |= 1 << (lookup.hash & 63)
                } else {
                    shapeAlone(lookup, face: face, flags)
                }
                next = stop + 1
            }
            for i in 0..<n where lookupResults[i] == SegmentCacheStorage.Result.advancesAndFlags {
                copyShapeFlags(Int(lookups[i].offset), lookups[i].length, into: flags)
            }
        }

        /// Whether a missed segment may wait to be shaped with others (`flushPending`): cached, in an explicit
        /// left-to-right script (a guessed script could differ once joined, and `tf_shape_joined` walks
        /// clusters left to right), with no unit HarfBuzz sees substituted (`ShapingText`).
        @inline(__always)
        private mutating func isJoinable(_ lookup: SegmentCacheStorage.Lookup) -> Bool {
            let script = lookup.script
            guard lookup.isCached, script != 0 else { return false }
            if script != leftToRightScript {
                guard !HarfBuzzFont.isRightToLeft(script: script) else { return false }
                leftToRightScript = script
            }
            return !lookup.text.contains(where: ShapingText.isSubstituted)
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
        private mutating func flushPending(_ flags: UnsafeMutablePointer<UInt8>) {
            let n = pendingCount
            let face = pendingFace
            pendingCount = 0
            pendingUnits = 0
            pendingHashBits = 0
            guard n > 1 else {
                if n == 1 { shapeAlone(pending[0], face: face, flags) }
                return
            }
            guard let font = harfBuzzFont(at: face) else { return }  // no font: nothing written, as on a lone miss
            guard font.shapeJoined(pending, count: n, script: pendingScript, advances: advances, flags: shapeFlags,
                                   sliced: pendingSliced) else {
                for i in 0..<n { shapeAlone(pending[i], face: face, flags) }
                return
            }
            for i in 0..<n {
                let piece = pending[i]
                guard pendingSliced[i] != 0 else {
                    shapeAlone(piece, face: face, flags)
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
        private mutating func shapeAlone(_ lookup: SegmentCacheStorage.Lookup, face: Int, _ flags: UnsafeMutablePointer<UInt8>) {
            let start = Int(lookup.offset)
            let result = SegmentShaper.shapeMissed(lookup.key, advances: advances + start, flags: shapeFlags + start) {
                harfBuzzFont(at: face)
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
                if k > 0, f & 1 != 0 { flags[start + k] |= Flag.unsafe }
                if f & 2 != 0 { flags[start + k] |= Flag.missingGlyph }
            }
        }

        /// The sized HarfBuzz font of face `index`, looked up once.
        private mutating func harfBuzzFont(at index: Int) -> HarfBuzzFont? {
            while harfBuzzFontsFetched.count <= fallbacks.count {
                harfBuzzFonts.append(nil)
                harfBuzzFontsFetched.append(false)
            }
            if !harfBuzzFontsFetched[index] {
                harfBuzzFonts[index] = catalog.harfBuzzFont(face: index == 0 ? primary : fallbacks[index - 1].face, scale: scale)
                harfBuzzFontsFetched[index] = true
            }
            return harfBuzzFonts[index]
        }
    }
}

extension SegmentCacheStorage.Lookup {
    /// The cache key of the segment looked up: what a miss is shaped and cached under.
    @inline(__always)
    fileprivate var key: SegmentCache.Key {
        SegmentCache.Key(face: face, scale: scale, script: script, text: text, hash: hash)
    }
}
