"""Turning a game's entry forms into table-file events. One module a game."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import ModuleType
from typing import Any

from django.http import QueryDict
from django.utils.translation import gettext as _

from companion.services import Snapshot


class FormError(ValueError):
    """A form that cannot become an event; the message is for the player."""


def module(slug: str) -> ModuleType:
    from companion.entries import rickety_kate

    return {"rickety-kate": rickety_kate}[slug]


def build(slug: str, action: str, post: QueryDict, snap: Snapshot) -> list[dict[str, Any]]:
    """The events an entry form stands for, or FormError."""
    builders: Mapping[str, Callable[[QueryDict, Snapshot], list[dict[str, Any]]]] = module(slug).ACTIONS
    if action not in builders:
        raise FormError(_("Unknown entry %(action)r.") % {"action": action})
    return builders[action](post, snap)


def whole_number(post: QueryDict, key: str, what: str, low: int, high: int, default: int | None = None) -> int:
    raw = post.get(key, "").strip()
    if not raw and default is not None:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise FormError(_("%(what)s must be a whole number.") % {"what": what}) from None
    if not low <= value <= high:
        raise FormError(_("%(what)s must be from %(low)d to %(high)d.") % {"what": what, "low": low, "high": high})
    return value


def seat(post: QueryDict, key: str, players: tuple[str, ...] | list[str], what: str) -> str:
    """A player picked by seat number (form values are seat indices, never free text)."""
    raw = post.get(key, "")
    # ASCII digits only: "²" is a digit int() cannot read, and int() refuses thousands of digits.
    if not (raw.isascii() and raw.isdigit()) or len(raw) > 3 or int(raw) >= len(players):
        raise FormError(_("Choose %(what)s.") % {"what": what})
    return players[int(raw)]
