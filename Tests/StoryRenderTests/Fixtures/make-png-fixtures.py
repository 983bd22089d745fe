#!/usr/bin/env python3
"""Writes the PNG codec fixtures beside this script, with Python's zlib and hand-written chunks
(no imaging library), so the decoder is checked against files it did not write.

- interlaced-grey16.png / plain-grey16.png: 16-bit greyscale 32x32, Adam7 and not, same pixels
  (like PngSuite's basi0g16 / basn0g16: a diagonal gradient, every value distinct in its low byte).
- interlaced-rgb16.png / plain-rgb16.png: 16-bit RGB 32x32, Adam7 and not, same pixels (like
  basi2c16 / basn2c16).
- bad-crc.png: plain-grey16.png with the last byte of its IDAT CRC flipped.
- adobe-rgb.png: an 8-bit RGB 2x1 image, Adobe RGB (200, 60, 40) and (40, 160, 90), with the
  Adobe RGB (1998) profile that make-jpeg-fixtures.c writes (adobe-rgb.icc) in an iCCP chunk.
- exif-orientation-6.png: an 8-bit RGB 3x2 image (red green blue / white black grey) with an eXIf
  chunk saying orientation 6 (rotate 90 degrees clockwise to display).

Run: python3 make-png-fixtures.py (from this folder, after make-jpeg-fixtures.c).
"""
import struct
import zlib

ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def png(width, height, bit_depth, colour_type, rows, interlaced, extra=b""):
    """rows: a list of rows, each a list of pixels, each a tuple of channel values."""
    sample_bytes = bit_depth // 8

    def pack(pixels):
        out = bytearray([0])  # filter type None
        for pixel in pixels:
            for value in pixel:
                out += value.to_bytes(sample_bytes, "big")
        return bytes(out)

    raw = bytearray()
    if interlaced:
        for x0, y0, dx, dy in ADAM7:
            for y in range(y0, height, dy):
                pixels = [rows[y][x] for x in range(x0, width, dx)]
                if pixels:
                    raw += pack(pixels)
    else:
        for row in rows:
            raw += pack(row)
    header = struct.pack(">IIBBBBB", width, height, bit_depth, colour_type, 0, 0, 1 if interlaced else 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + extra
            + chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + chunk(b"IEND", b""))


def write(name, data):
    with open(name, "wb") as f:
        f.write(data)


size = 32
grey = [[((x * 2047 + y * 1013 + (x * y) * 37) % 65536,) for x in range(size)] for y in range(size)]
rgb = [[((x * 2039 + y * 17) % 65536, (y * 2029 + x * 31) % 65536, ((x + y) * 1021 + 255) % 65536)
        for x in range(size)] for y in range(size)]
write("interlaced-grey16.png", png(size, size, 16, 0, grey, True))
write("plain-grey16.png", png(size, size, 16, 0, grey, False))
write("interlaced-rgb16.png", png(size, size, 16, 2, rgb, True))
write("plain-rgb16.png", png(size, size, 16, 2, rgb, False))

bad = bytearray(png(size, size, 16, 0, grey, False))
idat = bad.index(b"IDAT")
length = struct.unpack(">I", bad[idat - 4:idat])[0]
bad[idat + 4 + length + 3] ^= 0xFF  # the CRC's last byte
write("bad-crc.png", bytes(bad))

# A little-endian ("II") TIFF header with one IFD entry: Orientation (0x0112), SHORT, 1, value 6.
exif = b"II*\x00" + struct.pack("<I", 8) + struct.pack("<H", 1) + struct.pack("<HHIHH", 0x0112, 3, 1, 6, 0) \
    + struct.pack("<I", 0)
small = [[(255, 0, 0), (0, 255, 0), (0, 0, 255)], [(255, 255, 255), (0, 0, 0), (128, 128, 128)]]
write("exif-orientation-6.png", png(3, 2, 8, 2, small, False, chunk(b"eXIf", exif)))

with open("adobe-rgb.icc", "rb") as f:
    profile = f.read()
iccp = chunk(b"iCCP", b"Adobe RGB (1998)\x00\x00" + zlib.compress(profile, 9))
write("adobe-rgb.png", png(2, 1, 8, 2, [[(200, 60, 40), (40, 160, 90)]], False, iccp))
