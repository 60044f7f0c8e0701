"""Each game's own stylesheet and script, if it has them: static/games/<slug>.css and static/games/<slug>.js.

A table page links only its game's (`{% game_assets snap.game.slug %}` in its `game_assets` block); any other
page links every game's (base.html's default), so a game's panel looks right wherever it is shown, and a game
adds its look without editing the shared kibitz.css or kibitz.js. The game's script loads after kibitz.js.
"""

from __future__ import annotations

from functools import cache

from django.conf import settings
from django.templatetags.static import static
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

from games import registry


@cache
def _files(slug: str) -> tuple[str, ...]:
    """The game's own static files that exist, stylesheet first."""
    names = (f"games/{slug}.css", f"games/{slug}.js")
    return tuple(name for name in names if any((folder / name).is_file() for folder in settings.STATICFILES_DIRS))


def files(slug: str) -> tuple[str, ...]:
    """Game `slug`'s own static files that exist (names under static/), stylesheet first: for a page that links
    them itself (the table display links the script only where it stands alone, companion/displayviews.py), and
    for the service worker, which keeps them (companion/offline.py)."""
    return _files(slug)


def links(slug: str = "") -> SafeString:
    """The <link> and <script> tags of game `slug`'s files, or of every registered game's when it is empty."""
    files = [name for game in ([slug] if slug else sorted(registry.GAMES)) for name in _files(game)]
    sheets = format_html_join(
        "", '<link rel="stylesheet" href="{}">\n', ((static(n),) for n in files if n.endswith(".css"))
    )
    scripts = format_html_join(
        "", '<script src="{}" defer></script>\n', ((static(n),) for n in files if n.endswith(".js"))
    )
    return format_html("{}{}", sheets, scripts)
