import Foundation
import Testing
import TextFit
@testable import TextFitCLI

/// `textfit render` and `textfit demo --out`.
@Suite struct RenderCommandTests {
    /// A fresh folder under the temporary directory, removed by the caller.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("textfit-render-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Width and height from a PNG's IHDR chunk.
    static func pngSize(_ data: Data) -> (width: Int, height: Int)? {
        guard data.count > 24, data.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { return nil }
        func int(_ offset: Int) -> Int { data[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (int(16), int(20))
    }

    @Test func parsesMeasuresFlagsAndItsOwn() throws {
        let parsed = try ArgumentParser.parse(
            [
                "Hello world", "--width", "80", "--lines", "2", "--mode", "truncateTail",
                "--overlay", "--scale", "3", "-o", "out.SVG",
            ],
            options: RenderCommand.options, command: "render")
        let request = try RenderCommand.makeRequest(parsed)
        #expect(
            request.measureCase == MeasureCase(text: "Hello world", width: 80, maxLines: 2, lineBreakMode: .byTruncatingTail)
        )
        #expect(request.overlay)
        #expect(request.scale == 3)
        #expect(request.output == "out.SVG")
        #expect(request.format == .svg)
        let defaults = try RenderCommand.makeRequest(
            try ArgumentParser.parse(
                ["Hi", "--output", "a.png"],
                options: RenderCommand.options, command: "render"))
        #expect(defaults.format == .png)
        #expect(defaults.scale == RenderCommand.defaultScale)
        #expect(!defaults.overlay)
    }

    @Test func writesThePNGOfTheMeasuredLayout() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("label.png").path
        let run = runTool([
            "render", "The quick brown fox jumps over the lazy dog", "--width", "150", "--lines", "2",
            "--mode", "truncateTail", "--overlay", "-o", path,
        ])
        #expect(run.code == 0, "\(run.errorText)")
        #expect(run.errors.isEmpty)
        let size = try #require(Self.pngSize(try Data(contentsOf: URL(fileURLWithPath: path))))
        // What `measure` reports for the same flags: 2 lines of 17 pt Noto Sans (23.154 pt) at 150 pt,
        // plus 4 pt padding on each side, at scale 2.
        #expect(size.width == 316)
        #expect(size.height == Int(((2 * 23.154 + 8) * 2).rounded(.up)))
        #expect(run.output == ["\(path): 316 x \(size.height) px, 2 lines, truncated"])
    }

    @Test func writesAnSVGWithOnePathPerGlyph() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("hello.svg").path
        let run = runTool(["render", "Hello world", "--scale", "1", "-o", path])
        #expect(run.code == 0, "\(run.errorText)")
        let svg = try String(contentsOfFile: path, encoding: .utf8)
        #expect(svg.hasPrefix("<?xml"))
        #expect(svg.components(separatedBy: "<path ").count - 1 == 10)
        #expect(!svg.contains("<line"))  // no overlays without --overlay
    }

    @Test func badArgumentsAreUsageErrors() throws {
        let cases: [([String], String)] = [
            (["render", "-o", "x.png"], "'render' needs the TEXT"),
            (["render", "Hi"], "needs an output file"),
            (["render", "Hi", "-o", "x.jpg"], "ending in .png or .svg"),
            (["render", "Hi", "-o", "x.png", "--output", "y.png"], "give the output file once"),
            (["render", "Hi", "-o", "x.png", "--scale", "0"], "flag '--scale' wants pixels per point > 0"),
            (["render", "Hi", "-o", "x.png", "--scale", "abc"], "flag '--scale' wants a number"),
            (["render", "Hi", "-o", "x.png", "--json"], "unknown flag '--json' for 'render'"),
            (["render", "Hi", "there", "-o", "x.png"], "takes one TEXT"),
            (["render", "Hi", "--width", "-3", "-o", "x.png"], "flag '--width' wants a width >= 0"),
            (
                ["render", "Hi", "-o", "/nonexistent-folder-textfit/x.png"],
                "folder '/nonexistent-folder-textfit' does not exist"
            ),
        ]
        for (arguments, message) in cases {
            let run = runTool(arguments)
            #expect(run.code == 2, "\(arguments)")
            #expect(run.errorText.contains(message), "\(arguments): \(run.errorText)")
            #expect(run.output.isEmpty)
        }
    }

    @Test func unknownFontIsExit3() {
        let run = runTool(["render", "Hi", "--family", "No Such Family 42", "-o", "/tmp/never-written.png"])
        #expect(run.code == 3)
        #expect(run.errorText.contains("font family 'No Such Family 42' not found"))
        #expect(!FileManager.default.fileExists(atPath: "/tmp/never-written.png"))
    }

    @Test func helpDocumentsRenderAndItsFlags() {
        let run = runTool(["render", "--help"])
        #expect(run.code == 0)
        #expect(run.outputText == Help.command("render"))
        for option in RenderCommand.options { #expect(Help.full.contains(option.name), "\(option.name)") }
        #expect(Help.full.contains("textfit render"))
        #expect(Help.full.contains("--out DIR"))
    }

    @Test func demoWritesItsPictureWhenAskedTo() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = runTool(["demo", "--out", folder.path])
        #expect(run.code == 0, "\(run.errorText)")
        let path = folder.appendingPathComponent(DemoCommand.pictureName).path
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let size = try #require(Self.pngSize(data))
        #expect(run.output.contains("Picture: \(path) (\(size.width) x \(size.height) px)"))
        // Two 375 pt columns of feed rows, the 400 pt title + date case, buttons and bidirectional lines,
        // at scale 1; small enough for the README.
        #expect(size.width == 831)
        #expect(size.height > 600)
        #expect(data.count < 400_000)
        // The text report is unchanged.
        #expect(run.outputText.contains("1. Feed rows"))
        let plain = runTool(["demo"])
        #expect(Array(run.output.prefix(plain.output.count - 2)) == Array(plain.output.dropLast(2)))
        #expect(Array(plain.output.suffix(2)) == ["", DemoCommand.pictureHint])
    }

    @Test func demoOutToAMissingFolderIsAUsageError() {
        let run = runTool(["demo", "--out", "/nonexistent-folder-textfit"])
        #expect(run.code == 2)
        #expect(run.errorText.contains("does not exist"))
    }
}
