import Foundation

/// Lines laid out in a `TextContainer` (rules G4–G8): each line with its line fragment, the free part of
/// the container at the line's height.
///
/// ```swift
/// let layout = try prepared.layout(in: container)
/// for (line, fragment) in zip(layout.lines, layout.lineFragmentRects) { print(line.rect, fragment) }
/// ```
public struct ContainerLayout: Sendable, Equatable {
    /// The container the text was laid out in.
    public let container: TextContainer
    /// The lines, top to bottom, their rects in the container's coordinates: x is the fragment's left edge
    /// plus the padding (plus the line's alignment within the fragment), y its top.
    public let lines: [TextLine]
    /// Each line's fragment (TextKit's line fragment rect): the widest free interval at the line's height,
    /// padding included, one line tall.
    public let lineFragmentRects: [CGRect]
    /// Some text is not shown: the container's height or the line limit ended the lines, or the last line
    /// was truncated.
    public let isTruncated: Bool
    /// Where the text not shown starts (the text's length when all of it is shown): the place to continue
    /// in a next container, as TextKit's containers chain.
    public let nextOffset: Int

    /// The union of the lines' rects (TextKit's `usedRect(for:)`), `.zero` without lines.
    public var usedRect: CGRect {
        lines.map(\.rect).reduce(nil) { union, rect in union.map { $0.union(rect) } ?? rect } ?? .zero
    }
}

extension PreparedText {
    /// Lays the text out in `container`, flowing around its exclusion paths as TextKit does (G4–G8).
    ///
    /// ```swift
    /// var container = TextContainer(size: CGSize(width: 300, height: 0))
    /// container.exclusionPaths = [.rect(CGRect(x: 0, y: 0, width: 48, height: 48))]  // a drop cap
    /// let layout = try prepared.layout(in: container)
    /// ```
    /// Each line, in turn, is offered the band from where it starts down one line height; the exclusions
    /// that reach into the band block the x-ranges they cover, and the line goes in the widest free
    /// interval, less the padding at both ends (G4–G6). A band with no room moves down until one has
    /// (G7); a line taller than the band it was offered (a larger run) is offered its own height again.
    /// - Parameters:
    ///   - container: the size, exclusions and padding.
    ///   - numberOfLines: the most lines, 0 for no limit, as `layout(width:…)`; the last permitted line is
    ///     truncated in its own fragment (T2–T5).
    ///   - lineBreakMode: wrapping and truncation, as `layout(width:…)`.
    ///   - lineBreakStrategy: push-out and Hangul word priority, as `layout(width:…)`.
    /// - Returns: the lines, their fragments, whether text was left out and where it starts.
    /// - Throws: `TextContainerError` for a bad container (a width not > 2 × the padding leaves no room:
    ///   `.invalidPadding`), `MeasureError.invalidNumberOfLines` for a negative count.
    /// - Complexity: O(lines × exclusions) above the walk; a line searching down past exclusions takes
    ///   steps of a quarter line while curves free room, then jumps to the next exclusion's bottom.
    public func layout(
        in container: TextContainer, numberOfLines: Int = 0,
        lineBreakMode: LineBreakMode = .byWordWrapping,
        lineBreakStrategy: LineBreakStrategy = []
    ) throws -> ContainerLayout {
        try container.validate()
        let padding = container.lineFragmentPadding
        guard container.size.width > 2 * padding else {
            throw TextContainerError.invalidPadding(Double(padding))
        }
        var walker = try lines(
            numberOfLines: numberOfLines, lineBreakMode: lineBreakMode,
            lineBreakStrategy: lineBreakStrategy)
        var lines: [TextLine] = []
        var fragments: [CGRect] = []
        // Steps down the current line has taken looking for room (G7), counted across its bands.
        var steps = 0
        walk: while !walker.isFinished {
            let top = walker.nextLineTop
            var height = lineHeight
            var tries = 0
            while true {
                if let bottom = container.bottom, top + height > bottom {
                    break walk
                }
                guard let free = container.widestFreeInterval(top: top, bottom: top + height),
                    free.upperBound - free.lowerBound - 2 * padding >= 1.0 / 1024
                else {
                    // G7: no room at this height; further down, in small steps while curves open up,
                    // then from exclusion bottom to exclusion bottom (so a huge shape is no hang).
                    steps += 1
                    // Far out (coordinates past 2^53 pt, where a step no longer moves the line) the search
                    // gives up: the rest of the text is not shown, as below a full container.
                    guard steps < 4_096, top.isFinite else { break walk }
                    let step = container.stepDown(top: top, bottom: top + height, gradual: steps < 256)
                    try walker.advance(by: step)
                    continue walk
                }
                var trial = walker
                guard let line = try trial.next(width: free.upperBound - free.lowerBound - 2 * padding) else {
                    walker = trial
                    break walk
                }
                // A line taller than its band (a larger run) is offered a band of its own height, twice at most.
                if line.rect.height > height, tries < 2 {
                    height = line.rect.height
                    tries += 1
                    continue
                }
                if let bottom = container.bottom, line.rect.maxY > bottom {
                    break walk
                }
                walker = trial
                steps = 0
                let x = free.lowerBound + padding
                lines.append(line.moved(by: x))
                fragments.append(
                    CGRect(
                        x: free.lowerBound, y: line.rect.minY, width: free.upperBound - free.lowerBound,
                        height: line.rect.height))
                continue walk
            }
        }
        let nextOffset: Int
        if !walker.isFinished {
            nextOffset = walker.nextOffset
        } else if walker.isTruncated {
            nextOffset = lines.last?.range.upperBound ?? 0
        } else {
            nextOffset = utf16Count
        }
        return ContainerLayout(
            container: container, lines: lines, lineFragmentRects: fragments,
            isTruncated: walker.isTruncated || !walker.isFinished, nextOffset: nextOffset)
    }
}

extension TextLine {
    /// The same line `dx` points to the right.
    func moved(by dx: CGFloat) -> TextLine {
        TextLine(
            range: range, width: width, widthIncludingTrailingWhitespace: widthIncludingTrailingWhitespace,
            baseline: baseline, rect: rect.offsetBy(dx: dx, dy: 0), ellipsis: ellipsis, isTruncated: isTruncated,
            preparedText: preparedText, visible: visible, suffix: suffix)
    }
}
