/// SwiftUI `ScrollView(.vertical) { VStack { ... } }`: content stacked vertically, moved up by a content
/// offset that the script drives (`{"at": 1, "scroll": "id", "to": 300}`), clipped to the scroll view.
///
/// A scroll view with an `id` owns the state variable `<id>.contentOffset` (points, 0 at the top), which
/// the script's `scroll` events set and animate.
public struct ScrollViewSpec: Sendable {
    /// The content, stacked top to bottom.
    public var content: StackSpec

    public init(content: StackSpec) {
        self.content = content
    }

    /// The name of the state variable holding a scroll view's content offset, after its id.
    public static let offsetSuffix = ".contentOffset"
}
