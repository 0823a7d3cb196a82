"""Draw the app icons (PNG) from static/img/icon.svg with Debian's Chromium; run by hand.

The PNGs are committed, so nothing runs at start-up or in a request:
    .venv/bin/python bench/icons.py
"""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import sync_playwright

IMG = Path(__file__).resolve().parents[1] / "static" / "img"
CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]


def full_bleed(svg: str, glyph_scale: float) -> str:
    """The icon without its rounded corners: the phone masks it to its own shape."""
    return scaled(re.sub(r'\srx="[^"]*"', "", svg), glyph_scale)


def scaled(svg: str, glyph_scale: float) -> str:
    """The glyph scaled about the centre: larger than in the favicon, where it sits in a
    16-pixel square, but inside the safe zone of a maskable icon (a circle of 80 % of the
    width) there."""
    text = re.search(r"<text.*?</text>", svg, re.S)
    assert text is not None, "icon.svg has no <text> glyph"
    shift = 32 * (1 - glyph_scale)
    scaled = f'<g transform="translate({shift} {shift}) scale({glyph_scale})">{text[0]}</g>'
    return svg.replace(text[0], scaled)


def main() -> None:
    svg = (IMG / "icon.svg").read_text()
    icons = {
        "icon-192.png": (192, scaled(svg, 1.6)),
        "icon-512.png": (512, scaled(svg, 1.6)),
        "icon-maskable-512.png": (512, full_bleed(svg, 1.3)),
        "apple-touch-icon.png": (180, full_bleed(svg, 1.5)),
    }
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        for name, (size, drawing) in icons.items():
            page = browser.new_page(viewport={"width": size, "height": size})
            sized = drawing.replace("<svg ", f'<svg width="{size}" height="{size}" ', 1)
            page.set_content(
                f"<html><body style='margin:0;background:transparent'>{sized}</body></html>"
            )
            page.screenshot(path=str(IMG / name), omit_background=True)
            page.close()
            print(f"static/img/{name}: {size}×{size}")
        browser.close()


if __name__ == "__main__":
    main()
