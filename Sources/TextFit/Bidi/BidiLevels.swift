/// The UAX #9 embedding levels of a text, per UTF-16 unit, paragraph by paragraph (rule W1's paragraphs),
/// resolved by ICU's bidi algorithm: what decides the visual order of each line.
///
/// An even level runs left to right, an odd one right to left. Levels are those of the text taken as one
/// line per paragraph (rule L1 applied at each paragraph's end); `visualOrder(of:)` applies L1 at the end
/// of any other line and reorders it (L2).
///
/// ```swift
/// let bidi = BidiLevels("car \u{5D0}\u{5D1}\u{5D2} 12")
/// bidi.direction            // .leftToRight (first strong character: "c")
/// bidi.levels               // [0, 0, 0, 0, 1, 1, 1, 1, 2, 2]: the digits follow the Hebrew (W7, N1, I1)
/// bidi.visualOrder(of: 0..<10)  // [0, 1, 2, 3, 8, 9, 7, 6, 5, 4]: "car 12 גבא"
/// ```
public struct BidiLevels: Sendable, Equatable {
    /// One level per UTF-16 unit. A character rule X9 removes (embedding controls, boundary neutrals) has
    /// its neighbour's level; `isRemovedByX9(at:)` tells them apart.
    public let levels: [UInt8]
    /// Each paragraph's UTF-16 range (its separator included) and level (0 or 1), in order.
    public let paragraphs: [(range: Range<Int>, level: UInt8)]
    let units: [UInt16]

    /// Resolves `text`'s levels with `baseWritingDirection` for every paragraph (`.natural`: each from
    /// its first strong character, P2–P3).
    public init(_ text: String, baseWritingDirection: WritingDirection = .natural) {
        self.init(utf16: Array(text.utf16), baseWritingDirection: baseWritingDirection)
    }

    /// Resolves the levels of text given as UTF-16 units (an unpaired surrogate counts as U+FFFD, class L...
    /// ICU reads it as a code point of class L too).
    public init(utf16 units: [UInt16], baseWritingDirection: WritingDirection = .natural) {
        self.units = units
        var levels = [UInt8](repeating: 0, count: units.count)
        var paragraphs: [(range: Range<Int>, level: UInt8)] = []
        units.withUnsafeBufferPointer { text in
            levels.withUnsafeMutableBufferPointer { out in
                for paragraph in Paragraphs.split(text) {
                    let range = paragraph.start..<(paragraph.end + paragraph.separatorLength)
                    let slice = UnsafeBufferPointer(rebasing: text[range])
                    let target = UnsafeMutableBufferPointer(rebasing: out[range])
                    // A paragraph of one direction has the paragraph level throughout, as ICU answers it;
                    // one of both with nothing explicit in it takes the implicit rules alone (ICU's answers).
                    if let scan = Self.scanDirection(slice, direction: baseWritingDirection),
                        scan.isUniform || Self.implicitLevels(slice, level: scan.level, into: target)
                    {
                        if scan.isUniform { target.update(repeating: scan.level) }
                        paragraphs.append((range, scan.level))
                        continue
                    }
                    // ICU fails only without memory; the text then stays at the requested direction's level.
                    let fallback: UInt8 = baseWritingDirection == .rightToLeft ? 1 : 0
                    let level =
                        ICUBidi.levels(slice, direction: baseWritingDirection, into: target)
                        ?? {
                            target.update(repeating: fallback)
                            return fallback
                        }()
                    paragraphs.append((range, level))
                }
            }
        }
        if paragraphs.isEmpty { paragraphs = [(0..<0, baseWritingDirection == .rightToLeft ? 1 : 0)] }
        self.levels = levels
        self.paragraphs = paragraphs
    }

    public static func == (a: BidiLevels, b: BidiLevels) -> Bool {
        a.levels == b.levels && a.units == b.units && a.paragraphs.elementsEqual(b.paragraphs) { $0 == $1 }
    }

    /// The resolved direction of the first paragraph (`.leftToRight` or `.rightToLeft`).
    public var direction: WritingDirection { Self.direction(ofLevel: paragraphs[0].level) }

    /// The resolved direction of the paragraph holding UTF-16 offset `offset` (the last one past the end).
    public func direction(at offset: Int) -> WritingDirection { Self.direction(ofLevel: paragraphLevel(at: offset)) }

    static func direction(ofLevel level: UInt8) -> WritingDirection { level & 1 == 1 ? .rightToLeft : .leftToRight }

    func paragraphLevel(at offset: Int) -> UInt8 {
        let index = partitionPoint(from: 0, to: paragraphs.count) { paragraphs[$0].range.upperBound > offset }
        return paragraphs[min(index, paragraphs.count - 1)].level
    }

    /// Whether rule X9 removes the character at `offset` (it has no level of its own and is not reordered).
    public func isRemovedByX9(at offset: Int) -> Bool { bidiClass(at: offset).isRemovedByX9 }

