// The SceneFormat module; see DESIGN.md.
