import Foundation

// The pass's fallback stage (rule F6): which face draws a cluster the font lacks.
extension PreparedText.Pass {
    /// The face for a cluster the font lacks `uncovered` of: a fallback that has every scalar needing a
    /// glyph, else one that has the base (never splitting the cluster), else the font itself (.notdef).
    mutating func fallbackFaceIndex(base: UInt32, uncovered: UInt32, scalars: Character.UnicodeScalarView?) -> Int {
        // In Fontconfig's order the bundled table does not say which face comes first: the catalog does.
        let bundledIndex = !fontconfigOrder && uncovered < 0x10000 ? Int(bundledTable[Int(uncovered)]) : 0
        if scalars == nil, bundledIndex > 0, let last = lastFallback, last.bundledIndex == bundledIndex {
            return last.index  // a single scalar the same bundled face supplies: the same answer as last time
        }
        // An emoji (an emoji-presentation base or an emoji sequence) is drawn from a colour emoji font
        // when one is installed and has the whole cluster, in either fallback order, as CoreText draws
        // emoji from Apple Color Emoji and Chromium asks Fontconfig for und-zsye. A single BMP
        // character a bundled font has keeps the bundled order (CJK text asks here per ideograph).
        if scalars != nil || bundledIndex == 0,
            CharacterClass.isEmojiPresentation(base) || scalars.map(Self.hasEmojiMarker) == true,
            let colour = catalog.fallbackFace(for: base, colourEmoji: true).map(FaceReference.init),
            scalars?.allSatisfy({ CharacterTable.needsNoGlyph($0.value) || colour.hasGlyph(for: $0.value) })
                ?? colour.hasGlyph(for: base)
        {
            return index(of: colour, bundledIndex: 0)
        }
        if primaryHasGlyph(uncovered) { return 0 }  // an emoji sequence the font covers, and no colour font
        guard
            let fallback = bundledIndex > 0
                ? FaceReference(bundled: bundledFaces[bundledIndex - 1])
                : lookUpFallback(uncovered)
        else { return 0 }
        let coversAll: Bool
        if let scalars {
            coversAll = scalars.allSatisfy { CharacterTable.needsNoGlyph($0.value) || fallback.hasGlyph(for: $0.value) }
        } else {
            coversAll = true  // the fallback was chosen for this very scalar
        }
        guard coversAll || (!primaryHasGlyph(base) && fallback.hasGlyph(for: base)) else { return 0 }
        return index(of: fallback, bundledIndex: bundledIndex)
    }

    /// VS16, a keycap or a skin tone among a cluster's scalars.
    static func hasEmojiMarker(_ scalars: Character.UnicodeScalarView) -> Bool {
        scalars.contains { $0.value == 0xFE0F || $0.value == 0x20E3 || $0.value &- 0x1F3FB < 5 }
    }

    /// `fallback`'s face index, added to the text's fallbacks when new (also for a styled run's own
    /// fallback, `restyle`).
    mutating func index(of fallback: FaceReference, bundledIndex: Int) -> Int {
        if let last = lastFallback, last.face.id == fallback.id {
            lastFallback = (fallback, bundledIndex, last.index)
            return last.index
        }
        let index: Int
        if let found = fallbacks.firstIndex(of: fallback) {
            index = found + 1
        } else {
            fallbacks.append(fallback)
            index = fallbacks.count
        }
        lastFallback = (fallback, bundledIndex, index)
        return index
    }

    /// A fallback the bundled table does not answer: the catalog's, in the font's order.
    func lookUpFallback(_ scalar: UInt32) -> FaceReference? {
        let face =
            fontconfigOrder ? catalog.fallbackFace(for: scalar, inOrderOf: primary) : catalog.fallbackFace(for: scalar)
        return face.map(FaceReference.init)
    }

}
