import Foundation

/// Where a prepared text's lines may end with a shown hyphen, and what the hyphen adds (rules H1–H9).
///
/// Width-independent, so found once while preparing: the positions after each soft hyphen (U+00AD, H1)
/// and, when the paragraph style's factor is above 0 and the language has a dictionary, the dictionary's
/// points inside candidate words (H5, H6). Each position carries the advance of the hyphen its line would
/// show (the face's U+2010, else "-", H2), so breaking stays integer arithmetic: a line ending at
/// position i is `width(start, i) + widths[i]` wide.
struct Hyphenation: Sendable, Equatable {
    /// Ascending UTF-16 offsets where a line may end with a hyphen.
    let positions: [Int32]
    /// The hyphen's advance at each position, in 1/1024 pt.
    let widths: [Int32]
    /// The character shown at each position: U+2010 or U+002D (H2).
    let hyphens: [UInt32]
    /// Whether each position is a dictionary point (taken only as the factor allows, H3) rather than an
    /// author's soft hyphen (always an opportunity, H1).
    let fromDictionary: [Bool]
    /// `ParagraphStyle`'s effective hyphenation factor in 1/1024 (0…1024).
    let factor: Int
    /// For each opportunity of the text (and one past the last), the index of the first position at or
    /// after it (`positions.count` for the last): width-independent, so the fast breaker finds a line
    /// end's hyphen and the next word's points without a search per line (issue 31).
    let firstAtBreak: [Int32]

    /// The index of `position` in `positions`, if a hyphen may end a line there.
    func index(of position: Int) -> Int? {
        var low = 0
        var high = positions.count
        while low < high {
            let mid = (low + high) / 2
            if Int(positions[mid]) < position { low = mid + 1 } else { high = mid }
        }
        return low < positions.count && Int(positions[low]) == position ? low : nil
    }

    /// The hyphen's advance when a line ends at `position`, 0 when no hyphen shows there.
    func extra(at position: Int) -> Int {
        index(of: position).map { Int(widths[$0]) } ?? 0
    }

    /// One past the index of the last position before `end`: the breaker walks down from there over the
    /// points of a word, furthest first, without building a list per line.
    func endIndex(before end: Int) -> Int {
        var low = 0
        var high = positions.count
        while low < high {
            let mid = (low + high) / 2
            if Int(positions[mid]) < end { low = mid + 1 } else { high = mid }
        }
        return low
    }
}

extension Hyphenation {
    /// The hyphenation of a prepared text, or nil when no line of it can end with a hyphen (no soft
    /// hyphen, and no dictionary point because the factor is 0, there is no language or no dictionary).
    /// - Parameters:
    ///   - units, breaks, segments: the prepared text's UTF-16 units, opportunities and shaped segments.
    ///   - hyphenFace: a segment's face and HarfBuzz scale (a styled run's own, S2).
    ///   - dictionary: the dictionary of the language at a UTF-16 offset, when `factor` > 0 (H6).
    static func make(
        units: UnsafeBufferPointer<UInt16>, breaks: UnsafeBufferPointer<Int32>,
        segments: UnsafeBufferPointer<PreparedText.Segment>,
        hyphenFace: (PreparedText.Segment) -> (Face, Int32), hasSoftHyphen: Bool,
        dictionary: (Int) -> HyphenDictionary?, factor: Int
    ) -> Hyphenation? {
        var points: [(position: Int, fromDictionary: Bool)] = []
        let breakSet = hasSoftHyphen ? Set(breaks.map(Int.init)) : []
        var wordStart = 0
        // The whitespace-delimited chunk the current token lies in, and whether it may be hyphenated:
        // ICU breaks after "/" and "-", so "example.com/documentation" and "well-known" are several
        // tokens, and the test (H7) is the whole chunk's. Found once per chunk: linear in the text.
        var chunk = 0..<0
        var chunkAllowed = false
        for opportunity in breaks.map(Int.init) + [units.count] where opportunity > wordStart {
            let token = wordStart..<opportunity
            wordStart = opportunity
            if hasSoftHyphen {
                // H1: after each soft hyphen ICU breaks at (UAX #14 BA), inside the text.
                for index in token where units[index] == 0xAD {
                    let after = index + 1
                    if after < units.count, breakSet.contains(after) { points.append((after, false)) }
                }
            }
            if factor > 0, let dictionary = dictionary(token.lowerBound) {
                if !chunk.contains(token.lowerBound) {
                    chunk = Self.chunk(around: token.lowerBound, units)
                    chunkAllowed = Self.mayHyphenate(units, chunk)
                }
                if chunkAllowed {
                    for point in dictionaryPoints(units, token, dictionary) { points.append((point, true)) }
                }
            }
        }
        guard !points.isEmpty else { return nil }
        points.sort { $0.position < $1.position }
        // The hyphen of the face its line ends in (H2), shaped once per face.
        var perFace: [String: (width: Int32, scalar: UInt32)] = [:]
        var widths: [Int32] = []
        var hyphens: [UInt32] = []
        widths.reserveCapacity(points.count)
        for point in points {
            let segmentIndex = Self.segmentIndex(before: point.position, segments)
            guard segmentIndex < segments.count else { return nil }  // not reached: a point follows text
            let (face, scale) = hyphenFace(segments[segmentIndex])
            let key = "\(ObjectIdentifier(face))|\(scale)"
            let shown: (width: Int32, scalar: UInt32)
            if let known = perFace[key] {
                shown = known
            } else {
                let scalar: UInt32 = face.hasGlyph(for: 0x2010) ? 0x2010 : 0x2D
                shown = (Int32(clamping: shapedWidth(UInt16(scalar), face, scale)), scalar)
                perFace[key] = shown
            }
            widths.append(shown.width)
            hyphens.append(shown.scalar)
        }
        let positions = points.map { Int32($0.position) }
        return Hyphenation(
            positions: positions, widths: widths, hyphens: hyphens,
            fromDictionary: points.map(\.fromDictionary), factor: factor,
            firstAtBreak: firstAtBreak(positions, breaks))
    }

