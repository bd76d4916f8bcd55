/// Decodes scripted scrolls: `{"at": 1, "scroll": "list", "to": 300, "animation": "..."}` and flings
/// `{"at": 1, "scroll": "list", "velocity": 1500}`.
extension SceneDecoder {
    /// The script event keys of a scroll.
    static let scrollEventKeys = ["scroll", "to", "velocity", "decelerationRate", "animation"]

    /// The scroll in a script event, or nil when the event is not a scroll.
    static func decodeScrollEvent(_ object: ObjectReader, _ item: JSONReader) throws(SceneError) -> ScrollEvent? {
        guard let scroll = object["scroll"] else {
            if let stray = scrollEventKeys.compactMap({ object[$0] }).first {
                throw stray.error("this key belongs to a \"scroll\" event")
            }
            return nil
        }
        if let other = object["tap"] ?? object["do"] { throw other.error("a script event has one input; this one is a \"scroll\"") }
        let target = try scroll.string()
        let to = try object["to"].map(BindingDecoder.number)
        let velocity = try object["velocity"].map(BindingDecoder.number)
        guard (to == nil) != (velocity == nil) else {
            throw item.error("a scroll needs either \"to\" (an offset) or \"velocity\" (a fling), not both")
        }
        if velocity != nil, let animation = object["animation"] {
            throw animation.error("a fling decelerates on its own; \"animation\" belongs to a scroll \"to\" an offset")
        }
        var rate = ScrollEvent.decelerationRates["normal"] ?? 0.998
        if let rateReader = object["decelerationRate"] {
            guard velocity != nil else { throw rateReader.error("\"decelerationRate\" belongs to a fling (\"velocity\")") }
            rate = ScrollEvent.decelerationRates[try rateReader.choice(["fast", "normal"])] ?? rate
        }
        return ScrollEvent(target: target, to: to, velocity: velocity, decelerationRate: rate,
                           animation: try object["animation"].map(ActionDecoder.animation))
    }
}
