import Foundation

extension PreparedText {
    /// Everything a `PreparedText` keeps per unit (its UTF-16 units among them), per opportunity, per
    /// cluster, per segment and per paragraph, in one allocation (`block`, freed by the text that made it,
    /// `PreparedText.deinit`), viewed through `StoredArray`s, which keep that text alive.
    ///
    /// Why one block: these were nine arrays, each allocated, copied into from the builder's scratch,
    /// released and freed on its own; with the derived opportunity data (`breakEnds`, `breakVisiblePrefix`,
    /// `paragraphBreaksEnd`) written straight into the block instead of a temporary, a warm preparation
    /// makes one allocation here instead of nine and copies each buffer once.
    ///
    /// The arrays lie eight-byte fields first, then four-byte ones, then bytes, so each stays aligned.
    /// `@unchecked Sendable`: the buffers are written once, in `init`, and only read after.
    struct Storage: @unchecked Sendable {
        /// The block: plain memory, not an object. It was a `ManagedBuffer`, a second object per text beside the
        /// `PreparedText`: its allocation, reference count and generic `deinit` cost ≈ 400 instructions of a
        /// short string's warm preparation (callgrind, "OK": 3 607). The text frees it (`release`), and the
        /// views keep the text alive instead (`StoredArray.owner`). Stored views would cost nine reference
        /// counts per text to make and nine to free, so they are made on reading (`PreparedText.units`...).
        let block: UnsafeMutableRawPointer
        // The raw buffers, valid while this storage's `PreparedText` lives: for hot paths that hold the
        // text anyway (`withFastView`, `FastBreaker.run`), where binding a view to a local cost a retain and a
        // release of the block per call (≈ 4 % of a relayout `measure`).
        let prefixBuffer: UnsafeBufferPointer<Int>
        let breakVisiblePrefixBuffer: UnsafeBufferPointer<Int>
        /// For each opportunity, the prefix sum at it (hanging whitespace included): where the next line's
        /// widths start. The line loop reads it instead of `prefix[breaks[j]]`, whose line starts are spread
        /// over the whole per-unit array: a text relaid out at several widths touched most of that array's
        /// cache lines, a miss each the first time (≈ 20 of the ≈ 60 a text's first relayout took).
        let breakPrefixBuffer: UnsafeBufferPointer<Int>
        let paragraphsBuffer: UnsafeBufferPointer<Paragraph>
        let segmentsBuffer: UnsafeBufferPointer<Segment>
        let breaksBuffer: UnsafeBufferPointer<Int32>
        let breakEndsBuffer: UnsafeBufferPointer<UInt32>
        /// The cluster boundaries: stored only when some cluster has more than one unit (`ClusterStartsView`).
        let graphemes: ClusterStartsView
        let graphemeCount: Int
        let paragraphBreaksEndBuffer: UnsafeBufferPointer<Int32>
        /// The text's UTF-16 units. In the block rather than an array of their own: a separate array was a
        /// third heap object per text (its allocation, the copy through `Array`'s growth path, its release
        /// and free: ≈ 450 instructions of a 14-unit UI string's ≈ 7 300).
        let unitsBuffer: UnsafeBufferPointer<UInt16>
        let flagsBuffer: UnsafeBufferPointer<UInt8>

        /// Rare (U+2028, VT, FF, line feeds): `malloc`'d only when there are any, freed with the block, so
        /// that this storage holds no reference (an empty array here cost a release per text).
        let mandatoryBreaksBuffer: UnsafeBufferPointer<Int32>
        let hasBreaksBetweenHangul: Bool
        let breakVisiblePrefixIsMonotone: Bool
        let allowsFastBreaking: Bool

