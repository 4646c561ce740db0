import Foundation

/// The region text is laid out in, as TextKit's `NSTextContainer`: a size, shapes the text flows around
/// (`exclusionPaths`) and the inset at each end of a line fragment (`lineFragmentPadding`). Rules G4–G8.
///
/// ```swift
/// // A 320 pt column with a 64 pt avatar circle at its top left.
/// var container = TextContainer(size: CGSize(width: 320, height: 0))
/// container.exclusionPaths = [.ellipse(in: CGRect(x: 0, y: 0, width: 64, height: 64))]
/// let layout = try prepared.layout(in: container)
/// layout.lines[0].rect.minX   // right of the circle, plus the padding
/// ```
public struct TextContainer: Sendable, Equatable {
    /// The container's size in points. The width must be finite and > 0; a height of 0 or +infinity is
    /// unbounded (TextKit's `CGFloat.greatestFiniteMagnitude`), and lines stop at a bounded height (G7).
    public var size: CGSize
    /// Regions no line fragment may enter, in the container's coordinates (top-left origin, y down).
    public var exclusionPaths: [ExclusionPath]
    /// Inset at each end of every line fragment, in points: TextKit's default is 5 (G5).
    public var lineFragmentPadding: CGFloat

    /// A container of `size` with exclusions and TextKit's default padding of 5 pt.
    /// - Parameters:
    ///   - size: width finite and > 0; height 0 or +infinity for unbounded.
    ///   - exclusionPaths: shapes the text flows around.
    ///   - lineFragmentPadding: the inset at each end of a fragment (≥ 0; 5 as `NSTextContainer`).
    public init(size: CGSize, exclusionPaths: [ExclusionPath] = [], lineFragmentPadding: CGFloat = 5) {
        self.size = size
        self.exclusionPaths = exclusionPaths
        self.lineFragmentPadding = lineFragmentPadding
    }

    /// Checks the size, the padding and every exclusion.
    /// - Throws: `TextContainerError` naming the field.
    public func validate() throws {
        let width = Double(size.width), height = Double(size.height)
        guard width.isFinite, width > 0 else { throw TextContainerError.invalidWidth(width) }
        guard height >= 0 else { throw TextContainerError.invalidHeight(height) }  // NaN fails too
        let padding = Double(lineFragmentPadding)
        guard padding.isFinite, padding >= 0 else { throw TextContainerError.invalidPadding(padding) }
        for (index, path) in exclusionPaths.enumerated() {
            if let problem = path.problem { throw TextContainerError.invalidExclusion(index: index, problem) }
        }
    }

    /// The bottom of the container, or nil when its height is unbounded (0 or +infinity).
    var bottom: CGFloat? {
        size.height > 0 && size.height.isFinite && size.height < 1e15 ? size.height : nil
    }

    /// The widest free interval of `0…width` over the band `top..<bottom` (G4, G6): each exclusion blocks
    /// the x-range it covers anywhere in the band; of the gaps left, the widest, the leftmost of equals.
    /// Nil when the exclusions leave nothing.
    func widestFreeInterval(top: CGFloat, bottom: CGFloat) -> ClosedRange<CGFloat>? {
        var blocked = exclusionPaths.compactMap { $0.blockedInterval(top: top, bottom: bottom) }
        blocked.sort { $0.lowerBound < $1.lowerBound }
        var best: ClosedRange<CGFloat>?
        var x: CGFloat = 0
        func offer(_ end: CGFloat) {
            let end = min(end, size.width)
            guard end > x else { return }
            if best.map({ end - x > $0.upperBound - $0.lowerBound }) ?? true { best = x...end }
        }
        for range in blocked {
            offer(range.lowerBound)
            x = max(x, range.upperBound)
            if x >= size.width { break }
        }
        offer(size.width)
        return best
    }

