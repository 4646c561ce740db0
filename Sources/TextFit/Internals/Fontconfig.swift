import CTextFit

/// The door to Fontconfig: family matching and per-character fallback, serialised by a mutex
/// (Fontconfig configurations are not documented as thread-safe).
final class Fontconfig: Sendable {
    /// The configuration, reachable only while holding its lock.
    private let config: Locked<OpaquePointer>

    struct Match: Sendable, Hashable {
        var path: String
        var faceIndex: Int
        var family: String
    }

    init?(appFontDirectory: String?) {
        guard let config = tf_fontconfig_create(appFontDirectory) else { return nil }
        self.config = Locked(config)
    }

    deinit { config.withLock { tf_fontconfig_destroy($0) } }

    /// The font Fontconfig matches for `family` at OpenType `weight` (100–900) and slant, or nil when it
    /// only has a substitute of another family. Fontconfig ranks slant above weight, so an italic request
    /// of a family with italics but not at that weight gets the nearest italic.
    /// With `generic`, `family` is a generic name (`sans-serif`, ...) and the family the configuration's
    /// aliases resolve it to is the answer, whatever its name.
    func match(family: String, weight: Double, italic: Bool, generic: Bool = false) -> Match? {
        var match = tf_font_match()
        let found = config.withLock { config in
            tf_fontconfig_match_family(
                config, family, weight, italic ? Self.italicSlant : Self.romanSlant,
                generic ? 1 : 0, &match)
        }
        return found == 1 ? Self.convert(&match) : nil
    }

    /// The family names of every scalable font the configuration knows (the bundled ones included),
    /// once each, in Fontconfig's order; empty when it cannot list them.
    func familyNames() -> [String] {
        guard let list = config.withLock({ tf_fontconfig_family_names($0) }) else { return [] }
        defer { tf_string_free(list) }
        var seen = Set<String>()
        return String(cString: list).split(separator: "\n").map(String.init).filter { seen.insert($0).inserted }
    }

    /// The best font covering `scalar`, preferring `family`; with `emoji`, the best colour font only.
    func match(covering scalar: UInt32, preferring family: String?, emoji: Bool = false) -> Match? {
        var match = tf_font_match()
        let found = config.withLock { config in
            tf_fontconfig_match_codepoint(config, scalar, family, emoji ? 1 : 0, &match)
        }
        return found == 1 ? Self.convert(&match) : nil
    }

    /// The system's fonts in the order Fontconfig sorts them for `family` at OpenType `weight` and slant
    /// (its fallback list for that font, the list Pango and Chromium walk); nil when Fontconfig has no
    /// system fonts.
    func sortedFonts(family: String, weight: Double, italic: Bool) -> SortedFonts? {
        let chain = config.withLock { config in
            tf_fontconfig_sort(config, family, weight, italic ? Self.italicSlant : Self.romanSlant)
        }
        return chain.map(SortedFonts.init)
    }

    /// A sorted font list, immutable once made (so read without the configuration's lock).
    final class SortedFonts: @unchecked Sendable {  // immutable C data: the sorted set is never written
        private let chain: OpaquePointer

        fileprivate init(_ chain: OpaquePointer) { self.chain = chain }
        deinit { tf_font_chain_destroy(chain) }

        var count: Int { Int(tf_font_chain_count(chain)) }

        /// The index of the first font from `start` on that Fontconfig says covers `scalar`.
        func firstIndex(covering scalar: UInt32, from start: Int = 0) -> Int? {
            let found = tf_font_chain_find(chain, scalar, Int32(clamping: start))
            return found >= 0 ? Int(found) : nil
        }

        func match(at index: Int) -> Match? {
            var match = tf_font_match()
            return tf_font_chain_get(chain, Int32(clamping: index), &match) == 1 ? Fontconfig.convert(&match) : nil
        }
    }

    /// FC_SLANT_ROMAN and FC_SLANT_ITALIC.
    private static let romanSlant: Int32 = 0
    private static let italicSlant: Int32 = 100

    fileprivate static func convert(_ match: inout tf_font_match) -> Match {
        let path = CString.decode(match.path)
        let family = CString.decode(match.family)
        return Match(path: path, faceIndex: Int(match.face_index), family: family)
    }
}
