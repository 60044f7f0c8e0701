"""Text: English by str(), any language through a translate function, nested texts translated too."""

from __future__ import annotations

from games.text import TN, T, card_count, join

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


def test_a_number_picks_the_plural_form_in_english_and_in_the_language() -> None:
    """TN: "1 card", "2 cards"; a language's own forms come from its ngettext (French says "0 carte")."""
    assert [str(card_count(n)) for n in (0, 1, 2)] == ["0 cards", "1 card", "2 cards"]

    def french(singular: str, plural: str, n: int) -> str:
        return {"%(n)d card": "%(n)d carte", "%(n)d cards": "%(n)d cartes"}[singular if n <= 1 else plural]

    nested = T("Ana passed %(cards)s.", cards=card_count(0))
    assert nested.render(lambda m: m, french) == "Ana passed 0 carte."
    hats = TN("%(n)d black hat × %(each)d", "%(n)d black hats × %(each)d", 3, n=3, each=2)
    assert str(hats) == "3 black hats × 2"
