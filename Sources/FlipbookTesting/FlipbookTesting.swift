// The FlipbookTesting module; see DESIGN.md.
