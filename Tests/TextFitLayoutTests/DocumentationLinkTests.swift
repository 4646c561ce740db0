import Foundation
import Testing

/// Relative links of the repository's Markdown documents point at files that exist, and a `#fragment`
/// into a Markdown file names one of its headings (as GitHub makes their anchors), so the README's feature
/// table reaches the rule it cites. Web links are not followed (the tests run offline).
@Suite struct DocumentationLinkTests {
    static let root = ReadmeCompileTests.root

    /// The documents checked: the README, the changelog, docs/ and the nested packages' READMEs.
    static func documents() throws -> [String] {
        var paths = ["README.md", "CHANGELOG.md", "Benchmarks/README.md", "FuzzTesting/README.md", "Fonts/README.md"]
        let docs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
        paths += docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        return paths.filter { FileManager.default.fileExists(atPath: root.appendingPathComponent($0).path) }
    }

    struct Link: Equatable {
        var line: Int
        var target: String
    }

    /// Inline links and images (`[text](target)`, `![alt](target)`) outside fenced code blocks and code spans.
    static func links(in markdown: String) -> [Link] {
        var links: [Link] = []
        var inFence = false
        let pattern = try! NSRegularExpression(pattern: #"\]\(([^)\s]+)(?:\s+"[^"]*")?\)"#)
        for (index, rawLine) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(rawLine)
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") { inFence.toggle(); continue }
            if inFence { continue }
            let text = line.replacingOccurrences(of: #"`[^`]*`"#, with: "``", options: .regularExpression)
            let range = NSRange(text.startIndex..., in: text)
            for match in pattern.matches(in: text, range: range) {
                links.append(Link(line: index + 1, target: String(text[Range(match.range(at: 1), in: text)!])))
            }
        }
        return links
    }

    /// GitHub's anchor for a heading: lowercased, everything but letters, marks, digits, `_`, `-` and
    /// spaces dropped, spaces made hyphens; a repeated heading gets `-1`, `-2`, ...
    static func anchors(in markdown: String) -> Set<String> {
        var anchors: Set<String> = []
        var counts: [String: Int] = [:]
        var inFence = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") { inFence.toggle(); continue }
            guard !inFence, line.hasPrefix("#") else { continue }
            let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
            var slug = ""
            for scalar in title.lowercased().unicodeScalars {
                let p = scalar.properties
                if p.isAlphabetic || p.numericType != nil || scalar == "_" || scalar == "-"
                    || p.generalCategory == .nonspacingMark
                {
                    slug.unicodeScalars.append(scalar)
                } else if scalar == " " {
                    slug += "-"
                }
            }
            let seen = counts[slug, default: 0]
            anchors.insert(seen == 0 ? slug : "\(slug)-\(seen)")
            counts[slug] = seen + 1
        }
        return anchors
    }

    @Test func anchorsFollowGitHub() {
        let markdown =
            "# Title\n## 1. Fonts (F)\n### §5.1 — The \"title + date\" block\n## `UILabel` (L)\n## Title\n```\n# not a heading\n```\n"
        #expect(Self.anchors(in: markdown) == ["title", "1-fonts-f", "51--the-title--date-block", "uilabel-l", "title-1"])
        #expect(
            Self.links(in: "a [b](c.md#d) `[e](f)` ![g](h.png)\n```\n[i](j)\n```\n")
                == [Link(line: 1, target: "c.md#d"), Link(line: 1, target: "h.png")])
    }

    @Test func relativeLinksResolve() throws {
        let files = FileManager.default
        var checked = 0
        for document in try Self.documents() {
            let url = Self.root.appendingPathComponent(document)
            let text = try String(contentsOf: url, encoding: .utf8)
            let folder = url.deletingLastPathComponent()
            for link in Self.links(in: text) {
                let target = link.target
                if target.contains("://") || target.hasPrefix("mailto:") { continue }
                let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                let path = String(parts[0])
                let fragment = parts.count > 1 ? String(parts[1]) : nil
                let file = path.isEmpty ? url : folder.appendingPathComponent(path).standardizedFileURL
                checked += 1
                guard files.fileExists(atPath: file.path) else {
                    Issue.record("\(document):\(link.line): \(target) does not exist")
                    continue
                }
                if let fragment, file.pathExtension == "md" {
                    let anchors = Self.anchors(in: try String(contentsOf: file, encoding: .utf8))
                    #expect(
                        anchors.contains(fragment.lowercased()),
                        "\(document):\(link.line): no heading of \(file.lastPathComponent) has the anchor #\(fragment)")
                }
            }
        }
        #expect(checked >= 50, "only \(checked) relative links found")
    }
}
