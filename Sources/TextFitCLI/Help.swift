import TextFit

/// The text of `textfit --help` and `textfit help COMMAND`. Every command, flag, default and exit code is
/// documented here; tests check that each flag a command accepts appears in its section.
enum Help {
    static let usage = """
        textfit \(TextFitInfo.version): measure and wrap text like UIKit, from real font files.

        Usage:
          textfit measure TEXT [options]     measure one string, print its lines
          textfit render TEXT [options] -o FILE
                                             draw that layout into a PNG or SVG file
          textfit batch  < cases.jsonl       measure JSON Lines cases, one JSON result per line
          textfit breaks < texts.jsonl       list UAX #14 line-break opportunities per text
          textfit bidi   < texts.jsonl       UAX #9 levels and visual order per text
          textfit title-date --title T --date D --width W
                                             lay a title out with a date after it (4 cases)
          textfit button --title T [--image WxH] [options]
                                             a UIButton's size and image/title rects (insets)
          textfit demo [--out DIR]           the seed examples: feed rows, labels, title + date
          textfit help [COMMAND]             this help, or one command's (also --help, -h,
                                             textfit COMMAND --help)
          textfit --version                  TextFit's version and the C libraries in use (also -V)

        Flags take their value as '--flag value' or '--flag=value'; each may be given once.
        """

    static let measure = """
        textfit measure TEXT [--family F | --font-file P [--face-index N]] [--size S] [--width W]
                             [--lines N] [--mode M] [--fallback O] [--json]
        textfit measure (--case JSON | --json-case FILE) [--json]
          Lays TEXT out and prints a table: each line's UTF-16 range, width and text, the totals, and the
          size rounded up to the pixel grid at scales 1, 2 and 3. Use '--' before a TEXT that starts
          with '-'.
            --family F       font family; the bundled fonts (\(BundledFonts.familyNames.joined(separator: ", ")))
                             first, then the system's (Fontconfig). Default: \(BundledFonts.defaultFamily).
            --font-file P    a font file (TrueType, OpenType or a collection) instead of a family.
            --face-index N   the face of a collection file (needs --font-file). Default: 0.
            --size S         point size, > 0 and < 100000. Default: \(Int(MeasureCase.defaultSize)).
            --width W        wrap width in points, >= 0; 0, 1e15 and more, or omitted = unconstrained.
            --lines N        at most N lines (UILabel.numberOfLines); 0 = unlimited. Default: 0.
            --mode M         line-break mode: \(LineBreakMode.names).
                             Default: wordWrap.
            --fallback O     where characters the font lacks come from: fontconfig (Fontconfig's sorted
                             list for the font, as Pango does, then the bundled fonts) or bundled (the
                             bundled fonts first: the same on every machine). Default: bundled for a
                             bundled family, fontconfig for a system family or a font file.
            --json           print the same JSON object as 'batch' (with "id": null) instead of the table.
            --case JSON      the case as one 'batch' line instead of TEXT and the flags above: runs
                             (with their colours), paragraph, queries. --json then prints batch's answer.
            --json-case F    the same, read from file F.
          A character no font has is drawn as the font's missing-glyph box: measure warns on stderr.
          Exit: 0 ok; 2 bad flag or value; 3 font family or file not found or unreadable.
        """

    static let render = """
        textfit render TEXT [--family F | --font-file P [--face-index N]] [--size S] [--width W]
                            [--lines N] [--mode M] [--overlay] [--scale S] -o FILE
        textfit render (--case JSON | --json-case FILE) [--overlay] [--scale S] -o FILE
          Draws the layout 'textfit measure' reports for the same flags, on a white background with
          4 pt of padding: the glyphs HarfBuzz shaped for each line, placed where they were measured,
          rasterised by FreeType (PNG: grayscale anti-aliasing, unhinted) or written as outlines (SVG:
          one <path> per glyph, no font needed to view it). Colour emoji fonts (CBDT, such as Debian's
          fonts-noto-color-emoji) draw in colour when Fontconfig falls back to them; without one, emoji
          come from a monochrome fallback font or, when no font has them, show as a box, like any
          character no font has. Prints "FILE: W x H px, N lines[, truncated]".
            --family, --font-file, --face-index, --size, --width, --lines, --mode, --fallback
                             as for 'measure' (same defaults).
            --case, --json-case
                             a 'batch' case instead, as for 'measure': each run drawn in its font,
                             size and 'color'.
            --overlay        draw the overlays: each line's box (blue) and baseline (green), hanging
                             whitespace (orange), the ellipsis (pink) and the width limit (dashed red).
            --scale S        pixels per point, > 0 and <= \(Int(RenderCommand.maximumScale)). Default: \(Int(RenderCommand.defaultScale)).
            -o, --output F   the file to write; its extension (.png or .svg) picks the format.
          Exit: 0 ok; 2 bad flag or value, or the file cannot be written; 3 font family or file not
          found or unreadable.
        """

