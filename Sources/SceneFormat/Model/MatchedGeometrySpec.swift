/// SwiftUI's `.matchedGeometryEffect(id:in:properties:anchor:isSource:)`: views with the same id in the
/// same namespace share one geometry, the frame of the group's source view.
///
/// Views that are not the source take the source's frame (or only its position or size); when the source
/// changes in an animated transaction (one view with the id leaves and another arrives), the shared frame
/// animates from the old source's frame to the new one's, and every view of the group follows it. A view
/// drawn at a new size is laid out in it; a follower whose id changes moves to its new group's frame with
/// the transaction's animation.
public struct MatchedGeometrySpec: Sendable {
    /// `MatchedGeometryProperties`.
    public enum Properties: String, Sendable, CaseIterable {
        /// Position and size.
        case frame
        /// The anchor point, in canvas coordinates.
        case position
        /// The size.
        case size
    }

    /// The identifier (any value; compared as text).
    public var id: Binding
    /// The namespace's name (an `@Namespace` variable).
    public var namespace: String
    public var properties: Properties
    /// The unit point that gives the shared position (default centre).
    public var anchor: (x: Double, y: Double)
    /// Whether this view is the source of the group's geometry (default true).
    public var isSource: Binding?
    public var path: JSONPath

    public init(id: Binding, namespace: String, properties: Properties, anchor: (x: Double, y: Double),
                isSource: Binding?, path: JSONPath) {
        self.id = id
        self.namespace = namespace
        self.properties = properties
        self.anchor = anchor
        self.isSource = isSource
        self.path = path
    }
}
