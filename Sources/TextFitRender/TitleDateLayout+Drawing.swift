import Foundation
import TextFit
import TextFitLayout

extension TitleDateLayout {
    /// Draws the block into `picture` with its top-left corner at `origin`: the title's lines in the title
    /// frame, the date on its line, and the overlays asked for (`.frames` outlines the title and date
    /// frames; `.widthLimit` marks `width`; the others apply to both texts' lines).
    ///
    /// ```swift
    /// let title = PreparedText("Title Short", font: font), date = PreparedText("Date", font: font)
    /// let block = try TitleDateLayout(title: title, date: date, width: 320)
    /// var picture = try TextPicture(size: CGSize(width: 330, height: block.size.height + 10))
    /// try block.draw(into: &picture, date: date, at: CGPoint(x: 5, y: 5), overlays: .all, width: 320)
    /// ```
    /// - Parameters:
    ///   - date: the prepared date the block was laid out with (the title's lines know their text; the
    ///     block keeps only the date's frame, so the date is laid out again on its one line).
    ///   - width: the block's width `W`, for `.widthLimit`; nil or 0 = none.
    /// - Throws: `MeasureError` for an unusable date (never for one the block was made with).
    public func draw(
        into picture: inout TextPicture, date: PreparedText, at origin: CGPoint = .zero,
        color: RenderColor = .black, overlays: RenderOverlays = [], width: CGFloat? = nil
    ) throws {
        let titleOrigin = CGPoint(x: origin.x + titleFrame.minX, y: origin.y + titleFrame.minY)
        try picture.draw(lines: titleLines, at: titleOrigin, color: color, overlays: overlays.subtracting(.widthLimit))
        // The date is one unwrapped line (as `TitleDateLayout` measured it), its frame's top at the line's.
        if date.utf16Count > 0 {
            let dateLayout = try date.layout(width: nil, numberOfLines: 1, lineBreakMode: .byWordWrapping)
            let dateOrigin = CGPoint(x: origin.x + dateFrame.minX, y: origin.y + dateFrame.minY)
            try picture.draw(dateLayout, at: dateOrigin, color: color, overlays: overlays.subtracting(.widthLimit))
        }
        if overlays.contains(.frames) {
            let frameColor = RenderOverlays.color(of: .frames)
            if !titleLines.isEmpty { picture.stroke(titleFrame.offsetBy(dx: origin.x, dy: origin.y), color: frameColor) }
            if dateFrame.width > 0 { picture.stroke(dateFrame.offsetBy(dx: origin.x, dy: origin.y), color: frameColor) }
        }
        if overlays.contains(.widthLimit), let width, width > 0, !width.isUnboundedTextDimension {
            picture.drawLine(
                from: CGPoint(x: origin.x + width, y: origin.y - 3),
                to: CGPoint(x: origin.x + width, y: origin.y + size.height + 3),
                color: RenderOverlays.color(of: .widthLimit), dashed: true)
        }
    }

    /// A picture of the block alone: `size` (or the width limit, if wider) plus the padding on each side.
    /// Options as for `TextLayout.picture(options:)`; `options.widthLimit` is the block's width `W`.
    /// - Throws: as `draw(into:date:at:color:overlays:width:)`, and `RenderError.invalidGeometry`.
    public func picture(date: PreparedText, options: RenderOptions = RenderOptions()) throws -> TextPicture {
        guard options.padding.isFinite, options.padding >= 0 else {
            throw RenderError.invalidGeometry("padding \(options.padding)")
        }
        let limit = options.widthLimit.flatMap { $0 > 0 && !$0.isUnboundedTextDimension ? $0 : nil }
        let padding = options.padding
        var picture = try TextPicture(
            size: CGSize(
                width: max(size.width, limit ?? 0) + 2 * padding,
                height: size.height + 2 * padding),
            background: options.background)
        try draw(
            into: &picture, date: date, at: CGPoint(x: padding, y: padding), color: options.textColor,
            overlays: options.overlays, width: limit)
        return picture
    }

    /// The block as PNG (see `TextLayout.renderPNG(options:)`).
    public func renderPNG(date: PreparedText, options: RenderOptions = RenderOptions()) throws -> Data {
        try picture(date: date, options: options).pngData(scale: options.scale)
    }

    /// The block as SVG with glyph outlines as paths (see `TextLayout.renderSVG(options:)`).
    public func renderSVG(date: PreparedText, options: RenderOptions = RenderOptions()) throws -> String {
        try picture(date: date, options: options).svg(scale: options.scale)
    }
}
