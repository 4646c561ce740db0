import Foundation
import TextFitLayout

/// `textfit button`'s two outputs.
extension ButtonCommand {
    /// `{"intrinsicSize": {width, height}, "contentRect", "imageRect", "titleRect"}`, each rect as
    /// `{x, y, width, height}` in the button's bounds, keys in this order.
    static func json(_ result: Result) -> JSONValue {
        func rect(_ rect: CGRect) -> JSONValue {
            .object([
                "x": .double(Double(rect.minX)), "y": .double(Double(rect.minY)),
                "width": .double(Double(rect.width)), "height": .double(Double(rect.height)),
            ])
        }
        return .object([
            "intrinsicSize": .object([
                "width": .double(Double(result.intrinsicSize.width)),
                "height": .double(Double(result.intrinsicSize.height)),
            ]),
            "contentRect": rect(result.frames.contentRect),
            "imageRect": rect(result.frames.imageRect),
            "titleRect": rect(result.frames.titleRect),
        ])
    }

    /// The readable report: the inputs, the sizes, the three rects and the title as drawn.
    static func table(_ request: Request, _ result: Result) -> [String] {
        func rect(_ rect: CGRect) -> String {
            "x \(TextTable.number(rect.minX))  y \(TextTable.number(rect.minY))  "
                + "w \(TextTable.number(rect.width))  h \(TextTable.number(rect.height))"
        }
        func insets(_ insets: EdgeInsets) -> String {
            [insets.top, insets.left, insets.bottom, insets.right].map { TextTable.number($0) }.joined(separator: ",")
        }
        let frames = result.frames
        var shown = "none"
        if let line = frames.titleLines?.first {
            shown = TextTable.quoted(line.text) + (line.isTruncated ? " (truncated)" : "")
        } else if !request.title.isEmpty {
            shown = "hidden (no room)"
        }
        return [
            "button " + (request.title.isEmpty ? "without a title" : TextTable.quoted(request.title))
                + "; \(result.font.familyName) \(result.font.styleName), \(TextTable.number(result.font.pointSize)) pt; "
                + "image \(TextTable.size(request.image)); alignment \(request.alignment.rawValue); "
                + "scale \(TextTable.number(request.scale))",
            "insets       content \(insets(request.contentInsets))  image \(insets(request.imageInsets))  "
                + "title \(insets(request.titleInsets))",
            "intrinsic    " + TextTable.size(result.intrinsicSize),
            "bounds       " + TextTable.size(frames.bounds.size) + (request.bounds == nil ? " (intrinsic)" : ""),
            "content rect " + rect(frames.contentRect),
            "image rect   " + rect(frames.imageRect),
            "title rect   " + rect(frames.titleRect),
            "title shows  " + shown,
        ]
    }
}
