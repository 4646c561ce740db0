import Foundation
import TextFit
import TextFitLayout
import TextFitRender

/// `textfit demo --out DIR`: one picture of the seed examples, drawn exactly as measured, with overlays
/// and captions (the README shows it as docs/demo.png).
extension DemoCommand {
    /// The picture's file name inside the output folder.
    static let pictureName = "demo.png"
    /// Pixels per point of the picture: 1 keeps it small enough for the README (and a point is a pixel).
    static let pictureScale: CGFloat = 1

    /// Writes the picture into `folder` and returns its path and pixel size.
    /// - Throws: `FontError` when the bundled fonts are missing, `RenderError`, `OutputFile.WriteError`.
    static func writePicture(into folder: String) throws -> (path: String, width: Int, height: Int) {
        let picture = try makePicture()
        let path = (folder as NSString).appendingPathComponent(pictureName)
        try OutputFile.write(try picture.pngData(scale: pictureScale), to: path)
        let pixels = try picture.pixelSize(scale: pictureScale)
        return (path, pixels.width, pixels.height)
    }

    /// The feed rows at 375 pt in two columns of six, then the four title + date seeds at widths where
    /// each case applies, each with its caption; overlays on all of them.
    static func makePicture() throws -> TextPicture {
        let margin: CGFloat = 16
        let gutter: CGFloat = 24
        let heading = try Font.systemFont(ofSize: 15, weight: .bold)
        let caption = try Font.systemFont(ofSize: 11)
        let columnWidth = rowWidth
        // The second column also holds the widest title + date block (400 pt).
        let pictureWidth = margin * 2 + columnWidth + gutter + max(columnWidth, titleDateCaseWidths.max() ?? 0)

        // Measure first: the picture's height depends on the rows and the captions.
        var commands: [(inout TextPicture) throws -> Void] = []
        var y = margin

        func text(_ string: String, font: Font, x: CGFloat, width: CGFloat, color: RenderColor = .black) -> CGFloat {
            let prepared = PreparedText(string, font: font)
            let layout = try? prepared.layout(width: width)
            let top = y
            if let layout { commands.append { try $0.draw(layout, at: CGPoint(x: x, y: top), color: color) } }
            return layout?.size.height ?? 0
        }

        y += text(
            "TextFit demo: the seed examples drawn exactly as measured (Noto Sans; CJK from Droid Sans Fallback)",
            font: heading, x: margin, width: pictureWidth - 2 * margin)
        y += 6
        y += legend(x: margin, y: y, font: caption, commands: &commands)
        y += 14

        // 1. Feed rows.
        typealias Seed = SeedExamples.FeedRows
        let rowFont = try Font.systemFont(ofSize: Seed.fontSize)
        let wrapWidth = rowWidth - Seed.insets.left - Seed.insets.right
        y += text(
            "1. Feed rows in a \(TextTable.number(rowWidth)) pt list: \(TextTable.number(Seed.fontSize)) pt, "
                + "insets \(TextTable.number(Seed.insets.left)) pt, so lines wrap at \(TextTable.number(wrapWidth)) pt "
                + "(red); row height = ceilToPixel(lines × \(TextTable.number(rowFont.lineHeight)) pt) + "
                + "\(TextTable.number(Seed.insets.top + Seed.insets.bottom))",
            font: caption, x: margin, width: pictureWidth - 2 * margin, color: .gray)
        y += 6
        let half = (Seed.texts.count + 1) / 2
        var columnBottom = y
        for column in 0..<2 {
            var rowTop = y
            let x = margin + CGFloat(column) * (columnWidth + gutter)
            for index in (column * half)..<min(Seed.texts.count, (column + 1) * half) {
                let prepared = PreparedText(Seed.texts[index], font: rowFont)
                let layout = try prepared.layout(width: wrapWidth, numberOfLines: Seed.numberOfLines)
                let rowHeight = ceilToPixel(layout.size.height, scale: pictureScale) + Seed.insets.top + Seed.insets.bottom
                let top = rowTop
                let rowNumber = index + 1
                commands.append { picture in
                    picture.fill(
                        CGRect(x: x, y: top, width: columnWidth, height: rowHeight),
                        color: rowNumber % 2 == 0 ? RenderColor(red: 246, green: 246, blue: 248) : .white)
                    picture.stroke(
                        CGRect(x: x, y: top, width: columnWidth, height: rowHeight),
                        color: RenderColor(red: 200, green: 200, blue: 205))
                    try picture.draw(
                        layout, at: CGPoint(x: x + Seed.insets.left, y: top + Seed.insets.top),
                        overlays: .all, widthLimit: wrapWidth)
                    try picture.draw("\(rowNumber)", font: caption, at: CGPoint(x: x + 2, y: top + 1), color: .gray)
                }
                rowTop += rowHeight
            }
            columnBottom = max(columnBottom, rowTop)
        }
        y = columnBottom + 20

        // 2. Title + date.
        let titleFont = try Font.systemFont(ofSize: titleFontSize)
        y += text(
            "2. Title + date: at most \(SeedExamples.TitleDate.numberOfLines) title lines, "
                + "\(TextTable.number(titleFontSize)) pt, the date \(TextTable.number(titleDateSpacing)) pt after the "
                + "title's last line; each seed at a width (red) where its case applies; frames in purple",
            font: caption, x: margin, width: pictureWidth - 2 * margin, color: .gray)
        y += 8
        var blockBottom = y
        for (index, (seed, width)) in zip(SeedExamples.TitleDate.cases, titleDateCaseWidths).enumerated() {
            let column = index % 2
            if column == 0, index > 0 { y = blockBottom + 16 }
            let x = margin + CGFloat(column) * (columnWidth + gutter)
            let title = PreparedText(seed.title, font: titleFont)
            let date = PreparedText(seed.date, font: titleFont)
            let block = try TitleDateLayout(
                title: title, date: date, width: width, spacing: titleDateSpacing,
                maxTitleLines: SeedExamples.TitleDate.numberOfLines)
            let captionTop = y
            let captionText = "Case \(block.layoutCase.rawValue) at \(TextTable.number(width)) pt: \(seed.rule)"
            let savedY = y
            let captionHeight = text(captionText, font: caption, x: x, width: width, color: .gray)
            y = savedY
            let blockTop = captionTop + captionHeight + 6
            commands.append { picture in
                try block.draw(
                    into: &picture, date: date, at: CGPoint(x: x, y: blockTop), overlays: .all,
                    width: width)
            }
            blockBottom = max(blockBottom, blockTop + block.size.height)
        }
        // 3. Buttons.
        let buttonsBottom =
            try drawButtons(
                top: blockBottom + 20, x: margin, width: pictureWidth - 2 * margin,
                font: caption, commands: &commands) - 16
        // 4. Right-to-left and mixed-direction lines.
        y = try drawBidi(top: buttonsBottom + margin, x: margin, caption: caption, commands: &commands) + margin

        var picture = try TextPicture(size: CGSize(width: pictureWidth, height: y))
        for command in commands { try command(&picture) }
        return picture
    }

