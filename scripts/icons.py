"""Rasterise the app's icon (static/icons/icon.svg) into the PNGs the web manifest lists,
in the project's Chromium (Playwright, as the e2e tests drive it):

    .venv/bin/python scripts/icons.py      (after scripts/test.sh has installed .venv)

  static/icons/icon-<n>.png           the artwork as drawn: a rounded square, clear corners
  static/icons/icon-maskable-<n>.png  for "purpose": "maskable": the background colour fills
                                      the square and the artwork is scaled to lie inside the
                                      central circle of 80 % diameter (the safe zone that every
                                      platform's mask keeps: circle, squircle, teardrop)

for n = 192 and 512. The PNGs are checked in (source artwork, not a build product):
run this after changing icon.svg and commit what it writes (the same SVG and Chromium
give the same bytes). Pillow reduces each to a 64-colour palette (the artwork's flat
colours and its anti-aliased edges), less than half of Chromium's own PNG.
"""

from __future__ import annotations

import base64
import io
import re
import sys
from pathlib import Path

from PIL import Image
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
ICONS = ROOT / "static" / "icons"
SIZES = (192, 512)
SAFE_RADIUS = 0.40  # of the icon's width: the maskable safe zone's circle
MARGIN = 0.97  # the artwork's outermost pixel stays this far inside that circle
COLOURS = 64  # palette size: the artwork's flat colours and enough steps for its anti-aliased edges

sys.path.insert(0, str(ROOT / "tests" / "e2e"))
from conftest import CHROMIUM_ARGS, browser_path  # noqa: E402


def split(svg: str) -> tuple[str, str, str, str]:
    """icon.svg as (opening tag, background rect, its fill, the artwork after it)."""
    m = re.match(r'\s*(<svg[^>]*>)\s*(<rect\b[^>]*\bfill="([^"]+)"[^>]*/>)(.*)</svg>\s*$', svg, re.S)
    if not m:
        sys.exit("icons: icon.svg must open with its background <rect ... fill=...>")
    return m.group(1), m.group(2), m.group(3), m.group(4)


def maskable(svg: str, artwork_radius: float) -> str:
    """The maskable variant: a square background, the artwork scaled about the centre
    so its farthest pixel (artwork_radius, in viewBox units of 512) is inside the safe
    circle."""
    opening, _, fill, art = split(svg)
    scale = SAFE_RADIUS * 512 * MARGIN / artwork_radius
    return (f'{opening}<rect width="512" height="512" fill="{fill}"/>'
            f'<g transform="translate(256 256) scale({scale:.4f}) translate(-256 -256)">{art}</g></svg>')


def render(page, svg: str, size: int) -> Image.Image:
    """The SVG drawn at size x size on a transparent page."""
    page.set_viewport_size({"width": size, "height": size})
    src = "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode()
    page.set_content(f'<body style="margin:0"><img src="{src}" width="{size}" height="{size}" style="display:block">')
    page.wait_for_function("document.images[0].complete")
    return Image.open(io.BytesIO(page.screenshot(omit_background=True))).convert("RGBA")


def farthest_pixel(image: Image.Image) -> float:
    """How far from the centre the farthest visible pixel is, in pixels."""
    size = image.width
    alpha = image.getchannel("A").load()
    c = (size - 1) / 2
    return max(((x - c) ** 2 + (y - c) ** 2) ** 0.5 for y in range(size) for x in range(size) if alpha[x, y])


def save(image: Image.Image, path: Path) -> None:
    image.quantize(COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE).save(path, optimize=True)
    print(f"icons: {path.relative_to(ROOT)} {image.width}x{image.height}, {path.stat().st_size:,} bytes")


def main() -> None:
    svg = (ICONS / "icon.svg").read_text()
    opening, _, _, art = split(svg)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=browser_path(), args=CHROMIUM_ARGS)
        page = browser.new_page()
        # The artwork alone (no background) at the viewBox's size: its reach from the centre.
        radius = farthest_pixel(render(page, f"{opening}{art}</svg>", 512)) + 1
        masked = maskable(svg, radius)
        for size in SIZES:
            save(render(page, svg, size), ICONS / f"icon-{size}.png")
            save(render(page, masked, size), ICONS / f"icon-maskable-{size}.png")
        browser.close()


if __name__ == "__main__":
    main()
