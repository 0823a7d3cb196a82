"""makemessages that also reads the engine's catalogue (games/engine/texts/).

The engine writes its English as `_t(id, english)` and `_tn(id, singular, plural)`; the id
becomes the message's context, so two sentences with the same English stay apart.
"""

from django.core.management.commands import makemessages


class Command(makemessages.Command):
    xgettext_options = [
        *makemessages.Command.xgettext_options,
        "--keyword=_t:1c,2",
        "--keyword=_tn:1c,2,3",
    ]
