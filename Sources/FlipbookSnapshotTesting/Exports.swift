import Flipbook
import GoldenImages
import Pixels

// The types the strategies take, named with `import FlipbookSnapshotTesting` alone (the same types as
// FlipbookTesting's names for them, so importing both is not ambiguous). The rest of the library comes
// with `import Flipbook`.

/// Reads scene files: `SceneFile.load(path:)`, `load(url:)`, `load(json:)` or `load(data:)`.
public typealias SceneFile = Flipbook.SceneFile

/// A scene made ready to render: `try Player(scene: SceneFile.load(path: "scenes/pulse.json"))`, the value
/// the `.frame(at:)`, `.frames(at:)` and `.eachFrame(at:)` strategies snapshot.
public typealias Player = Flipbook.Player

/// A rendered frame, 8-bit RGBA: the format of every strategy here.
public typealias PixelImage = Pixels.PixelImage

/// How different a frame may be from its snapshot and still match (`.default`, `.exact`, or your own).
public typealias ImageTolerance = GoldenImages.ImageTolerance
