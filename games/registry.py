"""slug -> game. The one place that knows which games exist."""

from __future__ import annotations

from games.base import Game
from games.rickety_kate import GAME as RICKETY_KATE

GAMES: dict[str, Game] = {game.slug: game for game in (RICKETY_KATE,)}


def get(slug: str) -> Game:
    """The game for `slug`; KeyError names the known ones."""
    try:
        return GAMES[slug]
    except KeyError:
        known = ", ".join(sorted(GAMES))
        raise KeyError(f"unknown game {slug!r} (known: {known})") from None
