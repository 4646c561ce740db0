// Auto Layout benchmark (issue 42): run in release,
//     swift run -c release --package-path Benchmarks autolayout-bench
// Prints medians and p90 over 21 samples of: a 10-view cell through systemLayoutSizeFitting with its labels'
// sizes already measured (the solver's share), on the same cell and on fresh cells of the same shape, the
// same system re-solved at a new width through the edit variable, and 10,000 rows through
// ConstraintRowHeights against RowHeights(cell: CellTemplate), both uncached and one row at a time.
//
// Instruction counts: `autolayout-bench --callgrind PART` runs one part a fixed number of times inside a
// function named `al_bench_PART` (PART: fit, cold, fresh, labels, resolve, rows, cells), for
//     valgrind --tool=callgrind --toggle-collect=al_bench_PART <binary> --callgrind PART
// Ir per call = the function's inclusive Ir / the count printed.
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
        try badge.makeConstraints { make in
            make.right.equalTo(avatar); make.bottom.equalTo(avatar)
        }
        try title.makeConstraints { make in
            make.left.equalTo(avatar.mas.right).offset(12); make.top.equalTo(content).offset(12)
            make.right.equalTo(content).offset(-16)
        }
        try date.makeConstraints { make in
            make.left.equalTo(title); make.top.equalTo(title.mas.bottom).offset(4)
        }
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

let fitTarget = CGSize(width: 375, height: 0)
/// The width the title and body get at 375 pt: 375 − 16 − 40 − 12 − 16.
let labelWidth: CGFloat = 291

func fit(_ cell: BenchCell) throws -> CGSize {
    try cell.contentView.systemLayoutSizeFitting(
        fitTarget, withHorizontalFittingPriority: .required,
        verticalFittingPriority: .fittingSizeLevel)
}

/// The sizes a fit asks its labels for (the first pass unconstrained, the second at the solved width).
func measureLabels(_ cell: BenchCell) throws {
    for label in [cell.title, cell.date, cell.body] {
        sink(try label.sizeThatFits(CGSize(width: 0, height: 0)))
        sink(try label.sizeThatFits(CGSize(width: labelWidth, height: 0)))
    }
}

/// Cells never fitted before, configured and with their labels measured (so a fit measures nothing).
func freshCells(_ count: Int) throws -> [BenchCell] {
    try (0..<count).map { _ in
        let fresh = try BenchCell()
        fresh.configure(with: Row(text: texts[0], detail: details[0]))
        try measureLabels(fresh)
        return fresh
    }
}

let cell = try BenchCell()
cell.configure(with: Row(text: texts[0], detail: details[0]))
let (fitted, widthVariable, heightVariable) = try cell.contentView._fittingSolver(width: 375)
let userConstraints = cell.contentView.subviews.map(\.constraints.count).reduce(0, +)
let rows = (0..<10_000).map { i in Row(text: "\(texts[i % 4]) \(i)", detail: "\(details[(i / 4) % 4]) \(i)") }
let constraintRows = ConstraintRowHeights(identifier: "bench", template: cell, cache: nil)
let template = CellTemplate(
    titleFont: try .systemFont(ofSize: 17), titleNumberOfLines: 2,
    detailFont: try .systemFont(ofSize: 15), imageSize: CGSize(width: 40, height: 40))
let frameRows = RowHeights(cell: template, cache: nil)

// MARK: - Instruction counts (one part per valgrind run)

@MainActor @inline(never) @_silgen_name("al_bench_fit") func benchFit(_ count: Int) throws {
    for _ in 0..<count { sink(try fit(cell)) }
}
@MainActor @inline(never) @_silgen_name("al_bench_cold") func benchCold(_ count: Int) throws {
    for _ in 0..<count { sink(try fit(cell)) }
}
@MainActor @inline(never) @_silgen_name("al_bench_fresh") func benchFresh(_ cells: [BenchCell]) throws {
    for fresh in cells { sink(try fit(fresh)) }
}
@MainActor @inline(never) @_silgen_name("al_bench_labels") func benchLabels(_ count: Int) throws {
    for _ in 0..<count { try measureLabels(cell) }
}
@MainActor @inline(never) @_silgen_name("al_bench_resolve") func benchResolve(_ count: Int) throws {
    var solver = fitted
    for i in 0..<count {
        try solver.suggestValue(i % 2 == 0 ? 320 : 375, for: widthVariable)
        sink(solver.value(of: heightVariable))
    }
}
@MainActor @inline(never) @_silgen_name("al_bench_rows") func benchRows() throws {
    for row in rows { sink(try constraintRows.height(for: row, width: 375)) }
}
@MainActor @inline(never) @_silgen_name("al_bench_cells") func benchCells() throws {
    for row in rows { sink(try frameRows.height(for: row, width: 375)) }
}

let arguments = CommandLine.arguments
if let flag = arguments.firstIndex(of: "--callgrind"), flag + 1 < arguments.count {
    let part = arguments[flag + 1]
    // Warm-up outside the counted function: fonts, segment cache, the label caches.
    sink(try fit(cell)); try measureLabels(cell)
    let count: Int
    switch part {
    case "fit": count = 200; try benchFit(count)
    case "cold": LayoutNode._keepsSolvedSystems = false; count = 200; try benchCold(count)
    case "fresh":
        let warm = try freshCells(1); try benchFresh(warm)  // the shape's first fit, outside the count
        let cells = try freshCells(200); count = cells.count; try benchFresh(cells)
    case "labels": count = 2_000; try benchLabels(count)
    case "resolve": count = 20_000; try benchResolve(count)
    // Both passes over the rows run inside the named function (the first warms the caches): 20,000 calls.
    case "rows": try benchRows(); count = 2 * rows.count; try benchRows()
    case "cells": try benchCells(); count = 2 * rows.count; try benchCells()
    default: print("unknown part \(part): fit, cold, fresh, labels, resolve, rows, cells"); exit(2)
    }
    print("part \(part): \(count) calls in al_bench_\(part)")
    exit(0)
}

// MARK: - Wall time, side by side

print(
    "cell: \(cell.contentView.subviews.count + 1) views, \(userConstraints) constraints written, "
        + "\(fitted.allConstraints.count) in the solver (with intrinsic sizes and the fitting size)")

_ = try time("systemLayoutSizeFitting, labels already measured", inner: 2_000) { sink(try fit(cell)) }
LayoutNode._keepsSolvedSystems = false
_ = try time("  the same with a new system each call", inner: 500) { sink(try fit(cell)) }
LayoutNode._keepsSolvedSystems = true
let freshPool = try freshCells(21 * 200 + 20)
var next = 0
_ = try time("  the same on fresh cells of that shape", inner: 200) {
    sink(try fit(freshPool[next])); next += 1
}
_ = try time("  of which: the labels' cached sizes (6 sizeThatFits)", inner: 20_000) { try measureLabels(cell) }
var solver = fitted
var flip = false
_ = try time("re-solve at a new width (suggestValue + read height)", inner: 20_000) {
    flip.toggle()
    try solver.suggestValue(flip ? 320 : 375, for: widthVariable)
    sink(solver.value(of: heightVariable))
}
let a = try time("10,000 rows: ConstraintRowHeights (one at a time)", samples: 5, inner: 1) { try benchRows() }
let b = try time("10,000 rows: RowHeights(cell: CellTemplate), one at a time", samples: 5, inner: 1) { try benchCells() }
print(String(format: "ratio constraint / CellTemplate rows: %.2f", a / b))
