import Foundation

/// What a layout asks of the line breakers: the line widths, the line limit, the line break mode and the
/// strategy. Made and validated once, at the public edge (`layout`, `measure`, the queries), and carried
/// unchanged to the breakers, the paragraph-style and styled paths and the measurers: below the edge,
/// nothing else carries a width.
///
/// Why one value: the width and its companions travelled as loose parameters through every layer, each
/// layer validating and converting them again; a new way to shape lines (a list of widths, a container's
/// exclusions) is a new case of `LineWidths`, not a new parameter on every function between the edge and
/// the breakers.
///
/// Not `Sendable`: a request lives inside the call that made it (its widths may point at that call's
/// memory, `LineWidths.list`).
struct LineRequest: Equatable {
    /// The width of each line, in 1/1024 pt.
    var widths: LineWidths
    /// At most this many lines; 0 = unlimited (T3).
    var maxLines: Int
    var mode: LineBreakMode
    var strategy: LineBreakStrategy

    /// A request in the engine's units; the caller has validated them (`maxLines` ≥ 0, widths ≥ 0).
    @inline(__always)
    init(widths: LineWidths, maxLines: Int, mode: LineBreakMode, strategy: LineBreakStrategy) {
        self.widths = widths
        self.maxLines = maxLines
        self.mode = mode
        self.strategy = strategy
    }

    /// The public parameters, validated and converted (B7: `nil`, 0, +infinity or ≥ 1e15 is unbounded).
    /// - Throws: `MeasureError.invalidWidth` for a NaN or negative width (either of them),
    ///   `.invalidNumberOfLines` for a negative count.
    @inline(__always)
    init(width: CGFloat?, numberOfLines: Int, lineBreakMode: LineBreakMode, lineBreakStrategy: LineBreakStrategy,
         lastLineMaxWidth: CGFloat?) throws {
        let width = try Self.units(forWidth: width)
        let last = try lastLineMaxWidth.map { try Self.units(forWidth: $0) }
        guard numberOfLines >= 0 else { throw MeasureError.invalidNumberOfLines(numberOfLines) }
        self.init(widths: LineWidths(width: width, lastPermitted: last), maxLines: numberOfLines,
                  mode: lineBreakMode, strategy: lineBreakStrategy)
    }

    /// The width of every line but those `widths` sets apart (`LineWidths.width`).
    var maxWidth: Int {
        @inline(__always) get { widths.width }
    }

    /// The same request at another width (the queries' probes): the last permitted line keeps its own.
    @inline(__always)
    func atWidth(_ width: Int) -> LineRequest {
        var request = self
        request.widths.width = width
        return request
    }

    /// A width in points as 1/1024-pt units; unbounded (B7: `nil`, 0, +infinity, ≥ 1e15) as
    /// `Units.unbounded`. `CGFloat.wrapWidth(_:)` and this agree; this one skips the optional in between.
    /// - Throws: `MeasureError.invalidWidth` for NaN or a negative width.
    // Not forced inline: as a call (one per width) relayout ran fewer instructions (callgrind, `ui` set).
    static func units(forWidth width: CGFloat?) throws -> Int {
        guard let width else { return Units.unbounded }
        // As a Double (CGFloat's storage on 64-bit Linux): Foundation's CGFloat comparisons are not
        // inlined, and this runs once per relayout, where a few dozen instructions show.
        let points = Double(width)
        guard points >= 0 else { throw MeasureError.invalidWidth(points) }  // negative or NaN
        if width.isUnboundedTextDimension { return Units.unbounded }
        return Units.floor(points)
    }
}

/// The width of each line of a layout, in 1/1024 pt (`Units.unbounded`: unbounded, B7): one concept for
/// every shape a layout's lines take.
///
/// * Every line `width` wide: a label, a text view, a row.
/// * The last permitted line narrower (`lastPermitted`, T3's `lastLineMaxWidth`): a layout that puts
///   something after the text, such as the title + date layout.
/// * A paragraph's first line with other room than the rest (`firstOfParagraph`): a paragraph style's
///   first-line head indent (P9), which `ParagraphSettings` derives from the request's widths.
/// * A width per line, the last repeating (`list`, `layout(widths:)`, W8): text beside a picture or a
///   drop cap. A paragraph style's indents then apply to each listed width (`indents`).
///
/// A breaker asks `limit(line:isParagraphStart:isLastPermitted:)` for each line. Only the general
/// breaker (`LineBreaker`) takes a request with a list: `layout(widths:)` hands it there directly, so the
/// fast path's requests never carry one.
struct LineWidths: Equatable {
    /// Every line's width unless one of the others applies.
    var width: Int
    /// The last permitted line's (line `maxLines − 1`), when it differs; read only under a line limit.
    var lastPermitted: Int?
    /// A paragraph's first line's, when it differs (P9).
    var firstOfParagraph: Int?
    /// A width per line (line `i`'s is `list[min(i, count − 1)]`), when given: the memory of the
    /// `layout(widths:)` call that made the request, valid only during it (a plain pointer keeps this
    /// type free of reference counting, which every relayout would pay for).
    var list: UnsafeBufferPointer<Int>?
    /// A paragraph style's indents, applied to each listed width (P9); nil when there is no list or no
    /// indent.
    var indents: Indents?

    /// The indents of a paragraph style, in 1/1024 pt (`ParagraphSettings`, P9).
    struct Indents: Sendable, Equatable {
        let firstHead: Int
        let head: Int
        /// Positive: where lines end, from the leading margin; zero or negative: back from the width.
        let tail: Int

        /// The room a line of `width` leaves after the indents.
        @inline(__always)
        func room(in width: Int, isParagraphStart: Bool) -> Int {
            let end = tail > 0 ? tail : width >= Units.unbounded ? Units.unbounded : max(0, width + tail)
            if end >= Units.unbounded { return Units.unbounded }
            return max(0, end - (isParagraphStart ? firstHead : head))
        }
    }

    @inline(__always)
    init(width: Int, lastPermitted: Int? = nil, firstOfParagraph: Int? = nil) {
        self.width = width
        self.lastPermitted = lastPermitted
        self.firstOfParagraph = firstOfParagraph
    }

    /// One width per line, the last repeating (`list` is not empty, and outlives the request).
    init(list: UnsafeBufferPointer<Int>) {
        self.init(width: list[0])
        self.list = list
    }

    /// The room for line `line`: its listed width (less the indents) when there is a list; else the last
    /// permitted line's width when it is that line, the paragraph's first line's when it starts a
    /// paragraph, or `width`.
    @inline(__always)
    func limit(line: Int, isParagraphStart: Bool, isLastPermitted: Bool) -> Int {
        if _slowPath(list != nil) { return listedRoom(line: line, isParagraphStart: isParagraphStart) }
        let room = isParagraphStart ? firstOfParagraph ?? width : width
        return isLastPermitted ? lastPermitted ?? room : room
    }

    /// The width the layout gives line `line` before any indent: its listed width, else `width`.
    func base(line: Int) -> Int {
        guard let list else { return width }
        return list[min(line, list.count - 1)]
    }

    private func listedRoom(line: Int, isParagraphStart: Bool) -> Int {
        let width = base(line: line)
        return indents?.room(in: width, isParagraphStart: isParagraphStart) ?? width
    }

    static func == (a: LineWidths, b: LineWidths) -> Bool {
        a.width == b.width && a.lastPermitted == b.lastPermitted && a.firstOfParagraph == b.firstOfParagraph
            && a.indents == b.indents && a.list?.baseAddress == b.list?.baseAddress && a.list?.count == b.list?.count
    }

}
