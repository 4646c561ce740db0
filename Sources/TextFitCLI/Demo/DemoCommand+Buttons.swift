import Foundation
import TextFitLayout
import TextFitRender

/// The demo's buttons (uikit-semantics.md §6): legacy inset buttons and iOS 15 configuration buttons,
/// their rects in the report and outlined in the picture.
extension DemoCommand {
    /// One demo button: a caption, the bounds it is laid out in, and its frames.
    struct DemoButton {
        var caption: String
        var frames: ButtonFrames
        /// How the title's lines align in their rect (configuration buttons align each line).
        var lineAlignment: ButtonConfiguration.TitleAlignment = .leading
    }

    static let buttonFontSize: CGFloat = 15
    static let buttonImage = CGSize(width: 24, height: 24)

    /// The legacy buttons: the centred group, an image inset acting halved (U3), both U6 recipes, and a
    /// title inset squeezing a button sized to fit (U4).
    static func legacyButtons(scale: CGFloat) throws -> [DemoButton] {
        let font = try Font.systemFont(ofSize: buttonFontSize)
        func make(
            _ title: String, _ caption: String, bounds: CGSize? = nil,
            _ change: (inout ButtonLayout) throws -> Void = { _ in }
        ) throws -> DemoButton {
            var button = ButtonLayout(title: title, font: font, imageSize: buttonImage, scale: scale)
            try change(&button)
            let size = try bounds ?? button.intrinsicContentSize
            return DemoButton(caption: caption, frames: try button.layout(in: CGRect(origin: .zero, size: size)))
        }
        let wide = CGSize(width: 150, height: 44)
        return [
            try make("Download", "centred group", bounds: wide),
            try make("Download", "imageEdgeInsets.left 40: image +20", bounds: wide) {
                $0.imageEdgeInsets = EdgeInsets(left: 40)
            },
            try make("Download", "title left of image (U6)", bounds: wide) { try $0.placeTitleLeftOfImage() },
            try make("Download", "image above title, 4 pt (U6)", bounds: CGSize(width: 150, height: 76)) {
                try $0.placeImageAboveTitle(spacing: 4)
            },
            try make("Download", "sized to fit, titleEdgeInsets.left 30") { $0.titleEdgeInsets = EdgeInsets(left: 30) },
        ]
    }

    /// The configuration buttons: each image placement, a subtitle, and a title wrapping beside its image.
    static func configurationButtons(scale: CGFloat) throws -> [DemoButton] {
        let font = try Font.systemFont(ofSize: buttonFontSize)
        let small = try Font.systemFont(ofSize: 12)
        func make(
            _ title: String, _ subtitle: String?, _ caption: String, width: CGFloat? = nil,
            _ change: (inout ButtonConfiguration) -> Void
        ) throws -> DemoButton {
            var button = ButtonConfiguration(
                title: title, titleFont: font, subtitle: subtitle, subtitleFont: small,
                imageSize: buttonImage, scale: scale)
            change(&button)
            let size = try button.sizeThatFits(CGSize(width: width ?? 0, height: 0))
            let bounds = CGRect(origin: .zero, size: CGSize(width: width ?? size.width, height: size.height))
            return DemoButton(
                caption: caption, frames: try button.layout(in: bounds),
                lineAlignment: button.resolvedTitleAlignment)
        }
        return [
            try make("Upload", "3 files", "leading, imagePadding 8, subtitle") {
                $0.imagePadding = 8; $0.titlePadding = 2
            },
            try make("Next", nil, "trailing, imagePadding 8") {
                $0.imagePlacement = .trailing; $0.imagePadding = 8
            },
            try make("Share", "with friends", "top, imagePadding 6") {
                $0.imagePlacement = .top; $0.imagePadding = 6
            },
            try make("Send the photos to everyone", nil, "title wraps at 150 pt", width: 150) {
                $0.imagePadding = 8
            },
        ]
    }

    /// The report's section: each button's bounds and rects at scale 2.
    static func buttonLayouts() throws -> [String] {
        func rect(_ rect: CGRect) -> String {
            "\(TextTable.number(rect.minX)),\(TextTable.number(rect.minY)) \(TextTable.size(rect.size))"
        }
        var rows: [[String]] = []
        for (model, buttons) in [("legacy", try legacyButtons(scale: 2)), ("config", try configurationButtons(scale: 2))] {
            for button in buttons {
                let frames = button.frames
                let shown = frames.titleLines.map { $0.map(\.text).joined(separator: " / ") } ?? ""
                rows.append([
                    model, TextTable.size(frames.bounds.size), rect(frames.imageRect), rect(frames.titleRect),
                    button.caption + ": " + TextTable.quoted(shown),
                ])
            }
        }
        return [
            "Buttons (uikit-semantics.md §6): \(TextTable.number(buttonFontSize)) pt, "
                + "\(TextTable.size(buttonImage)) image, scale 2; rects as x,y w x h"
        ]
            + TextTable.render(
                header: ["model", "bounds", "image", "title", "button: title as drawn"], rows: rows,
                indent: "   ")
    }

