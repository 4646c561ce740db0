import Foundation
import Testing
@testable import TextFitLayout

/// One default screen scale for every layout type, like `UIScreen.main.scale` (rule L2's pixel grid).
/// The tests change it only through `Screen.withScale`, which is scoped to the test's task: suites run
/// in parallel and the others rely on the default of 1.
@Suite struct ScreenScaleTests {
    @Test func defaultIsOne() throws {
        #expect(Screen.defaultScale == 1)
        #expect(Screen.main.scale == 1)
        #expect(Label(text: "a", font: try Fixtures.font()).scale == 1)
    }

    /// Every layout type made without a scale takes the screen's; one given a scale keeps it.
    @Test func everyLayoutTypeTakesTheScreenScale() throws {
        let font = try Fixtures.font(20)
        try Screen.withScale(2) {
            #expect(Label(text: "a", font: font).scale == 2)
            #expect(LabelNode(text: "a", font: font).labelValue.scale == 2)
            #expect(ButtonLayout(title: "a", font: font).scale == 2)
            #expect(ButtonConfiguration(title: "a", titleFont: font).scale == 2)
            #expect(RowTemplate(font: font, insets: .zero).scale == 2)
            #expect(CellTemplate(titleFont: font).scale == 2)
            #expect(Label(text: "a", font: font, scale: 3).scale == 3)
            #expect(RowTemplate(font: font, insets: .zero, scale: 1).scale == 1)
        }
        #expect(Label(text: "a", font: font).scale == 1)
    }

    /// The example: a 20 pt label is 27.24 pt of line (Noto Sans: 1.362 em); at 1x that rounds
    /// to 28, on a 2x screen to 27.5. Title + date rounds its frames to the same grid.
    @Test func sizesFollowTheScreen() throws {
        let font = try Fixtures.font(20)
        let oneX = try Label(text: SeedExamples.labelText, font: font).intrinsicContentSize.height
        let twoX = try Screen.withScale(2) {
            try Label(text: SeedExamples.labelText, font: font).intrinsicContentSize.height
        }
        #expect(oneX == 28 && twoX == 27.5)
        let block = try Screen.withScale(2) {
            try TitleDateLayout(title: "Title Short", date: "Date", titleFont: font, dateFont: font, width: 320)
        }
        #expect(block.size.height == 27.5)
    }

    /// A bad screen scale is refused where it is used, with the layouts' usual error.
    @Test func badScaleIsRefusedOnUse() throws {
        let font = try Fixtures.font()
        try Screen.withScale(0) {
            #expect(throws: MeasureError.invalidScale(0)) { try Label(text: "a", font: font).intrinsicContentSize }
            #expect(throws: MeasureError.invalidScale(0)) {
                try RowHeights(template: RowTemplate(font: font, insets: .zero)).height(for: "a", width: 100)
            }
        }
    }

    /// Setting and reading from many threads at once: every read is one of the values written.
    @Test func setAndGetAreThreadSafe() async {
        let screen = Screen()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<8 {
                group.addTask {
                    for _ in 0..<1_000 {
                        screen.scale = CGFloat(index % 3 + 1)
                        #expect([1, 2, 3].contains(screen.scale))
                    }
                }
            }
        }
        #expect(Screen.main.scale == 1)
    }
}
