import Foundation
import TextFit

extension _FuzzEntries {
    /// A custom truncation token and the styled text it is shown in, decoded from fuzz bytes (`FuzzToken`).
    public struct TokenInput: CustomStringConvertible, Sendable {
        /// The token, or why it could not be built (a `StyledTextError`).
        public var token: StyledText?
        public var tokenError: String?
        /// The text, its paragraph style and the request (`StyledInput`), the mode and line limit overridden
        /// by the token's header when it says so.
        public var text: StyledInput

        public var description: String {
            let runs = token.map { token in
                token.runs.map { "\($0.range) kern \($0.attributes.kern ?? 0) font \($0.attributes.font?.pointSize ?? 0)" }
            }
            return "token \((token?.string ?? "-").debugDescription) runs \(runs ?? []) error \(tokenError ?? "-") \(text)"
        }
    }

    /// The pieces a token is made of: "…" and the usual "… more" shapes, right-to-left and mixed words,
    /// spaces on either side, a cluster of several scalars, emoji, a tab, nothing, and every line or
    /// paragraph separator (refused, T14).
    static let tokenPieces: [String] = [
        "…", "… ", " more", "Read more", "→", "… اقرأ المزيد", "שלום", "👍🏽", "e\u{301}", " ", "", "\t", "...",
        "\u{A0}", "美", "ffi", "\n", "\r", "\u{2029}", "\u{2028}", "\u{85}", "\u{B}", "\u{C}", "\u{202E}", "\u{200B}",
    ]

    /// Byte layout (missing bytes read as 0, so every input decodes): 0 the mode (bits 0–1: the text's own,
    /// tail, head, middle) and line limit (bits 2–3: the text's own, 1, 2, 3); 1 the token's piece count
    /// (mod 5); per piece an attributes byte (bit 0 bold, bits 1–3 size, bit 4 a kern, bit 5 its sign,
    /// bit 6 a colour, bit 7 a baseline offset) and the piece index into `tokenPieces`; then a `FuzzStyled`
    /// input (`decodeStyledInput`). Count 0 is the token "…" in the text's first font with no attributes,
    /// which must lay out as no token at all (T8, T1).
    public static func decodeTokenInput(_ bytes: [UInt8]) -> TokenInput {
        var reader = ByteReader(bytes: bytes)
        let header = reader.next()
        let count = Int(reader.next() % 5)
        let pieces = (0..<count).map { _ in (reader.next(), reader.next()) }
        var text = decodeStyledInput(&reader)
        let modes: [LineBreakMode?] = [nil, .byTruncatingTail, .byTruncatingHead, .byTruncatingMiddle]
        if let mode = modes[Int(header & 3)] { text.mode = mode }
        if (header >> 2) & 3 != 0 { text.maxLines = Int((header >> 2) & 3) }
        var input = TokenInput(token: nil, tokenError: nil, text: text)
        guard let base = text.styled?.font else { return input }
        do {
            guard count > 0 else {
                input.token = try StyledText("…", font: base)
                return input
            }
            var token = try StyledText(font: base)
            for (kind, index) in pieces {
                var attributes = TextAttributes()
                let size = styledSizes[Int(kind >> 1) & 7]
                attributes.font = styledFont(kind & 1 == 0 ? 0 : 1, size: size)
                if kind & 16 != 0 { attributes.kern = kind & 32 != 0 ? -2.5 : 1.5 }
                if kind & 64 != 0 { attributes.foregroundColor = TextColor(red: 0, green: 0.4, blue: 1) }
                if kind & 128 != 0 { attributes.baselineOffset = 3 }
                try token.append(tokenPieces[Int(index) % tokenPieces.count], attributes: attributes)
            }
            input.token = token
        } catch {
            input.tokenError = "\(error)"
        }
        return input
    }

