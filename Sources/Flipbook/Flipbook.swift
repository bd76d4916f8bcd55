// The Flipbook module; see DESIGN.md.
