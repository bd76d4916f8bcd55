// The Compose module; see DESIGN.md.