    /// Draws the buttons in two rows below `top`: each button's bounds (grey), content rect (orange),
    /// image (a blue box), title and subtitle frames (purple, green) and text; returns the bottom.
    static func drawButtons(
        top: CGFloat, x: CGFloat, width: CGFloat, font: Font,
        commands: inout [(inout TextPicture) throws -> Void]
    ) throws -> CGFloat {
        let columns = 5
        let gutter: CGFloat = 12
        let cell = (width - CGFloat(columns - 1) * gutter) / CGFloat(columns)
        var y = top
        let heading =
            "3. Buttons: legacy insets (top row) and iOS 15 configurations (bottom row); bounds grey, "
            + "content rect orange, image blue, title frame purple, subtitle frame green"
        let headingLayout = try PreparedText(heading, font: font).layout(width: width)
        let headingTop = y
        commands.append { try $0.draw(headingLayout, at: CGPoint(x: x, y: headingTop), color: .gray) }
        y += headingLayout.size.height + 8
        for row in [try legacyButtons(scale: pictureScale), try configurationButtons(scale: pictureScale)] {
            // Captions first, so every button of a row starts at the same height.
            let captions = try row.map { try PreparedText($0.caption, font: font).layout(width: cell) }
            let captionTop = y
            let buttonTop = y + (captions.map(\.size.height).max() ?? 0) + 4
            var rowBottom = buttonTop
            for (index, (button, caption)) in zip(row, captions).enumerated() {
                let left = x + CGFloat(index) * (cell + gutter)
                let origin = CGPoint(x: left, y: buttonTop)
                commands.append { picture in
                    try picture.draw(caption, at: CGPoint(x: left, y: captionTop), color: .gray)
                    try draw(button, at: origin, into: &picture)
                }
                rowBottom = max(rowBottom, origin.y + button.frames.bounds.height)
            }
            y = rowBottom + 16
        }
        return y
    }

    /// One button with its rects outlined, its bounds' origin at `origin`.
    private static func draw(_ button: DemoButton, at origin: CGPoint, into picture: inout TextPicture) throws {
        let frames = button.frames
        func moved(_ rect: CGRect) -> CGRect { rect.offsetBy(dx: origin.x, dy: origin.y) }
        picture.fill(moved(frames.bounds), color: RenderColor(red: 242, green: 242, blue: 247))
        picture.stroke(moved(frames.bounds), color: RenderColor(red: 190, green: 190, blue: 196))
        let content = moved(frames.contentRect)
        for (start, end) in [
            (CGPoint(x: content.minX, y: content.minY), CGPoint(x: content.maxX, y: content.minY)),
            (CGPoint(x: content.minX, y: content.maxY), CGPoint(x: content.maxX, y: content.maxY)),
            (CGPoint(x: content.minX, y: content.minY), CGPoint(x: content.minX, y: content.maxY)),
            (CGPoint(x: content.maxX, y: content.minY), CGPoint(x: content.maxX, y: content.maxY)),
        ] {
            picture.drawLine(from: start, to: end, color: .systemOrange, dashed: true)
        }
        if frames.imageRect.width > 0 {
            picture.fill(moved(frames.imageRect), color: RenderColor(red: 190, green: 220, blue: 255))
            picture.stroke(moved(frames.imageRect), color: .systemBlue)
        }
        for (rect, lines, color) in [
            (frames.titleRect, frames.titleLines, RenderColor.systemPurple),
            (frames.subtitleRect, frames.subtitleLines, RenderColor.systemGreen),
        ] {
            guard let lines, rect.width > 0 else { continue }
            picture.stroke(moved(rect), color: color)
            for index in lines.indices {
                // Lines keep their baselines from the top of the frame; each is aligned in the frame.
                let line = lines[index]
                let offset: CGFloat
                switch button.lineAlignment {
                case .center: offset = (rect.width - line.width) / 2
                case .trailing: offset = rect.width - line.width
                default: offset = 0
                }
                try picture.draw(lines: lines[index...index], at: CGPoint(x: moved(rect).minX + offset, y: moved(rect).minY))
            }
        }
    }
}
