import Foundation
import Testing
import TextFit
@testable import TextFitCLI

/// `textfit batch`'s `features`, `variations`, `textStyle` and `contentSizeCategory` (the command-line
/// contract in architecture.md; rules O1–O6, DT1–DT3).
@Suite struct BatchTypographyTests {
    static func line(_ json: String) throws -> JSONValue { try BatchRunsTests.line(json) }
    static func error(_ json: String) throws -> String? { try BatchRunsTests.error(json) }
    static let inter = BundledFonts.interVariablePath ?? "Fonts/InterVariable.ttf"

    static func width(_ text: String, _ font: Font) throws -> JSONValue {
        .double(Double(try PreparedText(text, font: font).layout().size.width))
    }

    /// O1: a case's and a run's features measure as the engine's font with them.
    @Test func featuresOnCasesAndRuns() throws {
        let text = "Total 1,111.11"
        let pnum = try Font(family: "Noto Sans", size: 17, features: [.proportionalNumbers, FontFeature("liga", 0)])
        #expect(
            try Self.line(#"{"id":1,"text":"\#(text)","features":{"pnum":1,"liga":0}}"#)["width"] == Self.width(text, pnum))
        let body = try Font(family: "Noto Sans", size: 17)
        var styled = try StyledText(text, font: body)
        try styled.setAttributes(TextAttributes(font: body.withFeatures([.proportionalNumbers])), range: 6..<14)
        let expected = JSONValue.double(Double(try PreparedText(styled: styled).layout().size.width))
        #expect(
            try Self.line(#"{"id":1,"text":"\#(text)","runs":[{"start":6,"end":14,"features":{"pnum":1}}]}"#)["width"]
                == expected)
    }

    /// O3, O4: variations on a font file; a clamp is reported, and only then.
    @Test func variationsAndTheirAdjustments() throws {
        let text = "Weighty"
        let heavy = try Font(file: Self.inter, size: 17, variations: [FontVariation("wght", 650)])
        let result = try Self.line(#"{"id":1,"text":"\#(text)","fontFile":"\#(Self.inter)","variations":{"wght":650}}"#)
        #expect(try result["width"] == Self.width(text, heavy))
        #expect(result["variationAdjustments"] == nil)
        let clamped = try Self.line(#"{"id":1,"text":"\#(text)","fontFile":"\#(Self.inter)","variations":{"wght":2000}}"#)
        guard case .array(let adjustments)? = clamped["variationAdjustments"] else {
            Issue.record("no variationAdjustments in \(clamped)")
            return
        }
        #expect(adjustments.count == 1)
        #expect(adjustments.first?["tag"] == .string("wght"))
        #expect(adjustments.first?["requested"] == .double(2000))
        #expect(adjustments.first?["applied"] == .double(900))
    }

    /// DT1–DT3: the table's size, weight and leading.
    @Test func textStyleAndCategory() throws {
        let result = try Self.line(#"{"id":1,"text":"Body","textStyle":"body","contentSizeCategory":"AX3"}"#)
        #expect(try result["width"] == Self.width("Body", Font(family: "Noto Sans", size: 40)))
        #expect(result["height"] == .double(48))
        let headline = try Self.line(#"{"id":1,"text":"Head","textStyle":"headline"}"#)
        #expect(try headline["width"] == Self.width("Head", Font(family: "Noto Sans", size: 17, weight: .semibold)))
    }

    /// Bad values are errors in place, keeping the case id, naming the field.
    @Test func badValuesKeepTheCaseID() throws {
        let cases = [
            (#"{"id":"f","text":"x","features":{"tnu":1}}"#, "features"),
            (#"{"id":"f","text":"x","features":{"tnum":-1}}"#, "features.tnum"),
            (#"{"id":"f","text":"x","features":[1]}"#, "features"),
            (#"{"id":"f","text":"x","variations":{"wght":"heavy"}}"#, "variations.wght"),
            (#"{"id":"f","text":"x","runs":[{"start":0,"end":1,"features":{"liga":0.5}}]}"#, "runs[0].features.liga"),
            (#"{"id":"f","text":"x","textStyle":"bodyy"}"#, "textStyle"),
            (#"{"id":"f","text":"x","textStyle":"body","contentSizeCategory":"AX9"}"#, "contentSizeCategory"),
            (#"{"id":"f","text":"x","contentSizeCategory":"AX1"}"#, "contentSizeCategory"),
        ]
        for (json, field) in cases {
            let message = try #require(try Self.error(json), "\(json)")
            #expect(message.contains("'\(field)"), "\(message)")
        }
        #expect(try Self.line(#"{"id":"kept","text":"x","features":{"tnu":1}}"#)["id"] == .string("kept"))
    }
}
