"""Rules pages are text files, one per language per game (games/rules.py): every language has exactly the
English sections, a new language is a new file, and the format is checked line by line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from games import registry, rules

GAMES = sorted(registry.GAMES.values(), key=lambda game: game.slug)
FILES = [
    (game, lang) for game in GAMES for lang in rules.languages(rules.folder_of(game)) if lang != rules.DEFAULT_LANG
]

ENGLISH = """\
# a comment
[overview] At a glance
One paragraph
over two lines.

Another.

[rk.follow-suit] Follow suit
Follow suit when you can.

> Kibitz's reading,
> quoted.
"""


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.slug)
def test_every_game_has_an_english_rules_file(game) -> None:
    assert (rules.folder_of(game) / "en.txt").is_file()
    assert rules.read(rules.folder_of(game), "en")


@pytest.mark.parametrize(("game", "lang"), FILES, ids=[f"{g.slug}-{lang}" for g, lang in FILES])
def test_each_language_file_has_exactly_the_english_sections(game, lang: str) -> None:
    folder = rules.folder_of(game)
    english = rules.read(folder, "en")
    translated = rules.read(folder, lang)
    assert [s.anchor for s in translated] == [s.anchor for s in english]
    for own, reference in zip(translated, english, strict=True):
        assert (own.reading is None) == (reference.reading is None), own.anchor
    page = game.rules(lang)
    assert {section["lang"] for section in page} == {lang}


# Sections that must say how Kibitz reads a rule: (game, anchor, what the English paragraphs say, what the
# reading says). Every language's section has as many paragraphs as the English one.
SAID = [
    # A final after tracked turns replaces their end state.
    (
        "hats",
        "quick",
        ("stops tracking partway", "replaces the tea table", "Check plays still lists what was wrong in them"),
        ("After tracked turns", "No option changes it."),
    ),
    # The reading FORMAT.md fixes: a framed answer answers as the plain card does; no other card becomes one.
    (
        "hood-politix",
        "hp.stack-framed",
        ("framed Deuce, In Yo Face or Five-O", "answers just like the same card", "turns no other card into an answer"),
        ("face alone", "No option changes this."),
    ),
]


def section(game, anchor: str, lang: str) -> dict:
    return next(s for s in game.rules(lang) if s["anchor"] == anchor)


@pytest.mark.parametrize(("slug", "anchor", "paragraphs", "reading"), SAID, ids=[f"{g}-{a}" for g, a, _, _ in SAID])
def test_a_section_says_which_reading_kibitz_takes(
    slug: str, anchor: str, paragraphs: tuple[str, ...], reading: tuple[str, ...]
) -> None:
    game = registry.get(slug)
    english = section(game, anchor, "en")
    text = " ".join(english["paragraphs"])
    assert [p for p in paragraphs if p not in text] == []
    assert [r for r in reading if r not in english["reading"]] == []
    for lang in rules.languages(rules.folder_of(game)):
        assert len(section(game, anchor, lang)["paragraphs"]) == len(english["paragraphs"]), lang


def test_rickety_kate_is_in_english_and_german() -> None:
    assert ("rickety-kate", "de") in {(game.slug, lang) for game, lang in FILES}


def test_the_format() -> None:
    sections = rules.parse(ENGLISH)
    assert sections == (
        rules.Section("overview", "At a glance", ("One paragraph over two lines.", "Another.")),
        rules.Section("rk.follow-suit", "Follow suit", ("Follow suit when you can.",), "Kibitz's reading, quoted."),
    )


def test_a_new_language_is_one_more_file(tmp_path: Path) -> None:
    (tmp_path / "en.txt").write_text(ENGLISH, encoding="utf-8")
    (tmp_path / "fr.txt").write_text("[overview] En bref\nUn paragraphe.\n", encoding="utf-8")
    assert rules.languages(tmp_path) == ("en", "fr")
    page = rules.page(tmp_path, "fr-CA")
    assert [(s["anchor"], s["lang"], s["title"]) for s in page] == [
        ("overview", "fr", "En bref"),
        ("rk.follow-suit", "en", "Follow suit"),  # not translated yet: English
    ]
    assert page[0]["paragraphs"] == ["Un paragraphe."]
    assert rules.page(tmp_path, "nl") == rules.page(tmp_path, "en")
    assert rules.page(tmp_path, "../en") == rules.page(tmp_path, "en")  # a language code, never a path


def test_a_translated_section_without_its_reading_shows_the_english_one(tmp_path: Path) -> None:
    (tmp_path / "en.txt").write_text(ENGLISH, encoding="utf-8")
    (tmp_path / "de.txt").write_text("[rk.follow-suit] Farbe bedienen\nBedienen.\n", encoding="utf-8")
    follow = rules.page(tmp_path, "de")[1]
    assert (follow["title"], follow["reading"]) == ("Farbe bedienen", "Kibitz's reading, quoted.")


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("Text first.\n", "line 1: text before the first [anchor] Title line"),
        ("[overview]\nNo title.\n", "line 1: write a section's first line as [anchor] Title"),
        ("[Over view] Title\nText.\n", "line 1: write a section's first line as [anchor] Title"),
        ("[a] A\nText.\n[a] Again\nText.\n", "line 3: the section [a] is there twice"),
        ("[a] A\n\n[b] B\nText.\n", "line 1: the section [a] has no paragraph"),
        ("[a] A\nText.\n> One.\n\n> Two.\n", "line 5: the section [a] has a second reading"),
    ],
)
def test_a_broken_file_names_its_line(text: str, error: str) -> None:
    with pytest.raises(rules.RulesFileError, match="^" + re.escape(f"x.txt {error}")):
        rules.parse(text, "x.txt")
