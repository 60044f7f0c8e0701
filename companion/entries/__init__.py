"""A game's web side: its entry forms turned into table-file events, and its templates.

Each game names its web module in `Game.web` (for the real games a package here, e.g. entries/rickety_kate/):
- `ACTIONS`: action name -> builder(post, snapshot) returning the events the form stands for (or FormError);
- `context(snapshot, form)`: what its templates show, with the values to refill after an error;
- a `templates/` folder beside it with `entry.html` (and `panel.html` when the game has a state panel),
  reached as "game/<slug>/<file>" (companion/loaders.py);
- optionally `before_new_table(group, preset)`: a step before the new-table form, as (url, words) shown above
  it, or None;
- optionally `form_for(payload, snapshot)`: the (action, fields) of the form that stands for a stored event, or
  None; with it, an undone entry comes back in its form filled in, and the log offers "Fix" on the event types
  listed in `FIXABLE` (the form, filled in as the table stood before the entry, posts to the correct view);
- optionally `URLS`: the game's own pages (White Hat: its box), a list of Django `path()`s mounted under the
  game's slug ("white-hat/" + "box/"), after the site's own addresses; name each one (`name=`) so templates and
  views `reverse()` it. companion/urls.py mounts them through `urls()` below and names no game.
- optionally `DISPLAY_SCRIPT = True`: the game's script (static/games/<slug>.js) stands alone, without kibitz.js,
  and its state panel needs it, so the table display (companion/displayviews.py) loads it too (Hood Politix's
  timers); the display always links the game's stylesheet.
The helpers below are shared by every game's forms."""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from importlib import import_module
from pathlib import Path
from types import ModuleType
from typing import Any, TypeVar

from django.http import QueryDict
from django.urls import URLResolver, include, path
from django.utils.translation import gettext as _

from companion import cardpicker, services
from companion.services import Snapshot
from games import registry
from games.notation import Notation

T = TypeVar("T")


class FormError(ValueError):
    """A form that cannot become an event; the message is for the player."""


class Question(FormError):
    """A form that needs one more answer before it is saved (the shooter's moon choice): the view shows the entry
    again, typed values kept, and the game's entry template asks it. The message says it in a sentence."""


@dataclass(frozen=True)
class Fix:
    """A recorded entry being corrected: its form posts to the correct view."""

    seq: int
    action: str  # the entry form's action: "trick", "hand", ...
    text: object  # the entry's log line (a game's Text or a plain string)


@dataclass(frozen=True)
class Last:
    """The newest live entry, when its form can show it again: the panel offers Edit beside it."""

    seq: int
    action: str
    text: object


def module(slug: str) -> ModuleType:
    """The web module of the registered game `slug` (KeyError when no such game is registered)."""
    return import_module(registry.get(slug).web)


def template_dir(slug: str) -> Path:
    """The folder of the game's own templates: `templates/` beside its web module."""
    return Path(module(slug).__file__ or "").parent / "templates"


def urls() -> list[URLResolver]:
    """Every registered game's own pages (its web module's optional `URLS`), each game's under "<slug>/". Read
    once, when the URLconf loads: a game registered later (a test's) brings no pages."""
    mounted = []
    for slug in sorted(registry.GAMES):
        try:
            pages: object = getattr(module(slug), "URLS", ())
        except ImportError:
            continue  # a web module that cannot be imported: `manage.py check` names it (companion/checks.py)
        if isinstance(pages, (list, tuple)) and pages:
            mounted.append(path(f"{slug}/", include(list(pages))))
    return mounted


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


def cards(post: QueryDict, field: str, who: str) -> list[str]:
    """The cards a picker seat `field` sent (cardpicker.posted: ticked and counted), for `who`'s cards."""
    try:
        return cardpicker.posted(post, field)
    except cardpicker.BadCount as bad:
        raise FormError(
            _("%(who)s: how many %(card)s must be a whole number from 0 to %(most)d.")
            % {"who": who, "card": bad.card, "most": cardpicker.MOST_OF_ONE}
        ) from None


def seat(post: QueryDict, key: str, players: tuple[str, ...] | list[str], what: str) -> str:
    """A player picked by seat number (form values are seat indices, never free text)."""
    raw = post.get(key, "")
    # ASCII digits only: "²" is a digit int() cannot read, and int() refuses thousands of digits.
    if not (raw.isascii() and raw.isdigit()) or len(raw) > 3 or int(raw) >= len(players):
        raise FormError(_("Choose %(what)s.") % {"what": what})
    return players[int(raw)]


