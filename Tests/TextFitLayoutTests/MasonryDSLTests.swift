import Foundation
import Testing
import TextFitLayout

/// The Masonry-style DSL and Masonry's distributions, on seed 000's code (rules AL10, AL11).
@Suite struct MasonryDSLTests {
    func container(_ width: CGFloat = 300, _ height: CGFloat = 100) -> LayoutNode {
        LayoutNode(frame: CGRect(x: 0, y: 0, width: width, height: height), name: "container")
    }

    func boxes(_ count: Int, in root: LayoutNode) throws -> [LayoutNode] {
        try (0..<count).map { i in
            let node = LayoutNode(name: "item\(i)")
            try root.addSubview(node)
            return node
        }
    }

    /// Seed 000's self-sizing cell: contentLabel 10 pt inside the contentView on every side.
    @Test func seed000ContentLabelInsideTheCell() throws {
        let content = container(375, 0)
        let font = try Fixtures.font(SeedExamples.feedFontSize)
        for text in SeedExamples.feedTexts {
            let label = LabelNode(text: text, font: font, numberOfLines: 0, name: "contentLabel")
            try content.addSubview(label)
            try label.makeConstraints { make in
                make.top.equalTo(content).offset(10)
                make.bottom.equalTo(content).offset(-10)
                make.left.equalTo(content).offset(10)
                make.right.equalTo(content).offset(-10)
            }
            let size = try content.systemLayoutSizeFitting(
                CGSize(width: 375, height: 0),
                withHorizontalFittingPriority: .required,
                verticalFittingPriority: .fittingSizeLevel)
            let labelHeight = try Label(text: text, font: font, numberOfLines: 0).sizeThatFits(CGSize(width: 355, height: 0))
                .height
            #expect(size == CGSize(width: 375, height: labelHeight + 20))
            label.removeFromSuperview()
        }
    }

    @Test func edgesInsetAndSize() throws {
        let root = container()
        let inner = LayoutNode(name: "inner"), dot = LayoutNode(name: "dot")
        try root.addSubview(inner)
        try root.addSubview(dot)
        try inner.makeConstraints { $0.edges.equalTo(root).inset(10) }
        try dot.makeConstraints { make in
            make.size.equalTo(CGSize(width: 20, height: 10))
            make.center.equalTo(root)
        }
        try root.layoutWithConstraints()
        #expect(inner.frame == CGRect(x: 10, y: 10, width: 280, height: 80))
        #expect(dot.frame == CGRect(x: 140, y: 45, width: 20, height: 10))
        #expect(!inner.translatesAutoresizingMaskIntoConstraints)
    }

    @Test func remakeReplacesAndUpdateChangesConstants() throws {
        let root = container()
        let box = LayoutNode(name: "box")
        try root.addSubview(box)
        try box.makeConstraints { make in
            make.left.top.equalTo(root).offset(5)
            make.width.height.equalTo(10)
        }
        try box.updateConstraints { $0.width.equalTo(40) }
        try root.layoutWithConstraints()
        #expect(box.frame == CGRect(x: 5, y: 5, width: 40, height: 10))
        #expect(box.constraints.count == 4)  // updated in place, not added
        try box.remakeConstraints { make in
            make.right.bottom.equalTo(root)
            make.size.equalTo(CGSize(width: 30, height: 30))
        }
        try root.layoutWithConstraints()
        #expect(box.frame == CGRect(x: 270, y: 70, width: 30, height: 30))
    }

