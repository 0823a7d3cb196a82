"""Ukrainian dates as a card night's heading says them: "30 листопада", the month in the
genitive (Django's own "d F" would write "30 Листопад")."""

MONTH_DAY_FORMAT = "j E"
