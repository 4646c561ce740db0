import Foundation

// The pass's styling stage (stage 7, after shaping): a styled text's runs applied to what the plain
// stages found and shaped (rules S1–S5).
extension PreparedText.Pass {
    /// Applies a styled text's runs to what the plain pass shaped in the first run's font (rule S2): the
    /// segments are cut at run edges, and a piece in another font or size, or cut from a longer segment,
    /// is shaped again on its own through the segment cache (a style change inside a word reshapes both
    /// sides; nothing kerns or ligates across it, as CoreText shapes each attribute run apart). Then each
    /// run's kern is added after each of its clusters (S3) and each attachment's U+FFFC advances by its box
    /// (S5). Cluster boundaries, opportunities and paragraphs are the plain pass's: they come from the
    /// text (S1).
    mutating func restyle(_ u: UnsafeBufferPointer<UInt16>, _ styling: Styling) {
        let primaryFont = styling.styles[Int(styling.runStyles[0])].font
        var pieces: [PreparedText.Segment] = []
        pieces.reserveCapacity(segmentCount + styling.runStarts.count)
        var run = 0
        let runCount = styling.runStarts.count
        for i in 0..<segmentCount {
            let segment = segments[i]
            var start = Int(segment.start)
            let end = Int(segment.end)
            while run + 1 < runCount, styling.runStarts[run + 1] <= start { run += 1 }
            while start < end {
                let runEnd = run + 1 < runCount ? styling.runStarts[run + 1] : count
                var pieceEnd = min(end, runEnd)
                var piece = segment
                let style = Int(styling.runStyles[run])
                // Spaces just after a style edge are set in their own run's font, not in the fallback face of
                // the text before the edge: CoreText falls back per attribute run, and Pango starts a new item
                // at an attribute change. Inside a run a space keeps the face of the text it follows (F6).
                if segment.face != 0, start > 0, start == styling.runStarts[run], styling.attachmentWidths[style] < 0 {
                    let face = styling.styles[style].font.face
                    var spaces = start
                    while spaces < pieceEnd, u[spaces] == 0x20, face.hasGlyph(for: 0x20) { spaces += 1 }
                    if spaces > start {
                        pieceEnd = spaces
                        piece.face = 0
                    }
                }
                piece.style = styling.runStyles[run]
                let runFont = styling.styles[style].font
                if styling.attachmentWidths[style] < 0, runFont.face.id != primaryFont.face.id {
                    // S2: the plain pass chose faces against the first run's font; another run's font falls
                    // back on its own, cluster by cluster, as CoreText does per attribute run.
                    let (faceEnd, face) = runFace(u, start, pieceEnd, segmentFace: piece.face, font: runFont)
                    pieceEnd = faceEnd
                    piece.face = face
                }
                piece.start = Int32(truncatingIfNeeded: start)
                piece.end = Int32(truncatingIfNeeded: pieceEnd)
                // A piece in another face than its segment was shaped in (the spaces above) is shaped again
                // even when it is the whole segment: its advances are the face it draws in, not the
                // fallback's (`Crashers/FuzzLineWidths/spaces-after-a-line-separator-measure-narrower`).
                let whole = start == Int(segment.start) && pieceEnd == end && piece.face == segment.face
                if styling.attachmentWidths[style] >= 0 {
                    place(attachmentWidth: styling.attachmentWidths[style], start, pieceEnd)
                } else if !whole || styling.styles[style].font != primaryFont {
                    reshape(piece, u, font: styling.styles[style].font)
                }
                let kern = styling.kernUnits[style]
                if kern != 0 {
                    for position in start..<pieceEnd where flags[position] & PreparedText.Flag.grapheme != 0 {
                        advances[position] &+= kern
                    }
                }
                flags[start] |= PreparedText.Flag.segmentStart
                pieces.append(piece)
                start = pieceEnd
                if pieceEnd == runEnd, run + 1 < runCount { run += 1 }
            }
        }
        // At most one piece per cluster, so they fit the segment buffer (one slot per unit).
        for (i, piece) in pieces.enumerated() { segments[i] = piece }
        segmentCount = pieces.count
        // After every piece is shaped: a cluster's tracking may land on the whitespace of the next piece (O9).
        if styling.hasTracking {
            Tracking.apply(styling, count: count, units: u, flags: flags, advances: advances)
        }
    }

    /// The face for the clusters from `start` in a run set in `font`, and where that face stops being the
    /// one (at most `end`): the run's font where it has a cluster's base character, else the face the plain
    /// pass chose (`segmentFace`) when that has it, else `font`'s own fallback. Whitespace and characters
    /// that need no glyph stay in the face before them (F6).
    private mutating func runFace(
        _ u: UnsafeBufferPointer<UInt16>, _ start: Int, _ end: Int, segmentFace: UInt16,
        font: Font
    ) -> (end: Int, face: UInt16) {
        var chosen: UInt16?
        var position = start
        while position < end {
            var next = position + 1
            while next < end, flags[next] & PreparedText.Flag.grapheme == 0 { next += 1 }
            let unit = UInt32(u[position])
            var base = unit
            if unit & 0xFC00 == 0xD800, position + 1 < end, UInt32(u[position + 1]) & 0xFC00 == 0xDC00 {
                base = UTF16.scalarValue(lead: u[position], trail: u[position + 1])
            }
            if base != 0x20, !CharacterTable.needsNoGlyph(base) {
                let face = clusterFace(base, segmentFace: segmentFace, font: font)
                if let chosen, chosen != face { break }
                chosen = face
            }
            position = next
        }
        return (position, chosen ?? 0)
    }

    private mutating func clusterFace(_ base: UInt32, segmentFace: UInt16, font: Font) -> UInt16 {
        if font.face.hasGlyph(for: base) { return 0 }
        if segmentFace != 0, fallbacks[Int(segmentFace) - 1].hasGlyph(for: base) { return segmentFace }
        guard let fallback = FontCatalog.shared.fallbackFace(for: base, font: font) else { return 0 }
        return UInt16(truncatingIfNeeded: index(of: FaceReference(fallback), bundledIndex: 0))
    }

    /// An attachment's U+FFFC (and any marks on it) advances by the box's width and is never reshaped.
    private mutating func place(attachmentWidth: Int32, _ start: Int, _ end: Int) {
        for position in start..<end {
            advances[position] = position == start ? attachmentWidth : 0
            flags[position] &= ~(PreparedText.Flag.unsafe | PreparedText.Flag.missingGlyph)
        }
    }

    /// Shapes `piece` alone in `font` (its fallback face, when it has one, at `font`'s size), replacing the
    /// plain pass's advances and HarfBuzz flags there.
    private mutating func reshape(_ piece: PreparedText.Segment, _ u: UnsafeBufferPointer<UInt16>, font: Font) {
        let start = Int(piece.start)
        let face = piece.face == 0 ? font.face : fallbacks[Int(piece.face) - 1].face
        let script = piece.script == HarfBuzzScript.common ? 0 : piece.script
        shaper.reshape(
            UnsafeBufferPointer(rebasing: u[start..<Int(piece.end)]), at: start, face: face, scale: font.scale,
            script: script, flags)
    }
}
