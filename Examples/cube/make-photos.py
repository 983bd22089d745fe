#!/usr/bin/env python3
"""Makes the three demo photos of `storykit render cube`: ava.jpg, ben.jpg, cleo.jpg.

Each is a 720x1280 portrait "story" (a sky gradient, a sun, two rows of hills) with a big name
and its page number, so a mirrored, swapped or missing face is obvious in a render. Needs Pillow
and the DejaVu fonts (apt-get install fonts-dejavu-core). Run from anywhere:

    python3 Examples/cube/make-photos.py
"""
import math
import os

from PIL import Image, ImageDraw, ImageFilter, ImageFont

WIDTH, HEIGHT = 720, 1280
HERE = os.path.dirname(os.path.abspath(__file__))
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"

# name, sky top, sky bottom, sun, far hills, near hills
PEOPLE = [
    ("Ava", (43, 30, 74), (244, 154, 108), (255, 226, 154), (122, 78, 92), (58, 46, 57)),
    ("Ben", (11, 61, 145), (110, 198, 245), (255, 255, 255), (58, 143, 163), (14, 94, 111)),
    ("Cleo", (31, 59, 44), (183, 217, 139), (255, 244, 194), (79, 122, 74), (36, 69, 47)),
]


def mix(a, b, t):
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))


def photo(index, name, top, bottom, sun, far, near):
    image = Image.new("RGB", (WIDTH, HEIGHT))
    draw = ImageDraw.Draw(image)
    for y in range(HEIGHT):
        draw.line([(0, y), (WIDTH, y)], fill=mix(top, bottom, y / (HEIGHT - 1)))
    # The sun sits off centre (right for Ava, left for Ben, right for Cleo): one more cue for a
    # mirrored face.
    sx = WIDTH * (0.70 if index % 2 == 0 else 0.30)
    sy, r = HEIGHT * 0.30, 90
    glow = Image.new("L", (WIDTH, HEIGHT), 0)
    ImageDraw.Draw(glow).ellipse([sx - 2 * r, sy - 2 * r, sx + 2 * r, sy + 2 * r], fill=90)
    image.paste(sun, mask=glow.filter(ImageFilter.GaussianBlur(60)))
    draw.ellipse([sx - r, sy - r, sx + r, sy + r], fill=sun)
    for colour, base, waves in ((far, 0.62, (7.0, 19.0)), (near, 0.78, (4.0, 11.0))):
        points = [(0, HEIGHT)]
        for x in range(0, WIDTH + 1, 8):
            f = x / WIDTH
            y = base + 0.05 * math.sin(f * waves[0] + index) + 0.02 * math.sin(f * waves[1])
            points.append((x, y * HEIGHT))
        points.append((WIDTH, HEIGHT))
        draw.polygon(points, fill=colour)

    # The name, big and centred, with a soft shadow; the page number under it.
    big = ImageFont.truetype(FONT, 190)
    small = ImageFont.truetype(FONT, 64)
    shadow = Image.new("L", (WIDTH, HEIGHT), 0)
    shadow_draw = ImageDraw.Draw(shadow)
    centre = (WIDTH / 2, HEIGHT * 0.56)
    label = f"page {index + 1} of {len(PEOPLE)}"
    shadow_draw.text((centre[0] + 6, centre[1] + 8), name, font=big, anchor="mm", fill=160)
    shadow_draw.text((centre[0] + 4, centre[1] + 160), label, font=small, anchor="mm", fill=160)
    image.paste((0, 0, 0), mask=shadow.filter(ImageFilter.GaussianBlur(8)))
    draw.text(centre, name, font=big, anchor="mm", fill=(255, 255, 255))
    draw.text((centre[0], centre[1] + 152), label, font=small, anchor="mm", fill=(255, 255, 255))
    # A big page number in the top-left corner and a story-style progress bar across the top.
    draw.text((40, 60), str(index + 1), font=ImageFont.truetype(FONT, 120), anchor="lt", fill=(255, 255, 255))
    gap, bar = 12, (WIDTH - 48 - 2 * 12) / 3
    for i in range(len(PEOPLE)):
        x = 24 + i * (bar + gap)
        seen = i <= index
        draw.rounded_rectangle([x, 24, x + bar, 32], radius=4,
                               fill=(255, 255, 255) if seen else mix(top, (255, 255, 255), 0.35))
    return image


def main():
    for index, (name, *colours) in enumerate(PEOPLE):
        path = os.path.join(HERE, name.lower() + ".jpg")
        photo(index, name, *colours).save(path, quality=85, optimize=True, progressive=False)
        print(f"wrote {path} ({os.path.getsize(path) // 1024} KB)")


if __name__ == "__main__":
    main()
