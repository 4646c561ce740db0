import Foundation
import TextFit

extension _FuzzEntries {
    /// Per-line widths, the line walker and a text container decoded from fuzz bytes (`FuzzLineWidths`),
    /// then a styled text (`StyledInput`) to lay out in them.
    public struct LineWidthsInput: CustomStringConvertible, Sendable {
        public var widths: [CGFloat]
        public var container: TextContainer
        public var text: StyledInput

        public var description: String { "widths \(widths) container \(container) \(text)" }
    }

    /// Byte layout (missing bytes read as 0): 0 the number of widths (mod 6; 0 is the empty list, refused);
    /// one byte per width (× 2 pt; 0 unbounded, 255 NaN, 254 −1: refused); the container's width (two
    /// bytes / 8 pt; 0 refused), height (one byte × 4 pt; 0 unbounded), padding (/ 4 pt; 255 −1, refused)
    /// and the number of exclusions (mod 4), each a kind byte (rect, ellipse, rounded rect; 0xFF a NaN
    /// rect) and x, y, width, height (× 2 pt) and a radius; then the styled text (`decodeStyledInput`).
    public static func decodeLineWidthsInput(_ bytes: [UInt8]) -> LineWidthsInput {
        var reader = ByteReader(bytes: bytes)
        let widths = (0..<Int(reader.next() % 6)).map { _ -> CGFloat in
            switch reader.next() {
            case 255: return .nan
            case 254: return -1
            case let byte: return CGFloat(byte) * 2
            }
        }
        let high = reader.next(), low = reader.next()
        let width = CGFloat(Int(high) << 8 | Int(low)) / 8
        let height = CGFloat(reader.next()) * 4
        let paddingByte = reader.next()
        var container = TextContainer(
            size: CGSize(width: width, height: height),
            lineFragmentPadding: paddingByte == 255 ? -1 : CGFloat(paddingByte) / 4)
        for _ in 0..<Int(reader.next() % 4) {
            let kind = reader.next()
            let rect = CGRect(
                x: CGFloat(reader.next()) * 2, y: CGFloat(reader.next()) * 2, width: CGFloat(reader.next()) * 2,
                height: CGFloat(reader.next()) * 2)
            let radius = CGFloat(reader.next()) / 2
            switch kind % 4 {
            case 0: container.exclusionPaths.append(.rect(rect))
            case 1: container.exclusionPaths.append(.ellipse(in: rect))
            case 2: container.exclusionPaths.append(.roundedRect(rect, cornerRadius: radius))
            default:
                container.exclusionPaths.append(
                    .rect(kind == 0xFF ? CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1) : rect))
            }
        }
        return LineWidthsInput(widths: widths, container: container, text: decodeStyledInput(&reader))
    }

    /// `FuzzLineWidths`: returns the broken invariants (docs/fuzzing.md, "FuzzLineWidths"): `layout(widths:)`
    /// refuses exactly an empty list and NaN or negative widths, its lines tile the text and fit their own
    /// width (W8); one width gives `layout(width:)`'s lines; a walk of the same widths gives the same
    /// lines, and with one width the same rects and baselines (G1, G2); `layout(in:)` refuses exactly a
    /// bad container, and its lines tile the text up to `nextOffset`, fit their fragments, whose free
    /// interval lies in the container and clear of every exclusion (G4–G8).
    public static func lineWidths(_ bytes: [UInt8]) -> [String] {
        let input = decodeLineWidthsInput(bytes)
        var problems: [String] = []
        guard let prepared = prepareStyled(input.text, &problems) else { return problems }
        problems += checkListedWidths(prepared, input)
        problems += checkContainer(prepared, input)
        return problems
    }

    private static func width(_ width: CGFloat) -> CGFloat? { width == 0 ? nil : width }

    private static func checkListedWidths(_ prepared: PreparedText, _ input: LineWidthsInput) -> [String] {
        let text = input.text
        let layout: TextLayout
        do {
            layout = try prepared.layout(
                widths: input.widths, numberOfLines: text.maxLines, lineBreakMode: text.mode,
                lineBreakStrategy: text.strategy)
        } catch let error as MeasureError {
            let refused = input.widths.isEmpty || input.widths.contains { $0.isNaN || $0 < 0 }
            return refused ? [] : ["layout(widths:) threw \(error)"]
        } catch {
            return ["layout(widths:) threw \(error)"]
        }
        if input.widths.isEmpty || input.widths.contains(where: { $0.isNaN || $0 < 0 }) {
            return ["layout(widths: \(input.widths)) was accepted"]
        }
        let widths = input.widths
        var problems = checkStyledLines(Array(layout.lines), prepared, text, isTruncated: layout.isTruncated) { index in
            width(widths[min(index, widths.count - 1)])
        }
        do {
            // One width: exactly `layout(width:)` (W8), and the walk at that width (G2), rects included.
            let one = try prepared.layout(
                width: width(widths[0]), numberOfLines: text.maxLines, lineBreakMode: text.mode,
                lineBreakStrategy: text.strategy)
            let listed = try prepared.layout(
                widths: [widths[0], widths[0]], numberOfLines: text.maxLines, lineBreakMode: text.mode,
                lineBreakStrategy: text.strategy)
            if !sameLines(one, listed) || one.lines.map(\.rect) != listed.lines.map(\.rect) {
                problems.append("layout(widths: [\(widths[0]), \(widths[0])]) differs from layout(width:)")
            }
            let constant = try walk(prepared, text) { _ in width(widths[0]) }
            problems += constantWalkProblems(constant.lines, isTruncated: constant.isTruncated, one, width: width(widths[0]))
            // Listed widths: the walk of the same widths gives the same lines (G2), unless push-out looks
            // ahead at a width the walker does not know yet (G3).
            if text.strategy.isEmpty || Set(widths).count == 1 {
                let walked = try walk(prepared, text) { index in width(widths[min(index, widths.count - 1)]) }
                if walked.lines.map(\.range) != layout.lines.map(\.range)
                    || walked.lines.map(\.width) != layout.lines.map(\.width) || walked.isTruncated != layout.isTruncated
                {
                    problems.append(
                        "the walk of \(widths) gives \(walked.lines.map(\.range)) truncated \(walked.isTruncated), "
                            + "layout(widths:) \(layout.lines.map(\.range)) truncated \(layout.isTruncated)")
                }
            }
        } catch {
            problems.append("a layout or walk of valid widths threw \(error)")
        }
        return problems
    }

    /// G2 and G3: how a walk at one `width` throughout (its `lines` and truncation) differs from
    /// `layout`, that width's layout; empty when it does not. Ranges, widths, ellipses, baselines, heights,
    /// tops and truncation are the layout's. So is x at a bounded width; at an unbounded one (nil, 0,
    /// +infinity, B7) a walked line is placed in a box its own width (G3) and the layout's lines in one as
    /// wide as the widest, so a line its paragraph puts right of the box's left edge (a right-to-left
    /// paragraph, a centred or right alignment) may lie further right in the layout: by at least 0 and at
    /// most what keeps it in the layout's box (G10).
    public static func constantWalkProblems(
        _ lines: [TextLine], isTruncated: Bool, _ layout: TextLayout, width: CGFloat?
    ) -> [String] {
        let unbounded = width.map { $0 == 0 || $0.isUnboundedTextDimension } ?? true
        var problems: [String] = []
        if lines.count != layout.lines.count || isTruncated != layout.isTruncated {
            problems.append(
                "the walk at \(width.map { "\($0)" } ?? "nil") gives \(lines.map(\.range)) truncated \(isTruncated), "
                    + "layout(width:) \(layout.lines.map(\.range)) truncated \(layout.isTruncated)")
            return problems
        }
        for (index, (walked, laid)) in zip(lines, layout.lines).enumerated() {
            var same =
                walked.range == laid.range && walked.width == laid.width && walked.ellipsis == laid.ellipsis
                && walked.visibleRanges == laid.visibleRanges && walked.baseline == laid.baseline
                && walked.rect.minY == laid.rect.minY && walked.rect.size == laid.rect.size
            if unbounded {
                let shift = laid.rect.minX - walked.rect.minX
                // A line the layout moves right stays in its box; one it leaves where the walk put it is
                // the walk's answer, whatever the box (a paragraph style's indents may reach past it).
                same = same && (shift == 0 || (shift > 0 && laid.rect.maxX <= layout.size.width + 1e-9))
            } else {
                same = same && walked.rect.minX == laid.rect.minX
            }
            if !same {
                problems.append(
                    "the walk at \(width.map { "\($0)" } ?? "nil"), line \(index): \(walked.range) \(walked.rect) "
                        + "baseline \(walked.baseline); layout(width:) \(laid.range) \(laid.rect) baseline \(laid.baseline)")
            }
        }
        return problems
    }

    private static func walk(
        _ prepared: PreparedText, _ text: StyledInput, width: (Int) -> CGFloat?
    ) throws -> (lines: [TextLine], isTruncated: Bool) {
        var walker = try prepared.lines(
            numberOfLines: text.maxLines, lineBreakMode: text.mode, lineBreakStrategy: text.strategy)
        var lines: [TextLine] = []
        while let line = try walker.next(width: width(lines.count)) {
            lines.append(line)
            if lines.count > prepared.utf16Count + 2 { break }  // a walk that never ends is a finding: stop it
        }
        return (lines, walker.isTruncated)
    }
}
