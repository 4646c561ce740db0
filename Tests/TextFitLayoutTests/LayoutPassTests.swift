import Foundation
import Testing
@testable import TextFit
@testable import TextFitLayout

/// The layout pass (appendix, "Layout passes"): `setNeedsLayout` marks, `layoutIfNeeded` lays out now
/// from the topmost marked ancestor, and does nothing without a mark.
@Suite struct LayoutPassTests {
    /// A screen whose one box is `width` wide, set by the root's layoutSubviews (as a constraint
    /// constant would be).
    final class Screen {
        let root = LayoutNode(frame: CGRect(x: 0, y: 0, width: 375, height: 667), name: "root")
        let box = LayoutNode(name: "box")
        var width: CGFloat = 100

        init() throws {
            try root.addSubview(box)
            root.layoutSubviews = { [unowned self] node in
                self.box.frame = CGRect(x: 20, y: 100, width: self.width, height: 50)
            }
            try root.layoutIfNeeded()
        }
    }

    /// Seed: inside an animation block, only `setNeedsLayout`: the block ends with the frame unchanged, so
    /// nothing animates; the frame jumps at the next pass (the display cycle).
    @Test func setNeedsLayoutInsideAnimationMovesNothing() throws {
        let screen = try Screen()
        let changes = screen.root.animate {
            screen.width = 300
            screen.root.setNeedsLayout()
        }
        #expect(changes.isEmpty)
        #expect(screen.box.frame.width == 100)
        try screen.root.layoutIfNeeded()  // the next display cycle
        #expect(screen.box.frame.width == 300)
    }

    /// Seed: mark, then `layoutIfNeeded` inside the block: the frame changes inside it, so it animates
    /// from 100 to 300 wide.
    @Test func layoutIfNeededInsideAnimationMovesTheFrames() throws {
        let screen = try Screen()
        let changes = try screen.root.animate {
            screen.width = 300
            screen.root.setNeedsLayout()
            try screen.root.layoutIfNeeded()
        }
        #expect(changes.count == 1)
        #expect(changes.first?.node === screen.box)
        #expect(changes.first?.from == CGRect(x: 20, y: 100, width: 100, height: 50))
        #expect(changes.first?.to == CGRect(x: 20, y: 100, width: 300, height: 50))
    }

    /// Seed: `layoutIfNeeded` with no prior mark does nothing, inside a block or not.
    @Test func layoutIfNeededWithoutAMarkDoesNothing() throws {
        let screen = try Screen()
        let passes = screen.root.layoutPassCount
        let changes = try screen.root.animate {
            screen.width = 300
            try screen.root.layoutIfNeeded()
        }
        #expect(changes.isEmpty)
        #expect(screen.box.frame.width == 100)
        #expect(screen.root.layoutPassCount == passes)
    }

    /// `layoutIfNeeded` on a subview starts at the topmost marked ancestor: the root's pass runs.
    @Test func layoutIfNeededStartsAtTheTopmostMarkedAncestor() throws {
        let screen = try Screen()
        screen.width = 250
        screen.root.setNeedsLayout()
        try screen.box.layoutIfNeeded()
        #expect(screen.box.frame.width == 250)
        #expect(!screen.root.needsLayout)
    }

    /// A three-level tree: a change re-lays out only the marked subtree.
    @Test func onlyTheMarkedSubtreeIsLaidOutAgain() throws {
        let root = LayoutNode(frame: CGRect(x: 0, y: 0, width: 300, height: 300), name: "root")
        let left = LayoutNode(frame: CGRect(x: 0, y: 0, width: 150, height: 300), name: "left")
        let right = LayoutNode(frame: CGRect(x: 150, y: 0, width: 150, height: 300), name: "right")
        let leaf = LayoutNode(frame: CGRect(x: 0, y: 0, width: 10, height: 10), name: "leaf")
        try root.addSubview(left)
        try root.addSubview(right)
        try right.addSubview(leaf)
        for node in [root, left, right, leaf] { node.layoutSubviews = { _ in } }
        try root.layoutIfNeeded()
        #expect([root, left, right, leaf].map(\.layoutPassCount) == [1, 1, 1, 1])

        right.setNeedsLayout()
        try root.layoutIfNeeded()
        #expect([root, left, right, leaf].map(\.layoutPassCount) == [1, 1, 2, 1])

        // A new size marks the node itself (UIKit lays a view out when its bounds change size).
        leaf.frame.size.width = 20
        try root.layoutIfNeeded()
        #expect([root, left, right, leaf].map(\.layoutPassCount) == [1, 1, 2, 2])

        leaf.frame.origin.x = 5  // moving keeps the size: no pass
        try root.layoutIfNeeded()
        #expect([root, left, right, leaf].map(\.layoutPassCount) == [1, 1, 2, 2])
    }

