import Foundation
import Synchronization

/// What a styled `PreparedText` keeps beyond a plain one: its distinct attribute sets (`Style`), which
/// run of the text has which, and each style's vertical metrics for the line box (rule S6). A plain text
/// has none (`PreparedText.styling` is nil), so nothing here is on its path.
final class Styling: Sendable {
    /// One distinct set of resolved attributes.
    struct Style: Sendable, Hashable {
        var font: Font
        var kern: CGFloat
        var baselineOffset: CGFloat
        var foregroundColor: TextColor?
        var attachment: TextAttachment?
        /// Points after each cluster that hang at a line's end (O7, O9); 0: none.
        var tracking: CGFloat = 0
    }

    /// A style's or a line's extent around the baseline, points: ascent up, descent down (both usually
    /// positive), and the leading below.
    struct VerticalMetrics: Sendable, Equatable {
        var ascent: CGFloat
        var descent: CGFloat
        var leading: CGFloat
    }

    /// A line box's height and its baseline below its top (P1–P3, P6), as `ParagraphGeometry.lineBox` gives it.
    typealias LineBox = (height: CGFloat, baseline: CGFloat)

    let styles: [Style]
    /// Run `i` covers `runStarts[i] ..< runStarts[i + 1]` (the last to the text's end) in `styles[runStyles[i]]`.
    let runStarts: [Int]
    let runStyles: [UInt16]
    /// Per style: its kern in 1/1024 pt, its attachment's width in 1/1024 pt (−1: no attachment), its
    /// vertical metrics, and its font's line height when it has no offset and no attachment (then a line
    /// in it alone is exactly as tall as a plain line, F3), else nil.
    let kernUnits: [Int32]
    /// Per style: its tracking in 1/1024 pt (O9), and whether any style has some.
    let trackingUnits: [Int32]
    let hasTracking: Bool
    let attachmentWidths: [Int32]
    /// Per style: its baseline offset in 1/1024 pt, which raises its glyphs when drawn (S4).
    let baselineUnits: [Int32]
    let metrics: [VerticalMetrics]
    let plainLineHeights: [CGFloat?]
    /// Whether preparation must change anything the plain pass shaped: more than one style, a kern or an
    /// attachment. One run of one font without kern measures exactly as plain text.
    let changesShaping: Bool
    /// Whether lines differ in height: more than one style, or one with an offset or attachment. Otherwise
    /// every line is the font's line height and a layout needs no line boxes (`StyledLineBoxes`).
    let needsLineBoxes: Bool
    /// Per style, the box of a line in that style alone under the paragraph style the text was prepared
    /// with (`ParagraphGeometry.lineBox` of `lineBox(_:_:)`'s metrics, with the leading), when lines differ
    /// in height (`needsLineBoxes`): what `ParagraphLineBoxes` reads for every line inside one run, instead
    /// of walking the runs again at each width.
    /// After the styles' boxes, at `styles.count + i`, the box of a line from run `i` into run `i + 1` but
    /// not past it (`edgeBox(_:)`): the line across one edge that `ParagraphLineBoxes` meets at every
    /// width, without walking the runs.
    let lineBoxes: [LineBox]?
    /// Per block of runs, what a measure's run cursor reads (`RunBoxMeasurer`) when lines differ in height:
    /// the heights of `lineBoxes` laid out by block, so moving the cursor is one read. Empty otherwise.
    /// A block is a longest stretch of runs whose styles have equal vertical metrics and plain line
    /// heights (a colour, a kern, a link, often a weight): any line's box is the same whichever of them it
    /// touches (`lineBox(fromRun:end:)` keeps the first style on a tie, and those styles' boxes are equal),
    /// so the cursor moves, and adds the heights of the lines it passed, only where the height can change.
    /// Memory of the styling's own, allocated once and freed in `deinit`, so a measure may hold its address
    /// for as long as it holds the styling (an array's buffer is only promised inside
    /// `withUnsafeBufferPointer`). Never written after `init`, hence safe to share.
    nonisolated(unsafe) let runHeights: UnsafeBufferPointer<RunHeights>

