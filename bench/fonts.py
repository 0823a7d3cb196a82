"""Make the site's own fonts (static/fonts/*.woff2) from Debian's Noto fonts; run by hand.

Two of the site's languages are written in letters many machines have no font for (a TV, a
laptop): Tamil and Hebrew. The site ships Noto Sans Tamil and Noto Sans Hebrew (SIL Open
Font Licence 1.1, static/fonts/OFL.txt), regular and bold, cut down to the letters those
languages need. static/css/scorer.css names them with the same unicode ranges, so a browser
fetches a file only for a page that has one of those letters on it.

The .woff2 files are committed, so nothing runs at start-up or in a request. To make them
again (fontTools and brotli are needed here only, not by the site):

    apt-get download fonts-noto-core && dpkg-deb -x fonts-noto-core_*_all.deb /tmp/noto
    .venv/bin/pip install fonttools brotli
    .venv/bin/python bench/fonts.py /tmp/noto/usr/share/fonts/truetype/noto

(or `apt-get install fonts-noto-core` and no argument: /usr/share/fonts/truetype/noto).
Made from fonts-noto-core 20201225-1 (Debian 12).
"""

from __future__ import annotations

import sys
from pathlib import Path

from fontTools import subset

FONTS = Path(__file__).resolve().parents[1] / "static" / "fonts"
SOURCE = Path("/usr/share/fonts/truetype/noto")

# The joiners, which shape a Tamil or Hebrew word, and the dotted circle a mark stands on
# alone. Space, digits and Latin are left to the system's font: an English page has them.
JOINERS = [(0x200C, 0x200D), (0x25CC, 0x25CC)]
# Each face's letters, in the same words as its unicode-range in static/css/scorer.css.
RANGES = {
    "NotoSansTamil": [(0x0B80, 0x0BFF), *JOINERS],
    "NotoSansHebrew": [(0x0590, 0x05FF), (0xFB1D, 0xFB4F), *JOINERS],
}
WEIGHTS = ["Regular", "Bold"]


def unicode_range(ranges: list[tuple[int, int]]) -> str:
    """The ranges as CSS writes them: U+0B80-0BFF, U+25CC."""
    return ", ".join(f"U+{a:04X}" if a == b else f"U+{a:04X}-{b:04X}" for a, b in ranges)


def make(source: Path, family: str, weight: str) -> Path:
    ranges = RANGES[family]
    options = subset.Options()
    options.flavor = "woff2"
    options.layout_features = ["*"]  # the shaping (ligatures, marks) the letters need
    options.name_IDs = ["*"]  # the names, the licence and its address, kept in the file
    options.notdef_outline = True
    options.hinting = False  # screens of today scale outlines; hints double the size
    options.desubroutinize = True  # compresses better in woff2
    font = subset.load_font(str(source / f"{family}-{weight}.ttf"), options)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=[u for a, b in ranges for u in range(a, b + 1)])
    subsetter.subset(font)
    target = FONTS / f"{family}-{weight}.woff2"
    subset.save_font(font, str(target), options)
    return target


def main() -> None:
    source = Path(sys.argv[1]) if len(sys.argv) > 1 else SOURCE
    FONTS.mkdir(exist_ok=True)
    for family, ranges in RANGES.items():
        print(f"{family}: unicode-range: {unicode_range(ranges)};")
        for weight in WEIGHTS:
            target = make(source, family, weight)
            print(f"  {target.relative_to(FONTS.parents[1])}: {target.stat().st_size:,} bytes")


if __name__ == "__main__":
    main()