        /// Copies the builder's buffers into one block and derives the prefix sums, the per-opportunity and
        /// the per-paragraph data into it: the sums in one loop over the units, the rest in one loop over the
        /// opportunities and one over the paragraphs, since passes of `filter`, `map` and `zip` over the same
        /// arrays cost about a tenth of a warm preparation. The loops read raw pointers: a buffer's subscript is
        /// bounds-checked even in release builds.
        ///
        /// The sources are the builder's scratch (`Builder.Built`, the only caller), read by no one after: for
        /// a text of `ScratchPages.minimumUnits` units or more, each source's pages are handed back to the
        /// system as soon as they are copied (`ScratchPages`), the per-unit ones in sections of
        /// `ScratchPages.sectionUnits`, and first the pass's buffers that are not copied (ICU's mandatory
        /// marks and the shaping flags, just before `flags` in `Pass.Layout`): the scratch (about 15 bytes
        /// per unit touched) was alive beside the whole new block (about 21), most of a huge paragraph's peak
        /// memory (issue 43). So the derived data is read from the copies, not from the sources.
        /// - Parameters:
        ///   - units: the text's UTF-16 units; `flags` holds `units.count + 1` values, `advances`
        ///     `units.count` (each unit's advance: of the cluster starting there, 0 elsewhere).
        init(
            units sourceUnits: UnsafeBufferPointer<UInt16>, advances: UnsafePointer<Int32>,
            flags sourceFlags: UnsafePointer<UInt8>,
            breaks sourceBreaks: UnsafeBufferPointer<Int32>, graphemes sourceGraphemes: UnsafeBufferPointer<Int32>,
            segments sourceSegments: UnsafeBufferPointer<Segment>,
            paragraphs sourceParagraphs: UnsafeBufferPointer<Paragraph>
        ) {
            let count = sourceUnits.count
            let releasingSources = count >= ScratchPages.minimumUnits && ScratchPages.isEnabled
            let breakCount = sourceBreaks.count
            let paragraphCount = sourceParagraphs.count
            // Every unit a cluster of its own (most text): the boundaries are their indices, not stored.
            let storesGraphemes = !ClusterStartsView.isEveryUnit(sourceGraphemes.count, units: count)
            let storedGraphemeCount = storesGraphemes ? sourceGraphemes.count : 0
            graphemeCount = sourceGraphemes.count
            // Eight-byte aligned first (Paragraph's stride is a multiple of 8), then four, then two, then one.
            assert(
                MemoryLayout<Paragraph>.alignment <= 8 && MemoryLayout<Paragraph>.stride % 8 == 0
                    && MemoryLayout<Segment>.alignment <= 4 && MemoryLayout<Segment>.stride % 4 == 0)
            let prefixOffset = 0
            let visibleOffset = prefixOffset + MemoryLayout<Int>.stride * (count + 1)
            let breakPrefixOffset = visibleOffset + MemoryLayout<Int>.stride * breakCount
            let paragraphsOffset = breakPrefixOffset + MemoryLayout<Int>.stride * breakCount
            let segmentsOffset = paragraphsOffset + MemoryLayout<Paragraph>.stride * paragraphCount
            let breaksOffset = segmentsOffset + MemoryLayout<Segment>.stride * sourceSegments.count
            let breakEndsOffset = breaksOffset + MemoryLayout<Int32>.stride * breakCount
            let graphemesOffset = breakEndsOffset + MemoryLayout<UInt32>.stride * breakCount
            let paragraphEndsOffset = graphemesOffset + MemoryLayout<Int32>.stride * storedGraphemeCount
            let unitsOffset = paragraphEndsOffset + MemoryLayout<Int32>.stride * paragraphCount
            let flagsOffset = unitsOffset + MemoryLayout<UInt16>.stride * count
            let byteCount = flagsOffset + count + 1
            // `malloc`, not `allocate(byteCount:alignment:)`, which went through `posix_memalign` (malloc's
            // blocks are 16-byte aligned, more than the arrays need).
            guard let block = malloc(max(8, byteCount)) else { fatalError("out of memory") }
            self.block = block
            let p = (block + prefixOffset).bindMemory(to: Int.self, capacity: count + 1)
            p[0] = 0
            if releasingSources {
                let spent = sourceFlags - (2 &* count &+ 1)
                ScratchPages.discard(spent, region: 2 &* count &+ 1, from: 0, to: 2 &* count &+ 1)
                // The sums first, as the advances are handed back: the block's 8 bytes a unit grow while
                // the scratch's 4 shrink. Then each copy, its source handed back section by section.
                var sum = 0
                var start = 0
                while start < count {
                    let end = min(count, start &+ ScratchPages.sectionUnits)
                    sum = Self.sum(advances, from: start, to: end, after: sum, into: p)
                    ScratchPages.discard(advances, region: count, from: start, to: end)
                    start = end
                }
                unitsBuffer =
                    sourceUnits.baseAddress.map { Self.move(block + unitsOffset, $0, count) }
                    ?? UnsafeBufferPointer(
                        start: (block + unitsOffset).bindMemory(to: UInt16.self, capacity: 0), count: 0)
                if storesGraphemes {
                    graphemes = ClusterStartsView(
                        base: Self.move(block + graphemesOffset, sourceGraphemes.baseAddress!, storedGraphemeCount)
                            .baseAddress)
                } else {
                    ScratchPages.discard(sourceGraphemes.baseAddress!, region: count + 1, from: 0, to: count + 1)
                    graphemes = ClusterStartsView(base: nil)
                }
                segmentsBuffer = Self.move(block + segmentsOffset, sourceSegments.baseAddress!, sourceSegments.count)
                paragraphsBuffer = Self.move(block + paragraphsOffset, sourceParagraphs.baseAddress!, paragraphCount)
                breaksBuffer = Self.move(block + breaksOffset, sourceBreaks.baseAddress!, breakCount)
                flagsBuffer = Self.move(block + flagsOffset, sourceFlags, count + 1)
            } else {
                flagsBuffer = Self.place(block + flagsOffset, sourceFlags, count + 1)
                // An empty text has no base address (a temporary allocation of one unit still gives one).
                unitsBuffer =
                    sourceUnits.baseAddress.map { Self.place(block + unitsOffset, $0, count) }
                    ?? UnsafeBufferPointer(
                        start: (block + unitsOffset).bindMemory(to: UInt16.self, capacity: 0), count: 0)
                breaksBuffer = Self.place(block + breaksOffset, sourceBreaks.baseAddress!, breakCount)
                graphemes = ClusterStartsView(
                    base: storesGraphemes
                        ? Self.place(block + graphemesOffset, sourceGraphemes.baseAddress!, storedGraphemeCount)
                            .baseAddress
                        : nil)
                segmentsBuffer = Self.place(block + segmentsOffset, sourceSegments.baseAddress!, sourceSegments.count)
                paragraphsBuffer = Self.place(block + paragraphsOffset, sourceParagraphs.baseAddress!, paragraphCount)
                // Written straight into the block (a scratch copy cost a pass and a `memcpy`).
                _ = Self.sum(advances, from: 0, to: count, after: 0, into: p)
            }
            prefixBuffer = UnsafeBufferPointer(start: p, count: count + 1)

            let visible = (block + visibleOffset).bindMemory(to: Int.self, capacity: breakCount)
            let breakPrefix = (block + breakPrefixOffset).bindMemory(to: Int.self, capacity: breakCount)
            let ends = (block + breakEndsOffset).bindMemory(to: UInt32.self, capacity: breakCount)
            let paragraphEnds = (block + paragraphEndsOffset).bindMemory(to: Int32.self, capacity: paragraphCount)
            breakVisiblePrefixBuffer = UnsafeBufferPointer(start: visible, count: breakCount)
            breakPrefixBuffer = UnsafeBufferPointer(start: breakPrefix, count: breakCount)
            breakEndsBuffer = UnsafeBufferPointer(start: ends, count: breakCount)
            paragraphBreaksEndBuffer = UnsafeBufferPointer(start: paragraphEnds, count: paragraphCount)

            // The copies, not the sources (which `releasingSources` hands back).
            let f = flagsBuffer.baseAddress!
            // The opportunities' flags or-ed together (is any mandatory, or between Hangul?), and the monotony.
            var anyFlags: UInt8 = 0
            var monotone = true
            if breakCount > 0, let b = breaksBuffer.baseAddress {
                (anyFlags, monotone) = Self.deriveOpportunities(
                    b, breakCount, count: count, flags: f, prefix: p, ends: ends,
                    visible: visible, breakPrefix: breakPrefix)
            }
            breakVisiblePrefixIsMonotone = monotone
            hasBreaksBetweenHangul = anyFlags & Flag.betweenHangul != 0
            var mandatory = UnsafeBufferPointer<Int32>(start: nil, count: 0)
            if anyFlags & Flag.mandatory != 0 {
                var n = 0
                for j in 0..<breakCount where f[Int(breaksBuffer[j])] & Flag.mandatory != 0 { n += 1 }
                guard let memory = malloc(MemoryLayout<Int32>.stride * n) else { fatalError("out of memory") }
                let typed = memory.bindMemory(to: Int32.self, capacity: n)
                var k = 0
                for j in 0..<breakCount where f[Int(breaksBuffer[j])] & Flag.mandatory != 0 {
                    typed[k] = breaksBuffer[j]
                    k += 1
                }
                mandatory = UnsafeBufferPointer(start: typed, count: n)
            }
            mandatoryBreaksBuffer = mandatory
            // Per paragraph: one past its last soft-break candidate, and whether a mandatory break
            // (U+2028, VT, FF) lies inside it, which the fast path cannot handle.
            let b = breaksBuffer
            var mandatoryInside = false
            var index = 0
            var nextMandatory = 0
            for k in 0..<paragraphCount {
                let paragraph = paragraphsBuffer[k]
                // The first opportunity at or after the paragraph's end: gallop from the last answer, then
                // search between (most texts are one paragraph whose answer is the last opportunity; a
                // million short lines stay linear).
                var low = index
                var bound = index
                var step = 1
                while bound < breakCount, Int(b[bound]) < paragraph.end {
                    low = bound + 1
                    bound = low + step
                    step &<<= 1
                }
                index = partitionPoint(from: low, to: min(bound, breakCount)) { Int(b[$0]) >= paragraph.end }
                paragraphEnds[k] = Int32(truncatingIfNeeded: index)
                while nextMandatory < mandatory.count, Int(mandatory[nextMandatory]) <= paragraph.start {
                    nextMandatory += 1
                }
                if nextMandatory < mandatory.count, Int(mandatory[nextMandatory]) < paragraph.end {
                    mandatoryInside = true
                }
            }
            allowsFastBreaking = !mandatoryInside && count < Int(Int32.max)
        }

