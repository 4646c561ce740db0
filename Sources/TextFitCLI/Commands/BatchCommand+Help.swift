import TextFit

/// `textfit help batch`: the command's own section of the help (`Help.full` gathers every command's).
extension BatchCommand {
    static let help = """
        textfit batch [--font-root DIR]... [--flush line|blocks]
          --font-root DIR   a case's fontFile must lie in DIR once symlinks and ".." are resolved, else its
                            answer is an error and the run goes on; repeatable, and TEXTFIT_FONT_ROOTS adds
                            more (colon-separated). Use it whenever the input is not yours (a service, a
                            shared pipeline): without it a case may name any file the process can read.
                            Font families are not restricted (Fontconfig's configuration chooses those files).
          --flush WHEN      line (default): each result is flushed as it is written. blocks: the same bytes in
                            64 KiB blocks, also flushed whenever every line read so far is answered, before
                            textfit waits for more input (a caller waiting for an answer still gets it); saves
                            a write(2) per case for a caller that sends a whole file.
          Reads JSON Lines cases on stdin and writes one JSON result per input line, in input order,
          flushing each line. A case that cannot be measured yields
          {"id": ..., "error": "..."} in its place and the run goes on. A blank line, or a line that is
          not a JSON object, yields an error object with "id": null (so output line N always answers
          input line N). When stderr is a
          terminal, a progress line goes there every \(JSONLinesLoop.progressInterval) lines. A line may be at
          most \(JSONLinesLoop.maximumLineLength >> 20) MiB; a longer one gets an error object naming the limit.
          An error object keeps the line's "id" whenever it can be read (also for a line that is too long,
          repeats a key other than "id", or holds a malformed number); otherwise "id" is null.
          Case fields (others are ignored, but a near-miss such as "widht", "Width" or "max_lines", or
          another API's name such as "fontSize" or "numberOfLines", is an error naming the field meant):
            id              any JSON value, echoed as given (object keys come back sorted).
            text            the string to measure (required).
            family          font family. Default: \(BundledFonts.defaultFamily).
            fontFile        a font file instead of a family; faceIndex (default 0) picks a face.
            size            point size, > 0 and < 100000. Default: \(Int(MeasureCase.defaultSize)).
            weight, italic  the family's face: weight a UIFont.Weight name (ultraLight, thin, light, regular,
                            medium, semibold, bold, heavy, black) or 100-900 (bundled: up to 500 regular,
                            above bold); italic true/false (no italic face: the upright one). Default: regular.
            width           wrap width in points >= 0; null, missing, 0, or 1e15 and more = unconstrained.
            maxLines        a whole number >= 0; 0 = unlimited (default).
            lineBreakMode   \(LineBreakMode.names). Default: wordWrap.
            features        OpenType features, {"tnum": 1, "liga": 0, "ss01": 1}: 4-letter tags, 0 off, 1 on,
                            n an alternate (case and run).
            variations      variable-font axes, {"wght": 650, "opsz": 17} (case and run); out of range is
                            clamped and reported in variationAdjustments.
            textStyle       a Dynamic Type style (largeTitle, title1-3, headline, body, callout, subheadline,
                            footnote, caption1, caption2): size, weight and leading from Apple's table
                            instead of size; contentSizeCategory xSmall ... xxxLarge, AX1 ... AX5 (default large).
            runs            [{start, end, family | fontFile (+ faceIndex), size, weight, italic, kern, baselineOffset, color,
                            features, variations, language, tracking}]: styled UTF-16 ranges over the case's own values; later runs win.
            query           a question answered beside the layout: \(MeasureQuery.names) (see below).
            minimumScaleFactor  for query fitFontSize: \(MeasureQuery.minimumScaleFactorRequirement).
            range           for query rects: [start, end], UTF-16 offsets, 0 <= start <= end <= the text's length.
            point           for query hitTest: [x, y], finite numbers, points from the layout's top left.
            widths          [w0, w1, ...]: a width per line in points, each as width; the last repeats and width
                            is ignored (W8). Each result line adds "x", its left edge. Not with a width query.
            exclusions      [{"rect": [x, y, w, h]} | {"ellipse": [x, y, w, h]}]: shapes the lines flow around
                            (G4-G8) in a container width wide (required) and height tall (when given; 0 =
                            unbounded); lineFragmentPadding (default 0) insets both ends of each line
                            fragment. Each line adds "x" and "y" (lines move down past a shape); "height" is
                            the last line's bottom. Shapes leaving no line room are an error. No queries.
            paragraph       \(ParagraphCase.help)
            tracking        points after each character, as .tracking: trimmed at line ends, optional ligatures off.
            language        BCP 47 tag of the text (en-US, de, fr, pt-BR), as .languageIdentifier: picks the
                            hyphenation dictionary under /usr/share/hyphen for paragraph.hyphenationFactor.
                            Unknown or without a dictionary: no dictionary hyphens (soft hyphens still break).
            fallback        \(MeasureCase.fallbackNames): as measure's --fallback (same default).
            truncationToken shown instead of "…" by a truncating mode, in the case's font; never split, one line.
            tokenRuns       runs (same fields) over the token, offsets within the token.
          Result: {"id","width","height","lineCount","truncated","lines":[{"start","end","text","width"}]}
            width           the widest line without hanging whitespace, points (fractional).
            height          lineCount x the font's line height, points (fractional).
            start, end      UTF-16 offsets of the source text a line covers (for a truncated line, end is
                            where the visible source text stops); text is what the line shows, with "…".
            missingGlyphs   true, after the other fields, when a character has no glyph in any font
                            (absent otherwise).
            token           {"x","y","width","height"}, after lines, when a truncationToken is shown: its box;
                            each line then adds visibleEnd, where the text shown before the token stops.
            variationAdjustments  [{"tag","requested","applied"}], after the other fields, for variation
                            values clamped to the font's range (applied null: no such axis); absent otherwise.
          Query answers, added to the result (1/1024-pt exact):
            tightestWidth   the narrowest width with no more lines than at width and nothing truncated
                            (a truncated case: the narrowest width showing the same lines).
            widthRange      {"min","max"}: the widths with exactly the lines at width, max excluded,
                            null when every wider width keeps them.
            fontSize, fits  (fitFontSize) the largest size from size x minimumScaleFactor to size at which
                            the text fits width and maxLines untruncated; fits false when none does.
                            The result's lines, width, height and truncated are those at fontSize.
            rects           (rects) [{"x","y","width","height"}]: one per line fragment the range covers,
                            split where bidi splits it; the range grows to whole grapheme clusters.
            offset, line    (hitTest) the UTF-16 caret offset closest to point (lines above and below
                            clamp) and the index of the line it is on (a wrapped line's end: that line).
          Exit: 0 all cases measured; 1 some cases failed (including unknown fonts); 2 bad arguments.
        """
}
