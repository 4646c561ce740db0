import Foundation
import Testing
@testable import TextFit

/// `Font.SymbolicTraits` prints as the option-set literal that makes it (issue 41), on the bundled faces
/// whose traits rule S9 fixes: Noto Sans has all four faces, Droid Sans Fallback only an upright one.
@Suite struct SymbolicTraitsDescriptionTests {
    @Test func bundledFacesPrintTheirTraits() throws {
        #expect("\(try Font.systemFont(ofSize: 17).symbolicTraits)" == "[]")
        #expect("\(try Font.boldSystemFont(ofSize: 17).symbolicTraits)" == "[.traitBold]")
        #expect("\(try Font.italicSystemFont(ofSize: 17).symbolicTraits)" == "[.traitItalic]")
        let boldItalic = try Font(family: "Noto Sans", size: 17, weight: .bold, italic: true)
        #expect(String(describing: boldItalic.symbolicTraits) == "[.traitItalic, .traitBold]")
        #expect(String(reflecting: boldItalic.symbolicTraits) == "[.traitItalic, .traitBold]")
        // No italic face: what was found, not what was asked for (S9).
        #expect("\(try Font(family: "Droid Sans Fallback", size: 17, italic: true).symbolicTraits)" == "[]")
    }

    /// Bits without a name stay visible, so two different values never print alike.
    @Test func unnamedBitsAreShown() {
        #expect("\(Font.SymbolicTraits(rawValue: 0b110))" == "[.traitBold, rawValue: 0x4]")
        #expect("\(Font.SymbolicTraits(rawValue: 1 << 8))" == "[rawValue: 0x100]")
    }
}
