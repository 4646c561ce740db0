import Foundation
import TextFit
import _TextFitTestSupport

/// Fonts and sample texts for the drawing tests (the engine tests' samples, so the pictures cover the
/// same scripts).
enum Fixtures {
    static func font(_ size: CGFloat = 17) throws -> Font { try Font(family: "Noto Sans", size: size) }

    /// The bundled Noto Sans (TextFit's system font), as the layout tests use it.
    static func systemFont(_ size: CGFloat = 17) throws -> Font { try Font.systemFont(ofSize: size) }

    /// Sample texts in several scripts, with spaces, punctuation, long words and combining sequences.
    static let samples = SampleTexts.all
}
