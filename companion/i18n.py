"""The one way game words reach a page: a games.text.Text rendered through the active language's catalogue."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext, ngettext

from games.text import Text


def tr(value: Any) -> str:
    """A Text in the reader's language; anything else as it is (a name, a number, an old plain string)."""
    return value.render(gettext, ngettext) if isinstance(value, Text) else str(value)
