"""Each game's script is its own (issue 17, "Each game in its room"): static/kibitz.js keeps what every game uses
and Rickety Kate's forms are served by static/games/rickety-kate.js, which every page links after it."""

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
