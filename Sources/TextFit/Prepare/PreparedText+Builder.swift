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
        ///
        /// Not the text: the caller has it, and passes it to the new object itself (carried here, it was
        /// retained twice and released twice more per text).
        struct Output {
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
            /// Whether the text has a soft hyphen (U+00AD, seen by `single` and `multiple`): a text without
            /// one never looks for hyphenation points unless its style asks for a dictionary's (H1).
            var hasSoftHyphen = false
            /// The text's bidi levels when the pass resolved them to cut its segments at level changes (D8):
            /// a text that may run right to left, or any text in a right-to-left paragraph. Nil when the
            /// pass did not look (left-to-right text in a natural or left-to-right paragraph). Retained
            /// once, for `PreparedText.init(built:)` to take: as a plain reference this field made every
            /// text's output copied field by field (about 230 instructions a UI string, callgrind).
            var bidi: Unmanaged<BidiMemo>?
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
            /// them, in one block (`Storage`), copied from the buffers; a long text's buffers are handed back
            /// while they are copied (`ScratchPages`).
            func makeStorage() -> Storage {
                Storage(
                    units: units, advances: advances, flags: flags, breaks: breaks, graphemes: graphemes,
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
        /// (`Pass.restyle`), before the widths are summed. `baseWritingDirection` is every paragraph's
        /// (the paragraph style's), which decides the levels a right-to-left text's segments are cut at (D8).
        /// The output holds the thread's scratch block: its reader calls `pass.finish()` once it has copied
        /// the buffers (`PreparedText.init(built:)` does), and prepares no other text on this thread before
        /// (one that did would only fall back to a block of its own, `BuildScratch`).
        static func build(
            _ original: String, font: Font, extendsRuns: Bool = true, styling: Styling? = nil,
            baseWritingDirection: WritingDirection = .natural
        ) -> Output {
            let face = Unmanaged.passUnretained(font.face)
            let scale = font.scale
            let fontconfigOrder = font.fallback == .fontconfig
            // `withUTF8` makes the string native and contiguous first if it is not; its bytes are valid UTF-8.
            // (`utf8.withContiguousStorageIfAvailable` spares the copy's retain, but its optional result
            // copied the output field by field: more than it saved.)
            var text = original
            return text.withUTF8 { bytes in
                // The pass's temporaries (the look-ups, the decoded units, the pass's buffers) in one block:
                // the thread's scratch block (`BuildScratch`), so preparing a text allocates nothing for them.
                // UTF-16 never needs more units than UTF-8 has bytes, so the block is sized by the bytes.
                let size = BuildScratch.Sizes(utf8Count: bytes.count)
                // Handed back by the output's reader, once it has copied the buffers (`Built.finish`).
                let scratch = ThreadScratch.acquire(byteCount: size.byteCount)
                let decoded = (scratch + size.units).bindMemory(to: UInt16.self, capacity: bytes.count + 1)
                let count = UTF16Units.decode(bytes, into: decoded)
                // One more for the sentinel after the text, a space (simple, as the text's end is a cluster
                // boundary), so `extendSegment` reads the next unit's entry without a bounds check.
                decoded[count] = 0x20
                return build(
                    UnsafeBufferPointer(start: decoded, count: count), face: face, scale: scale,
                    fontconfigOrder: fontconfigOrder, extendsRuns: extendsRuns, block: scratch,
                    scratch: scratch + size.pass, shaperScratch: scratch + size.shaper, styling: styling,
                    baseWritingDirection: baseWritingDirection)
            }
        }

        /// Every buffer is written in the pass's scratch memory (in `block`, the scratch block) and copied
        /// once into the text's storage block (`Storage`, made by `PreparedText.init(built:)`), which also
        /// receives what is derived from them (the prefix sums of the advances among them).
        private static func build(
            _ u: UnsafeBufferPointer<UInt16>, face: Unmanaged<Face>, scale: Int32,
            fontconfigOrder: Bool, extendsRuns: Bool, block: UnsafeMutableRawPointer,
            scratch: UnsafeMutableRawPointer,
            shaperScratch: UnsafeMutableRawPointer, styling: Styling?, baseWritingDirection: WritingDirection
        ) -> Output {
            let count = u.count
            var pass = Pass(
                face: face, scale: scale, count: count, extendsRuns: extendsRuns, scratch: scratch,
                shaperScratch: shaperScratch)
            pass.fontconfigOrder = fontconfigOrder
            pass.baseWritingDirection = baseWritingDirection
            pass.run(u, pass.flags)
            if let styling, styling.changesShaping { pass.restyle(u, styling) }
            let built = Built(
                scratch: block, units: u, advances: pass.advances, flags: pass.flags,
                breaks: UnsafeBufferPointer(start: pass.breaks, count: pass.breakCount),
                graphemes: UnsafeBufferPointer(start: pass.graphemes, count: pass.graphemeCount),
                segments: UnsafeBufferPointer(start: pass.segments, count: pass.segmentCount),
                paragraphs: UnsafeBufferPointer(start: pass.paragraphs, count: pass.paragraphCount))
            return Output(
                pass: built, fallbackFaces: pass.fallbacks,
                clusterTooWide: pass.shaper.clusterTooWide, mayBeRightToLeft: pass.mayBeRightToLeft,
                hasTab: pass.hasTab, hasSoftHyphen: pass.hasSoftHyphen, bidi: pass.bidi)
        }
    }
}
