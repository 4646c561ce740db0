import Foundation
import TextFit

/// `textfit demo`: the seed examples (`SeedExamples`) measured with the bundled fonts.
enum DemoCommand: Command {
    static let name = "demo"
    static let options: [OptionSpec] = [.option("--out", "a folder to write demo.png into")]

    /// The list width the feed rows are shown in (an iPhone's 375 pt portrait width).
    static let rowWidth: CGFloat = 375
    /// Widths at which the title + date titles' line counts are shown.
    static let titleWidths: [CGFloat] = [150, 200, 250, 300, 355]
    static let titleFontSize: CGFloat = 17

    /// The folder to write the picture into, if any.
    /// - Throws: `UsageError` for an argument.
    static func makeRequest(_ parsed: ParsedArguments) throws -> String? {
        if let extra = parsed.positionals.first {
            throw UsageError(message: "'demo' takes no arguments, got '\(extra)'")
        }
        return parsed.values["--out"]
    }

    /// The last line of the demo without `--out`, in place of the written picture's path.
    static let pictureHint =
        "Picture: none written; run 'textfit demo --out DIR' to draw the feed rows and the "
        + "title + date cases into DIR/\(pictureName)"

    static func perform(_ pictureFolder: String?, console: Console) -> ExitCode {
        do {
            for line in try report() { console.write(line) }
        } catch {
            // Only the bundled fonts can fail here: the demo's inputs are fixed.
            console.writeError("textfit: \(error)")
            return .fontMissing
        }
        guard let pictureFolder else {
            // The picture is the demo's other half; say how to get it where the picture line would be.
            console.write("")
            console.write(pictureHint)
            return .success
        }
        do {
            let written = try writePicture(into: pictureFolder)
            console.write("")
            console.write("Picture: \(written.path) (\(written.width) x \(written.height) px)")
            for extra in try writeTreePictures(into: pictureFolder) {
                console.write("Picture: \(extra.path) (\(extra.width) x \(extra.height) px)")
            }
            return .success
        } catch let error as OutputFile.WriteError {
            return console.fail(UsageError(message: error.description))
        } catch {
            // Only the bundled fonts can fail here: the demo's inputs are fixed.
            console.writeError("textfit: \(error)")
            return .fontMissing
        }
    }

    /// The whole demo, line by line.
    /// - Throws: `FontError` when the bundled fonts are missing.
    static func report() throws -> [String] {
        var output = [
            "TextFit \(TextFitInfo.version) demo: the seed examples with the bundled fonts "
                + "(\(BundledFonts.familyNames.joined(separator: ", ")))", "",
        ]
        output += try feedRows()
        output.append("")
        output += try labelSizeToFit()
        output.append("")
        output += try titleLineCounts()
        output.append("")
        output += try titleDateLayouts()
        output.append("")
        output += try truncatedLabel()
        output.append("")
        output += try buttonLayouts()
        output.append("")
        output += try bidiReport()
        return output
    }

