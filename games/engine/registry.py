"""Every game Scorer knows, by key. The models' choices are built from this."""

from __future__ import annotations

from typing import Any

from games.engine.errors import ParseError
from games.engine.euchre import Euchre
from games.engine.hoskin import Hoskin, HoskinTekli
from games.engine.klaberjass import Klaberjass
from games.engine.terz import Terz
from games.engine.texts import say
from games.engine.three_o_four import ThreeOFour, ThreeOFourWidow
from games.engine.variant import Variant

AnyVariant = Variant[Any, Any]

VARIANTS: dict[str, AnyVariant] = {
    v.key: v
    for v in (
        Klaberjass(),
        Terz(),
        Euchre(),
        ThreeOFour(),
        ThreeOFourWidow(),
        Hoskin(),
        HoskinTekli(),
    )
}


def get_variant(key: str) -> AnyVariant:
    try:
        return VARIANTS[key]
    except KeyError:
        known = ", ".join(VARIANTS)
        raise ParseError(
            "variant", say("registry.unknown_game", game=repr(key), known=known)
        ) from None