def deferred(work: Callable[[], T]) -> Callable[[], T]:
    """`work`, done where a template first reads it (a template calls what it reads), and only once: for what only
    a part shown on demand needs, such as the card pickers of a form the page leaves out until it is opened."""
    return functools.cache(work)


def picker(
    notation: Notation[Any], seats: Sequence[tuple[int, str]], form: Mapping[str, Any], name: str, **options: Any
) -> cardpicker.Picker:
    """The card picker `name` for `seats` (cardpicker.build with `options`), holding what `form` sent for it:
    refilled after a refusal, filled in for a fix."""
    return cardpicker.build(notation, seats, name=name, chosen=cardpicker.picked(form, name, seats), **options)


def before_new_table(slug: str, group: Any, preset: Any) -> tuple[str, str] | None:
    """A step the game asks for before its new-table form, as (url, words), or None: the web module's optional
    `before_new_table(group, preset)` (White Hat: confirm the box's pursuit values and enter the board once)."""
    step = getattr(module(slug), "before_new_table", None)
    return step(group, preset) if step is not None else None


def default_preset(slug: str, group: Any) -> Any:
    """The preset a new table of the game starts from when the form names none: the web module's optional
    `default_preset(group)` (White Hat: the group's box), else None (the rulebook)."""
    pick = getattr(module(slug), "default_preset", None)
    return pick(group) if pick is not None else None


def fixable(slug: str) -> tuple[str, ...]:
    """The event types whose log entries the game's forms can correct ("Fix" in the log)."""
    return tuple(getattr(module(slug), "FIXABLE", ()))


def panel(snap: Snapshot, form: QueryDict | None, *, action: str = "", fix: object = None) -> dict[str, Any]:
    """The entry panel's context: the game's `context(snap, form)`, and with it for every game whose web side
    has `form_for`:
    - `fix`: the form of live entry `fix` (a log sequence number), filled in with it and read as the table stood
      before it, posting to the correct view (a form sent back after an error stays as sent);
    - after an Undo, the form of the entry undone, filled in (Redo would bring it back as it was; a slip in it
      costs one change, never all the taps again);
    - `last`: the newest live entry, when its form can show it, for Edit beside it;
    - `open`: which entry form to open (the action just refused, or the one filled in)."""
    web = module(snap.game.slug)
    refill: Callable[[Mapping[str, Any], Snapshot], tuple[str, Mapping[str, list[str]]] | None] | None
    refill = getattr(web, "form_for", None)
    if refill is None:
        return dict(web.context(snap, form)) | {"open": action, "fix": None}
    seq = _seq(fix)
    readable = snap.live[: len(snap.events)]  # a broken log's entries past the break cannot be read as forms
    index = next((i for i, e in enumerate(readable) if e.seq == seq), None) if seq is not None else None
    if seq is not None and index is not None:
        before = services.as_of(snap, seq)
        filled = refill(readable[index].payload, before)
        if filled is not None:
            kind, fields = filled
            text = snap.game.describe(snap.events[index], snap.players, snap.options)
            context = dict(web.context(before, form if form is not None else _query(fields)))
            return context | {"fix": Fix(seq, kind, text), "open": kind}
    if form is None and (undone := snap.redoable()) is not None and snap.broken is None:
        filled = refill(undone.payload, snap)
        if filled is not None:
            action, form = filled[0], _query(filled[1])
    context = dict(web.context(snap, form)) | {"open": action, "fix": None}  # none fixed: every template asks
    if readable and snap.broken is None:
        newest = readable[-1]
        kind = newest.payload.get("type")
        if kind in fixable(snap.game.slug):
            context["last"] = Last(
                newest.seq, str(kind), snap.game.describe(snap.events[-1], snap.players, snap.options)
            )
    return context


def _seq(raw: object) -> int | None:
    if isinstance(raw, int):
        return raw
    text = str(raw or "")
    return int(text) if text.isascii() and text.isdigit() and len(text) < 10 else None


def _query(fields: Mapping[str, list[str]]) -> QueryDict:
    form = QueryDict(mutable=True)
    for key, values in fields.items():
        form.setlist(key, list(values))
    return form
