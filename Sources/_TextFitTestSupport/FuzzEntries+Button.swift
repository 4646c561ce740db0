import Foundation
import TextFit
import TextFitLayout

extension _FuzzEntries {
    /// `FuzzButton`: a legacy `ButtonLayout` (bit 0 of byte 0 clear) or a `ButtonConfiguration` decoded from
    /// the bytes; returns the broken invariants (docs/fuzzing.md, "FuzzButton"): only `ButtonError` and
    /// `MeasureError.invalidScale`; sizes finite, ≥ 0 and on the pixel grid; a legacy button's
    /// `sizeThatFits` is its intrinsic size whatever the proposal (U2), and at that size with no image or
    /// title insets it shows its whole title (U2); a configuration proposed its own width answers the same
    /// size (U8); frames at the intrinsic size are finite and their title lines fit the title rect.
    ///
    /// Byte layout (missing bytes read as 0): 0 kind (bit 0), horizontal alignment (bits 1–3), vertical
    /// (bits 4–5), semantic attribute (bits 6–7); 1 title piece count (low 3 bits, pieces of
    /// `styledPieces`) and font size (bits 3–5); 2–3 image width and height (× 2 pt; 255 NaN, 254 −1);
    /// 4 scale; 5–16 content, image and title insets (signed, / 2 pt); 17 image placement, title alignment,
    /// a subtitle; 18 image padding and title padding; 19–20 a proposal; then the piece indices.
    public static func button(_ bytes: [UInt8]) -> [String] {
        var reader = ByteReader(bytes: bytes)
        let kind = reader.next(), textByte = reader.next()
        func dimension(_ byte: UInt8) -> CGFloat { byte == 255 ? .nan : byte == 254 ? -1 : CGFloat(byte) * 2 }
        let imageSize = CGSize(width: dimension(reader.next()), height: dimension(reader.next()))
        let scale: CGFloat = [1, 2, 3, 1.5, 0, -1, .nan, .infinity][Int(reader.next()) % 8]
        func insets() -> EdgeInsets {
            let values = (0..<4).map { _ in CGFloat(Int8(bitPattern: reader.next())) / 2 }
            return EdgeInsets(top: values[0], left: values[1], bottom: values[2], right: values[3])
        }
        let content = insets(), image = insets(), title = insets()
        let options = reader.next(), paddings = reader.next()
        let proposal = CGSize(width: dimension(reader.next()), height: dimension(reader.next()))
        let titleText = (0..<Int(textByte & 7)).map { _ in styledPieces[Int(reader.next()) % styledPieces.count] }.joined()
        guard let font = styledFont(0, size: styledSizes[Int(textByte >> 3) & 7]) else { return [] }
        let horizontal: [ContentHorizontalAlignment] = [.center, .left, .right, .fill, .leading, .trailing]
        let vertical: [ContentVerticalAlignment] = [.center, .top, .bottom, .fill]
        let semantic: [SemanticContentAttribute] = [.unspecified, .forceLeftToRight, .forceRightToLeft, .unspecified]
        let validScale = scale.isFinite && scale > 0
        if kind & 1 == 0 {
            var button = ButtonLayout(title: titleText, font: font, imageSize: imageSize, scale: scale)
            button.contentEdgeInsets = content
            button.imageEdgeInsets = image
            button.titleEdgeInsets = title
            button.contentHorizontalAlignment = horizontal[Int(kind >> 1 & 7) % horizontal.count]
            button.contentVerticalAlignment = vertical[Int(kind >> 4 & 3)]
            button.semanticContentAttribute = semantic[Int(kind >> 6)]
            return checkButton(
                intrinsic: { try button.intrinsicContentSize }, sizeThatFits: button.sizeThatFits, layout: button.layout,
                scale: scale, proposal: proposal, sizeIgnoresProposal: true,
                wholeTitle: validScale && image == .zero && title == .zero && !titleText.isEmpty
                    && !titleText.contains { $0.isNewline || $0 == "\u{2029}" })
        }
        var button = ButtonConfiguration(
            title: titleText, titleFont: font, subtitle: options & 64 != 0 ? "Subtitle \(titleText.prefix(8))" : nil,
            imageSize: imageSize, scale: scale)
        button.contentInsets = DirectionalEdgeInsets(
            top: content.top, leading: content.left, bottom: content.bottom, trailing: content.right)
        button.imagePlacement = ButtonConfiguration.ImagePlacement.allCases[Int(options & 3)]
        button.titleAlignment = ButtonConfiguration.TitleAlignment.allCases[Int(options >> 2 & 3)]
        button.imagePadding = paddings & 15 == 15 ? -1 : CGFloat(paddings & 15)
        button.titlePadding = CGFloat(paddings >> 4)
        button.semanticContentAttribute = semantic[Int(kind >> 6)]
        if options & 128 != 0 { button.titleLineBreakMode = .byTruncatingMiddle }
        return checkButton(
            intrinsic: { try button.intrinsicContentSize }, sizeThatFits: button.sizeThatFits, layout: button.layout,
            scale: scale, proposal: proposal, sizeIgnoresProposal: false, wholeTitle: false)
    }

