import Foundation
import TextFit

/// A picture of laid-out text: the glyphs TextFit measured, placed where it measured them, plus optional
/// overlays, ready to be written as PNG (FreeType rasterisation) or SVG (glyph outlines as paths).
///
/// Coordinates are points, y down, origin at the top left; the scale (pixels per point) is chosen when
/// encoding. Drawing only records what to draw: FreeType runs in `pngData(scale:)` and `svg(scale:)`,
/// each with its own FreeType faces, so pictures can be encoded on several threads at once. The glyphs
/// come from TextFit's public `TextLines.glyphs()`: a canvas of your own (PDF, Core Graphics) draws the
/// same way.
///
/// ```swift
/// let text = PreparedText("The quick brown fox jumps over the lazy dog", font: try Font(family: "Noto Sans", size: 17))
/// let layout = try text.layout(width: 150, numberOfLines: 2, lineBreakMode: .byTruncatingTail)
/// var picture = try TextPicture(size: CGSize(width: 160, height: 60))
/// try picture.draw(layout, at: CGPoint(x: 5, y: 5), overlays: .all, widthLimit: 150)
/// try picture.draw("Caption", font: try Font(family: "Noto Sans", size: 11), at: CGPoint(x: 5, y: 52), color: .gray)
/// let png: Data = try picture.pngData(scale: 2)
/// let svg: String = try picture.svg(scale: 2)
/// ```
public struct TextPicture: Sendable {
    /// The picture's size in points.
    public let size: CGSize
    /// Nil for transparent.
    public var background: RenderColor?

    /// The largest picture side in pixels (at the encoding scale).
    public static let maximumPixelSize = 16_384

    /// What to draw, in order (later items over earlier ones).
    var items: [Item] = []

    enum Item: Sendable {
        /// A glyph with its pen at `origin` (points, on the baseline); `pointsPerUnit` scales font units.
        case glyph(face: FontFace, glyph: UInt32, origin: CGPoint, pointsPerUnit: Double, color: RenderColor)
        /// A .notdef: a hollow box with strokes `thickness` points thick.
        case missingGlyph(CGRect, thickness: CGFloat, color: RenderColor)
        case fill(CGRect, RenderColor)
        /// A rectangle outline `pixels` wide, inside the rectangle, snapped to the pixel grid.
        case stroke(CGRect, RenderColor, pixels: CGFloat)
        /// A horizontal or vertical line `pixels` wide, in the pixel row or column holding its position.
        case line(from: CGPoint, to: CGPoint, RenderColor, pixels: CGFloat, dashed: Bool)
    }

    /// An empty picture.
    /// - Throws: `RenderError.invalidGeometry` for a negative or non-finite size.
    public init(size: CGSize, background: RenderColor? = .white) throws {
        guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else {
            throw RenderError.invalidGeometry("picture size \(size.width) x \(size.height)")
        }
        self.size = size
        self.background = background
    }

    // MARK: - Text

    /// Draws the lines of a layout, with its top-left corner at `origin`.
    /// - Parameters:
    ///   - layout: a layout made by `text.layout(...)` (it knows its text; its glyphs are reshaped exactly
    ///     as measured).
    ///   - origin: where the layout's (0, 0) goes, in points.
    ///   - color: the text colour (colour emoji keep their own colours).
    ///   - overlays: what to show over the text (see `RenderOverlays`).
    ///   - widthLimit: the width the layout was made at, for `.widthLimit`; nil or 0 = none.
    /// - Throws: `RenderError.invalidGeometry` for a non-finite origin.
    /// - Complexity: shapes each segment the lines touch once (HarfBuzz), no rasterising.
    public mutating func draw(
        _ layout: TextLayout, at origin: CGPoint = .zero,
        color: RenderColor = .black, overlays: RenderOverlays = [],
        widthLimit: CGFloat? = nil
    ) throws {
        try draw(lines: layout.lines, at: origin, color: color, overlays: overlays, widthLimit: widthLimit)
    }

