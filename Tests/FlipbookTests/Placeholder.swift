// Tests of Flipbook.
