#!/usr/bin/env python3
"""Makes the demo feed of `storykit play`: feed.json and its pictures (no downloads).

Three users, Ava, Ben and Cleo, each with three 360x640 portrait stories (a sky, a sun, hills
and a caption near the bottom, the top left clear for the viewer's bars and header) and a
128x128 avatar. Cleo's last item is a video, which `storykit play` draws as placeholder frames
with a timeline. Needs Pillow and the DejaVu fonts (apt-get install fonts-dejavu-core):

    python3 Examples/viewer/make-feed.py
"""
import json
import math
import os

from PIL import Image, ImageDraw, ImageFont

WIDTH, HEIGHT = 360, 640
HERE = os.path.dirname(os.path.abspath(__file__))
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
NOW = 1764000000  # the demo's "now": items are 1 to 20 hours old

# name, sky top, sky bottom, sun, far hills, near hills
PEOPLE = [
    ("Ava", (43, 30, 74), (244, 154, 108), (255, 226, 154), (122, 78, 92), (58, 46, 57)),
    ("Ben", (11, 61, 145), (110, 198, 245), (255, 255, 255), (58, 143, 163), (14, 94, 111)),
    ("Cleo", (31, 59, 44), (183, 217, 139), (255, 244, 194), (79, 122, 74), (36, 69, 47)),
]
CAPTIONS = [["morning", "the lake", "home"], ["the pier", "noon", "waves"], ["the hill", "dusk", "a clip"]]


def mix(a, b, t):
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))


def story(user, item, top, bottom, sun, far, near, caption):
    shift = item * 0.18
    top, bottom = mix(top, (10, 10, 30), shift), mix(bottom, top, shift)
    image = Image.new("RGB", (WIDTH, HEIGHT))
    draw = ImageDraw.Draw(image)
    for y in range(HEIGHT):
        draw.line([(0, y), (WIDTH, y)], fill=mix(top, bottom, y / (HEIGHT - 1)))
    sx, sy, r = WIDTH * (0.25 + 0.25 * item), HEIGHT * (0.28 + 0.08 * item), 40
    draw.ellipse([sx - r, sy - r, sx + r, sy + r], fill=sun)
    for colour, base, waves in ((far, 0.62, (7.0, 19.0)), (near, 0.78, (4.0, 11.0))):
        points = [(0, HEIGHT)]
        for x in range(0, WIDTH + 1, 6):
            f = x / WIDTH
            y = base + 0.05 * math.sin(f * waves[0] + user + item) + 0.02 * math.sin(f * waves[1])
            points.append((x, y * HEIGHT))
        points.append((WIDTH, HEIGHT))
        draw.polygon(points, fill=colour)
    font = ImageFont.truetype(FONT, 34)
    box = draw.textbbox((0, 0), caption, font=font)
    draw.text(((WIDTH - (box[2] - box[0])) / 2, HEIGHT * 0.86), caption, font=font, fill=(255, 255, 255))
    return image


def avatar(top, sun):
    image = Image.new("RGB", (128, 128), top)
    ImageDraw.Draw(image).ellipse([34, 34, 94, 94], fill=sun)
    return image


def main():
    users = []
    for u, (name, top, bottom, sun, far, near) in enumerate(PEOPLE):
        folder = name.lower()
        os.makedirs(os.path.join(HERE, folder), exist_ok=True)
        avatar(top, sun).save(os.path.join(HERE, folder, "avatar.jpg"), quality=85)
        items = []
        for i in range(3):
            age_hours = 20 - 6 * u - 2 * i
            item = {"id": f"{folder}-{i + 1}", "kind": "image", "url": f"{folder}/{i + 1}.jpg",
                    "createdAt": NOW - age_hours * 3600}
            story(u, i, top, bottom, sun, far, near, CAPTIONS[u][i]).save(
                os.path.join(HERE, folder, f"{i + 1}.jpg"), quality=80, optimize=True)
            if name == "Cleo" and i == 2:
                item.update({"kind": "video", "url": "cleo/clip.mp4", "duration": 4})
                os.rename(os.path.join(HERE, folder, "3.jpg"), os.path.join(HERE, folder, "clip-poster.jpg"))
            items.append(item)
        users.append({"id": folder, "name": name, "avatar": f"{folder}/avatar.jpg", "items": items})
    with open(os.path.join(HERE, "feed.json"), "w") as f:
        json.dump({"users": users}, f, indent=2)
        f.write("\n")


if __name__ == "__main__":
    main()
