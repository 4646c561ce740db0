/// `textfit help check`: the command's own section of the help (`Help.full` gathers every command's).
extension CheckCommand {
    static let help = """
        textfit check CATALOG... --constraints FILE [--json] [--junit FILE] [--png DIR] [--pseudo]
          Measures every localized string of the catalogs against its label and reports those that
          overflow. CATALOG: a String Catalog (.xcstrings: every key's localizations, each plural, device
          and substitution variation), or .strings (UTF-8 or UTF-16, comments, escapes) and .stringsdict
          files in LANG.lproj folders (one table per file name).
          --constraints FILE  JSON: {"defaults": {...}, "keys": [{"match": "GLOB", ...}], "placeholders": {...}}.
                            defaults and each keys entry hold batch case fields (family | fontFile, size,
                            weight, width, maxLines, lineBreakMode, paragraph, query "fitFontSize" +
                            minimumScaleFactor, ...: see 'textfit help batch'), and may hold their own
                            placeholders. Entries whose glob (* ? [...], over the whole key) matches a key
                            apply in file order over defaults, a later field replacing an earlier one. A
                            key left without a width is reported unchecked; an entry matching no key is
                            warned about on stderr.
          Placeholders (%@, %d, %lld, %.1f, %1$@, ...) become samples: the entry's, then the file's, then
          the built-in worst case for the conversion; a positional one (%2$@) takes its plain form's (%@).
          %% shows %. Built in: \(FormatPlaceholders.builtIn.filter { ["%@", "%d", "%f", "%e", "%x", "%c"].contains($0.conversion) }.map { "\($0.conversion) \"\($0.sample)\"" }.joined(separator: ", ")),
          %.Nf N nines after the point; every integer conversion (%i %u %ld %lld ...) as %d.
          A key with no value in the source language is checked with the key as its text (Xcode's rule).
          fits: the text shows whole within width and maxLines; lineCount: the lines it needs at width;
          overflow (points): with maxLines 1, how far the one-line width passes width, else the height
          past maxLines lines; 0 when it fits.
          --json          JSON Lines, one object per key x language x variation: {"key", "language",
                          "variation" (null, or "plural.one", "device.iphone", "count.plural.few"), "text",
                          "fits", "lineCount", "width", "overflow", "truncated"}; an unchecked string has
                          null for fits and the measures. Without --json: a table of the strings that
                          overflow (key, language, variation, lines needed/allowed, overflow, the text
                          shown) and a summary line.
          --junit FILE    also write JUnit XML: a test suite per language, a test case per key and
                          variation (an overflow fails it, an unchecked one is skipped).
          --png DIR       also write DIR/LANGUAGE.png per language with an overflow: each string drawn at
                          its label's width, the label's box in blue, the overflow shaded red (at most
                          \(CheckSheets.maximumRows) a sheet).
          --pseudo        also check pseudo-languages for every key some language lacks, made from the
                          source text: \(PseudoLanguage.accented.rawValue) (letters accented, 40% longer, 30%
                          over 50 characters) and \(PseudoLanguage.doubleLength.rawValue) (the text twice).
          Unchecked keys and keys untranslated in some language are listed on stderr; when stderr is a
          terminal, progress goes there every \(CheckRun.progressChunk) strings. Strings are measured on all cores.
          Exit: 0 every checked string fits; 1 some string overflows (or cannot be measured); 2 bad
          arguments, or a catalog or constraints file that cannot be read (the message names the file and
          the line and column, or the key and language); 3 no string could be measured for want of its font.
        """
}