    private static func checkButton(
        intrinsic: () throws -> CGSize, sizeThatFits: (CGSize) throws -> CGSize, layout: (CGRect) throws -> ButtonFrames,
        scale: CGFloat, proposal: CGSize, sizeIgnoresProposal: Bool, wholeTitle: Bool
    ) -> [String] {
        func documented(_ error: Error) -> Bool {
            if error is ButtonError { return true }
            if case MeasureError.invalidScale = error { return !(scale.isFinite && scale > 0) }
            return false
        }
        func onGrid(_ size: CGSize) -> Bool {
            [size.width, size.height].allSatisfy { value in
                value.isFinite && value >= 0
                    && abs((value * scale).rounded() - value * scale) <= 1e-6 * max(1, value * scale)
            }
        }
        var problems: [String] = []
        let size: CGSize
        do {
            size = try intrinsic()
        } catch {
            return documented(error) ? [] : ["intrinsicContentSize threw \(error)"]
        }
        if !(scale.isFinite && scale > 0) { problems.append("scale \(scale) was accepted") }
        if !onGrid(size) { problems.append("intrinsic size \(size) not finite, ≥ 0 and on the grid of \(scale)") }
        do {
            let fitted = try sizeThatFits(proposal)
            if !onGrid(fitted) { problems.append("sizeThatFits(\(proposal)) = \(fitted)") }
            if sizeIgnoresProposal, fitted != size {
                problems.append("sizeThatFits(\(proposal)) = \(fitted), intrinsic \(size)")
            }
            // Only an answer within the proposal: a narrower proposal may hold less than one cluster a line, and
            // the answer then overflows it (its own width wraps fewer lines). An answer 0 wide (negative insets
            // clamped) is no width to propose: 0 means no limit.
            if !sizeIgnoresProposal, proposal.width > 0, proposal.width.isFinite, fitted.width <= proposal.width,
                fitted.width > 0,
                try sizeThatFits(CGSize(width: fitted.width, height: 0)) != fitted
            {
                problems.append("proposing its own width \(fitted.width) changes the size \(fitted)")
            }
        } catch {
            if !documented(error)
                || !(proposal.width.isNaN || proposal.width < 0 || proposal.height.isNaN || proposal.height < 0)
            {
                problems.append("sizeThatFits(\(proposal)) threw \(error)")
            }
        }
        do {
            let frames = try layout(CGRect(origin: .zero, size: size))
            for (name, rect) in [("content", frames.contentRect), ("image", frames.imageRect), ("title", frames.titleRect)] {
                if ![rect.minX, rect.minY, rect.width, rect.height].allSatisfy(\.isFinite) || rect.width < 0
                    || rect.height < 0
                {
                    problems.append("\(name) rect \(rect)")
                }
            }
            for line in frames.titleLines.map(Array.init) ?? []
            where line.width > frames.titleRect.width + 1e-6 && line.ellipsis == nil && line.text.count > 1 {
                problems.append(
                    "title line \(line.text.debugDescription) \(line.width) pt in a \(frames.titleRect.width) pt rect")
            }
            if wholeTitle, let lines = frames.titleLines,
                lines.contains(where: { $0.isTruncated || $0.ellipsis != nil }) || lines.count != 1
            {
                problems.append("at its intrinsic size \(size) the title is cut: \(lines.map(\.text))")
            }
        } catch {
            problems.append("layout at the intrinsic size \(size) threw \(error)")
        }
        return problems
    }
}
