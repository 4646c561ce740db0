import Foundation
import Testing
import TextFitLayout

/// Hit-testing as UIKit does it: bounds first, then subviews topmost first.
@Suite struct HitTestTests {
    /// Seed: a list with two cells; the first cell's button hangs 16 pt past its bottom edge, over the
    /// second cell. A touch there never reaches the button (it is outside its cell): the second cell
    /// takes it, even with the first cell drawn on top.
    @Test func subviewOutsideItsSuperviewGetsNoTouch() throws {
        let list = LayoutNode(frame: CGRect(x: 0, y: 0, width: 320, height: 400), name: "list")
        let second = LayoutNode(frame: CGRect(x: 0, y: 44, width: 320, height: 44), name: "second")
        let first = LayoutNode(frame: CGRect(x: 0, y: 0, width: 320, height: 44), name: "first")
        let button = LayoutNode(frame: CGRect(x: 270, y: 30, width: 40, height: 30), name: "button")
        try list.addSubview(second)
        try list.addSubview(first)  // drawn above the second cell
        try first.addSubview(button)
        #expect(list.hitTest(CGPoint(x: 290, y: 40))?.name == "button")  // inside the cell and the button
        #expect(list.hitTest(CGPoint(x: 290, y: 50))?.name == "second")  // on the button, outside its cell
        #expect(list.hitTest(CGPoint(x: 100, y: 20))?.name == "first")
        #expect(list.hitTest(CGPoint(x: 100, y: 300))?.name == "list")
        #expect(list.hitTest(CGPoint(x: 100, y: 500)) == nil)

        // Overriding point(inside:) to cover the hanging part lets the button take the touch.
        first.pointInsideHandler = { node, point in
            node.bounds.contains(point) || node.subviews.contains { $0.frame.contains(point) }
        }
        #expect(list.hitTest(CGPoint(x: 290, y: 50))?.name == "button")
    }

    /// Hidden, nearly transparent and non-interactive nodes (and what is below them) are skipped.
    @Test func skippedNodes() throws {
        let root = LayoutNode(frame: CGRect(x: 0, y: 0, width: 100, height: 100), name: "root")
        let top = LayoutNode(frame: CGRect(x: 0, y: 0, width: 100, height: 100), name: "top")
        let child = LayoutNode(frame: CGRect(x: 10, y: 10, width: 20, height: 20), name: "child")
        try root.addSubview(top)
        try top.addSubview(child)
        let point = CGPoint(x: 15, y: 15)
        #expect(root.hitTest(point)?.name == "child")
        top.isHidden = true
        #expect(root.hitTest(point)?.name == "root")
        top.isHidden = false
        top.alpha = 0.009
        #expect(root.hitTest(point)?.name == "root")
        top.alpha = 0.01
        #expect(root.hitTest(point)?.name == "child")
        top.isUserInteractionEnabled = false
        #expect(root.hitTest(point)?.name == "root")
        top.isUserInteractionEnabled = true
        child.isUserInteractionEnabled = false
        #expect(root.hitTest(point)?.name == "top")
    }

    /// The last-added of overlapping siblings wins; bounds include the top-left edges, not the bottom-right.
    @Test func lastAddedWinsAndEdges() throws {
        let root = LayoutNode(frame: CGRect(x: 0, y: 0, width: 100, height: 100), name: "root")
        let a = LayoutNode(frame: CGRect(x: 0, y: 0, width: 60, height: 60), name: "a")
        let b = LayoutNode(frame: CGRect(x: 40, y: 40, width: 60, height: 60), name: "b")
        try root.addSubview(a)
        try root.addSubview(b)
        #expect(root.hitTest(CGPoint(x: 50, y: 50))?.name == "b")
        #expect(root.hitTest(CGPoint(x: 40, y: 40))?.name == "b")
        #expect(root.hitTest(CGPoint(x: 39.9, y: 40))?.name == "a")
        #expect(root.hitTest(CGPoint(x: 100, y: 50)) == nil)
        #expect(root.hitTest(CGPoint(x: CGFloat.nan, y: 50)) == nil)
        try root.addSubview(a)  // re-adding moves it to the top
        #expect(root.hitTest(CGPoint(x: 50, y: 50))?.name == "a")
        #expect(root.subviews.map(\.name) == ["b", "a"])
    }

    /// Points convert through frames and bounds origins (a scrolled container).
    @Test func scrolledContainer() throws {
        let root = LayoutNode(frame: CGRect(x: 0, y: 0, width: 100, height: 100), name: "root")
        let scroll = LayoutNode(frame: CGRect(x: 0, y: 0, width: 100, height: 100), name: "scroll")
        scroll.boundsOrigin = CGPoint(x: 0, y: 200)
        let row = LayoutNode(frame: CGRect(x: 0, y: 220, width: 100, height: 20), name: "row")
        try root.addSubview(scroll)
        try scroll.addSubview(row)
        #expect(root.hitTest(CGPoint(x: 5, y: 25))?.name == "row")
        #expect(root.hitTest(CGPoint(x: 5, y: 45))?.name == "scroll")
        #expect(row.convert(CGPoint(x: 0, y: 0), to: root) == CGPoint(x: 0, y: 20))
    }
}