        /// Frees the block (and the mandatory breaks): once, by the text that made this storage
        /// (`PreparedText.deinit`).
        func release() {
            free(block)
            if let mandatory = mandatoryBreaksBuffer.baseAddress { free(UnsafeMutablePointer(mutating: mandatory)) }
        }

        /// Per opportunity `b[j]`: its visible end with the reshaping bit (`ends`), the prefix sums there and at
        /// the opportunity (`visible`, `breakPrefix`). Returns the opportunities' flags or-ed together and
        /// whether `visible` never decreases.
        ///
        /// A function of its own, and written without branches but the whitespace test: in CJK text (an
        /// opportunity per unit) this loop is most of the storage's cost, and inside `init`, among that
        /// function's many pointers, its values live on the stack (≈ 47 instructions an opportunity against
        /// ≈ 37 here).
        @inline(never)
        private static func deriveOpportunities(
            _ b: UnsafePointer<Int32>, _ n: Int, count: Int, flags f: UnsafePointer<UInt8>,
            prefix p: UnsafePointer<Int>, ends: UnsafeMutablePointer<UInt32>,
            visible: UnsafeMutablePointer<Int>,
            breakPrefix: UnsafeMutablePointer<Int>
        ) -> (UInt8, Bool) {
            // `Flag.unsafe` moved up to the top bit is `breakEndNeedsReshaping`.
            assert(UInt32(Flag.unsafe) << 28 == breakEndNeedsReshaping)
            var anyFlags: UInt8 = 0
            var rises: UInt8 = 1  // while no stored width decreases
            var previous = Int.min
            for j in 0..<n {
                let position = Int(b[j])
                let flag = f[position]
                anyFlags |= flag
                // The visible end: the opportunity moved back over hanging whitespace (W4).
                var end = position
                if end > 0, f[end &- 1] & Flag.space != 0 {
                    end &-= 1
                    while end > 0, f[end &- 1] & Flag.space != 0 { end &-= 1 }
                }
                // Unsafe to break at the visible end, or at the opportunity unless it is the text's end.
                let unsafe = (f[end] | (position < count ? flag : 0)) & Flag.unsafe
                let reshaping = UInt32(unsafe) &<< 28
                ends[j] = UInt32(truncatingIfNeeded: end) | reshaping
                // The stored width of an unsafe end may also be too large (a ligature the cut undoes), so a
                // line the stored widths end just before it must try it reshaped.
                if j > 0 { ends[j &- 1] |= reshaping }
                let width = p[end]
                visible[j] = width
                breakPrefix[j] = p[position]
                rises &= width >= previous ? 1 : 0
                previous = width
            }
            return (anyFlags, rises != 0)
        }

