"""The words of the page's script (static/js/scorer.js) and of the service worker, in the
reader's language (the scorer_words and js_word tags of games/templatetags/scorer_script.py
write them into the page and templates/sw.js)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext, ngettext, pgettext

# The script writes a few things itself: the hands waiting on the phone without signal, the
# connection line, the declarations as they are tapped in. Its words come from the page, in
# the reader's language: base.html writes them as a JSON block (<script id="scorer-words">),
# and templates/sw.js takes the one it needs. A counting message is written for a few counts
# (PLURAL_SAMPLES), one of each plural form of every language Scorer speaks; the script picks
# the one whose form (Intl.PluralRules) is the form of its own count. Placeholders are
# %(name)s, as in the templates' translations.

PLURAL_SAMPLES = (1, 2, 3, 5)
"""One count of each plural form: one (1), two (2, Hebrew) or few (2, Russian, Ukrainian),
other (3), many (5, Russian, Ukrainian)."""

RUN_LENGTHS = range(3, 9)


def scorer_words() -> dict[str, Any]:
    """The script's words in the active language."""
    return {
        "hand": gettext("Hand %(number)s"),
        "handsWaiting": {
            str(n): ngettext("%(count)s hand not sent yet", "%(count)s hands not sent yet", n)
            for n in PLURAL_SAMPLES
        },
        "notAdded": gettext("Not added"),
        # Beside the totals shown at the tap on Save, until the server's answer confirms them.
        "saving": gettext("saving…"),
        "sentLater": gettext(
            "Sent by themselves when the connection is back; the totals count them then."
        ),
        "handWaiting": gettext("Hand %(number)s · not sent yet"),
        "handRefused": gettext("Hand %(number)s · not added"),
        "dismiss": gettext("Dismiss"),
        "checkedLater": gettext(
            "No connection: Scorer checks and scores this hand when it is sent."
        ),
        "deals": gettext("%(name)s deals"),
        "answer": pgettext(
            "a question of the hand's form and what was entered: Who called trump: Ann",
            "%(question)s: %(answer)s",
        ),
        "notTaken": gettext("Scorer did not take it (%(status)s)."),
        "cameAfter": gettext("Not sent: it came after the hand above."),
        "offline": gettext("No connection"),
        "online": gettext("Back online: updating"),
        "copy": gettext("%(state)s · a copy kept on this phone"),
        "copyAt": gettext("%(state)s · the page as kept at %(time)s"),
        "waitHere": gettext("%(line)s. Hands you save wait on this phone."),
        "end": pgettext("the end of the connection line", "%(line)s."),
        "next": pgettext("the button to the hand's next step", "Next: %(step)s →"),
        "remove": gettext("Remove %(declaration)s"),
        "declared": pgettext("who declared what", "%(who)s: %(what)s"),
        # %(cards)s is the run as cards are written: "9–Q♥".
        "run": {
            str(n): ngettext("%(count)s-card run %(cards)s", "%(count)s-card run %(cards)s", n)
            for n in RUN_LENGTHS
        },
        "four": {
            "7": pgettext("a declaration", "four sevens"),
            "8": pgettext("a declaration", "four eights"),
            "9": pgettext("a declaration", "four nines"),
            "10": pgettext("a declaration", "four tens"),
            "J": pgettext("a declaration", "four jacks"),
            "Q": pgettext("a declaration", "four queens"),
            "K": pgettext("a declaration", "four kings"),
            "A": pgettext("a declaration", "four aces"),
            "": pgettext("a declaration", "four of a kind"),
        },
        # %(cards)s is the king and queen as cards are written: "K+Q♥".
        "marriage": pgettext("a declaration", "marriage %(cards)s"),
    }
