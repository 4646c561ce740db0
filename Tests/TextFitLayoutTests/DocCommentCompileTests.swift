import Foundation
import Testing

/// A ```swift block in a `///` doc comment of TextFit, TextFitLayout or TextFitRender, made into a function
/// of its own in the examples package `ReadmeCompileTests` builds (imports first, then the block as the
/// body of a throwing function), so `try` and expressions shown for their values compile as written.
///
/// Which blocks are compiled (issue 41): every block of the public modules, except
/// * those in `Sources/TextFit/Internals/` and `Sources/TextFit/Support/`, which document internal code
///   (C doors, locks, counters) with internal names; and
/// * fragments: blocks that continue an example of their surrounding documentation, using a value it
///   introduced (`font`, `label`, `prepared`) or an internal type. A block is a fragment when it mentions,
///   without declaring it (`let`/`var`/`for`), a name `DocCommentExample.givenNames` lists for its file.
/// The list is checked both ways: every listed name is still used by a fragment of its file, so it
/// cannot hide a block that stopped needing it.
struct DocCommentExample: Equatable {
    var path: String
    /// The line of the block's first code line in `path` (1-based).
    var line: Int
    var code: String

    static let targetName = "DocCommentExamples"
    static let products = ["TextFit", "TextFitLayout", "TextFitRender"]
    static let folders = ["Sources/TextFit", "Sources/TextFitLayout", "Sources/TextFitRender"]
    static let internalFolders = ["Sources/TextFit/Internals/", "Sources/TextFit/Support/"]

    /// Per file (by name, which is unique in the three modules and survives a move between folders), the
    /// names its fragments take from the surrounding documentation (values it set up, or internal types
    /// an internal declaration's example names).
    static let givenNames: [String: Set<String>] = [
        "PreparedText+Bidi.swift": ["font"],
        "Font+Typography.swift": ["interVariablePath"],
        "TextLine+Bidi.swift": ["font"],
        "FaceMetrics+Sanity.swift": ["FaceMetrics"],
        "GlyphRun.swift": ["layout", "myCanvas", "origin", "text"],
        "TextLine+Glyphs.swift": ["draw", "text"],
        "Sizing.swift": ["prepared"],
        "TextBatch.swift": ["articles", "feed", "font"],
        "TextLayout.swift": ["font", "prepared"],
        "VisibleLines.swift": ["VisibleLines"],
        "PreparedText+Paragraph.swift": ["font"],
        "PreparedText+TightestWidth.swift": ["text"],
        "WidthRange.swift": ["text"],
        "PreparedText+LineBoxes.swift": ["boldNameThenSmallDate", "font", "styled"],
        "PreparedText+Styled.swift": ["styled"],
        "TextAttributes.swift": ["font"],
        "EllipsisPlacement.swift": ["prepared"],
        "LineBreakStrategy.swift": ["font", "w"],
        "ParagraphStyle.swift": ["font"],
        "UnboundedTextDimension.swift": ["prepared"],
        "WritingDirection.swift": ["font"],
        "ButtonConfiguration+Layout.swift": ["font"],
        "ButtonError.swift": ["font"],
        "ButtonFrames.swift": ["button"],
        "ButtonGeometry.swift": ["ButtonGeometry"],
        "ButtonLayout+Recipes.swift": ["font"],
        "ButtonLayout.swift": ["font"],
        "ContentAlignment.swift": ["font"],
        "CellNode.swift": ["template"],
        "LayoutNode+Distribution.swift": ["a", "b", "bar", "buttons", "c", "icons"],
        "Label+Sizing.swift": ["font", "longText"],
        "LabelDrawing.swift": ["font"],
        "LabelNode.swift": ["body", "bold", "cell"],
        "LayoutNode+LayoutPass.swift": ["root", "width"],
        "LayoutNode+Margins.swift": ["node"],
        "Row.swift": ["articles", "body", "bold", "feed"],
        "RowHeightCache.swift": ["feed", "texts"],
        "RowHeights.swift": ["font", "texts"],
        "RowTemplate.swift": ["body"],
        "TitleDateLayout.swift": ["body", "bold", "caption", "grey"],
        "TextLayout+Rendering.swift": ["font", "text"],
        "TitleDateLayout+Drawing.swift": ["font"],
        "PreparedText+Layout.swift": ["prepared"],
        "PreparedText+LineWidths.swift": ["prepared"],
        "LineWalker.swift": ["prepared", "walker"],
        "TextContainer.swift": ["prepared"],
        "PreparedText+Container.swift": ["container", "prepared"],
        "TextLayout+TruncationToken.swift": ["prepared", "review"],
        "TextFitError.swift": ["prepared"],
        "SemanticContentAttribute.swift": ["font"],
        "LRUTable.swift": ["LRUTable"],
        "FontFileTable.swift": ["FontFileTable"],
        "Screen.swift": ["font"],
        "ConstraintRowHeights.swift": ["texts"],
        "Array+Distribute.swift": ["a", "b", "c"],
        "LayoutNode+Masonry.swift": ["avatar", "contentView", "label"],
        "LayoutAnchor.swift": ["avatar", "cell", "label"],
        "LayoutAttribute.swift": ["date", "title"],
        "LayoutConstraint.swift": ["cell", "label"],
        "LayoutNode+AutoLayout.swift": ["contentView"],
    ]