        /// The prefix sums of `advances[start..<end]` after `sum` into `p[start + 1...end]`; returns the last.
        /// Wrapping adds: fewer than 2^31 advances of at most 2^31 each cannot overflow an Int, and the check
        /// per unit was a third of this loop.
        @inline(__always)
        private static func sum(
            _ advances: UnsafePointer<Int32>, from start: Int, to end: Int, after sum: Int,
            into p: UnsafeMutablePointer<Int>
        ) -> Int {
            var sum = sum
            for i in start..<end {
                sum &+= Int(advances[i])
                p[i &+ 1] = sum
            }
            return sum
        }

        /// `place`, section by section, each section's source pages handed back once copied.
        private static func move<T: BitwiseCopyable>(
            _ target: UnsafeMutableRawPointer, _ source: UnsafePointer<T>, _ n: Int
        ) -> UnsafeBufferPointer<T> {
            let typed = target.bindMemory(to: T.self, capacity: n)
            var start = 0
            while start < n {
                let end = min(n, start &+ ScratchPages.sectionUnits)
                (typed + start).initialize(from: source + start, count: end &- start)
                ScratchPages.discard(source, region: n, from: start, to: end)
                start = end
            }
            return UnsafeBufferPointer(start: typed, count: n)
        }

        /// Copies `n` values from `source` to `target` (aligned for `T`) and views them.
        @inline(__always)
        private static func place<T: BitwiseCopyable>(
            _ target: UnsafeMutableRawPointer, _ source: UnsafePointer<T>,
            _ n: Int
        ) -> UnsafeBufferPointer<T> {
            let typed = target.bindMemory(to: T.self, capacity: n)
            typed.initialize(from: source, count: n)
            return UnsafeBufferPointer(start: typed, count: n)
        }
    }
}
