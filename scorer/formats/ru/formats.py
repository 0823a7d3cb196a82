"""Russian dates as a card night's heading says them: "30 ноября", the month in the genitive
(Django's own "j F" would write "30 Ноябрь")."""

MONTH_DAY_FORMAT = "j E"
