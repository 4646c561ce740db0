import Foundation

extension PreparedText {
    /// Analyses and shapes a styled text once, for layout at any width by the same arithmetic as plain
    /// text (the same breakers over stored widths).
    ///
    /// Everything width-independent comes from the whole text, as for plain text: paragraphs, UAX #14
    /// opportunities (never a style change: S1), clusters. Shaping is split at each run's edges and each
    /// piece shaped in its run's font and size through the segment cache (S2); a run's kern is added after
    /// each of its clusters (S3); an attachment's U+FFFC advances by its box's width (S5). The text's first
    /// run's font is `font`: a text of one run without kern prepares exactly as plain text in that font.
    ///
    /// ```swift
    /// let body = try Font(family: "Noto Sans", size: 15)
    /// var styled = try StyledText("Ada ", attributes: TextAttributes(font: try Font(family: "Noto Sans", size: 15, weight: .bold)), font: body)
    /// styled.append("wrote the first program.")
    /// let layout = try PreparedText(styled: styled).layout(width: 120)
    /// layout.lines[0].rect   // the first line's box: its runs' tallest ascent and deepest descent (S6)
    /// ```
    /// - Throws: `StyledTextError.rangeSplitsCluster` when a run starts or ends inside a grapheme cluster
    ///   (a surrogate pair, a letter and its marks), `.tooManyStyles` past `StyledText.maximumStyles`.
    public convenience init(styled: StyledText) throws {
        try self.init(styled: styled, paragraph: nil)
    }

    /// Prepares `styled` to be laid out with `paragraphStyle` (rules P1–P10 over the runs' line boxes, S6).
    ///
    /// ```swift
    /// var style = ParagraphStyle()
    /// style.lineSpacing = 4
    /// let prepared = try PreparedText(styled: styled, paragraphStyle: style)
    /// ```
    /// - Throws: `ParagraphStyleError` for a bad style, as `init(styled:)` otherwise.
    public convenience init(styled: StyledText, paragraphStyle: ParagraphStyle) throws {
        try paragraphStyle.validate()
        try self.init(styled: styled, paragraph: ParagraphSettings.ifNeeded(paragraphStyle, for: styled.string),
                      style: paragraphStyle)
    }

    private convenience init(styled: StyledText, paragraph: ParagraphSettings?,
                             style: ParagraphStyle = .default) throws {
        if let font = Self.plainFont(of: styled) {
            // One run in one font, with no kern, baseline offset, colour or attachment: S1–S6 leave nothing
            // for the styling to change or record (one style's line box is its font's, F3), so the text is
            // exactly plain text in that font, and is prepared as such (the issue-16 target: one run costs
            // ≤ 1.1× plain). `StyledFastPathTests` holds the two to the same answers.
            self.init(styled.string, font: font, paragraph: paragraph, style: style)
            return
        }
        let styling = try Self.styling(of: styled, paragraphStyle: style)
        let font = styling.styles[Int(styling.runStyles.first ?? 0)].font
        let built = Builder.build(styled.string, font: font, styling: styling)
        let box = styling.lineBox(0, styled.utf16Count)
        self.init(built: built, font: font, styling: styling, lineHeight: box.height, ascender: box.metrics.ascent,
                  paragraph: paragraph, style: style)
    }

    /// The font a styled text is plain text in, when it is: at most one run, whose attributes set nothing
    /// but the font, and no attachment.
    private static func plainFont(of styled: StyledText) -> Font? {
        guard styled.runAttributes.count <= 1, styled.attachments.isEmpty else { return nil }
        guard let attributes = styled.runAttributes.first else { return styled.font }
        guard attributes.kern ?? 0 == 0, attributes.baselineOffset ?? 0 == 0, attributes.foregroundColor == nil
        else { return nil }
        return attributes.font ?? styled.font
    }

