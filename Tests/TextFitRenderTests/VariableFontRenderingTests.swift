import Foundation
import TextFit
import Testing
@testable import TextFitRender

/// A variable font is drawn at the instance it was shaped at (rule O3 for drawing, DT8): the renderer sets
/// FreeType's design coordinates (`FT_Set_Var_Design_Coordinates`) from `FontFace.variations`, so Inter at
/// wght 100 and 900 draws thin and heavy stems, not the default instance's twice.
@Suite struct VariableFontRenderingTests {
    static func inkCount(weight: Double) throws -> (ink: Int, face: FontFace) {
        let path = try #require(BundledFonts.interVariablePath)
        let font = try Font(file: path, size: 40, variations: [FontVariation("wght", weight)])
        let layout = try PreparedText("IIII", font: font).layout()
        let face = try #require(layout.lines[0].glyphs().runs.first?.face)
        let bitmap = try Bitmap(png: layout.renderPNG(options: RenderOptions(scale: 2, padding: 2)))
        var ink = 0
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width where bitmap.isInk(x, y, threshold: 128) { ink += 1 }
        }
        return (ink, face)
    }

    @Test func weightsDrawDifferently() throws {
        let thin = try Self.inkCount(weight: 100)
        let regular = try Self.inkCount(weight: 400)
        let black = try Self.inkCount(weight: 900)
        #expect(thin.face.variations == [try FontVariation("wght", 100)])
        #expect(black.face.variations == [try FontVariation("wght", 900)])
        #expect(thin.face != black.face)
        // Inter's I stem: about 30 units at wght 100, 110 at 400, 250 at 900 (of 2816 per em).
        #expect(thin.ink * 2 < regular.ink)
        #expect(regular.ink * 3 / 2 < black.ink)
        print("ink pixels of IIII at 40 pt ×2: wght 100 \(thin.ink), 400 \(regular.ink), 900 \(black.ink)")
    }
}
