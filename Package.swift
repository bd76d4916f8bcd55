// swift-tools-version:6.0
import PackageDescription

/// Flipbook: scene file -> timeline -> display list -> Cairo -> GIF / PNG.
///
/// The data flows one way; each module may import only the ones above it in docs/architecture.md.
let package = Package(
    name: "Flipbook",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "render", targets: ["render"]),
        .library(name: "Flipbook", targets: ["Flipbook"]),
        .library(name: "FlipbookTesting", targets: ["FlipbookTesting"]),
        // Strategies for pointfreeco/swift-snapshot-testing; only this product depends on it.
        .library(name: "FlipbookSnapshotTesting", targets: ["FlipbookSnapshotTesting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.0"),
        // `swift package generate-documentation --target FlipbookTesting`; builds nothing for `swift build`.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // `render MyView.swift`: the SwiftSource front end parses Swift with it.
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
    ],
    targets: [
        // System libraries.
        .systemLibrary(name: "CCairo", pkgConfig: "cairo",
                       providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CPango", pkgConfig: "pangocairo",
                       providers: [.apt(["libpango1.0-dev"])]),
        .systemLibrary(name: "CGIF", providers: [.apt(["libgif-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CDeflate", providers: [.apt(["libdeflate-dev"])]),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebpmux", providers: [.apt(["libwebp-dev"])]),
        .systemLibrary(name: "CSystem"),

        // Pure value modules.
        .target(name: "Pixels"),
        .target(name: "ByteStream"),
        .target(name: "Geometry"),
        .target(name: "Expressions"),
        .target(name: "DisplayList", dependencies: ["Geometry", "Pixels"]),
        // SF Symbol names drawn with Phosphor Icons' outlines (MIT; the licence beside the generated table).
        .target(name: "Symbols", dependencies: ["Geometry"], exclude: ["PHOSPHOR-LICENSE.txt"]),
        .target(name: "SceneFormat", dependencies: ["Geometry", "Expressions", "Symbols"]),
        .target(name: "Timeline", dependencies: ["Geometry", "Expressions", "SceneFormat"]),
        .target(name: "Compose",
                dependencies: ["Geometry", "Expressions", "SceneFormat", "Timeline", "DisplayList", "Symbols"]),

        // Pixels out.
        .target(name: "Raster", dependencies: ["DisplayList", "Geometry", "Pixels", "CCairo", "CPango"]),
        .target(name: "GIF", dependencies: ["Pixels", "ByteStream", "CGIF"]),
        .target(name: "APNG", dependencies: ["Pixels", "ByteStream", "CZlib", "CDeflate"]),
        .target(name: "WebP", dependencies: ["Pixels", "ByteStream", "CWebP"]),

        // Swift in, scene JSON out: a front end that lowers a SwiftUI view file onto the scene format.
        // It depends on no engine module; its output goes through SceneFormat's decoder like any scene file.
        .target(name: "SwiftSource",
                dependencies: ["SceneFormat",
                               .product(name: "SwiftSyntax", package: "swift-syntax"),
                               .product(name: "SwiftParser", package: "swift-syntax")]),

        // Facade and command line.
        .target(name: "Flipbook",
                dependencies: ["Pixels", "Geometry", "Expressions", "SceneFormat", "Timeline",
                               "DisplayList", "Compose", "Raster", "GIF", "APNG", "WebP", "ByteStream",
                               "CZlib", "CSystem"]),
        // Golden images: comparison, triptychs, contact sheets, manifests; shared by the test assertions
        // and `render compare` / `render test`, so neither pulls in a test framework it does not need.
        .target(name: "GoldenImages", dependencies: ["Flipbook", "Pixels", "Raster"]),
        .target(name: "FlipbookTesting", dependencies: ["Flipbook", "GoldenImages", "Pixels", "Raster"]),
        .target(name: "FlipbookSnapshotTesting",
                dependencies: ["Flipbook", "GoldenImages", "Pixels",
                               .product(name: "SnapshotTesting", package: "swift-snapshot-testing")]),
        // The live preview: a local HTTP server with a page that scrubs the animation (`render preview`).
        .target(name: "Preview",
                dependencies: ["Flipbook", "Pixels", "Raster", "SceneFormat",
                               .product(name: "FlyingFox", package: "FlyingFox"),
                               .product(name: "FlyingSocks", package: "FlyingFox")]),
        .executableTarget(name: "render",
                          dependencies: ["Flipbook", "GoldenImages", "Preview", "SwiftSource",
                                         .product(name: "ArgumentParser", package: "swift-argument-parser")]),

        // Tests.
        // What the test targets share: finding the python3 that has the modules a check needs.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "GeometryTests", dependencies: ["Geometry"]),
        .testTarget(name: "SymbolsTests", dependencies: ["Symbols", "Geometry"]),
        .testTarget(name: "ExpressionsTests", dependencies: ["Expressions"]),
        .testTarget(name: "ComposeTests",
                    dependencies: ["Compose", "DisplayList", "Geometry", "SceneFormat", "Timeline", "Expressions"]),
        .testTarget(name: "SceneFormatTests", dependencies: ["SceneFormat", "Expressions", "TestSupport"]),
        .testTarget(name: "TimelineTests", dependencies: ["Timeline", "SceneFormat", "Expressions"]),
        .testTarget(name: "RasterTests", dependencies: ["Raster", "DisplayList", "Geometry", "Pixels"]),
        .testTarget(name: "GIFTests", dependencies: ["GIF", "Pixels", "ByteStream", "TestSupport"]),
        .testTarget(name: "FlipbookTestingTests", dependencies: ["FlipbookTesting", "GoldenImages", "Pixels", "Raster"]),
        .testTarget(name: "FlipbookSnapshotTestingTests",
                    dependencies: ["FlipbookSnapshotTesting", "Flipbook", "GoldenImages",
                                   .product(name: "SnapshotTesting", package: "swift-snapshot-testing")],
                    exclude: ["__Snapshots__"]),
        // Compiles against `import Flipbook` alone: proves the public API's types are reachable from it.
        .testTarget(name: "PublicAPITests", dependencies: ["Flipbook", "FlipbookTesting"]),
        .testTarget(name: "PreviewTests", dependencies: ["Preview", "Flipbook", "GIF", "Pixels", "Raster"]),
        .testTarget(name: "SwiftSourceTests", dependencies: ["SwiftSource", "SceneFormat", "Flipbook"]),
        .testTarget(name: "FlipbookTests",
                    dependencies: ["Flipbook", "FlipbookTesting", "GoldenImages", "Compose", "Timeline", "SceneFormat", "GIF", "Pixels", "Raster",
                                   "CZlib", "ByteStream", "APNG", "TestSupport"]),
    ]
)
