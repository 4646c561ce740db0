import TextFit

/// `textfit help render`: the command's own section of the help (`Help.full` gathers every command's).
extension RenderCommand {
    static let help = """
        textfit render TEXT [--family F [--weight W] [--italic] | --font-file P [--face-index N]]
                            [--size S] [--width W] [--lines N] [--mode M] [--overlay] [--scale S] -o FILE
        textfit render (--case JSON | --json-case FILE) [--overlay] [--scale S] -o FILE
          Draws the layout 'textfit measure' reports for the same flags, on a white background with
          4 pt of padding: the glyphs HarfBuzz shaped for each line, placed where they were measured,
          rasterised by FreeType (PNG: grayscale anti-aliasing, unhinted) or written as outlines (SVG:
          one <path> per glyph, no font needed to view it). Colour emoji fonts (CBDT, such as Debian's
          fonts-noto-color-emoji) draw in colour when Fontconfig falls back to them; without one, emoji
          come from a monochrome fallback font or, when no font has them, show as a box, like any
          character no font has. Prints "FILE: W x H px, N lines[, truncated]".
            --family, --font-file, --face-index, --size, --weight, --italic, --width, --lines,
            --mode, --fallback
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
}
