import Foundation
@testable import TextFit
import _TextFitTestSupport

/// Shared fonts and a seeded generator for the engine's tests.
enum Fixtures {
    static func font(_ size: CGFloat = 17) throws -> Font { try Font(family: "Noto Sans", size: size) }

    /// Sample texts in several scripts, with spaces, punctuation, long words and combining sequences.
    static let samples = SampleTexts.all

    typealias Generator = SeededGenerator

    /// A random text built from words of the samples (seeded, so failures reproduce).
    static func randomText(_ generator: inout Generator) -> String {
        let words = samples.joined(separator: " ").split(separator: " ")
        let count = Int.random(in: 1...40, using: &generator)
        var text = ""
        for i in 0..<count {
            if i > 0 { text += Int.random(in: 0..<12, using: &generator) == 0 ? "\n" : " " }
            text += words.randomElement(using: &generator)!
        }
        return text
    }
}
