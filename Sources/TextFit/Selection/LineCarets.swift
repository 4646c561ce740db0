/// The caret positions of one laid-out line: its directional pieces in visual order, each with the x of
/// every grapheme boundary inside it, in 1/1024 pt from the line's left edge (`TextLine.rect.minX`).
///
/// Made from what the layout already holds: the line's visual runs (`visualItems(for:)`, rules D3–D5)
/// and the stored cluster advances (prefix sums); nothing is shaped again but the runs' edges the line
/// itself reshapes (memoised in `reshapedPieces`). The hanging whitespace (W4), which the visual runs
/// leave out, is one more piece past the line's end in the paragraph's direction (R2), and an ellipsis a
/// piece with no boundary of its own (R5). Costs O(line length).
struct LineCarets {
    struct Piece {
        /// The source range drawn (empty for the ellipsis).
        var range: Range<Int>
        var isRightToLeft: Bool
        var isEllipsis: Bool
        /// Left edge and width, 1/1024 pt from the line's left edge (negative for the hanging whitespace
        /// of a right-to-left paragraph, which lies left of the line's box).
        var x: Int
        var width: Int

        /// The x of `boundary` (one of `boundaries`), from the line's left edge.
        func x(ofAdvance advance: Int) -> Int { isRightToLeft ? x + width - advance : x + advance }
    }

    /// The pieces in visual order, left to right.
    let pieces: [Piece]
    let text: PreparedText
    let tabs: [(offset: Int, advance: Int)]

    /// The grapheme boundaries in `piece`'s range, both ends included, ascending, with their advance from
    /// its logical start (0 at `range.lowerBound`, `width` at `range.upperBound`); made for the one piece
    /// a question reads, so a hit costs the length of one run, not of the line.
    func boundaries(of piece: Piece) -> [(offset: Int, advance: Int)] {
        piece.isEllipsis ? [] : Self.boundaries(text, piece.range, width: piece.width, tabs: tabs)
    }
    /// The line's source range (`TextLine.range`) and where its visible text stops (before an ellipsis).
    let range: Range<Int>
    let visibleEnd: Int

    init(line: TextLine) {
        let text = line.preparedText
        self.text = text
        range = line.range
        visibleEnd = line.visible.upperBound
        let tabs = text.drawnAdvances(for: line)
        self.tabs = tabs
        var pieces: [Piece] = text.visualItems(for: line).map { item in
            Piece(
                range: item.range, isRightToLeft: item.isRightToLeft, isEllipsis: item.isEllipsis, x: item.x,
                width: item.width)
        }
        // R2: the whitespace hanging past a line that is not truncated, at the paragraph's end of the line.
        if line.ellipsis == nil {
            let drawnEnd = text.trimmedEnd(line.visible.upperBound, notBefore: line.visible.lowerBound)
            let hanging = drawnEnd..<line.range.upperBound
            if !hanging.isEmpty {
                let width = text.width(hanging.lowerBound, hanging.upperBound) + text.tabExtra(in: hanging, tabs)
                let rightToLeft = text.baseWritingDirection(at: line.range.lowerBound) == .rightToLeft
                let drawn = pieces.reduce(0) { max($0, $1.x + $1.width) }
                let piece = Piece(
                    range: hanging, isRightToLeft: rightToLeft, isEllipsis: false,
                    x: rightToLeft ? -width : drawn, width: width)
                if rightToLeft { pieces.insert(piece, at: 0) } else { pieces.append(piece) }
            }
        }
        self.pieces = pieces
    }

