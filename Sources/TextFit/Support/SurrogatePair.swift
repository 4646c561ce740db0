extension UTF16 {
    /// The scalar value a lead and a trail surrogate encode, for callers that have already checked both
    /// (`isLeadSurrogate`, `isTrailSurrogate`): the one copy of UTF-16's pair formula in the engine.
    ///
    /// ```swift
    /// UTF16.scalarValue(lead: 0xD83D, trail: 0xDE00)    // 0x1F600, 😀
    /// ```
    @inline(__always)
    static func scalarValue(lead: UInt16, trail: UInt16) -> UInt32 {
        0x10000 &+ ((UInt32(lead) &- 0xD800) << 10) &+ (UInt32(trail) &- 0xDC00)
    }

    /// The code point starting at `i` in `units`, advancing `i` past it: a surrogate pair is one code
    /// point; a lone surrogate is read as itself, as ICU's `U16_NEXT` reads it.
    ///
    /// ```swift
    /// var i = 0
    /// UTF16.nextScalar(in: units, at: &i)   // 0x1F600 for "😀…", and i is 2
    /// ```
    @inline(__always)
    static func nextScalar(in units: UnsafeBufferPointer<UInt16>, at i: inout Int) -> UInt32 {
        let unit = units[i]
        i &+= 1
        if isLeadSurrogate(unit), i < units.count, isTrailSurrogate(units[i]) {
            defer { i &+= 1 }
            return scalarValue(lead: unit, trail: units[i])
        }
        return UInt32(unit)
    }
}