    /// Block `i`'s cursor: where it starts (`Int.min` for the first block), where the next block starts and
    /// the one after it (`Int.max` past the last), the height of a line inside it and of a line from it into
    /// the next block but not past that (`edgeBox(_:)` of its last run; the block's own past the last
    /// block), and its first run, from which `lineBox(fromRun:end:)` gives any box of a line starting in it.
    struct RunHeights: Sendable {
        var start: Int
        var next: Int
        var crossEnd: Int
        var height: CGFloat
        var edgeHeight: CGFloat
        var firstRun: Int
    }
    /// The text's UTF-16 length.
    let count: Int
    /// Each style's "…" width once a line was truncated (`ellipsisWidths()`).
    /// 0 until a line was first truncated, then the address of `styles.count + 1` widths: each style's
    /// "…" in 1/1024 pt, then the narrowest (`ellipsisWidthTable()`). Written once (a race shapes the
    /// same values twice and frees the loser's), freed in `deinit`.
    let ellipsisWidthMemo = Atomic<UInt>(0)

    deinit {
        UnsafeMutablePointer<Int>(bitPattern: ellipsisWidthMemo.load(ordering: .acquiring))?.deallocate()
        runHeights.deallocate()
    }

    init(styles: [Style], runStarts: [Int], runStyles: [UInt16], count: Int, paragraphStyle: ParagraphStyle = .default) {
        self.styles = styles
        self.runStarts = runStarts
        self.runStyles = runStyles
        self.count = count
        kernUnits = styles.map { Int32(($0.kern * CGFloat(Units.perPoint)).rounded()) }
        trackingUnits = styles.map { Int32(($0.tracking * CGFloat(Units.perPoint)).rounded()) }
        hasTracking = trackingUnits.contains { $0 != 0 }
        attachmentWidths = styles.map { style in
            style.attachment.map { Int32(($0.width * CGFloat(Units.perPoint)).rounded()) } ?? -1
        }
        baselineUnits = styles.map { Int32(($0.baselineOffset * CGFloat(Units.perPoint)).rounded()) }
        let metrics = styles.map(Self.metrics)
        let plainLineHeights = styles.map { $0.baselineOffset == 0 && $0.attachment == nil ? $0.font.lineHeight : nil }
        self.metrics = metrics
        self.plainLineHeights = plainLineHeights
        changesShaping =
            styles.count > 1 || styles.contains { $0.kern != 0 || $0.tracking != 0 || $0.attachment != nil }
        needsLineBoxes = styles.count > 1 || plainLineHeights.first.map { $0 == nil } ?? false
        if needsLineBoxes {
            // As `lineBox(_:_:)` answers for a line in one style alone, then `verticalMetrics(ofLine:)`; then
            // per run edge the same sum `lineBox(fromRun:end:)` makes for a line ending inside the run after
            // it, so equal to the bit. One array: a second allocation cost a three-run text's preparation
            // about 200 instructions (callgrind).
            let rule = LineHeightRule(paragraphStyle)
            var boxes: [LineBox] = []
            boxes.reserveCapacity(styles.count + max(runStarts.count - 1, 0))
            for (box, plain) in zip(metrics, plainLineHeights) {
                boxes.append(Self.placed((box, plain ?? box.ascent + box.descent + box.leading), rule))
            }
            for run in 0..<max(runStarts.count - 1, 0) {
                boxes.append(
                    Self.placed(
                        Self.lineBox(
                            fromRun: run, end: runStarts[run + 1] + 1, runStarts: runStarts,
                            runStyles: runStyles, metrics: metrics,
                            plainLineHeights: plainLineHeights), rule))
            }
            lineBoxes = boxes
            // A run starts a block where its style's box differs from the run before's. One pass writes
            // each block's start, first run and height into memory sized for one block a run, the next
            // fills in what the block after gives (with no array between: a three-run text's preparation
            // paid about 300 instructions for one, callgrind).
            let heights = UnsafeMutableBufferPointer<RunHeights>.allocate(capacity: runStarts.count)
            var blockCount = 0
            for run in runStarts.indices {
                let style = Int(runStyles[run])
                if run > 0 {
                    let previous = Int(runStyles[run - 1])
                    guard metrics[style] != metrics[previous] || plainLineHeights[style] != plainLineHeights[previous]
                    else { continue }
                }
                let height = boxes[style].height
                heights.initializeElement(
                    at: blockCount,
                    to: RunHeights(
                        start: blockCount == 0 ? Int.min : runStarts[run], next: .max, crossEnd: .max,
                        height: height, edgeHeight: height, firstRun: run))
                blockCount += 1
            }
            for block in 0..<max(blockCount - 1, 0) {
                let after = heights[block + 1]
                heights[block].next = after.start
                heights[block].edgeHeight = boxes[styles.count + after.firstRun - 1].height
                if block + 2 < blockCount { heights[block].crossEnd = heights[block + 2].start }
            }
            runHeights = UnsafeBufferPointer(rebasing: heights[..<blockCount])
        } else {
            lineBoxes = nil
            runHeights = UnsafeBufferPointer(start: nil, count: 0)
        }
    }

