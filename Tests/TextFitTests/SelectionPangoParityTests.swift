import Foundation
import Testing
@testable import TextFit

/// Parity of range rects and hit testing with Pango 1.50 (rules R1–R4): Data/parity/selection.jsonl, made
/// by scripts/pango-selection-reference.py from the plain, styled and bidi parity corpora (381 cases).
/// Figures and classes: docs/geometry-parity.md.
///
/// - Rects: on every line whose range is Pango's, each sampled range's rects, x relative to the left edge
///   of the line's drawn text, equal `pango_layout_line_get_x_ranges` within 0.01 pt. Pango gives the
///   space ending a wrapped line no width (`zero_line_final_space` in pango-layout.c); TextFit keeps its
///   advance, as `widthIncludingTrailingWhitespace` does (R2, B6). So a range reaching into that hanging
///   space is compared up to where the drawn text ends (`hangingSpace`), and the test checks that Pango's
///   answer does not change when the space is left out.
/// - Hit testing: at each sampled point, `offset(at:)` equals `pango_layout_xy_to_index`'s index plus
///   trailing. Right of a wrapped line (left of a right-to-left one) Pango answers before the line's last
///   character, TextFit after it with upstream affinity, where UIKit draws the caret (`wrappedLineEnd`, R3).
///
/// Classes of rect differences (every one is in a class, or the test fails):
/// - `mixedFaceSpace` (bidi cases, ≤ 0.5 pt): a space between scripts that one engine takes from Noto Sans
///   and the other from the Hebrew or Arabic face (as docs/bidi-parity.md), shifting what follows;
/// - `ligatureCarets`: a range edge inside a ligature whose font has no caret for it (none left: TextFit
///   reads the GDEF ligature carets as Pango's ranges do, R4);
/// - `smallOffset` (≤ 0.03 pt): raised or lowered styled runs beside a fallback face.
/// Points: `pointNearTie` when the point lies within 0.5 pt of halfway between the two answers' carets;
/// `ligatureHitEvenSplit` inside a ligature, where Pango's hit test splits it evenly by characters while its
/// ranges use the font's carets; `paragraphEdge` outside the drawn text, where Pango answers by the paragraph's direction and TextFit by
/// the visually nearest caret; `graphemeMidpointInCharacters` where Pango picks a grapheme's edge by its
/// characters (`leadingByCharacters`); the rest (one Hebrew point below the layout) are listed and held at most 1.
@Suite struct SelectionPangoParityTests {
    struct Figures {
        var cases = 0
        var lines = 0
        var linesSkipped = 0
        var ranges = 0
        var rangesEqual = 0
        var hangingSpace = 0
        var points = 0
        var pointsEqual = 0
        var wrappedLineEnd = 0
        /// Rect differences by class (see the suite's comment); "unexplained" ones are listed.
        var classes: [String: Int] = [:]
        var failures: [String] = []
    }

    static func number(_ value: Any?) -> Double { (value as? NSNumber)?.doubleValue ?? .nan }
    static func int(_ value: Any?) -> Int { (value as? NSNumber)?.intValue ?? -1 }

    static func layout(_ object: [String: Any], fonts: inout [String: Font]) throws -> TextLayout {
        let family = object["family"] as? String ?? "Noto Sans"
        let size = CGFloat(number(object["size"]))
        func font(_ family: String, _ size: CGFloat, bold: Bool = false) throws -> Font {
            let key = "\(family)|\(size)|\(bold)"
            if let known = fonts[key] { return known }
            let made = try Font(family: family, size: size, weight: bold ? .bold : .regular)
            fonts[key] = made
            return made
        }
        let text = object["text"] as? String ?? ""
        let runs = object["runs"] as? [[String: Any]] ?? []
        let width = CGFloat(number(object["width"]))
        guard !runs.isEmpty else { return try PreparedText(text, font: font(family, size)).layout(width: width) }
        var styled = try StyledText(text, font: font(family, size))
        for run in runs {
            let runFont = try font(
                run["family"] as? String ?? family, run["size"].map { CGFloat(number($0)) } ?? size,
                bold: run["weight"] != nil)
            let rise = run["baselineOffset"].map { CGFloat(number($0)) } ?? 0
            try styled.setAttributes(
                TextAttributes(font: runFont, baselineOffset: rise), range: int(run["start"])..<int(run["end"]))
        }
        return try PreparedText(styled: styled).layout(width: width)
    }

