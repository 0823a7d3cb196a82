"""Card nights: which night a game belongs to, in the circle's own time zone.

A night is named by the date it starts on. It runs from 06:00 that day to 06:00 the next,
local time, so the games started from noon until six in the morning are one night, and a
game started in the late morning (06:00–11:59) belongs to the night that starts that day:
the night before is over by then (ARCHITECTURE.md, "Card nights"). The boundary is read on
the wall clock, so a day on which the clocks change is still one night.
"""

from __future__ import annotations

import datetime as dt
import functools
import re
import zoneinfo

from django.utils import formats, translation
from django.utils.translation import pgettext

# The hour at which one night ends and the next day's begins, local time.
NIGHT_ENDS = dt.time(6)
NIGHT_SHIFT = dt.timedelta(hours=6)

# The longest IANA name is 32 characters ("America/Argentina/ComodRivadavia"); anything longer
# or of another shape is not looked up at all.
MAX_TIME_ZONE = 64
_TIME_ZONE = re.compile(r"[A-Za-z][A-Za-z0-9_+\-/]{0,63}", re.ASCII)
_NIGHT = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", re.ASCII)

UTC = "UTC"


@functools.cache
def time_zones() -> frozenset[str]:
    """The IANA names this system knows (read once: the set costs a directory walk)."""
    return frozenset(zoneinfo.available_timezones())


def valid_time_zone(value: object) -> str | None:
    """`value` when it names a time zone this system knows, else None."""
    if not isinstance(value, str) or not _TIME_ZONE.fullmatch(value):
        return None
    return value if value in time_zones() else None


def zone(name: str) -> zoneinfo.ZoneInfo:
    """The circle's time zone; UTC until a phone has said which one the circle is in."""
    return zoneinfo.ZoneInfo(valid_time_zone(name) or UTC)


def night_of(moment: dt.datetime, tz: zoneinfo.ZoneInfo) -> dt.date:
    """The night a game started at `moment` (aware) belongs to."""
    return (moment.astimezone(tz).replace(tzinfo=None) - NIGHT_SHIFT).date()


def bounds(night: dt.date, tz: zoneinfo.ZoneInfo) -> tuple[dt.datetime, dt.datetime]:
    """The night's start and end as aware moments: [06:00 that day, 06:00 the next)."""
    start = dt.datetime.combine(night, NIGHT_ENDS, tzinfo=tz)
    end = dt.datetime.combine(night + dt.timedelta(days=1), NIGHT_ENDS, tzinfo=tz)
    return start, end


def read_night(value: str) -> dt.date | None:
    """A night named in a link (YYYY-MM-DD), or None when it names no real date."""
    if not _NIGHT.fullmatch(value):
        return None
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        return None


def title(night: dt.date) -> str:
    """A night's name in the reader's language: its weekday and its date, each as the
    locale writes them ("Friday, June 12, 2026"; "Cuma, 12 Haziran 2026")."""
    weekday = formats.date_format(night, "l")
    date = formats.date_format(night, "DATE_FORMAT")
    return pgettext("night", "%(weekday)s, %(date)s") % {"weekday": weekday, "date": date}


def short_title(night: dt.date) -> str:
    """A night's day and month as the locale writes them ("June 12"; "12 Haziran")."""
    return formats.date_format(night, "MONTH_DAY_FORMAT")


# Languages that write a weekday in lower case inside a sentence ("Сегодня вторник"); their
# locales name it capitalised, as it stands at the head of a line.
LOWER_CASE_WEEKDAYS = frozenset({"ru", "uk"})


def weekday_in_sentence(night: dt.date) -> str:
    """A night's weekday as a sentence writes it after another word ("Tonight Tuesday",
    "Сегодня вторник"): lower case where the reader's language writes it so."""
    weekday = formats.date_format(night, "l")
    language = (translation.get_language() or "").split("-")[0]
    return weekday.lower() if language in LOWER_CASE_WEEKDAYS else weekday