    /// The box of a line from run `run` into run `run + 1` but not past it (`lineBoxes` non-nil).
    @inline(__always)
    func edgeBox(_ run: Int) -> LineBox { lineBoxes.unsafelyUnwrapped[styles.count &+ run] }

    private static func placed(_ box: (metrics: VerticalMetrics, height: CGFloat), _ rule: LineHeightRule) -> LineBox {
        ParagraphGeometry.lineBox(LineVerticalMetrics(box, includesLeading: true), rule)
    }

    /// S4, S5: a baseline offset moves the font's box up (ascent grows, descent shrinks); an attachment's
    /// box (from `baselineOffset` to `baselineOffset + height`) joins its character's font's box, as TextKit
    /// sizes a line fragment from the attachment character's font too.
    private static func metrics(_ style: Style) -> VerticalMetrics {
        let font = style.font
        var box = VerticalMetrics(
            ascent: font.ascender + style.baselineOffset, descent: -font.descender - style.baselineOffset,
            leading: font.leading)
        if let attachment = style.attachment {
            let bottom = attachment.baselineOffset
            box.ascent = max(box.ascent, bottom + attachment.height)
            box.descent = max(box.descent, -bottom)
        }
        return box
    }

    /// The index of the run holding `position` (the last run for the text's end).
    func runIndex(containing position: Int) -> Int {
        max(0, partitionPoint(from: 0, to: runStarts.count) { self.runStarts[$0] > position } - 1)
    }

    /// The style at `position`.
    func style(at position: Int) -> Style { styles[Int(runStyles[runIndex(containing: position)])] }

    /// The line box of a line covering `start..<end` (rule S6): the tallest ascent and the deepest descent
    /// of the runs it holds, and their largest leading; an empty line takes the style where it stands.
    /// A line in one style without offset is exactly its font's line height (F3).
    func lineBox(_ start: Int, _ end: Int) -> (metrics: VerticalMetrics, height: CGFloat) {
        lineBox(fromRun: runIndex(containing: min(start, max(count - 1, 0))), end: end)
    }

    /// `lineBox(_:_:)` of a line ending at `end` whose start lies in run `first` (for an empty line at the
    /// text's end, the last run): what `ParagraphLineBoxes` asks with the run it has followed the lines to.
    func lineBox(fromRun first: Int, end: Int) -> (metrics: VerticalMetrics, height: CGFloat) {
        Self.lineBox(
            fromRun: first, end: end, runStarts: runStarts, runStyles: runStyles, metrics: metrics,
            plainLineHeights: plainLineHeights)
    }

    /// `lineBox(fromRun:end:)` over the arrays, for `init` before `self` is whole.
    private static func lineBox(
        fromRun first: Int, end: Int, runStarts: [Int], runStyles: [UInt16],
        metrics: [VerticalMetrics], plainLineHeights: [CGFloat?]
    )
        -> (metrics: VerticalMetrics, height: CGFloat)
    {
        var index = first
        var box = metrics[Int(runStyles[index])]
        // The styles the ascent, descent and leading come from (the first on a tie): when one style gives
        // all three, the line is exactly that style's height.
        var (ascentStyle, descentStyle, leadingStyle) = (Int(runStyles[index]), Int(runStyles[index]), Int(runStyles[index]))
        index += 1
        while index < runStarts.count, runStarts[index] < end {
            let style = Int(runStyles[index])
            let m = metrics[style]
            if m.ascent > box.ascent { (box.ascent, ascentStyle) = (m.ascent, style) }
            if m.descent > box.descent { (box.descent, descentStyle) = (m.descent, style) }
            if m.leading > box.leading { (box.leading, leadingStyle) = (m.leading, style) }
            index += 1
        }
        if ascentStyle == descentStyle, descentStyle == leadingStyle, let plain = plainLineHeights[ascentStyle] {
            return (box, plain)
        }
        return (box, box.ascent + box.descent + box.leading)
    }
}
