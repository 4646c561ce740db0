import Foundation

extension PreparedText {
    /// Analyses and shapes `text` in `font`, to be laid out with `paragraphStyle` (rules P1–P10): line
    /// heights and spacing, alignment, indents and tab stops.
    ///
    /// ```swift
    /// var style = ParagraphStyle()
    /// style.lineSpacing = 6
    /// style.headIndent = 16
    /// let text = try PreparedText("A paragraph with a hanging indent…", font: font, paragraphStyle: style)
    /// let lines = try text.layout(width: 240).lines
    /// lines[1].x        // 16
    /// lines[1].y        // lines[0].height + 6
    /// ```
    /// A style that changes nothing (`ParagraphStyle()`) on a text without a tab prepares exactly the text
    /// `init(_:font:)` does. The style's `lineBreakMode` and `lineBreakStrategy` are what `boundingRect`
    /// wraps with; `layout(width:lineBreakMode:lineBreakStrategy:)` takes its own.
    /// - Throws: `ParagraphStyleError` for a negative, NaN or too large value, or a maximum line height
    ///   below the minimum.
    public convenience init(_ text: String, font: Font, paragraphStyle: ParagraphStyle) throws {
        try paragraphStyle.validate()
        self.init(
            text, font: font, paragraph: ParagraphSettings.ifNeeded(paragraphStyle, for: text),
            style: paragraphStyle)
    }

    /// Analyses and shapes `text` in `font`, in `language`, to be laid out with `paragraphStyle`: the
    /// language picks the hyphenation dictionary (H6) the style's `hyphenationFactor` or
    /// `usesDefaultHyphenation` draws on (H3, H4).
    ///
    /// ```swift
    /// var style = ParagraphStyle()
    /// style.hyphenationFactor = 1
    /// let text = try PreparedText("Donaudampfschifffahrtsgesellschaft", font: font, paragraphStyle: style,
    ///                             language: "de-DE")
    /// let lines = try text.layout(width: 120).lines
    /// lines[0].isHyphenated   // true: "Donaudampf‐"
    /// ```
    /// - Parameters:
    ///   - text: the text, in any script; UTF-16 offsets index it.
    ///   - font: the font of the whole text (fallback fills what it lacks, F6).
    ///   - paragraphStyle: alignment, spacing, indents, tabs and the hyphenation factor.
    ///   - language: a BCP 47 tag (`en-US`, `de`, `pt-BR`), as `NSAttributedString.Key.languageIdentifier`;
    ///     nil, or a language without an installed dictionary, hyphenates only at soft hyphens (H1, H6).
    /// - Throws: `ParagraphStyleError` as `init(_:font:paragraphStyle:)`.
    /// - Complexity: also libhyphen once per distinct candidate word (cached, H5).
    public convenience init(_ text: String, font: Font, paragraphStyle: ParagraphStyle, language: String?) throws {
        try paragraphStyle.validate()
        self.init(
            text, font: font, paragraph: ParagraphSettings.ifNeeded(paragraphStyle, for: text),
            style: paragraphStyle, language: language)
    }

    /// The paragraph style the text is laid out with (`ParagraphStyle()` when none was given).
    public var paragraphStyle: ParagraphStyle { paragraphSettings?.style ?? .default }

    /// `layout` under a paragraph style: lines broken at their own widths when indents or tabs change
    /// them (the general breaker, P9), then placed (`ParagraphGeometry`).
    @inline(never)
    func styledLayout(_ settings: ParagraphSettings, _ request: LineRequest, fastPath: Bool) -> TextLayout {
        var records = LineRecords()
        var truncated = false
        if settings.affectsBreaking {
            truncated = records.withWriter(expectedCount: 4) {
                runParagraph(settings, request, fastPath: fastPath, into: &$0)
            }
        } else if fastPath, fitsOnOneLine(request) {
            records = LineRecords(single: oneLine)
        } else {
            truncated = records.withWriter(expectedCount: 4) { run(request, fastPath: fastPath, into: &$0) }
        }
        let geometry = ParagraphGeometry.make(
            records, text: self, settings: settings, maxWidth: request.maxWidth,
            widths: request.widths)
        return TextLayout(
            lines: TextLines(
                records: records, preparedText: self, lineHeight: lineHeight, ascender: ascender,
                geometry: geometry),
            truncated: truncated)
    }
}

extension PreparedText {
    /// The breaker for a paragraph style whose indents or tabs change the lines' widths (P9, P10).
    func paragraphBreaker(_ settings: ParagraphSettings, _ request: LineRequest) -> LineBreaker {
        var indented = request
        indented.widths = settings.lineWidths(for: request.widths)
        return LineBreaker(text: self, request: indented, tabs: settings.tabLayout, hyphenation: settings.hyphenation)
    }

