import Foundation

/// Where a line may or must break, as UTF-16 offsets (UAX #14 through ICU's default line rules).
public struct BreakOpportunities: Sendable, Equatable {
    /// Offsets after position 0 where a line may break, ascending; the text's end is included.
    public var breaks: [Int]
    /// The subset of `breaks` where a line must break (after BK, CR, LF, NL; UAX #14 LB4–LB5).
    public var mandatory: [Int]
}

/// The UAX #14 line-break opportunities of `text`, from ICU's root line rules (CJ resolves to NS, as in
/// UAX #14's default, which gives the strict kinsoku of rule W5). Plain prose takes a shortcut with the
/// same answers (`SimpleLineBreaks`).
///
/// ```swift
/// let result = lineBreakOpportunities(in: "Hello world.\nBye")
/// result.breaks     // [6, 13, 16]
/// result.mandatory  // [13]
/// ```
/// - Complexity: O(n) in the UTF-16 length.
public func lineBreakOpportunities(in text: String) -> BreakOpportunities {
    let units = Array(text.utf16)
    var breaks: [Int] = []
    var mandatory: [Int] = []
    guard !units.isEmpty else { return BreakOpportunities(breaks: [], mandatory: []) }
    var positions = [Int32](repeating: 0, count: units.count)
    var flags = [UInt8](repeating: 0, count: units.count)
    let count = units.withUnsafeBufferPointer { buffer in
        positions.withUnsafeMutableBufferPointer { p in
            flags.withUnsafeMutableBufferPointer { m in
                findLineBreaks(buffer, positions: p.baseAddress!, mandatory: m.baseAddress!)
            }
        }
    }
    for i in 0..<count {
        breaks.append(Int(positions[i]))
        if flags[i] != 0 { mandatory.append(Int(positions[i])) }
    }
    return BreakOpportunities(breaks: breaks, mandatory: mandatory)
}

/// The UAX #14 opportunities of `text` into `positions` (ascending, the end included) and whether each is
/// mandatory into `mandatory` (both `text.count` long); returns how many. Plain prose takes
/// `SimpleLineBreaks` (the same answers, checked against ICU by `SimpleLineBreaksTests`), the rest ICU.
/// The one door to line-break analysis: `lineBreakOpportunities(in:)` and preparation both use it.
func findLineBreaks(
    _ text: UnsafeBufferPointer<UInt16>, positions: UnsafeMutablePointer<Int32>,
    mandatory: UnsafeMutablePointer<UInt8>
) -> Int {
    SimpleLineBreaks.breaks(text, positions: positions, mandatory: mandatory)
        ?? LineBreakIteratorPool.shared?.breaks(text, positions: positions, mandatory: mandatory) ?? 0
}
