import Foundation

// The pass's per-cluster stage: a cluster's boundary and opportunity, its face and script, and the
// segment and paragraph it belongs to.
extension PreparedText.Pass {
    /// The cluster starts here: record it, and ICU's opportunity here if any. Opportunities inside a
    /// cluster are dropped (UAX #14 allows a break between a space and a combining mark, LB10, but a
    /// line never splits a cluster, W2).
    @inline(__always)
    mutating func clusterStarts(at position: Int, _ u: UnsafeBufferPointer<UInt16>, _ flags: UnsafeMutablePointer<UInt8>) {
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
    mutating func single(
        _ position: Int, unit: UInt16, entry: UInt16, _ u: UnsafeBufferPointer<UInt16>,
        _ flags: UnsafeMutablePointer<UInt8>
    ) {
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
        } else if unit == 0xAD {
            hasSoftHyphen = true
        }
        place(
            position, base: base, isSpace: entry & CharacterTable.Bit.spaceSeparator != 0, uncovered: uncovered,
            script: script, coversAll: nil, flags)
        lastClusterWasEmoji = base != nil && entry & CharacterTable.Bit.emoji != 0
    }

    /// A cluster of several units, or one that needs `Character` to find its end.
    mutating func multiple(
        _ position: Int, length: Int, _ character: Character, _ u: UnsafeBufferPointer<UInt16>,
        _ flags: UnsafeMutablePointer<UInt8>
    ) {
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
        if first == 0xAD { hasSoftHyphen = true }  // a soft hyphen with a mark on it
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
        place(
            position, base: base, isSpace: base.map(CharacterClass.isSpaceSeparator) ?? false, uncovered: uncovered,
            script: script, coversAll: scalars, flags)
        lastClusterWasEmoji = emojiSequence || base.map(CharacterClass.isEmojiPresentation) ?? false
    }

    /// Chooses the cluster's face (rule F6) and script and extends or starts a segment.
    /// - Parameter scalars: the cluster's scalars when it has several (a fallback must cover them all).
    @inline(__always)
    mutating func place(
        _ position: Int, base: UInt32?, isSpace: Bool, uncovered: UInt32?, script clusterScript: UInt32,
        coversAll scalars: Character.UnicodeScalarView?, _ flags: UnsafeMutablePointer<UInt8>
    ) {
        // Rule F6's itemisation: a cluster the font covers is set in the font. A space (which never
        // chooses a font, in Pango or Core Text) after a fallback cluster waits in that cluster's segment
        // (`pendingSpaces`) until the next cluster says where it goes: it stays in the fallback face inside
        // that face's run ("שלום עולם") and where the script run ends ("世界 x", Pango's item for the Han
        // run), and goes to the font before anything else, the font's own text continuing the run ("→ T",
        // "選項 42"). After an emoji it is the font's at once (an emoji font's space is 1.24 em; Pango
        // and Chromium itemise emoji apart). VS16, ZWJ, skin tones, keycaps and tags never get here
        // alone: they are inside the emoji's cluster.
        var face = segmentStart >= 0 ? segmentFace : 0
        if let base, isSpace, segmentStart >= 0, segmentFace != 0, !lastClusterWasEmoji,
            fallbacks[segmentFace - 1].hasGlyph(for: base)
        {
            // A space the font lacks stays in the fallback, and so do the spaces before it.
            if !primaryHasGlyph(base) {
                pendingSpaces = -1
            } else if pendingSpaces < 0 {
                pendingSpaces = position
            }
        } else {
            if let base {
                face = 0
                if let uncovered {
                    face = fallbackFaceIndex(base: base, uncovered: uncovered, scalars: scalars)
                }
            }
            if pendingSpaces >= 0 {
                if face != segmentFace,
                    clusterScript == HarfBuzzScript.common || clusterScript == HarfBuzzScript.inherited
                        || clusterScript == segmentScript || segmentScript == HarfBuzzScript.common
                {
                    // The spaces go to the font: the fallback's segment ends before them.
                    closeSegment(at: pendingSpaces, flags)
                    segmentStart = pendingSpaces
                    segmentFace = 0
                }
                pendingSpaces = -1
            }
        }
        // Script runs as Pango itemizes them (UAX #24 style): a common or inherited character takes
        // the script of the last strong one in its paragraph, so "为 7999" shapes the digits as Han
        // and "」 (" keeps the bracket out of the Latin word that follows.
        // A segment opened in Common (before the paragraph's first strong character) takes that character's
        // script after the walk (`resolveLeadingCommon`, rule F11): marked here, once per segment opened,
        // rather than a test per strong cluster.
        var script = clusterScript
        if script == HarfBuzzScript.common {
            script = lastStrongScript
        } else {
            lastStrongScript = script
        }
        let scriptConflict =
            script != HarfBuzzScript.common && segmentScript != HarfBuzzScript.common
            && script != segmentScript
        if segmentStart < 0 || face != segmentFace || scriptConflict || endsSegment(at: position, flags) {
            closeSegment(at: position, flags)
            segmentStart = position
            segmentFace = face
            segmentScript = script
            if script == HarfBuzzScript.common { hasLeadingCommon = true }
        } else if segmentScript == HarfBuzzScript.common {
            segmentScript = script
        }
    }

