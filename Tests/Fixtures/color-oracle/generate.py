"""Writes oracle.json: colors converted, gamut-mapped, compared and simulated by coloraide.

tokenc's color engine is its own code; coloraide (https://github.com/facelessuser/coloraide) is used
only here, as an independent oracle. Regenerate with:

    pip install coloraide==8.13.1 && python3 Tests/Fixtures/color-oracle/generate.py
"""
import json
import math
import random
from pathlib import Path

from coloraide import Color

random.seed(20261122)

SPACES = ["srgb", "srgb-linear", "hsl", "hwb", "lab", "lch", "oklab", "oklch",
          "display-p3", "a98-rgb", "prophoto-rgb", "rec2020", "xyz-d65", "xyz-d50"]


def random_components(space):
    r = random.random
    if space in ("srgb", "srgb-linear", "display-p3", "a98-rgb", "prophoto-rgb", "rec2020"):
        return [r(), r(), r()]
    if space in ("xyz-d65", "xyz-d50"):
        return [r() * 0.95, r(), r() * 1.05]
    if space == "hsl":
        return [r() * 360, r() * 100, r() * 100]
    if space == "hwb":
        w = r() * 60
        return [r() * 360, w, r() * (100 - w)]
    if space == "lab":
        return [r() * 100, r() * 200 - 100, r() * 200 - 100]
    if space == "lch":
        return [r() * 100, r() * 120, r() * 360]
    if space == "oklab":
        return [r(), r() * 0.6 - 0.3, r() * 0.6 - 0.3]
    if space == "oklch":
        return [r(), r() * 0.35, r() * 360]
    raise ValueError(space)


def coloraide_coords(space, components):
    # coloraide keeps hsl/hwb saturation, lightness, whiteness and blackness as 0..1.
    if space in ("hsl", "hwb"):
        return [components[0], components[1] / 100, components[2] / 100]
    return components


def tokenc_coords(space, coords):
    coords = [None if math.isnan(c) else c for c in coords]
    if space in ("hsl", "hwb"):
        return [coords[0], coords[1] * 100, coords[2] * 100]
    return coords


def rounded(values):
    return [None if v is None else float(f"{v:.12g}") for v in values]


conversions = []
for space in SPACES:
    for _ in range(150):
        components = random_components(space)
        color = Color(space, coloraide_coords(space, components))
        conversions.append({
            "space": space,
            "components": rounded(components),
            "to": {target: rounded(tokenc_coords(target, color.convert(target)[:3])) for target in SPACES},
        })

gamut = []
for space in ("display-p3", "rec2020", "oklch", "lab", "srgb"):
    for _ in range(300):
        components = random_components(space)
        if space == "oklch":
            components[1] = random.random() * 0.4
        color = Color(space, coloraide_coords(space, components))
        fitted = color.clone().fit("srgb", method="minde-chroma", pspace="oklch", jnd=0.02).convert("srgb")
        gamut.append({
            "space": space,
            "components": rounded(components),
            "inSRGB": color.in_gamut("srgb", tolerance=0),
            "srgb": rounded(fitted[:3]),
        })

pairs = []
for _ in range(1500):
    a = [random.random() for _ in range(3)]
    b = [random.random() for _ in range(3)]
    ca, cb = Color("srgb", a), Color("srgb", b)
    pairs.append({
        "a": rounded(a), "b": rounded(b),
        "contrast": ca.contrast(cb, method="wcag21"),
        "deltaE2000": ca.delta_e(cb, method="2000", space="lab"),
        "deltaEOK": ca.delta_e(cb, method="ok"),
    })

vision = []
for _ in range(600):
    c = [random.random() for _ in range(3)]
    color = Color("srgb", c)
    vision.append({
        "srgb": rounded(c),
        **{name: rounded(color.clone().filter(short, method="machado").convert("srgb").clip()[:3])
           for name, short in (("protanopia", "protan"), ("deuteranopia", "deutan"), ("tritanopia", "tritan"))},
    })

# Components far past any color: the sRGB color a browser shows for each at 1e100 (coloraide overflows at 1e300,
# where tokenc must give the same answer: every magnitude this far out maps alike). `E` stands for the exponent.
HUGE = ["color(srgb 1eE 0 0)", "color(srgb -1eE 0.5 0.5)", "color(display-p3 1eE 1eE 1eE)", "color(rec2020 0.2 1eE 0.1)",
        "color(xyz-d65 0.3 1eE 0.2)", "color(prophoto-rgb 1eE 0 1eE)", "color(a98-rgb 0 0 -1eE)",
        "oklch(0.5 1eE 20)", "oklch(0.7 1eE 250)", "oklab(0.6 1eE -1eE)", "oklab(1 -1eE 1eE)", "oklab(0.5 -1eE 1eE)",
        "lab(50 1eE 0)", "lch(40 1eE 300)"]
huge = []
for text in HUGE:
    fitted = Color(text.replace("E", "100")).fit("srgb", method="minde-chroma", pspace="oklch", jnd=0.02).convert("srgb")
    huge.append({"text": text, "srgb": rounded(fitted[:3])})

out = {"generator": "coloraide 8.13.1", "conversions": conversions, "gamut": gamut, "pairs": pairs, "vision": vision,
       "huge": huge}
Path(__file__).with_name("oracle.json").write_text(json.dumps(out, separators=(",", ":")) + "\n")


def boundary_cases():
    """Foregrounds one 8-bit step either side of each WCAG threshold, opaque and translucent, judged by coloraide."""
    cases = []
    for minimum in (4.5, 3.0, 7.0):
        for bg in ("#ffffff", "#000000", "#1c1c1e", "#f2f2f7"):
            ratios = []
            for level in range(256):
                fg = "#{0:02x}{0:02x}{0:02x}".format(level)
                ratios.append((Color(fg).contrast(Color(bg), method="wcag21"), fg))
            below = max((r for r in ratios if r[0] < minimum), key=lambda r: r[0])
            above = min((r for r in ratios if r[0] >= minimum), key=lambda r: r[0])
            for ratio, fg in (below, above):
                cases.append({"fg": fg, "bg": bg, "minimum": minimum, "ratio": ratio})
        # Translucent black over white: composite first (coloraide layer, sRGB), then measure.
        for alpha_byte in range(256):
            fg = "#000000{:02x}".format(alpha_byte)
            ratio = Color.layer([Color(fg), Color("#ffffff")], space="srgb").contrast(Color("#ffffff"), method="wcag21")
            if ratio >= minimum:
                below_fg = "#000000{:02x}".format(alpha_byte - 1)
                below = Color.layer([Color(below_fg), Color("#ffffff")], space="srgb").contrast(Color("#ffffff"), method="wcag21")
                cases.append({"fg": below_fg, "bg": "#ffffff", "minimum": minimum, "ratio": below})
                cases.append({"fg": fg, "bg": "#ffffff", "minimum": minimum, "ratio": ratio})
                break
    return cases


Path(__file__).with_name("contrast-boundary.json").write_text(json.dumps(boundary_cases(), indent=1) + "\n")
