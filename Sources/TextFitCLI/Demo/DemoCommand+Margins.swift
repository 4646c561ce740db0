import Foundation
import TextFit
import TextFitLayout
import TextFitRender

/// margins.png: four small screens, each a `LayoutNode` tree, with their unsafe strips, safe areas and
/// margins outlined (rules M3, M4, M5).
extension DemoCommand {
    static let screenSize = CGSize(width: 320, height: 180)

    static func makeMarginsPicture() throws -> TextPicture {
        let heading = try Font.systemFont(ofSize: 15, weight: .bold)
        let caption = try Font.systemFont(ofSize: 11)
        let margin: CGFloat = 16, gutter: CGFloat = 24
        var sketch = TreeSketch()
        var y = margin
        y += try sketch.text(
            "Layout margins and the safe area (LayoutNode): red = unsafe strip, green = safe area, "
                + "blue = layout margins, gray = the superview's margins", heading,
            at: CGPoint(x: margin, y: y), width: 2 * screenSize.width + gutter)
        y += 10

        let panels: [(String, () throws -> (LayoutNode, [LayoutNode]))] = [
            ("M3: margins 50 under a 20 pt status bar read back as (70, 50, 50, 50)", { try statusBarScreen(flag: true) }),
            ("M3: insetsLayoutMarginsFromSafeArea = false keeps (50, 50, 50, 50)", { try statusBarScreen(flag: false) }),
            (
                "M4: superview left margin 50; preserving children at x = 0, 20, 60 get left 50, 30, 8",
                { try preservingScreen() }
            ),
            (
                "M5 and the safe area: 8 pt margins + 20 pt status bar = 28 on the root; a preserving child at y = 0 "
                    + "gets 28 (not 48); one at y = 10 covers 10 pt of the bar: safe inset 10, margin 18",
                { try orderScreen() }
            ),
        ]
        var rowBottom = y
        for (index, (title, build)) in panels.enumerated() {
            let column = CGFloat(index % 2)
            if index % 2 == 0, index > 0 { y = rowBottom + 18 }
            let x = margin + column * (screenSize.width + gutter)
            let captionHeight = try sketch.text(
                title, caption, at: CGPoint(x: x, y: y), width: screenSize.width,
                color: .gray)
            let origin = CGPoint(x: x, y: y + max(captionHeight, 2 * caption.lineHeight) + 4)
            let (root, children) = try build()
            try draw(root, children: children, at: origin, caption: caption, into: &sketch)
            rowBottom = max(rowBottom, origin.y + screenSize.height)
        }
        return try sketch.picture(
            size: CGSize(width: 2 * margin + 2 * screenSize.width + gutter, height: rowBottom + margin))
    }

    /// A screen with a 20 pt status bar and margins 50.
    static func statusBarScreen(flag: Bool) throws -> (LayoutNode, [LayoutNode]) {
        let root = LayoutNode(frame: CGRect(origin: .zero, size: screenSize), name: "screen")
        root.additionalSafeAreaInsets = EdgeInsets(top: 20)
        root.layoutMargins = EdgeInsets(all: 50)
        root.insetsLayoutMarginsFromSafeArea = flag
        return (root, [])
    }

    /// A superview with a 50 pt left margin and three preserving children.
    static func preservingScreen() throws -> (LayoutNode, [LayoutNode]) {
        let root = LayoutNode(frame: CGRect(origin: .zero, size: screenSize), name: "superview")
        root.layoutMargins = EdgeInsets(top: 8, left: 50, bottom: 8, right: 8)
        var children: [LayoutNode] = []
        for (index, x) in [CGFloat(0), 20, 60].enumerated() {
            let child = LayoutNode(
                frame: CGRect(x: x, y: 16 + CGFloat(index) * 54, width: 220, height: 44), name: "x\(Int(x))")
            child.preservesSuperviewLayoutMargins = true
            try root.addSubview(child)
            children.append(child)
        }
        return (root, children)
    }

    /// A root with a status bar and default margins, and two preserving children near its top.
    static func orderScreen() throws -> (LayoutNode, [LayoutNode]) {
        let root = LayoutNode(frame: CGRect(origin: .zero, size: screenSize), name: "screen")
        root.additionalSafeAreaInsets = EdgeInsets(top: 20)
        let atTop = LayoutNode(frame: CGRect(x: 0, y: 0, width: 150, height: 80), name: "y0")
        let lower = LayoutNode(frame: CGRect(x: 170, y: 10, width: 150, height: 80), name: "y10")
        for child in [atTop, lower] {
            child.preservesSuperviewLayoutMargins = true
            try root.addSubview(child)
        }
        return (root, [atTop, lower])
    }

    /// Draws a screen: its unsafe strips, safe area and margins, then each child's frame, safe area and
    /// margins with the margins written inside.
    static func draw(
        _ root: LayoutNode, children: [LayoutNode], at origin: CGPoint, caption: Font,
        into sketch: inout TreeSketch
    ) throws {
        let screen = CGRect(origin: origin, size: root.frame.size)
        let safe = pictureRect(try root.safeAreaFrame(), of: root, in: root, at: origin)
        let margins = pictureRect(try root.layoutMarginsFrame(), of: root, in: root, at: origin)
        let rootMargins = root.layoutMargins
        let hasChildren = !children.isEmpty
        sketch.add { picture in
            picture.fill(screen, color: RenderColor(red: 248, green: 248, blue: 250))
            picture.stroke(screen, color: TreeColors.frame)
            if safe != screen { picture.stroke(safe, color: TreeColors.safeArea) }
            if hasChildren {
                picture.stroke(margins, color: TreeColors.superMargins)
            } else {
                picture.stroke(margins, color: TreeColors.margins, lineWidth: 2)
            }
        }
        if !hasChildren {
            _ = try sketch.text(
                "layoutMargins " + insetsText(rootMargins), caption,
                at: CGPoint(x: margins.minX + 4, y: margins.minY + 4), color: TreeColors.margins)
        }
        for child in children {
            let frame = pictureRect(child.bounds, of: child, in: root, at: origin)
            let childSafe = pictureRect(try child.safeAreaFrame(), of: child, in: root, at: origin)
            let childMargins = pictureRect(try child.layoutMarginsFrame(), of: child, in: root, at: origin)
            sketch.add { picture in
                picture.fill(frame, color: .white)
                picture.stroke(frame, color: TreeColors.frame)
                if childSafe != frame { picture.stroke(childSafe, color: TreeColors.safeArea) }
                picture.stroke(childMargins, color: TreeColors.margins, lineWidth: 2)
            }
            var text =
                "x \(TextTable.number(child.frame.minX)), y \(TextTable.number(child.frame.minY)): margins "
                + insetsText(child.layoutMargins)
            if child.safeAreaInsets != .zero { text += ", safe top \(TextTable.number(child.safeAreaInsets.top))" }
            _ = try sketch.text(
                text, caption, at: CGPoint(x: childMargins.minX + 3, y: childMargins.minY + 2),
                width: max(childMargins.width - 6, 40), color: TreeColors.margins)
        }
        // The unsafe strip last, translucent over the children it covers.
        sketch.add { picture in
            if safe.minY > screen.minY {
                picture.fill(
                    CGRect(x: screen.minX, y: screen.minY, width: screen.width, height: safe.minY - screen.minY),
                    color: TreeColors.unsafe)
            }
        }
    }

    static func insetsText(_ insets: EdgeInsets) -> String {
        "(\([insets.top, insets.left, insets.bottom, insets.right].map { TextTable.number($0) }.joined(separator: ", ")))"
    }
}
