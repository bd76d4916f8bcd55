// The Expressions module; see DESIGN.md.
