"""A game's own pages (White Hat's box) come through its web adapter's `URLS`, mounted under its slug, so the
site's URLconf names no game (issue 17, "Each game in its room")."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.http import HttpRequest, HttpResponse
from django.urls import URLResolver, path, resolve, reverse
from django.urls.resolvers import RegexPattern

from companion import checks as game_checks
from companion import entries
from companion.entries.white_hat import box
from games import registry
from tests.toygame import GAME as TALLY
from tests.toygame import web as tally_web

URLCONF = Path(__file__).parents[2] / "companion" / "urls.py"


def hello(request: HttpRequest) -> HttpResponse:
    return HttpResponse("hello")


@pytest.fixture
def tally() -> Iterator[None]:
    registry.register(TALLY)
    yield
    registry.unregister(TALLY.slug)


def imported(source: str) -> set[str]:
    """Every module (or module.name) a Python source imports."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            names |= {node.module} | {f"{node.module}.{alias.name}" for alias in node.names}
    return names


def test_the_urlconf_imports_no_game() -> None:
    source = URLCONF.read_text()
    packages = {registry.get(slug).web for slug in registry.GAMES} | {"games"}
    assert not {n for n in imported(source) for p in packages if n == p or n.startswith(p + ".")}
    assert not [slug for slug in registry.GAMES if slug in source]


def test_white_hat_box_is_its_adapters_page_at_the_address_it_always_had() -> None:
    assert reverse("white_hat_box") == "/white-hat/box/"
    assert resolve("/white-hat/box/").func is box.box


def test_a_games_pages_are_mounted_under_its_slug(tally: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tally_web, "URLS", [path("hello/", hello, name="tally_hello")], raising=False)
    site = URLResolver(RegexPattern(r"^/"), entries.urls())
    assert site.resolve("/tally/hello/").func is hello
    assert site.resolve("/white-hat/box/").func is box.box
    assert site.reverse("tally_hello") == "tally/hello/"


def test_a_game_without_pages_mounts_nothing(tally: None) -> None:
    assert not hasattr(tally_web, "URLS")
    assert [str(r.pattern) for r in entries.urls()] == ["white-hat/"]


@pytest.mark.parametrize(
    "urls",
    [
        "hello/",  # not a list
        [path("hello/", hello)],  # no name to reverse it by
        ["hello/"],  # not a path()
    ],
)
def test_check_names_a_games_pages_that_are_not_named_paths(
    tally: None, monkeypatch: pytest.MonkeyPatch, urls: object
) -> None:
    monkeypatch.setattr(tally_web, "URLS", urls, raising=False)
    assert (
        "E002",
        "URLS in 'tests.toygame.web' must be a list of Django path()s, each with a name= to reverse() it by",
    ) in game_checks.missing(TALLY)
    assert entries.urls()  # the site still loads (White Hat's box): check, not the URLconf, names the slip


def test_check_takes_named_pages_and_no_pages(tally: None, monkeypatch: pytest.MonkeyPatch) -> None:
    assert game_checks.missing(TALLY) == []
    monkeypatch.setattr(tally_web, "URLS", [path("hello/", hello, name="tally_hello")], raising=False)
    assert game_checks.missing(TALLY) == []
    assert game_checks.missing(registry.get("white-hat")) == []
