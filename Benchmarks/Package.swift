// swift-tools-version:6.0
// TextFit benchmarks: a nested package so `swift build` / `swift test` of TextFit never build it, and so
// it may link Pango (the peer) without TextFit depending on it. Always run it in release:
//
//     swift run -c release --package-path Benchmarks textfit-bench
//
// See README.md.
import Foundation
import PackageDescription

// A path dependency's identity is its folder's name (`main` in the usual checkout), whatever the
// package calls itself.
let textFit = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .lastPathComponent.lowercased()

let package = Package(
    name: "TextFitBenchmarks",
    products: [
        .executable(name: "textfit-bench", targets: ["textfit-bench"]),
        .executable(name: "autolayout-bench", targets: ["autolayout-bench"]),
    ],
    dependencies: [
        .package(path: "..")
    ],
    targets: [
        // Pango with its FreeType backend; pkg-config pangoft2 brings glib, Fontconfig, FreeType and
        // HarfBuzz along. Only CBenchPeers includes its headers.
        .systemLibrary(name: "CBenchPangoFT2", pkgConfig: "pangoft2", providers: [.apt(["libpango1.0-dev"])]),
        // The peers as plain C functions (`bench_` prefix): Pango layout, the HarfBuzz shaping floor, RSS.
        .target(
            name: "CBenchPeers",
            dependencies: ["CBenchPangoFT2"],
            cSettings: [.unsafeFlags(["-O2", "-Wall", "-Wextra", "-Wno-unused-parameter"])]
        ),
        .executableTarget(
            name: "textfit-bench",
            dependencies: [
                .product(name: "TextFit", package: textFit), .product(name: "TextFitLayout", package: textFit),
                "CBenchPeers",
            ]
        ),
        // Auto Layout: a 10-view cell solved, re-solved at a new width, and 10,000 rows against CellTemplate.
        .executableTarget(
            name: "autolayout-bench",
            dependencies: [
                .product(name: "TextFitLayout", package: textFit),
                .product(name: "TextFitConstraints", package: textFit),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
