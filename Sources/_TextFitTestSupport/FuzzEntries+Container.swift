import Foundation
import TextFit

extension _FuzzEntries {
    /// `layout(in:)` (G4–G8): refuses exactly a bad container; otherwise one fragment per line, each
    /// inside the container and clear of the exclusions over its band, each line inside its fragment's
    /// room (less the padding) unless it overflows as a lone cluster, the lines tiling the text up to
    /// `nextOffset`; without exclusions or a height, the lines of `layout(width:)` at the width less the
    /// padding.
    static func checkContainer(_ prepared: PreparedText, _ input: LineWidthsInput) -> [String] {
        let container = input.container, text = input.text
        let valid =
            (try? container.validate()) != nil && container.size.width > 2 * container.lineFragmentPadding
        let layout: ContainerLayout
        do {
            layout = try prepared.layout(
                in: container, numberOfLines: text.maxLines, lineBreakMode: text.mode, lineBreakStrategy: text.strategy)
        } catch is TextContainerError where !valid {
            return []
        } catch {
            return ["layout(in: \(container)) threw \(error)"]
        }
        if !valid { return ["layout(in: \(container)) was accepted"] }
        var problems: [String] = []
        let padding = container.lineFragmentPadding
        guard layout.lines.count == layout.lineFragmentRects.count else {
            return ["\(layout.lines.count) lines in \(layout.lineFragmentRects.count) fragments"]
        }
        // Tiling and the room of each line: its fragment less the padding at both ends.
        problems += checkStyledLines(layout.lines, prepared, text, isTruncated: true, truncationNeedsLimit: false) { index in
            max(layout.lineFragmentRects[index].width - 2 * padding, 1.0 / 1024)
        }
        let end = layout.lines.last?.range.upperBound ?? 0
        if layout.nextOffset < end || layout.nextOffset > prepared.utf16Count {
            problems.append("nextOffset \(layout.nextOffset) with lines up to \(end) of \(prepared.utf16Count)")
        }
        if !layout.isTruncated, layout.nextOffset != prepared.utf16Count {
            problems.append("not truncated, yet nextOffset is \(layout.nextOffset) of \(prepared.utf16Count)")
        }
        var top = -CGFloat.infinity
        for (index, fragment) in layout.lineFragmentRects.enumerated() {
            let values = [fragment.minX, fragment.minY, fragment.width, fragment.height]
            guard values.allSatisfy(\.isFinite), fragment.width >= 0, fragment.height >= 0 else {
                problems.append("fragment \(index) \(fragment)")
                continue
            }
            if fragment.minX < -1e-9 || fragment.maxX > container.size.width + 1e-9 {
                problems.append("fragment \(index) \(fragment) outside the width \(container.size.width)")
            }
            if let bottom = container.size.height > 0 && container.size.height.isFinite ? container.size.height : nil,
                fragment.maxY > bottom + 1e-6
            {
                problems.append("fragment \(index) \(fragment) below the height \(bottom)")
            }
            if fragment.minY < top - 1e-9 { problems.append("fragment \(index) \(fragment) above the one before") }
            top = fragment.minY
            for path in container.exclusionPaths {
                if let blocked = blockedX(path, top: fragment.minY, bottom: fragment.maxY),
                    blocked.upperBound > fragment.minX + 1e-6, blocked.lowerBound < fragment.maxX - 1e-6
                {
                    problems.append("fragment \(index) \(fragment) enters \(path), which blocks \(blocked) there")
                }
            }
        }
        if container.exclusionPaths.isEmpty, container.size.height == 0 {
            do {
                let plain = try prepared.layout(
                    width: container.size.width - 2 * padding, numberOfLines: text.maxLines, lineBreakMode: text.mode,
                    lineBreakStrategy: text.strategy)
                if plain.lines.map(\.range) != layout.lines.map(\.range)
                    || plain.lines.map(\.width) != layout.lines.map(\.width)
                {
                    problems.append(
                        "an empty container gives \(layout.lines.map(\.range)), layout(width:) \(plain.lines.map(\.range))")
                }
            } catch {
                problems.append("layout(width:) threw \(error)")
            }
        }
        return problems
    }

    /// The x-range an exclusion covers somewhere in the band `top..<bottom`, worked out here from the
    /// shape's geometry (not the engine's): a rectangle its whole width; an ellipse its chord nearest the
    /// centre line; a rounded rectangle at least its width less the corners (the straight middle), when the
    /// band reaches the straight sides.
    private static func blockedX(_ path: ExclusionPath, top: CGFloat, bottom: CGFloat) -> ClosedRange<CGFloat>? {
        let rect = path.bounds
        let low = max(top, rect.minY), high = min(bottom, rect.maxY)
        guard low < high - 1e-9, rect.width > 0 else { return nil }
        switch path {
        case .rect:
            return rect.minX...rect.maxX
        case .ellipse:
            let nearest = min(max(rect.midY, low), high)
            let dy = (nearest - rect.midY) / (rect.height / 2)
            let half = rect.width / 2 * max(0, 1 - dy * dy).squareRoot()
            return half > 1e-6 ? (rect.midX - half)...(rect.midX + half) : nil
        case .roundedRect(_, let cornerRadius):
            let radius = min(cornerRadius, rect.width / 2, rect.height / 2)
            guard low < rect.maxY - radius, high > rect.minY + radius else { return nil }
            return rect.minX...rect.maxX
        }
    }
}
