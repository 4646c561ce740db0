import Foundation
import Testing
import TextFit
@testable import TextFitCLI

/// Every number a case or a flag takes: what the contract calls unbounded is measured as unbounded, and
/// everything out of range is an error naming the field (or flag) and its limit, never a trap or a
/// silently different answer.
@Suite struct CaseLimitsTests {
    static let text = "The quick brown fox jumps over the lazy dog, twice over the lazy dog"

    private func batch(_ lines: [String]) throws -> [JSONValue] {
        let run = runTool(["batch"], input: lines)
        #expect(run.output.count == lines.count)
        return try run.output.map(parseJSON)
    }

    /// Widths from 1e15 up (UIKit's `CGFloat.greatestFiniteMagnitude` habit), 0, null and a literal beyond
    /// `Double` all lay the text out as one unconstrained line, like a case without a width.
    @Test func unboundedWidthsAreUnconstrainedInBatch() throws {
        let widths = [
            "0", "null", "1e15", "1000000000000000", "1e300", "1.7976931348623157e308", "1e400",
            "123456789012345678901234567890",
        ]
        let results = try batch(
            [#"{"id": 0, "text": "\#(Self.text)"}"#]
                + widths.map { #"{"id": 0, "text": "\#(Self.text)", "width": \#($0)}"# })
        #expect(results[0]["lineCount"] == .int(1))
        for (width, result) in zip(widths, results.dropFirst()) {
            #expect(result == results[0], "width \(width): \(result)")
        }
        // Just below the bound is a real width: the same text wraps at a narrow one, not at this one.
        let below = try batch([#"{"id": 0, "text": "\#(Self.text)", "width": 9.99e14}"#])
        #expect(below[0] == results[0])
    }

    @Test(arguments: ["1e15", "1e20", "inf", "1e400", "0"])
    func unboundedWidthFlagsMatchNoWidth(width: String) {
        let plain = runTool(["measure", Self.text, "--json"])
        let wide = runTool(["measure", Self.text, "--width", width, "--json"])
        #expect(wide.code == 0 && wide.output == plain.output, "\(wide.errorText)")
    }

    /// The size limit the messages name is the one `Font` applies.
    @Test func theSizeLimitIsTheLibrarys() throws {
        #expect(try Font(family: "Noto Sans", size: CGFloat(CaseLimits.maximumSize.nextDown)).pointSize > 0)
        #expect(throws: FontError.self) { try Font(family: "Noto Sans", size: CGFloat(CaseLimits.maximumSize)) }
        #expect(CaseLimits.sizeRequirement.contains("< \(Int(CaseLimits.maximumSize))"))
    }

    /// Sizes the library refuses are refused by the decoder, naming the field and the range.
    @Test(arguments: ["0", "-0.0", "-1", "100000", "1e6", "1e400", "-1e400"])
    func sizesOutOfRangeNameTheField(size: String) throws {
        let result = try batch([#"{"id": 1, "text": "a", "size": \#(size)}"#])[0]
        #expect(
            result["error"]
                == .string(
                    "field 'size' must be a number of points > 0 and < 100000, got \(size == "-0.0" ? "-0.0" : size == "1e6" ? "1000000.0" : size)"
                ),
            "\(result)")
        let flag = runTool(["measure", "a", "--size", size])
        #expect(flag.code == 2, "a bad size is a usage error, not a missing font")
        #expect(flag.errorText.contains("flag '--size' wants a point size > 0 and < 100000"), "\(flag.errorText)")
    }

    /// Line limits as large as `Int` holds are measured (as no limit, since no text has that many lines);
    /// larger ones, fractions and negatives are errors naming the range, never a trapping conversion.
    @Test func hugeLineLimitsAreMeasuredOrRefusedWithTheLimit() throws {
        let accepted = ["0", "1e18", "9223372036854775807", "9.2e18", "4.0"]
        let results = try batch(
            [#"{"id": 0, "text": "\#(Self.text)", "width": 100}"#]
                + accepted.map { #"{"id": 0, "text": "\#(Self.text)", "width": 100, "maxLines": \#($0)}"# })
        for (maxLines, result) in zip(accepted, results.dropFirst()) where maxLines != "4.0" {
            #expect(result == results[0], "maxLines \(maxLines): \(result)")
        }
        #expect(results.last?["lineCount"] == .int(4))

        let refused = ["-1", "-0.5", "1.5", "9223372036854775808", "9.3e18", "1e19", "1e400", "-1e400"]
        let errors = try batch(refused.map { #"{"id": 1, "text": "a", "maxLines": \#($0)}"# })
        for (maxLines, result) in zip(refused, errors) {
            guard case .string(let message)? = result["error"] else {
                Issue.record("maxLines \(maxLines) was measured: \(result)")
                continue
            }
            #expect(
                message.hasPrefix(
                    "field 'maxLines' must be a whole number from 0 to 9223372036854775807 (0 = no limit), got "),
                "\(message)")
        }
        let flag = runTool(["measure", "a", "--lines", "99999999999999999999"])
        #expect(flag.code == 2)
        #expect(
            flag.errorText.contains("flag '--lines' wants a whole number >= 0 and <= 9223372036854775807"),
            "\(flag.errorText)")
    }

    /// Face indexes: any count is handed to the font loader (which names the file's face count); out of
    /// `Int`'s range or negative is the field's error.
    @Test func faceIndexesAreCheckedOrReportedByTheLoader() throws {
        let fontFile = try #require(BundledFonts.directory).appendingPathComponent("NotoSans-Regular.ttf").path
        let lines = ["1", "65536", "1e18", "9223372036854775807"].map {
            #"{"id": 1, "text": "a", "fontFile": "\#(fontFile)", "faceIndex": \#($0)}"#
        }
        for result in try batch(lines) {
            guard case .string(let message)? = result["error"] else { Issue.record("\(result)"); continue }
            #expect(message.contains("is out of range") && message.contains("has 1 face"), "\(message)")
        }
        for index in ["-1", "1e19", "0.5"] {
            let result = try batch([#"{"id": 1, "text": "a", "fontFile": "\#(fontFile)", "faceIndex": \#(index)}"#])[0]
            #expect(
                result["error"]
                    == .string(
                        "field 'faceIndex' must be a whole number from 0 to 9223372036854775807, got \(index == "1e19" ? "1e+19" : index)"
                    ),
                "\(result)")
        }
    }

    /// Negative and NaN-like widths are the field's error with the rule, in batch and as flags.
    @Test func negativeWidthsNameTheRule() throws {
        let result = try batch([#"{"id": 1, "text": "a", "width": -0.5}"#])[0]
        #expect(
            result["error"]
                == .string("field 'width' must be a number >= 0 (0, or 1e15 and more, = unconstrained), got -0.5"))
        let flag = runTool(["render", "a", "--width", "-inf", "-o", "/tmp/never.png"])
        #expect(flag.code == 2)
        #expect(
            flag.errorText.contains("flag '--width' wants a width >= 0 (0, or 1e15 and more, = unconstrained), got '-inf'"))
    }
}
