import Foundation

/// A title of at most `maxTitleLines` lines with a date placed after it — the seed "title + date"
/// puzzle (uikit-semantics.md §5.1).
///
/// ```swift
/// let font = try Font.systemFont(ofSize: 17)
/// let layout = try TitleDateLayout(title: "Title Short", date: "Date", titleFont: font, dateFont: font,
///                                  width: 320, spacing: 8)
/// layout.layoutCase      // .dateAfterTitle (case 1)
/// layout.dateFrame       // on line 1, right after the title plus 8 pt
/// layout.size            // the block's size, rounded up to the pixel grid
/// ```
///
/// With `W` = width, `g` = spacing, `D` = the date's single-line width rounded up to the pixel grid:
/// 1. The title is laid out at `W` like a `UILabel` (`numberOfLines` = `maxTitleLines`, tail truncation,
///    `lineBreakStrategy` `.standard`, rule W6).
/// 2. One line, and the date fits after it → case 1: the date on line 1 after the title plus `g`.
/// 3. Fewer lines than `maxTitleLines` (one of two) and the date does not fit → case 2: the date alone on
///    the next line at x = 0.
/// 4. Several lines, nothing hidden, and the date fits after the last → case 3.
/// 5. Otherwise → case 4: the title is laid out again with its last permitted line limited to
///    `W − g − D` (TextFit's `lastLineMaxWidth`) and tail-truncated; the date follows that line.
///    Exception: when that re-layout cuts nothing it is reported as case 3. This happens when push-out
///    (W6) moved a word down at the full width so the date no longer fit, and at the narrower width the
///    word stays on line 1 (Noto Sans 17 pt: "Title Ratherrr…r Long" at 375 pt gives "Title Ratherrr…r " /
///    "Long" + date).
/// 6. When `W − g − D` is narrower than even "…" (the re-layout's last line plus the gap and the date
///    would pass `W`), the date goes below the title instead, as in case 2: the title is laid out at `W`
///    like the label alone (tail-truncated if it needs more lines), the date alone on the next line at
///    x = 0, reported as case 2. A cell then grows by a line rather than drawing its date outside.
///
/// "Fits" uses the line's width without hanging whitespace (W4). The date's x is the line's right edge
/// plus `g` rounded up to the pixel grid, so the date never overlaps the title's last glyph and the date
/// fits exactly when `ceilPx(lineWidth + g) + D == W`. Frame origins are snapped to the pixel grid (U7):
/// x upwards, y to the nearest pixel; the date's baseline sits on its line's baseline, so with one font
/// for both the date's top is the line's top. An empty title puts the date at x = 0 on line 1 (case 1);
/// an empty date has a zero size and no gap. With a bounded width the date frame always lies within
/// `[0, W]` and never overlaps the title frame's lines; a date wider than `W` on its own is refused
/// (`LayoutError.dateWiderThanWidth`). The title frame lies within `W` whenever `W` holds the title's
/// widest cluster and "…" (as a label's would).
public struct TitleDateLayout: Sendable, Equatable {
    /// Which case applied.
    public let layoutCase: TitleDateCase
    /// The title's lines as shown (text with any "…", width without hanging whitespace, truncation),
    /// in the title frame's coordinates.
    public let titleLines: TextLines
    /// The title label's frame: its widest line × its lines' height, rounded up to the pixel grid.
    public let titleFrame: CGRect
    /// The date label's frame: its single-line size, rounded up to the pixel grid.
    public let dateFrame: CGRect
    /// The index of the line the date sits on (0-based; equal to the title's line count in case 2).
    public let dateLineIndex: Int
    /// The extent of both frames, rounded up to the pixel grid.
    public let size: CGSize

    /// Whether the title shows less than its whole text (a truncated last line or hidden lines).
    public var isTitleTruncated: Bool { titleIsTruncated }
    private let titleIsTruncated: Bool

