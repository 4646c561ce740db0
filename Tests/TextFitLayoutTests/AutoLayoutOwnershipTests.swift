import Foundation
import Testing
@testable import TextFitLayout

/// Rule AL14: constraints and anchors refer to their nodes weakly, so a constrained tree is freed when the
/// last reference to its root goes, after layout and fitting too (the kept systems of AL12 hold no node).
@Suite struct AutoLayoutOwnershipTests {
    @Test func aLaidOutCellIsFreedWithItsRoot() throws {
        let fonts = try SelfSizingCellTests.Fonts()
        weak var content: LayoutNode?
        weak var title: LabelNode?
        weak var spacing: LayoutConstraint?
        try {
            let cell = try SelfSizingCellTests.FeedCell(
                fonts: fonts, title: "A title that wraps onto a second line at this width", date: "Today",
                body: "Body text 🎉 with an emoji, العربية and 中文")
            content = cell.content
            title = cell.title
            spacing = cell.body.constraints.first
            let size = try cell.content.systemLayoutSizeFitting(
                CGSize(width: 375, height: 0), withHorizontalFittingPriority: .required,
                verticalFittingPriority: .fittingSizeLevel)
            #expect(size.height > 0)
            cell.content.frame = CGRect(origin: .zero, size: size)
            try cell.content.layoutWithConstraints()
        }()
        #expect(content == nil, "the cell's content view outlived its cell")
        #expect(title == nil, "a constrained label outlived its tree")
        #expect(spacing == nil, "an active constraint outlived its node")
    }

    @Test func rowsThroughATemplateFreeTheirCells() throws {
        let fonts = try SelfSizingCellTests.Fonts()
        weak var content: LayoutNode?
        try {
            let feed = try ConstraintRowHeightsTests.Feed(fonts)
            let rows = ConstraintRowHeights(identifier: "ownership", template: feed, cache: nil)
            content = feed.cell.content
            let posts = SeedExamples.feedTexts.map { Row(text: $0, detail: "Body 🎉 العربية") }
            _ = try rows.heights(for: posts, width: 320)
        }()
        #expect(content == nil)
    }

    /// A constraint the caller keeps after its node is gone is inactive, names the node as released, and a
    /// tree that still holds it through its other item refuses it as it refuses an item of another tree.
    @Test func aConstraintWhoseNodeIsGone() throws {
        let root = LayoutNode(frame: CGRect(x: 0, y: 0, width: 100, height: 100), name: "root")
        var kept: LayoutConstraint?
        try {
            let gone = LayoutNode(name: "gone")
            kept = gone.widthAnchor.constraint(equalTo: root.widthAnchor)
            kept?.isActive = true
            #expect(kept?.isActive == true)
        }()
        let constraint = try #require(kept)
        #expect(!constraint.isActive)
        constraint.isActive = true
        #expect(!constraint.isActive)
        #expect(constraint.description.hasPrefix("(released node).width"))

        let child = LayoutNode(name: "child")
        try root.addSubview(child)
        child.translatesAutoresizingMaskIntoConstraints = false
        try {
            let gone = LayoutNode(name: "gone")
            child.widthAnchor.constraint(equalTo: gone.widthAnchor).isActive = true
        }()
        #expect(throws: AutoLayoutError.self) { try root.layoutWithConstraints() }
    }
}
