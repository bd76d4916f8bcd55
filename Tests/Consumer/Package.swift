// swift-tools-version:6.0
import PackageDescription

/// A package that uses Flipbook's testing libraries as docs/golden-tests.md and the FlipbookTesting DocC
/// article tell a user to (`Tests/Consumer/run` builds and runs it). Flipbook comes from this repository.
let package = Package(
    name: "Consumer",
    dependencies: [
        // This repository, named as the docs' `.package(url: "https://github.com/OWNER/flipbook.git", ...)` names it
        // (a path dependency is otherwise named after its folder).
        .package(name: "flipbook", path: "../.."),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.0"),
    ],
    targets: [
        .testTarget(name: "ConsumerTests", dependencies: [
            .product(name: "Flipbook", package: "flipbook"),
            .product(name: "FlipbookTesting", package: "flipbook"),
            .product(name: "FlipbookSnapshotTesting", package: "flipbook"),
            .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
        ], exclude: ["__Snapshots__"]),
    ]
)
