#!/usr/bin/env python3
"""Makes the four "stock photos" of scenes/wave-mask.json: 375 x 812 px landscapes drawn from flat
shapes over a banded sky gradient (flat colours keep the PNGs and the showcase GIF small).

    python3 scenes/assets/make-images.py      # writes scenes/assets/stock-1.png ... stock-4.png

Needs Python 3 and Pillow. The output is deterministic: the same script gives the same pixels.
"""
import math
import os
import random

from PIL import Image, ImageDraw

WIDTH, HEIGHT = 375, 812
BANDS = 14  # sky gradient steps

# (sky top, sky bottom, sun colour, sun centre and radius, three ridge colours back to front, stars)
THEMES = [
    ((255, 183, 148), (255, 228, 181), (255, 120, 80), (250, 300, 60),
     [(226, 133, 120), (176, 94, 110), (96, 56, 92)], False),
    ((74, 160, 235), (190, 228, 250), (255, 236, 130), (110, 220, 48),
     [(120, 190, 120), (70, 150, 90), (30, 100, 70)], False),
    ((88, 60, 140), (246, 150, 110), (255, 210, 120), (190, 430, 80),
     [(150, 80, 130), (100, 50, 110), (50, 30, 70)], False),
    ((10, 20, 60), (40, 60, 120), (235, 235, 210), (280, 170, 36),
     [(40, 50, 100), (25, 35, 75), (10, 15, 40)], True),
]


def lerp(a, b, f):
    return tuple(round(x + (y - x) * f) for x, y in zip(a, b))


def ridge(draw, base, amplitude, wavelength, phase, colour):
    """A filled mountain ridge: y = base - amplitude * |sin|-ish peaks, down to the bottom edge."""
    points = [(0, HEIGHT)]
    for x in range(0, WIDTH + 1, 5):
        u = x / wavelength + phase
        y = base - amplitude * (0.6 * abs(math.sin(u)) + 0.4 * math.sin(2.3 * u + 1))
        points.append((x, y))
    points.append((WIDTH, HEIGHT))
    draw.polygon(points, fill=colour)


def make(index, theme):
    top, bottom, sun, (sx, sy, sr), ridges, stars = theme
    image = Image.new("RGB", (WIDTH, HEIGHT))
    draw = ImageDraw.Draw(image)
    band = HEIGHT * 0.7 / BANDS
    for i in range(BANDS):
        draw.rectangle([0, round(i * band), WIDTH, round((i + 1) * band) + 1], fill=lerp(top, bottom, i / (BANDS - 1)))
    draw.rectangle([0, round(BANDS * band), WIDTH, HEIGHT], fill=bottom)
    if stars:
        rng = random.Random(index)
        for _ in range(60):
            x, y = rng.randrange(WIDTH), rng.randrange(int(HEIGHT * 0.55))
            draw.rectangle([x, y, x + 1, y + 1], fill=(230, 230, 255))
    draw.ellipse([sx - sr, sy - sr, sx + sr, sy + sr], fill=sun)
    for depth, colour in enumerate(ridges):
        ridge(draw, HEIGHT * (0.55 + 0.12 * depth), 90 - 20 * depth, 70 + 25 * depth, index + depth * 1.7, colour)
    return image


if __name__ == "__main__":
    folder = os.path.dirname(os.path.abspath(__file__))
    for i, theme in enumerate(THEMES):
        path = os.path.join(folder, f"stock-{i + 1}.png")
        make(i, theme).save(path, optimize=True)
        print(path, os.path.getsize(path), "bytes")
