"""slug -> game. The one place that knows which games exist: a game is added with one register() line."""

from __future__ import annotations

from games.base import Game, shown
from games.rickety_kate import GAME as RICKETY_KATE

GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Add a game (the web app finds its entry forms and templates through `game.web`)."""
    GAMES[game.slug] = game
    return game


def unregister(slug: str) -> None:
    """Take a game out again (for tests that register a throw-away game)."""
    GAMES.pop(slug, None)


def get(slug: str) -> Game:
    """The game for `slug`; KeyError names the known ones."""
    try:
        return GAMES[slug]
    except KeyError:
        known = ", ".join(sorted(GAMES))
        raise KeyError(f"unknown game {shown(slug)} (known: {known})") from None


register(RICKETY_KATE)
