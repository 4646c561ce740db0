/// The text HarfBuzz sees for a segment.
enum ShapingText {
    /// Controls and in-paragraph separators take no room and a tab is set as a space (TextFit has no tab
    /// stops yet). The substitutes keep the UTF-16 length so offsets stay aligned.
    static func substituteControls(_ slice: inout ArraySlice<UInt16>) {
        for i in slice.indices {
            let unit = slice[i]
            if unit < 0x20 || unit == 0x2028 || (0x7F...0x9F).contains(unit) {
                slice[i] = unit == 0x09 ? 0x20 : 0x200B
            }
        }
    }
}
