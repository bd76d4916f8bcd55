import Flipbook
import Foundation
import SceneFormat

/// glibc's `malloc_trim(3)`, which Swift's Glibc module does not export.
@_silgen_name("malloc_trim") func mallocTrim(_ pad: Int) -> Int32

/// The resource watchdog: one input may take at most this many seconds...
let maxSecondsPerInput = 10.0
/// ...and the process's peak memory may not pass this (the budget promises under 1 GB a render).
let maxPeakMiB = 1024.0
/// The work budget of the three frames drawn, in estimated CPU seconds: an input the estimate accepts
/// must draw within `maxSecondsPerInput`, so the estimate is checked as an upper bound too.
let workBudget = 3.0

/// The process's peak resident memory so far, in MiB.
func peakMiB() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
}

/// libFuzzer's entry point: the bytes steer `SceneGenerator` to a scene file, which is decoded,
/// simulated, estimated and drawn (three frames, on one worker, through the same work estimate, pipeline
/// and budget as `render`, with a budget of `workBudget`).
/// Every failure must be one line; a crash, an input slower than `maxSecondsPerInput` or a peak over
/// `maxPeakMiB` stops the fuzzer.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzSceneStructured(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let data else { return 0 }
    var generator = SceneGenerator(Array(UnsafeBufferPointer(start: data, count: count)))
    let json = generator.scene()
    // FUZZ_PRINT=1 Fuzz/.build/release/FuzzSceneStructured <input>: the scene an input makes, to reproduce it.
    if ProcessInfo.processInfo.environment["FUZZ_PRINT"] != nil { FileHandle.standardError.write(Data((json + "\n").utf8)) }
    let start = Date()
    do {
        let scene = try SceneDecoder.decode(Array(json.utf8), file: "fuzz.json")
        try SceneLimits.check(scene)
        let player = try Player(scene: scene)
        var pipeline = FramePipeline(player: player, jobs: 1)
        pipeline.workBudget = workBudget
        let times = [0, scene.duration / 2, scene.duration * 0.999]
        try WorkEstimate(player: player, times: times).check(file: "fuzz.json", budget: workBudget)
        try pipeline.run(times: times, process: { $0.width }, deliver: { _, _ in })
    } catch {
        let message = "\(error)"
        if message.isEmpty || message.contains("\n") { fatalError("not one line: \(message)\n\(json)") }
    }
    // Give the memory freed by this input back to the system, so that the process's peak measures what
    // one input holds at once rather than what the allocator kept from earlier ones (in a run of 1,000
    // inputs, glibc kept freed frames and groups: the resident size climbed in steps past 1 GB while no
    // single input, run alone, held more than about 560 MB).
    _ = mallocTrim(0)
    let seconds = Date().timeIntervalSince(start)
    if seconds > maxSecondsPerInput {
        fatalError("watchdog: \(String(format: "%.1f", seconds)) s for one input (limit \(maxSecondsPerInput) s):\n\(json)")
    }
    if peakMiB() > maxPeakMiB {
        fatalError("watchdog: peak memory \(Int(peakMiB())) MiB (limit \(Int(maxPeakMiB)) MiB):\n\(json)")
    }
    return 0
}