    static let batch = """
        textfit batch
          Reads JSON Lines cases on stdin and writes one JSON result per input line, in input order,
          flushing each line. A case that cannot be measured yields {"id": ..., "error": "..."} in its
          place and the run goes on. A blank line, or a line that is not a JSON object, yields an error
          object with "id": null (so output line N always answers input line N). When stderr is a
          terminal, a progress line goes there every \(JSONLinesLoop.progressInterval) lines. A line may be at
          most \(JSONLinesLoop.maximumLineLength >> 20) MiB; a longer one gets an error object naming the limit.
          Case fields (others are ignored, but a near-miss such as "widht" or "Width" is an error):
            id              any JSON value, echoed as given (object keys come back sorted).
            text            the string to measure (required).
            family          font family. Default: \(BundledFonts.defaultFamily).
            fontFile        a font file instead of a family; faceIndex (default 0) picks a face.
            size            point size, > 0 and < 100000. Default: \(Int(MeasureCase.defaultSize)).
            weight, italic  the family's face: weight regular, bold or 100-900 (bundled: up to 500 regular,
                            above bold); italic true/false (no italic face: the upright one). Default: regular.
            width           wrap width in points >= 0; null, missing, 0, or 1e15 and more = unconstrained.
            maxLines        a whole number >= 0; 0 = unlimited (default).
            lineBreakMode   \(LineBreakMode.names). Default: wordWrap.
            runs            [{start, end, family | fontFile (+ faceIndex), size, weight, italic, kern, baselineOffset, color}]:
                            styled UTF-16 ranges over the case's own values; later runs win.
            query           a question answered beside the layout: \(MeasureQuery.names) (see below).
            minimumScaleFactor  for query fitFontSize: \(MeasureQuery.minimumScaleFactorRequirement).
            paragraph       \(ParagraphCase.help)
            fallback        \(MeasureCase.fallbackNames): as measure's --fallback (same default).
          Result: {"id","width","height","lineCount","truncated","lines":[{"start","end","text","width"}]}
            width           the widest line without hanging whitespace, points (fractional).
            height          lineCount x the font's line height, points (fractional).
            start, end      UTF-16 offsets of the source text a line covers (for a truncated line, end is
                            where the visible source text stops); text is what the line shows, with "…".
            missingGlyphs   true, after the other fields, when a character has no glyph in any font
                            (absent otherwise).
          Query answers, added to the result (1/1024-pt exact):
            tightestWidth   the narrowest width with no more lines than at width and nothing truncated
                            (a truncated case: the narrowest width showing the same lines).
            widthRange      {"min","max"}: the widths with exactly the lines at width, max excluded,
                            null when every wider width keeps them.
            fontSize, fits  (fitFontSize) the largest size from size x minimumScaleFactor to size at which
                            the text fits width and maxLines untruncated; fits false when none does.
                            The result's lines, width, height and truncated are those at fontSize.
          Exit: 0 all cases measured; 1 some cases failed (including unknown fonts); 2 bad arguments.
        """

    static let breaks = """
        textfit breaks
          Reads {"id", "text"} JSON Lines on stdin and writes {"id", "breaks": [...], "mandatory": [...]}
          per line: UTF-16 offsets (after position 0) where a line may / must break (UAX #14, ICU), the
          text's end included. Bad lines yield {"id": ..., "error": "..."} as in batch.
          Exit: 0 all lines answered; 1 some lines failed; 2 bad arguments.
        """

