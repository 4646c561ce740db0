import Foundation

// What a styled text's runs change in its widths: the face and size a segment is shaped in, and the
// kern after its clusters (rules S2, S3).
extension PreparedText {
    /// The face and HarfBuzz scale a segment is shaped in: its fallback face, or its style's font (the
    /// text's font for plain text), at its style's size.
    func shapingFace(of segment: Segment) -> (face: Face, scale: Int32) {
        guard let styling else { return (face(Int(segment.face)), font.scale) }
        let styleFont = styling.styles[Int(segment.style)].font
        let face = segment.face == 0 ? styleFont.face : fallbackFaceReferences[Int(segment.face) - 1].face
        return (face, styleFont.scale)
    }

    /// The kern added after each cluster of `start..<end` (all in `segment`), in 1/1024 pt.
    func kernWidth(_ start: Int, _ end: Int, segment: Segment) -> Int {
        guard let styling else { return 0 }
        let kern = Int(styling.kernUnits[Int(segment.style)])
        guard kern != 0 else { return 0 }
        var clusters = 0
        for position in start..<end where flags[position] & Flag.grapheme != 0 { clusters += 1 }
        return clusters * kern
    }
}