    /// `firstAtBreak`: one merge walk over the ascending positions and opportunities.
    static func firstAtBreak(_ positions: [Int32], _ breaks: UnsafeBufferPointer<Int32>) -> [Int32] {
        var result: [Int32] = []
        result.reserveCapacity(breaks.count + 1)
        var index = 0
        for opportunity in breaks {
            while index < positions.count, positions[index] < opportunity { index += 1 }
            result.append(Int32(index))
        }
        result.append(Int32(positions.count))
        return result
    }

    /// The run of non-whitespace units around `position` (its start at or before, its end after).
    static func chunk(around position: Int, _ units: UnsafeBufferPointer<UInt16>) -> Range<Int> {
        func isWhitespace(_ unit: UInt16) -> Bool {
            unit == 0x20 || (0x09...0x0D).contains(unit) || unit == 0xA0 || unit == 0x3000 || unit == 0x2028
                || unit == 0x2029 || (0x2000...0x200A).contains(unit)
        }
        var start = position
        while start > 0, !isWhitespace(units[start - 1]) { start -= 1 }
        var end = position
        while end < units.count, !isWhitespace(units[end]) { end += 1 }
        return start..<max(end, position + 1)
    }

    /// H7: whether a whitespace-delimited chunk may take dictionary hyphens: not a URL or an e-mail
    /// address (`@`, `/`, `:`), no digit, no hyphen or soft hyphen (the author's hyphens win).
    static func mayHyphenate(_ units: UnsafeBufferPointer<UInt16>, _ chunk: Range<Int>) -> Bool {
        for index in chunk where index < units.count {
            switch units[index] {
            case 0x30...0x39, 0x40, 0x2F, 0x3A, 0x2D, 0x2010, 0x2011, 0xAD, 0x5F: return false
            default: continue
            }
        }
        return true
    }

    /// The index of the segment holding the unit before `position`.
    private static func segmentIndex(before position: Int, _ segments: UnsafeBufferPointer<PreparedText.Segment>) -> Int {
        var low = 0
        var high = segments.count
        while low < high {
            let mid = (low + high) / 2
            if Int(segments[mid].end) < position { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// One character's advance in `face` at `scale`, 1/1024 pt.
    static func shapedWidth(_ unit: UInt16, _ face: Face, _ scale: Int32) -> Int {
        var unit = unit
        var advance: Int32 = 0
        var flag: UInt8 = 0
        return withUnsafePointer(to: &unit) { pointer in
            _ = SegmentShaper.shape(
                UnsafeBufferPointer(start: pointer, count: 1), face: face, scale: scale, script: 0,
                advances: &advance, flags: &flag)
            return Int(advance)
        }
    }

    /// The dictionary's points in the word of `token` (the text between two opportunities), as UTF-16
    /// offsets; none when the token is not a plain word (H7): a URL or e-mail address (`@`, `/`, `:`, a
    /// `.` inside), a word with a digit, a hyphen or a soft hyphen, or a word too short for the
    /// dictionary's LEFTHYPHENMIN + RIGHTHYPHENMIN (H5).
    static func dictionaryPoints(
        _ units: UnsafeBufferPointer<UInt16>, _ token: Range<Int>,
        _ dictionary: HyphenDictionary
    ) -> [Int] {
        let length = token.count
        guard length > dictionary.leftMin + dictionary.rightMin else { return [] }
        // Scalars with their UTF-16 offsets.
        // (Invalid UTF-16 decodes one U+FFFD per bad unit, as `String` repairs it: offsets stay aligned.)
        var scalars: [(scalar: Unicode.Scalar, offset: Int)] = []
        var offset = token.lowerBound
        for scalar in String(decoding: units[token], as: UTF16.self).unicodeScalars {
            scalars.append((scalar, offset))
            offset += scalar.utf16.count
        }
        func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .otherLetter, .modifierLetter,
                .nonspacingMark, .spacingMark, .enclosingMark:
                return true
            default: return false
            }
        }
        for (scalar, _) in scalars {
            switch scalar.value {
            case 0x40, 0x2F, 0x3A, 0x2D, 0x2010, 0x2011, 0xAD, 0x5F: return []  // @ / : - ‐ ‑ SHY _
            default: if scalar.properties.numericType != nil { return [] }
            }
        }
        guard let first = scalars.firstIndex(where: { isWordScalar($0.scalar) }),
            let last = scalars.lastIndex(where: { isWordScalar($0.scalar) })
        else { return [] }
        let core = scalars[first...last]
        guard core.allSatisfy({ isWordScalar($0.scalar) }) else { return [] }  // "example.com", "l'été"
        guard core.count > dictionary.leftMin + dictionary.rightMin else { return [] }
        // The patterns are lowercase; a scalar whose lowercase is several scalars stays as it is.
        let lower = core.map { entry -> Unicode.Scalar in
            let mapping = entry.scalar.properties.lowercaseMapping.unicodeScalars
            guard mapping.count == 1, let only = mapping.first else { return entry.scalar }
            return only
        }
        let coreOffsets = core.map(\.offset)
        return dictionary.points(lower).map { coreOffsets[$0] }
    }
}

extension HyphenDictionary {
    /// `points(_:)` for a word given as a string (tests and tools).
    func points(_ word: String) -> [Int] { points(Array(word.lowercased().unicodeScalars)) }
}
