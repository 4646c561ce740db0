// `--mode scaling`, `SCALING_PARTS=rows`: the layout module's row heights, as a feed asks for them.
import CBenchPeers
import Foundation
import TextFitLayout

extension Bench {
    /// `SCALING_PARTS=rows`: `RowHeights.heights(for:width:)` (TextFitLayout, no height cache, so every row
    /// is prepared and measured) over each set's texts at a 375-pt row, one call per page of 4, 24 or 200
    /// rows back to back or all rows in one call, against the same rows one at a time through
    /// `height(for:width:)` on the calling thread; interleaved round by round. The page sizes are where a
    /// per-call cost shows (reading `activeProcessorCount` per call, for example, costs ≈ 30 µs).
    func runScalingRows() {
        let rounds = max(5, options.samples)
        let pageSizes = [4, 24, 200, Int.max]
        print("")
        print(
            "scaling: RowHeights.heights (15 pt, insets 10, any number of lines, 375 pt, no cache) per page, back to back; µs per row (median of \(rounds)), speed-up over one row at a time on one thread"
        )
        print(
            pad("set", 10) + "  1 by 1  " + pageSizes.map { pad($0 == Int.max ? "one call" : "pages of \($0)", 22) }.joined()
        )
        guard let font = try? Font.systemFont(ofSize: 15) else { print("no system font"); return }
        let template = RowTemplate(font: font, insets: EdgeInsets(all: 10), numberOfLines: 0)
        let rowHeights = RowHeights(template: template, cache: nil)
        for set in setsWithAll {
            let texts = set.cases.map(\.text)
            let pages = pageSizes.map { size in
                stride(from: 0, to: texts.count, by: size).map { Array(texts[$0..<min(texts.count, $0 &+ size)]) }
            }
            var samples = [[Double]](repeating: [], count: pageSizes.count + 1)
            for round in 0..<(rounds + 1) {
                let order = Array(0...pageSizes.count).rotated(by: round)
                var wall = [Double](repeating: 0, count: pageSizes.count + 1)
                for configuration in order {
                    let start = now()
                    var sum = 0.0
                    if configuration == 0 {
                        for text in texts { sum += (try? rowHeights.height(for: text, width: 375)).map(Double.init) ?? 0 }
                    } else {
                        for page in pages[configuration - 1] {
                            sum += (try? rowHeights.heights(for: page, width: 375))?.reduce(0) { $0 + Double($1) } ?? 0
                        }
                    }
                    wall[configuration] = Double(now() - start)
                    consume(Int(sum))
                }
                guard round > 0 else { continue }  // the first round warms the segment cache
                for i in wall.indices { samples[i].append(wall[i]) }
            }
            let n = Double(texts.count)
            let m = samples.map { median($0) }
            print(
                pad(set.name, 10) + String(format: " %7.2f  ", m[0] / 1000 / n)
                    + (1...pageSizes.count).map { pad(String(format: "%7.2f (%.2fx)", m[$0] / 1000 / n, m[0] / m[$0]), 22) }
                    .joined())
        }
    }
}

private extension Array {
    /// A rotation that differs from round to round, so no configuration always follows the same one.
    func rotated(by round: Int) -> [Element] {
        let k = round % Swift.max(1, count)
        return Array(self[k...] + self[..<k])
    }
}
