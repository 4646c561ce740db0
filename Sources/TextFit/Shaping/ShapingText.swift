/// The text HarfBuzz sees for a segment.
enum ShapingText {
    /// Controls and in-paragraph separators take no room and a tab is set as a space (TextFit has no tab
    /// stops yet).
    @inline(__always)
    static func isSubstituted(_ unit: UInt16) -> Bool {
        unit < 0x20 || unit == 0x2028 || (0x7F...0x9F).contains(unit)
    }

    /// What HarfBuzz shapes in place of a substituted unit: the same UTF-16 length, so offsets stay aligned.
    @inline(__always)
    static func substitute(_ unit: UInt16) -> UInt16 { unit == 0x09 ? 0x20 : 0x200B }

    static func substituteControls(_ slice: inout ArraySlice<UInt16>) {
        for i in slice.indices where isSubstituted(slice[i]) { slice[i] = substitute(slice[i]) }
    }
}
