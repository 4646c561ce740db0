import Foundation

/// Why a measurement request was refused. Each message says what a valid value is.
public enum MeasureError: TextFitError, Equatable, Sendable {
    /// Widths must be a number ≥ 0 or +infinity (0 and infinity mean unbounded).
    case invalidWidth(Double)
    /// A list of line widths (`layout(widths:)`) must hold at least one width.
    case emptyWidthList
    /// Heights must be a number ≥ 0 or +infinity.
    case invalidHeight(Double)
    /// `numberOfLines` must be ≥ 0 (0 means no limit).
    case invalidNumberOfLines(Int)
    /// The pixel-grid scale must be a finite number > 0.
    case invalidScale(Double)
    /// A minimum scale factor (font-size fitting) must be a number from 0 to 1.
    case invalidMinimumScaleFactor(Double)
    /// At this font size, one grapheme cluster's glyph advances average more than
    /// `MeasureError.clusterWidthLimitPerUnit` points per UTF-16 unit, past what TextFit's 1/1024-pt
    /// integers hold. With glyph advances bounded by 16 em and sizes by 100,000 pt, only a font whose
    /// shaping makes several huge glyphs per character gets here.
    case clusterTooWide(size: Double)
    /// A truncation token (`PreparedText.withTruncationToken(_:)`) is one line: it must hold no line or
    /// paragraph separator (LF, CR, VT, FF, NEL, U+2028, U+2029); `offset` is the first one's UTF-16 offset
    /// in the token (T14).
    case truncationTokenHasLineBreak(offset: Int)

    public var description: String {
        switch self {
        case .invalidWidth(let value):
            return "invalid width \(value): use a number >= 0 (0 or infinity = unbounded)"
        case .emptyWidthList:
            return "empty list of line widths: give at least one width (the last one repeats)"
        case .invalidHeight(let value):
            return "invalid height \(value): use a number >= 0 (0 or infinity = unbounded)"
        case .invalidNumberOfLines(let value):
            return "invalid numberOfLines \(value): use 0 (unlimited) or a positive count"
        case .invalidScale(let value):
            return "invalid scale \(value): use a finite number > 0 (1, 2 or 3 for iOS screens)"
        case .invalidMinimumScaleFactor(let value):
            return "invalid minimumScaleFactor \(value): use a number from 0 to 1 (0 = no shrinking)"
        case .clusterTooWide(let size):
            return "text cannot be measured at font size \(size): a grapheme cluster's glyphs average more than "
                + "\(Int(Self.clusterWidthLimitPerUnit)) pt per UTF-16 unit (2^31 - 1 units of 1/1024 pt); "
                + "use a smaller size or another font"
        case .truncationTokenHasLineBreak(let offset):
            return "truncation token has a line break at UTF-16 offset \(offset): a token is one line; "
                + "remove the line or paragraph separator (use a space)"
        }
    }

    /// The widest a grapheme cluster can measure, per UTF-16 unit it holds, in points (`clusterTooWide`).
    public static let clusterWidthLimitPerUnit = Double(Int32.max) / 1024
}