    /// A row of swatches naming each overlay; returns its height.
    private static func legend(
        x: CGFloat, y: CGFloat, font: Font,
        commands: inout [(inout TextPicture) throws -> Void]
    ) -> CGFloat {
        let entries: [(String, RenderOverlays)] = [
            ("line box", .lineBoxes), ("baseline", .baselines), ("hanging whitespace", .hangingWhitespace),
            ("ellipsis", .ellipsis), ("width limit", .widthLimit), ("title / date frame", .frames),
        ]
        var cursor = x
        let swatch: CGFloat = 10
        for (name, overlay) in entries {
            let color = RenderOverlays.color(of: overlay)
            let left = cursor
            let label = PreparedText(name, font: font)
            guard let layout = try? label.layout() else { continue }
            commands.append { picture in
                let box = CGRect(x: left, y: y + 2, width: swatch, height: swatch)
                switch overlay {
                case .baselines:
                    picture.drawLine(
                        from: CGPoint(x: box.minX, y: box.midY), to: CGPoint(x: box.maxX, y: box.midY), color: color)
                case .widthLimit:
                    picture.drawLine(
                        from: CGPoint(x: box.midX, y: box.minY), to: CGPoint(x: box.midX, y: box.maxY), color: color)
                case .hangingWhitespace, .ellipsis:
                    picture.fill(box, color: color)
                default:
                    picture.stroke(box, color: color)
                }
                try picture.draw(layout, at: CGPoint(x: left + swatch + 4, y: y), color: .gray)
            }
            cursor += swatch + 4 + layout.size.width + 16
        }
        return font.lineHeight
    }
}
