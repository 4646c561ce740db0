import Foundation

/// A validated `ParagraphStyle` in the form layout reads: indents in 1/1024 pt, and whether the style
/// changes where lines break. A `PreparedText` holds one only when its style changes something (not
/// `ParagraphStyle.isPlain`, or a tab in the text, even without a style: P10), so a text without a tab
/// and without a style keeps the plain path.
final class ParagraphSettings: Sendable {
    let style: ParagraphStyle
    /// Head indents and the tail indent in 1/1024 pt (the tail keeps its sign, P9).
    let firstHeadIndent: Int
    let headIndent: Int
    let tailIndent: Int
    /// The line widths differ from the layout width (indents) or a tab's advance depends on where it
    /// falls: lines go through the general breaker with per-line widths.
    let affectsBreaking: Bool
    /// Lines stack with nothing between or beside them: no line or paragraph spacing (P4, P5), no indent,
    /// tail margin or tab (P9, P10), not justified (P8). Then `measure` sums only line boxes and widths
    /// (`RunBoxMeasurer`).
    let stacksLinesPlainly: Bool
    /// Only hyphenation changes where lines break (no indent, no tab): the fast breaker takes the text
    /// with its hyphens (`FastBreaker.run(_:hyphenation:into:)`, issue 31).
    let breaksOnlyAtHyphens: Bool
    /// `breaksOnlyAtHyphens`, and lines stack as under `stacksLinesPlainly` otherwise (no spacing, not
    /// justified; no indent or margin comes with it): `measure` of unstyled text then counts lines and
    /// widest widths as plain text does (`PreparedText.hyphenatedMeasure`).
    let stacksHyphenatedLinesPlainly: Bool

    /// The one tab layout every reader of a tabbed line shares (P10): the stops in 1/1024 pt, the interval
    /// after them and where the text's tabs are, when the text has a tab.
    let tabLayout: TabLayout?
    /// Where lines may end with a shown hyphen (soft hyphens, a dictionary's points: H1–H9), when any can.
    let hyphenation: Hyphenation?

    /// The settings `style` needs for `text`, nil when it changes nothing there: a plain style on a text
    /// without a tab leaves the text to the plain paths.
    static func ifNeeded(_ style: ParagraphStyle, for text: String) -> ParagraphSettings? {
        // A plain style on a text without a tab needs nothing: looked for in the UTF-8 bytes (a tab is one
        // byte there) before walking the UTF-16 view, which cost a label more than its measuring's checks.
        if style.isPlain, !(text.utf8.withContiguousStorageIfAvailable { $0.contains(0x09) } ?? text.utf8.contains(0x09)) {
            return nil
        }
        let tabs = text.utf16.enumerated().compactMap { $0.element == 0x09 ? $0.offset : nil }
        return style.isPlain && tabs.isEmpty ? nil : ParagraphSettings(style, tabPositions: tabs)
    }

    init(_ style: ParagraphStyle, tabPositions: [Int], hyphenation: Hyphenation? = nil) {
        let hasTab = !tabPositions.isEmpty
        self.style = style
        self.hyphenation = hyphenation
        firstHeadIndent = Units.floor(Double(style.firstLineHeadIndent))
        headIndent = Units.floor(Double(style.headIndent))
        tailIndent = style.tailIndent >= 0 ? Units.floor(Double(style.tailIndent)) : -Units.floor(Double(-style.tailIndent))
        tabLayout =
            hasTab
            ? TabLayout(
                stops: TabStops(style), positions: tabPositions, firstIndent: firstHeadIndent,
                headIndent: headIndent) : nil
        // A hyphen changes a line's width where it ends, which only the general breaker adds (H8).
        let indented = firstHeadIndent != 0 || headIndent != 0 || tailIndent != 0
        affectsBreaking = indented || hasTab || hyphenation != nil
        breaksOnlyAtHyphens = hyphenation != nil && !indented && !hasTab
        let stacksPlainly =
            style.alignment != .justified && style.lineSpacing == 0
            && style.paragraphSpacing + style.paragraphSpacingBefore == 0
        stacksLinesPlainly = !affectsBreaking && stacksPlainly
        stacksHyphenatedLinesPlainly = breaksOnlyAtHyphens && stacksPlainly
    }

    /// Where lines end, in 1/1024 pt from the leading margin, for a layout `maxWidth` wide (P9;
    /// `LineWidths.Indents.end(in:)`).
    func lineEnd(maxWidth: Int) -> Int { indents.end(in: maxWidth) }

    /// The indents, as the line widths apply them per line (P9).
    var indents: LineWidths.Indents {
        LineWidths.Indents(firstHead: firstHeadIndent, head: headIndent, tail: tailIndent)
    }

    /// A request's line widths with the room the indents leave (P9): a paragraph's first line after the
    /// first-line head indent, the others after the head indent, both before the tail indent. The last
    /// permitted line's own width (T3) is a width the caller chose for that line, kept as given.
    func lineWidths(for widths: LineWidths) -> LineWidths {
        // A list carries its indents already (`layout(widths:)` made them from these settings).
        if widths.listed != nil { return widths }
        let indents = self.indents
        return LineWidths(
            width: indents.room(in: widths.width, isParagraphStart: false), lastPermitted: widths.lastPermitted,
            firstOfParagraph: indents.room(in: widths.width, isParagraphStart: true))
    }

    /// The points a line's box leaves at the right when the layout is unbounded: a negative tail indent's
    /// margin (P7).
    var trailingMargin: CGFloat { tailIndent < 0 ? Units.points(-tailIndent) : 0 }
}

/// Tab stops as layout reads them (P10).
struct TabStops: Sendable {
    struct Stop: Sendable {
        /// 1/1024 pt from the leading margin.
        let location: Int
        let alignment: TextAlignment
        /// Only a decimal stop's (`TextTab.isDecimal`): other alignments ignore their terminators.
        let terminators: CharacterSet?
    }

    /// Ascending by location.
    let stops: [Stop]
    /// In 1/1024 pt; 0 means none.
    let interval: Int

    init(_ style: ParagraphStyle) {
        stops = style.tabStops.map {
            Stop(
                location: Units.floor(Double($0.location)), alignment: $0.alignment,
                terminators: $0.isDecimal ? $0.columnTerminators : nil)
        }.sorted { $0.location < $1.location }
        interval = Units.floor(Double(style.defaultTabInterval))
    }

    /// The first stop strictly after `position` (1/1024 pt from the leading margin), or nil. Stops of the
    /// interval lead in either direction (`.natural`).
    func next(after position: Int) -> Stop? {
        if let stop = stops.first(where: { $0.location > position }) { return stop }
        guard interval > 0 else { return nil }
        return Stop(location: (position / interval + 1) * interval, alignment: .natural, terminators: nil)
    }
}
