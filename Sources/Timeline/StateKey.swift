/// The name of one state variable in a running scene: `progress` for the scene's own state,
/// `forward.rotation` for the state of the component instance with id `forward`.
public typealias StateKey = String
