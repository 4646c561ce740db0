import Foundation

/// How every row of a self-sizing list lays out its text: one label pinned inside the row by `insets`
/// (rule C2). The template is part of the height cache's key, so rows of different styles never share
/// heights.
///
/// ```swift
/// // The seed feed: a 15 pt label pinned 10 pt inside the row, numberOfLines = 0.
/// let feed = RowTemplate(font: try .systemFont(ofSize: 15), insets: EdgeInsets(all: 10), numberOfLines: 0)
/// ```
public struct RowTemplate: Sendable, Hashable {
    /// The label's font and line-break mode.
    public var style: TextStyle
    /// The label's distance from the row's edges (C2: pinned top, left, bottom, right).
    public var insets: EdgeInsets
    /// At most this many lines; 0 = unlimited (the usual self-sizing label).
    public var numberOfLines: Int
    /// The label's line-break strategy: `.standard` like any `UILabel` (L1, W6).
    public var lineBreakStrategy: LineBreakStrategy
    /// The screen scale; label heights and row heights are rounded up to its pixel grid (L2).
    public var scale: CGFloat
    /// Whether the row adds a separator of 1/scale (C2, C3 step 4). Default true, as a default
    /// `UITableView` (separator style `.singleLine`) adds one pixel to every self-sized row.
    public var includesSeparator: Bool
    /// The paragraph style of every row's label (P1–P10), as an `NSParagraphStyle` in each row's
    /// attributed text: line spacing, line heights, alignment, indents. Default `ParagraphStyle()`, which
    /// measures rows exactly as plain labels.
    ///
    /// ```swift
    /// var feed = RowTemplate(font: body, insets: EdgeInsets(all: 10))
    /// feed.paragraphStyle.lineSpacing = 4   // 4 pt between a row's lines (P4)
    /// ```
    public var paragraphStyle: ParagraphStyle {
        get { customParagraphStyle ?? .default }
        set { customParagraphStyle = newValue == .default ? nil : newValue }
    }
    /// nil for the default style: the template is part of every cache key, hashed on every look-up, and
    /// a plain template's key then hashes one byte here instead of the whole style.
    private var customParagraphStyle: ParagraphStyle?

    /// A row template.
    /// - Parameters:
    ///   - style: font and line-break mode (a label's default mode is `.byTruncatingTail`, L1).
    ///   - insets: the label's insets inside the row.
    ///   - numberOfLines: the label's line limit (0 = unlimited).
    ///   - lineBreakStrategy: default `.standard` (L1).
    ///   - scale: pixel grid (default `Screen.main.scale`, 1 unless set).
    ///   - includesSeparator: add 1/scale for the separator (default true, as a default table; pass false
    ///     for a table with `separatorStyle = .none` or for the content view's height alone).
    public init(
        style: TextStyle, insets: EdgeInsets, numberOfLines: Int = 0,
        lineBreakStrategy: LineBreakStrategy = .standard, scale: CGFloat? = nil, includesSeparator: Bool = true
    ) {
        self.style = style
        self.insets = insets
        self.numberOfLines = numberOfLines
        self.lineBreakStrategy = lineBreakStrategy
        self.scale = scale ?? Screen.layoutScale
        self.includesSeparator = includesSeparator
    }

    /// A template for a label in `font` with UILabel's default `.byTruncatingTail` mode (L1).
    /// Parameters as `init(style:insets:numberOfLines:lineBreakStrategy:scale:includesSeparator:)`.
    public init(
        font: Font, insets: EdgeInsets, numberOfLines: Int = 0, scale: CGFloat? = nil,
        includesSeparator: Bool = true
    ) {
        self.init(
            style: TextStyle(font: font, lineBreakMode: .byTruncatingTail), insets: insets,
            numberOfLines: numberOfLines, scale: scale, includesSeparator: includesSeparator)
    }

    /// The label's font.
    public var font: Font { style.font }

    func validate() throws {
        try LabelRules.validate(numberOfLines: numberOfLines, scale: scale)
        try customParagraphStyle?.validate()
        guard insets.isValid else { throw LayoutError.invalidInsets(insets) }
        // The separator is 1/scale points: below about 5.6e-309 that is +infinity.
        if includesSeparator, !(1 / scale).isFinite { throw MeasureError.invalidScale(Double(scale)) }
    }

    /// The width left for the label in a row of `width`.
    /// An unbounded width (+infinity or ≥ 1e15, B7) leaves the label unbounded (one line per paragraph); 0
    /// leaves no room.
    /// - Throws: `MeasureError.invalidWidth` for NaN or negative, `LayoutError.rowTooNarrow` when the
    ///   insets leave nothing.
    func contentWidth(forRowWidth width: CGFloat) throws -> CGFloat {
        if width.isNaN || width < 0 { throw MeasureError.invalidWidth(Double(width)) }
        let content = width - insets.horizontal
        guard content > 0 else {
            throw LayoutError.rowTooNarrow(width: Double(width), insets: insets)
        }
        return content
    }

    /// A row's text prepared as its label would be: plain text in `font`, styled text with its ranges
    /// without a font in `font` (as `Label.attributedText`), both under `paragraphStyle`.
    func prepare(_ text: String, attributed: StyledText?) throws -> PreparedText {
        if var styled = attributed {
            styled.font = font
            guard let customParagraphStyle else { return try PreparedText(styled: styled) }
            return try PreparedText(styled: styled, paragraphStyle: customParagraphStyle)
        }
        guard let customParagraphStyle else { return PreparedText(text, font: font) }
        return try PreparedText(text, font: font, paragraphStyle: customParagraphStyle)
    }

    /// C2: the label's height at `contentWidth` (rounded to the pixel grid, L2) plus the vertical insets
    /// and the separator, rounded up to the pixel grid.
    func rowHeight(for prepared: PreparedText, contentWidth: CGFloat) throws -> CGFloat {
        let label = try LabelRules.sizeThatFits(
            prepared, proposedWidth: contentWidth, numberOfLines: numberOfLines,
            lineBreakMode: style.lineBreakMode,
            lineBreakStrategy: lineBreakStrategy, scale: scale)
        let separator: CGFloat = includesSeparator ? 1 / scale : 0
        return ceilToPixel(label.height + insets.vertical + separator, scale: scale)
    }
}
