"""slug -> game. The one place that knows which games exist: a game is added with one register() line."""

from __future__ import annotations

from games.base import Game, shown
from games.hats import GAME as HATS
from games.hood_politix import GAME as HOOD_POLITIX
from games.rickety_kate import GAME as RICKETY_KATE
from games.text import T, Text
from games.white_hat import GAME as WHITE_HAT

GAMES: dict[str, Game] = {}


class UnknownGame(KeyError):
    """No game has this slug; `message` names the known ones (a Text; str() is the English line)."""

    def __init__(self, message: Text) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return str(self.message)


def register(game: Game) -> Game:
    """Add a game (the web app finds its entry forms and templates through `game.web`)."""
    GAMES[game.slug] = game
    return game


def unregister(slug: str) -> None:
    """Take a game out again (for tests that register a throw-away game)."""
    GAMES.pop(slug, None)


def get(slug: str) -> Game:
    """The game for `slug`; UnknownGame (a KeyError) names the known ones."""
    try:
        return GAMES[slug]
    except KeyError:
        known = ", ".join(sorted(GAMES))
        raise UnknownGame(T("unknown game %(slug)s (known: %(known)s)", slug=shown(slug), known=known)) from None


register(RICKETY_KATE)
register(HATS)
register(WHITE_HAT)
register(HOOD_POLITIX)
