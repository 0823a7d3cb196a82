"""Form widgets written in Python where a page draws many of them, byte for byte as Django's
templates write them.

A hand form draws dozens of widgets, and Django draws each through three or four small
templates: the widget's, `input.html`, `attrs.html`, and one more per choice of a pad or a
list. That was about a third of the time a page took to render. `FastRenderer` writes the same
HTML in Python for those templates and leaves every other template to Django; a template that
only includes one of them (`text.html`, `radio_option.html`, ...) is recognised by its source.
`tests/web/test_form_renderer.py` draws every form of the site both ways and compares them, so
a Django whose templates change fails there first.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from django.forms.renderers import DjangoTemplates
from django.utils.formats import localize
from django.utils.html import conditional_escape
from django.utils.safestring import SafeData

Draw = Callable[["FastRenderer", Mapping[str, Any]], str]

# A template that is nothing but the include of another (and the newline after it).
_ONLY_AN_INCLUDE = re.compile(r'\{% include "([^"]+)" %\}(\s*)')


def shown(value: Any) -> str:
    """`{{ value }}`: localized, then escaped unless it is safe already."""
    value = localize(value)
    if not isinstance(value, str):
        value = str(value)
    return str(conditional_escape(value))


def shown_as_text(value: Any) -> str:
    """`{{ value|stringformat:'s' }}`."""
    try:
        text: Any = "%s" % (str(value) if isinstance(value, tuple) else value)
    except (ValueError, TypeError):
        text = ""
    if isinstance(value, SafeData):
        return str(text)  # the filter keeps a safe value's text safe: not escaped
    return shown(text)


def attrs(widget: Mapping[str, Any]) -> str:
    """`django/forms/widgets/attrs.html`."""
    out = []
    for name, value in widget["attrs"].items():
        if value is not False:
            out.append(" " + shown(name))
            if value is not True:
                out.append('="' + shown_as_text(value) + '"')
    return "".join(out)


def _input(renderer: FastRenderer, widget: Mapping[str, Any]) -> str:
    value = widget["value"]
    given = "" if value is None else ' value="' + shown_as_text(value) + '"'
    return (
        f'<input type="{shown(widget["type"])}" name="{shown(widget["name"])}"'
        f"{given}{attrs(widget)}>\n"
    )


def _input_option(renderer: FastRenderer, widget: Mapping[str, Any]) -> str:
    if not widget.get("wrap_label"):
        return _input(renderer, widget) + "\n"
    target = widget["attrs"].get("id")
    labelled = f' for="{shown(target)}"' if target else ""
    return f"<label{labelled}>{_input(renderer, widget)} {shown(widget['label'])}</label>\n"


def _select(renderer: FastRenderer, widget: Mapping[str, Any]) -> str:
    out = [f'<select name="{shown(widget["name"])}"{attrs(widget)}>']
    for group_name, group_choices, _index in widget["optgroups"]:
        if group_name:
            out.append(f'\n  <optgroup label="{shown(group_name)}">')
        for option in group_choices:
            out.append("\n  " + renderer.draw(option["template_name"], option))
        if group_name:
            out.append("\n  </optgroup>")
    out.append("\n</select>\n")
    return "".join(out)


def _select_option(renderer: FastRenderer, widget: Mapping[str, Any]) -> str:
    return (
        f'<option value="{shown_as_text(widget["value"])}"{attrs(widget)}>'
        f"{shown(widget['label'])}</option>\n"
    )


def _multiple_input(renderer: FastRenderer, widget: Mapping[str, Any]) -> str:
    target = widget["attrs"].get("id")
    kind = widget["attrs"].get("class")
    out = ["<div"]
    if target:
        out.append(f' id="{shown(target)}"')
    if kind:
        out.append(f' class="{shown(kind)}"')
    out.append(">")
    for group, options, _index in widget["optgroups"]:
        if group:
            out.append(f"\n  <div><label>{shown(group)}</label>")
        for option in options:
            out.append("<div>\n    " + renderer.draw(option["template_name"], option) + "</div>")
        if group:
            out.append("\n  </div>")
    out.append("\n</div>\n")
    return "".join(out)


def _pad(renderer: FastRenderer, widget: Mapping[str, Any]) -> str:
    target = widget["attrs"].get("id")
    labelled = f' aria-labelledby="{shown(target)}_legend"' if target else ""
    out = [f'<div class="{shown(widget["group_class"])}" role="radiogroup"{labelled}>\n']
    for _group, options, _index in widget["optgroups"]:
        for option in options:
            out.append(renderer.draw(option["template_name"], option))
    out.append("\n</div>\n")
    return "".join(out)


def _pad_option(renderer: FastRenderer, widget: Mapping[str, Any]) -> str:
    return (
        f'<label class="{shown(widget["button_class"])}">{_input(renderer, widget)}'
        f"<span>{shown(widget['label'])}</span></label>"
    )


WIDGETS = "django/forms/widgets/"
DRAWN: dict[str, Draw] = {
    WIDGETS + "input.html": _input,
    WIDGETS + "input_option.html": _input_option,
    WIDGETS + "select.html": _select,
    WIDGETS + "select_option.html": _select_option,
    WIDGETS + "multiple_input.html": _multiple_input,
    "games/widgets/pad.html": _pad,
    "games/widgets/pad_option.html": _pad_option,
}


class FastRenderer(DjangoTemplates):
    """Django's own form renderer, with the templates of `DRAWN` written in Python."""

    def __init__(self) -> None:
        super().__init__()
        # What each template name turned out to be: drawn in Python (with the text after an
        # include), or None for a template left to Django.
        self._drawn: dict[str, tuple[Draw, str] | None] = {}

    def render(self, template_name: str, context: dict[str, Any], request: Any = None) -> str:
        widget = context.get("widget") if len(context) == 1 else None
        if isinstance(widget, Mapping) and (found := self._found(template_name)):
            draw, after = found
            return (draw(self, widget) + after).strip()  # as Django strips what it renders
        return super().render(template_name, context, request)

    def draw(self, template_name: str, widget: Mapping[str, Any]) -> str:
        """An option's template, as `{% include option.template_name with widget=option %}`."""
        if found := self._found(template_name):
            draw, after = found
            return draw(self, widget) + after
        return str(super().render(template_name, {"widget": widget}))

    def _found(self, template_name: str) -> tuple[Draw, str] | None:
        if template_name not in self._drawn:
            self._drawn[template_name] = self._recognised(template_name)
        return self._drawn[template_name]

    def _recognised(self, template_name: str) -> tuple[Draw, str] | None:
        if template_name in DRAWN:
            return DRAWN[template_name], ""
        source = self.get_template(template_name).template.source
        match = _ONLY_AN_INCLUDE.fullmatch(source)
        if match and (inner := self._found(match[1])) and not inner[1]:
            return inner[0], match[2]
        return None
