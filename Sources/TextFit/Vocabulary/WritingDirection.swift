/// The base writing direction of a paragraph, as `NSWritingDirection` names it.
///
/// `.natural` takes the direction from the paragraph's first strong character (UAX #9 rules P2–P3:
/// Hebrew or Arabic letters make it right to left; no strong character at all leaves it left to right).
/// Resolved directions (`TextLayout.baseWritingDirection`, `BidiLevels.direction`) are never `.natural`.
///
/// ```swift
/// let text = PreparedText("שלום world", font: font)          // .natural
/// try text.layout(width: 200).baseWritingDirection          // .rightToLeft
/// PreparedText("שלום world", font: font, baseWritingDirection: .leftToRight)
/// ```
public enum WritingDirection: String, Sendable, Hashable, CaseIterable {
    case natural
    case leftToRight
    case rightToLeft
}
