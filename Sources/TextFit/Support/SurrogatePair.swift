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
}
