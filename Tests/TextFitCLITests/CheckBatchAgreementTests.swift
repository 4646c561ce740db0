import Foundation
import Testing
@testable import TextFitCLI

/// Every answer of `textfit check` agrees with `textfit batch` on the same text and constraints (issue
/// 33): both commands run, `check --json` first, then each string it measured as batch cases at the
/// label's line limit, without one, and (one-line labels) without a width; `fits`, `lineCount`, `width`,
/// `truncated` and `overflow` are recomputed from batch's answers by the contract's definitions.
@Suite struct CheckBatchAgreementTests {
    /// Defaults and per-key entries as an app would have them: two-line body labels, one-line titles
    /// truncating at the tail in a larger size, bold labels on wider buttons.
    static let constraints = #"""
        {"defaults": {"family": "Noto Sans", "size": 15, "width": 160, "maxLines": 2},
         "keys": [{"match": "*.title", "size": 17, "maxLines": 1, "lineBreakMode": "truncateTail"},
                  {"match": "[A-F]*", "width": 120, "maxLines": 1, "weight": "bold"},
                  {"match": "*[Ss]ettings*", "width": 220, "maxLines": 3, "lineBreakMode": "charWrap"}],
         "placeholders": {"%lld": "128"}}
        """#

    /// The batch fields the constraints give `key` (the same merge as the file's: later entries win).
    static func fields(for key: String) throws -> [String: JSONValue] {
        var fields: [String: JSONValue] = [
            "family": .string("Noto Sans"), "size": .int(15), "width": .int(160), "maxLines": .int(2),
        ]
        if try Glob("*.title").matches(key) {
            fields.merge(["size": .int(17), "maxLines": .int(1), "lineBreakMode": .string("truncateTail")]) { $1 }
        }
        if try Glob("[A-F]*").matches(key) {
            fields.merge(["width": .int(120), "maxLines": .int(1), "weight": .string("bold")]) { $1 }
        }
        if try Glob("*[Ss]ettings*").matches(key) {
            fields.merge(["width": .int(220), "maxLines": .int(3), "lineBreakMode": .string("charWrap")]) { $1 }
        }
        return fields
    }

    func agree(catalog: String) throws -> (checked: Int, overflows: Int) {
        let folder = try checkFolder()
        let constraints = try writeFile(folder, "constraints.json", Self.constraints)
        let check = runTool(["check", catalog, "--constraints", constraints, "--json"])
        #expect(check.code == 0 || check.code == 1, "\(check.errorText)")
        let objects = try check.output.map(parseJSON)
        var cases: [String] = []
        for (index, object) in objects.enumerated() {
            guard case .string(let key)? = object["key"], let text = object["text"] else { continue }
            var fields = try Self.fields(for: key)
            fields["text"] = text
            let maxLines = fields["maxLines"]
            for (variant, changes) in [
                ("limited", [:]), ("all", ["maxLines": JSONValue.int(0)]),
                ("oneLine", ["maxLines": .int(0), "width": .null]),
            ] as [(String, [String: JSONValue])] {
                var caseFields = fields.merging(changes) { $1 }
                caseFields["id"] = .string("\(index):\(variant)")
                if variant == "oneLine", maxLines != .int(1) { continue }
                cases.append(
                    JSONWriter.string(.object(caseFields.sorted { $0.key < $1.key }.map { JSONMember($0.key, $0.value) })))
            }
        }
        let batch = runTool(["batch"], input: cases)
        #expect(batch.code == 0)
        var answers: [String: JSONValue] = [:]
        for line in batch.output {
            let answer = try parseJSON(line)
            if case .string(let id)? = answer["id"] { answers[id] = answer }
        }
        var overflows = 0
        for (index, object) in objects.enumerated() {
            guard case .string(let key)? = object["key"], let limited = answers["\(index):limited"],
                let all = answers["\(index):all"],
                case .int(let maxLines)? = try Self.fields(for: key)["maxLines"],
                case .double(let width)? = object["width"], case .double(let overflow)? = object["overflow"],
                case .int(let lineCount)? = all["lineCount"], case .bool(let truncated)? = limited["truncated"],
                case .double(let shownWidth)? = limited["width"], case .double(let allHeight)? = all["height"],
                case .double(let limitedHeight)? = limited["height"]
            else {
                Issue.record("line \(index): missing fields in \(object)")
                continue
            }
            let fits = !truncated && lineCount <= maxLines
            var expectedOverflow = fits ? 0 : allHeight - limitedHeight
            if !fits, maxLines == 1, case .int(1)? = answers["\(index):oneLine"]?["lineCount"],
                case .double(let oneLine)? = answers["\(index):oneLine"]?["width"],
                case .int(let labelWidth)? = try Self.fields(for: key)["width"]
            {
                expectedOverflow = max(0, oneLine - Double(labelWidth))
            }
            if !fits { overflows += 1 }
            #expect(object["fits"] == .bool(fits), "\(key) \(object)")
            #expect(object["lineCount"] == .int(lineCount), "\(key)")
            #expect(object["truncated"] == .bool(truncated), "\(key)")
            #expect(width == shownWidth, "\(key)")
            #expect(abs(overflow - expectedOverflow) < 1e-9, "\(key): check \(overflow), batch \(expectedOverflow)")
        }
        #expect(check.code == (overflows > 0 ? 1 : 0))
        return (objects.count, overflows)
    }

    @Test func theHandMadeCatalog() throws {
        let folder = try checkFolder()
        let result = try agree(catalog: try writeFile(folder, "Localizable.xcstrings", handMadeCatalog))
        #expect(result.checked == 17)
    }

    @Test(
        .enabled(if: realCatalogsFolder != nil, "the real catalogs are not beside the checkout (TEXTFIT_CATALOGS)"),
        arguments: ["Whisky", "LinearMouse", "Loop"])
    func realCatalogs(app: String) throws {
        let result = try agree(catalog: try #require(realCatalog(app)))
        #expect(result.overflows > 0, "these constraints are narrow enough that some strings overflow")
        print("CheckBatchAgreement \(app): \(result.checked) strings, \(result.overflows) overflow, all agree with batch")
    }
}
