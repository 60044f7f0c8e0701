"""`{% per_language %}` (companion/templatetags/per_language.py): markup that depends only on the language, rendered
once per language; base.html's head, notices and language picker go through it, never the request's own parts."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from django.template import Context, TemplateSyntaxError, engines
from django.test import Client, override_settings
from django.urls import set_script_prefix
from django.utils import translation

from companion.models import Table
from companion.templatetags import per_language

ENGINE = engines["django"].engine
SOURCE = '{% load kibitz_i18n per_language %}{% per_language %}<b>{% translate "Undo" %}</b>{% endper_language %}'


@pytest.fixture(autouse=True)
def forgotten() -> Iterator[None]:
    per_language.KEPT.clear()
    yield
    per_language.KEPT.clear()


@pytest.mark.parametrize(("language", "text"), [("en", "Undo"), ("de", "Rückgängig"), ("fr", "Défaire")])
def test_a_block_is_rendered_once_per_language(language: str, text: str) -> None:
    template = ENGINE.from_string(SOURCE)
    with translation.override(language):
        assert template.render(Context({})) == f"<b>{text}</b>"
        (key,) = per_language.KEPT
        per_language.KEPT[key] = per_language.mark_safe("kept")
        assert template.render(Context({})) == "kept"  # read from the store, not rendered again


def test_each_language_and_each_script_prefix_has_its_own() -> None:
    template = ENGINE.from_string("{% load per_language %}{% per_language %}{% url 'home' %}{% endper_language %}")
    assert template.render(Context({})) == "/"
    try:
        set_script_prefix("/kibitz/")
        assert template.render(Context({})) == "/kibitz/"
    finally:
        set_script_prefix("/")
    with translation.override("de"):
        assert template.render(Context({})) == "/"
    assert len(per_language.KEPT) == 3


def test_a_changed_setting_forgets_what_was_kept() -> None:
    template = ENGINE.from_string(
        "{% load static per_language %}{% per_language %}{% static 'x.css' %}{% endper_language %}"
    )
    with override_settings(
        STATIC_URL="/one/",
        STORAGES={"staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}},
    ):
        assert template.render(Context({})) == "/one/x.css"
    with override_settings(
        STATIC_URL="/two/",
        STORAGES={"staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}},
    ):
        assert template.render(Context({})) == "/two/x.css"


@override_settings(DEBUG=True)
def test_with_debug_on_a_block_that_depends_on_more_than_the_language_is_named() -> None:
    template = ENGINE.from_string("{% load per_language %}{% per_language %}{{ name }}{% endper_language %}")
    assert template.render(Context({"name": "Ana"})) == "Ana"
    with pytest.raises(TemplateSyntaxError, match="renders differently"):
        template.render(Context({"name": "Ben"}))


def test_each_page_keeps_its_own_path_and_token(client: Client, table: Table) -> None:
    """What belongs to the request stays outside the blocks: the path the language picker returns to, and the CSRF
    token (masked anew for every page, so two pages never carry the same)."""
    pages = {path: client.get(path).content.decode() for path in (f"/t/{table.code}/", f"/rules/{table.game}/")}
    tokens = set()
    for path, page in pages.items():
        assert f'name="next" value="{path}"' in page
        tokens |= set(re.findall(r'"X-CSRFToken": "(\w+)"', page))
        assert page.count("<title>") == 1 and page.count('rel="manifest"') == 1
    assert len(tokens) == 2
