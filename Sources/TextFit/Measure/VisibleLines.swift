import Foundation

/// How many lines a height leaves visible (rules T3, B4, L7), one rule for `boundingRect`'s
/// `.truncatesLastVisibleLine` and a label's bounds.
package enum VisibleLines {
    /// The whole lines of `lineHeight` that fit `height`, at least one (the first line shows even in a
    /// shorter box); `nil` when the height does not limit lines: unbounded (0, +infinity,
    /// ≥ `CGFloat.unboundedTextDimension`, B7), negative or NaN, or no positive line height.
    ///
    /// ```swift
    /// VisibleLines.count(fitting: 50, lineHeight: 24)    // 2
    /// VisibleLines.count(fitting: 10, lineHeight: 24)    // 1
    /// VisibleLines.count(fitting: 0, lineHeight: 24)     // nil
    /// ```
    package static func count(fitting height: CGFloat, lineHeight: CGFloat) -> Int? {
        guard height > 0, !height.isUnboundedTextDimension, lineHeight > 0 else { return nil }
        // The slack keeps a height of exactly n lines, computed by the caller, at n.
        return max(1, Int((height / lineHeight + 1e-9).rounded(.down)))
    }
}
