/// Carets inside a ligature from the font's own caret list (rule R4).
extension PreparedText {
    /// The advances, from a ligature cluster's logical start, of the carets between its `parts` grapheme
    /// clusters, as the font's GDEF ligature caret list places them (Pango 1.44+ and CoreText read the same
    /// list); nil when the cluster is not one drawn glyph or the font gives it no caret per inner boundary,
    /// and the caller splits the cluster's advance evenly.
    ///
    /// Shapes the cluster's segment once more: only a question about a line piece holding a ligature of
    /// several graphemes asks, and a caret needs a glyph id, which the prepared text does not keep.
    func ligatureCaretAdvances(clusterStart start: Int, parts: Int) -> [Int]? {
        guard parts > 1, let segment = segmentIndex(containing: start) else { return nil }
        let info = segments[segment]
        let (face, scale) = shapingFace(of: info)
        guard let font = FontCatalog.shared.harfBuzzFont(face: face, scale: scale) else { return nil }
        let range = Int(info.start)..<Int(info.end)
        var slice = ArraySlice(units[range])
        ShapingText.substituteControls(&slice)
        let script = info.script == HarfBuzzScript.common ? 0 : info.script
        let local = start - range.lowerBound
        // The ligature glyph: the one glyph of the cluster with an advance (marks on it have none).
        let drawn = font.glyphs(slice, script: script).filter { $0.cluster == local && $0.xAdvance > 0 }
        guard drawn.count == 1 else { return nil }
        let rightToLeft = script != 0 && HarfBuzzFont.isRightToLeft(script: script)
        let carets = font.ligatureCarets(glyph: drawn[0].glyph, rightToLeft: rightToLeft)
        guard carets.count == parts - 1 else { return nil }
        // Carets are x from the glyph's left edge; a right-to-left ligature's first part is at its right.
        let advance = Int(drawn[0].xAdvance)
        return (rightToLeft ? carets.map { advance - $0 } : carets).sorted()
    }
}
