"""The names downloads are saved under: the circle's own letters kept, in any script, and an
ASCII name beside them for a browser that reads only that (RFC 6266)."""

from __future__ import annotations

import re
import unicodedata
from urllib.parse import quote

# Letters that do not come apart into an ASCII letter and a mark (Turkish dotless ı, ß, ø…).
_ASCII_OF = str.maketrans(
    {"ı": "i", "ß": "ss", "ø": "o", "Ø": "O", "đ": "d", "Đ": "D", "ł": "l", "Ł": "L"}
)


def file_word(text: str) -> str:
    """A piece of a file name: letters and digits of any script kept ("Kadıköy"), every run
    of anything else (spaces, dashes, slashes, quotes) one dash, none at either end."""
    kept = "".join(c if c.isalnum() else "-" for c in unicodedata.normalize("NFC", text))
    return re.sub(r"-+", "-", kept).strip("-")


def ascii_name(name: str) -> str:
    """The name in ASCII: accents dropped ("Kadıköy" is "Kadikoy"), other letters a dash."""
    plain = unicodedata.normalize("NFKD", name.translate(_ASCII_OF))
    stripped = "".join(c for c in plain if not unicodedata.combining(c))
    kept = "".join(c if c.isascii() and (c.isalnum() or c in ".-_") else "-" for c in stripped)
    return re.sub(r"-+", "-", kept).strip("-")


def attachment(name: str) -> str:
    """A Content-Disposition saving the download as `name`: in ASCII as it is, else with
    its Unicode name (filename*=UTF-8'') and an ASCII one for older browsers."""
    fallback = ascii_name(name)
    if fallback == name:
        return f'attachment; filename="{name}"'
    return f"attachment; filename=\"{fallback}\"; filename*=UTF-8''{quote(name, safe='')}"
