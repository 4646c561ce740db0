import Foundation
import Testing
import TextFit
@testable import TextFitCLI
import TextFitLayout

/// `textfit demo --out DIR` draws margins.png and distribution.png from LayoutNode trees.
@Suite struct DemoTreePicturesTests {
    @Test func writesBothPictures() throws {
        let folder = try RenderCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = runTool(["demo", "--out", folder.path])
        #expect(run.code == 0, "\(run.errorText)")
        for name in [DemoCommand.marginsPictureName, DemoCommand.distributionPictureName] {
            let path = folder.appendingPathComponent(name).path
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            let size = try #require(RenderCommandTests.pngSize(data))
            #expect(run.output.contains("Picture: \(path) (\(size.width) x \(size.height) px)"))
            #expect(size.width > 1000 && size.width < 1600, "\(name)")  // 2 px per point
            #expect(data.count < 400_000, "\(name)")
        }
    }

    /// The screens drawn are the worked examples of M3 and M4.
    @Test func screensHoldTheWorkedNumbers() throws {
        #expect(
            try DemoCommand.statusBarScreen(flag: true).0.layoutMargins
                == EdgeInsets(top: 70, left: 50, bottom: 50, right: 50))
        #expect(try DemoCommand.statusBarScreen(flag: false).0.layoutMargins == EdgeInsets(all: 50))
        // Keep each root: a superview owns its subviews, not the other way round.
        let (superview, children) = try DemoCommand.preservingScreen()
        #expect(children.map(\.layoutMargins.left) == [50, 30, 8])
        let (screen, nearTop) = try DemoCommand.orderScreen()
        #expect(nearTop.map(\.layoutMargins.top) == [28, 18])
        withExtendedLifetime((superview, screen)) {}
    }
}
