/// GIF frame delays: whole centiseconds that keep an animation's total duration right.
public enum FrameTiming {
    /// The highest frame rate whose every frame can get a delay of at least 2 cs (browsers show 0-1 cs as 10 cs).
    public static let maxFPS = 50.0

    /// The smallest delay written, in centiseconds.
    public static let minimumDelay = 2

    /// Per-frame delays in centiseconds for `frameCount` frames at `fps` (which must be positive and finite).
    ///
    /// Delay `i` is round(100 (i + 1) / fps) minus the centiseconds already given, so rounding error is carried,
    /// not accumulated: at fps <= `maxFPS` the total is frameCount / fps to within half a centisecond
    /// (30 fps gives 3, 4, 3, 3, 4, 3, ...). No delay is ever under 2 cs: above `maxFPS` every frame gets at
    /// least 2 cs and the animation runs slower than asked, so callers should render at most `maxFPS` frames
    /// per second (dropping frames) for GIF output.
    public static func delays(frameCount: Int, fps: Double) -> [Int] {
        precondition(fps > 0 && fps.isFinite, "fps must be positive and finite")
        var delays = [Int]()
        delays.reserveCapacity(max(frameCount, 0))
        var given = 0
        for frame in 0..<max(frameCount, 0) {
            let target = Int((Double(frame + 1) * 100 / fps).rounded())
            let delay = max(target - given, minimumDelay)
            delays.append(delay)
            given += delay
        }
        return delays
    }
}
