#!/usr/bin/env python3
"""Writes PNG files of every color type, bit depth and interlace method into the folder given, each with the pixels
it encodes (the truth the decoder is checked against, not another decoder's reading): NAME.png and NAME.rgba16, the
pixels as red, green, blue, alpha samples of 16 bits, little-endian, row by row. Every filter type is used, long
image data is split over several IDAT chunks, and some files carry tRNS transparency or are APNGs. Malformed files
go in as bad-*.png with no .rgba16. Deterministic: the same files every run."""
import random, struct, sys, zlib
from pathlib import Path

out = Path(sys.argv[1])
out.mkdir(parents=True, exist_ok=True)
rng = random.Random(20261129)

def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else b if pb <= pc else c

def filtered(line, previous, kind, stride):
    result = bytearray()
    for i, x in enumerate(line):
        a = line[i - stride] if i >= stride else 0
        b = previous[i]
        c = previous[i - stride] if i >= stride else 0
        predictor = [0, a, b, (a + b) // 2, paeth(a, b, c)][kind]
        result.append((x - predictor) & 0xFF)
    return bytes([kind]) + bytes(result)

def pack(samples, depth):
    if depth == 16:
        return b"".join(struct.pack(">H", s) for s in samples)
    if depth == 8:
        return bytes(samples)
    result, bits, used = bytearray(), 0, 0
    for s in samples:
        bits = (bits << depth) | s
        used += depth
        if used == 8:
            result.append(bits); bits = used = 0
    if used:
        result.append(bits << (8 - used))
    return bytes(result)

ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}

