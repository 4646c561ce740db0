import Testing
import TextFit
@testable import TextFitCLI

/// Issue 41: a key another API uses for a case field (`fontSize`, `maxWidth`, `numberOfLines`) is an
/// error naming the field meant, not the nearest by spelling (`fontSize` is two edits from `fontFile`),
/// and a line-break mode in UIKit's spelling names the contract's.
@Suite struct BatchFieldSuggestionTests {
    private func error(_ line: String) throws -> String? {
        let run = runTool(["batch"], input: [line])
        guard case .string(let message)? = try parseJSON(try #require(run.output.first))["error"] else { return nil }
        return message
    }

    @Test(arguments: [
        ("fontSize", "size"), ("pointSize", "size"), ("font_size", "size"), ("font-size", "size"),
        ("maxWidth", "width"), ("preferredMaxLayoutWidth", "width"), ("max_width", "width"),
        ("numberOfLines", "maxLines"), ("max_lines", "maxLines"), ("lineLimit", "maxLines"),
        ("line_break_mode", "lineBreakMode"), ("lineBreak", "lineBreakMode"), ("breakMode", "lineBreakMode"),
        ("fontFamily", "family"), ("fontName", "family"), ("font_file", "fontFile"), ("fontPath", "fontFile"),
        ("fontWeight", "weight"), ("paragraphStyle", "paragraph"), ("minScaleFactor", "minimumScaleFactor"),
        ("face_index", "faceIndex"),
    ])
    func anotherAPIsNameSuggestsTheFieldMeant(key: String, field: String) throws {
        #expect(try error(#"{"id":1,"text":"Hi","\#(key)":1}"#) == "unknown field '\(key)'; did you mean '\(field)'?")
    }

    /// Plain misspellings still go by edit distance, and a caller's own data stays ignored.
    @Test func misspellingsAndOwnDataAreUnchanged() throws {
        #expect(
            try error(#"{"id":1,"text":"Hi","fontFiel":"/x.ttf"}"#) == "unknown field 'fontFiel'; did you mean 'fontFile'?")
        #expect(try error(#"{"id":1,"text":"Hi","sizee":17}"#) == "unknown field 'sizee'; did you mean 'size'?")
        for key in ["expected", "note", "lines", "height", "fontSizeNote"] {
            #expect(try error(#"{"id":1,"text":"Hi","\#(key)":1}"#) == nil, "\(key)")
        }
    }

    @Test(arguments: [
        ("byTruncatingTail", "truncateTail"), (".byTruncatingTail", "truncateTail"),
        ("NSLineBreakByTruncatingMiddle", "truncateMiddle"), ("truncate_head", "truncateHead"),
        ("WordWrap", "wordWrap"), ("byCharWrapping", "charWrap"), ("clipping", "clip"),
    ])
    func aModeInUIKitsSpellingNamesTheContractsName(given: String, meant: String) throws {
        let message = try #require(try error(#"{"id":1,"text":"Hi","lineBreakMode":"\#(given)"}"#))
        #expect(
            message
                == "field 'lineBreakMode' must be one of \(LineBreakMode.names), got '\(given)'; did you mean '\(meant)'?")
        let flag = runTool(["measure", "Hi", "--mode", given])
        #expect(flag.code == 2)
        #expect(flag.errors.first?.hasSuffix("; did you mean '\(meant)'?") == true, "\(flag.errors)")
    }

    @Test func anUnknownModeHasNoGuess() throws {
        let message = try #require(try error(#"{"id":1,"text":"Hi","lineBreakMode":"squash"}"#))
        #expect(message.hasSuffix("got 'squash'"))
    }
}
