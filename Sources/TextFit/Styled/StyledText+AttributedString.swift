import Foundation

extension AttributeScopes {
    /// TextFit's attributes for Foundation's `AttributedString` (UIKit's scope does not exist on Linux):
    /// `font`, `kern`, `tracking`, `baselineOffset`, `foregroundColor` and `attachment`, with the meanings of
    /// `TextAttributes`. The language comes from Foundation's own `languageIdentifier` (H6).
    ///
    /// ```swift
    /// var caps = AttributedString("SECTION HEADER")
    /// caps.textFit.tracking = 2                         // trimmed at the line's end (O9)
    /// caps.languageIdentifier = "de"                    // picks the hyphenation dictionary (H6)
    /// ```
    ///
    /// ```swift
    /// var text = AttributedString("Ada wrote the first program.")
    /// text[text.range(of: "Ada")!].textFit.font = try Font(family: "Noto Sans", size: 15, weight: .bold)
    /// let prepared = try PreparedText(styled: StyledText(text, font: try Font(family: "Noto Sans", size: 15)))
    /// ```
    public struct TextFitAttributes: AttributeScope {
        public let font: FontAttribute
        public let kern: KernAttribute
        public let tracking: TrackingAttribute
        public let baselineOffset: BaselineOffsetAttribute
        public let foregroundColor: ForegroundColorAttribute
        public let attachment: AttachmentAttribute

        public enum FontAttribute: AttributedStringKey {
            public typealias Value = Font
            public static let name = "TextFit.font"
        }
        public enum KernAttribute: AttributedStringKey {
            public typealias Value = CGFloat
            public static let name = "TextFit.kern"
        }
        /// UIKit's `.tracking`, points (`TextAttributes.tracking`, O7, O9).
        public enum TrackingAttribute: AttributedStringKey {
            public typealias Value = CGFloat
            public static let name = "TextFit.tracking"
        }
        public enum BaselineOffsetAttribute: AttributedStringKey {
            public typealias Value = CGFloat
            public static let name = "TextFit.baselineOffset"
        }
        public enum ForegroundColorAttribute: AttributedStringKey {
            public typealias Value = TextColor
            public static let name = "TextFit.foregroundColor"
        }
        /// On a U+FFFC: the inline box it stands for (elsewhere ignored, as TextKit ignores it).
        public enum AttachmentAttribute: AttributedStringKey {
            public typealias Value = TextAttachment
            public static let name = "TextFit.attachment"
        }
    }

    /// `text[range].textFit.font = ...`
    public var textFit: TextFitAttributes.Type { TextFitAttributes.self }
}

extension AttributeDynamicLookup {
    public subscript<T: AttributedStringKey>(dynamicMember keyPath: KeyPath<AttributeScopes.TextFitAttributes, T>) -> T {
        self[T.self]
    }
}

extension StyledText {
    /// The runs of `attributedString` in TextFit's attributes (`AttributeScopes.TextFitAttributes`), over
    /// `font` where a run sets none. Converting walks the runs once; building a `StyledText` directly skips
    /// the index conversions.
    /// - Throws: `StyledTextError.invalidValue` for a kern, offset or attachment size out of range.
    public init(_ attributedString: AttributedString, font: Font) throws {
        try self.init(font: font)
        let characters = attributedString.characters
        for run in attributedString.runs {
            let piece = String(characters[run.range])
            let attributes = TextAttributes(
                font: run[AttributeScopes.TextFitAttributes.FontAttribute.self],
                kern: run[AttributeScopes.TextFitAttributes.KernAttribute.self],
                baselineOffset: run[AttributeScopes.TextFitAttributes.BaselineOffsetAttribute.self],
                foregroundColor: run[AttributeScopes.TextFitAttributes.ForegroundColorAttribute.self],
                language: run[AttributeScopes.FoundationAttributes.LanguageIdentifierAttribute.self],
                tracking: run[AttributeScopes.TextFitAttributes.TrackingAttribute.self])
            if let attachment = run[AttributeScopes.TextFitAttributes.AttachmentAttribute.self] {
                // Each U+FFFC of the run is one box; other characters of the run are text.
                for character in piece {
                    if character == TextAttachment.character {
                        try append(attachment, attributes: attributes)
                    } else {
                        try append(String(character), attributes: attributes)
                    }
                }
            } else {
                try append(piece, attributes: attributes)
            }
        }
    }
}
