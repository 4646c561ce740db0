import Foundation
import Testing
import TextFit
@testable import TextFitCLI

/// `textfit button`: the legacy UIButton model (uikit-semantics.md §6) from the command line.
@Suite struct ButtonCommandTests {
    /// The JSON object: keys in the contract's order, rects as {x, y, width, height}.
    @Test func jsonKeysAndShape() throws {
        let run = runTool(["button", "--title", "Download", "--image", "32x32", "--json"])
        #expect(run.code == 0)
        #expect(run.errors.isEmpty)
        let line = try #require(run.output.first)
        #expect(run.output.count == 1)
        // Key order as the contract lists it (the reader sorts keys, so check the text).
        let keys = [
            "\"intrinsicSize\":{\"width\":", "\"contentRect\":{\"x\":", "\"imageRect\":{\"x\":",
            "\"titleRect\":{\"x\":",
        ]
        let positions = keys.compactMap { line.range(of: $0)?.lowerBound }
        #expect(positions.count == 4 && positions == positions.sorted(), "\(line)")
        #expect(line.hasPrefix("{\"intrinsicSize\":{\"width\":"))
        #expect(line.components(separatedBy: "\"y\":").count == 4)
        let json = try parseJSON(line)
        #expect(json["intrinsicSize"]?["width"] != nil && json["intrinsicSize"]?["height"] != nil)
        for rect in ["contentRect", "imageRect", "titleRect"] {
            for key in ["x", "y", "width", "height"] { #expect(json[rect]?[key] != nil, "\(rect).\(key)") }
        }
        #expect(line.contains(#"{"x":0.0,"y":0.0,"width":"#))
        // Sized to fit (the default bounds): the content rect is the bounds, the image at x 0.
        #expect(json["imageRect"]?["x"] == .double(0))
        #expect(json["contentRect"]?["width"] == json["intrinsicSize"]?["width"])
    }

    /// U4 through the tool: an image-only 335 pt button, its image at (335 − 32 − left − right) / 2 + left.
    @Test(arguments: [("0,0,0,0", 151.5), ("0,10,0,0", 156.5), ("0,0,0,100", 101.5), ("0,10,0,100", 106.5)])
    func imageOnlyWorkedChecks(insets: String, x: Double) throws {
        let run = runTool(["button", "--image", "32x32", "--bounds", "335x44", "--image-insets", insets, "--json"])
        #expect(run.code == 0)
        let json = try parseJSON(try #require(run.output.first))
        #expect(json["imageRect"]?["x"] == .double(x))
        #expect(json["imageRect"]?["y"] == .double(6))
        #expect(json["titleRect"]?["width"] == .double(0))
        #expect(json["intrinsicSize"]?["width"] == .double(32))
    }

    /// U3 through the tool: image and title centred as one group; an image inset moves only the image,
    /// by half; a content inset moves both by half.
    @Test func groupCentringWithTitle() throws {
        func frames(_ extra: [String]) throws -> (image: Double, title: Double, titleWidth: Double) {
            let run = runTool(["button", "--title", "Download", "--image", "32x32", "--bounds", "335x44", "--json"] + extra)
            #expect(run.code == 0, "\(run.errorText)")
            let json = try parseJSON(try #require(run.output.first))
            guard case .double(let image)? = json["imageRect"]?["x"], case .double(let title)? = json["titleRect"]?["x"],
                case .double(let width)? = json["titleRect"]?["width"]
            else { throw UsageError(message: "no rects") }
            return (image, title, width)
        }
        let plain = try frames([])
        #expect(plain.title == plain.image + 32)
        #expect(plain.image == (335 - 32 - plain.titleWidth) / 2)
        let movedImage = try frames(["--image-insets", "0,50,0,0"])
        #expect(movedImage.image == plain.image + 25)
        #expect(movedImage.title == plain.title)
        let content = try frames(["--content-insets", "0,20,0,0"])
        #expect(content.image == plain.image + 10)
        #expect(content.title == plain.title + 10)
        let left = try frames(["--alignment", "left", "--image-insets", "0,50,0,0"])
        #expect(left.image == 50)
        #expect(left.title == 32)
    }

    /// U11 through the tool: `--semantic-content-attribute forceRightToLeft` puts the image after the
    /// title in the same group (U4's 335 pt button: the title where the image was); the output's fields
    /// are unchanged; a bad value names the flag.
    @Test func rightToLeft() throws {
        func rects(_ extra: [String]) throws -> (line: String, json: JSONValue) {
            let run = runTool(["button", "--title", "Download", "--image", "32x32", "--bounds", "335x44", "--json"] + extra)
            #expect(run.code == 0, "\(run.errorText)")
            let line = try #require(run.output.first)
            return (line, try parseJSON(line))
        }
        let ltr = try rects([]).json
        let (rtlLine, rtl) = try rects(["--semantic-content-attribute", "forceRightToLeft"])
        #expect(rtlLine.hasPrefix("{\"intrinsicSize\":{\"width\":"))
        #expect(rtl["intrinsicSize"] == ltr["intrinsicSize"])
        #expect(rtl["titleRect"]?["x"] == ltr["imageRect"]?["x"])
        guard case .double(let titleX)? = rtl["titleRect"]?["x"], case .double(let width)? = rtl["titleRect"]?["width"],
            case .double(let imageX)? = rtl["imageRect"]?["x"]
        else { Issue.record("no rects"); return }
        #expect(imageX == titleX + width)
        #expect(try rects(["--semantic-content-attribute", "forceLeftToRight"]).json["imageRect"] == ltr["imageRect"])
        let bad = runTool(["button", "--title", "A", "--semantic-content-attribute", "rtl"])
        #expect(bad.code != 0)
        #expect(bad.errorText.contains("flag '--semantic-content-attribute' wants unspecified"))
    }

    /// The table names the inputs and prints the sizes, rects and the title as drawn.
    @Test func table() {
        let run = runTool(["button", "--title", "Continue", "--image", "20x20", "--title-insets", "0,30,0,0"])
        #expect(run.code == 0)
        let text = run.outputText
        #expect(
            run.output.first?.hasPrefix(
                #"button "Continue"; Noto Sans Regular, 17 pt; image 20 x 20; alignment center; scale 2"#) == true)
        #expect(text.contains("insets       content 0,0,0,0  image 0,0,0,0  title 0,30,0,0"))
        #expect(text.contains("bounds       ") && text.contains("(intrinsic)"))
        for label in ["intrinsic    ", "content rect x 0  y 0", "image rect   x 15", "title rect   x 50"] {
            #expect(text.contains(label), "\(label)")
        }
        // The 30 pt title inset squeezed the label in a button sized to fit: the title is truncated.
        #expect(text.contains("(truncated)"))
        #expect(text.contains("…"))
    }

    /// Bad values are usage errors naming the flag; insets larger than the bounds too.
    @Test(arguments: [
        (["--title", "A", "--image", "32"], "flag '--image' wants a size WxH"),
        (["--title", "A", "--image", "-1x4"], "flag '--image' wants a size WxH"),
        (["--title", "A", "--bounds", "nanx4"], "flag '--bounds' wants a size WxH"),
        (["--title", "A", "--content-insets", "1,2,3"], "flag '--content-insets' wants insets T,L,B,R"),
        (["--title", "A", "--image-insets", "1,2,3,inf"], "flag '--image-insets' wants insets T,L,B,R"),
        (["--title", "A", "--title-insets", "a,b,c,d"], "flag '--title-insets' wants insets T,L,B,R"),
        (["--title", "A", "--alignment", "middle"], "flag '--alignment' wants center, left, right or fill"),
        (["--title", "A", "--scale", "0"], "flag '--scale' wants a number > 0"),
        (["--title", "A", "--size", "-3"], "flag '--size' wants a point size"),
        (
            ["--title", "A", "--bounds", "40x10", "--content-insets", "0,30,0,30"],
            "contentEdgeInsets left + right = 60.0 exceeds the bounds' width 40.0"
        ),
        (
            ["--title", "A", "--bounds", "40x10", "--content-insets", "6,0,6,0"],
            "contentEdgeInsets top + bottom = 12.0 exceeds the bounds' height 10.0"
        ),
        (["--family", "Noto Sans"], "'button' needs --title or --image"),
        (["Hello"], "'button' takes no TEXT argument"),
        (["--title", "A", "--widht", "3"], "unknown flag '--widht' for 'button'"),
    ])
    func usageErrors(arguments: [String], message: String) {
        let run = runTool(["button"] + arguments)
        #expect(run.code == 2)
        #expect(run.output.isEmpty)
        #expect(run.errors.first?.contains(message) == true, "\(run.errorText)")
        #expect(run.errors.last?.contains("run 'textfit --help'") == true)
    }

    /// Negative insets are values, not flags; an unknown family exits 3.
    @Test func negativeInsetsAndMissingFont() {
        let negative = runTool(["button", "--title", "A", "--image", "10x10", "--image-insets", "-4,-5,0,0"])
        #expect(negative.code == 0, "\(negative.errorText)")
        let font = runTool(["button", "--title", "A", "--family", "No Such Family 9"])
        #expect(font.code == 3)
    }

    /// `textfit button --help` prints its section, which documents every flag.
    @Test func help() {
        let run = runTool(["button", "--help"])
        #expect(run.code == 0)
        #expect(run.outputText == Help.command("button"))
        for option in ButtonCommand.options { #expect(ButtonCommand.help.contains(option.name), "\(option.name)") }
        #expect(Help.full.contains("textfit button"))
        #expect(Help.full.contains(ButtonCommand.help))
    }
}
