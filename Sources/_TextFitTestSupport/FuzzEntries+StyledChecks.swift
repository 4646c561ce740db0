import Foundation
import TextFit

extension _FuzzEntries {
    /// `FuzzStyled`: prepares the decoded styled text under its paragraph style and lays it out; returns the
    /// broken invariants (docs/fuzzing.md, "FuzzStyled"): only the documented errors; lines tile the text,
    /// fit their room (the width less the indents, P9) unless one cluster, with finite widths ≥ 0 and finite
    /// rects; visual runs tile each line (D3, D4) and the caret queries stay on it (D6); `measure` equals
    /// `layout`; a second layout equals the first; the measured width gives the same lines; and with the
    /// query bit, `tightestWidth` and `widthRange` agree with layouts at the widths they name (Q2, Q3).
    public static func styled(_ bytes: [UInt8]) -> [String] {
        let input = decodeStyledInput(bytes)
        var problems: [String] = []
        guard let prepared = prepareStyled(input, &problems) else { return problems }
        let layout: TextLayout
        do {
            layout = try prepared.layout(
                width: input.width, numberOfLines: input.maxLines, lineBreakMode: input.mode,
                lineBreakStrategy: input.strategy)
        } catch {
            return problems + ["layout threw \(error)"]
        }
        problems += checkStyledLines(Array(layout.lines), prepared, input, isTruncated: layout.isTruncated) { _ in
            input.width
        }
        problems += checkStyledDerived(prepared, layout, input)
        if input.queries { problems += checkQueries(prepared, layout, input) }
        return problems
    }

    /// The prepared text, or nil with the problem when preparing failed other than as documented: a
    /// `StyledTextError` while building (a kern out of range, a restyled range splitting a cluster), a
    /// `ParagraphStyleError` exactly when the style does not validate.
    static func prepareStyled(_ input: StyledInput, _ problems: inout [String]) -> PreparedText? {
        if let error = input.buildError {
            if error.hasPrefix("unexpected") { problems.append(error) }
            return nil
        }
        guard let styled = input.styled else { return nil }  // the font was refused: not this target's concern
        let styleIsValid = (try? input.paragraphStyle?.validate()) != nil || input.paragraphStyle == nil
        do {
            let prepared =
                try input.paragraphStyle.map { try PreparedText(styled: styled, paragraphStyle: $0) }
                ?? PreparedText(styled: styled)
            if !styleIsValid { problems.append("an invalid paragraph style was accepted") }
            if prepared.utf16Count != styled.utf16Count {
                problems.append("prepared \(prepared.utf16Count) units of \(styled.utf16Count)")
            }
            return prepared
        } catch is ParagraphStyleError where !styleIsValid {
            return nil
        } catch StyledTextError.rangeSplitsCluster {
            return nil
        } catch {
            problems.append("preparing threw \(error)")
            return nil
        }
    }

    /// The room line `index` has (P9): the width's end (a positive tail indent is itself the end, a
    /// negative one comes off the width) less the head indent of a paragraph's first or later line; nil
    /// when unbounded.
    static func room(of line: TextLine, width: CGFloat?, style: ParagraphStyle?, units: [UInt16]) -> CGFloat? {
        let tail = style?.tailIndent ?? 0
        let end: CGFloat
        if tail > 0 {
            end = tail
        } else if let width, width > 0, !width.isUnboundedTextDimension {
            end = max(0, width + tail)
        } else {
            return nil
        }
        let start = line.range.lowerBound
        let startsParagraph = start == 0 || LayoutInvariants.separators.contains(units[start - 1])
        let head = startsParagraph ? (style?.firstLineHeadIndent ?? 0) : (style?.headIndent ?? 0)
        return max(0, end - head)
    }

