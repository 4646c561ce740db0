import Foundation
import Testing
@testable import TextFit

/// Weights and italics (rules S8, S9): which face a family gives, checked against Pango on the bundled
/// fonts alone (scripts/pango-faces-reference.py wrote Data/faces/pango-faces.jsonl: the width of each
/// text in the face Pango's Fontconfig chose for the weight and style, in 1/1024 pt, TextFit's unit).
@Suite struct FontFaceTests {
    struct Reference {
        var text: String
        var family: String
        var size: CGFloat
        var weight: CGFloat
        var italic: Bool
        var widthUnits: Int
        /// "Noto Sans Bold Italic 17": the face Pango drew with.
        var pangoFace: String
    }

    static func references() throws -> [Reference] {
        let url = try #require(
            Bundle.module.url(forResource: "pango-faces", withExtension: "jsonl", subdirectory: "Data/faces"))
        return try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map { line in
            let object = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return Reference(
                text: try #require(object["text"] as? String), family: try #require(object["family"] as? String),
                size: CGFloat(try #require(object["size"] as? NSNumber).doubleValue),
                weight: CGFloat(try #require(object["weight"] as? NSNumber).doubleValue),
                italic: try #require(object["italic"] as? Bool),
                widthUnits: try #require(object["widthUnits"] as? NSNumber).intValue,
                pangoFace: try #require(object["pangoFace"] as? String))
        }
    }

    static func units(_ points: CGFloat) -> Int { Int((points * CGFloat(Units.perPoint)).rounded()) }

    /// S8, S9: every weight and slant Pango asked for gives the face Pango's Fontconfig chose, and the
    /// text's width is Pango's to 1/1024 pt. The italics are narrower than their upright faces, so a wrong
    /// face cannot pass.
    @Test func eachWeightAndSlantMeasuresAsPango() throws {
        let references = try Self.references()
        #expect(references.count == 41)
        for reference in references {
            let font = try Font(
                family: reference.family, size: reference.size, weight: Font.Weight(reference.weight),
                italic: reference.italic)
            // Pango names the face "<family> [<style>] <size>"; its regular style is left out.
            let pangoStyle = reference.pangoFace.dropFirst(reference.family.count + 1).split(separator: " ").dropLast()
                .joined(separator: " ")
            #expect(font.styleName == (pangoStyle.isEmpty ? "Regular" : pangoStyle), "\(reference)")
            // Pango's logical width keeps a trailing space ("Hello, "), as the line with its hanging whitespace.
            let width = try #require(PreparedText(reference.text, font: font).layout().lines.first)
                .widthIncludingTrailingWhitespace
            #expect(abs(Self.units(width) - reference.widthUnits) <= 1, "\(reference.text) \(font): \(Self.units(width))")
        }
        // The data set is worth testing against: the italic and the upright face disagree on every text.
        let notoSans17 = references.filter { $0.family == "Noto Sans" && $0.size == 17 && $0.weight == 400 }
        for italic in notoSans17 where italic.italic {
            if let upright = notoSans17.first(where: { !$0.italic && $0.text == italic.text }) {
                #expect(italic.widthUnits < upright.widthUnits, "\(italic.text)")
            }
        }
    }

    /// S8 worked through CSS Fonts 4 §5.2 for faces at 400 and 700: a weight up to 500 looks lighter
    /// first, so it gets 400; above 500 heavier first, so 700 (800 and 900 find nothing heavier and take
    /// the heaviest lighter face, 700). UIKit's named weights sit at SF Pro's classes.
    @Test func weightsMapToTheNearerBundledFace() throws {
        let table: [(Font.Weight, String, String)] = [
            (.ultraLight, "Regular", "Italic"), (.thin, "Regular", "Italic"), (.light, "Regular", "Italic"),
            (.regular, "Regular", "Italic"), (Font.Weight(450), "Regular", "Italic"), (.medium, "Regular", "Italic"),
            (Font.Weight(500.5), "Bold", "Bold Italic"), (Font.Weight(550), "Bold", "Bold Italic"),
            (.semibold, "Bold", "Bold Italic"), (.bold, "Bold", "Bold Italic"), (.heavy, "Bold", "Bold Italic"),
            (.black, "Bold", "Bold Italic"),
        ]
        for (weight, upright, italic) in table {
            #expect(try Font(family: "Noto Sans", size: 17, weight: weight).styleName == upright, "\(weight)")
            #expect(try Font(family: "Noto Sans", size: 17, weight: weight, italic: true).styleName == italic, "\(weight)")
            #expect(weight.isBold == (upright == "Bold"))
        }
        let numbers = [Font.Weight.ultraLight, .thin, .light, .regular, .medium, .semibold, .bold, .heavy, .black].map(
            \.rawValue)
        #expect(numbers == [100, 200, 300, 400, 500, 600, 700, 800, 900])
        #expect(Font.Weight.semibold.description == "semibold" && Font.Weight(350).description == "350")
    }

    /// S8, S9: the face found reports what it is (its OS/2 class and italic flag), whatever was asked.
    @Test func traitsReportTheFaceFound() throws {
        let italic = try Font.italicSystemFont(ofSize: 17)
        #expect(italic.symbolicTraits == .traitItalic && italic.weight == .regular)
        #expect(italic.filePath.hasSuffix("/NotoSans-Italic.ttf"))
        let bold = try Font.boldSystemFont(ofSize: 17)
        #expect(bold.symbolicTraits == .traitBold && bold.weight == .bold)
        #expect(try Font.systemFont(ofSize: 17, weight: .semibold).weight == .bold)
        #expect(
            try Font(family: "Noto Sans", size: 17, weight: .heavy, italic: true).symbolicTraits == [
                .traitItalic, .traitBold,
            ])
        #expect(try Font.systemFont(ofSize: 17).symbolicTraits.isEmpty)
        // UIKit's bits, so code that stores raw values reads the same traits.
        #expect(Font.SymbolicTraits.traitItalic.rawValue == 1 && Font.SymbolicTraits.traitBold.rawValue == 2)
    }

    /// S9: a family without an italic gives its upright face, unslanted: the same face, so the same
    /// width, as Pango measures it, and no `.traitItalic`.
    @Test func aFamilyWithoutItalicGivesItsUprightFace() throws {
        let upright = try Font(family: "Droid Sans Fallback", size: 17)
        let asked = try Font(family: "Droid Sans Fallback", size: 17, italic: true)
        #expect(asked == upright)
        #expect(!asked.symbolicTraits.contains(.traitItalic))
        let reference = try #require(try Self.references().first { $0.family == "Droid Sans Fallback" && $0.italic })
        #expect(Self.units(try PreparedText(reference.text, font: asked).layout().size.width) == reference.widthUnits)
        // Every bundled family answers an italic request: with its italic when it has one.
        for family in BundledFonts.familyNames {
            let font = try Font(family: family, size: 12, italic: true)
            #expect(font.familyName == family)
            #expect(font.symbolicTraits.contains(.traitItalic) == (family == "Noto Sans"), "\(family)")
        }
    }

    /// S8, S9 for a system family: Fontconfig is asked for the weight (converted from the OpenType scale)
    /// and the slant, and its best match is taken. Noto Sans is in the folder Fontconfig is given, so
    /// every machine has these four faces (one with more Noto Sans weights installed still has them).
    @Test func fontconfigIsAskedForWeightAndSlant() throws {
        let directory = try #require(BundledFonts.directory)
        let fontconfig = try #require(Fontconfig(appFontDirectory: directory.path))
        let expected: [(Double, Bool, String)] = [
            (400, false, "NotoSans-Regular.ttf"), (400, true, "NotoSans-Italic.ttf"),
            (700, false, "NotoSans-Bold.ttf"), (700, true, "NotoSans-BoldItalic.ttf"),
        ]
        for (weight, italic, file) in expected {
            let match = try #require(fontconfig.match(family: "Noto Sans", weight: weight, italic: italic))
            #expect((match.path as NSString).lastPathComponent == file, "\(weight) \(italic)")
        }
        #expect(fontconfig.match(family: "No Such Family", weight: 400, italic: true) == nil)
    }

    /// Fonts of the italic face are other fonts: unequal, hashed apart, and shaped apart by the segment
    /// cache (alternating faces over the same text keeps each face's Pango width).
    @Test func theItalicFaceIsItsOwnFont() throws {
        let regular = try Font(family: "Noto Sans", size: 17)
        let italic = try Font(family: "Noto Sans", size: 17, italic: true)
        #expect(regular != italic)
        #expect(Set([regular, italic, try Font.italicSystemFont(ofSize: 17)]).count == 2)
        let references = try Self.references().filter { $0.text == "Hello, world" && $0.size == 17 && $0.weight == 400 }
        let expected = Dictionary(uniqueKeysWithValues: references.map { ($0.italic, $0.widthUnits) })
        for font in [regular, italic, regular, italic] {
            let width = Self.units(try PreparedText("Hello, world", font: font).layout().size.width)
            #expect(abs(width - (expected[font.symbolicTraits.contains(.traitItalic)] ?? -9)) <= 1)
        }
    }

    /// F6, S9: italic faces are never fallback faces (an upright text does not borrow a slanted glyph),
    /// and they leave the bundled fallback order as it is.
    @Test func italicFacesAreNotFallbackFaces() throws {
        let catalog = FontCatalog.shared
        let italics = BundledFonts.files.filter(\.italic).map(\.file)
        #expect(italics == ["NotoSans-Italic.ttf", "NotoSans-BoldItalic.ttf"])
        for file in italics { #expect(try #require(catalog.bundledFace(file: file)).livesForProcess) }
        // Naming the bundled file gives the same face as asking for the family's italic.
        let path = try #require(BundledFonts.directory).appendingPathComponent("NotoSans-Italic.ttf").path
        #expect(try Font(file: path, size: 17) == Font.italicSystemFont(ofSize: 17))
        #expect(catalog.bundledFaces.count == BundledFonts.files.count - 2)
        #expect(catalog.bundledFaces.allSatisfy { !$0.isItalic })
        #expect(catalog.bundledFaces.map(\.familyName).prefix(3) == ["Noto Sans", "Noto Sans", "Droid Sans Fallback"])
        // An italic text's CJK comes from the same fallback face as an upright one's.
        let italic = PreparedText("Hi 北京", font: try Font.italicSystemFont(ofSize: 17))
        #expect(italic.fallbackFonts.map(\.familyName) == ["Droid Sans Fallback"])
    }

    /// S8: a weight off the scale, or UIKit's −1...1 raw values, is a typed error naming the weight and
    /// the range, for every family and before any look-up.
    @Test(arguments: [0, 99, 99.99, 900.01, 1000, -0.4, 0.4, CGFloat.nan, .infinity, -.infinity])
    func badWeightsAreRefused(weight: CGFloat) throws {
        for family in ["Noto Sans", "DejaVu Sans", "No Such Family"] {
            let error = #expect(throws: FontError.self) {
                try Font(family: family, size: 17, weight: Font.Weight(rawValue: weight))
            }
            guard case .invalidWeight(let reported)? = error else { Issue.record("\(String(describing: error))"); continue }
            #expect(reported.isNaN ? weight.isNaN : reported == Double(weight))
        }
        let message = FontError.invalidWeight(Double(weight)).description
        #expect(message.contains("weight") && message.contains("100") && message.contains("900"))
    }

    /// S2, S9: a styled text's italic run is shaped in the italic face: "Hello, " upright then "world"
    /// italic is as wide as Pango's two pieces, through `StyledText` and Foundation's `AttributedString`.
    @Test func anItalicRunInStyledText() throws {
        let regular = try Font(family: "Noto Sans", size: 17)
        let italic = try Font(family: "Noto Sans", size: 17, italic: true)
        let references = try Self.references()
        let pieces = try ["Hello, ", "world"].map { text in try #require(references.first { $0.text == text }).widthUnits }
        var styled = try StyledText("Hello, world", font: regular)
        try styled.setAttributes(TextAttributes(font: italic), range: 7..<12)
        var attributed = AttributedString("Hello, world")
        attributed[try #require(attributed.range(of: "world"))].textFit.font = italic
        for text in [styled, try StyledText(attributed, font: regular)] {
            let layout = try PreparedText(styled: text).layout()
            #expect(abs(Self.units(layout.size.width) - pieces.reduce(0, +)) <= 2)
            let runs = try #require(layout.lines.first).glyphs().runs
            #expect(runs.map(\.face.styleName) == ["Regular", "Italic"])
        }
    }
}
