/// The first index in `low..<high` at which `isAfter` holds, or `high` when it holds nowhere, for a
/// predicate that is false up to some index and true from there on: where a sorted array divides at a
/// bound. About log2(high − low) calls of `isAfter`.
///
/// ```swift
/// let breaks = [3, 8, 12, 20]
/// partitionPoint(from: 0, to: breaks.count) { breaks[$0] > 8 }    // 2: the first opportunity after 8
/// partitionPoint(from: 0, to: breaks.count) { breaks[$0] > 99 }   // 4: none
/// ```
///
/// Always inlined, the predicate with it: the breakers and the width look-ups run it on every relayout,
/// and inlined it compiles to the same loop as one written at the call site.
@inline(__always)
func partitionPoint(from low: Int, to high: Int, _ isAfter: (Int) -> Bool) -> Int {
    var low = low
    var high = high
    while low < high {
        let mid = (low + high) / 2
        if isAfter(mid) { high = mid } else { low = mid + 1 }
    }
    return low
}
