import Foundation
import Testing
import TextFit
@testable import TextFitCLI

/// `textfit batch`'s `tracking`, on a case and on a run (the command-line contract in architecture.md;
/// rules O7, O9, O10).
@Suite struct BatchTrackingTests {
    static func line(_ json: String) throws -> JSONValue { try BatchRunsTests.line(json) }
    static func error(_ json: String) throws -> String? { try BatchRunsTests.error(json) }

    static func width(_ styled: StyledText, at width: CGFloat? = nil) throws -> [JSONValue] {
        try PreparedText(styled: styled).layout(width: width).lines.map { .double(Double($0.width)) }
    }

    static func lineWidths(_ result: JSONValue) -> [JSONValue] {
        guard case .array(let lines)? = result["lines"] else { return [] }
        return lines.compactMap { $0["width"] }
    }

    /// O9: a case's tracking measures as the engine's, its last cluster's tracking hanging: "SECTION
    /// HEADER" at 17 pt with 4 pt is the plain width plus 13 × 4 pt; wrapped, each line trims its own.
    @Test func caseTrackingIsTheEngines() throws {
        let font = try Font(family: "Noto Sans", size: 17)
        let plain = try PreparedText("SECTION HEADER", font: font).layout().size.width
        let tracked = try StyledText("SECTION HEADER", attributes: TextAttributes(tracking: 4), font: font)
        let one = try Self.line(#"{"id":1,"text":"SECTION HEADER","tracking":4}"#)
        #expect(one["width"] == .double(Double(plain + 13 * 4)))
        let expected = try Self.width(tracked)
        #expect(Self.lineWidths(one) == expected)
        let wrapped = try Self.line(#"{"id":1,"text":"SECTION HEADER","tracking":4,"width":100}"#)
        let expectedWrapped = try Self.width(tracked, at: 100)
        #expect(Self.lineWidths(wrapped) == expectedWrapped)
        #expect(Self.lineWidths(wrapped).count == 2)
        // A case without runs keeps the plain result fields.
        #expect(one["direction"] == nil)
    }

    /// A run's tracking replaces the case's on its range; 0 turns it off there.
    @Test func runTrackingOverridesTheCases() throws {
        let font = try Font(family: "Noto Sans", size: 17)
        var styled = try StyledText("CAPS and text", attributes: TextAttributes(tracking: 2), font: font)
        try styled.setAttributes(TextAttributes(font: font, tracking: 0), range: 4..<13)
        let result = try Self.line(
            #"{"id":1,"text":"CAPS and text","tracking":2,"runs":[{"start":4,"end":13,"tracking":0}]}"#)
        let expected = try Self.width(styled)
        #expect(Self.lineWidths(result) == expected)
    }

    /// O10 through the command line: tracking turns "office"'s ligature off (one more glyph's advance).
    @Test func trackingTurnsLigaturesOff() throws {
        let font = try Font(family: "Noto Sans", size: 17)
        let ligated = try PreparedText("office", font: font).layout().size.width
        let unligated = try PreparedText("office", font: font.withFeatures([FontFeature("liga", 0)])).layout().size.width
        #expect(ligated != unligated)
        let result = try Self.line(#"{"id":1,"text":"office","tracking":0.001}"#)
        guard case .double(let width)? = result["width"] else {
            Issue.record("no width in \(result)")
            return
        }
        #expect(abs(width - Double(unligated) - 5 * 0.001) < 0.002)
    }

    /// Bad values name the field.
    @Test func badTrackingNamesTheField() throws {
        #expect(try Self.error(#"{"id":1,"text":"a","tracking":"wide"}"#)?.contains("tracking") == true)
        #expect(try Self.error(#"{"id":1,"text":"a","tracking":1e9}"#)?.contains("'tracking'") == true)
        #expect(
            try Self.error(#"{"id":1,"text":"ab","runs":[{"start":0,"end":1,"tracking":1e9}]}"#)?
                .contains("runs[0].tracking") == true)
    }
}
