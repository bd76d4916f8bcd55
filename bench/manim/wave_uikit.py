"""scenes/wave-uikit.json in Manim Community, for comparing it with Flipbook end to end.

The UIKit WaveView of TUTORIALS.md (section 4): a 414 x 300 pt view at 2 px per point (828 x 600 px),
white, 30 fps, 7.67 s (230 frames). A CADisplayLink adds 1 to the tick counter t 60 times a second; each
frame fills and strokes (1 pt, cyan) the polygon from (0, 300) along y = 150 - 10 cos(2 pi (t/T - x/lambda))
for x = 0 ... 413 (one point per point), then to (414, 300) and back, with lambda = 414 / 1.2 and
T = lambda / 1.5.

Render (bench/perf --manim does this and times the whole command):
    manim render --format gif --resolution 828,600 --fps 30 --disable_caching \
        bench/manim/wave_uikit.py WaveUIKit
"""
import math

import numpy as np
from manim import Scene, ValueTracker, VMobject, always_redraw, config

WIDTH_PT, HEIGHT_PT = 414, 300
SECONDS = 460 / 60  # two wave periods: the GIF loops seamlessly
AMPLITUDE, SPEED = 10, 1.5
WAVELENGTH = WIDTH_PT / 1.2
PERIOD = WAVELENGTH / SPEED  # in display-link ticks


class WaveUIKit(Scene):
    def construct(self):
        unit = config.frame_width / WIDTH_PT  # one point in Manim units (the frame is 14.2 units wide)
        self.camera.background_color = "#ffffff"
        clock = ValueTracker(0)
        clock.add_updater(lambda m, dt: m.increment_value(dt))
        xs = np.arange(WIDTH_PT, dtype=float)

        def point(x, y):  # UIKit points (origin top left, y down) to Manim units (origin centre, y up)
            return np.array([(x - WIDTH_PT / 2) * unit, (HEIGHT_PT / 2 - y) * unit, 0.0])

        def wave():
            ticks = math.floor(clock.get_value() * 60 + 1e-9)
            ys = 150 - AMPLITUDE * np.cos(2 * np.pi * (ticks / PERIOD - xs / WAVELENGTH))
            points = [point(0, HEIGHT_PT)] + [point(x, y) for x, y in zip(xs, ys)]
            points += [point(WIDTH_PT, HEIGHT_PT), point(0, HEIGHT_PT)]
            return VMobject(fill_color="#00ffff", fill_opacity=1, stroke_color="#00ffff",
                            stroke_width=2 * unit * 100).set_points_as_corners(points)

        self.add(clock, always_redraw(wave))
        self.wait(SECONDS)