    /// The listed names this block uses without declaring them (empty: it is compiled).
    var givenNamesUsed: [String] {
        (Self.givenNames[Self.baseName(path)] ?? []).sorted().filter { Self.uses(code, $0) && !Self.declares(code, $0) }
    }

    static func baseName(_ path: String) -> String { String(path.split(separator: "/").last ?? "") }

    var isCompiled: Bool {
        !Self.internalFolders.contains { path.hasPrefix($0) } && givenNamesUsed.isEmpty
    }

    /// A file name unique in the target: the source path and line.
    var fileName: String {
        path.map { $0.isLetter || $0.isNumber ? String($0) : "_" }.joined() + "_\(line).swift"
    }

    /// The block's own `import` lines, hoisted: a function body cannot import.
    private var split: (imports: [Substring], body: [Substring]) {
        let lines = code.split(separator: "\n", omittingEmptySubsequences: false)
        return (lines.filter { $0.hasPrefix("import ") }, lines.filter { !$0.hasPrefix("import ") })
    }

    var source: String {
        header + split.body.joined(separator: "\n") + "\n}\n"
    }

    private var header: String {
        (Self.products.map { "import \($0)" } + ["import Foundation"] + split.imports.map(String.init)).joined(
            separator: "\n")
            + "\n// \(path):\(line)\nfunc docExample_\(fileName.dropLast(6))() throws {\n"
    }

    /// The source line of line `number` (1-based) of the generated file.
    func sourceLine(ofGeneratedLine number: Int) -> Int {
        let headerLines = header.split(separator: "\n", omittingEmptySubsequences: false).count - 1
        let importsBefore = split.imports.count  // hoisted lines no longer sit in the body
        return line + (number - headerLines - 1) + (importsBefore > 0 ? importsBefore : 0)
    }

    /// Whether `name` appears as a free identifier: not after a `.` (a member) and not inside a longer name.
    static func uses(_ code: String, _ name: String) -> Bool {
        code.range(of: "(?<![A-Za-z0-9_.])\(name)(?![A-Za-z0-9_])", options: .regularExpression) != nil
    }

    static func declares(_ code: String, _ name: String) -> Bool {
        code.range(of: "\\b(let|var|for)\\s+\(name)\\b", options: .regularExpression) != nil
    }

