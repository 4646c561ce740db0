import TextFit

/// The text of `textfit --help` and `textfit help COMMAND`: the usage summary and the exit codes here,
/// each command's section beside the command (`Command.help`, in `<Name>Command+Help.swift`), so a
/// command's flags and their documentation change together; tests check that each flag a command
/// accepts appears in its section.
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
          textfit check CATALOG... --constraints FILE [--json] [--junit FILE] [--png DIR] [--pseudo]
                                             every localized string against its label; exit 1 on overflow
          textfit demo [--out DIR]           the seed examples: feed rows, labels, title + date
          textfit help [COMMAND]             this help, or one command's (also --help, -h,
                                             textfit COMMAND --help)
          textfit --version                  TextFit's version and the C libraries in use (also -V)

        Flags take their value as '--flag value' or '--flag=value'; each may be given once.
        """

    static let exitCodes = """
        Exit codes:
          0  success
          1  some records failed (batch, breaks, bidi); each has an error object in its place;
             check: some localized string overflows its label
          2  usage error: unknown command or flag, missing or bad value (message on stderr)
          3  font or dependency missing: unknown family, missing or unreadable font file, no bundled fonts

        Bundled fonts are found via TEXTFIT_FONTS_DIR (when set it must hold them, else exit 3 naming it),
        else a Fonts folder beside the executable or a parent, else the checkout the tool was built from
        (TEXTFIT_FONTS_SKIP_CHECKOUT=1 leaves it out). Data goes to stdout; diagnostics to stderr.
        """

    static var full: String {
        ([usage, "Commands:"] + CommandLineTool.commandTypes.map { $0.help } + [exitCodes]).joined(separator: "\n\n")
    }

    /// One command's section plus the exit codes, or nil for an unknown command.
    static func command(_ name: String) -> String? {
        if name == "help" { return usage + "\n\n" + exitCodes }
        guard let command = CommandLineTool.command(named: name) else { return nil }
        return command.help + "\n\n" + exitCodes
    }
}
