import Foundation

/// A button laid out the iOS 15 way, like `UIButton.Configuration` (rule U8): an image placed against
/// one edge of a title block (title, optional subtitle), `imagePadding` between them, `titlePadding`
/// between title and subtitle, `contentInsets` around everything. The legacy inset properties do not
/// exist here, as UIKit ignores them once a configuration is set.
///
/// ```swift
/// var button = ButtonConfiguration(title: "Upload", titleFont: try .systemFont(ofSize: 17),
///                                  subtitle: "3 files", subtitleFont: try .systemFont(ofSize: 13),
///                                  imageSize: CGSize(width: 24, height: 24), scale: 2)
/// button.imagePlacement = .top
/// button.imagePadding = 8
/// let size = try button.intrinsicContentSize           // insets + image + 8 + title + subtitle
/// let frames = try button.layout(in: CGRect(origin: .zero, size: size))
/// (frames.imageRect, frames.titleRect, frames.subtitleRect)
/// ```
///
/// Defaults, and where they come from:
/// * `titleLineBreakMode`, `subtitleLineBreakMode`: `.byWordWrapping` — documented by Apple; wrapping
///   modes allow several lines, the others keep the text on one line (also documented).
/// * `imageReservation`: 0 — documented.
/// * `contentInsets`: top 7, leading 12, bottom 7, trailing 12 — observed, not documented: the values a
///   default (medium-size) configuration reports, quoted on Apple's developer forums (thread 733541),
///   where an Apple engineer adds that they depend on the button size and Dynamic Type. Apple's page
///   calls the property extra padding after a style inset; TextFit treats it as the whole inset, which
///   is what the reported default and `setDefaultContentInsets()` imply (inferred).
/// * `imagePadding`, `titlePadding`: 0 — inferred (not stated in Apple's documentation).
/// * `imagePlacement`: `.leading` — inferred (the image-then-title order buttons have always used).
/// * `titleAlignment`: `.automatic` — inferred (the enumeration's first case); automatic aligns to the
///   image (leading image: leading, trailing image: trailing) and centres otherwise (inferred from the
///   documented "based on other elements … like an image").
/// * The content is centred in the content rect (inferred); `leading`/`trailing` mean left/right:
///   TextFit lays buttons out left to right.
public struct ButtonConfiguration: Sendable {
    /// The edge of the title block the image sits against, like `imagePlacement`'s `NSDirectionalRectEdge`.
    public enum ImagePlacement: String, Sendable, Hashable, CaseIterable {
        /// Before the text (left, TextFit lays buttons out left to right).
        case leading
        /// After the text.
        case trailing
        /// Above the text.
        case top
        /// Below the text.
        case bottom

        var isHorizontal: Bool { self == .leading || self == .trailing }
    }

    /// How the title and subtitle align with each other, like `UIButton.Configuration.TitleAlignment`.
    public enum TitleAlignment: String, Sendable, Hashable, CaseIterable {
        /// By the image: leading beside a leading image, trailing beside a trailing one, else centred.
        case automatic
        /// Both lines start at the block's leading edge.
        case leading
        /// Both lines centred in the block.
        case center
        /// Both lines end at the block's trailing edge.
        case trailing
    }

    /// The default `contentInsets` (observed, see the type's notes).
    public static let defaultContentInsets = DirectionalEdgeInsets(top: 7, leading: 12, bottom: 7, trailing: 12)

    /// The title; `nil` or "" for none.
    public var title: String? {
        didSet { if title != oldValue { titleBox = PreparedTextBox(text: title ?? "", font: titleFont) } }
    }
    /// The title's font.
    public var titleFont: Font {
        didSet { if titleFont != oldValue { titleBox = PreparedTextBox(text: title ?? "", font: titleFont) } }
    }
    /// The subtitle below the title; `nil` or "" for none.
    public var subtitle: String? {
        didSet { if subtitle != oldValue { subtitleBox = PreparedTextBox(text: subtitle ?? "", font: subtitleFont) } }
    }
    /// The subtitle's font.
    public var subtitleFont: Font {
        didSet {
            if subtitleFont != oldValue { subtitleBox = PreparedTextBox(text: subtitle ?? "", font: subtitleFont) }
        }
    }
    /// The image's size; `.zero` for none.
    public var imageSize: CGSize
    /// Where the image sits against the text. Default `.leading` (inferred).
    public var imagePlacement: ImagePlacement = .leading
    /// The gap between the image and the title block, used only when both are present (≥ 0).
    public var imagePadding: CGFloat = 0
    /// Room kept for the image along the placement axis; an image larger than it ignores it, a smaller
    /// one is centred in it (documented; ≥ 0, default 0).
    public var imageReservation: CGFloat = 0
    /// The gap between title and subtitle, used only when both are present (≥ 0).
    public var titlePadding: CGFloat = 0
    /// The content rect's insets from the bounds. Default `defaultContentInsets`.
    public var contentInsets: DirectionalEdgeInsets = ButtonConfiguration.defaultContentInsets
    /// How title and subtitle align with each other. Default `.automatic` (inferred).
    public var titleAlignment: TitleAlignment = .automatic
    /// Wrapping modes wrap the title at the room it has; other modes keep it on one line. Default
    /// `.byWordWrapping`.
    public var titleLineBreakMode: LineBreakMode = .byWordWrapping
    /// As `titleLineBreakMode`, for the subtitle.
    public var subtitleLineBreakMode: LineBreakMode = .byWordWrapping
    /// Default `.unspecified` (left to right). `.forceRightToLeft` makes leading the right edge: the
    /// content insets, `imagePlacement` and `titleAlignment` follow, so the whole layout is mirrored (U11).
    public var semanticContentAttribute: SemanticContentAttribute = .unspecified
    /// The pixel grid sizes round up to and frames snap to: 1, 2 or 3.
    public var scale: CGFloat

    private var titleBox: PreparedTextBox
    private var subtitleBox: PreparedTextBox

    /// A configuration with a title, an optional subtitle and an optional image.
    /// - Parameters:
    ///   - title: the title; `nil` or "" for none.
    ///   - titleFont: the title's font.
    ///   - subtitle: the subtitle; `nil` or "" for none.
    ///   - subtitleFont: the subtitle's font; `nil` uses `titleFont`.
    ///   - imageSize: the image's size; `.zero` (the default) for none.
    ///   - scale: the pixel grid (default `Screen.main.scale`, 1 unless set).
    public init(
        title: String? = nil, titleFont: Font, subtitle: String? = nil, subtitleFont: Font? = nil,
        imageSize: CGSize = .zero, scale: CGFloat? = nil
    ) {
        self.title = title
        self.titleFont = titleFont
        self.subtitle = subtitle
        self.subtitleFont = subtitleFont ?? titleFont
        self.imageSize = imageSize
        self.scale = scale ?? Screen.layoutScale
        self.titleBox = PreparedTextBox(text: title ?? "", font: titleFont)
        self.subtitleBox = PreparedTextBox(text: subtitle ?? "", font: subtitleFont ?? titleFont)
    }

    /// The title's prepared text, kept until `title` or `titleFont` changes.
    public var preparedTitle: PreparedText { titleBox.prepared }
    /// The subtitle's prepared text, kept until `subtitle` or `subtitleFont` changes.
    public var preparedSubtitle: PreparedText { subtitleBox.prepared }
}