    /// The invariants of lines laid out from `prepared`, whatever produced them (`layout(width:)`,
    /// `layout(widths:)`, the walker, a container): each line's width is `width(index)` wide at most.
    static func checkStyledLines(
        _ lines: [TextLine], _ prepared: PreparedText, _ input: StyledInput, isTruncated: Bool,
        truncationNeedsLimit: Bool = true, width: (Int) -> CGFloat?
    ) -> [String] {
        var problems: [String] = []
        let units = Array(prepared.text.utf16)
        if input.maxLines > 0, lines.count > input.maxLines {
            problems.append("\(lines.count) lines with maxLines \(input.maxLines)")
        }
        // A negative kern moves the pen back: a run of narrow characters may then be narrower than 0 and
        // a caret lie outside the line (S3: the kern applies after each character, as UIKit's). The line's
        // reported widths still never go below 0 (K1).
        let negativeKern = input.hasNegativeKern
        var position = 0
        for (index, line) in lines.enumerated() {
            let range = line.range
            guard range.lowerBound >= position, range.upperBound >= range.lowerBound, range.upperBound <= units.count
            else {
                return problems + ["line \(index) range \(range) after \(position) in \(units.count) units"]
            }
            let gap = Array(units[position..<range.lowerBound])
            if !(gap.isEmpty || gap == [0x0D, 0x0A] || (gap.count == 1 && LayoutInvariants.separators.contains(gap[0]))) {
                problems.append("line \(index) starts at \(range.lowerBound) leaving \(gap) after \(position)")
            }
            position = range.upperBound
            let numbers = [
                line.width, line.widthIncludingTrailingWhitespace, line.baseline, line.rect.minX, line.rect.minY,
                line.rect.width, line.rect.height,
            ]
            // K1: reported widths are ≥ 0 whatever the kern (`Crashers/FuzzStyled/negative-kern-negative-line-width`).
            if !(numbers.allSatisfy(\.isFinite) && line.width >= 0 && line.widthIncludingTrailingWhitespace >= 0
                && line.rect.width >= 0)
            {
                problems.append(
                    "line \(index) widths \(line.width), \(line.widthIncludingTrailingWhitespace) rect \(line.rect)")
            }
            for visible in line.visibleRanges
            where !(range.lowerBound <= visible.lowerBound && visible.upperBound <= range.upperBound) {
                problems.append("line \(index) shows \(visible) outside its range \(range)")
            }
            if let room = room(of: line, width: width(index), style: input.paragraphStyle, units: units),
                line.width > room + 1e-8, !overflowAllowed(line, units: units, mode: input.mode)
            {
                problems.append(
                    "line \(index) \(range) \(line.text.debugDescription) is \(line.width) pt in a room of \(room)")
            }
            problems += checkVisual(line, index: index, negativeKern: negativeKern)
        }
        if !isTruncated {
            let rest = Array(units[position...])
            if !(rest.isEmpty || rest == [0x0D, 0x0A] || (rest.count == 1 && LayoutInvariants.separators.contains(rest[0])))
            {
                problems.append("not truncated, yet \(rest.count) units after the last line are in no line")
            }
            if lines.contains(where: \.isTruncated) { problems.append("a line is cut but the layout is not truncated") }
        } else if truncationNeedsLimit, input.maxLines == 0, input.mode != .byClipping {
            problems.append("truncated without a line limit")
        }
        return problems
    }

    /// A line may be wider than its room when it is one grapheme cluster (W2; a hyphen after it
    /// included), only the ellipsis is left (T4, T5) or it is clipped (T6).
    private static func overflowAllowed(_ line: TextLine, units: [UInt16], mode: LineBreakMode) -> Bool {
        if line.ellipsis != nil { return line.visibleRanges.allSatisfy(\.isEmpty) }
        if line.isTruncated && mode == .byClipping { return true }
        var end = line.range.upperBound
        while end > line.range.lowerBound, [0x09, 0x20, 0x3000, 0x2028, 0x0B, 0x0C].contains(units[end - 1]) { end -= 1 }
        return String(decoding: units[line.range.lowerBound..<end], as: UTF16.self).count <= 1
    }

    /// The visual runs tile a line without an ellipsis from 0 to its width (D3, D4) in ranges inside it;
    /// the caret's x of every offset is finite and in the line's extent, and a tap anywhere answers an
    /// offset in the line (D6).
    private static func checkVisual(_ line: TextLine, index: Int, negativeKern: Bool) -> [String] {
        var problems: [String] = []
        let runs = line.visualRuns
        // K1: the runs tile the pen's travel, which a negative kern can take below 0 (the drawn advances,
        // `glyphs().width`); the line then reports 0, and otherwise the pen's end.
        var width = line.width
        if negativeKern {
            width = line.glyphs().width
            if line.ellipsis == nil, abs(max(0, width) - line.width) > 1e-6 {
                problems.append("line \(index) is \(line.width) wide, its pen ends at \(width) (K1)")
            }
        }
        // A hyphenated line's hyphen is in no run (as the ellipsis): the runs start at 0 or end at the width.
        let hyphen = line.isHyphenated ? width - runs.reduce(0) { $0 + $1.width } : 0
        var x: CGFloat = runs.first.map { abs($0.x - hyphen) < 1e-6 ? hyphen : 0 } ?? 0
        for run in runs {
            if !(run.x.isFinite && run.width.isFinite && (run.width >= 0 || negativeKern)) {
                problems.append("line \(index) visual run \(run.range) x \(run.x) width \(run.width)")
            }
            if !(line.range.lowerBound <= run.range.lowerBound && run.range.upperBound <= line.range.upperBound) {
                problems.append("line \(index) visual run \(run.range) outside \(line.range)")
            }
            if line.ellipsis == nil, abs(run.x - x) > 1e-6 {
                problems.append("line \(index) visual run \(run.range) at \(run.x), expected \(x)")
            }
            x = run.x + run.width
        }
        if line.ellipsis == nil, !runs.isEmpty, abs(x - width) > 1e-6, abs(x + hyphen - width) > 1e-6 {
            problems.append("line \(index) visual runs end at \(x), the line is \(line.width) wide")
        }
        let slack = max(line.widthIncludingTrailingWhitespace, line.width) + 1e-6
        // The carets of the shown offsets (a middle ellipsis hides some: D6 does not place those).
        for offset in line.visibleRanges.flatMap({ Array($0.lowerBound...$0.upperBound) }) {
            let caret = line.x(forOffset: offset)
            if !(caret.isFinite && (negativeKern || caret >= -1e-6 && caret <= slack)) {
                problems.append("line \(index) caret of \(offset) at \(caret), the line is \(line.width) wide")
                break
            }
        }
        for tap in [-5, 0, line.width / 3, line.width, line.width + 5, .infinity, -.infinity, .nan] {
            let offset = line.offset(atX: tap)
            if !line.range.contains(offset) && offset != line.range.upperBound {
                problems.append("line \(index) \(line.range): a tap at \(tap) answers \(offset)")
            }
        }
        return problems
    }
}
