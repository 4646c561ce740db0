import Foundation
import Testing
import TextFit
@testable import TextFitCLI

/// `textfit batch`'s `widths` and `exclusions` (architecture.md, "Geometry"; rules W8, G2, G4–G8): the
/// answers are the library's `layout(widths:)` and `layout(in:)`, bad input is an error that keeps the id.
@Suite struct BatchGeometryTests {
    func answer(_ line: String) throws -> JSONValue {
        let run = runTool(["batch"], input: [line])
        return try parseJSON(try #require(run.output.first))
    }

    func number(_ value: JSONValue?) -> Double? {
        switch value {
        case .double(let number)?: return number
        case .int(let number)?: return Double(number)
        default: return nil
        }
    }

    func lines(_ result: JSONValue) -> [JSONValue] {
        if case .array(let lines)? = result["lines"] { return lines }
        Issue.record("no lines: \(result)")
        return []
    }

    static let story =
        "Avatars sit at the top left of a post, and the text flows around them: the first lines are short, the rest use the whole column."

    /// W8: each line's range, width and x are `layout(widths:)`'s.
    @Test func widthsAreTheLibrarys() throws {
        let line = #"{"id":"w","text":"\#(Self.story)","size":15,"widths":[120,180,300]}"#
        let result = try answer(line)
        let layout = try PreparedText(Self.story, font: Font(family: "Noto Sans", size: 15)).layout(widths: [120, 180, 300])
        let ours = lines(result)
        #expect(ours.count == layout.lineCount && ours.count > 3)
        for (json, line) in zip(ours, layout.lines) {
            #expect(json["start"] == .int(line.range.lowerBound))
            #expect(json["end"] == .int(line.range.upperBound))
            #expect(number(json["width"]) == Double(line.width))
            #expect(number(json["x"]) == Double(line.rect.minX))
        }
        #expect(number(result["width"]) == Double(layout.size.width))
        #expect(result["id"] == .string("w"))
    }

    /// G4, G5: an avatar circle with padding; lines, x, y and fragments are `layout(in:)`'s.
    @Test func exclusionsAreTheLibrarys() throws {
        let line =
            #"{"id":7,"text":"\#(Self.story)","size":15,"width":260,"exclusions":[{"ellipse":[0,0,64,64]},{"rect":[200,80,60,30]}],"lineFragmentPadding":2}"#
        let result = try answer(line)
        var container = TextContainer(size: CGSize(width: 260, height: 0), lineFragmentPadding: 2)
        container.exclusionPaths = [
            .ellipse(in: CGRect(x: 0, y: 0, width: 64, height: 64)), .rect(CGRect(x: 200, y: 80, width: 60, height: 30)),
        ]
        let layout = try PreparedText(Self.story, font: Font(family: "Noto Sans", size: 15)).layout(in: container)
        let ours = lines(result)
        #expect(ours.count == layout.lines.count && ours.count > 3)
        #expect(layout.lines.contains { $0.rect.minX > 30 })  // some line does move right of the circle
        for (json, line) in zip(ours, layout.lines) {
            #expect(json["start"] == .int(line.range.lowerBound))
            #expect(json["end"] == .int(line.range.upperBound))
            #expect(number(json["width"]) == Double(line.width))
            #expect(number(json["x"]) == Double(line.rect.minX))
            #expect(number(json["y"]) == Double(line.rect.minY))
        }
        #expect(number(result["height"]) == Double(layout.lines.last?.rect.maxY ?? -1))
        #expect(result["truncated"] == .bool(false))
    }

    /// G7: a bounded container ends the lines at its bottom, as the library does, and says so.
    @Test func aBoundedContainerTruncates() throws {
        let line = #"{"id":1,"text":"\#(Self.story)","width":200,"height":60,"exclusions":[{"rect":[0,0,50,20]}]}"#
        let result = try answer(line)
        let container = TextContainer(
            size: CGSize(width: 200, height: 60), exclusionPaths: [.rect(CGRect(x: 0, y: 0, width: 50, height: 20))],
            lineFragmentPadding: 0)
        let layout = try PreparedText(Self.story, font: Font(family: "Noto Sans", size: 17)).layout(in: container)
        #expect(result["truncated"] == .bool(true) && layout.isTruncated)
        #expect(result["lineCount"] == .int(layout.lines.count))
        #expect(number(result["height"]).map { $0 <= 60 } == true)
    }

    /// Styled runs and bidi with `widths`: the boxed result keeps its own `x` (no second one) and equals
    /// the library's placement.
    @Test func styledAndBidiWidths() throws {
        let text = "Shalom שלום עולם, and hello world again in a column that narrows"
        let line = #"{"id":"b","text":"\#(text)","widths":[90,150],"runs":[{"start":0,"end":6,"weight":"bold"}]}"#
        let result = try answer(line)
        // The case's own styled text (its runs as batch reads them), laid out by the library.
        let prepared = try MeasureCase(json: parseJSON(line)).prepare(fonts: FontCache())
        let layout = try prepared.layout(widths: [90, 150])
        let font = try Font(family: "Noto Sans", size: 17)
        let ours = lines(result)
        #expect(ours.count == layout.lineCount)
        for (json, line) in zip(ours, layout.lines) {
            guard case .object(let fields) = json else { continue }
            #expect(fields.filter { $0.key == "x" }.count == 1)
            #expect(number(json["x"]) == Double(line.rect.minX))
            #expect(json["end"] == .int(line.range.upperBound))
        }
        let rtl = try answer(#"{"id":"r","text":"שלום עולם ומה שלומך היום","widths":[60,200]}"#)
        let rtlLayout = try PreparedText("שלום עולם ומה שלומך היום", font: font).layout(widths: [60, 200])
        #expect(rtl["direction"] == .string("rtl"))
        for (json, line) in zip(lines(rtl), rtlLayout.lines) { #expect(number(json["x"]) == Double(line.rect.minX)) }
    }

    /// R1, R3 over a `widths` layout: `rects` and `hitTest` are the library's on the same layout.
    @Test func queriesOverWidths() throws {
        let prepared = try PreparedText(Self.story, font: Font(family: "Noto Sans", size: 17))
        let layout = try prepared.layout(widths: [100, 260])
        let rects = try answer(
            #"{"id":1,"text":"\#(Self.story)","widths":[100,260],"query":"rects","range":[10,60]}"#)
        guard case .array(let items)? = rects["rects"] else { Issue.record("no rects: \(rects)"); return }
        let expected = try layout.rects(for: 10..<60)
        #expect(items.count == expected.count && expected.count > 1)
        for (json, rect) in zip(items, expected) {
            #expect(number(json["x"]) == Double(rect.rect.minX))
            #expect(number(json["y"]) == Double(rect.rect.minY))
            #expect(number(json["width"]) == Double(rect.rect.width))
        }
        for point in [CGPoint(x: 50, y: 5), CGPoint(x: 240, y: 30), CGPoint(x: 500, y: 45), CGPoint(x: 3, y: 900)] {
            let hit = try answer(
                #"{"id":2,"text":"\#(Self.story)","widths":[100,260],"query":"hitTest","point":[\#(point.x),\#(point.y)]}"#)
            let position = layout.closestPosition(to: point)
            #expect(hit["offset"] == .int(position.offset))
            #expect(
                hit["line"] == .int(try layout.lineIndex(forOffset: position.offset, affinity: position.affinity)))
        }
    }

    /// G2 at the command line: `widths: [w]` (and `[w, w, w]`) answers exactly what `width: w` does, over
    /// the plain, styled-runs and bidi parity corpora (1,000 cases), `x` aside.
    @Test func oneConstantWidthIsThePlainAnswer() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../TextFitTests/Data/parity")
        var compared = 0
        for name in ["corpus.jsonl", "runs.jsonl", "bidi.jsonl", "paragraph.jsonl"] {
            let source = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            for (number, line) in source.split(separator: "\n").enumerated() {
                guard case .object(let members) = try JSONReader.parse(String(line)) else { continue }
                let width = members.first { $0.key == "width" }?.value ?? .null
                guard width != .null else { continue }
                let plain = runTool(["batch"], input: [String(line)]).output.first ?? ""
                for list in [[width], [width, width, width]] {
                    let listed = JSONWriter.string(
                        .object(members.filter { $0.key != "width" } + [JSONMember("widths", .array(list))]))
                    let answer = runTool(["batch"], input: [listed]).output.first ?? ""
                    let stripped = try Self.droppingAddedX(parseJSON(answer), plain: parseJSON(plain))
                    if stripped != (try parseJSON(plain)) {
                        Issue.record("\(name):\(number + 1) widths \(list.count): \(answer) vs \(plain)")
                    }
                    compared += 1
                }
            }
        }
        #expect(compared > 2_000)
    }

    /// `result` without the `x` `widths` adds to lines of a plain result (a boxed one has its own).
    static func droppingAddedX(_ result: JSONValue, plain: JSONValue) -> JSONValue {
        guard case .object(var members) = result, case .array(let plainLines)? = plain["lines"],
            let index = members.firstIndex(where: { $0.key == "lines" }), case .array(let lines) = members[index].value
        else { return result }
        members[index].value = .array(
            zip(lines, plainLines).map { line, plainLine in
                guard case .object(let fields) = line, plainLine["x"] == nil else { return line }
                return .object(fields.filter { $0.key != "x" })
            })
        return .object(members)
    }

    /// Bad geometry: an error naming the field, with the case's id, and the run goes on.
    @Test func badGeometryKeepsTheID() throws {
        let cases = [
            (#"{"id":9,"text":"abc","widths":[]}"#, "non-empty array"),
            (#"{"id":9,"text":"abc","widths":120}"#, "non-empty array"),
            (#"{"id":9,"text":"abc","widths":[100,-3]}"#, "'widths[1]' must be a number >= 0"),
            (#"{"id":9,"text":"abc","widths":[100,"x"]}"#, "'widths[1]' must be a number, got string"),
            (#"{"id":9,"text":"abc","widths":[100],"exclusions":[]}"#, "not both"),
            (#"{"id":9,"text":"abc","widths":[100],"lineFragmentPadding":5}"#, "needs 'exclusions'"),
            (#"{"id":9,"text":"abc","exclusions":[{"rect":[0,0,1,1]}]}"#, "needs 'width'"),
            (#"{"id":9,"text":"abc","width":1e400,"exclusions":[]}"#, "needs 'width'"),
            (#"{"id":9,"text":"abc","width":100,"exclusions":{"rect":[0,0,1,1]}}"#, "must be an array"),
            (#"{"id":9,"text":"abc","width":100,"exclusions":[{"circle":[0,0,1,1]}]}"#, "'exclusions[0]' must be one of"),
            (#"{"id":9,"text":"abc","width":100,"exclusions":[{"rect":[0,0,1]}]}"#, "four finite numbers"),
            (#"{"id":9,"text":"abc","width":100,"exclusions":[{"rect":[0,1e400,1,1]}]}"#, "four finite numbers"),
            (#"{"id":9,"text":"abc","width":100,"exclusions":[{"ellipse":[0,0,-1,1]}]}"#, "w, h >= 0"),
            (#"{"id":9,"text":"abc","width":100,"height":200,"exclusions":[{"rect":[0,0,100,1e12]}]}"#, "leaves no room"),
            (#"{"id":9,"text":"abc","width":100,"exclusions":[{"rect":[-10,-10,200,50]}],"height":40}"#, "leaves no room"),
            (#"{"id":9,"text":"abc","width":100,"height":-1,"exclusions":[]}"#, "'height'"),
            (#"{"id":9,"text":"abc","width":100,"exclusions":[],"lineFragmentPadding":50}"#, "below half the width"),
            (#"{"id":9,"text":"abc","width":100,"exclusions":[],"lineFragmentPadding":-1}"#, "'lineFragmentPadding'"),
            (#"{"id":9,"text":"abc","widths":[100],"query":"tightestWidth"}"#, "one 'width'"),
            (#"{"id":9,"text":"abc","widths":[100],"query":"fitFontSize","minimumScaleFactor":0.5}"#, "one 'width'"),
            (
                #"{"id":9,"text":"abc","width":100,"exclusions":[],"query":"hitTest","point":[1,1]}"#,
                "'hitTest' is not answered"
            ),
            (#"{"id":9,"text":"abc","width":100,"exclusions":[],"query":"rects","range":[0,1]}"#, "'rects' is not answered"),
        ]
        let run = runTool(["batch"], input: cases.map(\.0) + [#"{"id":10,"text":"abc","widths":[50]}"#])
        #expect(run.output.count == cases.count + 1)
        for ((line, expected), output) in zip(cases, run.output) {
            let result = try parseJSON(output)
            #expect(result["id"] == .int(9), "\(line)")
            guard case .string(let message)? = result["error"] else {
                Issue.record("no error for \(line): \(output)")
                continue
            }
            #expect(message.contains(expected), "\(line): \(message)")
        }
        #expect(try parseJSON(try #require(run.output.last))["lineCount"] == .int(1))
    }

    /// G7: in an unbounded container a line goes below a shape however tall (no error, no hang); an empty
    /// text has no line and no error; `widths` is no near-miss of `width`.
    @Test func emptyTextAndFieldNames() throws {
        let below = try answer(#"{"id":1,"text":"abc","width":100,"exclusions":[{"rect":[0,0,100,1e12]}]}"#)
        #expect(lines(below).first?["y"] == .double(1e12))
        let empty = try answer(#"{"id":1,"text":"","width":100,"exclusions":[{"rect":[0,0,100,1e12]}]}"#)
        #expect(empty["lineCount"] == .int(0))
        #expect(MeasureCase.nearMiss("widths") == "widths")
        #expect(MeasureCase.nearMiss("exclusion") == "exclusions")
        #expect(MeasureCase.nearMiss("line_fragment_padding") == "lineFragmentPadding")
    }
}
