/// The glyphs of laid-out lines, placed exactly as the line breaker measured them.
///
/// Each visible range is split the way `width(_:_:)` splits it: where a line starts or ends inside a
/// segment at a cluster HarfBuzz flags unsafe-to-break, the piece up to the nearest safe position is
/// reshaped on its own (as measuring did); everything else takes the glyphs of its whole segment shaped
/// once, keeping those whose cluster falls in the range. Segments are shaped with the same text
/// (`ShapingText.substituteControls`), face, script and scale as when the text was prepared, so the
/// advances drawn add up to the widths measured, unit for unit.
extension PreparedText {
    /// Glyphs of whole segments, shaped once per drawing (segments repeat across lines only at their ends).
    final class SegmentGlyphs {
        private var shaped: [Int: [ShapedGlyph]] = [:]

        func glyphs(of segment: Int, in text: PreparedText) -> [ShapedGlyph] {
            if let glyphs = shaped[segment] { return glyphs }
            let info = text.segments[segment]
            let glyphs = text.shapeGlyphs(Int(info.start)..<Int(info.end), segment: segment)
            shaped[segment] = glyphs
            return glyphs
        }
    }

    /// The glyphs `line` draws: its visible text, the ellipsis in place, and the hanging whitespace's extent.
    /// - Precondition: `line` was laid out from this text.
    func placedGlyphs(for line: TextLine, segments cache: SegmentGlyphs = SegmentGlyphs()) -> PlacedLine {
        if bidi != nil { return placedBidiGlyphs(for: line, segments: cache) }
        var run = PlacedLine()
        func text(_ range: Range<Int>) {
            run.width += appendGlyphs(range.lowerBound, range.upperBound, at: run.width, into: &run.glyphs, cache: cache)
        }
        func ellipsis() {
            let start = run.width
            let style = line.ellipsis.map { ellipsisStyle($0, visible: line.visible) } ?? 0
            run.width += appendEllipsis(at: run.width, style: style, into: &run.glyphs)
            run.ellipsis = start..<run.width
        }
        switch line.ellipsis {
        case .none:
            // The line's own text; its trailing whitespace hangs (W4) and draws nothing.
            let end = trimmedEnd(line.visible.upperBound, notBefore: line.visible.lowerBound)
            text(line.visible.lowerBound..<end)
            if let hyphen = line.shownHyphen {
                // H2: the hyphen the line was measured with, in the face of the text it follows.
                run.width += appendHyphen(hyphen, after: line.range.upperBound, at: run.width, into: &run.glyphs)
            }
            let withWhitespace = width(line.visible.lowerBound, line.visible.upperBound)
            if withWhitespace > run.width { run.hangingWhitespace = run.width..<withWhitespace }
        case .tail?:
            text(line.visible)
            ellipsis()
        case .head?:
            ellipsis()
            text(line.visible)
        case .middle?:
            text(line.visible)
            ellipsis()
            text(line.suffix)
        }
        if paragraphSettings != nil { spread(&run, line: line) }
        return run
    }

    /// Appends the glyphs of `start..<end` placed from `x` (1/1024 pt) and returns their advance, which
    /// equals `width(start, end)`.
    func appendGlyphs(
        _ start: Int, _ end: Int, at x: Int, into glyphs: inout [PlacedGlyph],
        cache: SegmentGlyphs
    ) -> Int {
        var pen = x
        for piece in drawingPieces(start, end) {
            if let segment = piece.reshapedSegment {
                let info = segments[segment]
                let shaped = isAttachment(info) ? [] : shapeGlyphs(piece.range, segment: segment)
                pen = place(
                    shaped, segment: info, clusterBase: piece.range.lowerBound, keep: piece.range,
                    pen: pen, into: &glyphs)
            } else {
                var index = firstSegment(endingAfter: piece.range.lowerBound)
                while index < segments.count, Int(segments[index].start) < piece.range.upperBound {
                    let info = segments[index]
                    let shaped = isAttachment(info) ? [] : cache.glyphs(of: index, in: self)
                    pen = place(
                        shaped, segment: info, clusterBase: Int(info.start), keep: piece.range,
                        pen: pen, into: &glyphs)
                    index += 1
                }
            }
        }
        return pen - x
    }

