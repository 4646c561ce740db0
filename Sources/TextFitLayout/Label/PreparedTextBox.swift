import Foundation

/// A text and font with their `PreparedText`, built on first use and then kept.
///
/// `Label` holds one and replaces it when its text or font changes, so measuring a label again (another
/// width, another line count) never reshapes. Copies of a label share the box, which is right because a
/// box never changes what it prepares. Building happens outside the lock; two threads racing on the first
/// use may both build, and the first stored result wins.
final class PreparedTextBox: Sendable {
    let text: String
    let font: Font
    let paragraphStyle: ParagraphStyle
    /// A label's `attributedText`, its unattributed ranges in `font`; nil for plain text.
    let styled: StyledText?
    /// The label's `truncationToken` (T8, T16); nil for "…".
    let token: StyledText?
    /// The preparation once built, and why `styled` could not be prepared (`StyledTextError`,
    /// `ParagraphStyleError`) once tried: one lock for both, as a box is made for every new text.
    private let storage = Locked<(prepared: PreparedText?, failure: (any Error)?)>((nil, nil))

    init(
        text: String, font: Font, paragraphStyle: ParagraphStyle = ParagraphStyle(), styled: StyledText? = nil,
        token: StyledText? = nil
    ) {
        self.text = text
        self.token = token
        self.font = font
        self.paragraphStyle = paragraphStyle
        self.styled = styled.map { styled in
            var styled = styled
            styled.font = font
            return styled
        }
    }

    /// A box holding `prepared` already.
    init(prepared: PreparedText) {
        self.text = prepared.text
        self.font = prepared.font
        self.paragraphStyle = prepared.paragraphStyle
        self.styled = nil
        self.token = prepared.truncationToken
        storage.withLock { $0.prepared = prepared }
    }

    var prepared: PreparedText {
        if let existing = storage.withLock({ $0.prepared }) { return existing }
        // Shaping: never under the lock. An invalid style is refused where the label is measured
        // (`Label.validate()`), so the plain text prepared for it is never measured.
        var built: PreparedText
        var failed: (any Error)?
        if let styled {
            do {
                built = try PreparedText(styled: styled, paragraphStyle: paragraphStyle)
            } catch {
                // Refused where the label is measured (`check()`); this stand-in is never measured.
                failed = error
                built = PreparedText(text, font: font)
            }
        } else {
            built = (try? PreparedText(text, font: font, paragraphStyle: paragraphStyle)) ?? PreparedText(text, font: font)
        }
        if let token {
            // The token shaped once with the text (T8); refused where the label is measured (`check()`).
            do { built = try built.withTruncationToken(token) } catch { failed = failed ?? error }
        }
        return storage.withLock { stored in
            if let failed, stored.failure == nil { stored.failure = failed }
            if let existing = stored.prepared { return existing }
            stored.prepared = built
            return built
        }
    }

    /// Throws what preparing the styled text threw, if it did.
    func check() throws {
        guard styled != nil || token != nil else { return }
        _ = prepared
        if let error = storage.withLock({ $0.failure }) { throw error }
    }
}
