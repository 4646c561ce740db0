import Foundation
import TextFitLayout

/// `textfit title-date --title T --date D --width W [flags]`: the "title + date" layout (uikit-semantics.md
/// §5.1) — which of the four cases applies, the title's lines and both frames — as a table or one JSON
/// object.
enum TitleDateCommand: Command {
    static let name = "title-date"
    static let options: [OptionSpec] =
        [
            .option("--title", "the title text"),
            .option("--date", "the date text"),
            SharedOptions.width,
        ] + SharedOptions.font + [
            .option("--date-size", "a point size > 0 and < 100000"),
            .option("--spacing", "a gap in points >= 0"),
            .flag("--json"),
        ]

    static let defaultSpacing: Double = 8

    /// What the flags ask for.
    struct Request: Equatable {
        var title: String
        var date: String
        /// nil = unconstrained (0 or infinity on the command line).
        var width: Double?
        /// The title's font (`SharedOptions.font`); the date's is the same at `dateSize`.
        var font = FontChoice()
        /// nil = the title's size.
        var dateSize: Double?
        var spacing = TitleDateCommand.defaultSpacing
        var json = false
    }

    static func perform(_ request: Request, console: Console) -> ExitCode {
        let titleFont: Font
        let dateFont: Font
        do {
            titleFont = try request.font.font()
            dateFont = try titleFont.withSize(CGFloat(request.dateSize ?? request.font.size))
        } catch {
            console.writeError("textfit: \(error)")
            return .fontMissing
        }
        let layout: TitleDateLayout
        do {
            layout = try TitleDateLayout(
                title: request.title, date: request.date, titleFont: titleFont,
                dateFont: dateFont, width: CGFloat(request.width ?? 0),
                spacing: CGFloat(request.spacing))
        } catch {
            return console.fail(UsageError(message: "\(error)"))
        }
        if request.json {
            console.write(JSONWriter.string(json(layout)))
        } else {
            for line in table(request, titleFont: titleFont, dateFont: dateFont, layout: layout) { console.write(line) }
        }
        return .success
    }

    /// Turns parsed flags into a request, checking every value.
    /// - Throws: `UsageError` naming the flag at fault.
    static func makeRequest(_ parsed: ParsedArguments) throws -> Request {
        if let extra = parsed.positionals.first {
            throw UsageError(
                message: "'title-date' takes no TEXT argument, got '\(extra)'; "
                    + "pass the texts with --title and --date")
        }
        for flag in ["--title", "--date", "--width"] where parsed.values[flag] == nil {
            throw UsageError(
                message: "'title-date' needs \(flag), e.g. textfit title-date --title \"Title Short\" "
                    + "--date \"Date\" --width 320")
        }
        var request = Request(title: parsed.values["--title"] ?? "", date: parsed.values["--date"] ?? "")
        request.width = try parsed.width("--width")
        request.font = try parsed.fontChoice()
        request.dateSize = try parsed.pointSize("--date-size")
        if let spacing = try parsed.number("--spacing") {
            guard spacing.isFinite, spacing >= 0 else {
                throw UsageError(message: "flag '--spacing' wants a gap >= 0, got '\(parsed.values["--spacing"] ?? "")'")
            }
            request.spacing = spacing
        }
        request.json = parsed.flags.contains("--json")
        return request
    }

    /// `{"case", "titleLines": [{text, width, truncated}], "titleFrame", "dateFrame", "size"}`, keys in
    /// this order.
    static func json(_ layout: TitleDateLayout) -> JSONValue {
        func rect(_ rect: CGRect) -> JSONValue {
            .object([
                "x": .double(Double(rect.minX)), "y": .double(Double(rect.minY)),
                "width": .double(Double(rect.width)), "height": .double(Double(rect.height)),
            ])
        }
        let lines = layout.titleLines.map { line -> JSONValue in
            .object(["text": .string(line.text), "width": .double(Double(line.width)), "truncated": .bool(line.isTruncated)])
        }
        return .object([
            "case": .int(layout.layoutCase.rawValue),
            "titleLines": .array(lines),
            "titleFrame": rect(layout.titleFrame),
            "dateFrame": rect(layout.dateFrame),
            "size": .object(["width": .double(Double(layout.size.width)), "height": .double(Double(layout.size.height))]),
        ])
    }

    /// The readable report: the case, the title's lines, both frames and the size.
    static func table(_ request: Request, titleFont: Font, dateFont: Font, layout: TitleDateLayout) -> [String] {
        var output = [
            "case \(layout.layoutCase)",
            "title \(titleFont.familyName) \(titleFont.styleName), \(TextTable.number(titleFont.pointSize)) pt; date "
                + "\(TextTable.number(dateFont.pointSize)) pt; width "
                + (request.width.map { TextTable.number($0) } ?? "unconstrained")
                + "; spacing \(TextTable.number(request.spacing))",
        ]
        output += lineRows(layout, indent: "")
        output += frameRows(layout, indent: "")
        return output
    }

    static func lineRows(_ layout: TitleDateLayout, indent: String) -> [String] {
        let rows = layout.titleLines.enumerated().map { index, line in
            [String(index + 1), TextTable.number(line.width), line.isTruncated ? "yes" : "no", TextTable.quoted(line.text)]
        }
        return TextTable.render(header: ["line", "width", "truncated", "text"], rows: rows, indent: indent)
    }

    static func frameRows(_ layout: TitleDateLayout, indent: String) -> [String] {
        func rect(_ rect: CGRect) -> String {
            "x \(TextTable.number(rect.minX))  y \(TextTable.number(rect.minY))  "
                + "w \(TextTable.number(rect.width))  h \(TextTable.number(rect.height))"
        }
        return [
            indent + "title frame  " + rect(layout.titleFrame),
            indent + "date frame   " + rect(layout.dateFrame) + "  (line \(layout.dateLineIndex + 1))",
            indent + "size         " + TextTable.size(layout.size),
        ]
    }
}
