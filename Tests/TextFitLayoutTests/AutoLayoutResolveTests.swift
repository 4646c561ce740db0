import Foundation
import Testing
import TextFitConstraints
import TextFitLayout

/// Re-solving a cell's system at a new width through the edit variable (rule AL1, the benchmark's path).
@Suite struct AutoLayoutResolveTests {
    @Test func suggestedWidthsEqualFreshSolves() throws {
        let content = LayoutNode(name: "contentView")
        let icon = LayoutNode(name: "icon"), title = LabelNode(text: "Title", font: try Fixtures.font(17), name: "title")
        try content.addSubview(icon)
        try content.addSubview(title)
        try icon.makeConstraints { make in
            make.left.top.equalTo(content).offset(10)
            make.width.equalTo(content).multipliedBy(0.25)
            make.height.equalTo(icon.mas.width)
            make.bottom.lessThanOrEqualTo(content).offset(-10)
        }
        try title.makeConstraints { make in
            make.left.equalTo(icon.mas.right).offset(8)
            make.top.equalTo(icon)
            make.bottom.lessThanOrEqualTo(content).offset(-10)
        }
        var (solver, width, height) = try content._fittingSolver(width: 375)
        for w in [320.0, 414.0, 200.0, 375.0] {
            try solver.suggestValue(w, for: width)
            let fresh = try content.systemLayoutSizeFitting(
                CGSize(width: w, height: 0), withHorizontalFittingPriority: .required,
                verticalFittingPriority: .fittingSizeLevel)
            #expect(solver.value(of: width) == w)
            #expect(abs(solver.value(of: height) - fresh.height) < 1e-9)
            #expect(abs(fresh.height - (w * 0.25 + 20)) < 1e-9)
        }
    }
}
