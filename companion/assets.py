"""Each game's own stylesheet and script, if it has them: static/games/<slug>.css and static/games/<slug>.js.

Every page links them (they are small, cached and precompressed), so a game's panel looks right wherever it is
swapped in, and a game adds its look without editing the shared kibitz.css or kibitz.js.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from django.conf import settings
from django.http import HttpRequest

from games import registry


@cache
def _assets() -> dict[str, tuple[str, ...]]:
    found: dict[str, list[str]] = {"css": [], "js": []}
    for slug in sorted(registry.GAMES):
        for kind in found:
            name = f"games/{slug}.{kind}"
            if any((folder / name).is_file() for folder in settings.STATICFILES_DIRS):
                found[kind].append(name)
    return {kind: tuple(names) for kind, names in found.items()}


def game_assets(request: HttpRequest) -> dict[str, Any]:
    return {"game_assets": _assets()}
