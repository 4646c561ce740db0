import Foundation
import Testing
import TextFitLayout

/// Layout margins and the safe area (M1–M5), with the worked numbers of docs/uikit-semantics.md §7.
@Suite struct MarginsTests {
    func screen(statusBar: CGFloat = 20) -> LayoutNode {
        let root = LayoutNode(frame: CGRect(x: 0, y: 0, width: 375, height: 667), name: "root")
        root.additionalSafeAreaInsets = EdgeInsets(top: statusBar)
        return root
    }

    /// M1: 8 pt on every side by default.
    @Test func defaultMarginsAreEight() {
        #expect(LayoutNode(frame: CGRect(x: 0, y: 100, width: 100, height: 100)).layoutMargins == EdgeInsets(all: 8))
    }

    /// M3: margins 50 with a 20 pt status bar read back as (70, 50, 50, 50); (50, …) with the flag off.
    @Test func marginsAddTheSafeArea() {
        let root = screen()
        root.layoutMargins = EdgeInsets(all: 50)
        #expect(root.layoutMargins == EdgeInsets(top: 70, left: 50, bottom: 50, right: 50))
        root.insetsLayoutMarginsFromSafeArea = false
        #expect(root.layoutMargins == EdgeInsets(all: 50))
    }

    /// M3 below a root: a full-screen child inherits the 20 pt status bar and adds it to its own 50.
    @Test func childUnderTheStatusBarAddsItsPart() throws {
        let root = screen()
        let child = LayoutNode(frame: root.bounds, name: "child")
        try root.addSubview(child)
        child.layoutMargins = EdgeInsets(all: 50)
        #expect(child.safeAreaInsets == EdgeInsets(top: 20))
        #expect(child.layoutMargins == EdgeInsets(top: 70, left: 50, bottom: 50, right: 50))
        #expect(try child.layoutMarginsFrame() == CGRect(x: 50, y: 70, width: 275, height: 547))
        child.insetsLayoutMarginsFromSafeArea = false
        #expect(child.layoutMargins == EdgeInsets(all: 50))
    }

    /// M4: superview left margin 50; a preserving child at x = 0 gets 50, at x = 20 gets 30, at x = 60
    /// keeps its own 8.
    @Test(arguments: [(CGFloat(0), CGFloat(50)), (20, 30), (60, 8)])
    func preservesSuperviewMargins(x: CGFloat, left: CGFloat) throws {
        let parent = LayoutNode(frame: CGRect(x: 0, y: 0, width: 375, height: 200), name: "parent")
        parent.layoutMargins = EdgeInsets(top: 8, left: 50, bottom: 8, right: 8)
        let child = LayoutNode(frame: CGRect(x: x, y: 50, width: 100, height: 100), name: "child")
        try parent.addSubview(child)
        child.preservesSuperviewLayoutMargins = true
        #expect(child.layoutMargins.left == left)
        child.preservesSuperviewLayoutMargins = false  // M4 off: own margins whatever the position
        #expect(child.layoutMargins.left == 8)
    }

    /// M5: the safe area is added before the maximum with the superview, so it counts once. A root with
    /// a 20 pt status bar and 8 pt margins has a top margin of 28; a preserving child at its top edge gets
    /// 28 too (own 8 + safe 20, and 28 − 0 from the root), not 48 (max(8, 28) + 20).
    @Test func safeAreaCountsOnceWithPreserves() throws {
        let root = screen()
        let child = LayoutNode(frame: CGRect(x: 0, y: 0, width: 375, height: 100), name: "child")
        try root.addSubview(child)
        child.preservesSuperviewLayoutMargins = true
        #expect(root.layoutMargins.top == 28)
        #expect(child.layoutMargins.top == 28)
        // 10 pt lower: safe inset 10, own + safe = 18, inherited 28 − 10 = 18.
        child.frame.origin.y = 10
        #expect(child.safeAreaInsets.top == 10)
        #expect(child.layoutMargins.top == 18)
    }

    /// The safe area passes down as the part of the superview's unsafe strip a node overlaps, capped by
    /// the superview's inset (a node above the screen's top still gets 20, not more).
    @Test(arguments: [(CGFloat(0), CGFloat(20)), (5, 15), (20, 0), (300, 0), (-30, 20)])
    func safeAreaIsTheOverlappedPart(y: CGFloat, top: CGFloat) throws {
        let root = screen()
        let child = LayoutNode(frame: CGRect(x: 0, y: y, width: 375, height: 100), name: "child")
        try root.addSubview(child)
        #expect(child.safeAreaInsets.top == top)
    }

    /// Bottom and side insets pass down the same way, and grandchildren inherit from their parent.
    @Test func safeAreaOnEveryEdgeAndDeeper() throws {
        let root = LayoutNode(frame: CGRect(x: 0, y: 0, width: 812, height: 375), name: "root")
        root.additionalSafeAreaInsets = EdgeInsets(top: 0, left: 44, bottom: 21, right: 44)  // landscape notch
        let band = LayoutNode(frame: CGRect(x: 20, y: 300, width: 792, height: 75), name: "band")
        try root.addSubview(band)
        #expect(band.safeAreaInsets == EdgeInsets(top: 0, left: 24, bottom: 21, right: 44))
        let inner = LayoutNode(frame: CGRect(x: 0, y: 60, width: 100, height: 15), name: "inner")
        try band.addSubview(inner)
        #expect(inner.safeAreaInsets == EdgeInsets(top: 0, left: 24, bottom: 15, right: 0))  // capped by its height
        #expect(try band.safeAreaFrame() == CGRect(x: 24, y: 0, width: 724, height: 54))
    }

    /// M2: directional margins are the same value; leading is left in left-to-right, right in right-to-left.
    @Test func directionalMarginsFollowTheDirection() {
        let node = LayoutNode(frame: CGRect(x: 0, y: 100, width: 200, height: 100))
        node.directionalLayoutMargins = DirectionalEdgeInsets(top: 1, leading: 20, bottom: 3, trailing: 8)
        #expect(node.layoutMargins == EdgeInsets(top: 1, left: 20, bottom: 3, right: 8))
        node.layoutDirection = .rightToLeft
        #expect(node.layoutMargins == EdgeInsets(top: 1, left: 8, bottom: 3, right: 20))
        node.layoutMargins = EdgeInsets(top: 0, left: 5, bottom: 0, right: 6)
        #expect(node.directionalLayoutMargins == DirectionalEdgeInsets(top: 0, leading: 6, bottom: 0, trailing: 5))
    }

    /// Margins follow the bounds origin: a scrolled superview's margins are measured from its bounds.
    @Test func preservesUsesTheSuperviewsBounds() throws {
        let parent = LayoutNode(frame: CGRect(x: 0, y: 0, width: 300, height: 300), name: "scroll")
        parent.boundsOrigin = CGPoint(x: 0, y: 100)
        parent.layoutMargins = EdgeInsets(top: 40, left: 8, bottom: 8, right: 8)
        let child = LayoutNode(frame: CGRect(x: 0, y: 110, width: 300, height: 50), name: "child")
        try parent.addSubview(child)
        child.preservesSuperviewLayoutMargins = true
        #expect(child.layoutMargins.top == 30)  // 10 pt below the visible top edge
    }
}
