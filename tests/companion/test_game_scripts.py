"""Each game's script is its own (issue 17, "Each game in its room"): static/kibitz.js keeps what every game uses
and Rickety Kate's forms are served by static/games/rickety-kate.js, linked after it (on a table page only its
game's own files)."""

from __future__ import annotations

import re
from pathlib import Path

from django.test import Client

STATIC = Path(__file__).parents[2] / "static"
# What only Rickety Kate's entry forms carry (companion/entries/rickety_kate/templates/entry.html).
RICKETY_KATE_ONLY = ("form.quick", "form.trick", "form.pass", "data-question", "data-in-hand", "data-auto")


def test_the_shared_script_names_no_rickety_kate_form() -> None:
    shared = (STATIC / "kibitz.js").read_text()
    assert [s for s in RICKETY_KATE_ONLY if s in shared] == []
    own = (STATIC / "games" / "rickety-kate.js").read_text()
    assert [s for s in RICKETY_KATE_ONLY if s not in own] == []


def test_rickety_kates_script_uses_the_shared_helpers_rather_than_copies() -> None:
    own = (STATIC / "games" / "rickety-kate.js").read_text()
    assert "window.Kibitz.fill" in own and "window.Kibitz.start" in own
    assert not re.search(r"function (fill|button|initCardPicker)\b", own)


def test_every_page_links_rickety_kates_script_after_the_shared_one(client: Client, db: None) -> None:
    page = client.get("/").content.decode()
    scripts = re.findall(r'<script src="([^"]+)"', page)
    assert "/static/games/rickety-kate.js" in scripts
    assert scripts.index("/static/kibitz.js") < scripts.index("/static/games/rickety-kate.js")


def test_a_table_page_links_only_its_own_games_files(client: Client, db: None) -> None:
    """Issue 19: a table page loads its game's stylesheet and script, not the other three games'."""
    from companion import services
    from games import registry

    for slug in registry.GAMES:
        game = registry.get(slug)
        table = services.create_table(slug, ["Ana", "Ben", "Cleo", "Dan"][: game.min_players], {})
        page = client.get(f"/t/{table.code}/").content.decode()
        linked = re.findall(r'(?:src|href)="/static/games/([^"]+)"', page)
        assert linked and {name.rsplit(".", 1)[0] for name in linked} == {slug}, (slug, linked)
        scripts = re.findall(r'<script src="([^"]+)"', page)
        assert scripts.index("/static/kibitz.js") < scripts.index(f"/static/games/{slug}.js")
