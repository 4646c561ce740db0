import Foundation
import TextFit
import TextFitLayout
import TextFitRender

/// `textfit demo --out DIR` also draws the view tree's rules: margins and the safe area (M3–M5), and
/// Masonry-style distribution, each laid out by `LayoutNode` and outlined.
extension DemoCommand {
    static let marginsPictureName = "margins.png"
    static let distributionPictureName = "distribution.png"
    /// These pictures are small drawings of boxes: 2 pixels per point keeps 1-pt lines and half points visible.
    static let treePictureScale: CGFloat = 2

    /// Writes margins.png and distribution.png into `folder`; returns their paths and pixel sizes.
    /// - Throws: `FontError`, `RenderError`, `OutputFile.WriteError`, and the tree's errors (fixed inputs:
    ///   none expected).
    static func writeTreePictures(into folder: String) throws -> [(path: String, width: Int, height: Int)] {
        try [(marginsPictureName, try makeMarginsPicture()), (distributionPictureName, try makeDistributionPicture())]
            .map { name, picture in
                let path = (folder as NSString).appendingPathComponent(name)
                try OutputFile.write(try picture.pngData(scale: treePictureScale), to: path)
                let pixels = try picture.pixelSize(scale: treePictureScale)
                return (path, pixels.width, pixels.height)
            }
    }

    /// Colours of the tree pictures.
    enum TreeColors {
        static let unsafe = RenderColor(red: 255, green: 59, blue: 48, alpha: 60)
        static let safeArea = RenderColor.systemGreen
        static let margins = RenderColor.systemBlue
        static let frame = RenderColor(red: 60, green: 60, blue: 67)
        static let superMargins = RenderColor(red: 160, green: 160, blue: 168)
        static let item = RenderColor(red: 255, green: 149, blue: 0, alpha: 90)
    }

    /// A drawing recorded before the picture's size is known.
    struct TreeSketch {
        var commands: [(inout TextPicture) throws -> Void] = []

        mutating func text(
            _ string: String, _ font: Font, at point: CGPoint, width: CGFloat? = nil,
            color: RenderColor = .black
        ) throws -> CGFloat {
            let layout = try PreparedText(string, font: font).layout(width: width)
            commands.append { try $0.draw(layout, at: point, color: color) }
            return layout.size.height
        }

        mutating func add(_ command: @escaping (inout TextPicture) throws -> Void) { commands.append(command) }

        func picture(size: CGSize) throws -> TextPicture {
            var picture = try TextPicture(size: size)
            for command in commands { try command(&picture) }
            return picture
        }
    }

    /// The rectangle of `node`'s frame in `root`'s coordinates, placed at `origin` in the picture.
    static func pictureRect(_ rect: CGRect, of node: LayoutNode, in root: LayoutNode, at origin: CGPoint) -> CGRect {
        let corner = node.convert(rect.origin, to: root) ?? rect.origin
        return CGRect(x: origin.x + corner.x, y: origin.y + corner.y, width: rect.width, height: rect.height)
    }
}
