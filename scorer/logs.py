"""Log lines never carry a working link: the secret part of circle, game and watch links, and
a club night's organiser key, is masked in everything logged, by Django (settings.LOGGING)
and by gunicorn (gunicorn.conf.py)."""

from __future__ import annotations

import logging
import re

# /c/<circle>/, /g/<game>/, /w/<watch>/ and a night's /organiser/<key> (games/urls.py),
# wherever they appear in a line: the request line, the referrer, a message or a traceback.
# The slug alphabet is token_urlsafe's; the possessive match and the lookahead leave a masked
# slug alone, so masking twice is safe.
# A request line may spell a link's letters, or its slashes, percent-encoded (/c/%4DjQr…/ is
# /c/MjQr…/ once gunicorn has decoded it), and "%25" is a percent sign: those escapes are
# decoded before masking, so that no spelling of a link is written whole; a segment with
# escapes still in it after that is masked as it stands.
SECRET_SEGMENT = re.compile(r"(/[cgw]/|/organiser/)([A-Za-z0-9_%-]++)(?!…)")
ESCAPE = re.compile(r"%([0-9A-Fa-f]{2})")
DECODED = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.~/%")


def decode_escapes(text: str) -> str:
    """`text` with the escapes of letters, digits, "-_.~", "/" and "%" decoded, until none
    is left (an escaped escape, %254D, is one too)."""
    for _ in range(8):
        decoded = ESCAPE.sub(lambda m: c if (c := chr(int(m[1], 16))) in DECODED else m[0], text)
        if decoded == text:
            break
        text = decoded
    return text


def mask_secret_links(text: str) -> str:
    """`text` with each link's secret cut to its first four characters: /c/AbCd…/."""
    if "%" in text:
        text = decode_escapes(text)
    return SECRET_SEGMENT.sub(lambda m: f"{m[1]}{m[2][:4]}…", text)


class MaskSecretLinks(logging.Filter):
    """Masks the message, its arguments and any traceback of every record it sees."""

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except Exception:
            # Arguments that do not fit the message: mask the parts and let the handler
            # report the mismatch as it always does.
            record.msg = mask_secret_links(str(record.msg))
            if isinstance(record.args, tuple):
                record.args = tuple(
                    mask_secret_links(a) if isinstance(a, str) else a for a in record.args
                )
            return True
        record.msg, record.args = mask_secret_links(message), None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = mask_secret_links(record.exc_text)
        if record.stack_info:
            record.stack_info = mask_secret_links(record.stack_info)
        return True
