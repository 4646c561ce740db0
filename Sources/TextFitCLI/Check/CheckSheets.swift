import Foundation
import TextFit
import TextFitRender

/// `check --png DIR`: a contact sheet per language of the strings that overflow, each drawn at its
/// label's width with the label's box outlined and the overflow shaded red (below the box for lines
/// past `maxLines`, right of it for a single line too wide), under a caption naming the key.
enum CheckSheets {
    /// The most strings one sheet shows; the caption at its foot counts the rest.
    static let maximumRows = 60
    /// The widest a drawing gets, points: a one-line text far too long is cut at the sheet's edge.
    static let maximumWidth: CGFloat = 1_600
    /// The tallest the rows get, points (the picture is at most 8,192 points a side at scale 2).
    static let maximumHeight: CGFloat = 7_600

    private struct Row {
        var outcome: CheckOutcome
        var layout: TextLayout
        /// The label's box (its width, and the height of its `maxLines` lines).
        var box: CGSize
        /// The overflow's rectangle, relative to the row's text origin.
        var overflow: CGRect
    }

    /// Writes `LANGUAGE.png` into `folder` (made if missing) for each language with an overflow.
    /// - Returns: the files written.
    /// - Throws: file system errors; `RenderError` when a picture cannot be drawn.
    static func write(_ outcomes: [CheckOutcome], to folder: String) throws -> [String] {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var byLanguage: [String: [CheckOutcome]] = [:]
        for outcome in outcomes where outcome.fit?.fits == false {
            byLanguage[outcome.string.language, default: []].append(outcome)
        }
        let fonts = FontCache()
        let languages = byLanguage.keys.sorted()
        let sheets = languages.map { ($0, byLanguage[$0] ?? []) }
        // One sheet per worker: drawing and PNG encoding (FreeType per picture) are independent.
        let results = TextBatch.map(sheets, cost: { $0.1.count * 100 }) { language, outcomes in
            let path = URL(fileURLWithPath: folder).appendingPathComponent("\(language).png").path
            try sheet(language: language, outcomes, fonts: fonts).write(to: URL(fileURLWithPath: path))
            return path
        }
        return try results.map { try $0.get() }
    }

    /// The PNG of one language's sheet.
    static func sheet(language: String, _ outcomes: [CheckOutcome], fonts: FontCache) throws -> Data {
        let caption = try Font(family: BundledFonts.defaultFamily, size: 11)
        let title = try Font(family: BundledFonts.defaultFamily, size: 15, weight: .bold)
        var rows: [Row] = []
        var used: CGFloat = 0
        for outcome in outcomes.prefix(maximumRows) {
            // The picture's side is bounded (`TextPicture.maximumPixelSize` at scale 2): the rest is counted.
            guard used < maximumHeight else { break }
            guard let measureCase = outcome.measureCase, let width = measureCase.width, let fit = outcome.fit else {
                continue
            }
            let shown = try measureCase.shownText(measureCase.prepare(fonts: fonts)).text
            let mode = measureCase.lineBreakMode
            let limited = try shown.layout(width: CGFloat(width), numberOfLines: measureCase.maxLines, lineBreakMode: mode)
            let oneLine = measureCase.maxLines == 1 ? try shown.layout(width: nil, lineBreakMode: mode) : nil
            if let oneLine, oneLine.lineCount == 1 {
                let box = CGSize(width: CGFloat(width), height: oneLine.size.height)
                let over = CGRect(x: CGFloat(width), y: 0, width: CGFloat(fit.overflow), height: oneLine.size.height)
                rows.append(Row(outcome: outcome, layout: oneLine, box: box, overflow: over))
            } else {
                let all = try shown.layout(width: CGFloat(width), lineBreakMode: mode)
                let box = CGSize(width: CGFloat(width), height: limited.size.height)
                let over = CGRect(
                    x: 0, y: limited.size.height, width: CGFloat(width), height: all.size.height - limited.size.height)
                rows.append(Row(outcome: outcome, layout: all, box: box, overflow: over))
            }
            used += max(rows[rows.count - 1].box.height, rows[rows.count - 1].overflow.maxY) + 30
        }
        let margin: CGFloat = 12
        let captionHeight = caption.lineHeight + 4
        let contentWidth = min(
            maximumWidth, rows.map { max($0.box.width, $0.overflow.maxX, $0.layout.size.width) }.max() ?? 200)
        let height =
            margin * 2 + title.lineHeight + 8
            + rows.reduce(0) { $0 + captionHeight + max($1.box.height, $1.overflow.maxY) + margin }
            + (outcomes.count > rows.count ? captionHeight : 0)
        var picture = try TextPicture(size: CGSize(width: max(360, contentWidth + margin * 3), height: height))
        try picture.draw(
            "textfit check: \(outcomes.count) strings overflow in \(language)", font: title,
            at: CGPoint(x: margin, y: margin))
        var y = margin + title.lineHeight + 8
        for row in rows {
            let string = row.outcome.string
            let fit = row.outcome.fit!
            let lines =
                row.outcome.measureCase.map { $0.maxLines == 0 ? "" : ", \(fit.lineCount) lines of \($0.maxLines)" } ?? ""
            let label =
                string.key + (string.variation.map { " [\($0)]" } ?? "")
                + ": overflows \(TextTable.number(fit.overflow, decimals: 1)) pt\(lines)"
            // One caption line: a key's own line breaks shown as ⏎.
            try picture.draw(
                TextTable.prefix(label.replacingOccurrences(of: "\n", with: "⏎"), 140), font: caption,
                at: CGPoint(x: margin, y: y), color: .gray)
            y += captionHeight
            let origin = CGPoint(x: margin, y: y)
            picture.fill(
                CGRect(
                    x: origin.x + row.overflow.minX, y: origin.y + row.overflow.minY,
                    width: min(row.overflow.width, contentWidth - row.overflow.minX), height: row.overflow.height),
                color: RenderColor.systemRed.withAlpha(70))
            try picture.draw(row.layout, at: origin)
            picture.stroke(CGRect(origin: origin, size: row.box), color: .systemBlue, lineWidth: 1)
            y += max(row.box.height, row.overflow.maxY) + margin
        }
        if outcomes.count > rows.count {
            try picture.draw(
                "… and \(outcomes.count - rows.count) more (see the table or --json)", font: caption,
                at: CGPoint(x: margin, y: y), color: .gray)
        }
        return try picture.pngData(scale: 2)
    }
}
