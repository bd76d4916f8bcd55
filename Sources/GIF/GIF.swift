// The GIF module; see DESIGN.md.
