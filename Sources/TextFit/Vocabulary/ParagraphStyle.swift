import Foundation

/// How a paragraph's lines sit in their box, as `NSTextAlignment` (rule P7).
///
/// `.natural` is left for left-to-right text; it follows the paragraph's resolved direction
/// (`resolved(rightToLeft:)`, rule D2).
public enum TextAlignment: String, Sendable, Hashable, CaseIterable {
    case natural, left, center, right, justified

    /// The alignment that places lines: `.natural` becomes `.left` or `.right` by the paragraph's direction
    /// (the one place the resolved direction decides), and `.justified` lines that are not stretched
    /// (a paragraph's last line, P8) are placed by the same rule.
    public func resolved(rightToLeft: Bool = false) -> TextAlignment {
        switch self {
        case .natural, .justified: return rightToLeft ? .right : .left
        default: return self
        }
    }
}

/// A tab stop, as `NSTextTab`: a location from the leading margin, how the column after the tab aligns to
/// it, and optionally the characters that end that column (rule P10).
///
/// ```swift
/// TextTab(alignment: .left, location: 100)
/// TextTab.decimal(location: 140, locale: Locale(identifier: "en_US"))   // "12.50": the "." at 140
/// TextTab(alignment: .right, location: 140, columnTerminators: CharacterSet(charactersIn: ","))
/// ```
///
/// Alignments are absolute, as Apple documents for `NSTextTab`: text after a `.right` stop lies left of
/// it in either direction. `.natural` (and `.justified`) start the column at the stop in the paragraph's
/// direction. A `.right` stop with column terminators is a decimal stop (`isDecimal`).
public struct TextTab: Sendable, Hashable {
    /// `.left`: the column after the tab starts at the stop (ends there in a right-to-left paragraph);
    /// `.right`: the column ends at the stop (starts there right to left), or with `columnTerminators` its
    /// first terminator starts there; `.center` centres the column on the stop; `.natural` starts it at
    /// the stop in either direction. The column is the text up to the next tab or the line's end.
    public var alignment: TextAlignment
    /// Points from the leading margin of the text container (not from the indent): from the right margin
    /// in a right-to-left paragraph.
    public var location: CGFloat
    /// `NSTextTab.OptionKey.columnTerminators`: on a `.right` stop, the column is aligned up to the first of
    /// these characters, which then sits at the stop (a decimal tab). nil: none. Must not be empty; other
    /// alignments keep it and ignore it.
    public var columnTerminators: CharacterSet?

    public init(alignment: TextAlignment = .left, location: CGFloat, columnTerminators: CharacterSet? = nil) {
        self.alignment = alignment
        self.location = location
        self.columnTerminators = columnTerminators
    }

    /// `NSTextTab.columnTerminators(for:)`: the locale's decimal separator ("." for `en_US`, "," for
    /// `de_DE`), or "." when the locale has none. nil is `Locale.current`.
    public static func columnTerminators(for locale: Locale?) -> CharacterSet {
        let separator = (locale ?? Locale.current).decimalSeparator ?? "."
        return CharacterSet(charactersIn: separator.isEmpty ? "." : separator)
    }

    /// A decimal stop: `.right` with `columnTerminators(for: locale)`, so the decimal separator of the
    /// column after the tab sits at `location` (a column without one ends there, as at a right stop).
    ///
    /// ```swift
    /// var style = ParagraphStyle()
    /// style.tabStops = [TextTab.decimal(location: 140, locale: Locale(identifier: "en_US"))]
    /// // "Total\t12.50": the "." starts 140 pt from the leading margin
    /// ```
    public static func decimal(location: CGFloat, locale: Locale? = nil) -> TextTab {
        TextTab(alignment: .right, location: location, columnTerminators: columnTerminators(for: locale))
    }

    /// Whether this is a decimal stop (`NSTextTab.tabStopType` `.decimalTabStopType`): a `.right` stop
    /// with column terminators.
    public var isDecimal: Bool { alignment == .right && columnTerminators != nil }
}

