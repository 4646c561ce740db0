/// Where a truncated line shows its ellipsis (rules T4, T5): `.tail` for `.byTruncatingTail`, `.head`
/// and `.middle` for the other truncating modes.
///
/// ```swift
/// let layout = try prepared.layout(width: 80, numberOfLines: 1, lineBreakMode: .byTruncatingMiddle)
/// layout.lines[0].ellipsis   // .middle
/// ```
public enum EllipsisPlacement: String, Sendable, Hashable {
    case head, middle, tail
}
