import Flipbook
import GoldenImages
import Pixels

// What a golden test names with `import FlipbookTesting` alone: the scene loader, the player, the frame
// and the tolerance. The rest of the library (scenes, timelines, display lists, encoders) comes with
// `import Flipbook`; the comparison machinery behind the assertions is not part of this module's API.

/// Reads scene files: `SceneFile.load(path:)`, or `load(url:)` for a bundled resource, `load(json:)` for a
/// string and `load(data:)` for `Data`. Each validates the scene and throws a `SceneError` naming the
/// file, line and column of the first problem.
public typealias SceneFile = Flipbook.SceneFile

/// A scene made ready to render: `try Player(scene: SceneFile.load(path: "scenes/pulse.json"))` simulates
/// its script once; then `try player.frame(at: 0.3)` draws the frame at 0.3 s, the image `assertGolden`
/// compares, and `assertGoldens(player, times:in:)` checks several at once.
public typealias Player = Flipbook.Player

/// A rendered frame, 8-bit RGBA: what `Player.frame(at:)` returns and `assertGolden` compares.
public typealias PixelImage = Pixels.PixelImage

/// How different a frame may be from its golden and still match: `.default` (2 levels per channel,
/// 2 differing pixels, anti-aliased edges ignored), `.exact`, or your own, such as
/// `ImageTolerance(channel: 4, maxDifferentPixels: 50)`.
public typealias ImageTolerance = GoldenImages.ImageTolerance
