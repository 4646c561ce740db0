import Foundation

extension PreparedText {
    /// The same text prepared again with every font scaled by `size / font.pointSize`: what
    /// `fittingFontSize` tries (rule Q4).
    ///
    /// A plain text is prepared in its face at `size`; its paragraph style stays. A styled text has each
    /// run's font scaled by the same factor, as UIKit shrinks an attributed label's fonts by one scale
    /// factor (`NSStringDrawingContext.actualScaleFactor`, "applied to the font"). Kern, baseline offsets,
    /// attachment boxes and paragraph spacing are points, not fonts, and stay as they are (docs/queries.md,
    /// Q4 "Styled text").
    /// - Throws: `FontError` for a scaled size no font can have.
    func rescaled(toSize size: CGFloat) throws -> PreparedText {
        // A custom truncation token keeps its own fonts (T15): it is not the text's, and only the text shrinks.
        guard let token = truncationTokenShape else { return try rescaledText(toSize: size) }
        return PreparedText(sharing: try rescaledText(toSize: size), token: token)
    }

    private func rescaledText(toSize size: CGFloat) throws -> PreparedText {
        guard let styling else {
            let resized = try font.withSize(size)
            guard paragraphSettings != nil, paragraphStyle != .default else { return PreparedText(text, font: resized) }
            return try PreparedText(text, font: resized, paragraphStyle: paragraphStyle)
        }
        let factor = size / font.pointSize
        var styled = try StyledText(font: try font.withSize(size))
        for (index, start) in styling.runStarts.enumerated() {
            let end = index + 1 < styling.runStarts.count ? styling.runStarts[index + 1] : units.count
            let style = styling.styles[Int(styling.runStyles[index])]
            // Each run's font is its own; the rest is copied as it was resolved.
            let scaledFont = style.font == font ? styled.font : try style.font.withSize(style.font.pointSize * factor)
            let attributes = TextAttributes(
                font: scaledFont, kern: style.kern == 0 ? nil : style.kern,
                baselineOffset: style.baselineOffset == 0 ? nil : style.baselineOffset,
                foregroundColor: style.foregroundColor, tracking: style.tracking == 0 ? nil : style.tracking)
            if let attachment = style.attachment {
                // One run may hold several equal boxes side by side (and marks on them).
                for unit in units[start..<end] {
                    if unit == 0xFFFC {
                        try styled.append(attachment, attributes: attributes)
                    } else {
                        try styled.append(String(decoding: [unit], as: UTF16.self), attributes: attributes)
                    }
                }
            } else {
                try styled.append(String(decoding: units[start..<end], as: UTF16.self), attributes: attributes)
            }
        }
        if paragraphStyle == .default { return try PreparedText(styled: styled) }
        return try PreparedText(styled: styled, paragraphStyle: paragraphStyle)
    }
}
