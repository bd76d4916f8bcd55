"""Checks that an animation decodes, composited frame by frame, to the PNG frames of the same render.

usage: decode_frames.py pillow|ffmpeg ANIMATION FRAMES_FOLDER FPS [MIN_PSNR]
Prints "ok N" (N frames compared) or "mismatch ..." and exits 1; exits 3 ("unsupported: ...") when the
decoder is known to decode the file wrongly (Pillow before 9.5 with a keyed RGB APNG). With MIN_PSNR (lossy files), every frame
must be at least that close (dB, over the RGBA bytes) instead of equal.
Transparent pixels compare as transparent whatever their colour channels.
"""
import glob, math, subprocess, sys
import PIL
from PIL import Image, ImageSequence

def normal(rgba):
    b = bytearray(rgba)
    for i in range(0, len(b), 4):
        if b[i + 3] == 0:
            b[i:i + 3] = b"\0\0\0"
    return bytes(b)

decoder, animation, folder, fps = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4])

def keyed_rgb_png(path):
    """Whether the PNG is RGB (colour type 2) with a tRNS key colour."""
    data = open(path, "rb").read()
    return len(data) > 26 and data[25] == 2 and b"tRNS" in data[:data.find(b"IDAT")]

pillow_version = tuple(int(part) for part in PIL.__version__.split(".")[:2])
if decoder == "pillow" and pillow_version < (9, 5) and keyed_rgb_png(animation):
    # Pillow before 9.5 blends later APNG frames without their tRNS key colour
    # (https://github.com/python-pillow/Pillow/pull/7018); Debian 12 has 9.4. Exit 3: not a verdict.
    print("unsupported: Pillow %s blends RGB APNG frames without their tRNS key colour (fixed in 9.5)"
          % PIL.__version__)
    sys.exit(3)
min_psnr = float(sys.argv[5]) if len(sys.argv) > 5 else None
expected = [normal(Image.open(p).convert("RGBA").tobytes()) for p in sorted(glob.glob(folder + "/frame-*.png"))]
size = Image.open(sorted(glob.glob(folder + "/frame-*.png"))[0]).size
if decoder == "pillow":
    # Each decoded frame stands for as many frames as its duration holds.
    frames = []
    for frame in ImageSequence.Iterator(Image.open(animation)):
        pixels = normal(frame.convert("RGBA").tobytes())  # loads the frame, and with it its duration
        count = round(frame.info.get("duration", 0) * fps / 1000)
        frames += [pixels] * max(1, count)
else:
    # ffmpeg without timestamps: compare the distinct pictures in order.
    raw = subprocess.run(["ffmpeg", "-v", "error", "-i", animation, "-fps_mode", "passthrough",
                          "-f", "rawvideo", "-pix_fmt", "rgba", "-"], capture_output=True, check=True).stdout
    n = size[0] * size[1] * 4
    frames = [normal(raw[i:i + n]) for i in range(0, len(raw), n)]
    dedup = lambda seq: [f for i, f in enumerate(seq) if i == 0 or f != seq[i - 1]]
    frames, expected = dedup(frames), dedup(expected)
if len(frames) != len(expected):
    print("mismatch: %d frames decoded, %d expected" % (len(frames), len(expected)))
    sys.exit(1)
for i, (a, b) in enumerate(zip(frames, expected)):
    if min_psnr is not None:
        squared = sum((x - y) * (x - y) for x, y in zip(a, b)) / len(a)
        psnr = 99 if squared == 0 else 10 * math.log10(255 * 255 / squared)
        if psnr < min_psnr:
            print("mismatch: frame %d at %.1f dB" % (i, psnr))
            sys.exit(1)
    elif a != b:
        diff = sum(1 for k in range(0, len(a), 4) if a[k:k + 4] != b[k:k + 4])
        print("mismatch: frame %d differs in %d pixels" % (i, diff))
        sys.exit(1)
print("ok %d" % len(frames))