    /// The grapheme boundaries of `range` with their advances from its start. A HarfBuzz cluster holding
    /// several graphemes (a ligature such as Arabic lam-alef) has its advance on its first unit only; the
    /// carets between its graphemes stand where the font's GDEF caret list puts them, else its width is
    /// split evenly among them (R4, as Pango places carets in a ligature). A
    /// grapheme that does not start a cluster is told by its zero advance and its unsafe-to-break flag
    /// (HarfBuzz flags every unit that does not start a cluster). The last advance is `width`, the width
    /// the line gave the piece, so the pieces tile the line exactly.
    static func boundaries(
        _ text: PreparedText, _ range: Range<Int>, width: Int,
        tabs: [(offset: Int, advance: Int)]
    ) -> [(offset: Int, advance: Int)] {
        let graphemes = text.graphemes
        let prefix = text.prefix
        func advance(_ offset: Int) -> Int {
            let extra = tabs.isEmpty ? 0 : text.tabExtra(in: range.lowerBound..<offset, tabs)
            return prefix[offset] - prefix[range.lowerBound] + extra
        }
        // One array, sized once: this runs for every hit test and every range edge.
        let first = text.graphemeIndex(atOrAfter: range.lowerBound + 1)
        var last = first
        while last < graphemes.count, Int(graphemes[last]) < range.upperBound { last += 1 }
        var result: [(offset: Int, advance: Int)] = []
        result.reserveCapacity(last - first + 2)
        result.append((range.lowerBound, 0))
        for index in first..<last {
            let offset = Int(graphemes[index])
            result.append((offset, advance(offset)))
        }
        result.append((range.upperBound, advance(range.upperBound)))
        func offsets(_ i: Int) -> Int { result[i].offset }
        // Ligatures: a run of graphemes after a cluster's first one, each of no advance and flagged unsafe.
        func continuesCluster(_ i: Int) -> Bool {
            i > 0 && i < result.count - 1 && text.isUnsafe(offsets(i))
                && prefix[offsets(i + 1)] == prefix[offsets(i)]
        }
        var i = 1
        while i < result.count - 1 {
            guard continuesCluster(i) else { i += 1; continue }
            let first = i - 1
            var last = i
            while continuesCluster(last + 1) { last += 1 }
            // Graphemes first..<last+1 share the cluster from offsets[first] to offsets[last + 1].
            let count = last + 1 - first
            // The cluster's advance sat on its first grapheme; spread it over all of them.
            let total = result[last + 1].advance - result[first].advance
            // The font's carets where it has them (GDEF), else an even split (R4).
            let carets = text.ligatureCaretAdvances(clusterStart: offsets(first), parts: count)
            for k in 1..<count {
                let inside = carets.map { min(max($0[k - 1], 0), total) } ?? total * k / count
                result[first + k].advance = result[first].advance + inside
            }
            i = last + 1
        }
        // Reshaped edges make the piece's width differ slightly from the stored sums: clamp into it (between
        // 0 and a width below 0 too, where a negative kern moves the pen back, K1).
        let (low, high) = (min(0, width), max(0, width))
        for k in result.indices { result[k].advance = min(max(result[k].advance, low), high) }
        result[result.count - 1].advance = width
        return result
    }

    /// The piece and x (1/1024 pt) of the caret at `offset` (a grapheme boundary in the line's range or at
    /// its end): the leading edge of the grapheme at `offset` in its piece's direction, or the trailing
    /// edge of the one before it at the end of a piece (R2). Offsets the line does not show (past an
    /// ellipsis) answer where its visible text stops.
    func x(forOffset offset: Int) -> Int {
        guard let lastText = pieces.last(where: { !$0.isEllipsis }) else { return pieces.first?.x ?? 0 }
        // The piece holding the grapheme that starts at `offset`, else the one ending there.
        let holder =
            pieces.first { !$0.isEllipsis && $0.range.contains(offset) }
            ?? pieces.first { !$0.isEllipsis && $0.range.upperBound == offset }
        guard let piece = holder else {
            // Not shown: after the visible text (truncated), or before it (a head ellipsis).
            if let ellipsis = pieces.first(where: \.isEllipsis) {
                return offset >= visibleEnd ? ellipsis.x : ellipsis.x + ellipsis.width
            }
            return lastText.x + lastText.width
        }
        return piece.x(ofAdvance: advance(in: piece, at: offset))
    }

    /// The advance from `piece`'s logical start of the last grapheme boundary at or before `offset`.
    func advance(in piece: Piece, at offset: Int) -> Int {
        advances(in: piece, at: offset, offset).0
    }

    /// `advance(in:at:)` for two offsets, reading the piece's boundaries at most once (a range's two edges).
    func advances(in piece: Piece, at a: Int, _ b: Int) -> (Int, Int) {
        func edge(_ offset: Int) -> Int? {
            offset <= piece.range.lowerBound ? 0 : offset >= piece.range.upperBound ? piece.width : nil
        }
        if let first = edge(a), let second = edge(b) { return (first, second) }
        let bounds = boundaries(of: piece)
        func inside(_ offset: Int) -> Int {
            edge(offset) ?? (bounds.last { $0.offset <= offset } ?? bounds[0]).advance
        }
        return (inside(a), inside(b))
    }

    /// The caret offset nearest to `x` (1/1024 pt from the line's left edge): the grapheme under `x`, and
    /// its nearer edge (R3); left or right of the line, the nearest end. On an ellipsis, where the visible
    /// text stops.
    func offset(atX x: Int) -> Int {
        guard let first = pieces.first, let last = pieces.last else { return range.lowerBound }
        let piece = pieces.first { x < $0.x + $0.width } ?? last
        if piece.isEllipsis { return visibleEnd }
        let target = min(max(x, min(piece.x, first.x)), piece.x + piece.width)
        let distance = piece.isRightToLeft ? piece.x + piece.width - target : target - piece.x
        // The grapheme whose span holds `distance`, then its nearer edge (a tie goes to the leading edge).
        let bounds = boundaries(of: piece)
        var low = 0
        var high = bounds.count - 1
        while high - low > 1 {
            let mid = (low + high) / 2
            if bounds[mid].advance <= distance { low = mid } else { high = mid }
        }
        let leading = bounds[low]
        let trailing = bounds[high]
        return 2 * (distance - leading.advance) > trailing.advance - leading.advance ? trailing.offset : leading.offset
    }
}
