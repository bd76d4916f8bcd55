// swift-tools-version:6.0
import PackageDescription

/// Flipbook: scene file -> timeline -> display list -> Cairo -> GIF / PNG.
///
/// The data flows one way; each module may import only the ones above it in DESIGN.md.
let package = Package(
    name: "Flipbook",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "render", targets: ["render"]),
        .library(name: "Flipbook", targets: ["Flipbook"]),
        .library(name: "FlipbookTesting", targets: ["FlipbookTesting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // System libraries.
        .systemLibrary(name: "CCairo", pkgConfig: "cairo",
                       providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CPango", pkgConfig: "pangocairo",
                       providers: [.apt(["libpango1.0-dev"])]),
        .systemLibrary(name: "CGIF", providers: [.apt(["libgif-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebpmux", providers: [.apt(["libwebp-dev"])]),

        // Pure value modules.
        .target(name: "Pixels"),
        .target(name: "ByteStream"),
        .target(name: "Geometry"),
        .target(name: "Expressions"),
        .target(name: "DisplayList", dependencies: ["Geometry", "Pixels"]),
        .target(name: "SceneFormat", dependencies: ["Geometry", "Expressions"]),
        .target(name: "Timeline", dependencies: ["Expressions", "SceneFormat"]),
        .target(name: "Compose",
                dependencies: ["Geometry", "Expressions", "SceneFormat", "Timeline", "DisplayList"]),

        // Pixels out.
        .target(name: "Raster", dependencies: ["DisplayList", "Geometry", "Pixels", "CCairo", "CPango"]),
        .target(name: "GIF", dependencies: ["Pixels", "ByteStream", "CGIF"]),
        .target(name: "APNG", dependencies: ["Pixels", "ByteStream", "CZlib"]),
        .target(name: "WebP", dependencies: ["Pixels", "ByteStream", "CWebP"]),

        // Facade and command line.
        .target(name: "Flipbook",
                dependencies: ["Pixels", "Geometry", "Expressions", "SceneFormat", "Timeline",
                               "DisplayList", "Compose", "Raster", "GIF", "APNG", "WebP", "ByteStream"]),
        .target(name: "FlipbookTesting", dependencies: ["Flipbook", "Pixels", "Raster"]),
        .executableTarget(name: "render",
                          dependencies: ["Flipbook",
                                         .product(name: "ArgumentParser", package: "swift-argument-parser")]),

        // Tests.
        .testTarget(name: "GeometryTests", dependencies: ["Geometry"]),
        .testTarget(name: "ExpressionsTests", dependencies: ["Expressions"]),
        .testTarget(name: "ComposeTests",
                    dependencies: ["Compose", "DisplayList", "Geometry", "SceneFormat", "Timeline", "Expressions"]),
        .testTarget(name: "SceneFormatTests", dependencies: ["SceneFormat", "Expressions"]),
        .testTarget(name: "TimelineTests", dependencies: ["Timeline", "SceneFormat", "Expressions"]),
        .testTarget(name: "RasterTests", dependencies: ["Raster", "DisplayList", "Geometry", "Pixels"]),
        .testTarget(name: "GIFTests", dependencies: ["GIF", "Pixels", "ByteStream"]),
        .testTarget(name: "FlipbookTestingTests", dependencies: ["FlipbookTesting", "Pixels", "Raster"]),
        .testTarget(name: "FlipbookTests",
                    dependencies: ["Flipbook", "FlipbookTesting", "Compose", "Timeline", "SceneFormat", "GIF", "Pixels",
                                   "ByteStream", "APNG"]),
    ]
)
