import Foundation
import Testing
import TextFitLayout
@testable import TextFitCLI

/// The demo's buttons: both models, their rects in the report (uikit-semantics.md §6).
@Suite struct DemoButtonsTests {
    @Test func reportListsBothModels() throws {
        let run = runTool(["demo"])
        #expect(run.code == 0)
        let text = run.outputText
        #expect(text.contains("Buttons (uikit-semantics.md §6): 15 pt, 24 x 24 image, scale 2"))
        #expect(run.output.filter { $0.hasPrefix("   legacy ") }.count == 5)
        #expect(run.output.filter { $0.hasPrefix("   config ") }.count == 4)
        // The squeezed title is truncated in the report too.
        #expect(text.contains(#"sized to fit, titleEdgeInsets.left 30: "Do"#) && text.contains("…\""))
    }

    /// The demo's buttons obey the rules they illustrate: the image inset acts halved (U3), the U6
    /// recipes swap or stack image and title, and the configuration buttons keep their paddings (U8).
    @Test func buttonsIllustrateTheirRules() throws {
        let legacy = try DemoCommand.legacyButtons(scale: 2)
        #expect(legacy[1].frames.imageRect.minX == legacy[0].frames.imageRect.minX + 20)
        #expect(legacy[1].frames.titleRect == legacy[0].frames.titleRect)
        #expect(legacy[2].frames.titleRect.maxX == legacy[2].frames.imageRect.minX)
        #expect(legacy[3].frames.titleRect.minY == legacy[3].frames.imageRect.maxY + 4)
        #expect(legacy[4].frames.titleLines?.first?.isTruncated == true)
        let configured = try DemoCommand.configurationButtons(scale: 2)
        #expect(configured[0].frames.titleRect.minX == configured[0].frames.imageRect.maxX + 8)
        #expect(configured[1].frames.imageRect.minX == configured[1].frames.titleRect.maxX + 8)
        #expect(configured[2].frames.titleRect.minY == configured[2].frames.imageRect.maxY + 6)
        #expect((configured[3].frames.titleLines?.count ?? 0) > 1)
        for button in legacy + configured {
            #expect(button.frames.bounds.contains(button.frames.contentRect), "\(button.caption)")
        }
    }
}
