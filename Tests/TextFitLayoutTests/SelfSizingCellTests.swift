import Foundation
import Testing
import TextFitLayout

/// A self-sizing feed cell written with constraints, sized by `systemLayoutSizeFitting` (rules AL7, AL9),
/// against the same cell written by hand with frames; and the title + date written as constraints.
@Suite struct SelfSizingCellTests {
    struct Fonts {
        let title: Font, date: Font, body: Font
        init() throws {
            title = try Fixtures.font(17)
            date = try Fixtures.font(13)
            body = try Fixtures.font(15)
        }
    }

    /// Avatar 40×40 at (16, 12); title (≤ 2 lines) beside it 12 pt away, 16 pt from the right; the date
    /// 4 pt below the title; the body (any lines) 8 pt below; an action row 32 pt high 8 pt below; the cell
    /// ends 12 pt below the lower of the avatar and the action row.
    final class FeedCell {
        let content = LayoutNode(frame: .zero, name: "contentView")
        let avatar = LayoutNode(name: "avatar")
        let title: LabelNode, date: LabelNode, body: LabelNode
        let actions = LayoutNode(name: "actions")

        init(fonts: Fonts, title: String, date: String, body: String) throws {
            self.title = LabelNode(text: title, font: fonts.title, numberOfLines: 2, name: "title")
            self.date = LabelNode(text: date, font: fonts.date, name: "date")
            self.body = LabelNode(text: body, font: fonts.body, numberOfLines: 0, name: "body")
            for node in [avatar, self.title, self.date, self.body, actions] { try content.addSubview(node) }
            try avatar.makeConstraints { make in
                make.left.equalTo(content).offset(16)
                make.top.equalTo(content).offset(12)
                make.size.equalTo(CGSize(width: 40, height: 40))
                make.bottom.lessThanOrEqualTo(content).offset(-12)
            }
            try self.title.makeConstraints { make in
                make.left.equalTo(avatar.mas.right).offset(12)
                make.top.equalTo(content).offset(12)
                make.right.equalTo(content).offset(-16)
            }
            try self.date.makeConstraints { make in
                make.left.equalTo(self.title)
                make.top.equalTo(self.title.mas.bottom).offset(4)
            }
            try self.body.makeConstraints { make in
                make.left.right.equalTo(self.title)
                make.top.equalTo(self.date.mas.bottom).offset(8)
            }
            try actions.makeConstraints { make in
                make.left.right.equalTo(self.title)
                make.top.equalTo(self.body.mas.bottom).offset(8)
                make.height.equalTo(32)
                make.bottom.lessThanOrEqualTo(content).offset(-12)
            }
        }

        func height(width: CGFloat) throws -> CGFloat {
            try content.systemLayoutSizeFitting(
                CGSize(width: width, height: 0), withHorizontalFittingPriority: .required,
                verticalFittingPriority: .fittingSizeLevel
            ).height
        }
    }

    /// The same cell by hand, as the seed 001 author's "basic" version computes it.
    static func frames(
        fonts: Fonts, title: String, date: String, body: String, width: CGFloat
    ) throws
        -> (title: CGRect, date: CGRect, body: CGRect, actions: CGRect, height: CGFloat)
    {
        let x: CGFloat = 16 + 40 + 12, w = width - x - 16
        let titleSize = try Label(text: title, font: fonts.title, numberOfLines: 2).sizeThatFits(CGSize(width: w, height: 0))
        let titleFrame = CGRect(x: x, y: 12, width: w, height: titleSize.height)
        let dateSize = try Label(text: date, font: fonts.date).sizeThatFits(.zero)
        let dateFrame = CGRect(origin: CGPoint(x: x, y: titleFrame.maxY + 4), size: dateSize)
        let bodySize = try Label(text: body, font: fonts.body, numberOfLines: 0).sizeThatFits(CGSize(width: w, height: 0))
        let bodyFrame = CGRect(x: x, y: dateFrame.maxY + 8, width: w, height: bodySize.height)
        let actions = CGRect(x: x, y: bodyFrame.maxY + 8, width: w, height: 32)
        return (titleFrame, dateFrame, bodyFrame, actions, max(12 + 40, actions.maxY) + 12)
    }

