// Tests of Expressions.
