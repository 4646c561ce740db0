import Foundation
import TextFit

/// An sRGB colour with straight alpha, 8 bits per channel.
///
/// ```swift
/// let ink = RenderColor(red: 0x1C, green: 0x1C, blue: 0x1E)
/// let wash = RenderColor.systemBlue.withAlpha(64)
/// ```
public struct RenderColor: Sendable, Hashable {
    /// The red component, 0–255 (sRGB, not premultiplied by `alpha`).
    public var red: UInt8
    /// The green component, 0–255 (sRGB, not premultiplied by `alpha`).
    public var green: UInt8
    /// The blue component, 0–255 (sRGB, not premultiplied by `alpha`).
    public var blue: UInt8
    /// The opacity, 0 (transparent) to 255 (opaque).
    public var alpha: UInt8

    /// A colour from its sRGB components, opaque unless `alpha` says otherwise.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// The same colour with another opacity (0 transparent … 255 opaque).
    public func withAlpha(_ alpha: UInt8) -> RenderColor {
        RenderColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    public static let black = RenderColor(red: 0, green: 0, blue: 0)
    public static let white = RenderColor(red: 255, green: 255, blue: 255)
    public static let gray = RenderColor(red: 110, green: 110, blue: 115)
    /// iOS's system colours, used by the overlays.
    public static let systemBlue = RenderColor(red: 0, green: 122, blue: 255)
    public static let systemGreen = RenderColor(red: 52, green: 199, blue: 89)
    public static let systemOrange = RenderColor(red: 255, green: 149, blue: 0)
    public static let systemPink = RenderColor(red: 255, green: 45, blue: 85)
    public static let systemRed = RenderColor(red: 255, green: 59, blue: 48)
    public static let systemPurple = RenderColor(red: 175, green: 82, blue: 222)

    /// 0xRRGGBBAA, as the C shim takes it.
    var packed: UInt32 { UInt32(red) << 24 | UInt32(green) << 16 | UInt32(blue) << 8 | UInt32(alpha) }

    /// "#rrggbb" for SVG.
    var hex: String {
        let digits = Array("0123456789abcdef")
        return "#" + String([red, green, blue].flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] })
    }
}

/// What to draw over the text to show what was measured.
///
/// Overlays are drawn in translucent colours and snapped to the pixel grid (glyphs are not):
/// - `.lineBoxes`: each line's `rect` (x = 0, its width without hanging whitespace, one line height), blue.
/// - `.baselines`: each line's baseline across the line box, green.
/// - `.hangingWhitespace`: trailing whitespace that hangs past the width (rule W4), orange.
/// - `.ellipsis`: the advance box of the "…" of a truncated line (rules T4, T5), pink.
/// - `.widthLimit`: the width the text was laid out at, a dashed red line (ink stays left of it).
/// - `.frames`: frames a layout places, such as the title and date frames of a title + date block, purple.
public struct RenderOverlays: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let lineBoxes = RenderOverlays(rawValue: 1 << 0)
    public static let baselines = RenderOverlays(rawValue: 1 << 1)
    public static let hangingWhitespace = RenderOverlays(rawValue: 1 << 2)
    public static let ellipsis = RenderOverlays(rawValue: 1 << 3)
    public static let widthLimit = RenderOverlays(rawValue: 1 << 4)
    public static let frames = RenderOverlays(rawValue: 1 << 5)
    public static let all: RenderOverlays = [.lineBoxes, .baselines, .hangingWhitespace, .ellipsis, .widthLimit, .frames]

    /// The colour each overlay is drawn in.
    public static func color(of overlay: RenderOverlays) -> RenderColor {
        switch overlay {
        case .lineBoxes: return RenderColor.systemBlue.withAlpha(150)
        case .baselines: return RenderColor.systemGreen.withAlpha(220)
        case .hangingWhitespace: return RenderColor.systemOrange.withAlpha(90)
        case .ellipsis: return RenderColor.systemPink.withAlpha(70)
        case .widthLimit: return RenderColor.systemRed.withAlpha(230)
        default: return RenderColor.systemPurple.withAlpha(200)
        }
    }
}

/// How `TextLayout.renderPNG(options:)` and `renderSVG(options:)` draw a layout.
///
/// ```swift
/// var options = RenderOptions(scale: 2, overlays: .all)
/// options.widthLimit = 150        // the width the layout was made at, for the width-limit overlay
/// ```
public struct RenderOptions: Sendable, Hashable {
    /// Pixels per point (1, 2 or 3 like iOS screens; any finite value > 0). SVG keeps points as user
    /// units and only its pixel size changes.
    public var scale: CGFloat
    /// Overlays to draw over the text.
    public var overlays: RenderOverlays
    /// The width the layout was made at: shown by `.widthLimit` and included in the picture's width.
    /// Nil or 0 when unbounded.
    public var widthLimit: CGFloat?
    /// Room around the layout, in points (glyph ink may reach past the line boxes).
    public var padding: CGFloat
    public var textColor: RenderColor
    /// Nil for a transparent background (the PNG then has an alpha channel).
    public var background: RenderColor?
    /// A UTF-16 range to highlight under the text, as a selection is drawn: `TextLayout.rects(for:)`'s
    /// rects (rule R1) filled with `selectionColor`. Nil: none.
    public var selection: Range<Int>? = nil
    /// The selection's fill (UIKit's tint at a quarter opacity by default).
    public var selectionColor: RenderColor = RenderColor.systemBlue.withAlpha(64)

    public init(
        scale: CGFloat = 2, overlays: RenderOverlays = [], widthLimit: CGFloat? = nil, padding: CGFloat = 4,
        textColor: RenderColor = .black, background: RenderColor? = .white
    ) {
        self.scale = scale
        self.overlays = overlays
        self.widthLimit = widthLimit
        self.padding = padding
        self.textColor = textColor
        self.background = background
    }
}

/// Why a picture could not be drawn.
public enum RenderError: TextFitError, Equatable, Sendable {
    /// Scales must be finite and > 0.
    case invalidScale(Double)
    /// Sizes, positions and padding must be finite (and sizes ≥ 0).
    case invalidGeometry(String)
    /// The picture would exceed `TextPicture.maximumPixelSize` pixels on a side.
    case pictureTooLarge(width: Int, height: Int)
    /// FreeType could not open a font the text uses.
    case unreadableFont(path: String, reason: String)
    /// libpng failed to encode or decode.
    case encodingFailed(String)

    public var description: String {
        switch self {
        case .invalidScale(let value):
            return "invalid scale \(value): use a finite number > 0 (1, 2 or 3 for iOS screens)"
        case .invalidGeometry(let what):
            return "invalid \(what): use finite numbers (sizes >= 0)"
        case .pictureTooLarge(let width, let height):
            return "the picture would be \(width) x \(height) pixels; at most \(TextPicture.maximumPixelSize) "
                + "per side: lower the scale or draw less"
        case .unreadableFont(let path, let reason):
            return "cannot draw with font \(path): \(reason)"
        case .encodingFailed(let message):
            return "PNG coding failed: \(message.isEmpty ? "unknown libpng error" : message)"
        }
    }
}
