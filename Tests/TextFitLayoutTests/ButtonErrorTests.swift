import Foundation
import Testing
import TextFitLayout

/// Bad input to either button model is a typed error naming the field and the limit, never a crash.
@Suite struct ButtonErrorTests {
    func legacy() throws -> ButtonLayout {
        ButtonLayout(title: "Save", font: try Fixtures.font(), imageSize: CGSize(width: 20, height: 20), scale: 2)
    }

    func configuration() throws -> ButtonConfiguration {
        ButtonConfiguration(title: "Save", titleFont: try Fixtures.font(), imageSize: CGSize(width: 20, height: 20))
    }

    static let badSizes: [CGSize] = [
        CGSize(width: CGFloat.nan, height: 10), CGSize(width: 10, height: -1), CGSize(width: CGFloat.infinity, height: 1),
    ]

    @Test(arguments: badSizes)
    func badImageSize(_ size: CGSize) throws {
        var button = try legacy()
        button.imageSize = size
        #expect(throws: ButtonError.self) { try button.intrinsicContentSize }
        #expect(throws: ButtonError.self) { try button.layout(in: CGRect(x: 0, y: 0, width: 100, height: 40)) }
        var configured = try configuration()
        configured.imageSize = size
        #expect(throws: ButtonError.self) { try configured.intrinsicContentSize }
        #expect(throws: ButtonError.self) { try configured.layout(in: CGRect(x: 0, y: 0, width: 100, height: 40)) }
    }

    @Test func badBoundsAndProposals() throws {
        let button = try legacy()
        for bounds in [
            CGRect(x: 0, y: 0, width: CGFloat.nan, height: 10), CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10),
            CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 10),
            CGRect(origin: .zero, size: CGSize(width: -5, height: 10)),
        ] {
            #expect(throws: ButtonError.self) { try button.layout(in: bounds) }
            #expect(throws: ButtonError.self) { try button.contentRect(forBounds: bounds) }
            #expect(throws: ButtonError.self) { try button.imageRect(forContentRect: bounds) }
            #expect(throws: ButtonError.self) { try configuration().layout(in: bounds) }
        }
        #expect(throws: ButtonError.invalidSize(field: "proposed size", CGSize(width: -1, height: 0))) {
            try button.sizeThatFits(CGSize(width: -1, height: 0))
        }
        #expect(throws: ButtonError.self) { try configuration().sizeThatFits(CGSize(width: CGFloat.nan, height: 0)) }
    }

    /// Content insets that add up to more than the bounds on an axis would invert the content rect.
    @Test func insetsLargerThanTheBounds() throws {
        var button = try legacy()
        button.contentEdgeInsets = EdgeInsets(left: 60, right: 60)
        let bounds = CGRect(x: 0, y: 0, width: 100, height: 40)
        #expect(
            throws: ButtonError.insetsExceedBounds(
                field: "contentEdgeInsets", axis: .horizontal, insets: 120,
                limit: 100)
        ) {
            try button.layout(in: bounds)
        }
        button.contentEdgeInsets = EdgeInsets(top: 30, bottom: 11)
        #expect(
            throws: ButtonError.insetsExceedBounds(
                field: "contentEdgeInsets", axis: .vertical, insets: 41,
                limit: 40)
        ) {
            try button.contentRect(forBounds: bounds)
        }
        // Exactly the bounds is allowed: an empty content rect.
        button.contentEdgeInsets = EdgeInsets(top: 20, left: 50, bottom: 20, right: 50)
        #expect(try button.contentRect(forBounds: bounds) == CGRect(x: 50, y: 20, width: 0, height: 0))
        var configured = try configuration()
        configured.contentInsets = .init(top: 0, leading: 70, bottom: 0, trailing: 31)
        #expect(
            throws: ButtonError.insetsExceedBounds(
                field: "contentInsets", axis: .horizontal, insets: 101,
                limit: 100)
        ) {
            try configured.layout(in: bounds)
        }
    }

    @Test func nonFiniteInsetsAndPaddings() throws {
        var button = try legacy()
        button.titleEdgeInsets = EdgeInsets(left: .nan)
        #expect(throws: ButtonError.self) {
            try button.intrinsicContentSize
        }
        button.titleEdgeInsets = .zero
        button.imageEdgeInsets = EdgeInsets(top: .infinity)
        #expect(throws: ButtonError.self) { try button.imageRect(forContentRect: CGRect(x: 0, y: 0, width: 50, height: 50)) }
        var copy = try legacy()
        #expect(throws: ButtonError.invalidPadding(field: "spacing", -1)) { try copy.placeImageAboveTitle(spacing: -1) }

        for field in ["imagePadding", "titlePadding", "imageReservation"] {
            var configured = try configuration()
            switch field {
            case "imagePadding": configured.imagePadding = -2
            case "titlePadding": configured.titlePadding = .nan
            default: configured.imageReservation = -.infinity
            }
            #expect(throws: ButtonError.self) { try configured.intrinsicContentSize }
        }
        var configured = try configuration()
        configured.contentInsets = .init(top: .nan)
        #expect(throws: ButtonError.self) { try configured.intrinsicContentSize }
    }

    @Test func badScale() throws {
        var button = try legacy()
        button.scale = 0
        #expect(throws: MeasureError.invalidScale(0)) { try button.intrinsicContentSize }
        var configured = try configuration()
        configured.scale = .nan
        #expect(throws: MeasureError.self) { try configured.intrinsicContentSize }
    }

    /// Messages name the field and say what a valid value is; `localizedDescription` reads the same.
    @Test func descriptions() {
        let errors: [ButtonError] = [
            .invalidSize(field: "imageSize", CGSize(width: -1, height: 2)),
            .invalidRect(field: "bounds", CGRect(x: 0, y: 0, width: 1, height: 1)),
            .invalidInsets(field: "imageEdgeInsets", EdgeInsets(left: .nan)),
            .invalidPadding(field: "imagePadding", -1),
            .insetsExceedBounds(field: "contentEdgeInsets", axis: .horizontal, insets: 120, limit: 100),
        ]
        for error in errors {
            #expect(error.localizedDescription == error.description)
        }
        #expect(errors[0].description == "invalid imageSize -1.0 x 2.0: use finite numbers >= 0")
        #expect(
            errors[4].description == "contentEdgeInsets left + right = 120.0 exceeds the bounds' width 100.0: "
                + "use insets that add up to at most 100.0")
    }
}

/// Sizes that add up past the largest finite number are refused rather than returned as infinity.
@Suite struct ButtonOverflowTests {
    @Test func overflowingSizes() throws {
        let font = try Fixtures.font()
        var button = ButtonLayout(title: "A", font: font, imageSize: CGSize(width: 1e308, height: 1e308))
        button.contentEdgeInsets = EdgeInsets(top: 1e308, left: 1e308)
        #expect(throws: ButtonError.self) { try button.intrinsicContentSize }
        var configured = ButtonConfiguration(title: "A", titleFont: font, imageSize: CGSize(width: 1e308, height: 1))
        configured.imagePadding = 1e308
        #expect(throws: ButtonError.self) { try configured.intrinsicContentSize }
        // Huge but finite inputs lay out without trapping.
        var large = ButtonLayout(title: "Hello", font: font, imageSize: CGSize(width: 1e300, height: 10))
        large.imageEdgeInsets = EdgeInsets(top: 1e308, left: 1e308, bottom: -1e308, right: -1e308)
        _ = try large.layout(in: CGRect(x: 0, y: 0, width: 1e308, height: 10))
    }
}
