"""Text: English by str(), any language through a translate function, nested texts translated too."""

from __future__ import annotations

from games.text import T, join

GERMAN = {"%(who)s deals.": "%(who)s gibt.", "Hand %(n)d: %(what)s": "Hand %(n)d: %(what)s", "the lady": "die Dame"}


def test_english_is_the_message_with_its_values() -> None:
    assert str(T("%(who)s deals.", who="Ana")) == "Ana deals."
    assert str(T("No values, no % formatting")) == "No values, no % formatting"


def test_a_translation_applies_to_nested_texts() -> None:
    text = T("Hand %(n)d: %(what)s", n=3, what=T("%(who)s deals.", who="Ana"))
    assert text.render(lambda m: GERMAN.get(m, m)) == "Hand 3: Ana gibt."


def test_join_renders_each_part_in_the_language() -> None:
    joined = join(["Ana", T("the lady"), "50%"], " & ")
    assert str(joined) == "Ana & the lady & 50%"
    assert joined.render(lambda m: GERMAN.get(m, m)) == "Ana & die Dame & 50%"
