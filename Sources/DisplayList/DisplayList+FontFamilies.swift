extension DisplayList {
    /// The font families the list's text runs ask for (walked without recursion).
    public var fontFamilies: Set<String> {
        var families: Set<String> = []
        var pending = [items]
        while let items = pending.popLast() {
            for item in items {
                switch item {
                case .text(let text): for run in text.runs { families.insert(run.font.family) }
                case .group(let group):
                    pending.append(group.children)
                    if let mask = group.mask { pending.append(mask) }
                case .colorEffect(let effect): pending.append(effect.children)
                case .shape, .image: continue
                }
            }
        }
        return families
    }
}
