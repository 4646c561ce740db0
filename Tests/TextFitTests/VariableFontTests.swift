import Foundation
import Testing
@testable import TextFit

/// Variable fonts (rules O3–O6) on Inter's variable font (Debian's fonts-inter-variable): axes, named
/// instances, clamping and its report, weight onto wght, and advances that follow the variation.
@Suite struct VariableFontTests {
    static let path = TypographyPangoParityTests.interVariable

    /// O3: the font's axis and instances as its fvar table gives them (fontTools reads wght 100–900,
    /// default 400, and nine instances Thin … Black).
    @Test func axesAndNamedInstances() throws {
        let font = try Font(file: Self.path, size: 17)
        #expect(
            font.variationAxes == [
                FontVariationAxis(tag: "wght", name: "Weight", minimum: 100, defaultValue: 400, maximum: 900)
            ])
        #expect(
            font.namedInstances.map(\.name) == [
                "Thin", "Extra Light", "Light", "Regular", "Medium", "Semi Bold", "Bold",
                "Extra Bold", "Black",
            ])
        let semibold = try font.withNamedInstance("semi bold")
        #expect(semibold.variations.map(\.description) == ["wght=600.0"])
        #expect(try semibold == font.withVariations([FontVariation("wght", 600)]))
        #expect(throws: FontError.namedInstanceNotFound(name: "Hairline", available: font.namedInstances.map(\.name))) {
            try font.withNamedInstance("Hairline")
        }
        #expect(try Font(family: "Noto Sans", size: 17).variationAxes.isEmpty)
    }

    /// O3: widths grow with wght (each step is checked against Pango in TypographyPangoParityTests); the
    /// heavier face's words are cached apart from the lighter's.
    @Test func advancesFollowTheVariation() throws {
        var last: CGFloat = 0
        for weight in stride(from: 100.0, through: 900, by: 100) {
            let font = try Font(file: Self.path, size: 17, variations: [FontVariation("wght", weight)])
            let width = try PreparedText("Wide words", font: font).layout().size.width
            #expect(width > last, "wght \(weight)")
            last = width
        }
    }

    /// O4: out of range is clamped to the axis's end and reported; an axis the font lacks is ignored and
    /// reported; in range reports nothing. The clamped font measures as the end of the range.
    @Test func outOfRangeIsClampedAndReported() throws {
        let font = try Font(file: Self.path, size: 17, variations: [FontVariation("wght", 1200), FontVariation("wdth", 75)])
        #expect(
            font.variationAdjustments == [
                FontVariationAdjustment(tag: "wdth", requested: 75, applied: nil),
                FontVariationAdjustment(tag: "wght", requested: 1200, applied: 900),
            ])
        #expect(font.variations.map(\.description) == ["wght=900.0"])
        let black = try Font(file: Self.path, size: 17, variations: [FontVariation("wght", 900)])
        #expect(black.variationAdjustments.isEmpty)
        #expect(
            try PreparedText("Clamp", font: font).layout().size.width
                == PreparedText("Clamp", font: black).layout().size.width)
        let low = try Font(file: Self.path, size: 17, variations: [FontVariation("wght", -5)])
        #expect(low.variationAdjustments.first?.applied == 100)
    }

    /// Bad input: a NaN or infinite value and a malformed tag are typed errors.
    @Test func badVariationsAreTypedErrors() throws {
        #expect(throws: FontError.self) { try FontVariation("wght", .nan) }
        #expect(throws: FontError.self) { try FontVariation("wght", .infinity) }
        #expect(throws: FontError.self) { try FontVariation("wg", 400) }
        #expect(throws: FontError.self) { try FontVariation.list(["wght": 400, "wgh": 1]) }
    }

    /// O5: on a variable family's face, `weight` sets wght unless a variation does (Fontconfig lists the
    /// variable file as its own family here only when it is installed; the file path shows the mapping).
    @Test func weightMapsOntoWght() throws {
        let base = try Font(file: Self.path, size: 17)
        let face = base.face
        let semibold = Font(
            face: try FaceVariants.face(
                base: face, features: [], variations: [FontVariation(checked: "wght", 600)],
                pointSize: 17), size: 17)
        #expect(try semibold == base.withNamedInstance("Semi Bold"))
        // The metrics stay the font's (Inter has no MVAR table): the line height does not move with wght.
        #expect(semibold.lineHeight == base.lineHeight)
    }
}
