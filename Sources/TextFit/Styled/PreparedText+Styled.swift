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
        try self.init(
            styled: styled, paragraph: ParagraphSettings.ifNeeded(paragraphStyle, for: styled.string),
            style: paragraphStyle)
    }

    private convenience init(
        styled: StyledText, paragraph: ParagraphSettings?,
        style: ParagraphStyle = .default
    ) throws {
        if let font = Self.plainFont(of: styled) {
            // One run in one font, with no kern, baseline offset, colour or attachment: S1–S6 leave nothing
            // for the styling to change or record (one style's line box is its font's, F3), so the text is
            // exactly plain text in that font, and is prepared as such (the issue-16 target: one run costs
            // ≤ 1.1× plain). `StyledFastPathTests` holds the two to the same answers.
            self.init(
                styled.string, font: font, paragraph: paragraph, style: style,
                language: styled.runs.first?.attributes.language ?? styled.language)
            return
        }
        let styling = try Self.styling(of: styled, paragraphStyle: style)
        let font = styling.styles[Int(styling.runStyles.first ?? 0)].font
        let built = Builder.build(
            styled.string, font: font, styling: styling, baseWritingDirection: style.baseWritingDirection)
        let box = styling.lineBox(0, styled.utf16Count)
        self.init(
            styled.string, built: built, font: font, styling: styling, lineHeight: box.height, ascender: box.metrics.ascent,
            paragraph: paragraph, style: style, languages: Self.languages(of: styled))
    }

    /// Each run's language (its own, else the text's), for the hyphenation dictionaries (H6).
    private static func languages(of styled: StyledText) -> [(range: Range<Int>, language: String)] {
        styled.runs.compactMap { run in (run.attributes.language ?? styled.language).map { (run.range, $0) } }
    }

    /// The font a styled text is plain text in, when it is: at most one run, whose attributes set nothing
    /// but the font, and no attachment.
    private static func plainFont(of styled: StyledText) -> Font? {
        guard styled.runAttributes.count <= 1, styled.attachments.isEmpty else { return nil }
        guard let attributes = styled.runAttributes.first else { return styled.font }
        guard attributes.kern ?? 0 == 0, attributes.tracking ?? 0 == 0, attributes.baselineOffset ?? 0 == 0,
            attributes.foregroundColor == nil
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
            let tracking = attributes.tracking ?? 0
            let font = attributes.font ?? styled.font
            // O10: CoreText ignores a nonzero kern where tracking is set, and tracking turns the optional
            // ligatures off (unless the font sets them itself).
            let style = Styling.Style(
                font: tracking == 0 ? font : try font.withoutOptionalLigatures(),
                kern: tracking == 0 ? attributes.kern ?? 0 : 0,
                baselineOffset: attributes.baselineOffset ?? 0,
                foregroundColor: attributes.foregroundColor, attachment: nil, tracking: tracking)
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
            styles.append(
                Styling.Style(font: styled.font, kern: 0, baselineOffset: 0, foregroundColor: nil, attachment: nil))
            starts = [0]
            runStyles = [0]
        }
        return Styling(
            styles: styles, runStarts: starts, runStyles: runStyles, count: styled.utf16Count,
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
}
