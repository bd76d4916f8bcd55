// Tests of Raster.