    /// Pango lists a range's piece in each run separately, and an empty piece at a run the range only
    /// touches (left out); TextFit gives one rect per stretch of adjacent glyphs (R1). Touching pieces are joined.
    static func merged(_ spans: [(Double, Double)]) -> [(Double, Double)] {
        var out: [(Double, Double)] = []
        for span in spans where abs(span.1 - span.0) > 0.0001 {
            if let last = out.last, abs(last.1 - span.0) < 0.0001 {
                out[out.count - 1].1 = span.1
            } else {
                out.append(span)
            }
        }
        return out
    }

    /// Whether `offset` is a grapheme boundary inside a HarfBuzz cluster (a ligature of several
    /// graphemes), where TextFit splits the cluster's advance evenly (R4) and Pango reads the font's GDEF
    /// ligature caret list (`ligatureCarets`).
    static func insideCluster(_ text: PreparedText, _ offset: Int) -> Bool {
        guard offset > 0, offset < text.utf16Count, text.isUnsafe(offset) else { return false }
        let next = text.graphemeIndex(atOrAfter: offset + 1)
        let end = next < text.graphemes.count ? Int(text.graphemes[next]) : text.utf16Count
        return text.prefix[end] == text.prefix[offset]
    }

    /// Whether a point that Pango and TextFit hit differently lies within 0.5 pt of halfway between the
    /// two answers' carets (by TextFit's positions): the rect classes move carets by up to 0.4 pt, so such
    /// a point can fall either way (`pointNearTie`).
    static func nearTie(_ layout: TextLayout, line: Int, x: CGFloat, ours: Int, theirs: Int) throws -> Bool {
        guard theirs >= 0, theirs <= layout.preparedText.utf16Count else { return false }
        let carets = LineCarets(line: layout.lines[line])
        let origin = layout.lines[line].rect.minX
        let mine = origin + Units.points(carets.x(forOffset: ours))
        let other = origin + Units.points(carets.x(forOffset: layout.clusterStart(theirs)))
        return abs(x - other) - abs(x - mine) <= 0.5
    }

    /// Whether Pango answered the leading edge and TextFit the trailing edge of one grapheme of several
    /// characters (a letter and a ZWNJ, a letter and its mark). `pango_layout_line_x_to_index` picks the
    /// edge by characters, not by x: trailing only when `offset + char_trailing` passes the middle of the
    /// grapheme's characters, `(start + end) / 2`; a point anywhere on the first character of a
    /// two-character grapheme gives at most `start + 1`, so the trailing edge needs a point on the
    /// second character, which a ZWNJ or a mark gives no width. TextFit takes the nearer edge by x (R3).
    static func leadingByCharacters(_ layout: TextLayout, ours: Int, theirs: Int) -> Bool {
        guard theirs >= 0, theirs < ours, layout.clusterStart(theirs) == theirs,
            layout.clusterEnd(theirs + 1) == ours
        else { return false }
        let units = (theirs..<ours).map { layout.preparedText.units[$0] }
        return String(decoding: units, as: UTF16.self).unicodeScalars.count >= 2
    }

