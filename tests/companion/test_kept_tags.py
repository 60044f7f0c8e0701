"""`{% url %}` and `{% translate %}` as the app's templates get them (companion/templatetags/addresses.py and
kibitz_i18n.py): the same text as Django's own tags in every language, each address and literal worked out once."""

from __future__ import annotations

import re
import sys
import types
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.conf import settings
from django.template import Context, Engine, engines
from django.test import override_settings
from django.urls import NoReverseMatch, set_script_prefix
from django.utils import translation

from companion.templatetags import addresses, kibitz_i18n

DJANGO = Engine(libraries={"i18n": "django.templatetags.i18n"})  # Django's own tags, none of ours
OURS = engines["django"].engine

URLS = [
    "{% url 'table' code %}",
    "{% url 'record' code 'hand' %}|{% url 'correct' code 7 'hand' %}",
    "{% url 'record' code=code action='trick' %}",
    "{% url 'home' as home %}[{{ home }}]",
    "{% url 'no-such-view' as nothing %}[{{ nothing }}]",
    "{% url 'history_player' name %}",
]
TRANSLATIONS = [
    '{% translate "Undo" %}',
    '{% trans "Log" as heading %}<h2>{{ heading }}</h2>',
    '{% translate "Undo" noop %}',
    '{% translate "Undo"|upper %}',
    "{% translate word %}",
    '{% translate "May" context "month name" %}',
    '{% translate "100%% sure, it\'s <b>" %}',
    "{% blocktranslate with n=word %}{{ n }} entry{% endblocktranslate %}",
    "{% blocktranslate with label=word %}Note on {{ label }}{% endblocktranslate %}",
    "{% blocktranslate with label=name %}Note on {{ label }}{% endblocktranslate %}",
    "{% blocktranslate %}Note on {{ name }}{% endblocktranslate %}",
    "{% blocktranslate with label=missing %}Note on {{ label }}{% endblocktranslate %}",
    "{% blocktranslate with label=word asvar said %}Note on {{ label }}{% endblocktranslate %}[{{ said }}]",
    "{% blocktranslate count n=3 %}{{ n }} entry{% plural %}{{ n }} entries{% endblocktranslate %}",
    "{% blocktranslate count n=1 %}{{ n }} entry{% plural %}{{ n }} entries{% endblocktranslate %}",
    "{% blocktranslate with w=word count n=2 %}{{ w }} {{ n }}{% plural %}{{ w }}: {{ n }}{% endblocktranslate %}",
    '{% blocktranslate context "month name" %}May{% endblocktranslate %}',
    "{% blocktranslate trimmed with label=word %}\n  Note on\n  {{ label }}\n{% endblocktranslate %}",
    "{% blocktranslate with n=word %}100% {{ n }}{% endblocktranslate %}",
]
CONTEXT = {"code": "abc123", "name": "Ana & <Ben>", "word": "Fix"}


@pytest.fixture(autouse=True)
def forgotten() -> Iterator[None]:
    addresses.address.cache_clear()
    addresses.route.cache_clear()
    kibitz_i18n.TRANSLATED.clear()
    kibitz_i18n.BLOCKS.clear()
    yield
    addresses.address.cache_clear()
    addresses.route.cache_clear()
    kibitz_i18n.TRANSLATED.clear()
    kibitz_i18n.BLOCKS.clear()


def both(source: str, language: str = "en") -> tuple[str, str]:
    with translation.override(language):
        theirs = DJANGO.from_string("{% load i18n %}" + source).render(Context(CONTEXT))
        ours = [OURS.from_string("{% load kibitz_i18n %}" + source).render(Context(CONTEXT)) for _ in range(2)]
    assert ours[0] == ours[1]  # kept or not, the same
    return theirs, ours[0]


def test_no_template_of_the_app_loads_django_s_i18n_instead() -> None:
    roots = [Path(settings.BASE_DIR) / "templates", *(Path(settings.BASE_DIR) / "companion").rglob("templates")]
    loads = [
        (path.name, line)
        for root in roots
        for path in root.rglob("*.html")
        for line in re.findall(r"\{% load ([^%]*)%\}", path.read_text())
        if "i18n" in line.split()
    ]
    assert loads == []


def test_the_app_s_templates_get_the_kept_tags() -> None:
    nodes = OURS.from_string("{% load kibitz_i18n %}{% url 'home' %}{% translate 'Undo' %}").nodelist
    assert [type(node) for node in nodes[1:]] == [addresses.AddressNode, kibitz_i18n.KeptTranslateNode]
    block = OURS.from_string("{% load kibitz_i18n %}{% blocktranslate %}Log{% endblocktranslate %}").nodelist[1]
    assert type(block) is kibitz_i18n.KeptBlockTranslateNode


@pytest.mark.parametrize("source", URLS)
def test_an_address_is_django_s(source: str) -> None:
    theirs, ours = both(source)
    assert ours == theirs


def test_an_unknown_view_is_refused_as_django_refuses_it() -> None:
    for engine in (DJANGO, OURS):
        with pytest.raises(NoReverseMatch):
            engine.from_string("{% url 'no-such-view' %}").render(Context({}))