    /// Breaks the text under a style that changes breaking: through the fast breaker with the text's
    /// hyphens when only hyphenation does and `FastBreaker.canRun` accepts the text (issue 31: relayout of
    /// hyphenated text stays arithmetic over flat arrays), else through `paragraphBreaker`. Both give the
    /// same lines (`HyphenatedFastPathTests`).
    @inline(__always)
    func runParagraph<Sink: LineSink>(
        _ settings: ParagraphSettings, _ request: LineRequest, fastPath: Bool, into sink: inout Sink
    ) -> Bool {
        if fastPath, settings.breaksOnlyAtHyphens, let hyphenation = settings.hyphenation,
            request.widths.listed == nil, request.widths.firstOfParagraph == nil,
            FastBreaker.canRun(self, mode: request.mode, strategy: request.strategy)
        {
            return FastBreaker(request: request).run(self, hyphenation: hyphenation, into: &sink)
        }
        return paragraphBreaker(settings, request).run(into: &sink)
    }

    /// `styledLayout(...).metrics` without the lines (`ParagraphMeasurer`), for a style it measures:
    /// relayout of styled text stays a walk over the breaker's lines.
    func styledMeasure(_ settings: ParagraphSettings, _ request: LineRequest, fastPath: Bool) -> TextMetrics {
        // Runs of several sizes and nothing else (the usual styled text): the fast breaker into a sink
        // of heights and integers. The general path keeps the stepper, which the tests compare it with.
        if fastPath, settings.stacksLinesPlainly, styling?.runHeights.isEmpty == false {
            return runBoxMeasure(settings, request, fastPath: fastPath)
        }
        if fastPath, settings.stacksHyphenatedLinesPlainly, styling?.needsLineBoxes != true {
            return hyphenatedMeasure(settings, request)
        }
        var measurer = ParagraphMeasurer(text: self, settings: settings)
        var truncated = false
        if settings.affectsBreaking {
            truncated = runParagraph(settings, request, fastPath: fastPath, into: &measurer)
        } else if fastPath, fitsOnOneLine(request) {
            measurer.append(oneLine)
        } else {
            truncated = run(request, fastPath: fastPath, into: &measurer)
        }
        return TextMetrics(
            lineCount: measurer.count, size: CGSize(width: measurer.widest, height: measurer.height),
            widthIncludingTrailingWhitespace: measurer.widestWithWhitespace, isTruncated: truncated)
    }
}

extension PreparedText {
    /// `styledMeasure` for a text whose style only hyphenates (`stacksHyphenatedLinesPlainly`) and whose
    /// lines all have the font's box (F3: no styled runs of other sizes): the stepper's sums without the
    /// stepper, as `RunBoxMeasurer` does for runs. Its bottom is each line's box height added in order
    /// (`+ 0` for the spacing changes nothing), and its widest width `0 + points(w) + 0` = `points(w)`,
    /// whose maximum is `points` of the widest `w` (exact below 2^53): the same answer to the bit
    /// (`HyphenLinesTests`, `HyphenatedFastPathTests` compare it with the general path's), while a line
    /// costs what a plain text's does (issue 31).
    private func hyphenatedMeasure(_ settings: ParagraphSettings, _ request: LineRequest) -> TextMetrics {
        var measurer = LineMeasurer()
        let truncated = runParagraph(settings, request, fastPath: true, into: &measurer)
        var boxes = ParagraphLineBoxes(text: self, settings: settings, includesLeading: true)
        let height = boxes.box(0, 0).height  // uniform: every line's
        var bottom: CGFloat = 0
        for _ in 0..<measurer.count { bottom += height }
        return TextMetrics(
            lineCount: measurer.count, size: CGSize(width: Units.points(measurer.widest), height: bottom),
            widthIncludingTrailingWhitespace: Units.points(measurer.widestWithWhitespace), isTruncated: truncated)
    }
}

extension TextLayout {
    /// The line count and size, as `measure` reports them.
    var metrics: TextMetrics {
        TextMetrics(
            lineCount: lineCount, size: size, widthIncludingTrailingWhitespace: sizeIncludingTrailingWhitespace.width,
            isTruncated: isTruncated)
    }

    /// The layout's height with `boundingRect`'s choice of leading (B3): with `.usesFontLeading` its
    /// `size.height`, without it every line's natural height loses the font's leading first.
    func height(includesLeading: Bool) -> CGFloat {
        guard let settings = preparedText.paragraphSettings, !includesLeading else {
            return includesLeading
                ? size.height : CGFloat(lineCount) * (preparedText.font.ascender - preparedText.font.descender)
        }
        return ParagraphGeometry.make(
            lines.records, text: preparedText, settings: settings,
            maxWidth: Units.unbounded, includesLeading: false
        ).size.height
    }
}

extension TextLines {
    /// Line `index` placed by its paragraph style.
    func styledLine(_ line: BrokenLine, _ place: ParagraphGeometry.Line) -> TextLine {
        TextLine(
            range: line.start..<line.end, width: place.width,
            widthIncludingTrailingWhitespace: Units.points(line.widthWithWhitespace) + place.stretch,
            baseline: place.baseline, rect: CGRect(x: place.x, y: place.y, width: place.width, height: place.height),
            ellipsis: line.ellipsis, isTruncated: line.isCut, preparedText: preparedText,
            visible: line.visible, suffix: line.suffix)
    }
}

extension TextLine {
    /// The left edge of the line's box after alignment and indents (P7, P9), in the layout's box.
    public var x: CGFloat { rect.minX }
    /// The top of the line box (P4, P5: spacing lies between boxes).
    public var y: CGFloat { rect.minY }
    /// The line box's height (P1–P3), spacing excluded.
    public var height: CGFloat { rect.height }
}
