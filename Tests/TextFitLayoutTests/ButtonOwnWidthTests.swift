import Foundation
import Testing
import TextFit
import TextFitLayout

/// Rule U8 with L2: a configuration button proposed the width it answered keeps its size, and a one-line
/// title cut at the room it is offered (truncated or clipped) takes that whole room, as wide as its whole
/// line capped at the room (`FuzzTesting/Crashers/FuzzButton/configuration-own-width-changes-the-size`: a
/// middle-truncated 72 pt title answered 444.67 pt for 476, then 412 for 444.67, since T5 shares a smaller
/// room between the prefix and the suffix and shows other, narrower text).
@Suite struct ButtonOwnWidthTests {
    static let title = "incompréhensibilitéincompréhensibilité   עברית incompréhensibilité"

    /// The fuzzer's button: a 72 pt middle-truncated title under a 256 × 504 image, negative insets.
    static func fuzzersButton() throws -> ButtonConfiguration {
        var button = ButtonConfiguration(
            title: title, titleFont: try Fixtures.font(72), subtitle: "Subtitle \(title.prefix(8))",
            imageSize: CGSize(width: 256, height: 504), scale: 1.5)
        button.contentInsets = DirectionalEdgeInsets(top: -9, leading: -9, bottom: -9, trailing: 3)
        button.imagePlacement = .bottom
        button.imagePadding = 14
        button.titlePadding = 14
        button.titleLineBreakMode = .byTruncatingMiddle
        return button
    }

    @Test func theFuzzersButtonKeepsItsSize() throws {
        let button = try Self.fuzzersButton()
        let size = try button.sizeThatFits(CGSize(width: 476, height: 0))
        // The title does not fit the 482 pt the proposal leaves (476 less insets of −9 and 3), so it takes
        // all of it; the image (256) is narrower: 482 − 6 = 476, on the 1.5x grid.
        let whole = try PreparedText(Self.title, font: Fixtures.font(72)).measure().size.width
        #expect(whole > 482)
        #expect(size.width == 476)
        #expect(try button.sizeThatFits(CGSize(width: size.width, height: 0)) == size)
    }

    /// A title of only whitespace beside an image is 0 wide, so the answer gives it no room; proposed that
    /// width it keeps its line's height (U8), where it used to drop to the insets (FuzzButton's campaign).
    @Test(arguments: [" ", "   ", "\t"])
    func aWhitespaceTitleKeepsItsHeight(title: String) throws {
        var button = ButtonConfiguration(
            title: title, titleFont: try Fixtures.font(72), imageSize: CGSize(width: 48, height: 0), scale: 1)
        button.contentInsets = DirectionalEdgeInsets(all: 0)
        button.imagePlacement = .trailing
        button.imagePadding = 3
        let size = try button.sizeThatFits(CGSize(width: 108, height: 0))
        #expect(abs(size.width - 51) < 1e-9)
        #expect(size.height > 72)
        #expect(try button.sizeThatFits(CGSize(width: size.width, height: 0)) == size)
        // No room and visible text is still no title: "x" beside the 0-high image at the image's own width.
        var visible = button
        visible.title = "x"
        #expect(try visible.sizeThatFits(CGSize(width: 48, height: 0)).height == 0)
    }

    /// `FuzzTesting/Crashers/FuzzButton/own-width-*` (W2): "مرحبا بالعالم" at 72 pt beside a trailing 100 pt
    /// image, padding 9, no insets, proposed 182 pt, gets a 73 pt room, narrower than the word: "بالعالم" is
    /// cut into "با", "لع", "ال", "م" (widest 67.18), and the button answers 177. Proposed 177 the room is
    /// 68: the emergency break took "ب" alone, reshaped to its isolated form (71.5 pt, wider than "با"),
    /// and the other lines followed, so the answer grew to 181, then shrank again at 181.
    @Test func anArabicTitleCutLetterByLetterKeepsItsWidth() throws {
        var button = ButtonConfiguration(
            title: "\u{AD}مرحبا بالعالم", titleFont: try Fixtures.font(72), imageSize: CGSize(width: 100, height: 48),
            scale: 1)
        button.contentInsets = DirectionalEdgeInsets(all: 0)
        button.imagePlacement = .trailing
        button.imagePadding = 9
        let size = try button.sizeThatFits(CGSize(width: 182, height: 0))
        #expect(size.width == 177)  // ceil(67.18) + 9 + 100
        #expect(try button.sizeThatFits(CGSize(width: size.width, height: 0)) == size)
    }