    /// The UTF-16 offsets of `range`'s units, taken as one line, in visual order from left to right (L1 at
    /// the line's end, then L2), the characters X9 removes left out. Both units of a surrogate pair are
    /// listed, in the order of their run.
    public func visualOrder(of range: Range<Int>) -> [Int] {
        let lineLevels = self.lineLevels(of: range)
        var kept: [(offset: Int, level: UInt8)] = []
        for offset in range where !isRemovedByX9(at: offset) { kept.append((offset, lineLevels[offset - range.lowerBound])) }
        var order = kept.map(\.offset)
        Self.reverseRuns(count: kept.count, level: { kept[$0].level }) { order[$0].reverse() }
        return order
    }

    /// The levels of `range` taken as one line: L1 resets the whitespace and isolate controls at its end
    /// (and the X9-removed characters among them) to the paragraph level.
    public func lineLevels(of range: Range<Int>) -> [UInt8] {
        var result = Array(levels[range])
        guard !range.isEmpty else { return result }
        let paragraph = paragraphLevel(at: range.lowerBound)
        var offset = range.upperBound
        while offset > range.lowerBound {
            let c = bidiClass(at: offset - 1)
            guard c.isResetAtLineEnd || c.isRemovedByX9 || c == .paragraphSeparator || c == .segmentSeparator else { break }
            result[offset - 1 - range.lowerBound] = paragraph
            offset -= 1
        }
        return result
    }

    /// The class of the unit at `offset` (a surrogate pair's two units: the pair's scalar's).
    func bidiClass(at offset: Int) -> BidiClass {
        let unit = units[offset]
        var scalar = UInt32(unit)
        if UTF16.isLeadSurrogate(unit), offset + 1 < units.count, UTF16.isTrailSurrogate(units[offset + 1]) {
            scalar = UTF16.scalarValue(lead: unit, trail: units[offset + 1])
        } else if UTF16.isTrailSurrogate(unit), offset > 0, UTF16.isLeadSurrogate(units[offset - 1]) {
            scalar = UTF16.scalarValue(lead: units[offset - 1], trail: unit)
        } else if UTF16.isLeadSurrogate(unit) || UTF16.isTrailSurrogate(unit) {
            scalar = 0xFFFD
        }
        return ICUBidi.bidiClass(scalar)
    }

    /// Rule L2 on `count` items with levels `level(i)`: from the highest level down to the lowest odd one,
    /// reverses every maximal run of items at that level or higher, calling `reverse` with each run's index
    /// range (the caller reverses its own arrays).
    static func reverseRuns(count: Int, level: (Int) -> UInt8, reverse: (Range<Int>) -> Void) {
        guard count > 0 else { return }
        var highest: UInt8 = 0
        var lowestOdd = UInt8.max
        for i in 0..<count {
            let l = level(i)
            highest = max(highest, l)
            if l & 1 == 1 { lowestOdd = min(lowestOdd, l) }
        }
        guard lowestOdd != UInt8.max else { return }
        // Reversal permutes positions; the levels travel with them, so track them in visual order.
        var levels = (0..<count).map(level)
        var current = highest
        while current >= lowestOdd {
            var i = 0
            while i < count {
                guard levels[i] >= current else { i += 1; continue }
                var end = i + 1
                while end < count, levels[end] >= current { end += 1 }
                reverse(i..<end)
                levels[i..<end].reverse()
                i = end
            }
            if current == 0 { break }
            current -= 1
        }
    }

    /// Whether a text needs its levels resolved: with a natural or left-to-right base direction and no
    /// right-to-left letter, Arabic digit or explicit control, every level is 0 and nothing is reordered.
    /// Only units in `mayNeedResolution`'s blocks are asked of ICU, so Latin, Cyrillic, CJK and emoji text
    /// is answered by a comparison or two per unit (every text is checked once while it is prepared).
    static func needsResolution(_ units: UnsafeBufferPointer<UInt16>, baseWritingDirection: WritingDirection) -> Bool {
        if baseWritingDirection == .rightToLeft { return true }
        var i = 0
        let count = units.count
        while i < count {
            guard mayNeedResolution(units[i]) else {
                i += 1
                continue
            }
            if ICUBidi.bidiClass(UTF16.nextScalar(in: units, at: &i)).needsResolution { return true }
        }
        return false
    }

    /// False for a UTF-16 unit whose character (or, for a lead surrogate, any character it starts) is
    /// never right-to-left, an Arabic number or an explicit control: all of those lie in the blocks
    /// Unicode gives a right-to-left default (DerivedBidiClass.txt: U+0590–U+08FF, U+FB1D–U+FDFF,
    /// U+FE70–U+FEFF, U+10800–U+10FFF, U+1E800–U+1EFFF) or among the format characters U+200F,
    /// U+202A–U+202E and U+2066–U+2069. A test checks every scalar against ICU.
    @inline(__always)
    static func mayNeedResolution(_ unit: UInt16) -> Bool {
        if unit < 0x0590 { return false }
        if unit <= 0x08FF { return true }
        if unit < 0x200F { return false }
        if unit <= 0x2069 { return unit == 0x200F || (0x202A...0x202E).contains(unit) || unit >= 0x2066 }
        if unit < 0xD802 { return false }
        if unit <= 0xD803 { return true }  // U+10800–U+10FFF
        if unit < 0xD83A { return false }
        if unit <= 0xD83B { return true }  // U+1E800–U+1EFFF
        return unit >= 0xFB1D && unit <= 0xFEFF && !(0xFE00...0xFE6F).contains(unit)
    }
}