/// The paragraph attributes of `NSParagraphStyle`, with its defaults (rules P1–P11 in
/// docs/uikit-semantics.md).
///
/// ```swift
/// var style = ParagraphStyle()
/// style.lineSpacing = 4
/// style.alignment = .center
/// style.firstLineHeadIndent = 20
/// let text = try PreparedText("A centred paragraph with an indent.", font: font, paragraphStyle: style)
/// let layout = try text.layout(width: 200)
/// layout.lines[0].x; layout.lines[1].y; layout.size.height   // lines × height + spacing
/// ```
///
/// A text with the default style (`ParagraphStyle()`, `ParagraphStyle.default`) is laid out exactly as a
/// text without one, by the same code.
public struct ParagraphStyle: Sendable, Hashable {
    /// Points between the bottom of one line box and the top of the next (P4); ≥ 0.
    public var lineSpacing: CGFloat = 0
    /// Points after a paragraph, before the next one (P5); ≥ 0.
    public var paragraphSpacing: CGFloat = 0
    /// Points before a paragraph, after the previous one (P5); ≥ 0.
    public var paragraphSpacingBefore: CGFloat = 0
    /// The natural line height is multiplied by this when > 0 (P2); 0 means 1. ≥ 0.
    public var lineHeightMultiple: CGFloat = 0
    /// Every line box is at least this tall (P3); ≥ 0.
    public var minimumLineHeight: CGFloat = 0
    /// Every line box is at most this tall when > 0 (P3); 0 means no limit. ≥ 0 and, when > 0, ≥ minimumLineHeight.
    public var maximumLineHeight: CGFloat = 0
    public var alignment: TextAlignment = .natural
    /// The direction of every paragraph (D1): `.natural` takes each paragraph's from its first strong
    /// character; `.leftToRight` and `.rightToLeft` set it. It decides where `.natural` alignment puts
    /// lines (D2) and how each line is reordered for display (D4), never where lines break (D3).
    public var baseWritingDirection: WritingDirection = .natural
    /// Points from the leading margin to the start of a paragraph's first line (P9); ≥ 0.
    public var firstLineHeadIndent: CGFloat = 0
    /// Points from the leading margin to the start of the other lines (P9); ≥ 0.
    public var headIndent: CGFloat = 0
    /// NSParagraphStyle's sign rule (P9): > 0 is the distance of the lines' end from the leading margin
    /// (a fixed line end); ≤ 0 is the distance from the trailing margin (−10 ends lines 10 pt before it).
    public var tailIndent: CGFloat = 0
    /// The mode `boundingRect` and `TextStyle` wrap with; `layout(width:lineBreakMode:)` takes its own.
    public var lineBreakMode: LineBreakMode = .byWordWrapping
    /// `[]`, like `NSParagraphStyle.default` (W6).
    public var lineBreakStrategy: LineBreakStrategy = []
    /// The tab stops, sorted by location when applied: by default 12 stops every 28 pt (P10), `.natural`
    /// (Apple documents them left-aligned: the same in a left-to-right paragraph; in a right-to-left one
    /// they start each column at the stop, where absolute left stops would end it there).
    public var tabStops: [TextTab] = ParagraphStyle.defaultTabStops
    /// Tabs after the last stop go to multiples of this when > 0; 0 (the default) means a tab past the
    /// last stop advances like a space (P10). ≥ 0.
    public var defaultTabInterval: CGFloat = 0
    /// `NSParagraphStyle.hyphenationFactor`, 0…1: a line may end at a dictionary's hyphenation point only
    /// when, unhyphenated, it would fill less than this fraction of its width (H3); 0 (the default) never
    /// hyphenates from a dictionary. Needs the text's language (`PreparedText(_:font:paragraphStyle:language:)`,
    /// `TextAttributes.language`) and an installed dictionary (H6). Soft hyphens (U+00AD) break whatever
    /// the factor (H1).
    public var hyphenationFactor: Float = 0
    /// `NSParagraphStyle.usesDefaultHyphenation` (iOS 15): when true and `hyphenationFactor` is 0, the
    /// text hyphenates as with factor 1 wherever its language has a dictionary (H4).
    public var usesDefaultHyphenation = false

    /// The factor hyphenation uses (H3, H4), 0…1.
    public var effectiveHyphenationFactor: Float {
        hyphenationFactor > 0 ? hyphenationFactor : (usesDefaultHyphenation ? 1 : 0)
    }

    /// NSParagraphStyle's default stops: 12, 28 pt apart (Apple: `NSParagraphStyle.tabStops`, "12
    /// left-aligned tabs"), `.natural` so that they lead in either direction (P10).
    public static let defaultTabStops: [TextTab] = (1...12).map { TextTab(alignment: .natural, location: CGFloat($0) * 28) }

    /// `NSParagraphStyle.default`.
    public static let `default` = ParagraphStyle()

    public init() {}

    /// Whether the style changes nothing a plain text's layout reports (everything but the line-break
    /// mode and strategy, which `layout` takes as its own parameters, and the tab stops, which only a text
    /// with a tab reads).
    var isPlain: Bool {
        lineSpacing == 0 && paragraphSpacing == 0 && paragraphSpacingBefore == 0 && lineHeightMultiple == 0
            && minimumLineHeight == 0 && maximumLineHeight == 0 && alignment.resolved() == .left
            && alignment != .justified && firstLineHeadIndent == 0 && headIndent == 0 && tailIndent == 0
    }

