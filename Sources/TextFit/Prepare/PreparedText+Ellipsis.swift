import Foundation

/// Rule S7: the "…" of a truncated styled line takes the attributes of the last visible character (its
/// font and size, colour and baseline offset; not its kern, as the token is no character of the string).
/// Measuring and drawing both ask here, so the "…" drawn is the one measured. A plain text has one "…"
/// (`ellipsisWidth`) and never comes here.
extension PreparedText {
    /// The offset whose style the "…" takes: for a tail or middle ellipsis the last character before it
    /// (the line's start when nothing shows before it); for a head ellipsis the first character after it.
    static func ellipsisStylePosition(_ placement: EllipsisPlacement, visible: Range<Int>) -> Int {
        switch placement {
        case .head: return visible.lowerBound
        case .tail, .middle: return visible.isEmpty ? visible.lowerBound : visible.upperBound - 1
        }
    }

    /// The style index of the "…" (0 for plain text).
    func ellipsisStyle(_ placement: EllipsisPlacement, visible: Range<Int>) -> UInt16 {
        guard let styling else { return 0 }
        return styling.runStyles[styling.runIndex(containing: Self.ellipsisStylePosition(placement, visible: visible))]
    }

    /// The "…"'s advance in 1/1024 pt for a line showing `visible` with the ellipsis at `placement`.
    func ellipsisWidth(_ placement: EllipsisPlacement, visible: Range<Int>) -> Int {
        // A custom token has its own style, whatever the line's (T8): `ellipsisWidth` holds its width.
        guard let styling, truncationTokenShape == nil else { return ellipsisWidth }
        return styling.ellipsisWidthTable()[Int(ellipsisStyle(placement, visible: visible))]
    }

    /// The "…" shaped in `font` (or the fallback face that has it, T1), in 1/1024 pt.
    /// Kept per sized font (`HarfBuzzFont.ellipsisWidthMemo` of the face it is shaped in), so each text
    /// that truncates reads it once instead of shaping it through the segment cache.
    static func shapedEllipsisWidth(_ font: Font) -> Int {
        let scale = font.scale
        let face = ellipsisFace(for: font)
        let sized = FontCatalog.shared.harfBuzzFont(face: face, scale: scale)
        if let known = sized?.ellipsisWidthMemo.load(ordering: .relaxed), known != Int.min { return known }
        var unit: UInt16 = 0x2026
        var advance: Int32 = 0
        var flag: UInt8 = 0
        let result = withUnsafePointer(to: &unit) { pointer in
            SegmentShaper.shape(
                UnsafeBufferPointer(start: pointer, count: 1), face: face, scale: scale, script: 0,
                advances: &advance, flags: &flag)
        }
        // Only a shaped answer is kept (a font that could not be made answers 0 and is asked again).
        if result == .advancesOnly || result == .advancesAndFlags {
            sized?.ellipsisWidthMemo.store(Int(advance), ordering: .relaxed)
        }
        return Int(advance)
    }
}

extension Styling {
    /// Each style's "…" advance in 1/1024 pt (S7), shaped on the first truncation and kept: most texts are
    /// never truncated. A race shapes the same values twice.
    func ellipsisWidths() -> [Int] { Array(UnsafeBufferPointer(start: ellipsisWidthTable(), count: styles.count)) }

    /// `ellipsisWidths()` in place, then their narrowest at `styles.count`: read with one atomic load
    /// once known (behind a lock, with its exclusivity check, each styled cut line paid about 150
    /// instructions, callgrind).
    @inline(__always)
    func ellipsisWidthTable() -> UnsafePointer<Int> {
        if let known = UnsafePointer<Int>(bitPattern: ellipsisWidthMemo.load(ordering: .acquiring)) { return known }
        return storeEllipsisWidths()
    }

    @inline(never)
    private func storeEllipsisWidths() -> UnsafePointer<Int> {
        let widths = styles.map { PreparedText.shapedEllipsisWidth($0.font) }
        let table = UnsafeMutablePointer<Int>.allocate(capacity: widths.count + 1)
        table.initialize(from: widths, count: widths.count)
        (table + widths.count).initialize(to: widths.min() ?? 0)
        let (stored, original) = ellipsisWidthMemo.compareExchange(
            expected: 0, desired: UInt(bitPattern: table),
            ordering: .acquiringAndReleasing)
        guard !stored, let known = UnsafePointer<Int>(bitPattern: original) else { return UnsafePointer(table) }
        table.deallocate()
        return known
    }

    /// The narrowest of the styles' "…" (S7): below the widest, a cut line's budget depends on where it ends.
    var narrowestEllipsisWidth: Int { ellipsisWidthTable()[styles.count] }
}
