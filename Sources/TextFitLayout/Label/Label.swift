import Foundation

/// A text label sized like `UILabel` (rules L1–L8, W6, T1–T7), as a `Sendable` value.
///
/// ```swift
/// var label = Label(text: "The quick brown fox jumps over the lazy dog.",
///                   font: try .systemFont(ofSize: 17))
/// try label.sizeThatFits(CGSize(width: 30, height: 0))   // one line, full width (L2: single-line ignores 30)
/// label.numberOfLines = 0
/// try label.sizeThatFits(CGSize(width: 150, height: 0))  // wrapped at 150, height = lines × lineHeight
/// label.frame = CGRect(x: 0, y: 0, width: 150, height: 0)
/// try label.sizeToFit()                                   // frame.size = sizeThatFits(bounds.size) (L3)
/// ```
///
/// Defaults follow L1: `numberOfLines` 1, `lineBreakMode` `.byTruncatingTail`, `lineBreakStrategy`
/// `.standard` (W6: a label avoids a lone word on a paragraph's last line, string measurement does not),
/// `preferredMaxLayoutWidth` 0. `Label(text:)` uses the system font (bundled Noto Sans) at 17 pt.
///
/// The label keeps its `PreparedText` until `text` or `font` changes, so sizing it at many widths shapes
/// the text once. Sizes are rounded up to the pixel grid of `scale` (1, 2 or 3; L2).
public struct Label: Sendable {
    /// The text; `nil` and "" size to zero (L2).
    public var text: String? {
        didSet {
            guard text != oldValue else { return }
            // Setting `text` drops `attributedText`'s attributes, as UILabel's does.
            if text != styledText?.string { styledText = nil }
            rebuildBox()
        }
    }
    /// The font; it alone sets the line height, even where fallback fonts draw glyphs (F6).
    public var font: Font {
        didSet { if font != oldValue { rebuildBox() } }
    }
    /// The paragraph style of `attributedText`'s paragraphs (P1–P10): spacing, alignment, indents, tabs.
    /// Checked when the label is measured (`ParagraphStyleError`). Default `ParagraphStyle()`.
    public var paragraphStyle = ParagraphStyle() {
        didSet { if paragraphStyle != oldValue { rebuildBox() } }
    }
    /// Whether a font that follows a Dynamic Type text style sets the lines at the style's leading from
    /// Apple's table (`Font.TextStyle.leading(for:)`, rule DT7) rather than at the font's line height (F3,
    /// what UILabel does with SF Pro). Default false. Label+TextStyleLeading.swift says why it exists.
    public var usesTextStyleLeading = false {
        didSet { if usesTextStyleLeading != oldValue { rebuildBox() } }
    }
    /// At most this many lines; 0 = no limit (T3). Default 1 (L1).
    public var numberOfLines: Int
    /// How the last visible line is cut (T2–T6); earlier lines always wrap by words. Default
    /// `.byTruncatingTail` (L1).
    public var lineBreakMode: LineBreakMode
    /// Line choice beyond break opportunities (W6). Default `.standard` (L1), unlike string measurement.
    public var lineBreakStrategy: LineBreakStrategy = .standard
    /// The width a multi-line label wraps at for `intrinsicContentSize` when > 0 (L4).
    public var preferredMaxLayoutWidth: CGFloat = 0
    /// The screen scale whose pixel grid sizes are rounded up to (L2): 1, 2 or 3.
    public var scale: CGFloat
    /// The label's frame; `sizeToFit()` changes its size and keeps its origin (L3).
    public var frame: CGRect = .zero
    /// Whether drawing shrinks the font, down to `minimumScaleFactor`, so the text fits the bounds
    /// (`Label+FontSizeFitting.swift`, rule Q4). Sizing (`sizeThatFits`, `intrinsicContentSize`) keeps the
    /// full size, as UIKit's does. Default false.
    public var adjustsFontSizeToFitWidth = false
    /// The smallest size drawing may shrink to, as a fraction of `font.pointSize`, from 0 to 1; 0 (the
    /// default) means no shrinking, as in UIKit.
    public var minimumScaleFactor: CGFloat = 0
    /// UIKit tightens letter spacing before truncating when this is set; TextFit does not model it
    /// (no effect on layout), see uikit-semantics.md Q6. Default false.
    public var allowsDefaultTighteningForTruncation = false
    /// Whether the font follows the content size category (`setContentSizeCategory`, rule DT5): only a
    /// font with a text style (`Font.preferredFont(forTextStyle:)`, `FontMetrics.scaledFont`) changes, as
    /// in UIKit. Default false.
    public var adjustsFontForContentSizeCategory = false
    /// The token a truncated line shows instead of "…" (rules T8–T16), in its own style: "… Read more" in
    /// bold or a link colour. nil (the default) is UIKit's "…". Sizing and drawing honour it; the token's
    /// box is `drawing(in:).ellipsis?.rect`, to make it tappable. A token with a line break is refused
    /// where the label is measured (`MeasureError.truncationTokenHasLineBreak`).
    ///
    /// ```swift
    /// var label = Label(text: "Great coffee, friendly staff, the best croissants in town.", font: try .systemFont(ofSize: 17))
    /// label.truncationToken = try StyledText("… more", font: try .systemFont(ofSize: 17, weight: .bold))
    /// label.frame = CGRect(x: 0, y: 0, width: 200, height: 25)
    /// try label.drawing().lines[0].text   // ends with "… more"
    /// ```
    public var truncationToken: StyledText? {
        didSet { if truncationToken != oldValue { rebuildBox() } }
    }
    /// The content size category the label was last given (`setContentSizeCategory`); default `.large`.
    public internal(set) var contentSizeCategory: ContentSizeCategory = .large

