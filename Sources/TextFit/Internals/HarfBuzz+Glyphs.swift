import CTextFit

/// One glyph as HarfBuzz shaped it: id, cluster (UTF-16 offset in the shaped text) and position, in the
/// font's output units (1/1024 pt), y up.
struct ShapedGlyph: Sendable, Equatable {
    var glyph: UInt32
    var cluster: Int
    var xAdvance: Int32
    var xOffset: Int32
    var yOffset: Int32
}

extension HarfBuzzFont {
    /// Shapes `text` alone exactly as `shape(_:script:advances:flags:)` does (same script and direction)
    /// and returns the glyphs in visual order; empty when HarfBuzz failed. `rightToLeft` overrides the
    /// direction the script implies (a bidi run's level decides it when drawing; HarfBuzz then mirrors
    /// brackets in right-to-left runs, L4).
    func glyphs(_ text: ArraySlice<UInt16>, script: UInt32, rightToLeft: Bool? = nil) -> [ShapedGlyph] {
        guard !text.isEmpty else { return [] }
        let direction: Int32 = rightToLeft.map { $0 ? 2 : 1 } ?? (script != 0 && tf_script_is_rtl(script) != 0 ? 2 : 1)
        var capacity = text.count + 8
        while true {
            var buffer = [tf_glyph](repeating: tf_glyph(), count: capacity)
            let count = text.withUnsafeBufferPointer { input in
                buffer.withUnsafeMutableBufferPointer { output in
                    tf_shape_glyphs(
                        handle, input.baseAddress, Int32(input.count), script, direction,
                        output.baseAddress, Int32(capacity))
                }
            }
            #if DEBUG
            if let counter = OperationCounts.current { HarfBuzzFont.countHarfBuzzCalls(counter) }
            #endif
            if count < 0 { return [] }
            if Int(count) > capacity {
                capacity = Int(count)
                continue
            }
            return buffer[..<Int(count)].map {
                ShapedGlyph(
                    glyph: $0.glyph, cluster: Int($0.cluster), xAdvance: $0.x_advance, xOffset: $0.x_offset,
                    yOffset: $0.y_offset)
            }
        }
    }
}

extension HarfBuzzFont {
    /// Whether HarfBuzz writes `script` (an ISO 15924 tag) right to left.
    static func isRightToLeft(script: UInt32) -> Bool { tf_script_is_rtl(script) != 0 }
}

extension HarfBuzzFont {
    /// The caret positions the font's GDEF ligature caret list gives `glyph` (R4): x from the glyph's
    /// origin in output units (1/1024 pt), ascending; empty when the font has none for it.
    func ligatureCarets(glyph: UInt32, rightToLeft: Bool) -> [Int] {
        var capacity: Int32 = 8
        while true {
            var carets = [Int32](repeating: 0, count: Int(capacity))
            let total = carets.withUnsafeMutableBufferPointer { buffer in
                tf_ligature_carets(handle, glyph, rightToLeft ? 2 : 1, buffer.baseAddress, capacity)
            }
            if total <= 0 { return [] }
            if total > capacity, total <= 4_096 {
                capacity = total
                continue
            }
            return carets[..<Int(min(total, capacity))].map(Int.init).sorted()
        }
    }
}
