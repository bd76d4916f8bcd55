// The Timeline module; see DESIGN.md.
