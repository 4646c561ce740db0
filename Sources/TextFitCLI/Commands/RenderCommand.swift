import Foundation
import TextFit
import TextFitRender

/// `textfit render TEXT [measure's flags] [--overlay] [--scale S] -o out.png|out.svg`: draws the layout
/// `textfit measure` reports for the same flags, so "why is my label truncated" can be looked at.
enum RenderCommand: Command {
    static let name = "render"
    static let defaultScale: Double = 2
    /// Scales above this make pictures no one opens (and hit `TextPicture.maximumPixelSize` quickly).
    static let maximumScale: Double = 16

    static let options: [OptionSpec] =
        MeasureCommand.options.filter { $0.name != "--json" } + [
            .flag("--overlay"),
            .option("--scale", "pixels per point > 0"),
            .option("-o", "an output file ending in .png or .svg"),
            .option("--output", "an output file ending in .png or .svg"),
        ]

    /// The picture formats, chosen by the output file's extension.
    enum Format: String, Equatable {
        case png, svg
    }

    /// What the flags ask for.
    struct Request: Equatable {
        var measureCase: MeasureCase
        var overlay = false
        var scale = RenderCommand.defaultScale
        var output: String
        var format: Format
    }

    static func perform(_ request: Request, console: Console) -> ExitCode {
        let prepared: PreparedText
        do {
            prepared = try request.measureCase.prepare(fonts: FontCache())
        } catch {
            console.writeError("textfit: \(error)")
            return .fontMissing
        }
        let layout: TextLayout
        let bytes: Data
        let pixels: (width: Int, height: Int)
        do {
            // A `fitFontSize` case is drawn at the size found (Q4), as `measure` reports it.
            layout = try request.measureCase.layout(request.measureCase.shownText(prepared).text)
            let options = RenderOptions(
                scale: CGFloat(request.scale), overlays: request.overlay ? .all : [],
                widthLimit: request.measureCase.width.map { CGFloat($0) })
            let picture = try layout.picture(options: options)
            pixels = try picture.pixelSize(scale: options.scale)
            switch request.format {
            case .png: bytes = try picture.pngData(scale: options.scale)
            case .svg: bytes = Data(try picture.svg(scale: options.scale).utf8)
            }
        } catch let error as RenderError {
            if case .unreadableFont = error {
                console.writeError("textfit: \(error)")
                return .fontMissing
            }
            return console.fail(UsageError(message: "\(error)"))
        } catch {
            return console.fail(UsageError(message: "\(error)"))
        }
        do {
            try OutputFile.write(bytes, to: request.output)
        } catch {
            return console.fail(UsageError(message: "\(error)"))
        }
        if let warning = MeasureResult.missingGlyphWarning(prepared) { console.writeError(warning) }
        console.write(
            "\(request.output): \(pixels.width) x \(pixels.height) px, \(layout.lineCount) "
                + "line\(layout.lineCount == 1 ? "" : "s")\(layout.isTruncated ? ", truncated" : "")")
        return .success
    }

    /// Turns parsed flags into a request, checking every value.
    /// - Throws: `UsageError` naming the flag at fault.
    static func makeRequest(_ parsed: ParsedArguments) throws -> Request {
        guard !parsed.positionals.isEmpty || MeasureCommand.givesJSONCase(parsed) else {
            throw UsageError(
                message: "'render' needs the TEXT to draw, e.g. textfit render \"Hello world\" --width 80 -o hello.png")
        }
        guard parsed.positionals.count <= 1 else {
            throw UsageError(
                message: "'render' takes one TEXT, got \(parsed.positionals.count) arguments "
                    + "('\(parsed.positionals[1])' is extra); quote text with spaces")
        }
        if parsed.values["-o"] != nil, parsed.values["--output"] != nil {
            throw UsageError(message: "give the output file once, with '-o' or '--output'")
        }
        guard let output = parsed.values["-o"] ?? parsed.values["--output"] else {
            throw UsageError(message: "'render' needs an output file: -o out.png or -o out.svg")
        }
        let format = try OutputFile.format(of: output, flag: parsed.values["-o"] != nil ? "-o" : "--output")
        let measureCase =
            try MeasureCommand.jsonCase(parsed, command: "render")?.0 ?? MeasureCommand.makeRequest(parsed).measureCase
        var request = Request(measureCase: measureCase, output: output, format: format)
        request.overlay = parsed.flags.contains("--overlay")
        if let scale = try parsed.number("--scale") {
            guard scale.isFinite, scale > 0, scale <= maximumScale else {
                throw UsageError(
                    message: "flag '--scale' wants pixels per point > 0 and <= \(Int(maximumScale)), "
                        + "got '\(parsed.values["--scale"]!)'")
            }
            request.scale = scale
        }
        return request
    }
}

/// Writing a picture where the user asked.
enum OutputFile {
    struct WriteError: Error, CustomStringConvertible, LocalizedError {
        var description: String
        var errorDescription: String? { description }
    }

    /// The format a path's extension names.
    /// - Throws: `UsageError` naming `flag` when it is neither .png nor .svg.
    static func format(of path: String, flag: String) throws -> RenderCommand.Format {
        let pathExtension = (path as NSString).pathExtension.lowercased()
        guard let format = RenderCommand.Format(rawValue: pathExtension) else {
            throw UsageError(message: "flag '\(flag)' wants a file name ending in .png or .svg, got '\(path)'")
        }
        return format
    }

    /// Writes `bytes` to `path` atomically.
    /// - Throws: `WriteError` saying why (missing folder, permissions).
    static func write(_ bytes: Data, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        var isDirectory: ObjCBool = false
        let folder = url.deletingLastPathComponent().path
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw WriteError(description: "cannot write '\(path)': folder '\(folder)' does not exist")
        }
        do {
            try bytes.write(to: url, options: .atomic)
        } catch {
            throw WriteError(description: "cannot write '\(path)': \(error.localizedDescription)")
        }
    }
}
