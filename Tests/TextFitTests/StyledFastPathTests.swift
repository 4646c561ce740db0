import Foundation
import Testing
@testable import TextFit
import _TextFitTestSupport

/// The styled text's short cuts must answer what the general rules answer, to the bit:
/// - a styled text of one run that sets only its font is prepared as plain text in that font (S1–S6
///   leave it nothing to change); with a colour it keeps its styling and must still measure the same;
/// - the fast breaker's styled tail truncation (`FastBreaker.styledTailCut`, T4 with S7: one search, with
///   the narrowest "…", then a step back) makes the lines the general breaker's `tailTruncated` makes
///   (two searches), in layouts and cut by cut;
/// - each line's box from the per-style boxes made when preparing and the run cursor
///   (`ParagraphLineBoxes`) is the box of the general rule, `ParagraphGeometry.lineBox` over
///   `verticalMetrics(ofLine:)` (S6, P1–P3, P6);
/// - `measure` of runs under a style that stacks lines plainly (`RunBoxMeasurer`: heights and integer
///   widths, no stepper) is the stepper's measure (`ParagraphMeasurer`) and the layout's metrics.
@Suite struct StyledFastPathTests {
    static let widths: [CGFloat?] = [nil, 0, 17, 33, 48, 61, 75, 90, 118, 140, 166, 200, 260, 333]

    /// Random styled texts: runs of random length in a larger, a smaller or a bold font, a kern, a
    /// baseline offset, several at once, over random sample texts, with run edges between clusters.
    static func randomStyledTexts(count: Int, seed: UInt64) throws -> [StyledText] {
        let body = try Font(family: "Noto Sans", size: 15)
        let choices: [TextAttributes] = [
            TextAttributes(font: try Font(family: "Noto Sans", size: 19)),
            TextAttributes(font: try Font(family: "Noto Sans", size: 11)),
            TextAttributes(font: try Font(family: "Noto Sans", size: 15, weight: .bold)),
            TextAttributes(kern: 0.5),
            TextAttributes(kern: -0.75),
            TextAttributes(baselineOffset: 4),
            TextAttributes(font: try Font(family: "Noto Sans", size: 22), kern: 1, baselineOffset: -3),
            TextAttributes(foregroundColor: TextColor(red: 0.5, green: 0.5, blue: 0.5)),
        ]
        var generator = SeededGenerator(state: seed)
        var texts: [StyledText] = []
        for _ in 0..<count {
            let text = SampleTexts.all[Int(generator.next() % UInt64(SampleTexts.all.count))]
            var styled = try StyledText(text, font: body)
            var offsets: [Int] = [0]
            for character in text { offsets.append(offsets.last! + character.utf16.count) }
            let clusters = offsets.count - 1
            if clusters >= 2 {
                for _ in 0..<(1 + Int(generator.next() % 4)) {
                    let a = Int(generator.next() % UInt64(clusters))
                    let b = min(clusters, a + 1 + Int(generator.next() % UInt64(max(clusters / 2, 1))))
                    try styled.setAttributes(
                        choices[Int(generator.next() % UInt64(choices.count))], range: offsets[a]..<offsets[b])
                }
            }
            texts.append(styled)
        }
        return texts
    }

