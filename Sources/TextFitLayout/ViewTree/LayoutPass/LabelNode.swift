import Foundation

/// A label in the view tree, like a `UILabel` laid out with frames: TextFit's `Label` measures it.
///
/// Changing `text`, `font`, `numberOfLines` or `lineBreakMode` invalidates its intrinsic size and marks
/// its superview as needing layout. Measured sizes are kept per proposed width until such a change, so
/// laying a cell out again at the same width does no text work (no shaping, no line breaking); the
/// prepared text itself is kept by `Label` until the text or font changes.
///
/// ```swift
/// let title = try LabelNode(text: "Hello", font: .systemFont(ofSize: 17), numberOfLines: 0)
/// try cell.addSubview(title)
/// let size = try title.sizeThatFits(CGSize(width: 200, height: 0))
/// title.text = "Hello again"      // the cell needs layout
/// ```
public final class LabelNode: LayoutNode {
    private var label: Label
    /// Sizes measured since the last change, by proposed width (single-line labels ignore the width): a
    /// short list searched in order, kept allocated across changes (a cell's label is re-measured for every
    /// row: a dictionary's hashing and its storage made anew per text cost more than the search).
    private var measured: [(width: CGFloat, size: CGSize)] = []
    /// The most widths remembered: a cell is laid out at one or two widths (portrait, landscape).
    private static let measuredCapacity = 8
    /// How many times the label was measured (not answered from `measured`), for the tests.
    var measurementCount = 0

    /// A label node.
    /// - Parameters:
    ///   - text: the text (`nil` or "" sizes to zero).
    ///   - font: the font.
    ///   - numberOfLines: the line limit, 0 = none (default 1, as UILabel).
    ///   - lineBreakMode: default `.byTruncatingTail`.
    ///   - scale: the pixel grid sizes round up to (default `Screen.main.scale`).
    ///   - name: a name for messages.
    public init(
        text: String? = nil, font: Font, numberOfLines: Int = 1,
        lineBreakMode: LineBreakMode = .byTruncatingTail, scale: CGFloat? = nil, name: String = "label"
    ) {
        label = Label(text: text, font: font, numberOfLines: numberOfLines, lineBreakMode: lineBreakMode, scale: scale)
        super.init(name: name)
    }

    /// The text; a change invalidates the size and marks the superview.
    public var text: String? {
        get { label.text }
        set { if newValue != label.text { label.text = newValue; invalidateIntrinsicContentSize() } }
    }
    /// The styled text (`Label.attributedText`); a change invalidates the size and marks the superview.
    ///
    /// ```swift
    /// cell.titleLabel.attributedText = try StyledText("Ada", attributes: TextAttributes(font: bold), font: body)
    /// ```
    public var attributedText: StyledText? {
        get { label.attributedText }
        set { if newValue != label.attributedText { label.attributedText = newValue; invalidateIntrinsicContentSize() } }
    }
    /// The font; a change invalidates the size and marks the superview.
    public var font: Font {
        get { label.font }
        set { if newValue != label.font { label.font = newValue; invalidateIntrinsicContentSize() } }
    }
    /// The line limit (0 = none); a change invalidates the size and marks the superview.
    public var numberOfLines: Int {
        get { label.numberOfLines }
        set { if newValue != label.numberOfLines { label.numberOfLines = newValue; invalidateIntrinsicContentSize() } }
    }
    /// How the last line is cut; a change invalidates the size and marks the superview.
    public var lineBreakMode: LineBreakMode {
        get { label.lineBreakMode }
        set { if newValue != label.lineBreakMode { label.lineBreakMode = newValue; invalidateIntrinsicContentSize() } }
    }

    /// The label's value (text, font, line limit, the prepared text).
    public var labelValue: Label { label }

    /// Forgets the measured sizes and marks the superview.
    public override func invalidateIntrinsicContentSize() {
        measured.removeAll(keepingCapacity: true)
        super.invalidateIntrinsicContentSize()
    }

    /// `Label.sizeThatFits` (rule L2), remembered per proposed width until the label changes.
    /// - Throws: `MeasureError.invalidWidth` (NaN or negative width), `.invalidNumberOfLines`, `.invalidScale`.
    public override func sizeThatFits(_ size: CGSize) throws -> CGSize {
        let key = numberOfLines == 1 && size.width.isFinite && size.width >= 0 ? 0 : size.width
        // Compared with ==, as a dictionary compares its keys (0 and −0 alike, NaN never).
        for entry in measured where entry.width == key { return entry.size }
        let fitted = try label.sizeThatFits(size)
        measurementCount += 1
        if measured.count >= Self.measuredCapacity { measured.removeAll(keepingCapacity: true) }
        measured.append((key, fitted))
        return fitted
    }
}
