import TextFit

/// `textfit help measure`: the command's own section of the help (`Help.full` gathers every command's).
extension MeasureCommand {
    static let help = """
        textfit measure TEXT [--family F [--weight W] [--italic] | --font-file P [--face-index N]]
                             [--size S] [--width W] [--lines N] [--mode M] [--fallback O] [--json]
        textfit measure (--case JSON | --json-case FILE) [--json]
          Lays TEXT out and prints a table: each line's UTF-16 range, width and text, the totals, and the
          size rounded up to the pixel grid at scales 1, 2 and 3. Use '--' before a TEXT that starts
          with '-'.
        \(SharedOptions.fontHelp(column: 17))
            --width W        wrap width in points, >= 0; 0, 1e15 and more, or omitted = unconstrained.
            --lines N        at most N lines (UILabel.numberOfLines); 0 = unlimited. Default: 0.
            --mode M         line-break mode: \(LineBreakMode.names).
                             Default: wordWrap.
            --fallback O     where characters the font lacks come from: fontconfig (Fontconfig's sorted
                             list for the font, as Pango does, then the bundled fonts) or bundled (the
                             bundled fonts first: the same on every machine). Default: bundled for a
                             bundled family, fontconfig for a system family or a font file.
            --json           print the same JSON object as 'batch' (with "id": null) instead of the table.
            --case JSON      the case as one 'batch' line instead of TEXT and the flags --family to --mode:
                             runs (with their colours), paragraph, queries. --json then prints batch's answer.
            --json-case F    the same, read from file F.
          A character no font has is drawn as the font's missing-glyph box: measure warns on stderr.
          Exit: 0 ok; 2 bad flag or value; 3 font family or file not found or unreadable.
        """
}