    /// The ```swift blocks of the `///` comments of one file.
    static func blocks(inFile path: String, text: String) -> [DocCommentExample] {
        var examples: [DocCommentExample] = []
        var current: DocCommentExample?
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = rawLine.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("///") else { current = nil; continue }
            var body = trimmed.dropFirst(3)
            if body.hasPrefix(" ") { body = body.dropFirst() }
            if current == nil {
                if body.trimmingCharacters(in: .whitespaces) == "```swift" {
                    current = DocCommentExample(path: path, line: index + 2, code: "")
                }
            } else if body.trimmingCharacters(in: .whitespaces) == "```" {
                examples.append(current!)
                current = nil
            } else {
                current!.code += body + "\n"
            }
        }
        return examples
    }

    /// Every block of the public modules' sources under `root`, in path order.
    static func all(root: URL) throws -> [DocCommentExample] {
        var examples: [DocCommentExample] = []
        for folder in folders {
            let base = root.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { continue }
            var paths: [String] = []
            for case let url as URL in walker where url.pathExtension == "swift" {
                paths.append(folder + "/" + url.path.dropFirst(base.path.count + 1))
            }
            for path in paths.sorted() {
                let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
                examples += blocks(inFile: path, text: text)
            }
        }
        return examples
    }
}

/// Doc-comment examples compile (issue 41: `CGSize(width: 100, height: .greatestFiniteMagnitude)` in
/// BoundingRect.swift's did not, on Linux), in the package the README's examples are built in.
@Suite struct DocCommentCompileTests {
    @Test func extractsBlocksWithTheirLines() {
        let text =
            "/// Sum.\n///\n/// ```swift\n/// import TextFitLayout\n/// let a = 1\n/// ```\nfunc f() {}\n"
            + "// ```swift\n// not a doc comment\n// ```\n"
        let blocks = DocCommentExample.blocks(inFile: "Sources/TextFit/X.swift", text: text)
        #expect(
            blocks == [
                DocCommentExample(path: "Sources/TextFit/X.swift", line: 4, code: "import TextFitLayout\nlet a = 1\n")
            ])
        #expect(blocks[0].source.contains("import TextFitLayout\n// Sources/TextFit/X.swift:4\nfunc docExample_"))
        #expect(blocks[0].sourceLine(ofGeneratedLine: 8) == 5)  // 4 imports, the block's, the path, the func
    }

    @Test func fragmentsAreDecidedByTheirNames() {
        #expect(DocCommentExample.uses("try prepared.layout()", "prepared"))
        #expect(!DocCommentExample.uses("label.font = x", "font"))  // a member, not a free name
        #expect(!DocCommentExample.uses("let fonts = 1", "font"))
        #expect(DocCommentExample.declares("let font = try Font(family: \"Noto Sans\", size: 17)", "font"))
    }

    /// Every compiled example builds. Errors are reported at the doc comment's own line.
    @Test func docCommentExamplesCompile() throws {
        let built = try ReadmeCompileTests.examplesBuild.get()
        let compiled = built.docExamples
        #expect(compiled.count >= 40, "only \(compiled.count) doc-comment examples are compiled")
        guard built.status != 0 else { return }
        var errors: [String] = []
        for line in built.output.split(separator: "\n") where line.contains(": error:") && !line.contains("|") {
            for example in compiled {
                guard let range = line.range(of: "/\(DocCommentExample.targetName)/\(example.fileName):") else { continue }
                let rest = line[range.upperBound...]
                let number = Int(rest.prefix { $0.isNumber }) ?? 1
                let message = rest.drop { $0 != " " }
                let text = "\(example.path):\(example.sourceLine(ofGeneratedLine: number)):\(message)"
                if !errors.contains(text) { errors.append(text) }
            }
        }
        if errors.isEmpty {
            Issue.record(
                "the examples package does not build, but not because of a doc-comment example (see ReadmeCompileTests)")
        } else {
            Issue.record(Comment(rawValue: "doc-comment examples do not compile:\n" + errors.joined(separator: "\n")))
        }
    }

    /// The fragment list names only what fragments use, so it hides nothing that would compile.
    @Test func fragmentListIsCurrent() throws {
        let all = try DocCommentExample.all(root: ReadmeCompileTests.root)
        for (file, names) in DocCommentExample.givenNames {
            let used = Set(all.filter { DocCommentExample.baseName($0.path) == file }.flatMap(\.givenNamesUsed))
            #expect(used == names, "\(file): the fragments use \(used.sorted()), the list says \(names.sorted())")
        }
    }
}