def write(name, width, height, color_type, depth, interlace, apng=False, with_trns=False):
    channels = CHANNELS[color_type]
    top = (1 << depth) - 1
    scale = 65535 // top
    palette, trns, key = [], b"", None
    if color_type == 3:
        count = rng.randint(1, 1 << depth)
        palette = [(rng.randrange(256), rng.randrange(256), rng.randrange(256)) for _ in range(count)]
        if with_trns:
            trns = bytes(rng.randrange(256) for _ in range(rng.randint(1, count)))
    elif with_trns and color_type in (0, 2):
        key = [rng.randint(0, top) for _ in range(channels)]
        trns = b"".join(struct.pack(">H", k) for k in key)
    stored = []  # per pixel, the stored samples
    for _ in range(width * height):
        if color_type == 3:
            stored.append([rng.randrange(len(palette))])
        elif key is not None and rng.random() < 0.3:
            stored.append(list(key))
        else:
            stored.append([rng.randint(0, top) for _ in range(channels)])
    truth = []
    for s in stored:
        if color_type == 3:
            r, g, b = palette[s[0]]
            alpha = trns[s[0]] * 257 if s[0] < len(trns) else 65535
            truth += [r * 257, g * 257, b * 257, alpha]
        elif color_type == 0:
            alpha = 0 if key is not None and s == key else 65535
            truth += [s[0] * scale] * 3 + [alpha]
        elif color_type == 2:
            alpha = 0 if key is not None and s == key else 65535
            truth += [v * scale for v in s] + [alpha]
        elif color_type == 4:
            truth += [s[0] * scale] * 3 + [s[1] * scale]
        else:
            truth += [v * scale for v in s]
    passes = [(x, y, dx, dy) for x, y, dx, dy in ADAM7] if interlace else [(0, 0, 1, 1)]
    stride = max(1, channels * depth // 8)
    raw, row_number = bytearray(), 0
    for x0, y0, dx, dy in passes:
        columns = len(range(x0, width, dx)); rows = len(range(y0, height, dy))
        if columns == 0 or rows == 0:
            continue
        previous = bytes((columns * channels * depth + 7) // 8)
        for y in range(y0, height, dy):
            line = pack([v for x in range(x0, width, dx) for v in stored[y * width + x]], depth)
            raw += filtered(line, previous, row_number % 5, stride)
            previous, row_number = line, row_number + 1
    data = zlib.compress(bytes(raw), 9)
    header = struct.pack(">IIBBBBB", width, height, depth, color_type, 0, 0, 1 if interlace else 0)
    body = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
    if apng:
        body += chunk(b"acTL", struct.pack(">II", 2, 0)) + chunk(b"fcTL", struct.pack(">IIIIIHHBB", 0, width, height, 0, 0, 1, 10, 0, 0))
    if palette:
        body += chunk(b"PLTE", b"".join(bytes(p) for p in palette))
    if trns:
        body += chunk(b"tRNS", trns)
    pieces = [data[i:i + 97] for i in range(0, len(data), 97)] or [b""]
    for piece in pieces:
        body += chunk(b"IDAT", piece)
    if apng:
        body += chunk(b"fcTL", struct.pack(">IIIIIHHBB", 1, 1, 1, 0, 0, 1, 10, 0, 0)) + chunk(b"fdAT", struct.pack(">I", 2) + zlib.compress(b"\x00" + bytes(channels * depth // 8 or 1)))
    body += chunk(b"IEND", b"")
    (out / f"{name}.png").write_bytes(body)
    (out / f"{name}.rgba16").write_bytes(struct.pack(f"<{len(truth)}H", *truth))
    return body

DEPTHS = {0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]}
good = None
for color_type, depths in DEPTHS.items():
    for depth in depths:
        for interlace in (0, 1):
            # Odd and even widths, so each depth is written both with a tRNS key and without (width + depth odd).
            for width, height in [(1, 1), (4, 3), (5, 3), (17, 9), (33, 40)]:
                trns = color_type in (0, 2, 3) and (width + depth) % 2 == 1
                body = write(f"t{color_type}-d{depth}-i{interlace}-{width}x{height}", width, height, color_type, depth, interlace, with_trns=trns)
                good = good or body
write("apng-first-frame", 9, 7, 6, 8, 0, apng=True)

# Malformed files: each must be an error, never a crash.
def ihdr(width, height, depth=8, color_type=6, interlace=0):
    return chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, depth, color_type, 0, 0, interlace))
signature = b"\x89PNG\r\n\x1a\n"
idat = chunk(b"IDAT", zlib.compress(b"\x00" + bytes(4)))
bad = {
    "signature": b"GIF89a" + good[6:],
    "truncated": good[:-5],
    "no-end": good[:-12],
    "crc": good[:42] + bytes([good[42] ^ 0xFF]) + good[43:],
    "huge": signature + ihdr(100000, 100000) + idat + chunk(b"IEND", b""),
    "zero-width": signature + ihdr(0, 1) + idat + chunk(b"IEND", b""),
    "depth": signature + ihdr(1, 1, depth=3) + idat + chunk(b"IEND", b""),
    "filter": signature + ihdr(1, 1) + chunk(b"IDAT", zlib.compress(b"\x07" + bytes(4))) + chunk(b"IEND", b""),
    "short-data": signature + ihdr(2, 2) + idat + chunk(b"IEND", b""),
    "long-data": signature + ihdr(1, 1) + chunk(b"IDAT", zlib.compress(b"\x00" + bytes(40))) + chunk(b"IEND", b""),
    "zlib": signature + ihdr(1, 1) + chunk(b"IDAT", b"\x78\x9c\xff\xff\xff") + chunk(b"IEND", b""),
    "no-palette": signature + ihdr(1, 1, color_type=3) + chunk(b"IDAT", zlib.compress(b"\x00\x00")) + chunk(b"IEND", b""),
    "palette-index": signature + ihdr(1, 1, color_type=3) + chunk(b"PLTE", bytes(3)) + chunk(b"IDAT", zlib.compress(b"\x00\x05")) + chunk(b"IEND", b""),
    "no-data": signature + ihdr(1, 1) + chunk(b"IEND", b""),
    "chunk-length": signature + ihdr(1, 1) + struct.pack(">I", 0x7FFFFFFF) + b"IDAT" + bytes(8),
}
for name, body in bad.items():
    (out / f"bad-{name}.png").write_bytes(body)
