// `import FlipbookTesting` brings the comparison types (`ImageTolerance`, `ImageComparator`,
// `GoldenFile`, ...) and the library itself.
@_exported import Flipbook
@_exported import GoldenImages
