"""The dispute's card choosers and the round's place lists as HTML, built in Python: the template language took
most of the table page's time for their few hundred chips and options (the same approach as cardpicker.render).
Every value is escaped (the standard library's escape, which Django's own calls, without its check for lazy text on
every call); the words come through gettext like the template's."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from html import escape
from typing import Any

from django.utils.safestring import SafeString, mark_safe
from django.utils.text import slugify
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from companion.i18n import tr


def _checked(on: bool) -> str:
    return " checked" if on else ""


def card(
    slot: str,
    legend: str,
    chosen: dict[str, Any],
    colours: Sequence[tuple[str, str, Any]],
    faces: Sequence[tuple[str, str, bool]],
) -> SafeString:
    """One card to choose: its colour (with the colour's shape), its face, and the colourful frame. Written once per
    language and choice (its 60 chips were most of the entry panel's context)."""
    picked = (chosen["colour"], chosen["face"], bool(chosen["framed"]))
    return _card(slot, legend, picked, tuple(colours), tuple(faces), get_language())


@functools.lru_cache(maxsize=256)
def _card(
    slot: str,
    legend: str,
    chosen: tuple[str, str, bool],
    colours: tuple[tuple[str, str, Any], ...],
    faces: tuple[tuple[str, str, bool], ...],
    language: str | None,  # what gettext and tr answer in: part of what the markup is kept under
) -> SafeString:
    colour_chosen, face_chosen, framed = chosen
    name = escape(slot)
    # Each word looked up on a line of its own: makemessages does not read inside an f-string.
    colour_word, face_word, frame_word = _("Colour"), _("Face"), _("Colourful frame")
    out = [f'<fieldset class="hp-card" data-hp-card>\n<legend>{escape(legend)}</legend>\n']
    out.append(f'<div class="chips hp-colours" role="group" aria-label="{escape(colour_word)}">')
    for colour, symbol, label in colours:
        value = escape(colour)
        out.append(
            f'<label class="chip hp-tone-{escape(slugify(colour))}"><input type="radio" name="{name}-colour" '
            f'value="{value}"{_checked(colour_chosen == colour)} required><span><span aria-hidden="true">'
            f"{escape(symbol)}</span> {escape(tr(label))}</span></label>"
        )
    out.append(f'</div>\n<div class="chips hp-faces" role="group" aria-label="{escape(face_word)}">')
    for face, label, action in faces:
        out.append(
            f'<label class="chip{" hp-action" if action else ""}"><input type="radio" name="{name}-face" '
            f'value="{escape(face)}"{_checked(face_chosen == face)} required><span>{escape(label)}</span></label>'
        )
    out.append(
        f'</div>\n<label class="chip hp-framed"><input type="checkbox" name="{name}-framed"'
        f"{_checked(framed)}><span>✦ {escape(frame_word)}</span></label>\n</fieldset>"
    )
    return mark_safe("".join(out))  # every value above is escaped


def places(seats: Sequence[tuple[int, str]], chosen: Sequence[tuple[int, str]]) -> SafeString:
    """A list per place for the finishing order (the form without script; hood-politix.js turns it into taps)."""
    options = [(str(i), escape(name)) for i, name in seats]
    lost = _("(lost the one-on-one; may stay empty)")  # not inside an f-string, where makemessages cannot read it
    out = []
    for k, value in chosen:
        last = k == len(chosen) - 1
        note = f" {escape(lost)}" if last else ""
        place = _("Out %(n)s.") % {"n": k + 1}
        out.append(
            f'<label class="hp-place"><span>{escape(place)}{note}</span>\n'
            f'<select name="place-{k}"{"" if last else " required"}><option value="">—</option>'
        )
        out += [f'<option value="{i}"{" selected" if value == i else ""}>{n}</option>' for i, n in options]
        out.append("</select></label>\n")
    return mark_safe("".join(out))  # every value above is escaped
