import Foundation

// The pass's run shortcut: the loops that take the inside of a segment without `single`'s per-cluster
// decisions (see `extendSegment`).
extension PreparedText.Pass {
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
    mutating func extendSegment(
        from start: Int, _ u: UnsafeBufferPointer<UInt16>,
        _ flags: UnsafeMutablePointer<UInt8>
    ) -> Int {
        if segmentFace == 0 {
            guard let spacePairs = primarySpacePairs else {
                return extendSegment(from: start, in: PrimaryRunFace(), u, flags)
            }
            return extendSegment(from: start, in: PrimaryJoinedRunFace(spacePairs: spacePairs), u, flags)
        }
        // A fallback's segment: only a bundled one's units are known without asking the face.
        guard let last = lastFallback, last.index == segmentFace, last.bundledIndex > 0 else { return start }
        return extendSegment(
            from: start, in: BundledRunFace(bundledTable: bundledTable, bundledIndex: last.bundledIndex), u, flags)
    }

    /// The run shortcut: the general loop (`extendWords`), and where it finds two opportunities in a row
    /// (between ideographs or kana, where every cluster is one), the loop for such runs
    /// (`extendOpportunityRun`), back and forth until either refuses a unit. Two functions rather than two
    /// loops in one: any path added to `extendWords`'s loop cost its per-unit loop registers (Latin and
    /// Japanese slowed by 0.2–6 % when an opportunity loop was nested there).
    @inline(__always)
    mutating func extendSegment<Face: SegmentRunFace>(
        from start: Int, in face: Face, _ u: UnsafeBufferPointer<UInt16>,
        _ flags: UnsafeMutablePointer<UInt8>
    ) -> Int {
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
    func opportunityRunStart(at start: Int, _ u: UnsafeBufferPointer<UInt16>) -> Int? {
        guard segmentStart == start &- 1, start < count else { return nil }
        var i = icuIndex
        if i < icuCount, Int(breaks[i]) < start { i &+= 1 }
        guard i < icuCount, Int(breaks[i]) == start else { return nil }
        let index = Int(table.entries[Int(u[start &- 1])] & 0xFF)
        let kind = (mayBeRightToLeft ? table.runKindsOnceBidi : table.runKinds)[index]
        guard kind == CharacterTable.RunKind.strong, table.scripts[index] == segmentScript,
            lastStrongScript == segmentScript
        else { return nil }
        return index
    }

    /// The shortcut's general loop: see `extendSegment(from:_:_:)`. Returns at the first unit it refuses,
    /// or (with `opportunityRunIndex` set to the segment's script index) at an opportunity that follows
    /// one, for `extendOpportunityRun`.
    @inline(never)
    mutating func extendWords<Face: SegmentRunFace>(
        from start: Int, in face: Face, _ u: UnsafeBufferPointer<UInt16>,
        _ flags: UnsafeMutablePointer<UInt8>
    ) -> Int {
        let units = u.baseAddress.unsafelyUnwrapped  // start < count: not empty
        // A space right after an emoji goes to `single`: `place` sets it in the font, not the emoji's segment.
        if lastClusterWasEmoji, units[start] == 0x20 { return start }
        let run = SegmentRun(
            face: face, entries: table.entries, coverage: primaryCoverage,
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
                guard
                    run.extends(
                        unit, entry, nextEntry, index: scriptIndex, weakJoins: weakJoins,
                        isNewStrong: &isNewStrong)
                else { break scan }
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
                icuMandatory[icuIndex] == 0
            else { break }
            var flag = Flag.grapheme | Flag.breakAllowed | (entry & CharacterTable.Bit.hangingSpace != 0 ? Flag.space : 0)
            // Where `endsSegment` cuts: after a space (unless the font's space pairs with this unit, F9;
            // `cutsAfterSpace` is constant true in the loop's specialisation for other faces), or at length.
            if flags[position &- 1] & Flag.space != 0
                ? face.cutsAfterSpace(before: unit)
                : position &- segmentStart >= Builder.segmentCutLength
            {
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
        if position > start {
            lastClusterWasEmoji = false
            pendingSpaces = -1  // the fallback's run continued after its spaces: they stay in it
        }
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
    mutating func extendOpportunityRun<Face: SegmentRunFace>(
        from start: Int, in face: Face, scriptIndex: Int,
        _ u: UnsafeBufferPointer<UInt16>,
        _ flags: UnsafeMutablePointer<UInt8>
    )
        -> (position: Int, mayExtend: Bool)
    {
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
                nextEntry & CharacterTable.Bit.simple != 0
            else {
                mayExtend =
                    Face.isPrimary && unit == 0x20 && entry & CharacterTable.Bit.simple != 0
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
                        Face.isPrimary || !fontconfigOrder
                    else {
                        // The segment's script under its other index: `extendWords` takes it. Others
                        // (a bidi or Hangul unit, a stop) go to `single`.
                        mayExtend = kind == CharacterTable.RunKind.strong && script == segmentScript
                        break
                    }
                    // Another script in the same face (kana after ideographs, and back): the next segment
                    // starts here, as `place` starts it (a script conflict; rule F6 keeps the face: the
                    // font's own, or the bundled fallback `fallbackFaceIndex` answers from `lastFallback`).
                    segments[segmentCount] = Segment(
                        start: Int32(truncatingIfNeeded: segmentStart),
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
        if end > start {
            lastClusterWasEmoji = false
            pendingSpaces = -1
        }
        return (end, mayExtend)
    }
}