    /// A range split as `width(_:_:)` measures it: reshaped pieces at unsafe boundaries (with their
    /// segment) and the stored part between them (segment nil).
    func drawingPieces(_ start: Int, _ end: Int) -> [(range: Range<Int>, reshapedSegment: Int?)] {
        guard end > start else { return [] }
        let startUnsafe = isUnsafe(start)
        let endUnsafe = end < utf16Count && isUnsafe(end)
        if !startUnsafe && !endUnsafe { return [(start..<end, nil)] }
        var from = start
        var to = end
        var head: (Range<Int>, Int?)?
        var tail: (Range<Int>, Int?)?
        if startUnsafe, let segment = segmentIndex(containing: start) {
            let limit = min(end, Int(segments[segment].end), start + Self.reshapeWindow)
            var safe = start + 1
            while safe < limit, isUnsafe(safe) { safe += 1 }
            if safe == end || !isUnsafe(safe) || safe == Int(segments[segment].end) {
                head = (start..<safe, segment)
                from = safe
            }
        }
        if endUnsafe, from < end, let segment = segmentIndex(containing: end - 1) {
            let limit = max(from, Int(segments[segment].start), end - Self.reshapeWindow)
            var safe = end - 1
            while safe > limit, isUnsafe(safe) { safe -= 1 }
            if safe == from || !isUnsafe(safe) || safe == Int(segments[segment].start) {
                tail = (safe..<end, segment)
                to = safe
            }
        }
        var pieces: [(range: Range<Int>, reshapedSegment: Int?)] = []
        if let head { pieces.append(head) }
        if to > from { pieces.append((from..<to, nil)) }
        if let tail { pieces.append(tail) }
        return pieces
    }

    /// Places `shaped` (whose clusters count from `clusterBase`, all in `segment`) from `pen`, keeping only
    /// glyphs whose cluster lies in `keep`; returns the pen after them. A styled text's glyphs carry their
    /// style: raised by its baseline offset (S4), each cluster followed by its kern (S3, as the stored
    /// advances have it), an attachment one box as wide as measured (S5).
    func place(
        _ shaped: [ShapedGlyph], segment: Segment, clusterBase: Int, keep: Range<Int>, pen start: Int,
        into glyphs: inout [PlacedGlyph]
    ) -> Int {
        let face = shapingFace(of: segment).face
        let style = segment.style
        let kept = max(keep.lowerBound, Int(segment.start))..<min(keep.upperBound, Int(segment.end))
        guard let styling else {
            return place(shaped, face: face, clusterBase: clusterBase, keep: kept, pen: start, into: &glyphs)
        }
        let attachmentWidth = Int(styling.attachmentWidths[Int(style)])
        if attachmentWidth >= 0 {
            // The U+FFFC (and any marks on it) advances by the box alone; only its first unit draws.
            guard kept.contains(Int(segment.start)) else { return start }
            let box = styling.styles[Int(style)].attachment
            glyphs.append(
                PlacedGlyph(
                    face: face, glyph: 0, x: start,
                    y: Int(((box?.baselineOffset ?? 0) * CGFloat(Units.perPoint)).rounded()),
                    advance: attachmentWidth, cluster: Int(segment.start), style: style, isAttachment: true))
            return start + attachmentWidth
        }
        let first = glyphs.count
        let pen = place(shaped, face: face, clusterBase: clusterBase, keep: kept, pen: start, into: &glyphs)
        let rise = Int(styling.baselineUnits[Int(style)])
        let kern = Int(styling.kernUnits[Int(style)])
        guard first < glyphs.count else { return pen }
        for index in first..<glyphs.count {
            glyphs[index].style = style
            glyphs[index].y += rise
        }
        guard kern != 0 else { return pen }
        // Each cluster's kern goes after its last glyph in drawing order; a cluster spans up to the next
        // larger cluster offset, and takes one kern per grapheme it holds.
        let sorted = Set(glyphs[first...].map { $0.cluster ?? 0 }).sorted()
        var extras = [Int](repeating: 0, count: glyphs.count - first)
        var seen = Set<Int>()
        for index in (first..<glyphs.count).reversed() {
            let cluster = glyphs[index].cluster ?? 0
            guard seen.insert(cluster).inserted else { continue }
            let next = partitionPoint(from: 0, to: sorted.count) { sorted[$0] > cluster }
            let end = next < sorted.count ? sorted[next] : kept.upperBound
            var graphemes = 0
            for position in cluster..<end where flags[position] & Flag.grapheme != 0 { graphemes += 1 }
            extras[index - first] = graphemes * kern
        }
        var shift = 0
        for index in first..<glyphs.count {
            glyphs[index].x += shift
            glyphs[index].advance += extras[index - first]
            shift += extras[index - first]
        }
        return pen + shift
    }

