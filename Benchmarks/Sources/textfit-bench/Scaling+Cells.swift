// `--mode scaling`, `SCALING_PARTS=cells`: `RowHeights(cell:)` against the same sizing written by hand on
// `TextBatch.map`, as a feed backend would (issue 41: within 1.2×).
import CBenchPeers
import Foundation
import TextFitLayout

extension Bench {
    /// `SCALING_PARTS=cells`: 10,000 posts (a title of at most 2 lines and a detail of at most 3, from the
    /// corpus's texts, a 40-pt image, the default margins and spacing, a separator) sized at a 375-pt row
    /// with no height cache, so every row is prepared and measured: `RowHeights(cell:cache: nil)` in one
    /// call, against a hand-written `TextBatch.map` that prepares both texts, measures them at the column
    /// width and adds the margins, spacing and separator, and against a `CellNode` tree built per row
    /// and sized with `sizeThatFits` on `TextBatch.map` (what `RowHeights(cell:)` did before issue 41).
    /// All on all cores, interleaved round by round (the order rotates), after a round that warms the
    /// segment cache; the heights are compared first. `CELLS_ROWS=N` changes the number of posts.
    /// `CELLS_PROFILE=0|1|2` (under callgrind with `--collect-atstart=no`) runs only that variant (0 =
    /// `RowHeights(cell:)`, 1 = by hand, 2 = a tree per row): one untimed pass, then one pass with
    /// collection on, so the instruction counts of the three can be compared run by run.
    func runScalingCells() {
        let rounds = max(5, options.samples)
        let count = Int(ProcessInfo.processInfo.environment["CELLS_ROWS"] ?? "") ?? 10_000
        let texts = loaded.all.map(\.text)
        guard !texts.isEmpty, let titleFont = try? Font.systemFont(ofSize: 17),
            let detailFont = try? Font.systemFont(ofSize: 15)
        else { print("no texts or no system font"); return }
        let template = CellTemplate(
            titleFont: titleFont, titleNumberOfLines: 2, detailFont: detailFont,
            detailNumberOfLines: 3, imageSize: CGSize(width: 40, height: 40), scale: 2)
        let posts = (0..<count).map { i in
            Row(text: texts[i % texts.count], detail: texts[(i &* 7 &+ 3) % texts.count])
        }
        let width: CGFloat = 375
        let rowHeights = RowHeights(cell: template, cache: nil)

        /// The same sizing by hand: the text column is the row minus the margins, the image and its gap;
        /// each label's height is its lines' height rounded up to the pixel grid (L2).
        let margins = template.layoutMargins
        let column = width - margins.left - margins.right - 40 - template.spacing
        let scale = template.scale
        @Sendable func ceilPx(_ value: CGFloat) -> CGFloat { (value * scale).rounded(.up) / scale }
        @Sendable func byHand(_ posts: [Row]) -> [CGFloat] {
            TextBatch.map(posts, cost: { $0.text.utf8.count &+ ($0.detail?.utf8.count ?? 0) }) { post -> CGFloat in
                var text: CGFloat = 0
                if !post.text.isEmpty {
                    text = ceilPx(
                        try PreparedText(post.text, font: titleFont).measure(
                            width: column, numberOfLines: 2, lineBreakMode: .byTruncatingTail,
                            lineBreakStrategy: .standard
                        ).size.height)
                }
                if let detail = post.detail, !detail.isEmpty {
                    let height = ceilPx(
                        try PreparedText(detail, font: detailFont).measure(
                            width: column, numberOfLines: 3, lineBreakMode: .byTruncatingTail,
                            lineBreakStrategy: .standard
                        ).size.height)
                    text += (text > 0 ? template.spacing : 0) + height
                }
                return ceilPx(margins.top + max(text, 40) + margins.bottom + 1 / scale)
            }.map { (try? $0.get()) ?? -1 }
        }

        @Sendable func treePerRow(_ posts: [Row]) -> [CGFloat] {
            TextBatch.map(posts, cost: { $0.text.utf8.count &+ ($0.detail?.utf8.count ?? 0) }) { post -> CGFloat in
                let node = try CellNode(template: template)
                node.titleLabel.text = post.text
                node.detailLabel.text = post.detail
                return try node.sizeThatFits(CGSize(width: width, height: 0)).height
            }.map { (try? $0.get()) ?? -1 }
        }

        print("")
        print(
            "scaling: \(count) posts as cells (17 pt title ≤ 2 lines, 15 pt detail ≤ 3, 40-pt image, 375 pt, 2x, no height cache), all cores; ms per call (median of \(rounds)), ratio RowHeights(cell:) ÷ by hand (target ≤ 1.2)"
        )
        let reference = byHand(posts)
        let measured = (try? rowHeights.heights(for: posts, width: width)) ?? []
        if let text = ProcessInfo.processInfo.environment["CELLS_PROFILE"], let variant = Int(text) {
            let run: () -> [CGFloat] =
                variant == 0
                ? { (try? rowHeights.heights(for: posts, width: width)) ?? [] }
                : variant == 1 ? { byHand(posts) } : { treePerRow(posts) }
            consume(Int(run().reduce(0, +)))  // warms the segment cache
            bench_profile_collect(1)
            let heights = run()
            bench_profile_collect(0)
            consume(Int(heights.reduce(0, +)))
            print("profiled variant \(variant) over \(count) posts")
            return
        }
        let trees = treePerRow(posts)
        let agree = zip(reference, measured).filter { $0 == $1 }.count
        let treesAgree = zip(trees, measured).filter { $0 == $1 }.count
        print(
            "heights agree: by hand \(agree) of \(count), tree per row \(treesAgree) of \(count)"
                + (measured.count == count ? "" : " (RowHeights threw)"))
        // 0 = RowHeights(cell:), 1 = by hand, 2 = a tree per row.
        var samples = [[Double]](repeating: [], count: 3)
        var paired = [[Double]](repeating: [], count: 3)
        for round in 0..<(rounds + 1) {
            var wall = [Double](repeating: 0, count: 3)
            for variant in [0, 1, 2].map({ ($0 + round) % 3 }) {
                let start = now()
                let heights: [CGFloat]
                switch variant {
                case 0: heights = (try? rowHeights.heights(for: posts, width: width)) ?? []
                case 1: heights = byHand(posts)
                default: heights = treePerRow(posts)
                }
                wall[variant] = Double(now() - start)
                consume(Int(heights.reduce(0, +)))
            }
            guard round > 0 else { continue }  // the first round warms the segment cache
            for i in 0..<3 {
                samples[i].append(wall[i])
                paired[i].append(wall[i] / wall[1])
            }
        }
        let m = samples.map { median($0) }
        print(
            String(
                format: "RowHeights(cell:) %8.2f ms  (%.3f× by hand, paired %.3f)", m[0] / 1e6, m[0] / m[1],
                median(paired[0])))
        print(String(format: "by hand (TextBatch.map) %8.2f ms", m[1] / 1e6))
        print(
            String(
                format: "tree per row (before) %8.2f ms  (%.3f× by hand, paired %.3f)", m[2] / 1e6, m[2] / m[1],
                median(paired[2])))
    }
}
