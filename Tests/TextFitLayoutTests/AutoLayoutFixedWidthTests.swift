import Foundation
import Testing
import TextFitConstraints
@testable import TextFitLayout

/// Rule AL13: a kept system skips the unbounded measuring of a label whose width the required equalities fix
/// (its weighted intrinsic width can move nothing), and the answers stay those of a new system.
@Suite struct AutoLayoutFixedWidthTests {
    typealias FeedCell = SelfSizingCellTests.FeedCell

    /// The solver's test: required equalities fix a variable; a weighted constraint that decides it does not;
    /// an edit variable's errors count only when asked for.
    @Test func fixedByRequiredEqualities() throws {
        let left = Variable("left"), width = Variable("width"), right = Variable("right"), free = Variable("free")
        var solver = Solver()
        try solver.add(Constraint(left, .equal, 16))
        try solver.add(Constraint(left + width, .equal, right))
        try solver.addEditVariable(right, strength: Strength(uiKitPriority: 999))
        try solver.suggestValue(359, for: right)
        try solver.add(Constraint(width, .lessThanOrEqual, 500, strength: Strength(uiKitPriority: 250)))
        try solver.add(Constraint(free, .lessThanOrEqual, 40, strength: Strength(uiKitPriority: 250)))
        try solver.add(Constraint(free, .greaterThanOrEqual, 40, strength: Strength(uiKitPriority: 750)))
        #expect(solver.value(of: width) == 343)
        #expect(solver.isFixedByRequiredEqualities(left))
        #expect(solver.isFixedByRequiredEqualities(width, edit: right))
        #expect(!solver.isFixedByRequiredEqualities(width))  // the edit's errors, not asked for
        #expect(!solver.isFixedByRequiredEqualities(free))  // its own intrinsic pair decides it
        #expect(!solver.isFixedByRequiredEqualities(Variable("unknown")))
    }

    /// The feed cell row after row through `ConstraintRowHeights`: title and body (pinned between edges) are
    /// measured once per row, at their solved width; the heights equal a new system's.
    @Test func pinnedLabelsAreMeasuredOncePerRow() throws {
        let fonts = try SelfSizingCellTests.Fonts()
        let feed = try ConstraintRowHeightsTests.Feed(fonts)
        let rows = ConstraintRowHeights(identifier: "al13", template: feed, cache: nil)
        let texts = SeedExamples.feedTexts
        for width in [375.0, 320.0] as [CGFloat] {
            for (i, text) in texts.enumerated() {
                let row = Row(text: text, detail: texts[(i + 5) % texts.count])
                let before = (feed.cell.title.measurementCount, feed.cell.body.measurementCount)
                let height = try rows.height(for: row, width: width)
                let after = (feed.cell.title.measurementCount, feed.cell.body.measurementCount)
                if i > 0 {  // the first row builds the system (both passes)
                    #expect(after.0 - before.0 == 1, "title at row \(i), \(width)")
                    #expect(after.1 - before.1 == 1, "body at row \(i), \(width)")
                }
                let fresh = try AutoLayoutReuseTests.freshFrames(
                    feed.contentView, AutoLayoutReuseTests.fitting(width))
                #expect(abs(height - fresh[0].height) < 1e-9, "row \(i) at \(width): \(height) vs \(fresh[0].height)")
            }
        }
    }

    /// A label that hugs its text (leading pinned, trailing ≤ the edge) keeps its unbounded measuring: its
    /// width follows each text, short or wrapping, as a new system gives it.
    final class HuggingCell: ConstraintCell {
        let contentView = LayoutNode(name: "contentView")
        let label: LabelNode, badge = LayoutNode(name: "badge")
        init() throws {
            label = LabelNode(font: try Fixtures.font(15), numberOfLines: 0, name: "label")
            badge.intrinsicContentSize = CGSize(width: 12, height: 12)
            try contentView.addSubview(label)
            try contentView.addSubview(badge)
            let content = contentView
            try label.makeConstraints { make in
                make.left.top.equalTo(content).offset(10)
                make.right.lessThanOrEqualTo(content).offset(-40)
                make.bottom.equalTo(content).offset(-10)
            }
            try badge.makeConstraints { make in
                make.left.equalTo(label.mas.right).offset(4)
                make.centerY.equalTo(label)
            }
        }
        func configure(with row: Row) { label.text = row.text }
    }

    @Test func huggingLabelFollowsItsText() throws {
        let cell = try HuggingCell()
        let rows = ConstraintRowHeights(identifier: "hug", template: cell, cache: nil)
        let texts =
            ["Hi", "A line long enough to wrap at a phone's width, and then some more words", "Mid text"]
            + SeedExamples.feedTexts
        for width in [375.0, 200.0] as [CGFloat] {
            let size = AutoLayoutReuseTests.fitting(width)
            var kept: AutoLayoutEngine?
            for (i, text) in texts.enumerated() {
                let height = try rows.height(for: Row(text: text), width: width)
                let fresh = try AutoLayoutReuseTests.freshFrames(cell.contentView, size)
                #expect(abs(height - fresh[0].height) < 1e-9, "row \(i) at \(width)")
                // The kept system of the previous text, refreshed: the badge sits after the label's hugged
                // width, so a stale intrinsic width would move it.
                if let previous = kept {
                    let (frames, engine) = try AutoLayoutReuseTests.keptFrames(cell.contentView, size, kept: previous)
                    #expect(AutoLayoutReuseTests.same(frames, fresh), "row \(i) at \(width): \(frames) vs \(fresh)")
                    kept = engine
                } else {
                    kept = try AutoLayoutEngine(root: cell.contentView, size: size).detached()
                }
            }
        }
    }
}
