import Foundation
import Testing

// One `swift build` for all blocks (each block is the `main.swift` of its own executable target, so
// their top-level names cannot clash and each needs its own imports). The package lives in the temporary
// folder under a name derived from the checkout's path, with its own scratch path, so the outer
// `swift test`'s `.build` is never touched and a second run only rebuilds what changed. Blocks that are
// package manifests (`import PackageDescription`) are skipped: they describe a dependency, not code.
/// Every ```swift block of README.md and of the DocC articles (`Sources/*/*.docc/*.md`), compiled exactly
/// as shown in a package of its own that depends on this checkout by path, then run: what a reader pastes
/// into a new project must build and work.
@Suite struct ReadmeCompileTests {
    /// A ```swift block: the document it is in, its first code line's number there (1-based) and its text.
    struct Block: Equatable {
        var file = "README.md"
        var line: Int
        var code: String
        var targetName: String {
            guard file != "README.md" else { return "ReadmeLine\(line)" }
            let name = file.split(separator: "/").last.map { $0.split(separator: ".")[0] } ?? "Doc"
            let module = file.split(separator: "/").dropFirst().first ?? ""
            return "Doc\(module)\(name.filter { $0.isLetter || $0.isNumber })Line\(line)"
        }
        /// The TextFit products the block imports (`import TextFit`, `import TextFitLayout`, ...).
        var products: [String] {
            code.split(separator: "\n").compactMap { line -> String? in
                let words = line.split(separator: " ")
                guard words.count >= 2, words[0] == "import" || words[0] == "@testable" else { return nil }
                let module = String(words.last!)
                return module.hasPrefix("TextFit") ? module : nil
            }
        }
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The ```swift blocks of a Markdown text, manifests left out.
    static func swiftBlocks(in markdown: String, file: String = "README.md") -> [Block] {
        var blocks: [Block] = []
        var current: Block?
        for (index, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if current == nil {
                if trimmed == "```swift" { current = Block(file: file, line: index + 2, code: "") }
            } else if trimmed == "```" {
                if let block = current, !block.code.contains("import PackageDescription") { blocks.append(block) }
                current = nil
            } else {
                current!.code += line + "\n"
            }
        }
        return blocks
    }

    @Test func extractsBlocksWithTheirLineNumbers() {
        let markdown =
            "# T\n```swift\nimport TextFit\nlet a = 1\n```\ntext\n```sh\nls\n```\n"
            + "```swift\nimport PackageDescription\n```\n```swift\nimport TextFitLayout\n```\n"
        let blocks = Self.swiftBlocks(in: markdown)
        #expect(
            blocks == [Block(line: 3, code: "import TextFit\nlet a = 1\n"), Block(line: 14, code: "import TextFitLayout\n")])
        #expect(blocks[0].products == ["TextFit"])
        let article = Block(file: "Sources/TextFitLayout/TextFitLayout.docc/AutoLayout.md", line: 12, code: "")
        #expect(article.targetName == "DocTextFitLayoutAutoLayoutLine12")  // unique across the catalogs
    }

    /// The examples package, written and built once for this suite and `DocCommentCompileTests` (a build
    /// of TextFit takes minutes): the README's blocks, one executable each, and the doc comments' examples
    /// in one more target (`DocCommentExamples`), which is only compiled.
    struct ExamplesBuild {
        var package: URL
        var blocks: [Block]
        var docExamples: [DocCommentExample]
        var status: Int32
        var output: String
    }

    /// The DocC articles whose blocks are built and run beside the README's.
    static func articlePaths() throws -> [String] {
        var paths: [String] = []
        for target in ["TextFit", "TextFitLayout", "TextFitRender", "TextFitConstraints"] {
            let catalog = "Sources/\(target)/\(target).docc"
            let names =
                (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(catalog).path)) ?? []
            paths += names.filter { $0.hasSuffix(".md") }.sorted().map { "\(catalog)/\($0)" }
        }
        return paths
    }

    static let examplesBuild: Result<ExamplesBuild, any Error> = Result {
        var blocks: [Block] = []
        for file in try ["README.md"] + articlePaths() {
            blocks += swiftBlocks(in: try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8), file: file)
        }
        let docExamples = try DocCommentExample.all(root: root).filter(\.isCompiled)
        let package = try writePackage(blocks, docExamples: docExamples)
        let build = try run(
            swift,
            [
                "build", "--package-path", package.path,
                "--scratch-path", package.appendingPathComponent(".build").path,
            ])
        return ExamplesBuild(
            package: package, blocks: blocks, docExamples: docExamples, status: build.status,
            output: build.output)
    }

    @Test func readmeExamplesCompileAndRun() throws {
        let built = try Self.examplesBuild.get()
        let blocks = built.blocks
        try #require(!blocks.isEmpty, "README.md has no ```swift block")
        let package = built.package
        let build = (status: built.status, output: built.output)
        guard build.status == 0 else {
            Issue.record(Comment(rawValue: "README examples do not compile:\n" + Self.readmeErrors(build.output, blocks)))
            return
        }
        let binaries = package.appendingPathComponent(".build/debug")
        for block in blocks {
            let result = try Self.run(
                binaries.appendingPathComponent(block.targetName).path, [],
                environment: ["SWIFT_BACKTRACE": "enable=no"])  // the error, not a backtrace
            #expect(
                result.status == 0, "\(block.file):\(block.line): the example exits with \(result.status):\n\(result.output)"
            )
        }
    }

    /// Writes the examples' package: one executable target per block, depending on the TextFit
    /// products it imports. Returns its folder.
    static func writePackage(_ blocks: [Block], docExamples: [DocCommentExample] = []) throws -> URL {
        let files = FileManager.default
        // One folder per checkout, named after its path (Hasher's values change from run to run).
        let name =
            "textfit-readme-"
            + root.path.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) ? String($0) : "-" }.joined()
        let package = files.temporaryDirectory.appendingPathComponent(name)
        let sources = package.appendingPathComponent("Sources")
        if files.fileExists(atPath: sources.path) { try files.removeItem(at: sources) }
        // A path dependency's identity is its folder's name, whatever the package calls itself.
        let identity = root.lastPathComponent
        var targets: [String] = []
        for block in blocks {
            let folder = sources.appendingPathComponent(block.targetName)
            try files.createDirectory(at: folder, withIntermediateDirectories: true)
            try block.code.write(to: folder.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
            let products = block.products.map { ".product(name: \"\($0)\", package: \"\(identity)\")" }
            targets.append(
                "        .executableTarget(name: \"\(block.targetName)\", dependencies: [\(products.joined(separator: ", "))]),"
            )
        }
        if !docExamples.isEmpty {
            let folder = sources.appendingPathComponent(DocCommentExample.targetName)
            try files.createDirectory(at: folder, withIntermediateDirectories: true)
            try "// Only compiled: each example is a function no one calls.\n".write(
                to: folder.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
            for example in docExamples {
                try example.source.write(
                    to: folder.appendingPathComponent(example.fileName), atomically: true, encoding: .utf8)
            }
            let products = DocCommentExample.products.map { ".product(name: \"\($0)\", package: \"\(identity)\")" }
            targets.append(
                "        .executableTarget(name: \"\(DocCommentExample.targetName)\", dependencies: [\(products.joined(separator: ", "))]),"
            )
        }
        let manifest = """
            // swift-tools-version:6.0
            import PackageDescription

            let package = Package(
                name: "ReadmeExamples",
                dependencies: [.package(path: \(String(reflecting: root.path)))],
                targets: [
            \(targets.joined(separator: "\n"))
                ]
            )

            """
        try manifest.write(to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        return package
    }

    /// The compiler's error lines (`file:line:column: error: …`), each example file's position turned
    /// into its README.md line; the whole output when there is none.
    static func readmeErrors(_ output: String, _ blocks: [Block]) -> String {
        var lines: [String] = []
        for line in output.split(separator: "\n") where line.contains(": error:") && !line.contains("|") {
            var text = String(line)
            for block in blocks {
                guard let range = text.range(of: "/\(block.targetName)/main.swift:") else { continue }
                let rest = text[range.upperBound...]
                let number = Int(rest.prefix { $0.isNumber }) ?? 1
                let message = rest.drop { $0 != " " }  // after "line:column:"
                text = "\(block.file):\(block.line + number - 1):" + message
            }
            if !lines.contains(text) { lines.append(text) }
        }
        return lines.isEmpty ? output : lines.joined(separator: "\n")
    }

    /// The `swift` driver: `TEXTFIT_SWIFT` when set, else the first on PATH, else the toolchain's.
    static var swift: String {
        if let path = ProcessInfo.processInfo.environment["TEXTFIT_SWIFT"] { return path }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/swift"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return "/opt/swift/usr/bin/swift"
    }

    /// Runs a program to its end and returns its exit status with stdout and stderr together.
    static func run(
        _ program: String, _ arguments: [String], environment: [String: String] = [:]
    ) throws
        -> (status: Int32, output: String)
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()  // read before waiting: a full pipe blocks
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
