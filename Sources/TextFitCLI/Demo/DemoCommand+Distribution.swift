import Foundation
import TextFit
import TextFitLayout
import TextFitRender

/// distribution.png: Masonry-style distribution along an axis, each row a container `LayoutNode` whose
/// subviews `distribute` placed.
extension DemoCommand {
    static let containerWidth: CGFloat = 360

    /// One row of the picture: its caption and how it distributes `count` items.
    struct DistributionRow {
        var caption: String
        var count: Int
        var apply: (LayoutNode, [LayoutNode]) throws -> Void
    }

    static var distributionRows: [DistributionRow] {
        [
            DistributionRow(caption: "fixedSpacing 10, lead 15, tail 15: 4 items of (360 − 30 − 3 × 10) / 4 = 75", count: 4)
            {
                try $0.distribute($1, along: .horizontal, fixedSpacing: 10, leadSpacing: 15, tailSpacing: 15)
            },
            DistributionRow(
                caption: "fixedItemLength 60, lead 10, tail 10: 5 items, gaps (360 − 20 − 300) / 4 = 10", count: 5
            ) {
                try $0.distribute($1, along: .horizontal, fixedItemLength: 60, leadSpacing: 10, tailSpacing: 10)
            },
            DistributionRow(
                caption:
                    "fixedSpacing 8, no lead or tail, 7 items on the 2x pixel grid: 44.57… → 44.5 or 45, tiling exactly",
                count: 7
            ) {
                try $0.distribute($1, along: .horizontal, fixedSpacing: 8, leadSpacing: 0, tailSpacing: 0, scale: 2)
            },
            DistributionRow(
                caption: "fixedSpacing −20 (as Masonry: an offset, so neighbours overlap), lead and tail 20: 3 items of 120",
                count: 3
            ) {
                try $0.distribute($1, along: .horizontal, fixedSpacing: -20, leadSpacing: 20, tailSpacing: 20)
            },
        ]
    }

    static func makeDistributionPicture() throws -> TextPicture {
        let heading = try Font.systemFont(ofSize: 15, weight: .bold)
        let caption = try Font.systemFont(ofSize: 11)
        let margin: CGFloat = 16
        let rowHeight: CGFloat = 46
        let columnWidth: CGFloat = 90
        let columnHeight: CGFloat = 4 * (rowHeight + 44)
        var sketch = TreeSketch()
        var y = margin
        y += try sketch.text(
            "Distribution along an axis (Masonry's mas_distributeViewsAlongAxis): container gray, "
                + "items orange with their x and width", heading, at: CGPoint(x: margin, y: y),
            width: containerWidth + 24 + columnWidth + 60)
        y += 10
        let top = y
        for row in distributionRows {
            y += try sketch.text(row.caption, caption, at: CGPoint(x: margin, y: y), width: containerWidth, color: .gray) + 4
            let container = LayoutNode(
                frame: CGRect(x: 0, y: 0, width: containerWidth, height: rowHeight), name: "container")
            let items = (0..<row.count).map {
                LayoutNode(frame: CGRect(x: 0, y: 6, width: 0, height: rowHeight - 12), name: "item\($0)")
            }
            for item in items { try container.addSubview(item) }
            try row.apply(container, items)
            try drawDistribution(
                container, items, at: CGPoint(x: margin, y: y), caption: caption, axis: .horizontal,
                into: &sketch)
            y += rowHeight + 14
        }
        // A vertical column beside the rows.
        let columnX = margin + containerWidth + 24
        let columnCaption = "vertical, fixedItemLength 50, lead 0, tail 0: 5 items, gaps 26"
        let captionHeight = try sketch.text(
            columnCaption, caption, at: CGPoint(x: columnX, y: top), width: columnWidth + 60,
            color: .gray)
        let column = LayoutNode(frame: CGRect(x: 0, y: 0, width: columnWidth, height: 5 * 50 + 4 * 26), name: "column")
        let cells = (0..<5).map {
            LayoutNode(frame: CGRect(x: 8, y: 0, width: columnWidth - 16, height: 0), name: "cell\($0)")
        }
        for cell in cells { try column.addSubview(cell) }
        try cells.distribute(along: .vertical, fixedItemLength: 50, leadSpacing: 0, tailSpacing: 0)
        let columnTop = top + captionHeight + 4
        try drawDistribution(
            column, cells, at: CGPoint(x: columnX, y: columnTop), caption: caption, axis: .vertical,
            into: &sketch)
        let height = max(y, columnTop + column.frame.height, top + columnHeight) + margin
        return try sketch.picture(size: CGSize(width: columnX + columnWidth + 60 + margin, height: height))
    }

    static func drawDistribution(
        _ container: LayoutNode, _ items: [LayoutNode], at origin: CGPoint, caption: Font,
        axis: Axis, into sketch: inout TreeSketch
    ) throws {
        let box = CGRect(origin: origin, size: container.frame.size)
        sketch.add { picture in
            picture.fill(box, color: RenderColor(red: 242, green: 242, blue: 247))
            picture.stroke(box, color: TreeColors.superMargins)
        }
        var previousEnd = -CGFloat.infinity
        for item in items {
            let rect = pictureRect(item.bounds, of: item, in: container, at: origin)
            // Overlapping items: the label starts where the item before ends, so labels never collide.
            let labelX = axis == .horizontal ? max(rect.minX, previousEnd) : rect.minX
            previousEnd = rect.maxX
            sketch.add { picture in
                picture.fill(rect, color: TreeColors.item)
                picture.stroke(rect, color: TreeColors.frame)
            }
            let text =
                axis == .horizontal
                ? "x \(TextTable.number(item.frame.minX))\nw \(TextTable.number(item.frame.width))"
                : "y \(TextTable.number(item.frame.minY)), h \(TextTable.number(item.frame.height))"
            _ = try sketch.text(text, caption, at: CGPoint(x: labelX + 2, y: rect.minY + 1), color: TreeColors.frame)
        }
    }
}
