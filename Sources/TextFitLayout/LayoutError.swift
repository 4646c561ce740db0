import Foundation

/// Why a layout request was refused. Widths, line counts and scales reuse TextFit's `MeasureError`;
/// these cases cover the parameters only the layout module has. Each message says what a valid value is.
public enum LayoutError: TextFitError, Equatable, Sendable {
    /// The gap between a title and its date must be a finite number ≥ 0.
    case invalidSpacing(Double)
    /// Row insets must be finite numbers ≥ 0.
    case invalidInsets(EdgeInsets)
    /// A row must be wider than its left and right insets (and finite): `width` leaves no room for text.
    case rowTooNarrow(width: Double, insets: EdgeInsets)
    /// A title + date block's date (never wrapped or truncated) is `dateWidth` wide, more than the
    /// block's `width`: no placement keeps it inside.
    case dateWiderThanWidth(dateWidth: Double, width: Double)

    public var description: String {
        switch self {
        case .invalidSpacing(let value):
            return "invalid spacing \(value): use a finite number >= 0"
        case .invalidInsets(let insets):
            return "invalid insets \(insets): use finite numbers >= 0 whose sums (top + bottom, left + right) are finite"
        case .rowTooNarrow(let width, let insets):
            return "row width \(width) leaves no room for text between insets left \(insets.left) and right "
                + "\(insets.right): use a finite width greater than left + right"
        case .dateWiderThanWidth(let dateWidth, let width):
            return "the date is \(dateWidth) pt wide, wider than the width \(width): use a width >= \(dateWidth), "
                + "a shorter date or a smaller date font"
        }
    }
}
