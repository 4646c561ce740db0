/// Glyphs of a line with right-to-left or explicit-direction text, drawn in visual order (UAX #9 L2).
extension PreparedText {
    /// `placedGlyphs(for:)` for a text with bidi levels: each directional run of the line in visual order
    /// (`visualItems`), its pieces shaped in the run's direction and placed right to left for an odd level,
    /// the ellipsis at its visual place. The advances equal the measured widths: the pieces are the ones
    /// measuring added up.
    func placedBidiGlyphs(for line: TextLine, segments cache: SegmentGlyphs) -> PlacedLine {
        var result = PlacedLine()
        for item in visualItems(for: line) {
            let start = result.width
            if item.isEllipsis {
                let style = line.ellipsis.map { ellipsisStyle($0, visible: line.visible) } ?? 0
                result.width += appendEllipsis(at: result.width, style: style, into: &result.glyphs)
                result.ellipsis = start..<result.width
            } else {
                result.width += appendGlyphs(
                    item.range, rightToLeft: item.isRightToLeft, at: result.width,
                    into: &result.glyphs, cache: cache)
            }
        }
        if let hyphen = line.shownHyphen {
            // H2: the hyphen the line was measured with, where `visualRuns` leave it (the rest of the line
            // at its end), as the plain path draws it. It was missing: a hyphenated line of a text with
            // right-to-left characters drew narrower than it measured (FuzzStyled's
            // `hyphenated-line-of-a-bidi-text`).
            result.width += appendHyphen(hyphen, after: line.range.upperBound, at: result.width, into: &result.glyphs)
        }
        if paragraphSettings != nil { spread(&result, line: line) }
        if line.ellipsis == nil {
            let hanging = hangingWidth(for: line)
            if hanging > 0 {
                // Past the logical end: right of a left-to-right line, left of a right-to-left one.
                let rtl = (bidi?.paragraphLevel(at: line.range.lowerBound) ?? 0) & 1 == 1
                result.hangingWhitespace = rtl ? -hanging..<0 : result.width..<(result.width + hanging)
            }
        }
        return result
    }

    /// Appends the glyphs of one directional run from `x`: its pieces (`drawingPieces`, then one per
    /// segment) in visual order, each shaped in the run's direction. A whole segment whose script already
    /// runs that way reuses its shaping (`cache`); a part of one is shaped alone, as Pango shapes an item
    /// split at a level change. Returns the advance.
    private func appendGlyphs(
        _ range: Range<Int>, rightToLeft: Bool, at x: Int, into glyphs: inout [PlacedGlyph],
        cache: SegmentGlyphs
    ) -> Int {
        var portions: [(range: Range<Int>, segment: Int, whole: Bool)] = []
        for piece in drawingPieces(range.lowerBound, range.upperBound) {
            if let segment = piece.reshapedSegment {
                portions.append((piece.range, segment, false))
                continue
            }
            var index = partitionPoint(from: 0, to: segments.count) { Int(self.segments[$0].end) > piece.range.lowerBound }
            while index < segments.count, Int(segments[index].start) < piece.range.upperBound {
                let info = segments[index]
                let portion = max(Int(info.start), piece.range.lowerBound)..<min(Int(info.end), piece.range.upperBound)
                portions.append((portion, index, portion == Int(info.start)..<Int(info.end)))
                index += 1
            }
        }
        if rightToLeft { portions.reverse() }
        var pen = x
        for portion in portions {
            let info = segments[portion.segment]
            let (face, scale) = shapingFace(of: info)
            let scriptIsRTL = info.script != HarfBuzzScript.common && HarfBuzzFont.isRightToLeft(script: info.script)
            if isAttachment(info) {
                pen = place([], segment: info, clusterBase: Int(info.start), keep: portion.range, pen: pen, into: &glyphs)
            } else if portion.whole, scriptIsRTL == rightToLeft {
                pen = place(
                    cache.glyphs(of: portion.segment, in: self), segment: info, clusterBase: Int(info.start),
                    keep: portion.range, pen: pen, into: &glyphs)
            } else {
                guard let hbFont = FontCatalog.shared.harfBuzzFont(face: face, scale: scale) else { continue }
                var slice = ArraySlice(units[portion.range])
                ShapingText.substituteControls(&slice)
                let shaped = hbFont.glyphs(
                    slice, script: info.script == HarfBuzzScript.common ? 0 : info.script,
                    rightToLeft: rightToLeft)
                pen = place(
                    shaped, segment: info, clusterBase: portion.range.lowerBound, keep: portion.range, pen: pen,
                    into: &glyphs)
            }
        }
        return pen - x
    }
}
