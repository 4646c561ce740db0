// swift-tools-version:6.0
// libFuzzer targets for TextFit: a nested package, so `swift build` / `swift test` of TextFit
// never build it. Build and run them with the sanitizers on (README.md explains the flags: the driver
// keeps only the last `-sanitize=`, so both go in one):
//
//     swift build --package-path FuzzTesting --scratch-path /tmp/tf-fuzz -c release \
//         --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xcc -fsanitize=address
//     /tmp/tf-fuzz/release/FuzzMeasure FuzzTesting/Corpus/FuzzMeasure -max_total_time=600
//
// The entry logic lives in TextFit's test-support module (`_TextFitTestSupport`, `_FuzzEntries`) so the
// main test suite replays the committed corpus and crashers through the same code; linking it also
// brings LeakSanitizer's suppressions for leaks outside TextFit (`_TextFitSanitizerSettings`).
import Foundation
import PackageDescription

// A path dependency's identity is its folder's name (`main` in the usual checkout), whatever the
// package calls itself.
let textFit = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .lastPathComponent.lowercased()

let package = Package(
    name: "FuzzTesting",
    dependencies: [
        .package(path: "..")
    ],
    targets: [
        // Text, width, line limit, mode, strategy and font size from the bytes, through every measuring API.
        .executableTarget(name: "FuzzMeasure", dependencies: [.product(name: "_TextFitTestSupport", package: textFit)]),
        // OpenType features and variation axes, well formed or not, on Noto Sans and Inter's variable font.
        .executableTarget(name: "FuzzFontSettings", dependencies: [.product(name: "_TextFitTestSupport", package: textFit)]),
        // JSON Lines through `textfit batch`, in process.
        .executableTarget(name: "FuzzBatch", dependencies: [.product(name: "_TextFitTestSupport", package: textFit)]),
        // A String Catalog or .strings file and a constraints file through `textfit check --json`, in process.
        .executableTarget(name: "FuzzCheck", dependencies: [.product(name: "_TextFitTestSupport", package: textFit)]),
        // Range rects, carets and hit testing: a range and a point, then a FuzzMeasure request for the layout.
        .executableTarget(name: "FuzzSelection", dependencies: [.product(name: "_TextFitTestSupport", package: textFit)]),
        // Font bytes written to a file and loaded, or a path of symlinks, `..` and devices against allowed folders.
        .executableTarget(name: "FuzzFontFile", dependencies: [.product(name: "_TextFitTestSupport", package: textFit)]),
        // Styled runs, paragraph styles, bidi text and hyphenation through layout, measure, carets and the queries.
        .executableTarget(name: "FuzzStyled", dependencies: [.product(name: "_TextFitTestSupport", package: textFit)]),
        // A custom truncation token (T8–T16) over a FuzzStyled text: fits, never split, tiles the line.
        .executableTarget(name: "FuzzToken", dependencies: [.product(name: "_TextFitTestSupport", package: textFit)]),
        // Per-line widths, the line walker and text containers with exclusions, over a FuzzStyled text.
        .executableTarget(name: "FuzzLineWidths", dependencies: [.product(name: "_TextFitTestSupport", package: textFit)]),
        // Legacy and configuration buttons: sizes, the pixel grid, frames and the title shown whole.
        .executableTarget(name: "FuzzButton", dependencies: [.product(name: "_TextFitTestSupport", package: textFit)]),
        // Random constraint systems through the Cassowary solver: required constraints hold, refusals are typed.
        .executableTarget(name: "FuzzConstraints", dependencies: [.product(name: "_TextFitTestSupport", package: textFit)]),
    ],
    swiftLanguageModes: [.v6]
)