    @Test func feedCellHeightsEqualTheFrameVersion() throws {
        let fonts = try Fonts()
        let texts = SeedExamples.feedTexts
        var compared = 0
        for (i, body) in texts.enumerated() {
            let title = texts[(i + 3) % texts.count]
            let date = ["Yesterday", "7 月 3 日", "2018-06-29 10:24"][i % 3]
            let cell = try FeedCell(fonts: fonts, title: title, date: date, body: i % 5 == 4 ? "" : body)
            for width in [320.0, 375.0, 414.0] as [CGFloat] {
                let expected = try Self.frames(
                    fonts: fonts, title: title, date: date, body: i % 5 == 4 ? "" : body, width: width)
                let height = try cell.height(width: width)
                #expect(abs(height - expected.height) < 1e-9, "row \(i) at \(width): \(height) vs \(expected.height)")
                cell.content.frame = CGRect(x: 0, y: 0, width: width, height: height)
                try cell.content.layoutWithConstraints()
                for (node, frame) in [
                    (cell.title as LayoutNode, expected.title), (cell.date, expected.date),
                    (cell.body, expected.body), (cell.actions, expected.actions),
                ] {
                    #expect(
                        abs(node.frame.minX - frame.minX) < 1e-9 && abs(node.frame.minY - frame.minY) < 1e-9
                            && abs(node.frame.width - frame.width) < 1e-9 && abs(node.frame.height - frame.height) < 1e-9,
                        "\(node.name) row \(i) at \(width): \(node.frame) vs \(frame)")
                }
                compared += 1
            }
        }
        #expect(compared == texts.count * 3)
    }

    /// The title + date as an app writes it with constraints: the date after the title, baselines aligned,
    /// the date never compressed, the title ≤ 2 lines. When the title fits on one line with the date, the
    /// frames equal `TitleDateLayout`'s case 1; otherwise constraints can only keep the date beside the first
    /// line (the title wraps at W − g − D), which is why TitleDateLayout exists (§5.1).
    @Test func titleAndDateAsConstraints() throws {
        let font = try Fixtures.font(17)
        var caseOne = 0, other = 0
        for title in ["Title Short", "Hello", "A title of medium length", "中興新掌門李自學", SeedExamples.feedTexts[2]] {
            for width in [240.0, 320.0, 375.0] as [CGFloat] {
                let root = LayoutNode(frame: CGRect(x: 0, y: 0, width: width, height: 200), name: "row")
                let titleNode = LabelNode(text: title, font: font, numberOfLines: 2, name: "title")
                let dateNode = LabelNode(text: "Date", font: font, name: "date")
                try root.addSubview(titleNode)
                try root.addSubview(dateNode)
                try titleNode.makeConstraints { make in make.left.top.equalTo(root) }
                try dateNode.makeConstraints { make in
                    make.left.equalTo(titleNode.mas.right).offset(8)
                    make.right.lessThanOrEqualTo(root)
                    make.firstBaseline.equalTo(titleNode.mas.firstBaseline)
                }
                dateNode.setContentCompressionResistancePriority(.required, for: .horizontal)
                try root.layoutWithConstraints()
                let reference = try TitleDateLayout(
                    title: title, date: "Date", titleFont: font, dateFont: font, width: width)
                if reference.layoutCase == .dateAfterTitle {
                    #expect(titleNode.frame == reference.titleFrame, "\(title) at \(width)")
                    #expect(dateNode.frame == reference.dateFrame, "\(title) at \(width)")
                    caseOne += 1
                } else {
                    #expect(dateNode.frame.minY == 0)  // beside the first line…
                    #expect(reference.dateFrame.minY > 0)  // …where TitleDateLayout puts it lower
                    other += 1
                }
            }
        }
        #expect(caseOne >= 5 && other >= 3)
    }
}