    private var box: PreparedTextBox
    /// `attributedText` (Label+AttributedText.swift).
    var styledText: StyledText?

    /// A new preparation for the current text, font, paragraph style and attributes.
    mutating func rebuildBox() {
        box = PreparedTextBox(
            text: text ?? "", font: font, paragraphStyle: effectiveParagraphStyle, styled: styledText,
            token: truncationToken)
    }

    /// Throws what preparing `attributedText` or `truncationToken` threw (a run inside a cluster, too many
    /// styles, a token with a line break).
    func checkPreparation() throws { try box.check() }

    /// A label in `font`.
    /// - Parameters:
    ///   - text: the text; `nil` or "" measure as zero.
    ///   - font: the label's font.
    ///   - numberOfLines: at most this many lines, 0 = unlimited (default 1, L1).
    ///   - lineBreakMode: default `.byTruncatingTail` (L1).
    ///   - scale: pixel grid for rounding (default `Screen.main.scale`, 1 unless set).
    public init(
        text: String? = nil, font: Font, numberOfLines: Int = 1,
        lineBreakMode: LineBreakMode = .byTruncatingTail, scale: CGFloat? = nil
    ) {
        self.text = text
        self.font = font
        self.numberOfLines = numberOfLines
        self.lineBreakMode = lineBreakMode
        self.scale = scale ?? Screen.layoutScale
        self.box = PreparedTextBox(text: text ?? "", font: font)
    }

    /// A label in the system font at 17 pt, UILabel's default (L1).
    /// - Throws: `FontError` when the bundled fonts cannot be found.
    public init(text: String? = nil) throws {
        self.init(text: text, font: try Font.systemFont(ofSize: 17))
    }

    /// The label's bounds: its frame's size at the origin.
    public var bounds: CGRect { CGRect(origin: .zero, size: frame.size) }

    /// The label's text prepared in its font, shaped on first use and kept until `text` or `font` changes.
    public var preparedText: PreparedText { box.prepared }

    /// The same label set in `font`, keeping `prepared`, the text prepared in it (font-size fitting).
    func settingFont(_ font: Font, preparedText prepared: PreparedText) -> Label {
        var label = self
        label.font = font
        label.box = PreparedTextBox(prepared: prepared)
        return label
    }

    /// Whether the text is empty (`nil` or "").
    var isEmpty: Bool { text?.isEmpty ?? true }
}