    /// Arabic, Persian, German, Chinese and emoji titles at 17, 24 and 72 pt, wrapped beside or above an
    /// image in rooms from a few points to a few words, at 1x, 2x and 3x: an answer within the proposal is
    /// its own answer's answer.
    @Test func wrappedTitlesInNarrowRoomsKeepTheirSize() throws {
        let titles = [
            "مرحبا بالعالم", "\u{AD}\u{AD}مرحبا بالعالم Hello Hello", "کتابخانه‌های دانشگاه تهران",
            "Donaudampfschifffahrtsgesellschaft 👍🏽 fährt", "美商務部對中興通訊 👩‍👩‍👧‍👦 暫時部分解禁",
        ]
        var checked = 0
        var failures: [String] = []
        for title in titles {
            for size in [17, 24, 72] as [CGFloat] {
                for (placement, scale) in [(ButtonConfiguration.ImagePlacement.trailing, 1.0), (.top, 2), (.leading, 3)] {
                    var button = ButtonConfiguration(
                        title: title, titleFont: try Fixtures.font(size), imageSize: CGSize(width: 40, height: 30),
                        scale: CGFloat(scale))
                    button.imagePlacement = placement
                    button.imagePadding = 6
                    for proposal in stride(from: 60.0, through: 260.0, by: 3.5) {
                        let answer = try button.sizeThatFits(CGSize(width: proposal, height: 0))
                        guard answer.width <= CGFloat(proposal), answer.width > 0 else { continue }
                        checked += 1
                        let again = try button.sizeThatFits(CGSize(width: answer.width, height: 0))
                        if again != answer {
                            failures.append("\(title.prefix(8)) \(size) \(placement) \(proposal): \(answer) → \(again)")
                        }
                    }
                }
            }
        }
        #expect(checked > 500)
        #expect(failures.isEmpty, "\(failures.count) of \(checked): \(failures.prefix(5))")
    }

    /// `FuzzTesting/Crashers/FuzzButton/space-and-soft-hyphen-title-keeps-its-lines` (the 15-minute run on the
    /// W2 fix): the title " \u{AD}" is one line 4.4 pt wide unbounded (the space before the soft hyphen
    /// does not hang), but in the 3 pt room a proposal of 18 leaves it it wraps into " " and "\u{AD}", both 0
    /// wide: the answer is 15 × 47. Proposed 15, the title had no room and, not 0 wide unbounded, was
    /// hidden: 15 × 38, the image's height. With no room a wrapped text is now laid out at the narrowest
    /// width, where it takes the same two lines (U8).
    @Test func aSpaceBeforeASoftHyphenKeepsItsTwoLines() throws {
        var button = ButtonConfiguration(
            title: " \u{AD}", titleFont: try Fixtures.font(17), imageSize: CGSize(width: 0, height: 38), scale: 1)
        button.contentInsets = DirectionalEdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 6)
        button.imagePadding = 9
        let size = try button.sizeThatFits(CGSize(width: 18, height: 0))
        #expect(size == CGSize(width: 15, height: 47))  // 0 + 9 + 0 + 6; two lines of 23.15
        #expect(try button.sizeThatFits(CGSize(width: size.width, height: 0)) == size)
        let frames = try button.layout(in: CGRect(origin: .zero, size: size))
        #expect(frames.titleLines.map { $0.map(\.text) } == [" ", "\u{AD}"])
    }

    /// A title that fits keeps its own width, not the room (L2: the whole line).
    @Test func aTitleThatFitsKeepsItsWidth() throws {
        var button = ButtonConfiguration(title: "OK", titleFont: try Fixtures.font(17), scale: 2)
        button.titleLineBreakMode = .byTruncatingMiddle
        let ok = Fixtures.ceilPx(try Fixtures.width("OK", try Fixtures.font(17)), 2)
        #expect(try button.sizeThatFits(CGSize(width: 300, height: 0)).width == ok + 24)
    }

    /// Every one-line mode at proposals from 40 to 400 pt, with and without an image beside or above the
    /// title and a wrapping subtitle: an answer within the proposal is its own answer's answer.
    @Test func ownWidthIsAFixedPoint() throws {
        var checked = 0
        var failures: [String] = []
        let modes: [LineBreakMode] = [.byTruncatingMiddle, .byTruncatingTail, .byTruncatingHead, .byClipping]
        for title in [Self.title, "Download the latest version now", "مرحبا بالعالم، كيف حالك اليوم", "Save"] {
            for mode in modes {
                for placement in [ButtonConfiguration.ImagePlacement.leading, .top] {
                    var button = ButtonConfiguration(
                        title: title, titleFont: try Fixtures.font(24), subtitle: "Tap to continue with it",
                        imageSize: CGSize(width: 20, height: 20), scale: 2)
                    button.imagePlacement = placement
                    button.titleLineBreakMode = mode
                    for proposal in stride(from: 40.0, through: 400.0, by: 17.5) {
                        let size = try button.sizeThatFits(CGSize(width: proposal, height: 0))
                        guard size.width <= CGFloat(proposal) else { continue }
                        checked += 1
                        let again = try button.sizeThatFits(CGSize(width: size.width, height: 0))
                        if again != size {
                            failures.append("\(title.prefix(10)) \(mode) \(placement) \(proposal): \(size) → \(again)")
                        }
                    }
                }
            }
        }
        #expect(checked > 400)
        #expect(failures.isEmpty, "\(failures.count): \(failures.prefix(5))")
    }
}
