"""Start-up checks: every registered game has all the web app calls on it, or Django names what is missing
(instead of a 500 at request time)."""

from __future__ import annotations

from types import ModuleType
from typing import Any

from django.conf import settings
from django.core import checks
from django.urls import URLPattern, URLResolver

from companion import entries
from games import registry
from games.base import Game

# What the Game protocol (games/base.py) asks of every game.
ATTRIBUTES = ("slug", "name", "min_players", "max_players", "lowest_wins", "row_label", "rule_ids", "web")
METHODS = (
    "options",
    "option_info",
    "options_dict",
    "parse",
    "replay",
    "resume",
    "standings",
    "review",
    "prompt",
    "describe",
    "rules",
    "ranking",
    "panel",
)


@checks.register()
def games_are_complete(app_configs: Any = None, **kwargs: Any) -> list[checks.CheckMessage]:
    problems: list[checks.CheckMessage] = []
    for game in registry.GAMES.values():
        problems += [checks.Error(f"game {game.slug!r}: {what}", id=f"kibitz.{code}") for code, what in missing(game)]
    return problems


def missing(game: Game) -> list[tuple[str, str]]:
    """(check id, what is missing) for one game; empty when it is complete."""
    gone = [n for n in ATTRIBUTES if not hasattr(game, n)]
    gone += [n for n in METHODS if not callable(getattr(game, n, None))]
    if gone:
        return [("E001", "the game lacks " + ", ".join(gone))]
    return _web(game) + _rules(game)


def _web(game: Game) -> list[tuple[str, str]]:
    try:
        module = entries.module(game.slug)
    except ImportError as exc:
        return [("E002", f"its web module {game.web!r} cannot be imported ({exc})")]
    out = []
    if not isinstance(getattr(module, "ACTIONS", None), dict) or not callable(getattr(module, "context", None)):
        out.append(("E002", f"its web module {game.web!r} needs ACTIONS (a dict) and context()"))
    out += _pages(game, module)
    if not (entries.template_dir(game.slug) / "entry.html").is_file():
        out.append(("E003", f"no entry template: add templates/entry.html beside {game.web}"))
    return out


def _rules(game: Game) -> list[tuple[str, str]]:
    wanted = {*game.rule_ids, *(info.rule for info in game.option_info() if info.rule)}
    out = []
    for lang, _name in settings.LANGUAGES:
        anchors = {section["anchor"] for section in game.rules(lang)}
        out += [("E004", f"its {lang} rules page has no section {a!r}") for a in sorted(wanted - anchors)]
    return out


def _pages(game: Game, module: ModuleType) -> list[tuple[str, str]]:
    """A game's own pages are optional; when it has `URLS`, it is a list of named Django path()s."""
    pages = getattr(module, "URLS", [])
    named = isinstance(pages, (list, tuple)) and all(
        isinstance(p, URLResolver) or (isinstance(p, URLPattern) and p.name) for p in pages
    )
    if named:
        return []
    return [("E002", f"URLS in {game.web!r} must be a list of Django path()s, each with a name= to reverse() it by")]