    /// Places `shaped` from `pen` in `face`, keeping the glyphs whose cluster (counted from `clusterBase`)
    /// lies in `keep`; returns the pen after them.
    func place(
        _ shaped: [ShapedGlyph], face: Face, clusterBase: Int, keep: Range<Int>?, pen start: Int,
        into glyphs: inout [PlacedGlyph]
    ) -> Int {
        var pen = start
        for glyph in shaped {
            let cluster = clusterBase + glyph.cluster
            if let keep, !keep.contains(cluster) { continue }
            glyphs.append(
                PlacedGlyph(
                    face: face, glyph: glyph.glyph, x: pen + Int(glyph.xOffset), y: Int(glyph.yOffset),
                    advance: Int(glyph.xAdvance), cluster: cluster))
            pen += Int(glyph.xAdvance)
        }
        return pen
    }

    /// Whether `segment` is an attachment's U+FFFC, which draws a box rather than a glyph.
    func isAttachment(_ segment: Segment) -> Bool {
        guard let styling else { return false }
        return styling.attachmentWidths[Int(segment.style)] >= 0
    }

    /// `range` (inside `segment`) shaped alone, as the builder and `width(_:_:)` shape it.
    func shapeGlyphs(_ range: Range<Int>, segment: Int) -> [ShapedGlyph] {
        let info = segments[segment]
        let (face, scale) = shapingFace(of: info)
        guard let hbFont = FontCatalog.shared.harfBuzzFont(face: face, scale: scale) else { return [] }
        var slice = ArraySlice(units[range])
        ShapingText.substituteControls(&slice)
        return hbFont.glyphs(slice, script: info.script == HarfBuzzScript.common ? 0 : info.script)
    }

    /// Appends the "…" glyphs at `x` in `style` (S7: the font, size, colour and baseline offset of the
    /// character it follows); returns their advance (`ellipsisWidth(_:visible:)`).
    func appendEllipsis(at x: Int, style: UInt16 = 0, into glyphs: inout [PlacedGlyph]) -> Int {
        if let token = truncationTokenShape { return appendToken(token, at: x, into: &glyphs) }
        let styleFont = styling.map { $0.styles[Int(style)].font } ?? font
        let rise = styling.map { Int($0.baselineUnits[Int(style)]) } ?? 0
        let face = Self.ellipsisFace(for: styleFont)
        guard let hbFont = FontCatalog.shared.harfBuzzFont(face: face, scale: styleFont.scale) else { return 0 }
        var pen = x
        for glyph in hbFont.glyphs([0x2026][...], script: 0) {
            glyphs.append(
                PlacedGlyph(
                    face: face, glyph: glyph.glyph, x: pen + Int(glyph.xOffset), y: Int(glyph.yOffset) + rise,
                    advance: Int(glyph.xAdvance), cluster: nil, style: style))
            pen += Int(glyph.xAdvance)
        }
        return pen - x
    }

    /// Appends a custom truncation token's glyphs at `x` (T8), laid out as its own one line in its own
    /// styles and direction, marked `isToken` so that runs take the token's styles; returns its width
    /// (its spaces included, T10), as measured.
    func appendToken(_ token: TruncationTokenShape, at x: Int, into glyphs: inout [PlacedGlyph]) -> Int {
        guard let layout = try? token.prepared.layout(), let line = layout.lines.first else { return token.width }
        let placed = token.prepared.placedGlyphs(for: line)
        // A right-to-left token's trailing space hangs left of its glyphs: they start after it.
        let shift = placed.hangingWhitespace.map { $0.lowerBound < 0 ? -$0.lowerBound : 0 } ?? 0
        for var glyph in placed.glyphs {
            glyph.x += x + shift
            glyph.cluster = nil
            glyph.isToken = true
            glyphs.append(glyph)
        }
        return token.width
    }

    /// Appends a hyphenated line's hyphen (H2) at `x`, shaped in the face and size of the segment before
    /// `end`, as `Hyphenation` measured it; returns its advance. Its cluster is the line's last unit.
    func appendHyphen(_ hyphen: Unicode.Scalar, after end: Int, at x: Int, into glyphs: inout [PlacedGlyph]) -> Int {
        guard end > 0, let segment = segmentIndex(containing: end - 1) else { return 0 }
        let (face, scale) = shapingFace(of: segments[segment])
        guard let hbFont = FontCatalog.shared.harfBuzzFont(face: face, scale: scale) else { return 0 }
        var pen = x
        for glyph in hbFont.glyphs([UInt16(hyphen.value)][...], script: 0) {
            glyphs.append(
                PlacedGlyph(
                    face: face, glyph: glyph.glyph, x: pen + Int(glyph.xOffset), y: Int(glyph.yOffset),
                    advance: Int(glyph.xAdvance), cluster: end - 1))
            pen += Int(glyph.xAdvance)
        }
        return pen - x
    }

    /// The first segment whose end is after `position`.
    private func firstSegment(endingAfter position: Int) -> Int {
        partitionPoint(from: 0, to: segments.count) { Int(segments[$0].end) > position }
    }
}
