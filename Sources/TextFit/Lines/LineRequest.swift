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
struct LineRequest: Sendable, Equatable {
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
///
/// A breaker asks `limit(isParagraphStart:isLastPermitted:)` for each line.
struct LineWidths: Sendable, Equatable {
    /// Every line's width unless one of the others applies.
    var width: Int
    /// The last permitted line's (line `maxLines − 1`), when it differs; read only under a line limit.
    var lastPermitted: Int?
    /// A paragraph's first line's, when it differs (P9).
    var firstOfParagraph: Int?

    @inline(__always)
    init(width: Int, lastPermitted: Int? = nil, firstOfParagraph: Int? = nil) {
        self.width = width
        self.lastPermitted = lastPermitted
        self.firstOfParagraph = firstOfParagraph
    }

    /// The room for one line: the last permitted line's width when it is that line, else the paragraph's
    /// first line's when it starts a paragraph, else `width`.
    @inline(__always)
    func limit(isParagraphStart: Bool, isLastPermitted: Bool) -> Int {
        let line = isParagraphStart ? firstOfParagraph ?? width : width
        return isLastPermitted ? lastPermitted ?? line : line
    }

}
