import Foundation

/// Where a button's parts go inside its bounds: what `UIButton` hands its image view and title label
/// after layout, plus the title's lines as drawn.
///
/// ```swift
/// let frames = try button.layout(in: CGRect(x: 0, y: 0, width: 200, height: 44))
/// (frames.imageRect, frames.titleRect)      // snapped to the pixel grid (U7)
/// frames.titleLines?.first?.text            // "Downl…" when the insets squeeze the title
/// ```
/// A part that is absent or hidden has a `.zero` rect and no lines.
public struct ButtonFrames: Sendable, Equatable {
    /// The button's bounds the layout was made for.
    public let bounds: CGRect
    /// The bounds inset by the content insets (U1).
    public let contentRect: CGRect
    /// The image view's frame (`.zero` without an image or when squeezed to nothing).
    public let imageRect: CGRect
    /// The title label's frame (as wide as the title may be; the drawn text may be narrower).
    public let titleRect: CGRect
    /// The subtitle label's frame (configuration buttons only; `.zero` otherwise).
    public let subtitleRect: CGRect
    /// The title laid out at `titleRect`'s width, in the rect's coordinates.
    public let titleLines: TextLines?
    /// The subtitle laid out at `subtitleRect`'s width.
    public let subtitleLines: TextLines?

    /// Frames as given (the button types make them; tests and renderers may too).
    public init(
        bounds: CGRect, contentRect: CGRect, imageRect: CGRect, titleRect: CGRect,
        subtitleRect: CGRect = .zero, titleLines: TextLines? = nil, subtitleLines: TextLines? = nil
    ) {
        self.bounds = bounds
        self.contentRect = contentRect
        self.imageRect = imageRect
        self.titleRect = titleRect
        self.subtitleRect = subtitleRect
        self.titleLines = titleLines
        self.subtitleLines = subtitleLines
    }
}
