import Foundation
import Testing
import TextFitLayout

/// Intrinsic sizes, hugging and compression resistance, and labels in two passes (rules AL5, AL9), on
/// seed 001's constraint scenarios.
@Suite struct AutoLayoutLabelTests {
    static let long = "在6月29日上午舉行的中興通訊股東大會上，中興新掌門人李自學發言時強調：我們的任務還是提振整個公司的信心"

    func cell(_ width: CGFloat) -> LayoutNode {
        LayoutNode(frame: CGRect(x: 0, y: 0, width: width, height: 600), name: "cell")
    }

    /// Seed 001, conclusion 1: "numberOfLines acts as a vertical constraint, so three constraints are
    /// enough" — top, left and right; the height comes from the text wrapped at the solved width.
    @Test(arguments: [0, 2]) func seed001ThreeConstraintLabel(numberOfLines: Int) throws {
        let font = try Fixtures.font(17)
        for width in [320.0, 375.0, 414.0] as [CGFloat] {
            let root = cell(width)
            let label = LabelNode(text: Self.long, font: font, numberOfLines: numberOfLines, name: "label")
            try root.addSubview(label)
            try label.makeConstraints { make in
                make.top.left.equalTo(root).offset(10)
                make.right.equalTo(root).offset(-10)
            }
            try root.layoutWithConstraints()
            let expected = try Label(text: Self.long, font: font, numberOfLines: numberOfLines)
                .sizeThatFits(CGSize(width: width - 20, height: 0))
            #expect(label.frame == CGRect(x: 10, y: 10, width: width - 20, height: expected.height))
            #expect(expected.height > Fixtures.lineHeight17 * 1.5)  // it did wrap
            #expect(!label.hasAmbiguousLayout)
        }
    }

    /// Seed 001, conclusion 2: "a ≤ trailing constraint lets the label fit its own width": short text hugs,
    /// long text stops at the edge and wraps.
    @Test func seed001LessThanOrEqualTrailing() throws {
        let font = try Fixtures.font(17)
        for (text, wraps) in [("Short title", false), (Self.long, true)] {
            let root = cell(320)
            let label = LabelNode(text: text, font: font, numberOfLines: 0, name: "label")
            try root.addSubview(label)
            try label.makeConstraints { make in
                make.top.left.equalTo(root).offset(10)
                make.right.lessThanOrEqualTo(root).offset(-10)
            }
            try root.layoutWithConstraints()
            let single = try Label(text: text, font: font).sizeThatFits(.zero)
            if wraps {
                #expect(label.frame.width == 300)
                #expect(
                    label.frame.height
                        == (try Label(text: text, font: font, numberOfLines: 0)
                        .sizeThatFits(CGSize(width: 300, height: 0))).height)
            } else {
                #expect(label.frame.size == single)
            }
        }
    }

    @Test func huggingDecidesWhichLabelGrows() throws {
        let font = try Fixtures.font(17)
        for (hugsLeft, leftGrows) in [(true, false), (false, true)] {
            let root = cell(375)
            let left = LabelNode(text: "Name", font: font, name: "left"),
                right = LabelNode(text: "Value", font: font, name: "right")
            try root.addSubview(left)
            try root.addSubview(right)
            try left.makeConstraints { make in make.left.top.equalTo(root) }
            try right.makeConstraints { make in
                make.left.equalTo(left.mas.right).offset(8)
                make.right.top.equalTo(root)
            }
            (hugsLeft ? left : right).setContentHuggingPriority(251, for: .horizontal)
            try root.layoutWithConstraints()
            let leftWidth = try Fixtures.ceilPx(Fixtures.width("Name", font))
            #expect((left.frame.width > leftWidth + 1) == leftGrows)
            #expect(abs(left.frame.width + 8 + right.frame.width - 375) < 1e-9)
        }
    }

    @Test func compressionResistanceDecidesWhichLabelShrinks() throws {
        let font = try Fixtures.font(17)
        let root = cell(200)
        let title = LabelNode(text: "A rather long title that cannot fit", font: font, name: "title")
        let date = LabelNode(text: "Yesterday", font: font, name: "date")
        try root.addSubview(title)
        try root.addSubview(date)
        try title.makeConstraints { make in make.left.top.equalTo(root) }
        try date.makeConstraints { make in
            make.left.equalTo(title.mas.right).offset(8)
            make.top.equalTo(root)
            make.right.lessThanOrEqualTo(root)
        }
        date.setContentCompressionResistancePriority(751, for: .horizontal)
        try root.layoutWithConstraints()
        #expect(date.frame.width == (try Label(text: "Yesterday", font: font).sizeThatFits(.zero)).width)
        #expect(abs(title.frame.maxX + 8 - date.frame.minX) < 1e-9 && abs(date.frame.maxX - 200) < 1e-9)
    }

    @Test func preferredMaxLayoutWidthIsOnePass() throws {
        let font = try Fixtures.font(17)
        let root = cell(375)
        let label = LabelNode(text: Self.long, font: font, numberOfLines: 0, name: "label")
        label.preferredMaxLayoutWidth = 150
        try root.addSubview(label)
        try label.makeConstraints { make in make.left.top.equalTo(root) }
        try root.layoutWithConstraints()
        let expected = try Label(text: Self.long, font: font, numberOfLines: 0).sizeThatFits(CGSize(width: 150, height: 0))
        #expect(label.frame.size == expected)
    }

    @Test func plainNodesUseTheirIntrinsicSize() throws {
        let root = cell(375)
        let icon = LayoutNode(name: "icon")
        icon.intrinsicContentSize = CGSize(width: 24, height: noIntrinsicMetric)
        try root.addSubview(icon)
        try icon.makeConstraints { make in
            make.left.top.equalTo(root)
            make.height.equalTo(30)
        }
        try root.layoutWithConstraints()
        #expect(icon.frame.size == CGSize(width: 24, height: 30))
        #expect(icon.contentHuggingPriority(for: .vertical) == 250)
        #expect(icon.contentCompressionResistancePriority(for: .horizontal) == 750)
    }
}
