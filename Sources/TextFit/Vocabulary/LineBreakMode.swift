/// How a line that does not fit is broken or cut, with UIKit's `NSLineBreakMode` names.
/// The raw values are the names the `textfit` command line and JSON use.
public enum LineBreakMode: String, Sendable, Hashable, CaseIterable, Codable {
    /// Break at UAX #14 opportunities; a word wider than the line breaks between clusters (rule W2).
    case byWordWrapping = "wordWrap"
    /// Break before the first cluster that does not fit, ignoring words (rule W3).
    case byCharWrapping = "charWrap"
    /// Wrap earlier lines by words; the last visible line keeps the rest of its paragraph, cut at the edge
    /// without an ellipsis (rule T6).
    case byClipping = "clip"
    /// The last visible line shows "…" then the end of its paragraph (rule T5).
    case byTruncatingHead = "truncateHead"
    /// The last visible line shows the start of its paragraph then "…" (rule T4).
    case byTruncatingTail = "truncateTail"
    /// The last visible line shows its paragraph's start, "…", then its end (rule T5).
    case byTruncatingMiddle = "truncateMiddle"

    /// Whether the last visible line keeps all the rest of its paragraph (truncating modes and clipping).
    var cutsLastLine: Bool {
        switch self {
        case .byWordWrapping, .byCharWrapping: return false
        case .byClipping, .byTruncatingHead, .byTruncatingTail, .byTruncatingMiddle: return true
        }
    }
}
