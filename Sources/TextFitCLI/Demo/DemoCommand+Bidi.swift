import Foundation
import TextFit
import TextFitRender

/// The demo's bidirectional examples: a mixed Latin/Hebrew/Arabic line, right-to-left paragraphs (drawn
/// at their natural alignment, the right edge) and a tail-truncated Hebrew line whose "…" is at its left.
extension DemoCommand {
    static let bidiWidth: CGFloat = 300
    static let bidiExamples: [(text: String, lines: Int)] = [
        ("Hello שלום עולם world مرحبا", 0),
        ("שלום עולם! זהו טקסט בעברית עם המספר 2024 והמילה TextFit באמצע.", 0),
        ("مرحبا بالعالم، هذا نص عربي فيه الرقم ١٢٣ وكلمة (TextFit) بين قوسين.", 0),
        ("זוהי שורה ארוכה מאוד בעברית שלא נכנסת ברוחב התווית ולכן נחתכת עם שלוש נקודות", 1),
    ]

    static func bidiLayouts() throws -> [TextLayout] {
        let font = try Font.systemFont(ofSize: titleFontSize)
        return try bidiExamples.map { example in
            try PreparedText(example.text, font: font).layout(
                width: bidiWidth, numberOfLines: example.lines,
                lineBreakMode: .byTruncatingTail)
        }
    }

    /// Report section 6: each line's direction and visual runs.
    static func bidiReport() throws -> [String] {
        var output = [
            "6. Bidirectional text (UAX #9 through ICU), \(TextTable.number(titleFontSize)) pt, "
                + "\(TextTable.number(bidiWidth)) pt wide: visual runs left to right, R = right to left"
        ]
        for layout in try bidiLayouts() {
            for line in layout.lines {
                let runs = line.visualRuns.map {
                    "\($0.isRightToLeft ? "R" : "L")\($0.range.lowerBound)-\($0.range.upperBound)"
                }
                output.append(
                    "   \(line.baseWritingDirection == .rightToLeft ? "rtl" : "ltr") "
                        + "\(TextTable.number(line.width)) pt \(runs.joined(separator: " ")): \(TextTable.quoted(line.text))"
                )
            }
        }
        return output
    }

    /// Picture section 4, from `top`; returns the y below it. Right-to-left paragraphs are drawn against
    /// the right edge of the column (natural alignment, rule D2).
    static func drawBidi(
        top: CGFloat, x: CGFloat, caption: Font,
        commands: inout [(inout TextPicture) throws -> Void]
    ) throws -> CGFloat {
        var y = top
        let heading = PreparedText(
            "4. Bidirectional text: visual order, mirrored brackets, right-aligned RTL paragraphs, "
                + "a truncated Hebrew line", font: caption)
        let headingLayout = try heading.layout(width: bidiWidth)
        let headingTop = y
        commands.append { try $0.draw(headingLayout, at: CGPoint(x: x, y: headingTop), color: .gray) }
        y += headingLayout.size.height + 6
        for layout in try bidiLayouts() {
            let blockTop = y
            commands.append { try $0.draw(layout, at: CGPoint(x: x, y: blockTop)) }
            commands.append {
                $0.drawLine(
                    from: CGPoint(x: x + bidiWidth, y: blockTop),
                    to: CGPoint(x: x + bidiWidth, y: blockTop + layout.size.height),
                    color: .systemRed)
            }
            y += layout.size.height + 8
        }
        return y
    }
}