    /// Draws laid-out lines (for layouts that keep lines, such as a title + date block's `titleLines`, or
    /// some of a layout's lines). Parameters and errors as `draw(_:at:color:overlays:widthLimit:)`.
    public mutating func draw(
        lines: some BidirectionalCollection<TextLine>, at origin: CGPoint = .zero,
        color: RenderColor = .black, overlays: RenderOverlays = [],
        widthLimit: CGFloat? = nil
    ) throws {
        guard origin.x.isFinite, origin.y.isFinite else {
            throw RenderError.invalidGeometry("origin \(origin.x), \(origin.y)")
        }
        let runs = lines.glyphs()
        // Glyph and overlay positions are from each line's left edge (`TextLine.x`: alignment, indents, a
        // right-to-left paragraph's right alignment).
        func x(_ points: CGFloat, _ line: TextLine) -> CGFloat { origin.x + line.rect.minX + points }

        // Washes under the text.
        for (line, run) in zip(lines, runs) {
            let top = origin.y + line.rect.minY
            let height = line.rect.height
            if overlays.contains(.hangingWhitespace), let range = run.hangingWhitespace {
                items.append(
                    .fill(
                        CGRect(
                            x: x(range.lowerBound, line), y: top, width: range.upperBound - range.lowerBound,
                            height: height), RenderOverlays.color(of: .hangingWhitespace)))
            }
            if overlays.contains(.ellipsis), let range = run.ellipsis {
                items.append(
                    .fill(
                        CGRect(
                            x: x(range.lowerBound, line), y: top, width: range.upperBound - range.lowerBound,
                            height: height), RenderOverlays.color(of: .ellipsis)))
            }
        }
        // The glyphs (positions are y up from the baseline; the picture is y down).
        for (line, glyphs) in zip(lines, runs) {
            let baseline = origin.y + line.baseline
            for run in glyphs.runs {
                let perUnit = run.pointsPerUnit
                // A styled run's own colour, else the caller's.
                let color = run.foregroundColor.map(RenderColor.init) ?? color
                for glyph in run.glyphs {
                    let pen = CGPoint(x: x(glyph.position.x, line), y: baseline - glyph.position.y)
                    if let box = run.attachment {
                        // An attachment's place and size, outlined: TextFit holds no image to draw in it.
                        items.append(
                            .stroke(
                                CGRect(x: pen.x, y: pen.y - box.height, width: glyph.advance, height: box.height),
                                color, pixels: 1))
                    } else if glyph.isMissing {
                        items.append(Self.missingGlyphBox(pen: pen, advance: glyph.advance, font: run.font, color: color))
                    } else {
                        items.append(
                            .glyph(face: run.face, glyph: glyph.id, origin: pen, pointsPerUnit: perUnit, color: color))
                    }
                }
            }
        }
        // Lines over the text.
        for (line, run) in zip(lines, runs) {
            let box = line.rect.offsetBy(dx: origin.x, dy: origin.y)
            if overlays.contains(.lineBoxes) {
                items.append(.stroke(box, RenderOverlays.color(of: .lineBoxes), pixels: 1))
            }
            if overlays.contains(.baselines) {
                let y = origin.y + line.baseline
                // Under the hanging whitespace too: right of the box, or left in a right-to-left line.
                let start = min(box.minX, run.hangingWhitespace.map { x($0.lowerBound, line) } ?? box.minX)
                let end = max(box.maxX, run.hangingWhitespace.map { x($0.upperBound, line) } ?? box.maxX)
                items.append(
                    .line(
                        from: CGPoint(x: start, y: y), to: CGPoint(x: end, y: y),
                        RenderOverlays.color(of: .baselines), pixels: 1, dashed: false))
            }
        }
        if overlays.contains(.widthLimit), let widthLimit, widthLimit > 0, !widthLimit.isUnboundedTextDimension {
            let height = lines.last.map { $0.rect.maxY } ?? 0
            items.append(
                .line(
                    from: CGPoint(x: origin.x + widthLimit, y: origin.y - 3),
                    to: CGPoint(x: origin.x + widthLimit, y: origin.y + height + 3),
                    RenderOverlays.color(of: .widthLimit), pixels: 1, dashed: true))
        }
    }