    /// `FuzzToken`: the styled text of a `FuzzStyled` input with a custom truncation token; returns the broken
    /// invariants (docs/fuzzing.md, "FuzzToken"), as `TruncationTokenPropertyTests` holds them: a token with
    /// a line break is refused (T14) and nothing else is; a line with the token is the last (T2), fits its
    /// width whenever the token alone does (T9), shows the token whole (T9) in a box as wide as the token
    /// measured alone, at the line's edge for tail and head (T12), and its visible runs and the token add up
    /// to its width (T12); the text beside the token is cut on cluster boundaries (T10); a one-line text
    /// that fits shows no token (T11); `measure` equals `layout`; and "…" in the text's own font lays out as
    /// no token (T1, T8).
    public static func token(_ bytes: [UInt8]) -> [String] {
        let input = decodeTokenInput(bytes)
        var problems: [String] = []
        guard let plain = prepareStyled(input.text, &problems) else { return problems }
        guard let token = input.token else {
            return input.tokenError.map { ["building the token threw \($0)"] } ?? problems
        }
        let separators: Set<UInt16> = [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029]
        let breaks = token.string.utf16.contains { separators.contains($0) }
        let prepared: PreparedText
        do {
            prepared = try plain.withTruncationToken(token)
            if breaks { problems.append("a token holding a line break was accepted (T14)") }
        } catch MeasureError.truncationTokenHasLineBreak where breaks {
            return problems
        } catch MeasureError.clusterTooWide {
            return problems
        } catch {
            return problems + ["withTruncationToken threw \(error)"]
        }
        let text = input.text
        do {
            let layout = try prepared.layout(
                width: text.width, numberOfLines: text.maxLines, lineBreakMode: text.mode,
                lineBreakStrategy: text.strategy)
            let metrics = try prepared.measure(
                width: text.width, numberOfLines: text.maxLines, lineBreakMode: text.mode,
                lineBreakStrategy: text.strategy)
            if metrics.lineCount != layout.lineCount || metrics.size != layout.size
                || metrics.isTruncated != layout.isTruncated
            {
                problems.append(
                    "measure \(metrics.lineCount) \(metrics.size) \(metrics.isTruncated), layout \(layout.lineCount) \(layout.size) \(layout.isTruncated)"
                )
            }
            problems += checkStyledLines(Array(layout.lines), prepared, text, isTruncated: layout.isTruncated) { _ in
                text.width
            }
            let tokenWidth = try PreparedText(styled: token).layout().sizeIncludingTrailingWhitespace.width
            problems += checkTokenLines(layout, prepared, token: token, tokenWidth: tokenWidth, input)
            problems += checkTokenFits(prepared, layout, input)
            if input.token?.string == "…", token.runs.allSatisfy({ $0.attributes == TextAttributes() }) {
                let none = try plain.layout(
                    width: text.width, numberOfLines: text.maxLines, lineBreakMode: text.mode,
                    lineBreakStrategy: text.strategy)
                if oneStyle(input.text), !sameTokenLines(none, layout) {
                    problems.append("the token \"…\" in the text's font lays out otherwise than no token (T1, T8)")
                }
            }
        } catch {
            problems.append("layout or measure threw \(error)")
        }
        return problems
    }

    /// A text whose every run is in its first font, unkerned and on the baseline: its "…" is the first
    /// font's wherever the cut falls (S7), so a token "…" in that font is the same.
    private static func oneStyle(_ input: StyledInput) -> Bool {
        input.paragraphStyle == nil
            && (input.styled?.runs.allSatisfy {
                $0.attributes.font == nil && ($0.attributes.kern ?? 0) == 0 && ($0.attributes.baselineOffset ?? 0) == 0
            } ?? false)
    }

    private static func sameTokenLines(_ a: TextLayout, _ b: TextLayout) -> Bool {
        a.lineCount == b.lineCount && a.isTruncated == b.isTruncated && a.size == b.size
            && a.truncationTokenRect == b.truncationTokenRect
            && zip(a.lines, b.lines).allSatisfy {
                $0.range == $1.range && $0.width == $1.width && $0.text == $1.text && $0.ellipsis == $1.ellipsis
                    && $0.visibleRanges == $1.visibleRanges && $0.rect == $1.rect
            }
    }

