// The modules whose types Flipbook's public API takes or returns, re-exported so that `import Flipbook`
// is enough: `Scene` and `SceneError` (SceneFormat), `Timeline` and `StateSnapshot` (Timeline),
// `DisplayList` (DisplayList), `PixelImage` and `RGBA8` (Pixels), `Point`, `Size` and `Path` (Geometry),
// `Rasterizer` and `PNGFile` (Raster), `Dither` (GIF), `Value` (Expressions, the state's values).
@_exported import DisplayList
@_exported import Expressions
@_exported import Geometry
@_exported import GIF
@_exported import Pixels
@_exported import Raster
@_exported import SceneFormat
@_exported import Timeline
