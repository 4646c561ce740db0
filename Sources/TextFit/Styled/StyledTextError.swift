import Foundation

/// Why a `StyledText` or its attributes were refused: each case names the field and the limit.
public enum StyledTextError: TextFitError, Equatable, Sendable {
    /// A range reaches outside the text (`0 ≤ start ≤ end ≤ utf16Count`).
    case rangeOutOfBounds(start: Int, end: Int, utf16Count: Int)
    /// A range edge falls inside a grapheme cluster (a surrogate pair, a base and its marks, an emoji
    /// sequence): styles change only between clusters, which is where UIKit's runs can change too.
    case rangeSplitsCluster(field: String, offset: Int)
    /// A number out of its field's range (`kern` not finite, a size ≤ 0, ...).
    case invalidValue(field: String, value: Double, limit: String)
    /// More distinct attribute sets than a text can index.
    case tooManyStyles(Int)

    public var description: String {
        switch self {
        case .rangeOutOfBounds(let start, let end, let count):
            return "range \(start)..<\(end) is outside the text: use 0 <= start <= end <= \(count) (UTF-16 offsets)"
        case .rangeSplitsCluster(let field, let offset):
            return "field '\(field)' = \(offset) falls inside a grapheme cluster: a run must start and end between clusters"
        case .invalidValue(let field, let value, let limit):
            return "field '\(field)' must be \(limit), got \(value)"
        case .tooManyStyles(let count):
            return "\(count) distinct attribute sets: at most \(StyledText.maximumStyles) per text"
        }
    }
}