    @Test func oneRunOfOnlyAFontIsPlainTextInThatFont() throws {
        let body = try Font(family: "Noto Sans", size: 15)
        let serif = try Font(family: "Noto Serif", size: 13)
        var compared = 0
        var failures: [String] = []
        for text in SampleTexts.all where !text.isEmpty {
            for (styled, font) in [
                (try StyledText(text, font: body), body),
                (try StyledText(text, attributes: TextAttributes(font: serif), font: body), serif),
            ] {
                let prepared = try PreparedText(styled: styled)
                let plain = PreparedText(text, font: font)
                #expect(prepared.styling == nil && prepared.font == font)
                // With a colour the text keeps a styling (for drawing) and measures the same all the same.
                var coloured = styled
                try coloured.setAttributes(
                    TextAttributes(font: font, foregroundColor: .black), range: 0..<coloured.utf16Count)
                let colouredText = try PreparedText(styled: coloured)
                #expect(colouredText.styling != nil)
                for width in Self.widths {
                    for mode in [LineBreakMode.byWordWrapping, .byTruncatingTail, .byTruncatingMiddle, .byClipping] {
                        for lines in 0...2 {
                            let expected = try plain.layout(width: width, numberOfLines: lines, lineBreakMode: mode)
                            let layout = try prepared.layout(width: width, numberOfLines: lines, lineBreakMode: mode)
                            let colouredMetrics = try colouredText.measure(
                                width: width, numberOfLines: lines, lineBreakMode: mode)
                            let colouredRanges = try colouredText.layout(
                                width: width, numberOfLines: lines, lineBreakMode: mode
                            )
                            .lines.map(\.range)
                            compared += 1
                            if layout != expected || colouredMetrics != expected.metrics
                                || colouredRanges != expected.lines.map(\.range), failures.count < 10
                            {
                                failures.append(
                                    "\(text.prefix(20)) width \(String(describing: width)) \(mode) lines \(lines)")
                            }
                        }
                    }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        #expect(compared > 1_000)
    }

    /// The fast breaker and the general one agree on styled texts in every mode, at many widths and
    /// line limits: lines, measure and the layout's metrics.
    @Test func fastAndGeneralBreakersAgreeOnRandomStyledTexts() throws {
        var compared = 0
        var truncatedFast = 0
        var failures: [String] = []
        for (t, styled) in try Self.randomStyledTexts(count: 60, seed: 2026_12_02_16).enumerated() {
            let prepared = try PreparedText(styled: styled)
            for width in Self.widths {
                for mode in LineBreakMode.allCases {
                    for lines in 0...3 {
                        let fast = try prepared.layout(
                            width: width, numberOfLines: lines, lineBreakMode: mode,
                            lineBreakStrategy: [], lastLineMaxWidth: nil, fastPath: true)
                        let general = try prepared.layout(
                            width: width, numberOfLines: lines, lineBreakMode: mode,
                            lineBreakStrategy: [], lastLineMaxWidth: nil, fastPath: false)
                        let measured = try prepared.measure(
                            width: width, numberOfLines: lines, lineBreakMode: mode,
                            lineBreakStrategy: [], lastLineMaxWidth: nil, fastPath: true)
                        let measuredGeneral = try prepared.measure(
                            width: width, numberOfLines: lines, lineBreakMode: mode,
                            lineBreakStrategy: [], lastLineMaxWidth: nil, fastPath: false)
                        compared += 1
                        if mode == .byTruncatingTail, fast.lines.contains(where: { $0.ellipsis == .tail }),
                            FastBreaker.canRun(prepared, mode: mode, strategy: [])
                        {
                            truncatedFast += 1
                        }
                        if fast != general || measured != general.metrics || measuredGeneral != general.metrics,
                            failures.count < 10
                        {
                            failures.append(
                                "text \(t) width \(String(describing: width)) \(mode) lines \(lines): "
                                    + "\(fast.lines.map(\.range)) vs \(general.lines.map(\.range)); \(measured) vs \(general.metrics)"
                            )
                        }
                    }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        #expect(compared > 10_000)
        // The styled tail cut was exercised, not only the general one.
        #expect(truncatedFast > 200)
    }

    /// `FastBreaker.styledTailCut` (one search with the narrowest "…", then a step back to the first
    /// boundary whose line fits with its own "…", S7) against the general breaker's `tailTruncated`
    /// (the widest "…"'s cut, then the narrowest's, T4) cut by cut: from many line starts of random styled
    /// texts, at limits from nothing to the whole rest, with styles whose "…" differ by a fraction of a
    /// character (the usual case) and by several characters (a 40 pt run in 11 pt text: the step back is
    /// long, and the fast cut searches for the widest "…"'s cut to stop at).
    @Test func styledTailCutIsTheGeneralCut() throws {
        var texts = try Self.randomStyledTexts(count: 40, seed: 2026_12_02_18)
        let small = try Font(family: "Noto Sans", size: 11)
        let huge = TextAttributes(font: try Font(family: "Noto Sans", size: 40))
        var generator = SeededGenerator(state: 7_2026)
        for text in SampleTexts.all where text.count >= 6 {
            var styled = try StyledText(text, font: small)
            var offsets: [Int] = [0]
            for character in text { offsets.append(offsets.last! + character.utf16.count) }
            for _ in 0..<3 {
                let a = Int(generator.next() % UInt64(offsets.count - 2))
                let b = min(offsets.count - 1, a + 1 + Int(generator.next() % 4))
                try styled.setAttributes(huge, range: offsets[a]..<offsets[b])
            }
            texts.append(styled)
        }
        var compared = 0
        var longSteps = 0
        var failures: [String] = []
        for (t, styled) in texts.enumerated() {
            let prepared = try PreparedText(styled: styled)
            guard let styling = prepared.styling, FastBreaker.canRun(prepared, mode: .byTruncatingTail, strategy: []) else {
                continue
            }
            let narrowest = styling.narrowestEllipsisWidth
            for paragraph in prepared.paragraphs where paragraph.end > paragraph.start {
                let end = paragraph.end
                for start in prepared.graphemes.map(Int.init) where start >= paragraph.start && start < end {
                    guard generator.next() % 3 == 0 else { continue }
                    let whole = prepared.width(start, end)
                    for _ in 0..<6 {
                        let limit = Int(generator.next() % UInt64(whole + 2 * prepared.ellipsisWidth + 1))
                        let general = LineBreaker(
                            text: prepared,
                            request: LineRequest(
                                widths: LineWidths(width: limit), maxLines: 1,
                                mode: .byTruncatingTail, strategy: [])
                        ).tailTruncated(start, end, limit: limit)
                        let fast = prepared.withFastView { view in
                            FastBreaker.styledTailCut(view, prepared, styling, start, end, limit: limit)
                        }
                        compared += 1
                        // How far below the narrowest "…"'s cut the answer lies, in clusters.
                        let narrowCut = Self.cut(prepared, start, end, budget: limit - narrowest)
                        if prepared.graphemes.filter({ Int($0) > general.end && Int($0) <= narrowCut }).count
                            >= FastBreaker.stepsBeforeWidestCut
                        {
                            longSteps += 1
                        }
                        if fast != general, failures.count < 10 {
                            failures.append("text \(t) start \(start) end \(end) limit \(limit): \(fast) vs \(general)")
                        }
                    }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        #expect(compared > 5_000)
        #expect(longSteps > 50)
    }

    /// The cut `LineBreaker.tailTruncated` finds for a "…" leaving `budget` (its `lastBoundary` search).
    static func cut(_ text: PreparedText, _ start: Int, _ end: Int, budget: Int) -> Int {
        LineBreaker(
            text: text,
            request: LineRequest(
                widths: LineWidths(width: budget), maxLines: 1, mode: .byTruncatingTail,
                strategy: [])
        )
        .lastBoundary(from: start, to: end, budget: budget) { text.width(start, text.trimmedEnd($0, notBefore: start)) }
    }

    /// Each line's box as the layout places it (stored per-style boxes, the run cursor, a line across
    /// run edges) is the general rule's, with and without a paragraph style that changes line heights.
    @Test func lineBoxesAreTheGeneralRules() throws {
        var styles: [ParagraphStyle] = [ParagraphStyle()]
        var tall = ParagraphStyle()
        tall.lineHeightMultiple = 1.4
        tall.lineSpacing = 3
        styles.append(tall)
        var clamped = ParagraphStyle()
        clamped.minimumLineHeight = 21
        clamped.maximumLineHeight = 24
        clamped.paragraphSpacing = 5
        styles.append(clamped)
        var compared = 0
        var failures: [String] = []
        for (t, styled) in try Self.randomStyledTexts(count: 40, seed: 16_2026).enumerated() {
            for style in styles {
                let prepared = try PreparedText(styled: styled, paragraphStyle: style)
                for width in Self.widths {
                    for mode in [LineBreakMode.byWordWrapping, .byTruncatingTail, .byTruncatingMiddle] {
                        let layout = try prepared.layout(
                            width: width, numberOfLines: mode == .byWordWrapping ? 0 : 2,
                            lineBreakMode: mode)
                        var top: CGFloat = 0
                        var previousEnd = -1
                        for (index, line) in layout.lines.enumerated() {
                            let record = layout.lines.records[index]
                            if index > 0 {
                                top += style.lineSpacing
                                if record.start > previousEnd {
                                    top += style.paragraphSpacing + style.paragraphSpacingBefore
                                }
                            }
                            previousEnd = record.end
                            let metrics = prepared.verticalMetrics(
                                ofLine: record.start..<max(record.end, record.suffix.upperBound),
                                includesLeading: true)
                            let box = ParagraphGeometry.lineBox(metrics, style)
                            compared += 1
                            if line.rect.minY != top || line.rect.height != box.height
                                || line.baseline != top + box.baseline,
                                failures.count < 10
                            {
                                failures.append(
                                    "text \(t) width \(String(describing: width)) \(mode) line \(index): "
                                        + "\(line.rect) baseline \(line.baseline) vs top \(top) box \(box)")
                            }
                            top += box.height
                        }
                        if layout.size.height != top, failures.count < 10 {
                            failures.append(
                                "text \(t) width \(String(describing: width)) \(mode): height \(layout.size.height) vs \(top)"
                            )
                        }
                        // Without the leading (B3), through the general rule: one line less leading each.
                        let withoutLeading = layout.height(includesLeading: false)
                        #expect(withoutLeading <= layout.size.height)
                    }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        #expect(compared > 5_000)
    }
    /// `RunBoxMeasurer` (the fast path's sink for runs under a style with no spacing, indent or tab)
    /// against `ParagraphMeasurer` over the same lines and the layout's metrics, with paragraph styles
    /// that change line boxes (a multiple, a clamp: still plain stacking) and ones that must keep the
    /// stepper (spacing, an indent), in every mode.
    @Test func runBoxMeasureIsTheStepperMeasure() throws {
        var styles: [ParagraphStyle] = [ParagraphStyle()]
        var multiple = ParagraphStyle()
        multiple.lineHeightMultiple = 1.3
        styles.append(multiple)
        var clamped = ParagraphStyle()
        clamped.minimumLineHeight = 19
        clamped.maximumLineHeight = 23
        styles.append(clamped)
        var spaced = ParagraphStyle()
        spaced.lineSpacing = 2
        spaced.paragraphSpacing = 4
        styles.append(spaced)
        var indented = ParagraphStyle()
        indented.headIndent = 7
        styles.append(indented)
        var plainlyStacked = 0
        var compared = 0
        var failures: [String] = []
        for (t, styled) in try Self.randomStyledTexts(count: 40, seed: 2026_12_02_17).enumerated() {
            for style in styles {
                let prepared = try PreparedText(styled: styled, paragraphStyle: style)
                guard let settings = prepared.paragraphSettings else { continue }
                if settings.stacksLinesPlainly, prepared.styling?.runHeights.isEmpty == false { plainlyStacked += 1 }
                for width in Self.widths {
                    for mode in LineBreakMode.allCases {
                        for lines in 0...3 {
                            let request = LineRequest(
                                widths: LineWidths(width: try LineRequest.units(forWidth: width)),
                                maxLines: lines, mode: mode, strategy: [])
                            let fast = prepared.styledMeasure(settings, request, fastPath: true)
                            // The stepper over the fast breaker's own lines.
                            var measurer = ParagraphMeasurer(text: prepared, settings: settings)
                            let truncated =
                                prepared.fitsOnOneLine(request)
                                ? {
                                    measurer.append(prepared.oneLine); return false
                                }()
                                : prepared.run(request, fastPath: true, into: &measurer)
                            let stepped = TextMetrics(
                                lineCount: measurer.count,
                                size: CGSize(width: measurer.widest, height: measurer.height),
                                widthIncludingTrailingWhitespace: measurer.widestWithWhitespace,
                                isTruncated: truncated)
                            let layout = try prepared.layout(
                                width: width, numberOfLines: lines, lineBreakMode: mode,
                                lineBreakStrategy: [], lastLineMaxWidth: nil, fastPath: false)
                            compared += 1
                            if settings.affectsBreaking { continue }  // the stepper's path only
                            if fast != stepped || fast != layout.metrics, failures.count < 10 {
                                failures.append(
                                    "text \(t) style \(style) width \(String(describing: width)) \(mode) lines \(lines): "
                                        + "\(fast) vs \(stepped) vs \(layout.metrics)")
                            }
                        }
                    }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        #expect(plainlyStacked >= 40)
        #expect(compared > 10_000)
    }
}

extension StyledFastPathTests {
    /// The run cursor moves only where a line's box can change: runs whose styles have equal vertical
    /// metrics (a kern, a colour, the body font again) make one block of `Styling.runHeights`, and a text
    /// whose lines cross those runs at every width still measures as the stepper and the layout do.
    @Test func runsOfEqualBoxesMakeOneCursorBlock() throws {
        let body = try Font(family: "Noto Sans", size: 15)
        let text = String(repeating: "Runs of one box and another share a cursor block. ", count: 6)
        var styled = try StyledText(text, font: body)
        let units = styled.utf16Count
        // kern, colour, larger, larger with kern, body, kern: blocks [0, 3), [3, 5), [5, 7).
        let edges = (0...7).map { $0 * units / 7 }
        let attributes: [TextAttributes] = [
            TextAttributes(font: body), TextAttributes(kern: 0.5),
            TextAttributes(foregroundColor: TextColor(red: 1, green: 0, blue: 0)),
            TextAttributes(font: try Font(family: "Noto Sans", size: 21)),
            TextAttributes(font: try Font(family: "Noto Sans", size: 21), kern: 1),
            TextAttributes(font: body), TextAttributes(kern: -0.5),
        ]
        for (i, a) in attributes.enumerated() { try styled.setAttributes(a, range: edges[i]..<edges[i + 1]) }
        let prepared = try PreparedText(styled: styled)
        let heights = try #require(prepared.styling?.runHeights)
        #expect(heights.map(\.firstRun) == [0, 3, 5])
        #expect(heights.map(\.next) == [edges[3], edges[5], .max])
        #expect(heights.map(\.crossEnd) == [edges[5], .max, .max])
        let settings = try #require(prepared.paragraphSettings)
        for width in Self.widths {
            for lines in [0, 2] {
                let request = LineRequest(
                    widths: LineWidths(width: try LineRequest.units(forWidth: width)), maxLines: lines,
                    mode: .byTruncatingTail, strategy: [])
                let fast = prepared.styledMeasure(settings, request, fastPath: true)
                let layout = try prepared.layout(
                    width: width, numberOfLines: lines, lineBreakMode: .byTruncatingTail,
                    lineBreakStrategy: [], lastLineMaxWidth: nil, fastPath: false)
                #expect(fast == layout.metrics, "width \(String(describing: width)) lines \(lines)")
            }
        }
    }
}
