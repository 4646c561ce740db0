import Foundation
import Testing
@testable import TextFitCLI

/// `textfit batch` with `language` and `paragraph.hyphenationFactor` (rules H1–H3; the contract in
/// docs/architecture.md): a hyphenated line adds `"hyphenated": true`, its text ends with the hyphen shown.
@Suite struct HyphenationBatchTests {
    func run(_ line: String) throws -> JSONValue {
        let json = try JSONReader.parse(line)
        let measured = try MeasureCase(json: json)
        let layout = try measured.layout(fonts: FontCache())
        return MeasureResult.json(id: json["id"] ?? .null, layout: layout)
    }

    @Test func hyphenatedLinesAreReported() throws {
        let result = try run(
            #"{"id": 1, "text": "Donaudampfschifffahrtsgesellschaft", "size": 17, "width": 120, "language": "de-DE", "paragraph": {"hyphenationFactor": 1}}"#
        )
        guard case .array(let lines)? = result["lines"] else { Issue.record("no lines"); return }
        #expect(lines.count > 1)
        for line in lines.dropLast() {
            #expect(line["hyphenated"] == .bool(true))
            guard case .string(let text)? = line["text"] else { continue }
            #expect(text.hasSuffix("\u{2010}"))
        }
        #expect(lines.last?["hyphenated"] == nil)
    }

    @Test func softHyphenWithoutLanguage() throws {
        let result = try run(#"{"id": 2, "text": "extra\u00ADordinary", "width": 70}"#)
        guard case .array(let lines)? = result["lines"] else { Issue.record("no lines"); return }
        #expect(lines.first?["text"] == .string("extra\u{2010}"))
        #expect(lines.first?["hyphenated"] == .bool(true))
    }

    @Test func factorZeroAndBadFactor() throws {
        let plain = try run(
            #"{"id": 3, "text": "Donaudampfschifffahrtsgesellschaft", "width": 120, "language": "de", "paragraph": {"hyphenationFactor": 0}}"#
        )
        guard case .array(let lines)? = plain["lines"] else { Issue.record("no lines"); return }
        #expect(lines.allSatisfy { $0["hyphenated"] == nil })
        #expect(throws: CaseError.self) {
            _ = try run(#"{"id": 4, "text": "x", "paragraph": {"hyphenationFactor": 2}}"#)
        }
        // An unknown language is answered, not refused.
        _ = try run(
            #"{"id": 5, "text": "internationalization", "width": 50, "language": "zz", "paragraph": {"hyphenationFactor": 1}}"#
        )
    }
}
