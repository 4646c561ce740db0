import Foundation
import Testing
import TextFit
@testable import TextFitCLI

/// `textfit batch`'s `weight` and `italic`, on a case and on its runs (the command-line contract in
/// architecture.md; rules S8, S9).
@Suite struct BatchFaceTests {
    static func line(_ json: String) throws -> JSONValue { try BatchRunsTests.line(json) }
    static func error(_ json: String) throws -> String? { try BatchRunsTests.error(json) }

    static func width(_ text: String, _ font: Font) throws -> JSONValue {
        .double(Double(try PreparedText(text, font: font).layout().size.width))
    }

    /// A case's `italic` and `weight` pick the family's face; a number weight takes the nearer bundled
    /// face for italic text too (S8: 650 is bold, 450 regular).
    @Test func aCaseTakesItsFace() throws {
        let text = "The quick brown fox"
        let italic = try Font(family: "Noto Sans", size: 17, italic: true)
        let boldItalic = try Font(family: "Noto Sans", size: 17, weight: .bold, italic: true)
        #expect(try Self.line(#"{"id":1,"text":"\#(text)","italic":true}"#)["width"] == Self.width(text, italic))
        #expect(
            try Self.line(#"{"id":1,"text":"\#(text)","italic":true,"weight":650}"#)["width"] == Self.width(text, boldItalic)
        )
        #expect(
            try Self.line(#"{"id":1,"text":"\#(text)","italic":true,"weight":"bold"}"#)["width"]
                == Self.width(text, boldItalic))
        #expect(
            try Self.line(#"{"id":1,"text":"\#(text)","italic":true,"weight":450}"#)["width"] == Self.width(text, italic))
        let plain = try Self.line(#"{"id":1,"text":"\#(text)"}"#)
        #expect(try Self.line(#"{"id":1,"text":"\#(text)","italic":false,"weight":"regular"}"#) == plain)
        #expect(try plain["width"] != Self.width(text, italic))
        // A font file is one face: weight and italic leave it as it is.
        let file = try #require(BundledFonts.directory).appendingPathComponent("NotoSans-Regular.ttf").path
        let fromFile = try Self.line(#"{"id":1,"text":"\#(text)","fontFile":"\#(file)","italic":true,"weight":900}"#)
        #expect(fromFile["width"] == plain["width"])
    }

    /// A run's `italic` and `weight` override the case's; a field left out keeps the case's value.
    @Test func runsTakeTheirFaces() throws {
        let regular = try Font(family: "Noto Sans", size: 17)
        let italic = try Font(family: "Noto Sans", size: 17, italic: true)
        let boldItalic = try Font(family: "Noto Sans", size: 17, weight: .bold, italic: true)
        func expected(_ runs: [(Range<Int>, Font)], base: Font = regular) throws -> JSONValue {
            var styled = try StyledText("Hello world again", font: base)
            for (range, font) in runs { try styled.setAttributes(TextAttributes(font: font), range: range) }
            return .double(Double(try PreparedText(styled: styled).layout().size.width))
        }
        let text = #""text":"Hello world again""#
        let italicRun = try Self.line(#"{"id":1,\#(text),"runs":[{"start":6,"end":11,"italic":true}]}"#)
        #expect(try italicRun["width"] == expected([(6..<11, italic)]))
        let boldItalicRun = try Self.line(#"{"id":1,\#(text),"runs":[{"start":6,"end":11,"italic":true,"weight":700}]}"#)
        #expect(try boldItalicRun["width"] == expected([(6..<11, boldItalic)]))
        // The case is italic; the run keeps it and adds the weight, another run turns italic off.
        let mixed = try Self.line(
            #"{"id":1,\#(text),"italic":true,"runs":[{"start":0,"end":5,"weight":800},{"start":12,"end":17,"italic":false}]}"#
        )
        #expect(try mixed["width"] == expected([(0..<5, boldItalic), (12..<17, regular)], base: italic))
        #expect(try mixed["width"] != expected([], base: italic))
    }

    /// S8, S9 for a system family, through Fontconfig in a process that sees only fonts-dejavu-core's
    /// files (and the bundled ones): DejaVu Sans has Book and Bold there and no oblique, so italic gives
    /// Book, 700 and 600 Bold, 300 Book; each as wide as that file measured directly.
    @Test func aSystemFamilyGetsFontconfigsNearestFace() throws {
        let configuration = try FallbackParityTests.configuration()
        defer { try? FileManager.default.removeItem(at: configuration.folder) }
        let book = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
            bold = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
        let cases = [
            (#""italic":true"#, book), (#""weight":700"#, bold), (#""weight":600,"italic":true"#, bold),
            (#""weight":300"#, book), (#""weight":"regular""#, book),
        ]
        let input =
            cases.enumerated().map { index, item in
                #"{"id":\#(index),"text":"Hello, world","family":"DejaVu Sans",\#(item.0)}"#
            } + cases.enumerated().map { index, item in #"{"id":\#(index),"text":"Hello, world","fontFile":"\#(item.1)"}"# }
        let run = try EndToEndTests.run(
            ["batch"], stdin: input.joined(separator: "\n") + "\n", environment: configuration.environment)
        #expect(run.code == 0, "\(run.stderr)")
        let results = try run.stdout.split(separator: "\n").map { try parseJSON(String($0)) }
        try #require(results.count == 2 * cases.count)
        for index in cases.indices {
            #expect(results[index]["width"] == results[cases.count + index]["width"], "\(cases[index].0)")
        }
        #expect(results[0]["width"] != results[1]["width"])
    }

    /// Bad values are the case's error naming the field and what it takes; nothing falls back to a default.
    @Test func badFacesAreErrorsNamingTheField() throws {
        let weights = ["0", "99", "1000", "900.5", "-0.4", "1e400", #""semiBold""#, #""700""#, "true", "[700]"]
        for weight in weights {
            let message = try #require(try Self.error(#"{"id":1,"text":"Hi","weight":\#(weight)}"#), "\(weight)")
            #expect(
                message.hasPrefix(
                    "field 'weight' must be a weight name (ultraLight, thin, light, regular, medium, "
                        + "semibold, bold, heavy, black) or a number from 100 to 900, got "), "\(message)")
            let inRun = try #require(
                try Self.error(#"{"id":1,"text":"Hi","runs":[{"start":0,"end":1,"weight":\#(weight)}]}"#))
            #expect(inRun.hasPrefix("field 'runs[0].weight' must be"), "\(inRun)")
        }
        #expect(try Self.error(#"{"id":1,"text":"Hi","weight":1000}"#)?.hasSuffix("got 1000") == true)
        #expect(try Self.error(#"{"id":1,"text":"Hi","weight":1e400}"#)?.hasSuffix("got 1e400") == true)
        for italic in [#""yes""#, "1", "[]"] {
            #expect(
                try Self.error(#"{"id":1,"text":"Hi","italic":\#(italic)}"#)?.hasPrefix(
                    "field 'italic' must be true or false, got ") == true)
            #expect(
                try Self.error(#"{"id":1,"text":"Hi","runs":[{"start":0,"end":1,"italic":\#(italic)}]}"#)?
                    .hasPrefix("field 'runs[0].italic' must be true or false, got ") == true)
        }
        // A near miss of the new fields is caught; a carried expected result's `height` is not one.
        #expect(try Self.error(#"{"id":1,"text":"Hi","italics":true}"#) == "unknown field 'italics'; did you mean 'italic'?")
        #expect(try Self.error(#"{"id":1,"text":"Hi","wieght":700}"#) == "unknown field 'wieght'; did you mean 'weight'?")
        #expect(try Self.error(#"{"id":1,"text":"Hi","height":23.154}"#) == nil)
    }
}
