"""Display helpers for templates: cards with their suit symbol, fresh idempotency keys."""

from django import template
from django.utils.safestring import SafeString

from companion import assets, cardpicker, i18n
from companion.models import url_token
from games.cards import parse_card

register = template.Library()


@register.filter
def pretty_card(text: str) -> str:
    """`QS` -> `Q♠` (the canonical form stays in the form values)."""
    try:
        return parse_card(text).pretty()
    except ValueError:
        return text


@register.filter
def suit(text: str) -> str:
    """The suit letter, for the four-colour CSS class."""
    try:
        return parse_card(text).suit
    except ValueError:
        return ""


@register.simple_tag
def game_assets(slug: str = "") -> SafeString:
    """The stylesheet and script of game `slug` (companion/assets.py), or of every game without one."""
    return assets.links(slug)


@register.simple_tag
def write_key() -> str:
    """A new idempotency key for one write form: a resend of the same form lands once."""
    return url_token(12)


@register.filter
def tr(value: object) -> str:
    """A game's Text (a prompt, a message, a log line) in the reader's language."""
    return i18n.tr(value)


@register.filter
def card_picker(picker: cardpicker.Picker) -> str:
    """A card picker's HTML (templates/cards/picker.html)."""
    return cardpicker.render(picker)
