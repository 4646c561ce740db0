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
    private let storage = Locked<PreparedText?>(nil)

    init(text: String, font: Font) {
        self.text = text
        self.font = font
    }

    /// A box holding `prepared` already.
    init(prepared: PreparedText) {
        self.text = prepared.text
        self.font = prepared.font
        storage.withLock { $0 = prepared }
    }

    var prepared: PreparedText {
        if let existing = storage.withLock({ $0 }) { return existing }
        let built = PreparedText(text, font: font)  // shaping: never under the lock
        return storage.withLock { stored in
            if let existing = stored { return existing }
            stored = built
            return built
        }
    }
}
