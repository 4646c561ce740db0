import TextFit

/// The flags several commands share, defined once so every command that takes a font (`measure`,
/// `render`, `title-date`, `button`) spells, checks and documents them the same way (issues 39, 41).
///
/// ```swift
/// static let options: [OptionSpec] = SharedOptions.font + [SharedOptions.width, .flag("--json")]
/// let choice = try parsed.fontChoice()   // --family/--font-file/--face-index/--size/--weight/--italic
/// ```
enum SharedOptions {
    static let family = OptionSpec.option("--family", "a font family name")
    static let fontFile = OptionSpec.option("--font-file", "a font file path")
    static let faceIndex = OptionSpec.option("--face-index", "a whole number >= 0")
    static let size = OptionSpec.option("--size", "a point size > 0 and < 100000")
    static let weight = OptionSpec.option("--weight", "a weight name such as semibold, or a number from 100 to 900")
    static let italic = OptionSpec.flag("--italic")
    static let width = OptionSpec.option("--width", "a width in points >= 0")

    /// The font flags, in the order help lists them.
    static let font: [OptionSpec] = [family, fontFile, faceIndex, size, weight, italic]

    /// The font flags' help, one entry per flag: its label and its description's lines.
    private static let fontHelpEntries: [(label: String, lines: [String])] = [
        (
            "--family F",
            wrapped(
                "font family; the bundled fonts (\(BundledFonts.familyNames.joined(separator: ", "))) "
                    + "first, then the system's (Fontconfig). Default: \(BundledFonts.defaultFamily).")
        ),
        ("--font-file P", ["a font file (TrueType, OpenType or a collection) instead of a family."]),
        ("--face-index N", ["the face of a collection file (needs --font-file). Default: 0."]),
        ("--size S", ["point size, > 0 and < 100000. Default: \(Int(MeasureCase.defaultSize))."]),
        (
            "--weight W",
            [
                "the family's face: a weight name (ultraLight, thin, light, regular, medium,",
                "semibold, bold, heavy, black: UIFont.Weight's) or 100-900; a bundled family",
                "has regular (up to 500) and bold. Default: regular.",
            ]
        ),
        ("--italic", ["the family's italic face (its upright one when it has none)."]),
    ]

    /// `text` in lines of at most `width` characters, broken at spaces (the bundled family list is long).
    private static func wrapped(_ text: String, width: Int = 78) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        return lines + [line]
    }

    /// The font flags' help lines with the description column `column` characters after the flags'
    /// indent (each command's section aligns its own flags), indented for a help section.
    static func fontHelp(column: Int) -> String {
        var lines: [String] = []
        for entry in fontHelpEntries {
            let indent = String(repeating: " ", count: 4)
            let padding = String(repeating: " ", count: column)
            if entry.label.count < column {
                lines.append(
                    indent + entry.label + String(repeating: " ", count: column - entry.label.count) + entry.lines[0])
            } else {
                lines.append(indent + entry.label)
                lines.append(indent + padding + entry.lines[0])
            }
            lines += entry.lines.dropFirst().map { indent + padding + $0 }
        }
        return lines.joined(separator: "\n")
    }
}

/// The font the shared flags ask for: a family (with a weight and slant) or a file's face, at a size.
struct FontChoice: Equatable {
    var source: MeasureCase.FontSource = .family(BundledFonts.defaultFamily)
    var size: Double = MeasureCase.defaultSize
    /// `--weight` and `--italic`; a font file is one face, so they do not apply to one.
    var face = MeasureCase.FaceStyle()

    /// The font itself.
    /// - Throws: `FontError` for an unknown family or a missing, unreadable or bad font file (exit 3).
    func font(fonts: FontCache = FontCache()) throws -> Font {
        try fonts.font(source, size: size, face: face)
    }
}

extension ParsedArguments {
    /// The font `SharedOptions.font` give, every value checked; the defaults where a flag is absent.
    /// - Throws: `UsageError` naming the flag: `--family` with `--font-file`, `--face-index`, `--weight`
    ///   or `--italic` without the source they need, an empty family, a bad size or weight.
    func fontChoice() throws -> FontChoice {
        var choice = FontChoice()
        let family = values[SharedOptions.family.name]
        let fontFile = values[SharedOptions.fontFile.name]
        let faceIndex = try count(SharedOptions.faceIndex.name)
        if family != nil, fontFile != nil {
            throw UsageError(message: "give either '--family' or '--font-file', not both")
        }
        if faceIndex != nil, fontFile == nil {
            throw UsageError(message: "flag '--face-index' needs '--font-file'")
        }
        if let family {
            guard !family.isEmpty else { throw UsageError(message: "flag '--family' wants a family name, got ''") }
            choice.source = .family(family)
        }
        if let fontFile {
            choice.source = .file(path: fontFile, faceIndex: faceIndex ?? 0)
            // A file is one face: a weight or slant asked of it would be silently ignored.
            for flag in [SharedOptions.weight.name, SharedOptions.italic.name]
            where values[flag] != nil || flags.contains(flag) {
                throw UsageError(
                    message: "flag '\(flag)' picks a family's face; a font file is one face: "
                        + "name the file of that weight or style instead")
            }
        }
        if let size = try pointSize(SharedOptions.size.name) { choice.size = size }
        if let text = values[SharedOptions.weight.name] { choice.face.weight = try weight(text) }
        if flags.contains(SharedOptions.italic.name) { choice.face.italic = true }
        return choice
    }

    /// `--weight`: a `Font.Weight` name or a number from 100 to 900, as a batch case's `weight`.
    private func weight(_ text: String) throws -> Font.Weight {
        let flag = SharedOptions.weight.name
        if let number = Double(text), !text.lowercased().contains("x") {
            guard number.isFinite, Font.Weight.validRange.contains(CGFloat(number)) else {
                throw UsageError(message: "flag '\(flag)' wants \(MeasureCase.weightRequirement), got '\(text)'")
            }
            return Font.Weight(rawValue: CGFloat(number))
        }
        do { return try MeasureCase.weight(named: text) } catch let error as MeasureCase.WeightNameError {
            throw UsageError(message: "flag '\(flag)' wants \(MeasureCase.weightRequirement), got '\(text)'\(error.hint)")
        }
    }
}
