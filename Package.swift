// swift-tools-version:6.0
// TextFit: UIKit-compatible text measurement and wrapping on Linux.
// System libraries come from Debian's -dev packages through pkg-config; no outside Swift package.
import PackageDescription

let package = Package(
    name: "TextFit",
    products: [
        .library(name: "TextFit", targets: ["TextFit"]),
        .library(name: "TextFitLayout", targets: ["TextFitLayout"]),
        .library(name: "TextFitRender", targets: ["TextFitRender"]),
        .library(name: "TextFitConstraints", targets: ["TextFitConstraints"]),
        .executable(name: "textfit", targets: ["textfit"]),
        // Not API: the fuzz-testing logic, a product only because the nested FuzzTesting/ package depends
        // on it (a package can only depend on another's products).
        .library(name: "_TextFitTestSupport", targets: ["_TextFitTestSupport"]),
    ],
    targets: [
        // System libraries. Nothing in Swift imports these modules: only the C shim includes their
        // headers (ICU's enums collide with the toolchain's own ICU module if imported next to Foundation).
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        .systemLibrary(name: "CICU", pkgConfig: "icu-uc", providers: [.apt(["libicu-dev"])]),
        // PNG encoding for rendered layouts (and decoding in tests); only the drawing shim links it.
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        // The one door to C: a plain-C API with a `tf_` prefix and opaque handles.
        .target(
            name: "CTextFit",
            dependencies: ["CFreeType", "CHarfBuzz", "CFontconfig", "CICU"],
            cSettings: [.unsafeFlags(["-Wall", "-Wextra", "-Wno-unused-parameter"])],
            // libhyphen (Debian's libhyphen-dev) ships no pkg-config file: its header is in /usr/include.
            linkerSettings: [.linkedLibrary("hyphen")]
        ),
        // The door to drawing: FreeType rasterisation and outlines, the RGBA canvas, PNG coding.
        .target(
            name: "CTextFitRender",
            dependencies: ["CFreeType", "CPNG"],
            cSettings: [.unsafeFlags(["-Wall", "-Wextra", "-Wno-unused-parameter"])]
        ),
        .target(name: "TextFit", dependencies: ["CTextFit"]),
        // A Cassowary linear constraint solver (kiwisolver's algorithm), the engine under Auto Layout.
        .target(name: "TextFitConstraints"),
        // Label, title + date and list-row sizing on TextFit's public API (and its lock, through `package` access).
        .target(name: "TextFitLayout", dependencies: ["TextFit", "TextFitConstraints"]),
        // Pictures (PNG, SVG) of what TextFit measured, drawn from its public glyph runs only.
        .target(name: "TextFitRender", dependencies: ["TextFit", "TextFitLayout", "CTextFitRender"]),
        // The `textfit` command line as a module, so tests run it in process; only the executable ships.
        .target(name: "TextFitCLI", dependencies: ["TextFit", "TextFitLayout", "TextFitRender"]),
        .executableTarget(name: "textfit", dependencies: ["TextFitCLI"]),

        // Test support, never linked into the library or the tool.
        // LeakSanitizer's suppressions for leaks outside TextFit (system libraries, the test harness).
        .target(name: "_TextFitSanitizerSettings"),
        // The fuzz targets' logic (FuzzTesting/), replayed by the tests on the committed corpus, and the
        // fixtures the test targets share (the seeded generator, the sample texts).
        .target(
            name: "_TextFitTestSupport",
            dependencies: ["TextFit", "TextFitLayout", "TextFitConstraints", "TextFitCLI", "_TextFitSanitizerSettings"]),
        .testTarget(
            name: "TextFitTests", dependencies: ["TextFit", "_TextFitTestSupport", "_TextFitSanitizerSettings"],
            resources: [.copy("Data")]),
        .testTarget(name: "TextFitConstraintsTests", dependencies: ["TextFitConstraints"], resources: [.copy("Data")]),
        .testTarget(
            name: "TextFitLayoutTests",
            dependencies: ["TextFitLayout", "TextFit", "_TextFitTestSupport", "_TextFitSanitizerSettings"]),
        .testTarget(
            name: "TextFitRenderTests",
            dependencies: ["TextFitRender", "TextFitLayout", "TextFit", "_TextFitTestSupport", "_TextFitSanitizerSettings"],
            resources: [.copy("Data")]),
        .testTarget(
            name: "TextFitCLITests",
            dependencies: ["TextFitCLI", "TextFit", "_TextFitTestSupport", "_TextFitSanitizerSettings"],
            exclude: ["Data"]),  // read from the checkout (FallbackParityTests), not bundled
    ],
    swiftLanguageModes: [.v6]
)
