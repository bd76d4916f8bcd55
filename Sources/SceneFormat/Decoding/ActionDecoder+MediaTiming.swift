/// Decodes the `CAMediaTiming` keys every Core Animation animation takes.
extension ActionDecoder {
    /// `beginTime`, `speed`, `timeOffset`, `repeatCount` (a number or "infinity"), `repeatDuration`, `autoreverses`.
    static func mediaTiming(_ o: ObjectReader) throws(SceneError) -> MediaTimingSpec {
        var timing = MediaTimingSpec()
        timing.beginTime = try o["beginTime"]?.number(in: 0...3_600) ?? 0
        timing.speed = try o["speed"]?.number(in: 0...1_000) ?? 1
        if let s = o["speed"], timing.speed == 0 { throw s.error("a speed of 0 never plays; expected more than 0") }
        timing.timeOffset = try o["timeOffset"]?.number(in: 0...3_600) ?? 0
        if let count = o["repeatCount"] {
            if case .string = count.value.kind {
                _ = try count.choice(["infinity"])
                timing.repeatCount = .infinity
            } else {
                timing.repeatCount = try count.number(in: 0...1e9)
            }
        }
        timing.repeatDuration = try o["repeatDuration"]?.number(in: 0...1e9) ?? 0
        if o.has("repeatCount"), timing.repeatDuration > 0 {
            throw o.error("give repeatCount or repeatDuration, not both")
        }
        timing.autoreverses = try o["autoreverses"]?.bool() ?? false
        return timing
    }
}
