import Foundation
import TextFit

/// The `lines` mode: every case's lines at many widths, printed one case and width a line, so two builds
/// can be compared with `diff` (a change to the relayout path must leave every break where it was). Per
/// case: both line break strategies, the case's own line limit and mode and also unlimited word wrapping,
/// at the relayout factors and a few outside them; per layout, `measure`'s answer and each line's ranges
/// and widths in 1/1024 pt. Not timed and not in `all`; run it with `--mode lines`.
extension Bench {
    static let linesFactors: [CGFloat] = [0.05, 0.15, 0.3, 0.45] + Bench.relayoutFactors + [1.6, 2.2, 4]

    func runLines() {
        var out = ""
        out.reserveCapacity(1 << 20)
        func units(_ value: CGFloat) -> Int { Int((value * 1024).rounded()) }
        for set in loaded.sets {
            for c in set.cases {
                let text = PreparedText(c.text, font: c.font)
                for factor in Bench.linesFactors {
                    let width = CGFloat(c.baseWidth) * factor
                    for strategy in [LineBreakStrategy(), .standard] {
                        for (maxLines, mode) in [(c.maxLines, c.mode), (0, LineBreakMode.byWordWrapping)] {
                            out += "\(c.id) w=\(units(width)) s=\(strategy.rawValue) n=\(maxLines) m=\(mode)"
                            guard
                                let m = try? text.measure(
                                    width: width, numberOfLines: maxLines, lineBreakMode: mode,
                                    lineBreakStrategy: strategy),
                                let l = try? text.layout(
                                    width: width, numberOfLines: maxLines, lineBreakMode: mode,
                                    lineBreakStrategy: strategy)
                            else {
                                out += " error\n"
                                continue
                            }
                            out +=
                                " measure \(m.lineCount) \(units(m.size.width)) \(units(m.widthIncludingTrailingWhitespace))"
                            out += " \(m.isTruncated) layout \(l.isTruncated):"
                            for line in l.lines {
                                out += " \(line.range) \(line.visibleRanges) \(units(line.width))"
                                out +=
                                    " \(units(line.widthIncludingTrailingWhitespace)) \(String(describing: line.ellipsis))"
                                out += " \(line.isTruncated);"
                            }
                            out += "\n"
                            if out.utf8.count > 1 << 20 {
                                print(out, terminator: "")
                                out = ""
                            }
                        }
                    }
                }
            }
        }
        print(out, terminator: "")
    }
}