    /// Masonry's fixed spacing: equal lengths share what the spacing leaves.
    @Test(arguments: [LayoutAxis.horizontal, .vertical])
    func fixedSpacing(axis: LayoutAxis) throws {
        let root = container(300, 300)
        let items = try boxes(3, in: root)
        try items.distributeViews(along: axis, fixedSpacing: 10, leadSpacing: 20, tailSpacing: 20)
        for item in items {  // the cross axis, as Masonry's callers add it
            try item.makeConstraints { make in
                if axis == .horizontal {
                    make.top.equalTo(root); make.height.equalTo(30)
                } else {
                    make.left.equalTo(root); make.width.equalTo(30)
                }
            }
        }
        try root.layoutWithConstraints()
        let starts = items.map { axis == .horizontal ? $0.frame.minX : $0.frame.minY }
        let lengths = items.map { axis == .horizontal ? $0.frame.width : $0.frame.height }
        #expect(lengths.allSatisfy { abs($0 - 80) < 1e-9 })
        #expect(zip(starts, [20, 110, 200]).allSatisfy { abs($0 - $1) < 1e-9 })
        #expect(items.allSatisfy { !$0.hasAmbiguousLayout })
    }

    /// Masonry's fixed item length: the spacing is shared (x = 20, 125, 230 in 300 pt; 4 items too).
    @Test func fixedItemLength() throws {
        for (count, expected) in [(3, [20.0, 125, 230] as [CGFloat]), (4, [20, 90, 160, 230])] {
            let root = container(300, 50)
            let items = try boxes(count, in: root)
            try items.distributeViews(along: .horizontal, fixedItemLength: 50, leadSpacing: 20, tailSpacing: 20)
            for item in items { try item.makeConstraints { make in make.top.bottom.equalTo(root) } }
            try root.layoutWithConstraints()
            #expect(items.map(\.frame.width).allSatisfy { abs($0 - 50) < 1e-9 })
            #expect(zip(items.map(\.frame.minX), expected).allSatisfy { abs($0 - $1) < 1e-9 }, "\(items.map(\.frame.minX))")
        }
    }

    /// Seed 000's limit: Masonry's fixed spacing forces equal widths, so labels of different lengths are
    /// stretched or squeezed to one width; the author's chain keeps each view's own width and lets the views
    /// size their superview.
    @Test func seed000VariableWidthChain() throws {
        let font = try Fixtures.font(15)
        let texts = ["Tag", "A longer tag", "Mid"]
        let widths = try texts.map { try Label(text: $0, font: font).sizeThatFits(.zero).width }

        let fixed = container(300, 40)
        let fixedLabels = try texts.map { text -> LabelNode in
            let label = LabelNode(text: text, font: font, name: text)
            try fixed.addSubview(label)
            try label.makeConstraints { $0.top.equalTo(fixed) }
            return label
        }
        try fixedLabels.distributeViews(along: .horizontal, fixedSpacing: 10, leadSpacing: 5, tailSpacing: 7)
        try fixed.layoutWithConstraints()
        let equal = (300 - 5 - 7 - 20) / 3.0
        #expect(fixedLabels.allSatisfy { abs($0.frame.width - equal) < 1e-9 })

        let root = container(375, 200)
        let strip = LayoutNode(name: "strip")
        try root.addSubview(strip)
        try strip.makeConstraints { make in
            make.left.top.equalTo(root); make.height.equalTo(30)
        }
        let labels = try texts.map { text -> LabelNode in
            let label = LabelNode(text: text, font: font, name: text)
            try strip.addSubview(label)
            return label
        }
        try labels.chainViews(along: .horizontal, fixedSpacing: 10, leadSpacing: 5, tailSpacing: 7)
        try root.layoutWithConstraints()
        #expect(labels.map(\.frame.width) == widths)
        #expect(abs(strip.frame.width - (5 + widths.reduce(0, +) + 20 + 7)) < 1e-9)
        // Again with new spacing: updateConstraints changes the constants instead of adding constraints.
        let count = labels.map(\.constraints.count).reduce(0, +) + strip.constraints.count
        try labels.chainViews(along: .horizontal, fixedSpacing: 4, leadSpacing: 5, tailSpacing: 7)
        try root.layoutWithConstraints()
        #expect(labels.map(\.constraints.count).reduce(0, +) + strip.constraints.count == count)
        #expect(abs(strip.frame.width - (5 + widths.reduce(0, +) + 8 + 7)) < 1e-9)
    }
}
