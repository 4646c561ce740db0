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
        .library(name: "TextFitCLI", targets: ["TextFitCLI"]),
        .executable(name: "textfit", targets: ["textfit"]),
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
            cSettings: [.unsafeFlags(["-Wall", "-Wextra", "-Wno-unused-parameter"])]
        ),
        // The door to drawing: FreeType rasterisation and outlines, the RGBA canvas, PNG coding.
        .target(
            name: "CTextFitRender",
            dependencies: ["CFreeType", "CPNG"],
            cSettings: [.unsafeFlags(["-Wall", "-Wextra", "-Wno-unused-parameter"])]
        ),
        .target(name: "TextFit", dependencies: ["CTextFit"]),
        // Label, title + date and list-row sizing on TextFit's public API only.
        .target(name: "TextFitLayout", dependencies: ["TextFit"]),
        // Pictures (PNG, SVG) of what TextFit measured, drawn from its public glyph runs only.
        .target(name: "TextFitRender", dependencies: ["TextFit", "TextFitLayout", "CTextFitRender"]),
        .target(name: "TextFitCLI", dependencies: ["TextFit", "TextFitLayout", "TextFitRender"]),
        .executableTarget(name: "textfit", dependencies: ["TextFitCLI"]),
        .testTarget(name: "TextFitTests", dependencies: ["TextFit"], resources: [.copy("Data")]),
        .testTarget(name: "TextFitLayoutTests", dependencies: ["TextFitLayout", "TextFit"]),
        .testTarget(name: "TextFitRenderTests", dependencies: ["TextFitRender", "TextFitLayout", "TextFit"],
                    resources: [.copy("Data")]),
        .testTarget(name: "TextFitCLITests", dependencies: ["TextFitCLI", "TextFit"]),
    ],
    swiftLanguageModes: [.v6]
)