    /// How far below `top` to look next for room, when the exclusions blocking the band `top..<bottom`
    /// leave none: the nearest of their bottoms, and while `gradual` at most a quarter of the band (a curve
    /// frees room gradually); at least 1/64 pt, so the search always moves on (G7).
    func stepDown(top: CGFloat, bottom: CGFloat, gradual: Bool) -> CGFloat {
        let bottoms = exclusionPaths.compactMap { path -> CGFloat? in
            path.blockedInterval(top: top, bottom: bottom) == nil ? nil : path.bounds.maxY
        }
        let nearest = (bottoms.min() ?? bottom) - top
        return max(1.0 / 64, gradual ? min(nearest, (bottom - top) / 4) : nearest)
    }
}

/// A shape text flows around (`NSTextContainer.exclusionPaths`' common shapes: G8).
public enum ExclusionPath: Sendable, Equatable {
    /// A rectangle: a picture, a pull quote.
    case rect(CGRect)
    /// The ellipse inscribed in a rectangle: an avatar circle.
    case ellipse(in: CGRect)
    /// A rectangle with rounded corners (the radius clamped to half the shorter side).
    case roundedRect(CGRect, cornerRadius: CGFloat)

    /// The rectangle the shape lies in.
    public var bounds: CGRect {
        switch self {
        case .rect(let rect), .ellipse(in: let rect), .roundedRect(let rect, _): return rect
        }
    }

    /// What is wrong with the shape, if anything: finite numbers, a size ≥ 0, a radius ≥ 0.
    var problem: String? {
        let rect = bounds
        let values = [rect.origin.x, rect.origin.y, rect.size.width, rect.size.height]
        guard values.allSatisfy(\.isFinite) else { return "its rectangle must be finite numbers" }
        guard rect.size.width >= 0, rect.size.height >= 0 else { return "its width and height must be ≥ 0" }
        if case .roundedRect(_, let radius) = self, !(radius >= 0 && radius.isFinite) {
            return "its corner radius must be a finite number ≥ 0"
        }
        return nil
    }

    /// The x-range the shape covers anywhere in the band `top..<bottom`, or nil when it does not reach
    /// into the band (a shape that only touches its edge leaves it free).
    func blockedInterval(top: CGFloat, bottom: CGFloat) -> ClosedRange<CGFloat>? {
        let rect = bounds
        let low = max(top, rect.minY), high = min(bottom, rect.maxY)
        guard low < high, rect.width > 0 else { return nil }
        switch self {
        case .rect:
            return rect.minX...rect.maxX
        case .ellipse:
            // Widest where the band comes nearest the centre line.
            let radiusX = rect.width / 2, radiusY = rect.height / 2
            let dy = (min(max(rect.midY, low), high) - rect.midY) / radiusY
            let half = radiusX * (1 - dy * dy).squareRoot()
            return (rect.midX - half)...(rect.midX + half)
        case .roundedRect(_, let cornerRadius):
            let radius = min(cornerRadius, rect.width / 2, rect.height / 2)
            // Full width between the corners; inside a corner's height, inset along its quarter circle.
            let straightTop = rect.minY + radius, straightBottom = rect.maxY - radius
            let dy: CGFloat = high < straightTop ? straightTop - high : low > straightBottom ? low - straightBottom : 0
            let inset = radius - max(0, radius * radius - dy * dy).squareRoot()
            return (rect.minX + inset)...(rect.maxX - inset)
        }
    }
}

/// Why a text container was refused. Each message says what a valid value is.
public enum TextContainerError: TextFitError, Equatable, Sendable {
    /// The width must be a finite number > 0.
    case invalidWidth(Double)
    /// The height must be ≥ 0 (0 or +infinity: unbounded).
    case invalidHeight(Double)
    /// `lineFragmentPadding` must be a finite number ≥ 0.
    case invalidPadding(Double)
    /// Exclusion path `index` is not a valid shape.
    case invalidExclusion(index: Int, String)

    public var description: String {
        switch self {
        case .invalidWidth(let value):
            return "text container width \(value) is invalid: give a finite width > 0"
        case .invalidHeight(let value):
            return "text container height \(value) is invalid: give a height ≥ 0 (0 or infinity for unbounded)"
        case .invalidPadding(let value):
            return "lineFragmentPadding \(value) is invalid: give a finite number ≥ 0 (TextKit's default is 5)"
        case .invalidExclusion(let index, let problem):
            return "exclusion path \(index) is invalid: \(problem)"
        }
    }
}
