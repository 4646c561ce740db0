import Foundation
import Testing
@testable import TextFitLayout

/// Rule AL12's check between rows (`AutoLayoutShape.Check`): it holds while nothing in the shape changed, and
/// fails for each kind of change a row's configuration could make; rows after such changes size as a new
/// system does.
@Suite struct AutoLayoutShapeCheckTests {
    @Test func holdsUntilTheShapeChanges() throws {
        let fonts = try SelfSizingCellTests.Fonts()
        let cell = try SelfSizingCellTests.FeedCell(fonts: fonts, title: "Title", date: "Today", body: "Body")
        let size = AutoLayoutEngine.RootSize.editableWidth(375)
        func check() -> AutoLayoutShape.Check? {
            let (shape, tree) = AutoLayoutShape.read(cell.content, size: size)
            return AutoLayoutShape.Check(tree, shape: shape)
        }
        let spacing = try #require(cell.body.constraints.first { $0.firstAnchor.attribute == .top })
        let changes: [(String, () throws -> Void, () throws -> Void)] = [
            ("constant", { spacing.constant = 20 }, { spacing.constant = 8 }),
            ("priority", { spacing.priority = .defaultHigh }, { spacing.priority = .required }),
            ("isActive", { spacing.isActive = false }, { spacing.isActive = true }),
            (
                "hugging", { cell.date.setContentHuggingPriority(.required, for: .horizontal) },
                { cell.date.setContentHuggingPriority(.defaultLow, for: .horizontal) }
            ),
            ("numberOfLines", { cell.title.numberOfLines = 3 }, { cell.title.numberOfLines = 2 }),
            ("font", { cell.date.font = fonts.title }, { cell.date.font = fonts.date }),
            (
                "intrinsic", { cell.actions.intrinsicContentSize = CGSize(width: 10, height: 10) },
                { cell.actions.intrinsicContentSize = CGSize(width: noIntrinsicMetric, height: noIntrinsicMetric) }
            ),
            ("direction", { cell.avatar.layoutDirection = .rightToLeft }, { cell.avatar.layoutDirection = .leftToRight }),
            (
                "subview", { try cell.actions.addSubview(LayoutNode(name: "extra")) },
                { cell.actions.subviews.last?.removeFromSuperview() }
            ),
        ]
        for (name, change, undo) in changes {
            let kept = try #require(check())
            cell.title.text = "Another title"  // texts are not part of the shape
            #expect(kept.holds(for: cell.content), "\(name): before the change")
            try change()
            #expect(!kept.holds(for: cell.content), "\(name)")
            try undo()
        }
        // A shape whose constraints read margins is never checked, only read.
        let guided = LayoutNode(name: "root")
        let label = LabelNode(text: "x", font: fonts.body, name: "label")
        try guided.addSubview(label)
        label.translatesAutoresizingMaskIntoConstraints = false
        label.leadingAnchor.constraint(equalTo: guided.layoutMarginsGuide.leadingAnchor).isActive = true
        let (shape, tree) = AutoLayoutShape.read(guided, size: size)
        #expect(AutoLayoutShape.Check(tree, shape: shape) == nil)
    }

    /// Rows that change the cell's constraints between them give a new system's heights.
    @Test func rowsThatChangeTheCellSizeAsNew() throws {
        let fonts = try SelfSizingCellTests.Fonts()
        let feed = try ConstraintRowHeightsTests.Feed(fonts)
        let rows = ConstraintRowHeights(identifier: "check", template: feed, cache: nil)
        let texts = SeedExamples.feedTexts
        for (i, text) in texts.enumerated() {
            feed.cell.title.numberOfLines = i % 3 == 0 ? 1 : 2
            feed.cell.date.setContentCompressionResistancePriority(i % 4 == 1 ? .required : .defaultHigh, for: .vertical)
            let height = try rows.height(for: Row(text: text, detail: texts[(i + 3) % texts.count]), width: 375)
            let fresh = try AutoLayoutReuseTests.freshFrames(feed.contentView, AutoLayoutReuseTests.fitting(375))
            #expect(abs(height - fresh[0].height) < 1e-9, "row \(i): \(height) vs \(fresh[0].height)")
        }
    }
}
