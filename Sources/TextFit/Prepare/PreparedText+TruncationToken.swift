import Foundation

/// A custom truncation token (rules T8–T16), shaped once: its own prepared text (its own styles, fonts,
/// fallback and bidi) and its advance. One per `withTruncationToken(_:)` call, shared by every layout of
/// the text it was made for, so relayout at a new width shapes nothing.
final class TruncationTokenShape: Sendable {
    let styled: StyledText
    /// The token prepared on its own: drawn from its one line (`placedGlyphs`).
    let prepared: PreparedText
    /// Its advance in 1/1024 pt, its own leading and trailing spaces included (T10): what a truncated
    /// line adds for it, whatever the line's style.
    let width: Int

    init(_ styled: StyledText) throws {
        let units = Array(styled.string.utf16)
        // T14: a token is one line. A line or paragraph separator would make it two.
        if let offset = units.firstIndex(where: { [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029].contains($0) }) {
            throw MeasureError.truncationTokenHasLineBreak(offset: offset)
        }
        let prepared = try PreparedText(styled: styled)
        if let problem = prepared.measureProblem { throw problem }
        self.styled = styled
        self.prepared = prepared
        // Its one line's width with its spaces, as it is drawn (`appendToken` places the glyphs of that
        // line): a tab in the token goes to its first stop from the token's start, which the stored sums
        // (the tab's own glyph, 3.9 pt where the line sets 28) do not say (FuzzToken's `token-with-a-tab`).
        // Never below 0 (K1).
        let line = try prepared.layout().lines.records
        width = line.count > 0 ? max(0, line[0].widthWithWhitespace) : 0
    }
}

extension PreparedText {
    /// This text with `token` shown instead of "…" where a line is truncated (rules T8–T16): tail, head and
    /// middle truncation, in the token's own style ("… Read more" in bold or a link colour).
    ///
    /// The token is shaped once, here; the text's own preparation is shared, not repeated, so keep the
    /// returned text and lay it out at as many widths as needed. The token is never split (T9) and keeps
    /// its own spaces; the text beside it is cut at a grapheme cluster boundary with its spaces next to the
    /// token trimmed, as beside "…" (T10): for head and middle truncation, end the token with a space of
    /// its own if the text after it should not touch it ("… more " rather than "… more"). A text that fits shows no token (T11). The layout reports where
    /// the token went (`TextLayout.truncationTokenRect`, `TextLine.truncationTokenRect`) and what source
    /// text stayed visible (`TextLine.visibleRanges`).
    ///
    /// ```swift
    /// let font = try Font(family: "Noto Sans", size: 17)
    /// var token = try StyledText("… ", font: font)
    /// try token.append("Read more", attributes: TextAttributes(font: try Font(family: "Noto Sans", size: 17, weight: .bold)))
    /// let review = try PreparedText("Lovely place, friendly staff, would stay again.", font: font)
    ///     .withTruncationToken(token)
    /// let layout = try review.layout(width: 200, numberOfLines: 1, lineBreakMode: .byTruncatingTail)
    /// layout.lines[0].text              // ends with "… Read more"
    /// layout.truncationTokenRect        // the token's box, to make it tappable
    /// ```
    /// - Parameter token: the token; nil gives back "…" (T1), with layouts equal to this text's.
    /// - Returns: the text with the token; `self` shares its storage with it.
    /// - Throws: `MeasureError.truncationTokenHasLineBreak` for a token holding a line or paragraph
    ///   separator (T14), `MeasureError.clusterTooWide` for a token that cannot be measured.
    /// - Complexity: shapes the token once; the text is not prepared again.
    public func withTruncationToken(_ token: StyledText?) throws -> PreparedText {
        guard let token else { return truncationTokenShape == nil ? self : PreparedText(sharing: self, token: nil) }
        return PreparedText(sharing: self, token: try TruncationTokenShape(token))
    }

    /// The custom truncation token this text shows instead of "…" (`withTruncationToken(_:)`); nil for "…".
    public var truncationToken: StyledText? { truncationTokenShape?.styled }

    /// What a truncated line shows for its token: the custom token's string, or "…" (T1).
    var truncationTokenString: String { truncationTokenShape?.styled.string ?? Self.ellipsis }
}
