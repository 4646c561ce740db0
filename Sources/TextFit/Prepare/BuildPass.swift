import Foundation

extension PreparedText {
    /// The state of one build pass. A struct whose methods mutate it (rather than closures capturing local
    /// variables) so the hot loop pays no dynamic exclusivity checks. Its scratch buffers share one
    /// block (`Layout`), and the per-face arrays of the rare cache miss are made on the first miss:
    /// a UI string is short enough that each allocation and free was a visible part of its preparation.
    struct Pass {
        // The enclosing type's names, for the stages' extensions in other files (`extension PreparedText.Pass`
        // does not see `PreparedText`'s members).
        typealias Flag = PreparedText.Flag
        typealias Segment = PreparedText.Segment
        typealias Builder = PreparedText.Builder

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
        /// For a font whose space kerns or ligates (`HarfBuzzFace.spaceInLookups`, rule F9), the units that
        /// pair with a space before them (`HarfBuzzFace.spacePairs`): its text is cut into words after a
        /// space only before other units, so the pairs with the space are shaped together, as HarfBuzz
        /// shapes the whole line. Nil for other fonts: cut at every space, word by word.
        let primarySpacePairs: UnsafePointer<UInt64>?
        /// The text's units, for `endsSegment`'s look at the unit after a space (set by `run`).
        var textUnits: UnsafePointer<UInt16>?
        let scale: Int32
        /// Whether characters the font lacks fall back in Fontconfig's order for it (`FontFallback`);
        /// read only when a cluster needs a fallback.
        var fontconfigOrder = false
        /// Every paragraph's base direction (the paragraph style's): read only by `cutAtLevelChanges`.
        var baseWritingDirection = WritingDirection.natural
        /// The levels `cutAtLevelChanges` resolved (nil: it did not run), retained once for the text to take
        /// (`Builder.Output.bidi`).
        var bidi: Unmanaged<BidiMemo>?

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
        /// The shaping stage: shapes the segments through the segment cache into `advances` and
        /// `shapeFlags` once the pass has found them (`BatchShaper`, in `Shaping/`).
        var shaper: BatchShaper

        /// The catalog's bundled-fallback table (`FontCatalog.bundledFallbackTable`): read per character
        /// with no lock and no reference counting.
        let bundledTable: UnsafePointer<UInt8>
        /// The bundled faces by that table's index − 1, unretained (`FaceReference`).
        let bundledFaces: UnsafePointer<Unmanaged<Face>>

        /// Where `paragraphs`, `segments`, `advances`, `breaks`, `graphemes`, `icuMandatory`,
        /// `shapeFlags` and `flags` lie in the pass's one scratch block (the caller's,
        /// `Layout.byteCount` bytes): eight-byte fields first, then four-byte ones, then bytes, so every
        /// buffer stays aligned.
        struct Layout {
            let paragraphs: Int
            let segments: Int
            let advances: Int
            let breaks: Int
            let graphemes: Int
            let icuMandatory: Int
            let shapeFlags: Int
            let flags: Int
            let byteCount: Int

