"""Writes the small PNG files the rule examples and Tokens/ use: exact sizes, color types and chunks.

Run from the repository root: python3 Tests/Fixtures/make-images.py
"""
import struct
import zlib
from pathlib import Path


def chunk(kind, data):
    body = kind.encode() + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def png(path, width, height, color_type=2, bit_depth=8, pixel=(40, 120, 220), alpha=255, extra=b"", animated=False, rounded=False):
    """A one-color image; `rounded` (RGBA only) makes it a rounded rectangle, its corners transparent."""
    channels = {0: 1, 2: 3, 4: 2, 6: 4}[color_type]
    if color_type == 0:
        values = [pixel[0]]
    elif color_type == 4:
        values = [pixel[0], alpha]
    elif color_type == 2:
        values = list(pixel)
    else:
        values = list(pixel) + [alpha]
    sample = b"".join((v * 257).to_bytes(2, "big") if bit_depth == 16 else bytes([v]) for v in values)
    if rounded:
        clear = b"".join(bytes([v]) for v in list(pixel) + [0])
        radius = width * 0.18
        def inside(x, y):
            cx = min(max(x + 0.5, radius), width - radius)
            cy = min(max(y + 0.5, radius), height - radius)
            return (x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2 <= radius ** 2
        rows = b"".join(b"\x00" + b"".join(sample if inside(x, y) else clear for x in range(width)) for y in range(height))
        data = zlib.compress(rows, 9)
    else:
        row = b"\x00" + sample * width
        data = zlib.compress(row * height, 9)
    ihdr = struct.pack(">IIBBBBB", width, height, bit_depth, color_type, 0, 0, 0)
    out = b"\x89PNG\r\n\x1a\n" + chunk("IHDR", ihdr) + extra
    if animated:
        out += chunk("acTL", struct.pack(">II", 1, 0))
    out += chunk("IDAT", data) + chunk("IEND", b"")
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    Path(path).write_bytes(out)


def template(path, side, color=(255, 255, 255), antialiased=True, shadow=False):
    """A bar-icon template image: a disc of `color` on transparency, its edge antialiased or hard, and with
    `shadow` a dark translucent copy of the disc offset below it."""
    center, radius = side / 2, side * 0.35
    rows = b""
    for y in range(side):
        rows += b"\x00"
        for x in range(side):
            distance = ((x + 0.5 - center) ** 2 + (y + 0.5 - center) ** 2) ** 0.5
            coverage = min(1, max(0, radius + 0.5 - distance)) if antialiased else (1 if distance <= radius else 0)
            pixel = list(color) + [round(255 * coverage)]
            if shadow and coverage == 0:
                below = ((x + 0.5 - center) ** 2 + (y - 2.5 - center) ** 2) ** 0.5
                if below <= radius:
                    pixel = [0, 0, 0, 96]
            rows += bytes(pixel)
    out = b"\x89PNG\r\n\x1a\n" + chunk("IHDR", struct.pack(">IIBBBBB", side, side, 8, 6, 0, 0, 0)) + srgb
    out += chunk("IDAT", zlib.compress(rows, 9)) + chunk("IEND", b"")
    Path(path).write_bytes(out)


srgb = chunk("sRGB", b"\x00")
adobe = chunk("iCCP", b"Adobe RGB (1998)\x00\x00" + zlib.compress(b"not a real profile"))
p3 = chunk("iCCP", b"Display P3\x00\x00" + zlib.compress(b"not a real profile"))
gray22 = chunk("iCCP", b"Generic Gray Gamma 2.2 Profile\x00\x00" + zlib.compress(b"not a real profile"))

examples = Path("Tests/Fixtures/rule-examples")
png(examples / "mac-16.png", 16, 16, extra=srgb)
png(examples / "ios-1024.png", 1024, 1024, extra=srgb)
png(examples / "ios-transparent.png", 1024, 1024, color_type=6, alpha=0, extra=srgb)
png(examples / "ios-adobe.png", 1024, 1024, extra=adobe)
png(examples / "ios-tinted.png", 1024, 1024, color_type=0, pixel=(200,), extra=gray22)
png(examples / "tv-back.png", 1280, 768, extra=srgb)
png(examples / "tv-front.png", 1280, 768, color_type=6, alpha=0, extra=srgb)
png(examples / "imessage-148x110.png", 148, 110, extra=srgb)
png(examples / "mac-16-rounded.png", 16, 16, color_type=6, rounded=True, extra=srgb)
png(examples / "watch-black.png", 1024, 1024, pixel=(0, 0, 0), extra=srgb)
png(examples / "imessage-rounded.png", 148, 110, color_type=6, rounded=True, extra=srgb)
# A PNG whose header reads but whose compressed data is damaged (its checksums are right).
(examples / "broken.png").write_bytes(b"\x89PNG\r\n\x1a\n" + chunk("IHDR", struct.pack(">IIBBBBB", 4, 4, 8, 6, 0, 0, 0))
                                     + chunk("IDAT", b"\x78\x9c\xff\xff\xff") + chunk("IEND", b""))
template(examples / "template-white.png", 44)
template(examples / "template-blue.png", 44, color=(0, 122, 255))
template(examples / "template-hard.png", 44, antialiased=False)
template(examples / "template-shadow.png", 44, shadow=True)
png(examples / "sticker-300.png", 300, 300, color_type=6, alpha=0, extra=srgb)
png(examples / "sticker-408.png", 408, 408, color_type=6, alpha=0, extra=srgb)
png(examples / "sticker-16bit.png", 408, 408, color_type=6, bit_depth=16, alpha=0, extra=srgb)

# Tokens/: one icon per platform and kind, at the sizes the guidelines give.
assets = Path("Tokens/Assets")
png(assets / "AppIcon.png", 1024, 1024, pixel=(10, 102, 204), extra=srgb)
png(assets / "AppIcon-dark.png", 1024, 1024, color_type=6, pixel=(100, 181, 255), alpha=0, extra=srgb)
png(assets / "AppIcon-tinted.png", 1024, 1024, color_type=0, pixel=(180,), extra=gray22)
for points in (16, 32, 128, 256, 512):
    for scale in (1, 2):
        png(assets / f"mac-{points}@{scale}x.png", points * scale, points * scale, color_type=6, pixel=(10, 102, 204), alpha=255, extra=p3, rounded=True)
png(assets / "tv-400x240@1x.png", 400, 240, extra=srgb)
png(assets / "tv-400x240@2x.png", 800, 480, extra=srgb)
png(assets / "tv-1280x768.png", 1280, 768, extra=srgb)
png(assets / "tv-back.png", 1280, 768, extra=srgb)
png(assets / "tv-front.png", 1280, 768, color_type=6, alpha=0, extra=srgb)
png(assets / "vision-back.png", 1024, 1024, extra=srgb)
png(assets / "vision-front.png", 1024, 1024, color_type=6, alpha=0, extra=srgb)
png(assets / "watch-1024.png", 1024, 1024, extra=srgb)
png(assets / "imessage-148x110@2x.png", 148, 110, extra=srgb)
png(assets / "imessage-1024.png", 1024, 1024, extra=srgb)
png(Path("Tokens/Stickers/party.png"), 408, 408, color_type=6, pixel=(255, 149, 0), alpha=0, extra=srgb)
png(Path("Tokens/Stickers/wave.png"), 408, 408, color_type=6, pixel=(52, 199, 89), alpha=0, extra=srgb, animated=True)
