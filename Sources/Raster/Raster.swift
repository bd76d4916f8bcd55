// The Raster module; see DESIGN.md.
