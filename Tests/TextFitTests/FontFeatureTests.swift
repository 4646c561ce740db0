import Foundation
import Testing
@testable import TextFit

/// OpenType features (rules O1, O2): tags, values, the cache key, styled runs and bad input.
@Suite struct FontFeatureTests {
    static func width(_ text: String, _ font: Font) throws -> CGFloat {
        try PreparedText(text, font: font).layout().size.width
    }

    /// O2: monospacedDigitSystemFont gives every digit one advance; without tnum Noto Sans' "1" is
    /// narrower with pnum. Pango's widths for these settings are in TypographyPangoParityTests.
    @Test func tabularDigitsLineUp() throws {
        let tabular = try Font.monospacedDigitSystemFont(ofSize: 17)
        #expect(tabular.features == [.tabularNumbers])
        let digits = try (0...9).map { try Self.width(String($0), tabular) }
        #expect(Set(digits).count == 1)
        let proportional = try Font(family: "Noto Sans", size: 17, features: [.proportionalNumbers])
        #expect(try Self.width("1", proportional) < Self.width("0", proportional))
        #expect(try Self.width("$1,111.11", proportional) < Self.width("$1,111.11", tabular))
    }

    /// O1: a feature font has its own face, so the segment cache keeps its words apart from the plain
    /// font's, in either order of preparation; the plain font is the face as the file has it.
    @Test func featuresJoinTheCacheKey() throws {
        let plain = try Font(family: "Noto Sans", size: 17)
        let smallCaps = try plain.withFeatures([.smallCaps])
        #expect(plain.face.variant == nil)
        #expect(smallCaps.face.id != plain.face.id)
        #expect(smallCaps != plain)
        let text = "small caps heading"
        let first = try Self.width(text, plain)
        let caps = try Self.width(text, smallCaps)
        #expect(caps != first)  // small capitals are narrower than lower case in Noto Sans
        #expect(try Self.width(text, plain) == first)
        #expect(try Self.width(text, smallCaps) == caps)
        // Equal settings in any order and with repeats give the one face.
        let a = try Font(family: "Noto Sans", size: 17, features: [FontFeature("liga", 0), .smallCaps])
        let b = try Font(
            family: "Noto Sans", size: 17, features: [.smallCaps, FontFeature("liga", 1), FontFeature("liga", 0)])
        #expect(a == b)
        #expect(a.features.map(\.description) == ["liga=0", "smcp=1"])
        // Another size keeps the features.
        #expect(try smallCaps.withSize(30).features == [.smallCaps])
    }

    /// O1: "office" takes the ffi ligature in Noto Sans; liga off sets three letters.
    @Test func ligaturesOff() throws {
        let plain = try Font(family: "Noto Sans", size: 17)
        let noLigatures = try plain.withFeatures([.noLigatures])
        let glyphs = { (font: Font) -> Int in
            try PreparedText("office", font: font).layout().lines.first.map {
                $0.glyphs().runs.reduce(0) { $0 + $1.glyphs.count }
            } ?? 0
        }
        #expect(try glyphs(plain) < glyphs(noLigatures))
    }

    /// O1 in styled text: a run's font carries its own features.
    @Test func featuresInStyledRuns() throws {
        let body = try Font(family: "Noto Sans", size: 17)
        var styled = try StyledText("Price 1111 and 1111", font: body)
        try styled.setAttributes(TextAttributes(font: body.withFeatures([.proportionalNumbers])), range: 6..<10)
        let mixed = try PreparedText(styled: styled).layout().size.width
        let plainWidth = try Self.width("Price 1111 and 1111", body)
        #expect(mixed < plainWidth)
    }

    /// Bad input: a tag must be four printable ASCII characters; a value 0 or more. Each error says what
    /// to do; a well-formed tag the font lacks changes nothing.
    @Test func badFeaturesAreTypedErrors() throws {
        for tag in ["tnu", "tnumm", "", " tnu", "tn\u{7F}m", "tnüm"] {
            #expect(throws: FontError.self) { try FontFeature(tag) }
        }
        #expect(throws: FontError.self) { try FontFeature("tnum", -1) }
        #expect(throws: FontError.self) { try FontFeature.stylisticSet(21) }
        do {
            _ = try FontFeature("tnu")
        } catch let error as FontError {
            #expect(error.description.contains("4 printable ASCII"))
        }
        let unknown = try Font(family: "Noto Sans", size: 17, features: [FontFeature("zzzz")])
        #expect(try Self.width("Hello", unknown) == Self.width("Hello", Font(family: "Noto Sans", size: 17)))
        #expect(try FontFeature.stylisticSet(3).tag == "ss03")
    }
}
