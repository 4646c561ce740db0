extension Font.SymbolicTraits: CustomStringConvertible, CustomDebugStringConvertible {
    /// The traits as the option-set literal that makes them, so `print(font.symbolicTraits)` reads as
    /// code does rather than as a raw bit pattern (`SymbolicTraits(rawValue: 2)`).
    ///
    /// ```swift
    /// let bold = try Font.boldSystemFont(ofSize: 17)
    /// print(bold.symbolicTraits)                              // [.traitBold]
    /// print(Font.SymbolicTraits([.traitItalic, .traitBold]))  // [.traitItalic, .traitBold]
    /// ```
    /// Bits with no name (none come from a font, but `init(rawValue:)` takes any) are shown last as
    /// `rawValue: 0x…`, so two different values never print alike.
    public var description: String {
        var names: [String] = []
        if contains(.traitItalic) { names.append(".traitItalic") }
        if contains(.traitBold) { names.append(".traitBold") }
        let unnamed = rawValue & ~(Self.traitItalic.rawValue | Self.traitBold.rawValue)
        if unnamed != 0 { names.append("rawValue: 0x" + String(unnamed, radix: 16)) }
        return "[" + names.joined(separator: ", ") + "]"
    }

    /// As `description`: the debugger and `dump` show the option set too.
    public var debugDescription: String { description }
}