    /// A label whose text changes marks its superview, and only that subtree is laid out again.
    @Test func labelTextChangeMarksItsSuperview() throws {
        let font = try Fixtures.font(15)
        let list = LayoutNode(frame: CGRect(x: 0, y: 0, width: 375, height: 600), name: "list")
        var cells: [CellNode] = []
        for index in 0..<3 {
            let cell = try CellNode(template: CellTemplate(titleFont: font))
            cell.titleLabel.text = "Row \(index)"
            cell.frame = CGRect(x: 0, y: CGFloat(index) * 44, width: 375, height: 44)
            try list.addSubview(cell)
            cells.append(cell)
        }
        try list.layoutIfNeeded()
        let before = cells.map(\.layoutPassCount)
        cells[1].titleLabel.text = "Row 1, edited"
        #expect(cells[1].needsLayout)
        #expect(!list.needsLayout)
        try list.layoutIfNeeded()
        #expect(cells.map(\.layoutPassCount) == [before[0], before[1] + 1, before[2]])
        #expect(list.layoutPassCount == 1)
        // Setting the same text again changes nothing.
        cells[1].titleLabel.text = "Row 1, edited"
        #expect(!cells[1].needsLayout)
    }

    /// Laying a cell out again at the same width does no text work: the labels' sizes and prepared text
    /// are kept (no width sums, no shaping, no segment-cache look-ups).
    @Test func relayoutAtTheSameWidthDoesNoTextWork() throws {
        try #require(OperationCounts.isEnabled)
        let template = CellTemplate(
            titleFont: try Fixtures.font(17), detailFont: try Fixtures.font(13),
            imageSize: CGSize(width: 40, height: 40), accessorySize: CGSize(width: 60, height: 30))
        let cell = try CellNode(template: template)
        cell.titleLabel.text = "美國芯片巨頭美光部分產品在華遭禁售"
        cell.detailLabel.text = "The quick brown fox jumps over the lazy dog, again and again and again."
        let (height, first) = try OperationCounts.counting { try cell.sizeThatFits(CGSize(width: 375, height: 0)).height }
        #expect(first.shapingCalls > 0)  // both texts shaped on first use
        #expect([cell.titleLabel, cell.detailLabel].map(\.measurementCount) == [1, 1])
        cell.frame = CGRect(x: 0, y: 0, width: 375, height: height)
        let ((), again) = try OperationCounts.counting {
            try cell.layoutIfNeeded()
            cell.setNeedsLayout()
            try cell.layoutIfNeeded()
        }
        #expect(cell.layoutPassCount == 2)
        #expect([cell.titleLabel, cell.detailLabel].map(\.measurementCount) == [1, 1])  // no line breaking
        #expect(again.widths == 0)
        #expect(again.shapingCalls == 0)
        #expect(again.cacheLookups == 0)
        // A new width breaks lines again but shapes nothing: the prepared text is kept.
        let (_, wider) = try OperationCounts.counting { try cell.sizeThatFits(CGSize(width: 414, height: 0)) }
        #expect([cell.titleLabel, cell.detailLabel].map(\.measurementCount) == [2, 2])
        #expect(wider.shapingCalls == 0)
        // A new text shapes again and marks the cell.
        cell.detailLabel.text = "Another detail"
        #expect(cell.needsLayout)
        let ((), edited) = try OperationCounts.counting { try cell.layoutIfNeeded() }
        #expect(edited.shapingCalls > 0)
        #expect([cell.titleLabel, cell.detailLabel].map(\.measurementCount) == [2, 3])
    }
}
