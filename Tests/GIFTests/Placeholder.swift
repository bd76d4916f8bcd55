// Tests of GIF.
