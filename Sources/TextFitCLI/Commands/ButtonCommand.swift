import Foundation
import TextFitLayout

/// `textfit button [--title T] [--image WxH] [flags]`: a `UIButton` under the legacy inset model
/// (uikit-semantics.md §6) — its intrinsic size and its content, image and title rects — as a table or
/// one JSON object.
enum ButtonCommand: Command {
    static let name = "button"
    static let options: [OptionSpec] =
        [
            .option("--title", "the title text")
        ] + SharedOptions.font + [
            .option("--image", "an image size WxH, e.g. 32x32"),
            .option("--content-insets", "insets T,L,B,R, e.g. 8,16,8,16"),
            .option("--image-insets", "insets T,L,B,R"),
            .option("--title-insets", "insets T,L,B,R"),
            .option("--alignment", "center, left, right or fill"),
            .option(
                "--semantic-content-attribute", "unspecified, forceLeftToRight or forceRightToLeft (image after the title)"),
            .option("--bounds", "the button's size WxH"),
            .option("--scale", "pixels per point, a number > 0"),
            .flag("--json"),
        ]

    /// The grid frames snap to unless `--scale` says otherwise: 2, an iPhone's (the published UIKit frames
    /// of uikit-semantics.md §6 are 2x frames).
    static let defaultScale: Double = 2
    /// The largest `--scale` accepted, as for `render`.
    static let maximumScale: Double = 16
    /// The alignments the contract names (`leading` and `trailing` are the library's extra spellings).
    static let alignments: [ContentHorizontalAlignment] = [.center, .left, .right, .fill]

    /// What the flags ask for.
    struct Request: Equatable {
        var title = ""
        /// The title's font (`SharedOptions.font`).
        var font = FontChoice()
        var image = CGSize.zero
        var contentInsets = EdgeInsets.zero
        var imageInsets = EdgeInsets.zero
        var titleInsets = EdgeInsets.zero
        var alignment = ContentHorizontalAlignment.center
        /// U11: `.forceRightToLeft` puts the image after the title. An input only: the output's fields
        /// are the contract's.
        var semanticContentAttribute = SemanticContentAttribute.unspecified
        /// nil = the intrinsic size.
        var bounds: CGSize?
        var scale = ButtonCommand.defaultScale
        var json = false
    }

    /// What one run computed.
    struct Result {
        var font: Font
        var intrinsicSize: CGSize
        var frames: ButtonFrames
    }

    static func perform(_ request: Request, console: Console) -> ExitCode {
        let font: Font
        do {
            font = try request.font.font()
        } catch {
            console.writeError("textfit: \(error)")
            return .fontMissing
        }
        let result: Result
        do {
            result = try layout(request, font: font)
        } catch {
            return console.fail(UsageError(message: "\(error)"))
        }
        if request.json {
            console.write(JSONWriter.string(json(result)))
        } else {
            for line in table(request, result) { console.write(line) }
        }
        return .success
    }

    /// The button the request describes, sized and laid out in its bounds.
    /// - Throws: `ButtonError` (for instance content insets wider than `--bounds`), `MeasureError`.
    static func layout(_ request: Request, font: Font) throws -> Result {
        var button = ButtonLayout(
            title: request.title, font: font, imageSize: request.image,
            scale: CGFloat(request.scale))
        button.contentEdgeInsets = request.contentInsets
        button.imageEdgeInsets = request.imageInsets
        button.titleEdgeInsets = request.titleInsets
        button.contentHorizontalAlignment = request.alignment
        button.semanticContentAttribute = request.semanticContentAttribute
        let intrinsic = try button.intrinsicContentSize
        let frames = try button.layout(in: CGRect(origin: .zero, size: request.bounds ?? intrinsic))
        return Result(font: font, intrinsicSize: intrinsic, frames: frames)
    }

    /// Turns parsed flags into a request, checking every value.
    /// - Throws: `UsageError` naming the flag at fault.
    static func makeRequest(_ parsed: ParsedArguments) throws -> Request {
        if let extra = parsed.positionals.first {
            throw UsageError(message: "'button' takes no TEXT argument, got '\(extra)'; pass the title with --title")
        }
        guard parsed.values["--title"] != nil || parsed.values["--image"] != nil else {
            throw UsageError(
                message: "'button' needs --title or --image (or both), e.g. textfit button "
                    + "--title \"Download\" --image 32x32")
        }
        var request = Request()
        request.title = parsed.values["--title"] ?? ""
        request.font = try parsed.fontChoice()
        if let image = try parsed.dimensions("--image") { request.image = image }
        if let bounds = try parsed.dimensions("--bounds") { request.bounds = bounds }
        if let insets = try parsed.insets("--content-insets") { request.contentInsets = insets }
        if let insets = try parsed.insets("--image-insets") { request.imageInsets = insets }
        if let insets = try parsed.insets("--title-insets") { request.titleInsets = insets }
        if let text = parsed.values["--alignment"] {
            guard let alignment = alignments.first(where: { $0.rawValue == text }) else {
                throw UsageError(message: "flag '--alignment' wants center, left, right or fill, got '\(text)'")
            }
            request.alignment = alignment
        }
        if let text = parsed.values["--semantic-content-attribute"] {
            guard let attribute = SemanticContentAttribute(rawValue: text) else {
                throw UsageError(
                    message: "flag '--semantic-content-attribute' wants unspecified, forceLeftToRight "
                        + "or forceRightToLeft, got '\(text)'")
            }
            request.semanticContentAttribute = attribute
        }
        if let scale = try parsed.number("--scale") {
            guard scale.isFinite, scale > 0, scale <= maximumScale else {
                throw UsageError(
                    message: "flag '--scale' wants a number > 0 and <= \(Int(maximumScale)), "
                        + "got '\(parsed.values["--scale"] ?? "")'")
            }
            request.scale = scale
        }
        request.json = parsed.flags.contains("--json")
        return request
    }
}

/// The button's flag values: sizes and insets.
extension ParsedArguments {
    /// `WxH` (also `W,H`): two finite numbers ≥ 0; nil when the flag is absent.
    func dimensions(_ flag: String) throws -> CGSize? {
        guard let text = values[flag] else { return nil }
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        let numbers = parts.count == 2 ? parts.compactMap { Double($0.trimmingCharacters(in: .whitespaces)) } : []
        guard numbers.count == 2, numbers.allSatisfy({ $0.isFinite && $0 >= 0 }) else {
            throw UsageError(message: "flag '\(flag)' wants a size WxH of two numbers >= 0, e.g. 32x32, got '\(text)'")
        }
        return CGSize(width: numbers[0], height: numbers[1])
    }

    /// `T,L,B,R`: four finite numbers (negative ones outset an edge); nil when the flag is absent.
    func insets(_ flag: String) throws -> EdgeInsets? {
        guard let text = values[flag] else { return nil }
        let numbers = text.split(separator: ",", omittingEmptySubsequences: false)
            .compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard numbers.count == 4, text.split(separator: ",", omittingEmptySubsequences: false).count == 4,
            numbers.allSatisfy(\.isFinite)
        else {
            throw UsageError(message: "flag '\(flag)' wants insets T,L,B,R of four numbers, e.g. 8,16,8,16, got '\(text)'")
        }
        return EdgeInsets(top: numbers[0], left: numbers[1], bottom: numbers[2], right: numbers[3])
    }
}
