"""The Rickety Kate rules page (games/rickety_kate/rules/*.txt): every flag and option has its anchor, both
languages are there, and the German text is our own (no run of 8 words taken from the seed)."""

from __future__ import annotations

import ast
import re
from collections import Counter
from pathlib import Path

import pytest

from games import rules
from games.rickety_kate import GAME
from games.rickety_kate.options import OPTION_INFO
from games.rickety_kate.referee import RULES

REPO = Path(__file__).parents[2]
FOLDER = REPO / "games" / "rickety_kate" / "rules"
SEED = REPO.parent / "shared" / "seeds" / "002_14cd3ff8caa8689b.txt"
PLAIN_SECTIONS = (
    "overview",
    "deck",
    "deal",
    "passing",
    "play",
    "scoring",
    "moon",
    "end",
    "ties",
    "misdeal",
    "penalties",
)
RUN = 8


def _sections(lang: str) -> tuple[rules.Section, ...]:
    return rules.read(FOLDER, lang)


def _anchors() -> list[str]:
    return [section.anchor for section in _sections("en")]


def test_the_game_reads_its_rules_folder():
    assert rules.folder_of(GAME) == FOLDER
    assert rules.languages(FOLDER) == ("en", "de", "es", "fr")


def test_anchors_are_unique():
    repeated = [anchor for anchor, n in Counter(_anchors()).items() if n > 1]
    assert not repeated


@pytest.mark.parametrize("rule_id", sorted(RULES))
def test_every_referee_rule_has_one_section(rule_id):
    assert _anchors().count(rule_id) == 1


@pytest.mark.parametrize("info", OPTION_INFO, ids=lambda info: info.name)
def test_every_option_has_one_section(info):
    assert info.rule, f"option {info.name} names no rule"
    assert _anchors().count(info.rule) == 1


@pytest.mark.parametrize("anchor", PLAIN_SECTIONS)
def test_plain_sections_exist(anchor):
    assert _anchors().count(anchor) == 1


def test_no_stray_rule_or_option_anchors():
    known = set(RULES) | {info.rule for info in OPTION_INFO} | set(PLAIN_SECTIONS)
    assert set(_anchors()) <= known


@pytest.mark.parametrize("anchor", _anchors())
def test_every_section_has_every_language(anchor):
    english = {s.anchor: s for s in _sections("en")}[anchor]
    for lang in ("en", "de", "fr", "es"):
        section = {s.anchor: s for s in _sections(lang)}[anchor]
        assert section.title.strip()
        assert section.paragraphs
        assert all(isinstance(p, str) and p.strip() for p in section.paragraphs)
        assert (section.reading is None) == (english.reading is None)


def test_resolved_german():
    page = GAME.rules("de")
    assert [s["anchor"] for s in page] == _anchors()
    first = page[0]
    assert set(first) >= {"anchor", "title", "paragraphs", "reading"}
    by_anchor = {s["anchor"]: s for s in page}
    assert by_anchor["rk.follow-suit"]["title"] == "Farbe bedienen"
    assert by_anchor["opt-double-deck"]["reading"].startswith("Was passiert")
    assert by_anchor["play"]["reading"] is None


def test_unknown_language_falls_back_to_english():
    english = GAME.rules("en")
    assert GAME.rules("it") == english
    assert GAME.rules("") == english
    assert GAME.rules("de-AT") == GAME.rules("de")
    assert all(isinstance(p, str) for s in english for p in s["paragraphs"])


def test_ambiguities_say_which_option_changes_them():
    readings = {s.anchor: s.reading for s in _sections("en") if s.reading}
    for anchor in ("deck", "rk.two-of-clubs", "rk.hearts-broken", "penalties", "moon", "opt-jack-of-diamonds"):
        assert anchor in readings
    assert "2♠" in readings["deck"]
    assert "Cards taken out" in readings["deck"]
    assert "The lady breaks hearts" in readings["rk.hearts-broken"]
    assert "Revoke penalty" in readings["penalties"]
    assert "J♦" in readings["opt-jack-of-diamonds"]
    assert "next trick" in readings["opt-double-deck"]


def test_no_django_in_rules_modules():
    for path in (REPO / "games" / "rules.py",):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                assert not any(alias.name.split(".")[0] == "django" for alias in node.names), path
            elif isinstance(node, ast.ImportFrom):
                assert (node.module or "").split(".")[0] != "django", path


def _words(text: str) -> list[str]:
    return re.findall(r"[\w♣♦♥♠]+", text.lower())


def _runs(words: list[str]) -> set[tuple[str, ...]]:
    return {tuple(words[i : i + RUN]) for i in range(len(words) - RUN + 1)}


@pytest.mark.skipif(not SEED.exists(), reason="the seed text is not next to the repository")
def test_german_shares_no_run_of_eight_words_with_the_seed():
    seed = _runs(_words(SEED.read_text(encoding="utf-8")))
    for section in _sections("de"):
        texts = [section.title, *section.paragraphs]
        if section.reading:
            texts.append(section.reading)
        for text in texts:
            copied = _runs(_words(text)) & seed
            assert not copied, f"{section.anchor}: {' '.join(sorted(copied)[0])}"
