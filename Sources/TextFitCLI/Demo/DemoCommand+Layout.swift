import Foundation
import TextFitLayout

/// The demo's layout-module sections: the title + date seed cases laid out, and a label truncated at two
/// lines.
extension DemoCommand {
    /// Widths at which the title + date seeds are laid out.
    static let titleDateWidths: [CGFloat] = [200, 260, 320, 375, 400]
    /// For each seed, a width where its own case applies with Noto Sans 17 pt (Noto Sans is wider than
    /// SF Pro, so at phone widths the long seed titles all need case 4).
    static let titleDateCaseWidths: [CGFloat] = [320, 400, 375, 320]
    static let titleDateSpacing: CGFloat = 8

    /// The four title + date seeds: the case at each width, then each one at a width showing its case.
    static func titleDateLayouts() throws -> [String] {
        typealias Seed = SeedExamples.TitleDate
        let font = try Font.systemFont(ofSize: titleFontSize)
        var output = [
            "4. Title + date layout (\(Seed.numberOfLines) title lines, spacing \(TextTable.number(titleDateSpacing)) pt, "
                + "\(TextTable.number(titleFontSize)) pt, scale 1): the case at each width"
        ]
        func layout(_ seed: TitleDateSeed, _ width: CGFloat) throws -> TitleDateLayout {
            try TitleDateLayout(
                title: seed.title, date: seed.date, titleFont: font, dateFont: font, width: width,
                spacing: titleDateSpacing, maxTitleLines: Seed.numberOfLines)
        }
        var rows: [[String]] = []
        for seed in Seed.cases {
            let cases = try titleDateWidths.map { String(try layout(seed, $0).layoutCase.rawValue) }
            rows.append([String(seed.number)] + cases + [TextTable.prefix(seed.title, 40)])
        }
        output += TextTable.render(
            header: ["seed"] + titleDateWidths.map { "\(TextTable.number($0))pt" } + ["title"],
            rows: rows, indent: "   ")
        for (seed, width) in zip(Seed.cases, titleDateCaseWidths) {
            let result = try layout(seed, width)
            output.append("   seed \(seed.number) at \(TextTable.number(width)) pt -> case \(result.layoutCase)")
            output += TitleDateCommand.lineRows(result, indent: "     ")
            output += TitleDateCommand.frameRows(result, indent: "     ")
        }
        return output
    }

    /// The text, width and font of the truncated-label example.
    static let truncatedLabelText = "The quick brown fox jumps over the lazy dog and keeps running far away"
    static let truncatedLabelWidth: CGFloat = 150

    /// A UILabel with numberOfLines 2 and the default tail truncation: the drawn lines, where the "…"
    /// went, and its size at scales 1, 2 and 3.
    static func truncatedLabel() throws -> [String] {
        var label = Label(text: truncatedLabelText, font: try Font.systemFont(ofSize: titleFontSize), numberOfLines: 2)
        let proposal = CGSize(width: truncatedLabelWidth, height: 0)
        label.frame.size = try label.sizeThatFits(proposal)
        let drawing = try label.drawing()
        var output = [
            "5. Label, numberOfLines 2, byTruncatingTail, \(TextTable.number(titleFontSize)) pt, "
                + "\(TextTable.number(truncatedLabelWidth)) pt wide: \(TextTable.quoted(truncatedLabelText))"
        ]
        let rows = drawing.lines.enumerated().map { index, line in
            [String(index + 1), TextTable.number(line.rect.width), TextTable.quoted(line.text)]
        }
        output += TextTable.render(header: ["line", "width", "text"], rows: rows, indent: "   ")
        if let ellipsis = drawing.ellipsis {
            output.append(
                "   ellipsis (\(ellipsis.placement.rawValue)) on line \(ellipsis.lineIndex + 1) at x "
                    + "\(TextTable.number(ellipsis.rect.minX)), \(TextTable.number(ellipsis.rect.width)) pt wide; "
                    + "truncated: \(drawing.isTruncated ? "yes" : "no")")
        }
        let sizes = try [CGFloat(1), 2, 3].map { scale -> String in
            label.scale = scale
            return "@\(TextTable.number(scale))x \(TextTable.size(try label.sizeThatFits(proposal)))"
        }
        output.append("   sizeThatFits(\(TextTable.number(truncatedLabelWidth)) x 0): " + sizes.joined(separator: ", "))
        return output
    }
}