    /// Gives each paragraph's leading segments of no strong script ("12 ", "- ", "• " before the first word)
    /// the script of its first strong character, as Pango's script itemiser does (`pango_script_iter_next`:
    /// a run that starts in Common or Inherited takes the first real script that follows; ICU's `usc` run
    /// rules alike; rule F11). Their script was otherwise left to HarfBuzz's guess, so each was shaped
    /// alone; now they join the words after them (`BatchShaper.flushPending`). Only before a left-to-right
    /// script: HarfBuzz guesses left to right for such a segment, and shaping it in the direction of a
    /// right-to-left script would change how a level-2 number is shaped (D8).
    ///
    /// One pass over the segments after the walk, run only when `place` opened a segment in Common
    /// (`hasLeadingCommon`). Every segment of a paragraph before its first strong character is in Common
    /// (a weak character takes the last strong script, and there is none yet), and the first segment that
    /// is not has that character's script, so the run of Common segments before it takes that script.
    /// Segments never cross a paragraph separator, and a paragraph without a strong character keeps its own.
    @inline(never)
    mutating func resolveLeadingCommon() {
        let common = HarfBuzzScript.common
        var paragraph = 0
        // The first of the Common segments waiting for their paragraph's first strong script (−1: none).
        var waiting = -1
        var i = 0
        while i < segmentCount {
            let start = Int(segments[i].start)
            // A segment in a later paragraph: the waiting ones had no strong character after them.
            if paragraph < paragraphCount, start >= paragraphs[paragraph].end {
                waiting = -1
                repeat { paragraph &+= 1 } while paragraph < paragraphCount && start >= paragraphs[paragraph].end
            }
            let script = segments[i].script
            if script == common {
                if waiting < 0 { waiting = i }
            } else if waiting >= 0 {
                if !HarfBuzzFont.isRightToLeft(script: script) {
                    for k in waiting..<i { segments[k].script = script }
                }
                waiting = -1
            }
            i &+= 1
        }
    }

    /// Whether a break opportunity at `position` ends the segment: after whitespace (between words), at a
    /// mandatory break, or when the segment is `segmentCutLength` long. Elsewhere (between
    /// ideographs, after a hyphen) the run is shaped as one piece, as Pango shapes its items: one cache
    /// look-up or one `hb_shape` per run instead of one per ideograph. A line may still start or end
    /// there by arithmetic, unless HarfBuzz flagged the position unsafe to break (then `width` reshapes).
    /// In a font whose space kerns or ligates (rule F9) a space ends the font's own segment only before
    /// a unit that does not pair with it (`primarySpacePairs`), so the pairs with the space stay in one
    /// shaping; the length cut never falls after a space.
    @inline(__always)
    func endsSegment(at position: Int, _ flags: UnsafeMutablePointer<UInt8>) -> Bool {
        let flag = flags[position]
        guard flag & Flag.breakAllowed != 0 else { return false }
        if flag & Flag.mandatory != 0 { return true }
        guard flags[position - 1] & Flag.space != 0 else { return position - segmentStart >= Builder.segmentCutLength }
        guard let pairs = primarySpacePairs, segmentFace == 0 else { return true }
        let unit = textUnits.unsafelyUnwrapped[position]
        return pairs[Int(unit >> 6)] & (1 << UInt64(unit & 63)) == 0
    }

    /// The font's own face has a glyph for `scalar`: a bit test in the BMP.
    @inline(__always)
    func primaryHasGlyph(_ scalar: UInt32) -> Bool {
        scalar < 0x10000
            ? primaryCoverage[Int(scalar >> 6)] & (1 << UInt64(scalar & 63)) != 0
            : primaryRef._withUnsafeGuaranteedRef { $0.hasGlyph(for: scalar) }
    }

    mutating func appendParagraph(_ paragraph: Paragraph) {
        paragraphs[paragraphCount] = paragraph
        paragraphCount += 1
    }

    /// A paragraph separator (rule W1) ends the paragraph, its segment and its script context.
    mutating func endParagraph(at position: Int, separatorLength: Int, _ flags: UnsafeMutablePointer<UInt8>) {
        closeSegment(at: position, flags)
        pendingSpaces = -1
        lastStrongScript = HarfBuzzScript.common
        appendParagraph(Paragraph(start: paragraphStart, end: position, separatorLength: separatorLength))
        paragraphStart = position + separatorLength
    }

    /// Records the open segment; the shaping stage (`BatchShaper`) shapes all of them after the pass. Inlined into the
    /// loops that close segments: it is a few stores, and any call in `extendSegment`'s loop cost the
    /// loop its registers (its values were kept on the stack, about a third of its instructions).
    @inline(__always)
    mutating func closeSegment(at end: Int, _ flags: UnsafeMutablePointer<UInt8>) {
        guard segmentStart >= 0, end > segmentStart else {
            segmentStart = -1
            return
        }
        let start = segmentStart
        segmentStart = -1
        // Positions fit Int32: `init` checked the text's length.
        segments[segmentCount] = Segment(
            start: Int32(truncatingIfNeeded: start), end: Int32(truncatingIfNeeded: end),
            face: UInt16(segmentFace), script: segmentScript)
        segmentCount &+= 1
        flags[start] |= Flag.segmentStart
    }
}