    /// Lays out a title and a date (§5.1).
    /// - Parameters:
    ///   - title: the title; empty puts the date at the start of line 1.
    ///   - date: the date, never wrapped or truncated; empty gives a zero-size date frame and no gap.
    ///   - titleFont: the title's font, which sets the line pitch.
    ///   - dateFont: the date's font.
    ///   - width: the block's width `W`; 0, +infinity or ≥ 1e15 = unbounded (`CGFloat.isUnboundedTextDimension`,
    ///     B7).
    ///   - spacing: the gap `g` between the title and the date on one line (default 8).
    ///   - maxTitleLines: at most this many title lines (default 2; 0 = unlimited, which never truncates).
    ///   - scale: the pixel grid (1, 2 or 3; default `Screen.main.scale`, 1 unless set).
    /// - Throws: `MeasureError.invalidWidth` (NaN or negative), `.invalidNumberOfLines` (< 0),
    ///   `.invalidScale`; `LayoutError.invalidSpacing` (negative or not finite), `.dateWiderThanWidth`
    ///   (the date's pixel-rounded width exceeds a bounded `width`).
    /// - Complexity: shapes both texts once (see the `PreparedText` initializer for repeated layouts),
    ///   then at most two title layouts.
    public init(
        title: String, date: String, titleFont: Font, dateFont: Font, width: CGFloat, spacing: CGFloat = 8,
        maxTitleLines: Int = 2, scale: CGFloat? = nil
    ) throws {
        try self.init(
            title: PreparedText(title, font: titleFont), date: PreparedText(date, font: dateFont),
            width: width, spacing: spacing, maxTitleLines: maxTitleLines, scale: scale)
    }

    /// Lays out a styled title and date (S1–S7): the title's lines take their runs' boxes (S6), the date
    /// sits on the baseline of the line it follows, and a cut title line ends in the "…" of its last
    /// visible character (S7). Parameters and rules as `init(title:date:titleFont:dateFont:width:...)`.
    ///
    /// ```swift
    /// var title = try StyledText("Ada ", attributes: TextAttributes(font: bold), font: body)
    /// title.append("wrote the first program")
    /// let date = try StyledText("1843", attributes: TextAttributes(foregroundColor: grey), font: caption)
    /// let block = try TitleDateLayout(title: title, date: date, width: 320)
    /// block.dateFrame.minY    // the date's top: the title line's baseline minus the date's ascent
    /// ```
    /// - Throws: `StyledTextError` for a run inside a cluster or too many styles, as the other
    ///   initializers otherwise.
    public init(
        title: StyledText, date: StyledText, width: CGFloat, spacing: CGFloat = 8,
        maxTitleLines: Int = 2, scale: CGFloat? = nil
    ) throws {
        try self.init(
            title: PreparedText(styled: title), date: PreparedText(styled: date), width: width,
            spacing: spacing, maxTitleLines: maxTitleLines, scale: scale)
    }

