import Foundation
import Testing
import TextFitLayout

/// Anchors, constants, multipliers, priorities, guides and baselines (rules AL2, AL4, AL8).
@Suite struct AutoLayoutAnchorTests {
    func tree(width: CGFloat = 375, height: CGFloat = 200) -> LayoutNode {
        LayoutNode(frame: CGRect(x: 0, y: 0, width: width, height: height), name: "root")
    }

    func child(_ root: LayoutNode, _ name: String) throws -> LayoutNode {
        let node = LayoutNode(name: name)
        try root.addSubview(node)
        node.translatesAutoresizingMaskIntoConstraints = false
        return node
    }

    @Test func edgesConstantsAndMultipliers() throws {
        let root = tree()
        let box = try child(root, "box")
        LayoutConstraint.activate([
            box.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
            box.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -16),
            box.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
            box.heightAnchor.constraint(equalTo: box.widthAnchor, multiplier: 0.25),
        ])
        try root.layoutWithConstraints()
        #expect(box.frame == CGRect(x: 16, y: 10, width: 343, height: 85.75))
        #expect(!box.hasAmbiguousLayout)
    }

    @Test func centresAndNestedCoordinates() throws {
        let root = tree()
        let card = try child(root, "card")
        let dot = LayoutNode(name: "dot")
        try card.addSubview(dot)
        dot.translatesAutoresizingMaskIntoConstraints = false
        LayoutConstraint.activate([
            card.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 100),
            card.topAnchor.constraint(equalTo: root.topAnchor, constant: 50),
            card.widthAnchor.constraint(equalToConstant: 200),
            card.heightAnchor.constraint(equalToConstant: 100),
            dot.centerXAnchor.constraint(equalTo: card.centerXAnchor),
            dot.centerYAnchor.constraint(equalTo: card.centerYAnchor),
            dot.widthAnchor.constraint(equalToConstant: 10),
            dot.heightAnchor.constraint(equalToConstant: 10),
        ])
        try root.layoutWithConstraints()
        #expect(dot.frame == CGRect(x: 95, y: 45, width: 10, height: 10))  // in card's coordinates
        // A multiplier on a position is measured in the common ancestor's bounds (Masonry relies on it).
        let half = dot.rightAnchor.constraint(equalTo: card.rightAnchor, multiplier: 0.5)
        NSLayoutConstraintSwap.replace(dot.centerXAnchor, in: dot, with: half)
        try root.layoutWithConstraints()
        #expect(dot.frame.maxX == 100)
    }

    @Test func aLowerPriorityGivesWay() throws {
        let root = tree()
        let box = try child(root, "box")
        let wide = box.widthAnchor.constraint(equalToConstant: 500)
        wide.priority = .defaultHigh
        LayoutConstraint.activate([
            box.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            box.topAnchor.constraint(equalTo: root.topAnchor),
            box.heightAnchor.constraint(equalToConstant: 10),
            box.trailingAnchor.constraint(lessThanOrEqualTo: root.trailingAnchor),
            wide,
        ])
        try root.layoutWithConstraints()
        #expect(box.frame.width == 375)
        wide.constant = 100  // read at the next layout
        try root.layoutWithConstraints()
        #expect(box.frame.width == 100)
        wide.isActive = false
        try root.layoutWithConstraints()
        #expect(box.hasAmbiguousLayout)  // only width ≤ 375 is left: any width fits
    }

    @Test func leadingAndTrailingFlipRightToLeft() throws {
        let root = tree()
        let box = try child(root, "box")
        box.layoutDirection = .rightToLeft
        LayoutConstraint.activate([
            box.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
            box.topAnchor.constraint(equalTo: root.topAnchor),
            box.widthAnchor.constraint(equalToConstant: 100),
            box.heightAnchor.constraint(equalToConstant: 10),
        ])
        root.layoutDirection = .rightToLeft
        try root.layoutWithConstraints()
        #expect(abs(box.frame.maxX - (375 - 16)) < 1e-9)
    }

    /// Seed 003, scene one: blueView fills the screen (a 20 pt status bar), orangeView is pinned to blueView's
    /// margins of 50: the seed prints blueView's margins as {70, 50, 50, 50}.
    @Test func seed003MarginsAddTheSafeArea() throws {
        let root = tree(width: 375, height: 667)
        root.additionalSafeAreaInsets = EdgeInsets(top: 20)
        let blue = LayoutNode(name: "blue"), orange = LayoutNode(name: "orange")
        try root.addSubview(blue)
        try blue.addSubview(orange)
        try blue.makeConstraints { $0.edges.equalTo(root) }
        blue.layoutMargins = EdgeInsets(all: 50)
        try orange.makeConstraints { make in
            make.top.equalTo(blue.mas.topMargin)
            make.bottom.equalTo(blue.mas.bottomMargin)
            make.left.equalTo(blue.mas.leftMargin)
            make.right.equalTo(blue.mas.rightMargin)
        }
        try root.layoutWithConstraints()
        #expect(blue.layoutMargins == EdgeInsets(top: 70, left: 50, bottom: 50, right: 50))
        #expect(orange.frame == CGRect(x: 50, y: 70, width: 275, height: 547))
    }

    /// Seed 003, scene two: orangeView is blueView's left half; redView is pinned to orangeView's margins,
    /// which are zero but preserve blueView's: red keeps blue's left, top and bottom margins, and orange's
    /// own right edge (it is not inside blue's right margin).
    @Test func seed003PreservedSuperviewMargins() throws {
        let root = tree(width: 375, height: 667)
        root.additionalSafeAreaInsets = EdgeInsets(top: 20)
        let blue = LayoutNode(name: "blue"), orange = LayoutNode(name: "orange"), red = LayoutNode(name: "red")
        try root.addSubview(blue)
        try blue.addSubview(orange)
        try orange.addSubview(red)
        try blue.makeConstraints { $0.edges.equalTo(root) }
        try orange.makeConstraints { make in
            make.top.left.bottom.equalTo(blue)
            make.width.equalTo(blue).multipliedBy(0.5)
        }
        try red.makeConstraints { make in
            make.top.equalTo(orange.mas.topMargin)
            make.bottom.equalTo(orange.mas.bottomMargin)
            make.left.equalTo(orange.mas.leftMargin)
            make.right.equalTo(orange.mas.rightMargin)
        }
        blue.layoutMargins = EdgeInsets(all: 50)
        orange.preservesSuperviewLayoutMargins = true
        orange.layoutMargins = .zero
        try root.layoutWithConstraints()
        #expect(orange.frame == CGRect(x: 0, y: 0, width: 187.5, height: 667))
        #expect(red.frame == CGRect(x: 50, y: 70, width: 137.5, height: 547))
    }

    @Test func safeAreaGuide() throws {
        let root = tree(width: 375, height: 667)
        root.additionalSafeAreaInsets = EdgeInsets(top: 44, bottom: 34)
        let bar = try child(root, "bar")
        LayoutConstraint.activate([
            bar.topAnchor.constraint(equalTo: root.safeAreaLayoutGuide.topAnchor),
            bar.leadingAnchor.constraint(equalTo: root.safeAreaLayoutGuide.leadingAnchor),
            bar.trailingAnchor.constraint(equalTo: root.safeAreaLayoutGuide.trailingAnchor),
            bar.bottomAnchor.constraint(equalTo: root.safeAreaLayoutGuide.bottomAnchor),
        ])
        try root.layoutWithConstraints()
        #expect(bar.frame == CGRect(x: 0, y: 44, width: 375, height: 589))
    }

    @Test func baselinesOfLabels() throws {
        let root = tree()
        let font17 = try Fixtures.font(17), font13 = try Fixtures.font(13)
        let big = LabelNode(text: "Title", font: font17, name: "big"),
            small = LabelNode(text: "date", font: font13, name: "small")
        try root.addSubview(big)
        try root.addSubview(small)
        try big.makeConstraints { make in make.left.top.equalTo(root).offset(10) }
        try small.makeConstraints { make in
            make.left.equalTo(big.mas.right).offset(8)
            make.firstBaseline.equalTo(big.mas.firstBaseline)
        }
        try root.layoutWithConstraints()
        #expect(abs((small.frame.minY + font13.ascender) - (big.frame.minY + font17.ascender)) < 1e-9)
        #expect(abs(big.frame.minY + font17.ascender - (small.frame.minY + font13.ascender)) < 1e-9)
    }
}

/// Swaps one active constraint of a node for another (test helper).
enum NSLayoutConstraintSwap {
    static func replace(_ anchor: LayoutAnchor, in node: LayoutNode, with replacement: LayoutConstraint) {
        for c in node.constraints where c.firstAnchor.attribute == anchor.attribute { c.isActive = false }
        replacement.isActive = true
    }
}
