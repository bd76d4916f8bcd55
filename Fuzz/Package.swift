// swift-tools-version:6.0
import PackageDescription

/// libFuzzer targets for Flipbook, kept out of the main package so its normal build is unaffected.
///
/// Build with `swift build -c release -Xswiftc -sanitize=fuzzer` (see `.ci/fuzz`). SwiftPM gives every
/// executable its own `main`, which here hands control to libFuzzer (`LLVMFuzzerRunDriver`). lld is
/// used because gold fails on the two `main`s (SwiftPM's and libFuzzer's), where lld keeps SwiftPM's.
let package = Package(
    name: "FlipbookFuzz",
    dependencies: [
        .package(name: "Flipbook", path: ".."),
    ],
    targets: [
        .target(name: "CFuzzerDriver"),
        .executableTarget(
            name: "FuzzScene",
            dependencies: ["CFuzzerDriver", .product(name: "Flipbook", package: "Flipbook")],
            linkerSettings: [.unsafeFlags(["-use-ld=lld"])]),
        .executableTarget(
            name: "FuzzSceneStructured",
            dependencies: ["CFuzzerDriver", .product(name: "Flipbook", package: "Flipbook")],
            linkerSettings: [.unsafeFlags(["-use-ld=lld"])]),
        .executableTarget(
            name: "FuzzExpression",
            dependencies: ["CFuzzerDriver", .product(name: "Flipbook", package: "Flipbook")],
            linkerSettings: [.unsafeFlags(["-use-ld=lld"])]),
    ]
)