    /// Checks every number: spacing, heights, multiples and head indents ≥ 0 and finite, the tail indent
    /// finite, the maximum line height not below the minimum, tab locations finite and ≥ 0, column
    /// terminators not empty.
    /// - Throws: `ParagraphStyleError` naming the field.
    public func validate() throws {
        func check(_ value: CGFloat, _ field: String) throws {
            guard value.isFinite, value >= 0 else {
                throw ParagraphStyleError.invalidValue(field: field, value: Double(value))
            }
        }
        try check(lineSpacing, "lineSpacing")
        try check(paragraphSpacing, "paragraphSpacing")
        try check(paragraphSpacingBefore, "paragraphSpacingBefore")
        try check(lineHeightMultiple, "lineHeightMultiple")
        try check(minimumLineHeight, "minimumLineHeight")
        try check(maximumLineHeight, "maximumLineHeight")
        try check(firstLineHeadIndent, "firstLineHeadIndent")
        try check(headIndent, "headIndent")
        try check(defaultTabInterval, "defaultTabInterval")
        guard hyphenationFactor.isFinite, (0...1).contains(hyphenationFactor) else {
            throw ParagraphStyleError.invalidValue(field: "hyphenationFactor", value: Double(hyphenationFactor))
        }
        guard tailIndent.isFinite else {
            throw ParagraphStyleError.invalidValue(field: "tailIndent", value: Double(tailIndent))
        }
        if maximumLineHeight > 0, maximumLineHeight < minimumLineHeight {
            throw ParagraphStyleError.maximumBelowMinimum(
                minimum: Double(minimumLineHeight), maximum: Double(maximumLineHeight))
        }
        for tab in tabStops {
            try check(tab.location, "tabStops.location")
            if let terminators = tab.columnTerminators, terminators.isEmpty {
                throw ParagraphStyleError.emptyColumnTerminators(field: "tabStops.columnTerminators")
            }
        }
        // Points beyond 1e7 overflow nothing but are always a caller's bug; a bound keeps unit arithmetic exact.
        // The list naming the field is built only for a value past the bound: every label measuring
        // checks its style, and the list's allocation was most of the check's cost.
        // (Pairs: the variadic `max` would build an array too.)
        var largest = max(max(lineSpacing, paragraphSpacing), max(paragraphSpacingBefore, minimumLineHeight))
        largest = max(largest, max(max(maximumLineHeight, firstLineHeadIndent), max(headIndent, abs(tailIndent))))
        largest = max(largest, max(lineHeightMultiple, defaultTabInterval))
        guard largest > ParagraphStyle.largestValue else { return }
        for (value, field) in [
            (lineSpacing, "lineSpacing"), (paragraphSpacing, "paragraphSpacing"),
            (paragraphSpacingBefore, "paragraphSpacingBefore"), (minimumLineHeight, "minimumLineHeight"),
            (maximumLineHeight, "maximumLineHeight"), (firstLineHeadIndent, "firstLineHeadIndent"),
            (headIndent, "headIndent"), (abs(tailIndent), "tailIndent"), (lineHeightMultiple, "lineHeightMultiple"),
            (defaultTabInterval, "defaultTabInterval"),
        ] where value > ParagraphStyle.largestValue {
            throw ParagraphStyleError.tooLarge(field: field, value: Double(value))
        }
    }

    /// The largest spacing, height, indent or multiple accepted (points, or a factor).
    public static let largestValue: CGFloat = 1_000_000
}

/// Why a `ParagraphStyle` was refused; each message names the field and what is valid.
public enum ParagraphStyleError: TextFitError, Equatable, Sendable {
    /// A spacing, height, multiple, head indent or tab location that is negative, NaN or infinite (or a
    /// tail indent that is not finite).
    case invalidValue(field: String, value: Double)
    /// A value above `ParagraphStyle.largestValue`.
    case tooLarge(field: String, value: Double)
    /// `maximumLineHeight` > 0 below `minimumLineHeight`.
    case maximumBelowMinimum(minimum: Double, maximum: Double)
    /// A tab stop whose `columnTerminators` is an empty set (nil means none; P10).
    case emptyColumnTerminators(field: String)

    public var description: String {
        switch self {
        case .invalidValue(let field, let value):
            if field == "hyphenationFactor" { return "field 'hyphenationFactor' must be a number from 0 to 1, got \(value)" }
            return field == "tailIndent"
                ? "field 'tailIndent' must be a finite number of points, got \(value)"
                : "field '\(field)' must be a finite number >= 0, got \(value)"
        case .tooLarge(let field, let value):
            return "field '\(field)' must be at most \(Double(ParagraphStyle.largestValue)), got \(value)"
        case .maximumBelowMinimum(let minimum, let maximum):
            return "field 'maximumLineHeight' (\(maximum)) must be 0 (no limit) or >= minimumLineHeight (\(minimum))"
        case .emptyColumnTerminators(let field):
            return "field '\(field)' must hold at least one character (or be absent for none)"
        }
    }
}
