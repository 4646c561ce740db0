import Foundation

/// Fallback in Fontconfig's order (`FontFallback.fontconfig`): per primary face, the system's fonts as
/// Fontconfig sorts them for its family, weight and slant, then the bundled fonts.
///
/// Sorting reads every system font's pattern (milliseconds with a few hundred fonts), so it runs once per
/// primary face and its list is kept; each character's answer is kept too. Both are bounded: at most
/// `FontconfigOrders.listLimit` lists and `answerLimit` answers each, refilled rather than grown. An
/// answer names a file face by its path and index, not the face itself, so it keeps no face alive
/// (the catalog's lifetime rules stay as they are).
struct FontconfigOrders {
    static let listLimit = 32
    static let answerLimit = 8192

    final class Order: Sendable {
        /// Nil when Fontconfig has no system fonts: only the bundled fonts are left.
        let sorted: Fontconfig.SortedFonts?
        let answers = Locked([UInt32: Answer]())
        init(sorted: Fontconfig.SortedFonts?) { self.sorted = sorted }
    }

    enum Answer: Sendable {
        case none
        case bundled(Int)  // index in the catalog's bundled faces
        case file(path: String, faceIndex: Int)
    }

    var orders: [String: Order] = [:]
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
                answer = .file(path: match.path, faceIndex: match.faceIndex)
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
        let key = "\(primary.path)#\(primary.faceIndex)"
        if let order = fontconfigOrders.withLock({ $0.orders[key] }) { return order }
        let sorted = fontconfig?.sortedFonts(family: primary.familyName, weight: primary.weight, italic: primary.isItalic)
        let made = FontconfigOrders.Order(sorted: sorted)
        return fontconfigOrders.withLock { state in
            if let order = state.orders[key] { return order }  // another thread sorted it meanwhile
            if state.orders.count >= FontconfigOrders.listLimit { state.orders.removeAll() }
            state.orders[key] = made
            return made
        }
    }

    private func resolve(_ answer: FontconfigOrders.Answer) -> Face? {
        switch answer {
        case .none: return nil
        case .bundled(let index): return bundled[index].face
        case .file(let path, let faceIndex): return try? loadFace(path: path, faceIndex: faceIndex)
        }
    }
}
