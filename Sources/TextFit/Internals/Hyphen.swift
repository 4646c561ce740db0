import CTextFit
import Foundation

/// libhyphen's door: one loaded `hyph_*.dic` dictionary (LibreOffice's patterns, Debian's `hyphen-*`
/// packages) and the standard hyphenation points it gives a word (rule H5).
///
/// Immutable once loaded (libhyphen only reads its pattern tables while hyphenating), so one dictionary
/// serves every thread; the points of each word are cached per dictionary, like shaped segments.
final class HyphenDictionary: @unchecked Sendable {
    // @unchecked: `handle` is written once in init; libhyphen's hyphenate reads it only.
    private let handle: OpaquePointer
    /// The dictionary's patterns are UTF-8 (else ISO 8859-1, as the German, Dutch and Portuguese ones are).
    let isUTF8: Bool
    /// LEFTHYPHENMIN and RIGHTHYPHENMIN, at least 2 each (LibreOffice's defaults when a file gives none).
    let leftMin: Int
    let rightMin: Int
    /// The file it was loaded from.
    let path: String
    /// Points per lowercase word, at most `cacheLimit` words (then emptied: a cache, not a store).
    private let cache = Locked<[String: [Int]]>([:])
    static let cacheLimit = 20_000

    /// Loads `path`; nil when it is missing or not a dictionary.
    init?(path: String) {
        guard !path.contains("\0"), let handle = tf_hyphen_load(path) else { return nil }
        self.handle = handle
        self.path = path
        isUTF8 = tf_hyphen_is_utf8(handle) != 0
        leftMin = max(2, Int(tf_hyphen_left_min(handle)))
        rightMin = max(2, Int(tf_hyphen_right_min(handle)))
    }

    deinit { tf_hyphen_free(handle) }

    /// The hyphenation points of `word` (lowercase Unicode scalars, letters only): the scalar counts
    /// after which a hyphen may break it, ascending, each ≥ `leftMin` and ≤ count − `rightMin`. Empty for
    /// a word the dictionary's encoding cannot spell or libhyphen refuses.
    func points(_ word: [Unicode.Scalar]) -> [Int] {
        guard word.count > leftMin + rightMin else { return [] }
        let key = String(String.UnicodeScalarView(word))
        if let cached = cache.withLock({ $0[key] }) { return cached }
        let found = computePoints(word)
        cache.withLock { cache in
            if cache.count >= Self.cacheLimit { cache.removeAll(keepingCapacity: true) }
            cache[key] = found
        }
        return found
    }

    private func computePoints(_ word: [Unicode.Scalar]) -> [Int] {
        // The word in the dictionary's encoding, and for each byte the scalar it belongs to.
        var bytes: [CChar] = []
        var scalarOfByte: [Int] = []
        for (index, scalar) in word.enumerated() {
            if isUTF8 {
                for byte in String(scalar).utf8 {
                    bytes.append(CChar(bitPattern: byte))
                    scalarOfByte.append(index)
                }
            } else {
                guard scalar.value <= 0xFF else { return [] }  // not spellable in ISO 8859-1
                bytes.append(CChar(bitPattern: UInt8(scalar.value)))
                scalarOfByte.append(index)
            }
        }
        var marks = [UInt8](repeating: 0, count: bytes.count)
        let status = tf_hyphen_points(handle, bytes, Int32(bytes.count), Int32(leftMin), Int32(rightMin), &marks)
        guard status == 0 else { return [] }
        var points: [Int] = []
        for (byte, mark) in marks.enumerated() where mark != 0 {
            // A mark after the last byte of a scalar: a hyphen after scalar `index`, so `index + 1` scalars before it.
            let index = scalarOfByte[byte]
            let isLastByte = byte + 1 == bytes.count || scalarOfByte[byte + 1] != index
            let after = index + 1
            if isLastByte, after >= leftMin, after <= word.count - rightMin { points.append(after) }
        }
        return points
    }
}

/// The dictionaries under `/usr/share/hyphen`, looked up by BCP 47 language tag (H6), each loaded once.
enum HyphenDictionaries {
    /// Where Debian's `hyphen-*` packages put the patterns.
    static let directory = "/usr/share/hyphen"
    /// Loaded dictionaries by file name, and tags that found none (nil), so a miss is not looked up again.
    private static let loaded = Locked<[String: HyphenDictionary?]>([:])

    /// The dictionary for `language` (`en-US`, `en`, `de-CH`, `pt_BR`, `sr-Latn-RS`…), or nil when none is
    /// installed: tried in order `hyph_<lang>_<REGION>.dic`, `hyph_<lang>.dic`, the language's usual
    /// region (`sv` → `hyph_sv_SE.dic`, `pl` → `hyph_pl_PL.dic`), then any `hyph_<lang>_*.dic` in name order.
    static func dictionary(for language: String, directory: String = directory) -> HyphenDictionary? {
        let key = directory + "|" + language
        if let known = loaded.withLock({ $0[key] }) { return known }
        var found: HyphenDictionary?
        for name in fileNames(for: language, directory: directory) {
            if let dictionary = HyphenDictionary(path: directory + "/" + name) {
                found = dictionary
                break
            }
        }
        let result = found
        loaded.withLock { $0[key] = result }
        return result
    }

    /// The file names `dictionary(for:)` tries for `language`, in order, among those present.
    static func fileNames(for language: String, directory: String) -> [String] {
        let parts = language.replacingOccurrences(of: "_", with: "-").split(separator: "-").map(String.init)
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            return []
        }
        let lang = first.lowercased()
        // A region is two letters or three digits; a script (four letters) is skipped.
        let region = parts.dropFirst().first { $0.count == 2 || ($0.count == 3 && $0.allSatisfy(\.isNumber)) }?.uppercased()
        let present = Set((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
        var names: [String] = []
        if let region { names.append("hyph_\(lang)_\(region).dic") }
        names.append("hyph_\(lang).dic")
        // A preferred region when the language has no plain file: the language's "home" region first
        // (sv → SE, pl → PL, ru → RU), then any.
        names.append("hyph_\(lang)_\(lang.uppercased()).dic")
        let defaults = ["sv": "SE", "en": "US", "pt": "PT", "da": "DK", "el": "GR", "uk": "UA", "cs": "CZ", "sl": "SI"]
        if let home = defaults[lang] { names.append("hyph_\(lang)_\(home).dic") }
        names += present.filter { $0.hasPrefix("hyph_\(lang)_") && $0.hasSuffix(".dic") }.sorted()
        var seen = Set<String>()
        return names.filter { present.contains($0) && seen.insert($0).inserted }
    }
}