    static let titleDate = """
        textfit title-date --title T --date D --width W [--family F] [--size S] [--date-size S]
                           [--spacing S] [--json]
          Lays the title out like a 2-line UILabel (tail truncation, line-break strategy .standard) with
          the date after it, and prints which case applies, the title's lines and both frames:
            1  the title takes one line and the date fits after it;
            2  the title takes one line, the date does not fit: the date goes alone to line 2 at x = 0;
            3  the title takes two lines and the date fits after line 2;
            4  otherwise line 2 is laid out at most W - spacing - date width wide and tail-truncated,
               and the date follows it.
          The date's x is the line's width without hanging spaces plus the spacing, rounded up to the
          pixel grid; sizes are rounded up to it (scale 1). An empty title puts the date at x = 0.
            --title T        the title (required; may be empty).
            --date D         the date, never wrapped or truncated (required; may be empty).
            --width W        the block's width in points, >= 0 (required); 0 = unconstrained.
            --family F       font family of both texts. Default: \(BundledFonts.defaultFamily).
            --size S         the title's point size, > 0. Default: \(Int(MeasureCase.defaultSize)).
            --date-size S    the date's point size, > 0. Default: the title's size.
            --spacing S      the gap between the title and the date, >= 0. Default: \(Int(TitleDateCommand.defaultSpacing)).
            --json           print one JSON object instead of the table:
                             {"case": 1-4, "titleLines": [{"text", "width", "truncated"}],
                              "titleFrame": {"x", "y", "width", "height"}, "dateFrame": {...},
                              "size": {"width", "height"}}
          Exit: 0 ok; 2 bad flag or value; 3 font family not found.
        """

    static let demo = """
        textfit demo [--out DIR]
          Prints the seed examples with the bundled fonts: the 12 feed rows' heights in a 375 pt list
          (15 pt text, 10 pt insets, so a 355 pt wrap width) at scales 1, 2 and 3; the label
          "北京欢迎您！！！" at 20 pt sized to fit at scale 2, next to iOS's figure; the line counts of
          the title + date titles at several widths; the four title + date seed cases laid out (case by
          width, then each at a width where its case applies); a multi-line label truncated at 2 lines;
          and buttons of both models (legacy insets, iOS 15 configurations) with their rects.
            --out DIR        also write DIR/demo.png: the feed rows and the four title + date cases
                             drawn as measured, with overlays and captions, and the buttons with
                             their content, image and title rects outlined (the README's picture).
                             Also DIR/margins.png (layout margins and the safe area, M3-M5) and
                             DIR/distribution.png (Masonry-style distribution along an axis).
          Exit: 0 ok; 2 bad flag, or DIR/demo.png cannot be written; 3 the bundled fonts are missing.
        """

    static let exitCodes = """
        Exit codes:
          0  success
          1  some records failed (batch, breaks, bidi); each has an error object in its place
          2  usage error: unknown command or flag, missing or bad value (message on stderr)
          3  font or dependency missing: unknown family, missing or unreadable font file, no bundled fonts

        Bundled fonts are found via TEXTFIT_FONTS_DIR (when set it must hold them, else exit 3 naming it),
        else a Fonts folder beside the executable or a parent, else the checkout the tool was built from
        (TEXTFIT_FONTS_SKIP_CHECKOUT=1 leaves it out). Data goes to stdout; diagnostics to stderr.
        """

    static var full: String {
        [usage, "Commands:", measure, render, batch, breaks, bidi, titleDate, button, demo, exitCodes].joined(separator: "\n\n")
    }

    /// One command's section plus the exit codes, or nil for an unknown command.
    static func command(_ name: String) -> String? {
        let section: String
        switch name {
        case "measure": section = measure
        case "render": section = render
        case "batch": section = batch
        case "breaks": section = breaks
        case "bidi": section = bidi
        case "title-date": section = titleDate
        case "button": section = button
        case "demo": section = demo
        case "help": section = usage
        default: return nil
        }
        return section + "\n\n" + exitCodes
    }
}