    /// Rows of a self-sizing list: the label wraps at the row width minus its insets and the row is the
    /// label's height rounded up to the pixel grid plus the vertical insets (rule L2).
    static func feedRows() throws -> [String] {
        typealias Seed = SeedExamples.FeedRows
        let font = try Font.systemFont(ofSize: Seed.fontSize)
        let wrapWidth = rowWidth - Seed.insets.left - Seed.insets.right
        let verticalInsets = Seed.insets.top + Seed.insets.bottom
        let scales: [CGFloat] = [1, 2, 3]
        var output = [
            "1. Feed rows: \(TextTable.number(rowWidth)) pt rows, label pinned \(TextTable.number(Seed.insets.left)) pt "
                + "inside -> wrap width \(TextTable.number(wrapWidth)) pt, \(TextTable.number(Seed.fontSize)) pt "
                + "\(font.familyName), numberOfLines \(Seed.numberOfLines)",
            "   row height = ceilToPixel(lines x \(TextTable.number(font.lineHeight)) pt, scale) + "
                + "\(TextTable.number(verticalInsets))",
        ]
        var rows: [[String]] = []
        var totals = Array(repeating: CGFloat(0), count: scales.count)
        for (index, text) in Seed.texts.enumerated() {
            let layout = try PreparedText(text, font: font).layout(width: wrapWidth, numberOfLines: Seed.numberOfLines)
            let textHeight = CGFloat(layout.lineCount) * layout.lineHeight
            let heights = scales.map { ceilToPixel(textHeight, scale: $0) + verticalInsets }
            for (column, height) in heights.enumerated() { totals[column] += height }
            rows.append(
                [String(index + 1), String(layout.lineCount)] + heights.map { TextTable.number($0) }
                    + [TextTable.prefix(text, 18)])
        }
        rows.append(["all", ""] + totals.map { TextTable.number($0) } + ["(sum of the 12 rows)"])
        output += TextTable.render(header: ["row", "lines", "@1x", "@2x", "@3x", "text"], rows: rows, indent: "   ")
        return output
    }

    /// A one-line label sized to fit at scale 2, next to what iOS reported with its system font.
    static func labelSizeToFit() throws -> [String] {
        typealias Seed = SeedExamples.LabelSizeToFit
        let font = try Font.systemFont(ofSize: Seed.fontSize)
        let prepared = PreparedText(Seed.text, font: font)
        // sizeToFit: unbounded width (0), UILabel's default numberOfLines 1, rounded up at the screen scale.
        let size = try prepared.sizeThatFits(CGSize(width: 0, height: 0), numberOfLines: 1, scale: Seed.iOSScale)
        let raw = try prepared.layout(width: nil, numberOfLines: 1).size
        let fallback = prepared.fallbackFonts.first?.familyName ?? font.familyName
        let em = font.lineHeight / font.pointSize
        return [
            "2. Label \"\(Seed.text)\" at \(TextTable.number(Seed.fontSize)) pt, sized to fit "
                + "(one line, unbounded width) at scale \(TextTable.number(Seed.iOSScale))",
            "   TextFit: \(TextTable.size(size)) pt   (unrounded \(TextTable.size(raw)))",
            "   iOS:     \(TextTable.size(Seed.iOSSize)) pt   (system font: SF, CJK from PingFang)",
            "   Why they differ: the fonts, not the rules. Here the glyphs come from \(fallback) (\(font.familyName)",
            "   has no CJK), on iOS from PingFang; the height is the label font's line height: \(font.familyName)",
            "   \(TextTable.number(em)) em = \(TextTable.number(font.lineHeight)) pt here, SF about 1.19 em = 23.87 pt "
                + "-> 24.0 on iOS. The rules are the same: one line,",
            "   the line height from the label's own font (never the fallback's), the size rounded up to the "
                + "1/\(TextTable.number(Seed.iOSScale)) pt grid.",
        ]
    }

    /// Line counts of the title + date titles alone (the date placement comes with the layout module).
    static func titleLineCounts() throws -> [String] {
        typealias Seed = SeedExamples.TitleDate
        let font = try Font.systemFont(ofSize: titleFontSize)
        var output = [
            "3. Title + date titles at \(TextTable.number(titleFontSize)) pt: line counts of the title alone "
                + "(numberOfLines 0) by width; the layout allows \(Seed.numberOfLines) lines with the date after"
        ]
        var rows: [[String]] = []
        for seed in Seed.cases {
            let prepared = PreparedText(seed.title, font: font)
            let counts = try titleWidths.map { String(try prepared.numberOfLines(forWidth: $0)) }
            rows.append([String(seed.number)] + counts + [TextTable.prefix(seed.title, 40)])
        }
        output += TextTable.render(
            header: ["case"] + titleWidths.map { "\(TextTable.number($0))pt" } + ["title"],
            rows: rows, indent: "   ")
        return output
    }
}
