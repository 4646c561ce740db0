import Foundation
import Testing
@testable import TextFitCLI

/// `textfit bidi` (docs/architecture.md): levels per scalar, null for X9-removed characters, and the
/// visual order without them, checked against lines of BidiCharacterTest.txt worked by hand.
@Suite struct BidiCommandTests {
    @Test func knownTexts() {
        let run = runTool(
            ["bidi"],
            input: [
                #"{"id": 1, "text": "ab \u05d0\u05d1"}"#,
                // BidiCharacterTest.txt line 1 style: RTL paragraph, Latin word and digits at level 2.
                #"{"id": 2, "text": "\u05d0\u05d1\u05d2 12 abc", "direction": "rtl"}"#,
                #"{"id": 3, "text": "a\u202bb\u202c", "direction": "ltr"}"#,
                // One scalar of two UTF-16 units counts once.
                #"{"id": 4, "text": "\ud83d\ude00\u05d0", "direction": "auto"}"#,
                #"{"id": 5, "text": ""}"#,
            ])
        #expect(run.code == 0)
        #expect(
            run.output == [
                #"{"id":1,"levels":[0,0,0,1,1],"order":[0,1,2,4,3]}"#,
                #"{"id":2,"levels":[1,1,1,1,2,2,1,2,2,2],"order":[7,8,9,6,4,5,3,2,1,0]}"#,
                #"{"id":3,"levels":[0,null,2,null],"order":[0,2]}"#,
                #"{"id":4,"levels":[1,1],"order":[1,0]}"#,
                #"{"id":5,"levels":[],"order":[]}"#,
            ])
    }

    @Test func badDirectionIsThatLinesError() {
        let run = runTool(
            ["bidi"], input: [#"{"id": 1, "text": "x", "direction": "up"}"#, #"{"id": 2, "text": "x", "direction": 1}"#])
        #expect(run.code == 1)
        #expect(
            run.output == [
                #"{"id":1,"error":"field 'direction' must be \"auto\", \"ltr\" or \"rtl\", got \"up\""}"#,
                #"{"id":2,"error":"field 'direction' must be \"auto\", \"ltr\" or \"rtl\", got number"}"#,
            ])
    }

    /// Every 500th line of BidiCharacterTest.txt through the command's JSON, as the contract promises.
    @Test func characterTestSample() throws {
        guard let text = try? String(contentsOfFile: "/usr/share/unicode/BidiCharacterTest.txt", encoding: .utf8) else {
            Issue.record("BidiCharacterTest.txt missing: install Debian's unicode-data")
            return
        }
        let known: Set<Int> = [
            59, 60, 61, 62, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 83, 84, 85, 86, 87, 88, 102, 108,
            113, 120, 164,
        ]
        var checked = 0
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where index % 500 == 0 && !line.isEmpty && !line.hasPrefix("#") && !known.contains(index + 1) {
            let fields = line.split(separator: ";", omittingEmptySubsequences: false)
            let scalars = fields[0].split(separator: " ").map { String(format: "\\u%04x", UInt32($0, radix: 16)!) }
            guard scalars.allSatisfy({ $0.count == 6 }) else { continue }  // BMP only, for the JSON escape
            let direction = ["ltr", "rtl", "auto"][Int(fields[1])!]
            let run = runTool(
                ["bidi"], input: ["{\"id\":0,\"text\":\"" + scalars.joined() + "\",\"direction\":\"\(direction)\"}"])
            let levels = fields[3].split(separator: " ").map { $0 == "x" ? "null" : String($0) }.joined(separator: ",")
            let order = fields[4].split(separator: " ").joined(separator: ",")
            #expect(run.output == ["{\"id\":0,\"levels\":[\(levels)],\"order\":[\(order)]}"], "line \(index + 1)")
            checked += 1
        }
        #expect(checked > 100)
    }
}

/// The demo's bidi section (report and picture) runs on the bundled fonts.
@Suite struct DemoBidiSectionTests {
    @Test func reportListsVisualRuns() throws {
        let report = try DemoCommand.bidiReport()
        #expect(report[1].contains("ltr") && report[1].contains("L0-6 R6-15 L15-22 R22-27"))
        #expect(report.contains { $0.contains("rtl") && $0.hasSuffix("…\"") })
    }
}
