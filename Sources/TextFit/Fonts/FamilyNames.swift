import Foundation

extension Font {
    /// The generic family names `Font(family:size:)` resolves through Fontconfig's configuration (rule F8):
    /// CSS's generic families, which Fontconfig's default configuration aliases to installed families, and
    /// its own short spellings `sans` and `mono`.
    ///
    /// ```swift
    /// Font.genericFamilyNames.contains("sans-serif")       // true
    /// try Font(family: "serif", size: 17).familyName       // e.g. "Noto Serif" or "DejaVu Serif"
    /// ```
    public static let genericFamilyNames: Set<String> = [
        "sans-serif", "serif", "monospace", "system-ui", "cursive", "fantasy", "emoji", "sans", "mono",
    ]

    /// Every family `Font(family:size:)` can load by name, sorted: the bundled families and the families of
    /// the scalable fonts Fontconfig knows, as `UIFont.familyNames` lists the device's. The list is read
    /// once per process.
    ///
    /// ```swift
    /// Font.familyNames.contains("Noto Sans")     // true: bundled
    /// ```
    public static var familyNames: [String] { InstalledFamilies.names }
}

/// The installed family names, read from Fontconfig once (a font installed later is still loaded by
/// name; only the list and the suggestions miss it), and the suggestions an unknown family gets.
enum InstalledFamilies {
    static let names: [String] = {
        var seen = Set<String>()
        let all = BundledFonts.familyNames + (FontCatalog.shared.fontconfig?.familyNames() ?? [])
        return all.filter { seen.insert($0.lowercased()).inserted }
            .sorted { $0.localizedStandardCompare($1) == .orderedAscending }
    }()

    /// Up to `limit` families whose names are near `family`, best first: the same name written another
    /// way (case, spaces, hyphens: "notosans"), then names it starts or that start it ("Liberation" →
    /// "Liberation Sans"; "Noto Sans Regular" → "Noto Sans"), then names within a few edits ("Liberation
    /// Sanz"), a fifth of the name's length at most, one to two. Generic names are candidates
    /// too. Empty for a name under three letters, which would be near everything.
    static func suggestions(for family: String, among candidates: [String]? = nil, limit: Int = 3) -> [String] {
        let wanted = normalized(family)
        guard wanted.count >= 3 else { return [] }
        let pool = (candidates ?? names) + Font.genericFamilyNames.sorted()
        // Few edits: "Liberation Sanz" is one from Liberation Sans, three from Liberation Mono.
        let allowed = max(1, min(2, wanted.count / 5))
        var scored: [(name: String, score: Int)] = []
        var seen = Set<String>()
        for name in pool where seen.insert(name.lowercased()).inserted {
            let candidate = normalized(name)
            guard !candidate.isEmpty else { continue }
            let score: Int
            if candidate == wanted {
                score = 0
            } else if candidate.hasPrefix(wanted) || (candidate.count >= 4 && wanted.hasPrefix(candidate)) {
                score = 1 + abs(candidate.count - wanted.count) / 64  // a prefix beats any edit
            } else {
                // Only names of about the same length can be within `allowed` edits.
                guard abs(candidate.count - wanted.count) <= allowed else { continue }
                let distance = editDistance(Array(wanted), Array(candidate), limit: allowed)
                guard distance <= allowed else { continue }
                score = 10 + distance
            }
            scored.append((name, score))
        }
        return scored.sorted { ($0.score, $0.name) < ($1.score, $1.name) }.prefix(limit).map(\.name)
    }

    /// Lowercased, without spaces, hyphens and underscores: how a family name is mistyped most.
    private static func normalized(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { $0 != " " && $0 != "-" && $0 != "_" }.map(Character.init))
    }

    /// Levenshtein distance, or `limit + 1` as soon as every path exceeds `limit`.
    private static func editDistance(_ a: [Character], _ b: [Character], limit: Int) -> Int {
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = i
            for j in 1...b.count {
                current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                rowMinimum = Swift.min(rowMinimum, current[j])
            }
            if rowMinimum > limit { return limit + 1 }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
