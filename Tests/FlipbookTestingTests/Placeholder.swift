// Tests of the golden-image comparator.