    /// T2, T9, T10, T12 on each line that shows the token.
    private static func checkTokenLines(
        _ layout: TextLayout, _ prepared: PreparedText, token: StyledText, tokenWidth: CGFloat, _ input: TokenInput
    ) -> [String] {
        var problems: [String] = []
        let text = input.text
        // Under a negative kern the pen moves back, and widths are clamped at 0 where reported (K1): the
        // runs and the token's box no longer add up to the line's width.
        let negativeKern =
            text.hasNegativeKern || token.runs.contains { ($0.attributes.kern ?? 0) < 0 }
        let boundaries = clusterBoundaries(prepared)
        let units = Array(prepared.text.utf16)
        for (index, line) in layout.lines.enumerated() {
            guard let placement = line.ellipsis else {
                if line.truncationTokenRect != nil { problems.append("line \(index): a token rect without a token") }
                continue
            }
            if index != layout.lineCount - 1 { problems.append("T2: the token on line \(index) of \(layout.lineCount)") }
            let shown = line.text
            let whole =
                switch placement {
                case .tail: shown.hasSuffix(token.string)
                case .head: shown.hasPrefix(token.string)
                case .middle: shown.contains(token.string)
                }
            if !whole { problems.append("T9: line \(index) \(shown.debugDescription) splits the token") }
            for range in line.visibleRanges where !range.isEmpty {
                for end in [range.lowerBound, range.upperBound] where !boundaries.contains(end) {
                    problems.append("T10: line \(index) shows \(range), which ends inside a cluster")
                }
            }
            guard let rect = line.truncationTokenRect else {
                problems.append("T12: line \(index) shows a token and has no token rect")
                continue
            }
            if abs(rect.width - tokenWidth) > 1e-9 {
                problems.append("T9: the token's box is \(rect.width) wide, the token alone \(tokenWidth)")
            }
            // T9, T16: the line fits whenever the token alone does; otherwise only the token shows.
            let room = room(of: line, width: text.width, style: text.paragraphStyle, units: units)
            if let room, tokenWidth <= room, line.width > room + 1e-8 {
                problems.append("T9: line \(index) is \(line.width) pt in a room of \(room) with a \(tokenWidth) pt token")
            }
            if let room, tokenWidth > room + 1e-8, !line.visibleRanges.allSatisfy(\.isEmpty) {
                problems.append("T16: a \(tokenWidth) pt token in a room of \(room) shows text beside it")
            }
            guard !negativeKern else { continue }
            let visible = line.visualRuns.reduce(0) { $0 + $1.width }
            if abs(visible + tokenWidth - line.width) > 1e-6 {
                problems.append("T12: line \(index): visible \(visible) + token \(tokenWidth) ≠ the line's \(line.width)")
            }
            if rect.minX < line.rect.minX - 1e-6 || rect.maxX > line.rect.maxX + 1e-6 {
                problems.append("T12: the token's box \(rect) outside line \(index)'s \(line.rect)")
            }
            let rightToLeft = line.baseWritingDirection == .rightToLeft
            let atRight = abs(rect.maxX - line.rect.maxX) < 1e-6
            let atLeft = abs(rect.minX - line.rect.minX) < 1e-6
            if placement == .tail && !(rightToLeft ? atLeft : atRight)
                || placement == .head && !(rightToLeft ? atRight : atLeft)
            {
                problems.append("T12: a \(placement) token at \(rect) on a \(rightToLeft ? "rtl" : "ltr") line \(line.rect)")
            }
        }
        return problems
    }

    /// T11: a one-line request for a text whose whole line fits the width (and that has one paragraph)
    /// shows no token.
    private static func checkTokenFits(_ prepared: PreparedText, _ layout: TextLayout, _ input: TokenInput) -> [String] {
        let text = input.text
        guard text.maxLines == 1, let width = text.width, width > 0, text.paragraphStyle == nil,
            let whole = try? prepared.layout(numberOfLines: 1, lineBreakMode: text.mode), !whole.isTruncated,
            whole.size.width <= width
        else { return [] }
        return layout.isTruncated || layout.truncationTokenRect != nil
            ? ["T11: the whole line is \(whole.size.width) pt, the width \(width), and the token shows"] : []
    }

    /// The text's grapheme cluster boundaries, UTF-16 offsets: Swift's, and the line starts of a character
    /// wrap at 1/1024 pt (one cluster a line, W2, by TextFit's own clusters), so that neither's edge cases
    /// reads as a cut inside a cluster.
    static func clusterBoundaries(_ prepared: PreparedText) -> Set<Int> {
        let string = prepared.text
        var boundaries = Set(string.indices.map { $0.utf16Offset(in: string) })
        boundaries.insert(string.utf16.count)
        if let lines = try? prepared.layout(width: 1.0 / 1024, lineBreakMode: .byCharWrapping).lines {
            for line in lines { boundaries.insert(line.range.lowerBound); boundaries.insert(line.range.upperBound) }
        }
        return boundaries
    }
}
