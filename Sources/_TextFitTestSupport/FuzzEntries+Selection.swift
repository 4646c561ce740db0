import Foundation
import TextFit

extension _FuzzEntries {
    /// Range rects, carets and hit testing (rules R1–R7) on a layout decoded from fuzz bytes.
    ///
    /// Byte layout: 0–1 a range start and 2–3 its length (little-endian; start past the text and lengths
    /// reaching past it are kept, to exercise the errors); 4–5 x and 6–7 y as Int16 / 8 pt, where
    /// 0x7FFF is NaN, 0x7FFE +∞ and -0x8000 −∞; the rest is a `decodeMeasureInput` request (text, font,
    /// width, lines, mode). Invariants: a range inside the text gives finite rects on existing lines, one
    /// outside is `rangeOutOfBounds`; every caret of the text is a finite rect, the same for an offset
    /// and its cluster's start (R6); `closestPosition(to:)` is in the text and its caret on a line; the
    /// word around it holds it.
    public static func selection(_ bytes: [UInt8]) -> [String] {
        var reader = ByteReader(bytes: bytes)
        func word() -> Int { Int(reader.next()) | Int(reader.next()) << 8 }
        func coordinate() -> CGFloat {
            let raw = Int16(truncatingIfNeeded: word())
            switch raw {
            case 0x7FFF: return .nan
            case 0x7FFE: return .infinity
            case Int16.min: return -.infinity
            default: return CGFloat(raw) / 8
            }
        }
        let start = word()
        let length = word()
        let point = CGPoint(x: coordinate(), y: coordinate())
        let input = decodeMeasureInput(Array(bytes.dropFirst(8)))
        guard input.size.isFinite, input.size > 0, input.size < 100_000, input.maxLines >= 0,
            input.width.map({ !$0.isNaN && $0 >= 0 }) ?? true, input.units.count <= 2000
        else { return [] }
        let families: [(String, Font.Weight)] = [
            ("Noto Sans", .regular), ("Noto Sans", .bold), ("Droid Sans Fallback", .regular),
        ]
        let (family, weight) = families[input.fontChoice % families.count]
        guard let font = try? Font(family: family, size: input.size, weight: weight),
            let layout = try? PreparedText(utf16: input.units, font: font)
                .layout(width: input.width, numberOfLines: input.maxLines, lineBreakMode: input.mode)
        else { return [] }
        var problems: [String] = []
        let count = input.units.count
        let range = start..<(start + length)
        do {
            let rects = try layout.rects(for: range)
            if range.upperBound > count { problems.append("range \(range) past \(count) units was accepted") }
            for piece in rects
            where
                !(piece.rect.minX.isFinite && piece.rect.width >= 0 && piece.rect.height >= 0
                && (0..<layout.lineCount).contains(piece.lineIndex))
            {
                problems.append("rect \(piece) for \(range)")
            }
        } catch let error as TextRangeError {
            if range.upperBound <= count || error != .rangeOutOfBounds(start: start, end: start + length, length: count) {
                problems.append("range \(range) of \(count) units: \(error)")
            }
        } catch {
            problems.append("unexpected error \(error)")
        }
        for offset in 0...min(count, 300) {
            guard let rect = try? layout.caretRect(for: offset) else {
                problems.append("caret \(offset) of \(count) units threw")
                continue
            }
            if !(rect.minX.isFinite && rect.minY.isFinite) { problems.append("caret \(offset): \(rect)") }
        }
        let position = layout.closestPosition(to: point)
        if !(0...count).contains(position.offset) {
            problems.append("point \(point) hit \(position.offset) outside \(count) units")
        } else if let word = try? layout.wordRange(at: position.offset),
            !(word.contains(position.offset) || word.upperBound == position.offset || word.isEmpty && count == 0)
        {
            problems.append("word \(word) does not hold \(position.offset)")
        }
        return problems
    }
}
