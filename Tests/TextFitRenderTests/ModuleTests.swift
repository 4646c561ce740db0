import Foundation
import Testing
import TextFitRender

/// `import TextFitRender` alone is enough to prepare, lay out and draw.
@Test func renderModuleReExportsTextFit() throws {
    let layout = try PreparedText("Hello", font: try Font(family: "Noto Sans", size: 17)).layout()
    #expect(try layout.renderPNG().count > 100)
}
