/// Truncation of a styled text (rule S7): the "…" takes the style of the character beside it, so its
/// width depends on where the cut falls. The cut is first found with the widest "…" of the text's styles
/// (it fits whichever "…" the line ends with), then moved as far as a narrower "…" lets it, comparing
/// each candidate's exact width in integer units, as plain truncation does. The reported width counts
/// the "…" the line shows.
extension LineBreaker {
    func styledCutLine(_ start: Int, _ end: Int, limit: Int) -> BrokenLine {
        var line: BrokenLine
        switch mode {
        case .byTruncatingTail: line = styledTailTruncated(start, end, limit: limit)
        case .byTruncatingHead: line = headTruncated(start, end, limit: limit)
        default: line = middleTruncated(start, end, limit: limit)
        }
        // Head and middle keep the cut the widest "…" allows; their width counts the one they show.
        if let placement = line.ellipsis, placement != .tail {
            line.width += text.ellipsisWidth(placement, visible: line.visible) - text.ellipsisWidth
            line.widthWithWhitespace = line.width
        }
        return line
    }

    /// T4 with S7: the longest prefix whose width plus its own "…" fits.
    private func styledTailTruncated(_ start: Int, _ end: Int, limit: Int) -> BrokenLine {
        var line = tailTruncated(start, end, limit: limit)
        let widths = text.styling?.ellipsisWidths() ?? [text.ellipsisWidth]
        let narrowest = widths.min() ?? text.ellipsisWidth
        func visibleEnd(_ boundary: Int) -> Int { text.trimmedEnd(boundary, notBefore: start) }
        func lineWidth(_ visibleEnd: Int) -> Int {
            text.width(start, visibleEnd) + text.ellipsisWidth(.tail, visible: start..<visibleEnd)
        }
        var cut = line.visible.upperBound
        if narrowest < text.ellipsisWidth {
            // Candidates lie between the cut the widest "…" allows and the one the narrowest would.
            let far = lastBoundary(from: start, to: end, budget: limit - narrowest) { text.width(start, visibleEnd($0)) }
            var boundary = far
            while boundary > cut {
                if lineWidth(visibleEnd(boundary)) <= limit { cut = boundary; break }
                let index = text.graphemeIndex(atOrAfter: boundary)
                guard index > 0 else { break }
                boundary = Int(text.graphemes[index - 1])
            }
        }
        let shown = visibleEnd(cut)
        line = BrokenLine(start: start, end: shown, visible: start..<shown, width: lineWidth(shown),
                          widthWithWhitespace: lineWidth(shown), ellipsis: .tail, isCut: true)
        return line
    }
}
