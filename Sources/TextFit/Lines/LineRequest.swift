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
    init(
        width: CGFloat?, numberOfLines: Int, lineBreakMode: LineBreakMode, lineBreakStrategy: LineBreakStrategy,
        lastLineMaxWidth: CGFloat?
    ) throws {
        let width = try Self.units(forWidth: width)
        let last = try lastLineMaxWidth.map { try Self.units(forWidth: $0) }
        guard numberOfLines >= 0 else { throw MeasureError.invalidNumberOfLines(numberOfLines) }
        self.init(
            widths: LineWidths(width: width, lastPermitted: last), maxLines: numberOfLines,
            mode: lineBreakMode, strategy: lineBreakStrategy)
    }

    /// The width of every line but those `widths` sets apart (`LineWidths.width`).
    var maxWidth: Int {
        @inline(__always) get { widths.width }
    }

    /// A width in points as 1/1024-pt units; unbounded (B7: `nil`, 0, +infinity, ≥ 1e15) as
    /// `Units.unbounded`. `CGFloat.wrapWidth(_:)` and this agree; this one skips the optional in between.
    /// - Throws: `MeasureError.invalidWidth` for NaN or a negative width.
    @inline(__always)
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
/// * A width per line, the last repeating (`listed`, `layout(widths:)`, W8): text beside a picture or a
///   drop cap. A paragraph style's indents then apply to each listed width (`Listed.indents`).
///
/// A breaker asks `limit(line:isParagraphStart:isLastPermitted:)` for each line. Only the general
/// breaker (`LineBreaker`) takes a request with a list: `layout(widths:)` hands it there directly, so the
/// fast path's requests never carry one.
struct LineWidths: Equatable {
    /// Every line's width unless one of the others applies.
    var width: Int
    // `lastPermitted` and `firstOfParagraph` as plain integers (`absent` when not set), and the list behind
    // one pointer: a request is made on every relayout, and each word more in it was a store more there
    // (callgrind, `ui` set).
    private var lastPermittedStorage: Int
    private var firstOfParagraphStorage: Int
    /// A width per line and the indents applied to them, in the memory of the `layout(widths:)` call that
    /// made the request, valid only during it; nil when the lines have no list.
    private(set) var listed: UnsafePointer<Listed>?

    private static let absent = Int.min

    /// Per-line widths (`layout(widths:)`, W8): line `i`'s is `widths[min(i, count − 1)]`; under a paragraph
    /// style whose indents change lines, `indents` come off each.
    struct Listed {
        let widths: UnsafeBufferPointer<Int>
        let indents: Indents?
    }

    /// The indents of a paragraph style, in 1/1024 pt (`ParagraphSettings`, P9).
    struct Indents: Equatable {
        let firstHead: Int
        let head: Int
        /// Positive: where lines end, from the leading margin; zero or negative: back from the width.
        let tail: Int

        /// Where lines end in a layout `width` wide, from the leading margin: a positive tail indent is
        /// itself the end; zero or negative is measured back from the width (unbounded stays unbounded).
        @inline(__always)
        func end(in width: Int) -> Int {
            if tail > 0 { return tail }
            if width >= Units.unbounded { return Units.unbounded }
            return max(0, width + tail)
        }

        /// The room a line of `width` leaves after the indents.
        @inline(__always)
        func room(in width: Int, isParagraphStart: Bool) -> Int {
            let end = end(in: width)
            if end >= Units.unbounded { return Units.unbounded }
            return max(0, end - (isParagraphStart ? firstHead : head))
        }
    }

    @inline(__always)
    init(width: Int, lastPermitted: Int? = nil, firstOfParagraph: Int? = nil) {
        self.width = width
        lastPermittedStorage = lastPermitted ?? Self.absent
        firstOfParagraphStorage = firstOfParagraph ?? Self.absent
        listed = nil
    }

    /// One width per line, the last repeating (`listed.widths` is not empty, and outlives the request).
    init(listed: UnsafePointer<Listed>) {
        self.init(width: listed.pointee.widths[0])
        self.listed = listed
    }

    /// The last permitted line's width (line `maxLines − 1`), when it differs; read only under a line limit.
    var lastPermitted: Int? {
        @inline(__always) get { lastPermittedStorage == Self.absent ? nil : lastPermittedStorage }
    }

    /// A paragraph's first line's width, when it differs (P9).
    var firstOfParagraph: Int? {
        @inline(__always) get { firstOfParagraphStorage == Self.absent ? nil : firstOfParagraphStorage }
    }

    /// The per-line widths, when given.
    var list: UnsafeBufferPointer<Int>? { listed?.pointee.widths }

    /// The room for line `line`: its listed width (less the indents) when there is a list; else the last
    /// permitted line's width when it is that line, the paragraph's first line's when it starts a
    /// paragraph, or `width`.
    @inline(__always)
    func limit(line: Int, isParagraphStart: Bool, isLastPermitted: Bool) -> Int {
        if _slowPath(listed != nil) { return listedRoom(line: line, isParagraphStart: isParagraphStart) }
        let room = isParagraphStart && firstOfParagraphStorage != Self.absent ? firstOfParagraphStorage : width
        return isLastPermitted && lastPermittedStorage != Self.absent ? lastPermittedStorage : room
    }

    /// The width the layout gives line `line` before any indent: its listed width, else `width`.
    func base(line: Int) -> Int {
        guard let widths = list else { return width }
        return widths[min(line, widths.count - 1)]
    }

    private func listedRoom(line: Int, isParagraphStart: Bool) -> Int {
        let width = base(line: line)
        return listed?.pointee.indents?.room(in: width, isParagraphStart: isParagraphStart) ?? width
    }
}
