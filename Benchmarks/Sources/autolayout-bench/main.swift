// Auto Layout benchmark (issue 42): run in release,
//     swift run -c release --package-path Benchmarks autolayout-bench
// Prints medians and p90 over 21 samples of: a 10-view cell through systemLayoutSizeFitting with its labels'
// sizes already measured (the solver's share), the same system re-solved at a new width through the edit
// variable, and 10,000 rows through ConstraintRowHeights against RowHeights(cell: CellTemplate), both
// uncached and one row at a time.
import Foundation
import TextFitConstraints
import TextFitLayout

@inline(never) func sink<T>(_ value: T) { withExtendedLifetime(value) {} }

func nowNanoseconds() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

/// Median and p90 of `samples` timed runs of `body`, each repeated `inner` times, in ns per repetition.
func time(_ label: String, samples: Int = 21, inner: Int, _ body: () throws -> Void) rethrows -> Double {
    for _ in 0..<max(1, inner / 10) { try body() }  // warm-up
    var per: [Double] = []
    for _ in 0..<samples {
        let start = nowNanoseconds()
        for _ in 0..<inner { try body() }
        per.append(Double(nowNanoseconds() - start) / Double(inner))
    }
    per.sort()
    let median = per[per.count / 2], p90 = per[per.count * 9 / 10]
    print(String(format: "%-58@ median %10.0f ns   p90 %10.0f ns", label as NSString, median, p90))
    return median
}

/// Avatar, title (≤ 2 lines), date, badge, body, three action buttons and a divider in a content view.
final class BenchCell: ConstraintCell {
    let contentView = LayoutNode(name: "contentView")
    let avatar = LayoutNode(name: "avatar"), badge = LayoutNode(name: "badge"), divider = LayoutNode(name: "divider")
    let title: LabelNode, date: LabelNode, body: LabelNode
    let buttons: [LayoutNode]

    init() throws {
        title = LabelNode(font: try .systemFont(ofSize: 17), numberOfLines: 2, name: "title")
        date = LabelNode(font: try .systemFont(ofSize: 13), name: "date")
        body = LabelNode(font: try .systemFont(ofSize: 15), numberOfLines: 0, name: "body")
        buttons = (0..<3).map { LayoutNode(name: "button\($0)") }
        for b in buttons { b.intrinsicContentSize = CGSize(width: 64, height: 32) }
        badge.intrinsicContentSize = CGSize(width: 12, height: 12)
        for node in [avatar, title, date, badge, body, divider] + buttons { try contentView.addSubview(node) }
        let content = contentView
        try avatar.makeConstraints { make in
            make.left.equalTo(content).offset(16); make.top.equalTo(content).offset(12)
            make.size.equalTo(CGSize(width: 40, height: 40)); make.bottom.lessThanOrEqualTo(content).offset(-12)
        }
        try badge.makeConstraints { make in make.right.equalTo(avatar); make.bottom.equalTo(avatar) }
        try title.makeConstraints { make in
            make.left.equalTo(avatar.mas.right).offset(12); make.top.equalTo(content).offset(12)
            make.right.equalTo(content).offset(-16)
        }
        try date.makeConstraints { make in make.left.equalTo(title); make.top.equalTo(title.mas.bottom).offset(4) }
        try body.makeConstraints { make in
            make.left.right.equalTo(title); make.top.equalTo(date.mas.bottom).offset(8)
        }
        for (i, button) in buttons.enumerated() {
            try button.makeConstraints { make in
                make.top.equalTo(body.mas.bottom).offset(8)
                if i == 0 { make.left.equalTo(title) } else { make.left.equalTo(buttons[i - 1].mas.right).offset(8) }
            }
        }
        try divider.makeConstraints { make in
            make.left.equalTo(title); make.right.equalTo(content)
            make.top.equalTo(buttons[0].mas.bottom).offset(8); make.height.equalTo(1)
            make.bottom.equalTo(content)
        }
    }

    func configure(with row: Row) {
        title.text = row.text
        date.text = "2018-06-29"
        body.text = row.detail
    }
}

let texts = [
    "美商務部對中興通訊暫時部分解禁，中興新掌門李自學：盡快恢復生產",
    "The quick brown fox jumps over the lazy dog, again and again, until the line has to wrap",
    "小米或成史上最快納入恒生指數的港股，一手中簽率100%",
    "Auto Layout on the server: a Cassowary solver with UIKit's priorities",
]
let details = [
    "公告稱：從公告發布之日起至8月1日，在有限條件下解除對中興通訊公司的出口禁令。",
    "Short.",
    "業內人士表示，小米上市后或將在10個交易日后被納入恒生綜合指數，創下港股史上最快紀錄，一手中簽率100%。",
    "A body of a few sentences. It wraps onto two or three lines at phone widths, more when narrow.",
]

let cell = try BenchCell()
cell.configure(with: Row(text: texts[0], detail: details[0]))
let (fitted, widthVariable, heightVariable) = try cell.contentView._fittingSolver(width: 375)
let userConstraints = cell.contentView.subviews.map(\.constraints.count).reduce(0, +)
print("cell: \(cell.contentView.subviews.count + 1) views, \(userConstraints) constraints written, "
    + "\(fitted.allConstraints.count) in the solver (with intrinsic sizes and the fitting size)")

_ = try time("systemLayoutSizeFitting, labels already measured", inner: 2_000) {
    sink(try cell.contentView.systemLayoutSizeFitting(CGSize(width: 375, height: 0), withHorizontalFittingPriority: .required,
                                                      verticalFittingPriority: .fittingSizeLevel))
}
_ = try time("  of which: the labels' cached sizes (3 sizeThatFits)", inner: 20_000) {
    for label in [cell.title, cell.date, cell.body] { sink(try label.sizeThatFits(CGSize(width: 307, height: 0))) }
}
var solver = fitted
var flip = false
_ = try time("re-solve at a new width (suggestValue + read height)", inner: 20_000) {
    flip.toggle()
    try solver.suggestValue(flip ? 320 : 375, for: widthVariable)
    sink(solver.value(of: heightVariable))
}

let rows = (0..<10_000).map { i in Row(text: "\(texts[i % 4]) \(i)", detail: "\(details[(i / 4) % 4]) \(i)") }
let constraintRows = ConstraintRowHeights(identifier: "bench", template: cell, cache: nil)
let template = CellTemplate(titleFont: try .systemFont(ofSize: 17), titleNumberOfLines: 2,
                            detailFont: try .systemFont(ofSize: 15), imageSize: CGSize(width: 40, height: 40))
let frameRows = RowHeights(cell: template, cache: nil)
let a = try time("10,000 rows: ConstraintRowHeights (one at a time)", samples: 5, inner: 1) {
    for row in rows { sink(try constraintRows.height(for: row, width: 375)) }
}
let b = try time("10,000 rows: RowHeights(cell: CellTemplate), one at a time", samples: 5, inner: 1) {
    for row in rows { sink(try frameRows.height(for: row, width: 375)) }
}
print(String(format: "ratio constraint / CellTemplate rows: %.2f", a / b))
