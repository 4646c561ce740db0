/// The checks a face's metrics pass before TextFit measures with it: a damaged font file can still open
/// in FreeType and HarfBuzz and hand back nonsense (a line measured at −472 pt), and every size TextFit
/// reports is a product of these numbers.
extension FaceMetrics {
    /// The units-per-em range OpenType allows (head table); HarfBuzz would silently use 1000 outside it.
    static let unitsPerEmRange: ClosedRange<Int32> = 16...16384

    /// How far from the baseline, in em, a vertical metric may reach: twice the tallest real line boxes
    /// (math fonts and stacked scripts such as Tibetan reach 2–3 em), so only damage is refused. Each
    /// metric is an int16 in the file, so the check also keeps a line height far from any overflow.
    static let verticalLimitEms: Int32 = 8

    /// Why these metrics cannot be measured with, or nil when they are sane: units per em within
    /// `unitsPerEmRange`; ascender, cap height and x-height between 0 and `verticalLimitEms` em; descender
    /// and line gap within `verticalLimitEms` em of 0; and a positive line height (ascender − descender +
    /// line gap), so every line has a box.
    ///
    /// ```swift
    /// FaceMetrics(unitsPerEm: 4, ascender: 3, descender: -1, lineGap: 0, capHeight: 2, xHeight: 1).problem
    /// // "unitsPerEm 4 is outside 16...16384"
    /// ```
    var problem: String? {
        guard Self.unitsPerEmRange.contains(unitsPerEm) else {
            return
                "unitsPerEm \(unitsPerEm) is outside \(Self.unitsPerEmRange.lowerBound)...\(Self.unitsPerEmRange.upperBound)"
        }
        let limit = unitsPerEm * Self.verticalLimitEms
        let checks: [(name: String, value: Int32, range: ClosedRange<Int32>)] = [
            ("ascender", ascender, 0...limit),
            ("descender", descender, -limit...0),
            ("line gap", lineGap, -limit...limit),
            ("cap height", capHeight, 0...limit),
            ("x-height", xHeight, 0...limit),
        ]
        for check in checks where !check.range.contains(check.value) {
            return "\(check.name) \(check.value) units is outside \(check.range.lowerBound)...\(check.range.upperBound) "
                + "(\(Self.verticalLimitEms) em at \(unitsPerEm) units per em)"
        }
        let lineHeight = ascender - descender + lineGap
        guard lineHeight > 0 else {
            return "line height \(lineHeight) units (ascender − descender + line gap) is not positive"
        }
        return nil
    }
}
