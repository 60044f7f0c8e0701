"""White Hat's board fields on the state panel, written in Python: a board of 40-odd fields took 1.5 ms of template
work on every rendering (companion/entries/white_hat/templates/panel.html documents the markup)."""

from collections.abc import Iterable, Mapping
from typing import Any

from django import template
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

register = template.Library()


@register.simple_tag
def board_fields(fields: Iterable[Mapping[str, Any]]) -> SafeString:
    """One <li> a field (games.white_hat.prompt.board_view): its name, its value (and the printed one when an
    ability changed it), its ability, whether a legal move ends there, and the pawns on it."""
    legal = conditional_escape(gettext("a legal move ends here"))
    printed = gettext("printed %(n)s")
    out = []
    for f in fields:
        ability = conditional_escape(f["ability"]) if f["ability"] else ""
        target = " wh-target" if f["target"] else ""
        value = str(conditional_escape(f["value"]))
        if f["changed"] is not None:
            value += f" ({printed % {'n': conditional_escape(f['changed'])}})"
        extra = f' <span class="wh-field-ability">{ability}</span>' if ability else ""
        extra += f' <span class="wh-field-legal">{legal}</span>' if f["target"] else ""
        extra += f' <span class="wh-pawn">{conditional_escape(f["pawns"])}</span>' if f["pawns"] else ""
        out.append(
            f'<li class="wh-field wh-ability-{ability or "plain"}{target}" id="wh-field-{f["index"]}">'
            f'<span class="wh-field-name">{f["index"]}. {conditional_escape(f["name"])}</span> '
            f'<span class="wh-field-value">{value}</span>{extra}</li>\n'
        )
    return mark_safe("".join(out))  # every value in it escaped above


@register.simple_tag
def field_options(fields: Iterable[tuple[int, str]]) -> SafeString:
    """The board's fields as a select's options ("7 Router"), written here as the board is (one a field)."""
    return mark_safe("".join(f'<option value="{i}">{i} {conditional_escape(name)}</option>' for i, name in fields))


@register.simple_tag
def pawn_options(pawns: Iterable[tuple[str, str, int]]) -> SafeString:
    """Every pawn as a select's options ("Ana's pawn 1"), its value `<owner>:<n>`."""
    named = gettext("%(owner)s's pawn %(n)s")
    return mark_safe(
        "".join(
            f'<option value="{conditional_escape(value)}">'
            f"{named % {'owner': conditional_escape(owner), 'n': conditional_escape(str(n))}}</option>"
            for value, owner, n in pawns
        )
    )
