import Foundation

/// A font file's face, as a drawing library opens it: the file, the face inside it, and the size of its
/// design grid. Outlines read from it (FreeType, CoreGraphics, a PDF writer) are in font units, y up.
public struct FontFace: Sendable, Hashable, CustomStringConvertible {
    /// The font file's path.
    public let filePath: String
    /// The face inside the file (a collection such as a .ttc holds several); 0 for single-face files.
    public let faceIndex: Int
    /// The face's design units per em: outlines and metrics are in these units.
    public let unitsPerEm: Int
    public let familyName: String
    public let styleName: String
    /// A variable font's instance: the axis values it was shaped at (rules O3–O6, automatic `opsz` and the
    /// weight's `wght` included); a drawing library must set them before reading outlines
    /// (`FT_Set_Var_Design_Coordinates`, `CGFont.copy(withVariations:)`). Empty for a font without axes.
    public let variations: [FontVariation]

    public var description: String {
        "\(familyName) \(styleName) (\((filePath as NSString).lastPathComponent)#\(faceIndex))"
    }

    init(_ face: Face) {
        filePath = face.path
        faceIndex = face.faceIndex
        unitsPerEm = face.unitsPerEm
        familyName = face.familyName
        styleName = face.styleName
        variations = face.variant?.applied ?? []
    }
}

/// Consecutive glyphs of one line drawn from one face, like a CoreText `CTRun`: the glyph ids, where
/// each goes, and which UTF-16 offset of the text it came from.
///
/// Positions are in points relative to the line's origin: x = 0 at the line's left edge (`TextLine.rect`'s
/// minX), y = 0 on its baseline, **y up** (as `CTRunGetPositions`). In a y-down canvas the glyph's pen
/// is at (origin.x + position.x, baseline − position.y).
///
/// ```swift
/// for line in layout.lines {
///     for run in line.glyphs().runs {
///         let outlines = myCanvas.openFont(path: run.face.filePath, index: run.face.faceIndex)
///         for glyph in run.glyphs where !glyph.isMissing {
///             // Font units → points: scale by run.pointsPerUnit (outlines are y up).
///             myCanvas.drawGlyph(glyph.id, from: outlines, scale: run.pointsPerUnit,
///                                x: origin.x + glyph.position.x, y: origin.y + line.baseline - glyph.position.y)
///         }
///     }
/// }
/// ```
public struct GlyphRun: Sendable, Equatable {
    /// One glyph of the run.
    public struct Glyph: Sendable, Equatable {
        /// The glyph id in `face` (0 = .notdef).
        public let id: UInt32
        /// The pen position plus HarfBuzz's offsets, in points from the line's origin (y up).
        public let position: CGPoint
        /// How far the pen moves after it, in points. A line's advances add up to its `width`.
        public let advance: CGFloat
        /// The UTF-16 offset in the source text of the cluster the glyph draws (like
        /// `CTRunGetStringIndices`); nil for the ellipsis, which is no part of the source.
        public let stringIndex: Int?

        /// No font has the character: drawing libraries show .notdef differently, so draw a box of
        /// `advance` (TextFitRender draws it from the baseline up to the font's cap height).
        public var isMissing: Bool { id == 0 && !isAttachment }
        /// The glyph stands for an attachment's box (its run's `attachment`).
        public let isAttachment: Bool
    }

    /// The face the glyphs come from.
    public let face: FontFace
    /// The size the text was shaped at, in points: its font's size on TextFit's 1/1024-pt grid.
    public let pointSize: CGFloat
    /// The glyphs, in drawing order (left to right). Positions include the run's baseline offset (S4).
    public let glyphs: [Glyph]
    /// The font the run is drawn in: `face` at `pointSize` (for its cap height, say, when drawing a
    /// missing glyph's box).
    public let font: Font
    /// The run's colour (`TextAttributes.foregroundColor`, S-rules); nil when the text gives none, so the
    /// drawer's own colour applies. Plain text has none.
    public let foregroundColor: TextColor?
    /// The inline box the run stands for (S5), if it is an attachment's: then its one glyph (id 0, not
    /// missing) has the box's bottom-left corner as `position` and its width as `advance`. TextFitRender
    /// outlines the box, having no image to put in it.
    public let attachment: TextAttachment?

