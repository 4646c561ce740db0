import Foundation
import Testing
import TextFitLayout

/// Bad input to the view tree is a typed error naming the node and field, never a crash.
@Suite struct LayoutNodeBadInputTests {
    @Test func cyclesAreRefused() throws {
        let a = LayoutNode(name: "a")
        let b = LayoutNode(name: "b")
        let c = LayoutNode(name: "c")
        try a.addSubview(b)
        try b.addSubview(c)
        #expect(throws: LayoutNodeError.cycle(node: "a", superview: "c")) { try c.addSubview(a) }
        #expect(throws: LayoutNodeError.cycle(node: "b", superview: "b")) { try b.addSubview(b) }
        #expect(c.superview === b && a.superview == nil)  // the tree is unchanged
    }

    @Test(arguments: [
        CGRect(x: 0, y: 0, width: CGFloat.nan, height: 10),
        CGRect(x: 0, y: 0, width: -1, height: 10),
        CGRect(x: CGFloat.infinity, y: 0, width: 1, height: 10),
    ])
    func invalidFramesAreRefused(frame: CGRect) throws {
        let root = LayoutNode(frame: CGRect(x: 0, y: 0, width: 100, height: 100), name: "root")
        let child = LayoutNode(name: "child")
        try root.addSubview(child)
        root.layoutSubviews = { node in node.subviews[0].frame = frame }
        let error = #expect(throws: LayoutNodeError.self) { try root.layoutIfNeeded() }
        guard case .invalidGeometry(let node, let field, _) = error else {
            Issue.record("\(String(describing: error))"); return
        }
        #expect(node == "child" && field == "frame")
        #expect(root.needsLayout)  // the failing pass stays pending
        #expect(throws: LayoutNodeError.self) { try child.layoutMarginsFrame() }
        #expect(throws: LayoutNodeError.self) { try child.safeAreaFrame() }
        #expect(root.hitTest(CGPoint(x: 1, y: 1)) != nil)  // hit-testing still answers
    }

    @Test func insetsLargerThanTheBoundsAreRefused() throws {
        let node = LayoutNode(frame: CGRect(x: 0, y: 0, width: 100, height: 40), name: "bar")
        node.layoutMargins = EdgeInsets(top: 10, left: 60, bottom: 10, right: 60)
        #expect(
            throws: LayoutNodeError.insetsExceedBounds(
                node: "bar", field: "layoutMargins",
                insets: node.layoutMargins, size: CGSize(width: 100, height: 40))
        ) {
            try node.layoutMarginsFrame()
        }
        node.layoutMargins = EdgeInsets(all: 8)
        node.additionalSafeAreaInsets = EdgeInsets(top: 50)
        #expect(throws: LayoutNodeError.self) { try node.safeAreaFrame() }
        node.additionalSafeAreaInsets = EdgeInsets(top: CGFloat.nan)
        let error = #expect(throws: LayoutNodeError.self) { try node.safeAreaFrame() }
        guard case .invalidInsets(let name, let field, _) = error else {
            Issue.record("\(String(describing: error))"); return
        }
        #expect(name == "bar" && field == "additionalSafeAreaInsets")
        node.additionalSafeAreaInsets = .zero
        node.layoutMargins = EdgeInsets(left: -3)
        #expect(throws: LayoutNodeError.self) { try node.layoutMarginsFrame() }
    }

    @Test func errorsNameTheNodeAndTheLimit() {
        let message = LayoutNodeError.insetsExceedBounds(
            node: "bar", field: "layoutMargins",
            insets: EdgeInsets(all: 60), size: CGSize(width: 100, height: 40)
        ).description
        #expect(message.contains("'bar'") && message.contains("left + right must be <= the width"))
        #expect(DistributionError.tooFewItems(count: 1).description.contains("at least 2"))
        #expect(LayoutNodeError.cycle(node: "a", superview: "c").localizedDescription.contains("ancestors"))
    }
}
