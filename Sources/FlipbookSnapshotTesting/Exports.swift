// The types the strategies take (`Player`, `PixelImage`, `ImageTolerance`) come with the import.
@_exported import Flipbook
@_exported import GoldenImages