    /// Lays `string` out in `font` (word wrapping at `width`, nil = one line per paragraph) and draws it
    /// at `origin`: for captions and labels around a picture.
    /// - Returns: the layout drawn, so callers can place what follows.
    /// - Throws: `MeasureError.invalidWidth`, `RenderError.invalidGeometry`.
    @discardableResult
    public mutating func draw(
        _ string: String, font: Font, at origin: CGPoint, width: CGFloat? = nil,
        color: RenderColor = .black
    ) throws -> TextLayout {
        let text = PreparedText(string, font: font)
        let layout = try text.layout(width: width)
        try draw(layout, at: origin, color: color)
        return layout
    }

    /// The .notdef box: inset from the advance, from the baseline up to the cap height (or 0.7 em), so a
    /// character no font has is visible however the font draws its own .notdef.
    static func missingGlyphBox(pen: CGPoint, advance: CGFloat, font: Font, color: RenderColor) -> Item {
        let height = font.capHeight > 0 ? font.capHeight : font.pointSize * 0.7
        let inset = max(advance * 0.1, font.pointSize * 0.04)
        let width = max(advance - 2 * inset, font.pointSize * 0.2)
        return .missingGlyph(
            CGRect(x: pen.x + inset, y: pen.y - height, width: width, height: height),
            thickness: max(font.pointSize * 0.06, 0.5), color: color)
    }

    // MARK: - Shapes

    /// Fills a rectangle (points), anti-aliased at fractional edges.
    public mutating func fill(_ rect: CGRect, color: RenderColor) {
        items.append(.fill(rect.standardized, color))
    }

    /// Outlines a rectangle with a stroke `lineWidth` pixels wide, inside it, snapped to the pixel grid.
    public mutating func stroke(_ rect: CGRect, color: RenderColor, lineWidth: CGFloat = 1) {
        items.append(.stroke(rect.standardized, color, pixels: lineWidth))
    }

    /// A horizontal or vertical line `lineWidth` pixels wide (a diagonal is drawn as its bounding box's
    /// longer side), in the pixel row or column holding its position.
    public mutating func drawLine(
        from start: CGPoint, to end: CGPoint, color: RenderColor, lineWidth: CGFloat = 1,
        dashed: Bool = false
    ) {
        items.append(.line(from: start, to: end, color, pixels: lineWidth, dashed: dashed))
    }

    // MARK: - Encoding

    /// The picture as PNG: 8-bit RGB on an opaque background, RGBA otherwise; glyphs rasterised by FreeType
    /// with grayscale anti-aliasing from unhinted outlines at their exact fractional positions.
    /// - Parameter scale: pixels per point.
    /// - Throws: `RenderError.invalidScale`, `.pictureTooLarge`, `.unreadableFont`, `.encodingFailed`.
    public func pngData(scale: CGFloat = 2) throws -> Data {
        let canvas = try PNGRenderer.rasterize(self, scale: scale)
        return Data(try canvas.png(keepAlpha: (background?.alpha ?? 0) < 255))
    }

    /// The picture as an SVG document: each glyph a `<path>` of its outline (no font needed to view it),
    /// colour bitmaps as embedded PNG `<image>`s, overlays as `<rect>`s and `<line>`s. User units are
    /// points; `width`/`height` are the pixel size at `scale`.
    /// - Throws: `RenderError.invalidScale`, `.pictureTooLarge`, `.unreadableFont`.
    public func svg(scale: CGFloat = 2) throws -> String {
        try SVGRenderer.render(self, scale: scale).document
    }

    /// The picture's size in whole pixels at `scale` (points × scale, rounded up, at least 1 × 1).
    /// - Throws: `RenderError.invalidScale`, `.pictureTooLarge`.
    public func pixelSize(scale: CGFloat) throws -> (width: Int, height: Int) {
        guard scale.isFinite, scale > 0 else { throw RenderError.invalidScale(Double(scale)) }
        let width = (size.width * scale - 1e-9).rounded(.up)
        let height = (size.height * scale - 1e-9).rounded(.up)
        guard width <= CGFloat(Self.maximumPixelSize), height <= CGFloat(Self.maximumPixelSize) else {
            // `min` keeps NaN, which `Int(_:)` traps on: a NaN side is reported as the cap too.
            throw RenderError.pictureTooLarge(
                width: width < 1e9 ? Int(width) : 1_000_000_000,
                height: height < 1e9 ? Int(height) : 1_000_000_000)
        }
        return (max(1, Int(width)), max(1, Int(height)))
    }
}