def test_a_route_is_reversed_once_for_every_table(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    reverse = addresses.reverse
    monkeypatch.setattr(addresses, "reverse", lambda view, **kw: calls.append(view) or reverse(view, **kw))
    template = OURS.from_string("{% url 'table' code %} {% url 'table' code %} {% url 'table' 'other' %}")
    assert template.render(Context(CONTEXT)) == "/t/abc123/ /t/abc123/ /t/other/"
    template.render(Context(CONTEXT))
    assert calls == ["table"]  # a new table's code needs no reverse of its own


def test_an_address_that_is_not_a_word_is_reversed_once_for_each_value(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    reverse = addresses.reverse
    monkeypatch.setattr(addresses, "reverse", lambda view, **kw: calls.append(view) or reverse(view, **kw))
    template = OURS.from_string("{% url 'history_player' name %}")
    for name in ("Ana Bé", "Ana Bé", "Ben & co"):
        template.render(Context({"name": name}))
    assert calls == ["history_player", "history_player"]


WORDS = [
    *("abc123", "AhIFH8AXq9d_", "c4-Zi", "-", "_", "ABCDEFGH", "7", "x" * 64, "x" * 65),
    *("a-b", "a_b", "Ana Bé", "a/b", "ab%2F", "kibitzroutemark1x"),
]


@pytest.mark.parametrize("word", WORDS)
@pytest.mark.parametrize(
    "source",
    [
        "{% url 'table' w %}",
        "{% url 'record' w w %}",
        "{% url 'correct' w 7 'hand' %}",
        "{% url 'correct' 'abc' w 'hand' %}",
        "{% url 'record' code=w action='trick' %}",
        "{% url 'history_player' w %}",
        "{% url 'rules' w %}",
    ],
)
def test_an_address_put_together_from_its_route_is_django_s(source: str, word: str) -> None:
    """Each word, or not, in each kind of place: the same address as Django's, or the same refusal."""
    results = []
    for engine in (DJANGO, OURS, OURS):  # ours twice: the route reversed, then kept
        try:
            results.append(engine.from_string(source).render(Context({"w": word})))
        except NoReverseMatch:
            results.append("refused")
    assert results[0] == results[1] == results[2]


def own_converter() -> object:
    """A URL configuration with a converter of its own, which takes a marker but not every word (3 to 20 small
    letters or digits): no route of it is put together."""

    class SmallWords:
        regex = "[a-z0-9]{3,20}"

        def to_python(self, value: str) -> str:
            return value

        def to_url(self, value: str) -> str:
            return value

    from django.urls import path, register_converter

    register_converter(SmallWords, "smallwords")
    module = types.ModuleType("four_letters_urls")
    module.urlpatterns = [path("f/<smallwords:code>/", lambda request: None, name="fourth")]  # type: ignore[attr-defined]
    return module


def test_a_route_with_a_converter_of_its_own_is_reversed_for_each_value(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "four_letters_urls", own_converter())
    with override_settings(ROOT_URLCONF="four_letters_urls"):
        assert OURS.from_string("{% url 'fourth' w %}").render(Context({"w": "abc"})) == "/f/abc/"
        for engine in (DJANGO, OURS):
            with pytest.raises(NoReverseMatch):
                engine.from_string("{% url 'fourth' w %}").render(Context({"w": "ab"}))


def test_a_number_and_a_bool_are_not_one_address() -> None:
    template = OURS.from_string("{% url 'table' value %}")
    assert [template.render(Context({"value": v})) for v in (1, True, "1")] == ["/t/1/", "/t/True/", "/t/1/"]


def test_an_address_follows_the_script_prefix() -> None:
    template = OURS.from_string("{% url 'table' code %}")
    assert template.render(Context(CONTEXT)) == "/t/abc123/"
    try:
        set_script_prefix("/kibitz/")
        assert template.render(Context(CONTEXT)) == "/kibitz/t/abc123/"
    finally:
        set_script_prefix("/")
    assert template.render(Context(CONTEXT)) == "/t/abc123/"


@pytest.mark.parametrize("language", ["en", "de", "fr", "es"])
@pytest.mark.parametrize("source", TRANSLATIONS)
def test_a_translation_is_django_s(source: str, language: str) -> None:
    theirs, ours = both(source, language)
    assert ours == theirs


def test_a_literal_is_translated_once_per_language() -> None:
    template = OURS.from_string('{% load kibitz_i18n %}{% translate "Undo" %}')
    with translation.override("de"):
        assert template.render(Context({})) == "Rückgängig"
        kibitz_i18n.TRANSLATED[("Undo", False, "de", True)] = "kept"
        assert template.render(Context({})) == "kept"  # read from the store, not looked up again
    with translation.override("fr"):
        assert template.render(Context({})) == "Défaire"


def test_a_block_s_translation_is_kept_per_language() -> None:
    template = OURS.from_string(
        "{% load kibitz_i18n %}{% blocktranslate with label=word %}Note on {{ label }}{% endblocktranslate %}"
    )
    with translation.override("de"):
        first = template.render(Context(CONTEXT))
        kibitz_i18n.BLOCKS[("Note on %(label)s", "de")] = "kept %(label)s"
        assert first != "kept Fix" and template.render(Context(CONTEXT)) == "kept Fix"


def test_a_translation_that_does_not_fit_its_block_falls_back_as_django_s() -> None:
    """A translation naming a value the block has not: Django renders the block untranslated, and so does ours."""
    template = OURS.from_string(
        "{% load kibitz_i18n %}{% blocktranslate with label=word %}Note on {{ label }}{% endblocktranslate %}"
    )
    with translation.override("de"):
        kibitz_i18n.BLOCKS[("Note on %(label)s", "de")] = "Notiz zu %(other)s"
        assert template.render(Context(CONTEXT)) == "Note on Fix"


def test_a_message_in_a_variable_is_looked_up_every_time() -> None:
    template = OURS.from_string("{% load kibitz_i18n %}{% translate word %}")
    with translation.override("de"):
        assert template.render(Context({"word": "Undo"})) == "Rückgängig"
        assert template.render(Context({"word": "Log"})) == "Verlauf"
    assert kibitz_i18n.TRANSLATED == {}