    /// The text's runs resolved against its own attributes, each attachment a run of its own, equal
    /// attribute sets sharing one style; every run edge checked to lie between clusters. Each style's line
    /// box is made for `paragraphStyle`, the one the text is laid out with.
    private static func styling(of styled: StyledText, paragraphStyle: ParagraphStyle) throws -> Styling {
        let text = styled.string
        var styles: [Styling.Style] = []
        // Equal styles found by comparison while there are few (hashing a style's font cost more than
        // comparing it with a handful), by a dictionary past that.
        let linearSearchLimit = 8
        var indexes: [Styling.Style: UInt16] = [:]
        var starts: [Int] = []
        var runStyles: [UInt16] = []
        let runCount = styled.runStarts.count
        starts.reserveCapacity(runCount)
        runStyles.reserveCapacity(runCount)
        func add(_ style: Styling.Style, at start: Int) throws {
            let index: UInt16
            if styles.count <= linearSearchLimit, let known = styles.firstIndex(of: style) {
                index = UInt16(known)
            } else if styles.count > linearSearchLimit, let known = indexes[style] {
                index = known
            } else {
                guard styles.count < StyledText.maximumStyles else { throw StyledTextError.tooManyStyles(styles.count + 1) }
                index = UInt16(styles.count)
                styles.append(style)
                if styles.count > linearSearchLimit {
                    if indexes.isEmpty {
                        for (i, known) in styles.enumerated() { indexes[known] = UInt16(i) }
                    } else {
                        indexes[style] = index
                    }
                }
            }
            if runStyles.last == index { return }
            starts.append(start)
            runStyles.append(index)
        }
        let attachmentOffsets = styled.attachments.isEmpty ? [] : styled.attachments.keys.sorted()
        var nextAttachment = 0
        for run in 0..<runCount {
            let range = styled.runStarts[run]..<(run + 1 < runCount ? styled.runStarts[run + 1] : styled.utf16Count)
            let attributes = styled.runAttributes[run]
            try checkClusterBoundary(range.lowerBound, in: text)
            let style = Styling.Style(font: attributes.font ?? styled.font, kern: attributes.kern ?? 0,
                                      baselineOffset: attributes.baselineOffset ?? 0,
                                      foregroundColor: attributes.foregroundColor, attachment: nil)
            var position = range.lowerBound
            while nextAttachment < attachmentOffsets.count, attachmentOffsets[nextAttachment] < range.upperBound {
                let offset = attachmentOffsets[nextAttachment]
                nextAttachment += 1
                guard offset >= position else { continue }
                if offset > position { try add(style, at: position) }
                var boxed = style
                boxed.attachment = styled.attachments[offset]
                try add(boxed, at: offset)
                position = offset + 1
            }
            if position < range.upperBound { try add(style, at: position) }
        }
        if styles.isEmpty {
            styles.append(Styling.Style(font: styled.font, kern: 0, baselineOffset: 0, foregroundColor: nil, attachment: nil))
            starts = [0]
            runStyles = [0]
        }
        return Styling(styles: styles, runStarts: starts, runStyles: runStyles, count: styled.utf16Count,
                       paragraphStyle: paragraphStyle)
    }

    /// A run edge must fall between grapheme clusters (so never inside a surrogate pair).
    private static func checkClusterBoundary(_ offset: Int, in text: String) throws {
        guard offset > 0, offset < text.utf16.count else { return }
        let index = String.Index(utf16Offset: offset, in: text)
        guard index.samePosition(in: text.unicodeScalars) != nil, index.samePosition(in: text) != nil else {
            throw StyledTextError.rangeSplitsCluster(field: "range", offset: offset)
        }
    }

    /// The face and HarfBuzz scale a segment is shaped in: its fallback face, or its style's font (the
    /// text's font for plain text), at its style's size.
    func shapingFace(of segment: Segment) -> (face: Face, scale: Int32) {
        guard let styling else { return (face(Int(segment.face)), font.scale) }
        let styleFont = styling.styles[Int(segment.style)].font
        let face = segment.face == 0 ? styleFont.face : fallbackFaceReferences[Int(segment.face) - 1].face
        return (face, styleFont.scale)
    }

    /// The kern added after each cluster of `start..<end` (all in `segment`), in 1/1024 pt.
    func kernWidth(_ start: Int, _ end: Int, segment: Segment) -> Int {
        guard let styling else { return 0 }
        let kern = Int(styling.kernUnits[Int(segment.style)])
        guard kern != 0 else { return 0 }
        var clusters = 0
        for position in start..<end where flags[position] & Flag.grapheme != 0 { clusters += 1 }
        return clusters * kern
    }
}

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
                let whole = start == Int(segment.start) && pieceEnd == end
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
    }

    /// The face for the clusters from `start` in a run set in `font`, and where that face stops being the
    /// one (at most `end`): the run's font where it has a cluster's base character, else the face the plain
    /// pass chose (`segmentFace`) when that has it, else `font`'s own fallback. Whitespace and characters
    /// that need no glyph stay in the face before them (F6).
    private mutating func runFace(_ u: UnsafeBufferPointer<UInt16>, _ start: Int, _ end: Int, segmentFace: UInt16,
                                  font: Font) -> (end: Int, face: UInt16) {
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
        let length = Int(piece.end) - start
        let face = piece.face == 0 ? font.face : fallbacks[Int(piece.face) - 1].face
        let scale = font.scale
        let script = piece.script == HarfBuzzScript.common ? 0 : piece.script
        for k in 0..<length {
            flags[start + k] &= ~(PreparedText.Flag.unsafe | PreparedText.Flag.missingGlyph)
            shapeFlags[start + k] = 0
        }
        let text = UnsafeBufferPointer(rebasing: u[start..<(start + length)])
        let key = SegmentCache.Key(face: face.id, scale: scale, script: script, text: text)
        let catalog = FontCatalog.shared
        let result = SegmentShaper.shape(key, advances: advances + start, flags: shapeFlags + start) {
            catalog.harfBuzzFont(face: face, scale: scale)
        }
        if result == .clusterTooWide { clusterTooWide = true }
        guard result == .advancesAndFlags else { return }
        copyShapeFlags(start, length, into: flags)
    }
}
