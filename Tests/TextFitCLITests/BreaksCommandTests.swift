import Testing
@testable import TextFitCLI

@Suite struct BreaksCommandTests {
    @Test func knownStrings() {
        let run = runTool(["breaks"], input: [
            #"{"id": 1, "text": "Hello world"}"#,
            #"{"id": "nl", "text": "Hello world.\nBye"}"#,
            #"{"id": null, "text": ""}"#,
        ])
        #expect(run.code == 0)
        #expect(run.output == [
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
}
