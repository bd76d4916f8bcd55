// Tests of Timeline.