    /// Lays out an already prepared title and date: no reshaping, only line breaking (for many widths or
    /// many rows). Parameters, rules and errors as `init(title:date:titleFont:dateFont:width:...)`; a
    /// styled or paragraph-styled title places the date on its line's own baseline (S6, P6).
    public init(
        title: PreparedText, date: PreparedText, width: CGFloat, spacing: CGFloat = 8,
        maxTitleLines: Int = 2, scale: CGFloat? = nil
    ) throws {
        let scale = scale ?? Screen.layoutScale
        try LabelRules.validate(numberOfLines: maxTitleLines, scale: scale)
        let wrap = try CGFloat.wrapWidth(width)  // nil = unbounded (B7)
        guard spacing.isFinite, spacing >= 0 else { throw LayoutError.invalidSpacing(Double(spacing)) }
        let available = wrap ?? .infinity

        let dateSize = try LabelRules.singleLineSize(date, scale: scale)
        if let wrap, dateSize.width > wrap + 1e-9 {
            throw LayoutError.dateWiderThanWidth(dateWidth: Double(dateSize.width), width: Double(wrap))
        }
        let gap: CGFloat = date.utf16Count == 0 ? 0 : spacing
        /// The date's x after a line of `lineWidth`: pixel-aligned, never over the line's last glyph.
        func dateX(after lineWidth: CGFloat) -> CGFloat { ceilToPixel(lineWidth + gap, scale: scale) }
        func dateFits(after lineWidth: CGFloat) -> Bool { dateX(after: lineWidth) + dateSize.width <= available + 1e-9 }

        let titleLayout = try title.layout(
            width: wrap, numberOfLines: maxTitleLines, lineBreakMode: .byTruncatingTail,
            lineBreakStrategy: .standard)
        var layout = titleLayout
        let chosen: TitleDateCase
        let dateLine: Int
        let x: CGFloat
        if let last = titleLayout.lines.last, !titleLayout.isTruncated, dateFits(after: last.width) {
            chosen = titleLayout.lineCount == 1 ? .dateAfterTitle : .dateAfterLastLine
            dateLine = titleLayout.lineCount - 1
            x = dateX(after: last.width)
        } else if titleLayout.lines.isEmpty {
            chosen = .dateAfterTitle  // empty title: the date starts line 1
            dateLine = 0
            x = 0
        } else if !titleLayout.isTruncated, maxTitleLines == 0 || titleLayout.lineCount < maxTitleLines {
            chosen = .dateOnNextLine
            dateLine = titleLayout.lineCount
            x = 0
        } else {
            // Case 4: the last permitted line must leave room for the gap and the date. The limit is
            // floored to the pixel grid so that the rounded-up date x still fits; it stays > 0 because
            // TextFit reads 0 as unbounded (the line then shows "…" alone, too wide: the date goes below).
            let room = Self.floorToPixel(available - dateSize.width, scale: scale) - gap
            layout = try title.layout(
                width: wrap, numberOfLines: maxTitleLines, lineBreakMode: .byTruncatingTail,
                lineBreakStrategy: .standard, lastLineMaxWidth: max(room, 1.0 / 1024))
            if !dateFits(after: layout.lines.last?.width ?? 0) {
                // Not even "…" fits before the date: the date goes below the title (laid out at the
                // full width, as the label alone), like case 2, instead of past the width.
                layout = titleLayout
                chosen = .dateOnNextLine
                dateLine = titleLayout.lineCount
                x = 0
            } else {
                // Push-out (W6) at the full width can move a word down so that the date no longer fits
                // after line 2; at the narrower width that word stays up and nothing may be cut. The
                // result is then a case-3 block (several lines, nothing hidden, the date after the last).
                chosen =
                    layout.isTruncated
                    ? .lastLineTruncated
                    : layout.lineCount > 1 ? .dateAfterLastLine : .dateAfterTitle
                dateLine = max(0, layout.lineCount - 1)
                x = dateX(after: layout.lines.last?.width ?? 0)
            }
        }

        let titleSize = layout.size.ceiledToPixels(scale: scale)
        var titleFrame = CGRect(origin: .zero, size: titleSize)
        // Baselines aligned: the date's ascender hangs from the title line's baseline.
        let y =
            try Self.dateBaseline(title: title, lines: layout, dateLine: dateLine)
            - Self.ascent(ofSingleLine: date)
        var dateFrame = CGRect(
            x: x, y: Self.roundToPixel(y, scale: scale), width: dateSize.width,
            height: dateSize.height)
        // A date taller above its baseline than the title pushes the block down instead of poking out.
        if dateFrame.minY < 0 {
            let shift = -dateFrame.minY
            titleFrame.origin.y += shift
            dateFrame.origin.y += shift
        }
        self.layoutCase = chosen
        self.titleLines = layout.lines
        self.titleIsTruncated = layout.isTruncated
        self.titleFrame = titleFrame
        self.dateFrame = dateFrame
        self.dateLineIndex = dateLine
        self.size = CGSize(
            width: max(titleFrame.maxX, dateFrame.maxX),
            height: max(titleFrame.maxY, dateFrame.maxY)
        ).ceiledToPixels(scale: scale)
    }

    /// The baseline the date sits on: line `dateLine`'s. With one line height per line (F3) that is
    /// `dateLine × lineHeight + ascender`; styled or paragraph-styled titles read the line's own box and
    /// baseline (S6, P6). The line after the last (case 2) starts where the title block ends and, as an
    /// empty line there would (S6: it takes the style where it stands), has its baseline one ascender of
    /// the font the title ends in below that.
    private static func dateBaseline(title: PreparedText, lines layout: TextLayout, dateLine: Int) throws -> CGFloat {
        if title.hasUniformLineHeight {
            return CGFloat(dateLine) * title.font.lineHeight + title.font.ascender
        }
        if dateLine < layout.lineCount { return layout.lines[dateLine].baseline }
        return layout.size.height + title.font(at: title.utf16Count).ascender
    }

    /// How far the date's baseline lies below its top: its font's ascender, or for styled text the
    /// tallest ascent on its line (S6), offsets and attachments included.
    private static func ascent(ofSingleLine date: PreparedText) throws -> CGFloat {
        guard !date.hasUniformLineHeight, date.utf16Count > 0 else { return date.font.ascender }
        return try date.layout(width: nil, numberOfLines: 1).lines.first?.baseline ?? date.font.ascender
    }

    static func floorToPixel(_ value: CGFloat, scale: CGFloat) -> CGFloat {
        guard value.isFinite else { return value }
        return ((value * scale) + 1e-7).rounded(.down) / scale
    }

    static func roundToPixel(_ value: CGFloat, scale: CGFloat) -> CGFloat {
        (value * scale).rounded() / scale
    }
}
