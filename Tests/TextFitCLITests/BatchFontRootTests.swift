import Foundation
import Testing

/// `textfit batch --font-root` (issue 40), through the binary so the restriction stays in its process:
/// cases naming files outside the roots get an error answer with their id and the run goes on.
@Suite struct BatchFontRootTests {
    @Test func casesOutsideTheRootsAreRefusedOneByOne() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fontroot-\(UUID().uuidString)")
        let root = folder.appendingPathComponent("root")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        let inside = root.appendingPathComponent("DejaVuSans.ttf").path
        try FileManager.default.copyItem(atPath: dejaVu, toPath: inside)
        let escape = root.appendingPathComponent("escape.ttf").path
        try FileManager.default.createSymbolicLink(atPath: escape, withDestinationPath: dejaVu)
        let input =
            [
                #"{"id": 1, "text": "Hi", "fontFile": "\#(inside)"}"#,
                #"{"id": 2, "text": "Hi", "fontFile": "\#(escape)"}"#,
                #"{"id": 3, "text": "Hi", "fontFile": "\#(root.path)/../root/../../../../etc/passwd"}"#,
                #"{"id": 4, "text": "Hi", "fontFile": "/proc/self/environ"}"#,
                #"{"id": 5, "text": "Hi", "family": "DejaVu Sans"}"#,
            ].joined(separator: "\n") + "\n"
        let result = try EndToEndTests.run(["batch", "--font-root", root.path], stdin: input)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 5, "\(result.stderr)")
        guard lines.count == 5 else { return }
        #expect(lines[0].hasPrefix(#"{"id":1,"width":"#))
        for line in lines[1...3] {
            #expect(line.contains(#""error":"#) && line.contains("outside the allowed font folders"), "\(line)")
            #expect(!line.contains("root:x:0"))  // nothing of the file is echoed
        }
        #expect(lines[1].hasPrefix(#"{"id":2,"#) && lines[2].hasPrefix(#"{"id":3,"#) && lines[3].hasPrefix(#"{"id":4,"#))
        #expect(lines[4].hasPrefix(#"{"id":5,"width":"#))  // families are not restricted

        // The environment variable gives roots too; a root that is not a folder is a usage error.
        var environment = EndToEndTests.environment
        environment["TEXTFIT_FONT_ROOTS"] = root.path
        let viaEnvironment = try EndToEndTests.run(["batch"], stdin: input, environment: environment)
        #expect(viaEnvironment.stdout == result.stdout)
        let bad = try EndToEndTests.run(["batch", "--font-root", inside], stdin: "")
        #expect(bad.code == 2)
        #expect(bad.stderr.contains("is not a folder"))
    }
}
