import Testing
@testable import TextFitCLI

@Suite struct BreaksCommandTests {
    @Test func knownStrings() {
        let run = runTool(
            ["breaks"],
            input: [
                #"{"id": 1, "text": "Hello world"}"#,
                #"{"id": "nl", "text": "Hello world.\nBye"}"#,
                #"{"id": null, "text": ""}"#,
            ])
        #expect(run.code == 0)
        #expect(
            run.output == [
                #"{"id":1,"breaks":[6,11],"mandatory":[]}"#,
                #"{"id":"nl","breaks":[6,13,16],"mandatory":[13]}"#,
                #"{"id":null,"breaks":[],"mandatory":[]}"#,
            ])
    }

    @Test func offsetsAreUTF16() {
        // U+1F600 is two UTF-16 units: the break after "😀 " is at 3, the end at 4.
        let run = runTool(["breaks"], input: [#"{"id": 1, "text": "😀 a"}"#])
        #expect(run.output == [#"{"id":1,"breaks":[3,4],"mandatory":[]}"#])
    }

    @Test func badLinesInPlace() {
        let run = runTool(["breaks"], input: [#"{"id": 1}"#, #"{"id": 2, "text": "ok"}"#, "{"])
        #expect(run.code == 1)
        #expect(run.output.count == 3)
        #expect(run.output[0] == #"{"id":1,"error":"missing field 'text' (a string)"}"#)
        #expect(run.output[1] == #"{"id":2,"breaks":[2],"mandatory":[]}"#)
        #expect(run.output[2].hasPrefix(#"{"id":null,"error":"invalid JSON"#))
    }

    @Test func loneSurrogateKeepsItsUTF16Offset() {
        // "\ud800" is valid JSON; it is measured as U+FFFD, one UTF-16 unit like the surrogate.
        let run = runTool(["breaks"], input: [#"{"id": 1, "text": "\ud800 ab"}"#])
        #expect(run.code == 0)
        #expect(run.output == [#"{"id":1,"breaks":[2,4],"mandatory":[]}"#])
    }

    @Test func progressGoesToATerminalStderrOnly() {
        let lines = Array(repeating: #"{"id": 1, "text": "a"}"#, count: JSONLinesLoop.progressInterval)
        for terminal in [false, true] {
            var remaining = lines[...]
            var output = 0
            var errors: [String] = []
            let code = runTextFit(
                arguments: ["breaks"], input: { remaining.popFirst() }, output: { _ in output += 1 },
                error: { errors.append($0) }, errorIsTerminal: terminal)
            #expect(code == 0)
            #expect(output == lines.count)
            #expect(errors.count == (terminal ? 1 : 0))
            #expect(errors.allSatisfy { $0.hasPrefix("textfit breaks: 10000 lines, 0 failed") })
        }
    }
}
