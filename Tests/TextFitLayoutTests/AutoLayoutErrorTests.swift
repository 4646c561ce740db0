import Foundation
import Testing
import TextFitLayout

/// Bad constraint layouts get typed errors or UIKit's documented answer, never a crash or a hang (AL1, AL3, AL6).
@Suite struct AutoLayoutErrorTests {
    func root() -> LayoutNode { LayoutNode(frame: CGRect(x: 0, y: 0, width: 320, height: 100), name: "root") }

    @Test func unsatisfiableNamesTheBrokenAndConflictingConstraints() throws {
        let root = root()
        let box = LayoutNode(name: "box")
        try root.addSubview(box)
        try box.makeConstraints { make in
            make.left.top.equalTo(root)
            make.width.equalTo(100)
            make.height.equalTo(20)
        }
        let before = CGRect(x: 1, y: 2, width: 3, height: 4)
        box.frame = before
        let clash = box.widthAnchor.constraint(equalToConstant: 200)
        clash.identifier = "too-wide"
        clash.isActive = true
        #expect {
            try root.layoutWithConstraints()
        } throws: { error in
            guard case let AutoLayoutError.unsatisfiable(breaking, conflicting) = error else { return false }
            return breaking.contains("too-wide") && conflicting.count == 2
                && conflicting.contains { $0.contains("box.width == 100") }
        }
        #expect(box.frame == before)  // frames untouched when layout throws
        clash.priority = 999  // UIKit's answer for an optional constraint: it gives way
        try root.layoutWithConstraints()
        #expect(box.frame.width == 100)
    }

    /// Seed 000, "masonry和frame不要混用": a frame and constraints on one node fight; the autoresizing
    /// constraint is named in the conflict.
    @Test func framesAndConstraintsOnOneNodeConflict() throws {
        let root = root()
        let box = LayoutNode(frame: CGRect(x: 0, y: 0, width: 50, height: 50), name: "box")
        try root.addSubview(box)
        box.widthAnchor.constraint(equalToConstant: 80).isActive = true  // translates… still true
        #expect {
            try root.layoutWithConstraints()
        } throws: { error in
            guard case let AutoLayoutError.unsatisfiable(_, conflicting) = error else { return false }
            return conflicting.contains { $0.contains("autoresizing mask") }
        }
        // A frame-only sibling keeps its frame beside constrained nodes (frames win where nothing else speaks).
        box.translatesAutoresizingMaskIntoConstraints = false
        let fixed = LayoutNode(frame: CGRect(x: 5, y: 6, width: 7, height: 8), name: "fixed")
        try root.addSubview(fixed)
        try box.makeConstraints { make in
            make.left.top.equalTo(root); make.height.equalTo(10)
        }
        try root.layoutWithConstraints()
        #expect(fixed.frame == CGRect(x: 5, y: 6, width: 7, height: 8))
        #expect(box.frame == CGRect(x: 0, y: 0, width: 80, height: 10))
    }

    @Test func nodesInDifferentTrees() throws {
        let a = root(), b = root()
        let child = LayoutNode(name: "child")
        try a.addSubview(child)
        child.translatesAutoresizingMaskIntoConstraints = false
        child.leadingAnchor.constraint(equalTo: b.leadingAnchor).isActive = true
        #expect(throws: AutoLayoutError.self) { try a.layoutWithConstraints() }
    }

    @Test func nonFiniteNumbersAndMismatchedAxes() throws {
        for make in [
            { (n: LayoutNode, r: LayoutNode) in n.widthAnchor.constraint(equalToConstant: .nan) },
            { (n: LayoutNode, r: LayoutNode) in n.leftAnchor.constraint(equalTo: r.leftAnchor, constant: .infinity) },
            { (n: LayoutNode, r: LayoutNode) in n.leftAnchor.constraint(equalTo: r.topAnchor) },
            { (n: LayoutNode, r: LayoutNode) in n.leftAnchor.constraint(equalTo: r.widthAnchor) },
            { (n: LayoutNode, r: LayoutNode) in n.leftAnchor.constraint(equalToConstant: 4) },
        ] {
            let root = root()
            let node = LayoutNode(name: "n")
            try root.addSubview(node)
            node.translatesAutoresizingMaskIntoConstraints = false
            make(node, root).isActive = true
            #expect(throws: AutoLayoutError.self) { try root.layoutWithConstraints() }
        }
        let root = root()
        #expect(throws: AutoLayoutError.self) {
            try root.systemLayoutSizeFitting(CGSize(width: CGFloat.nan, height: 0))
        }
    }

    @Test func ambiguousLayoutIsReportedNotRefused() throws {
        let root = root()
        let box = LayoutNode(name: "box")
        try root.addSubview(box)
        try box.makeConstraints { make in make.width.height.equalTo(10) }  // no position
        try root.layoutWithConstraints()
        #expect(box.hasAmbiguousLayout)
        #expect(!root.hasAmbiguousLayout)
        try box.makeConstraints { make in make.left.top.equalTo(root) }
        try root.layoutWithConstraints()
        #expect(!box.hasAmbiguousLayout)
    }

    @Test func dslMisuse() throws {
        let orphan = LayoutNode(name: "orphan")
        #expect(throws: AutoLayoutError.self) { try orphan.makeConstraints { $0.left.equalTo(10) } }
        #expect(throws: AutoLayoutError.self) { try orphan.makeConstraints { _ = $0.left } }
        #expect(orphan.constraints.isEmpty)
        #expect(throws: AutoLayoutError.self) {
            try [orphan].distributeViews(along: .horizontal, fixedSpacing: 1, leadSpacing: 0, tailSpacing: 0)
        }
        #expect(throws: AutoLayoutError.self) {
            try [orphan, LayoutNode()].distributeViews(along: .horizontal, fixedSpacing: 1, leadSpacing: 0, tailSpacing: 0)
        }
        #expect(
            AutoLayoutError.unsatisfiable(breaking: "a", conflicting: ["a", "b"]).description
                .contains("Unable to simultaneously satisfy constraints"))
    }
}