    static func compare(_ object: [String: Any], _ figures: inout Figures, fonts: inout [String: Font]) throws {
        let id = object["id"] as? String ?? "?"
        let layout = try layout(object, fonts: &fonts)
        figures.cases += 1
        var sameLines = Set<Int>()
        for line in object["lines"] as? [[String: Any]] ?? [] {
            let index = int(line["index"])
            let (start, end, drawnEnd) = (int(line["start"]), int(line["end"]), int(line["drawnEnd"]))
            guard index < layout.lineCount, layout.lines[index].range == start..<end else {
                figures.linesSkipped += 1; continue
            }
            figures.lines += 1
            sameLines.insert(index)
            let ours = layout.lines[index]
            let wrapped = index + 1 < layout.lineCount && layout.lines[index + 1].range.lowerBound == end
            for range in line["ranges"] as? [[String: Any]] ?? [] {
                var (a, b) = (int(range["start"]), int(range["end"]))
                let theirs = Self.merged((range["x"] as? [[NSNumber]] ?? []).map { ($0[0].doubleValue, $0[1].doubleValue) })
                figures.ranges += 1
                if wrapped, b > drawnEnd {
                    figures.hangingSpace += 1
                    guard a < drawnEnd else { figures.rangesEqual += 1; continue }  // only the space: no width in Pango
                    b = drawnEnd
                }
                let rects = try layout.rects(for: a..<b).filter { $0.lineIndex == index }
                let mine = rects.map { (Double($0.rect.minX - ours.rect.minX), Double($0.rect.maxX - ours.rect.minX)) }
                let equal =
                    mine.count == theirs.count
                    && zip(mine, theirs).allSatisfy { abs($0.0 - $1.0) <= 0.01 && abs($0.1 - $1.1) <= 0.01 }
                if equal { figures.rangesEqual += 1; continue }
                let gap = zip(mine, theirs).map { max(abs($0.0 - $1.0), abs($0.1 - $1.1)) }.max() ?? .infinity
                let kind =
                    mine.count != theirs.count
                    ? "unexplained"
                    : Self.insideCluster(layout.preparedText, a) || Self.insideCluster(layout.preparedText, b)
                        ? "ligatureCarets"
                        : gap <= 0.5 && object["group"] as? String == "bidi"
                            ? "mixedFaceSpace"
                            : gap <= 0.03 ? "smallOffset" : "unexplained"
                figures.classes[kind, default: 0] += 1
                if kind == "unexplained" {
                    figures.failures.append("\(id) line \(index) range \(a)..<\(b): \(mine) vs Pango \(theirs)")
                }
            }
        }
        for point in object["points"] as? [[String: Any]] ?? [] {
            let index = int(point["line"])
            guard
                sameLines.contains(index)
                    || (index < layout.lineCount
                        && layout.lines[index].range.lowerBound
                            == int((object["lines"] as? [[String: Any]])?.first { int($0["index"]) == index }?["start"]))
            else { continue }
            guard index < layout.lineCount else { continue }
            let line = layout.lines[index]
            let place = point["place"] as? String
            let y = place == "above" ? -5 : place == "below" ? layout.size.height + 5 : line.rect.midY
            let x = line.rect.minX + CGFloat(number(point["x"]))
            let theirs = int(point["offset"])
            figures.points += 1
            let position = layout.closestPosition(to: CGPoint(x: x, y: y))
            if position.offset == theirs { figures.pointsEqual += 1; continue }
            // Pango puts the caret before a wrapped line's last character (its space, hyphen, ideograph).
            let lastCharacter =
                line.range.upperBound - (layout.clusterStart(line.range.upperBound - 1) == line.range.upperBound - 2 ? 2 : 1)
            if position.affinity == .upstream, position.offset == line.range.upperBound,
                theirs == layout.clusterStart(lastCharacter)
            {
                figures.wrappedLineEnd += 1
            } else if x < line.rect.minX || x > line.rect.maxX {
                // Outside the drawn text Pango answers by the paragraph's direction (x < 0 in a right-to-left
                // line: its logical end), TextFit the visually nearest caret (R3), which differs when a run
                // of the other direction stands at that edge.
                figures.classes["paragraphEdge", default: 0] += 1
            } else if Self.insideCluster(layout.preparedText, position.offset)
                || Self.insideCluster(layout.preparedText, theirs)
            {
                // R4: Pango's hit test splits a ligature evenly by characters, its ranges use the font's
                // carets (as TextFit does for both).
                figures.classes["ligatureHitEvenSplit", default: 0] += 1
            } else if Self.leadingByCharacters(layout, ours: position.offset, theirs: theirs) {
                figures.classes["graphemeMidpointInCharacters", default: 0] += 1
            } else if let near = try? Self.nearTie(layout, line: index, x: x, ours: position.offset, theirs: theirs), near {
                figures.classes["pointNearTie", default: 0] += 1
            } else {
                figures.failures.append(
                    "\(id) point (line range \(line.range)) line \(index) x \(point["x"] ?? "?") place \(place ?? "?"): \(position.offset) vs Pango \(theirs)"
                )
            }
        }
    }

    @Test func rectsAndHitTestingMatchPango() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "Data/parity/selection.jsonl")
        let data = try String(contentsOf: url, encoding: .utf8)
        var figures = Figures()
        var fonts: [String: Font] = [:]
        for row in data.split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(row.utf8)) as? [String: Any])
            try Self.compare(object, &figures, fonts: &fonts)
        }
        print(
            "selection parity: \(figures.cases) cases, \(figures.lines) lines (\(figures.linesSkipped) skipped: other breaks), "
                + "rects \(figures.rangesEqual)/\(figures.ranges) (hanging space \(figures.hangingSpace)), "
                + "points \(figures.pointsEqual)/\(figures.points) (+ wrappedLineEnd \(figures.wrappedLineEnd)), classes \(figures.classes.sorted { $0.key < $1.key })"
        )
        for failure in figures.failures { print(failure) }

        #expect(figures.cases >= 300)
        // Measured: 9763 of 10011 ranges (97.5 %); the rest are the classes in docs/geometry-parity.md.
        #expect(Double(figures.rangesEqual) >= 0.97 * Double(figures.ranges))
        #expect(figures.lines >= 2000)
        #expect(Double(figures.pointsEqual + figures.wrappedLineEnd) >= 0.99 * Double(figures.points))
        // Every rect difference falls in a class; the points left unexplained are listed above.
        #expect(figures.failures.filter { !$0.contains(" point ") }.isEmpty)
        #expect(figures.failures.count <= 1)
    }
}
