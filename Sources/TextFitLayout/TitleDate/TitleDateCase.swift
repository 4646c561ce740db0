/// Which of the four "title + date" cases a layout fell into (uikit-semantics.md §5.1). The raw values
/// are the case numbers the seed examples and the `textfit title-date` command use.
public enum TitleDateCase: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// 1: the title takes one line and the date fits after it on that line.
    case dateAfterTitle = 1
    /// 2: the title leaves a line free (it takes one of two lines) but the date does not fit after it:
    /// the date goes alone to the next line, at x = 0. Also the answer when the width leaves less room
    /// beside the title's last permitted line than "…" needs: the date then goes below the title.
    case dateOnNextLine = 2
    /// 3: the title takes several lines, none hidden, and the date fits after the last one.
    case dateAfterLastLine = 3
    /// 4: otherwise: the title's last permitted line is laid out narrower (room for the gap and the date)
    /// and tail-truncated, and the date follows it.
    case lastLineTruncated = 4

    public var description: String {
        switch self {
        case .dateAfterTitle: return "1: date after the one-line title"
        case .dateOnNextLine: return "2: date alone on the next line"
        case .dateAfterLastLine: return "3: date after the title's last line"
        case .lastLineTruncated: return "4: title's last line truncated, date after it"
        }
    }
}