            /// Wrapping arithmetic: `count` is at most a string's UTF-8 length (below 2^48 bytes of address
            /// space), so no offset comes near overflow, and the checks were half of this per-text cost.
            /// Inlined: called from the scratch sizes in another file, the optimiser kept it a call (about
            /// 60 instructions a UI string, callgrind).
            @inline(__always)
            init(count: Int) {
                let units = max(1, count)
                let positions = count &+ 1
                paragraphs = 0
                segments = paragraphs &+ MemoryLayout<Paragraph>.stride &* positions
                advances = segments &+ MemoryLayout<Segment>.stride &* units
                breaks = advances &+ MemoryLayout<Int32>.stride &* units
                graphemes = breaks &+ MemoryLayout<Int32>.stride &* positions
                icuMandatory = graphemes &+ MemoryLayout<Int32>.stride &* positions
                shapeFlags = icuMandatory &+ positions
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
        /// Set at the first unit that may need bidi resolution (`CharacterTable.Bit.mayNeedBidi`): `single`
        /// and `multiple` test each unit they take, and `extendSegment` leaves such units to them until then.
        var mayBeRightToLeft = false
        /// Set at a tab: only `single` and `multiple` take one (its entry is special, `SegmentRun.special`),
        /// inside their test for hanging whitespace, so text without tabs or other hanging spaces pays nothing.
        var hasTab = false
        /// Set at a soft hyphen (U+00AD, H1): it has no glyph (`CharacterTable.Bit.noGlyph`), so only
        /// `single` and `multiple` take one, in their branch for such units.
        var hasSoftHyphen = false
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
        /// Set when `place` opens a segment in Common (before a paragraph's first strong character): the
        /// walk's end then gives such segments the script after them (`resolveLeadingCommon`, rule F11).
        var hasLeadingCommon = false
        var lastClusterWasEmoji = false
        /// Where the spaces at the end of the open fallback segment start (−1: none): `place` leaves them
        /// there or moves them to the font once the next cluster is placed (rule F6).
        var pendingSpaces = -1

        /// - Parameters:
        ///   - scratch: the pass's buffers' memory, `Layout(count:).byteCount` bytes, eight-byte aligned.
        ///   - shaperScratch: the shaping stage's, `BatchShaper.scratchByteCount` bytes, eight-byte aligned.
        init(
            face: Unmanaged<Face>, scale: Int32, count: Int, extendsRuns: Bool, scratch: UnsafeMutableRawPointer,
            shaperScratch: UnsafeMutableRawPointer
        ) {
            // Positions, opportunities and clusters are stored as Int32.
            precondition(count < Int(Int32.max), "text longer than 2^31 - 1 UTF-16 units")
            self.count = count
            self.extendsRuns = extendsRuns
            primaryRef = face
            let primaryID: Int
            (primaryCoverage, primaryID, primarySpacePairs) = face._withUnsafeGuaranteedRef {
                ($0.harfBuzz.bmpCoverage, $0.id, $0.harfBuzz.spacePairs)
            }
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
            shapeFlags = (scratch + layout.shapeFlags).bindMemory(to: UInt8.self, capacity: units)
            flags = (scratch + layout.flags).bindMemory(to: UInt8.self, capacity: count + 1)
            flags.initialize(repeating: 0, count: count + 1)
            shaper = BatchShaper(
                scratch: shaperScratch, advances: advances, shapeFlags: shapeFlags, primary: face,
                primaryID: primaryID, scale: scale)
        }

        /// The pass's stages, fused where the text is walked once. Stage 1 (UAX #14 opportunities, ICU) runs
        /// first over the whole text. Stages 2–5 run together per cluster, in the loop below: 2, grapheme
        /// clusters (`GraphemeFastPath`, else Swift's `Character`), with each kept opportunity and
        /// paragraph separator (`clusterStarts`, `endParagraph`); 3, the cluster's face (rule F6,
        /// `place` and `fallbackFaceIndex`); 4, its script run (`place`); 5, segments, cut where a face, a
        /// script or a word ends (`closeSegment`). `extendSegment` fuses 2–5 again for the units inside a run
        /// that need no decision. Stage 5b, only for a text that may run right to left: segments cut where
        /// the bidi level changes (`cutAtLevelChanges`, D8). Stage 6, shaping, runs after the walk over all
        /// the segments at once (`BatchShaper`), since nothing the walk decides depends on it.
        mutating func run(_ u: UnsafeBufferPointer<UInt16>, _ flags: UnsafeMutablePointer<UInt8>) {
            textUnits = u.baseAddress
            // Stage 1: opportunities.
            if count > 0 {
                icuCount = findLineBreaks(u, positions: breaks, mandatory: icuMandatory)
            }
            // Stages 2–5, fused: clusters, faces, scripts, segments.
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
                    position + 1 == count || entries[Int(u[position + 1])] & CharacterTable.Bit.simple != 0
                {
                    single(position, unit: unit, entry: entry, u, flags)
                    position += 1
                    continue
                }
                // A chunk up to the next certain boundary, segmented by Swift's `Character`.
                var end = position + 1
                while end < count,
                    !(entries[Int(u[end - 1])] & CharacterTable.Bit.simple != 0
                        && entries[Int(u[end])] & CharacterTable.Bit.simple != 0)
                {
                    end += 1
                }
                var start = position
                for character in UTF16Units.string(UnsafeBufferPointer(rebasing: u[position..<end])) {
                    let length = character.utf16.count
                    multiple(start, length: length, character, u, flags)
                    start += length
                }
                position = end
            }
            closeSegment(at: count, flags)
            // Segments of no strong script at a paragraph's start (rule F11), before they are cut or shaped.
            if hasLeadingCommon { resolveLeadingCommon() }
            // Stage 5b: level runs (D8). One test for left-to-right text, which has none to cut at.
            if mayBeRightToLeft || baseWritingDirection == .rightToLeft { cutAtLevelChanges(u, flags) }
            // Stage 6: shaping.
            shaper.shapeSegments(segments, count: segmentCount, fallbacks: fallbacks, u, flags)
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
    }
}
