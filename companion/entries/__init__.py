"""A game's web side: its entry forms turned into table-file events, and its templates.

Each game names its web module in `Game.web` (for the real games a package here, e.g. entries/rickety_kate/):
- `ACTIONS`: action name -> builder(post, snapshot) returning the events the form stands for (or FormError);
- `context(snapshot, form)`: what its templates show, with the values to refill after an error;
- a `templates/` folder beside it with `entry.html` (and `panel.html` when the game has a state panel),
  reached as "game/<slug>/<file>" (companion/loaders.py).
The helpers below are shared by every game's forms."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import import_module
from pathlib import Path
from types import ModuleType
from typing import Any

from django.http import QueryDict
from django.utils.translation import gettext as _

from companion.services import Snapshot
from games import registry


class FormError(ValueError):
    """A form that cannot become an event; the message is for the player."""


def module(slug: str) -> ModuleType:
    """The web module of the registered game `slug` (KeyError when no such game is registered)."""
    return import_module(registry.get(slug).web)


def template_dir(slug: str) -> Path:
    """The folder of the game's own templates: `templates/` beside its web module."""
    return Path(module(slug).__file__ or "").parent / "templates"


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