    /// Points per font unit (`pointSize / face.unitsPerEm`): the scale that turns the face's outlines,
    /// which are in font units, into points.
    public var pointsPerUnit: Double { Double(pointSize) / Double(face.unitsPerEm) }
}

/// What one laid-out line draws: its glyphs as runs of one face each, and the extents of its ellipsis and
/// hanging whitespace, in points from the line's left edge. Exactly what was measured: the advances add
/// up to `TextLine.width`, and the hanging whitespace ends at `widthIncludingTrailingWhitespace` (but for
/// a line a negative kern takes below 0, which reports 0 while its pen ends left of its start, K1).
///
/// ```swift
/// let layout = try text.layout(width: 150, numberOfLines: 2, lineBreakMode: .byTruncatingTail)
/// for (line, glyphs) in zip(layout.lines, layout.lines.glyphs()) {
///     glyphs.width == line.width          // true
///     glyphs.ellipsis                     // the "…"'s x extent on a truncated line
/// }
/// ```
public struct LineGlyphs: Sendable, Equatable {
    /// The glyphs in drawing order, a run per change of face (a fallback font starts a new run).
    public let runs: [GlyphRun]
    /// The summed advances: the line's measured `width` (ellipsis included, hanging whitespace not); below
    /// 0 where a negative kern moves the pen back past the line's start, whose `width` is then 0 (K1).
    public let width: CGFloat
    /// Where the "…" sits, if the line shows one (rules T4, T5).
    public let ellipsis: Range<CGFloat>?
    /// The whitespace hanging past the line's text (rule W4), which draws nothing, if any.
    public let hangingWhitespace: Range<CGFloat>?

    /// Groups `line`'s glyphs into runs: a new one at each change of face or of style (S2: every
    /// attribute change cuts, as CoreText's runs do), each at its style's size and colour.
    init(_ line: PlacedLine, text: PreparedText) {
        var runs: [GlyphRun] = []
        var start = 0
        let glyphs = line.glyphs
        while start < glyphs.count {
            let face = glyphs[start].face
            let style = glyphs[start].style
            let isAttachment = glyphs[start].isAttachment
            let isToken = glyphs[start].isToken
            var end = start + 1
            while end < glyphs.count, glyphs[end].face == face, glyphs[end].style == style, !isAttachment,
                !glyphs[end].isAttachment, glyphs[end].isToken == isToken
            { end += 1 }
            // A custom truncation token's glyphs are in the token's own styles (T8).
            let source = isToken ? text.truncationTokenShape?.prepared ?? text : text
            let styleInfo = source.styling.map { $0.styles[Int(style)] }
            let styleFont = styleInfo?.font ?? source.font
            let font = face == styleFont.face ? styleFont : Font(face: face, size: styleFont.pointSize)
            runs.append(
                GlyphRun(
                    face: FontFace(face), pointSize: Units.points(Int(styleFont.scale)),
                    glyphs: glyphs[start..<end].map {
                        GlyphRun.Glyph(
                            id: $0.glyph, position: CGPoint(x: Units.points($0.x), y: Units.points($0.y)),
                            advance: Units.points($0.advance), stringIndex: $0.cluster, isAttachment: $0.isAttachment)
                    }, font: font, foregroundColor: styleInfo?.foregroundColor,
                    attachment: isAttachment ? styleInfo?.attachment : nil))
            start = end
        }
        self.runs = runs
        width = Units.points(line.width)
        ellipsis = line.ellipsis.map { Units.points($0.lowerBound)..<Units.points($0.upperBound) }
        hangingWhitespace = line.hangingWhitespace.map { Units.points($0.lowerBound)..<Units.points($0.upperBound) }
    }
}
