import Foundation
import Synchronization

/// Fallback in Fontconfig's order (`FontFallback.fontconfig`): per primary face, the system's fonts as
/// Fontconfig sorts them for its family, weight and slant, then the bundled fonts.
///
/// Sorting reads every system font's pattern (milliseconds with a few hundred fonts), so it runs once per
/// primary face and its list is kept; each character's answer is kept too. Both are bounded: at most
/// `FontconfigOrders.listLimit` lists and `answerLimit` answers each, refilled rather than grown. An
/// answer names a file face by its path and index and holds the face only weakly, so it keeps no face
/// alive (the catalog's lifetime rules stay as they are).
///
/// Both look-ups are per text in warm preparation (a text in a file font with one character the font
/// lacks asks them once), so they are cached per face rather than by name: the list is found from the
/// primary face object itself (`Order.primary`), and an answer hands back its face while it is alive and
/// not retired, as the bundled order's answers do (`FontCatalog.fallbackFace(for:colourEmoji:)`). Keyed
/// by a "path#index" string and resolved through `loadFace` (a string built, hashed twice, and a `stat`),
/// they cost about 3 000 instructions and a system call a text, a fifth of a real UI string's warm
/// preparation (Benchmarks/README.md, "Short strings").
struct FontconfigOrders {
    static let listLimit = 32
    static let answerLimit = 8192

    final class Order: @unchecked Sendable {
        /// Nil when Fontconfig has no system fonts: only the bundled fonts are left.
        let sorted: Fontconfig.SortedFonts?
        let answers = Locked([UInt32: Answer]())
        /// The face this list was sorted for; weak, so the list keeps no face open. Set once, before the
        /// order is shared.
        private(set) weak var primary: Face?
        init(sorted: Fontconfig.SortedFonts?, primary: Face) {
            self.sorted = sorted
            self.primary = primary
        }
    }

    enum Answer: Sendable {
        case none
        case bundled(Int)  // index in the catalog's bundled faces
        case file(FileAnswer)
    }

    /// A file face an answer names: its path and face index, and the face while anything keeps it open.
    final class FileAnswer: @unchecked Sendable {
        let path: String
        let faceIndex: Int
        /// Weak: an answer keeps no face open. Set once, before the answer is shared.
        private(set) weak var face: Face?
        init(path: String, faceIndex: Int, face: Face) {
            self.path = path
            self.faceIndex = faceIndex
            self.face = face
        }
    }

    /// Per primary face object; `Order.primary` tells a live entry from one whose face has gone (an
    /// `ObjectIdentifier` may be reused by a later object).
    var orders: [ObjectIdentifier: Order] = [:]
}

extension FontCatalog {
    /// The face that draws `scalar` for a text in `font` that lacks it, in `font`'s fallback order.
    func fallbackFace(for scalar: UInt32, font: Font) -> Face? {
        font.fallback == .fontconfig ? fallbackFace(for: scalar, inOrderOf: font.face) : fallbackFace(for: scalar)
    }

    /// The first font in Fontconfig's sorted list for `primary` that has `scalar` (its glyph checked in the
    /// file itself, not only in Fontconfig's character set), else the first bundled face that has it, else
    /// nil (the primary's .notdef is drawn).
    func fallbackFace(for scalar: UInt32, inOrderOf primary: Face) -> Face? {
        let order = fontconfigOrder(for: primary)
        if let answer = order.answers.withLock({ $0[scalar] }) {
            if case .none = answer { return nil }
            if let face = resolve(answer) { return face }  // else the file went away: look again
        }
        var answer = FontconfigOrders.Answer.none
        var chosen: Face?
        if let sorted = order.sorted {
            var index = 0
            while chosen == nil, let found = sorted.firstIndex(covering: scalar, from: index) {
                index = found + 1
                guard let match = sorted.match(at: found),
                    let face = try? loadFace(path: match.path, faceIndex: match.faceIndex),
                    face.hasGlyph(for: scalar)
                else { continue }
                chosen = face
                answer = .file(FontconfigOrders.FileAnswer(path: match.path, faceIndex: match.faceIndex, face: face))
            }
        }
        if chosen == nil, let index = bundled.firstIndex(where: { $0.face.hasGlyph(for: scalar) }) {
            chosen = bundled[index].face
            answer = .bundled(index)
        }
        order.answers.withLock { answers in
            if answers.count >= FontconfigOrders.answerLimit, answers[scalar] == nil { answers.removeAll() }
            answers[scalar] = answer
        }
        return chosen
    }

    /// Fontconfig's sorted list for `primary`, made on first use.
    func fontconfigOrder(for primary: Face) -> FontconfigOrders.Order {
        let key = ObjectIdentifier(primary)
        if let order = fontconfigOrders.withLock({ $0.orders[key] }), order.primary === primary { return order }
        let sorted = fontconfig?.sortedFonts(family: primary.familyName, weight: primary.weight, italic: primary.isItalic)
        let made = FontconfigOrders.Order(sorted: sorted, primary: primary)
        return fontconfigOrders.withLock { state in
            // Another thread sorted it meanwhile (an entry for a face that has gone is replaced).
            if let order = state.orders[key], order.primary === primary { return order }
            if state.orders.count >= FontconfigOrders.listLimit { state.orders.removeAll() }
            state.orders[key] = made
            return made
        }
    }

    private func resolve(_ answer: FontconfigOrders.Answer) -> Face? {
        switch answer {
        case .none: return nil
        case .bundled(let index): return bundled[index].face
        case .file(let file):
            // The face found before while it is open and current; else by its path again (a `stat`, and a
            // read if the file changed).
            if let face = file.face, !face.isRetired { return face }
            return try? loadFace(path: file.path, faceIndex: file.faceIndex)
        }
    }
}
