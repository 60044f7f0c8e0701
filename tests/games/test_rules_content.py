"""The Rickety Kate rules page: every flag and option has its anchor, both languages are there, and the
German text is our own (no run of 8 words taken from the seed)."""

from __future__ import annotations

import ast
import re
from collections import Counter
from pathlib import Path

import pytest

from games.rickety_kate import rules
from games.rickety_kate.options import OPTION_INFO
from games.rickety_kate.referee import RULES

REPO = Path(__file__).parents[2]
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


def _anchors() -> list[str]:
    return [section.anchor for section in rules.SECTIONS]


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


@pytest.mark.parametrize("section", rules.SECTIONS, ids=lambda s: s.anchor)
def test_every_section_has_english_and_german(section):
    for lang in ("en", "de"):
        assert section.title.get(lang, "").strip()
        paragraphs = section.body.get(lang, ())
        assert isinstance(paragraphs, tuple)
        assert paragraphs
        assert all(isinstance(p, str) and p.strip() for p in paragraphs)
        if section.kibitz_reading is not None:
            assert section.kibitz_reading.get(lang, "").strip()


def test_resolved_german():
    page = rules.sections("de")
    assert [s["anchor"] for s in page] == _anchors()
    first = page[0]
    assert set(first) >= {"anchor", "title", "paragraphs", "reading"}
    by_anchor = {s["anchor"]: s for s in page}
    assert by_anchor["rk.follow-suit"]["title"] == "Farbe bedienen"
    assert by_anchor["opt-double-deck"]["reading"].startswith("Was passiert")
    assert by_anchor["play"]["reading"] is None


def test_unknown_language_falls_back_to_english():
    english = rules.sections("en")
    assert rules.sections("fr") == english
    assert rules.sections("") == english
    assert rules.sections("de-AT") == rules.sections("de")
    assert all(isinstance(p, str) for s in english for p in s["paragraphs"])


def test_ambiguities_say_which_option_changes_them():
    readings = {s.anchor: s.kibitz_reading for s in rules.SECTIONS if s.kibitz_reading}
    for anchor in ("deck", "rk.two-of-clubs", "rk.hearts-broken", "penalties", "moon", "opt-jack-of-diamonds"):
        assert anchor in readings
    assert "2♠" in readings["deck"]["en"]
    assert "Cards taken out" in readings["deck"]["en"]
    assert "The lady breaks hearts" in readings["rk.hearts-broken"]["en"]
    assert "Revoke penalty" in readings["penalties"]["en"]
    assert "J♦" in readings["opt-jack-of-diamonds"]["en"]
    assert "next trick" in readings["opt-double-deck"]["en"]


def test_no_django_in_rules_modules():
    for path in (REPO / "games" / "rules.py", REPO / "games" / "rickety_kate" / "rules.py"):
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
    for section in rules.SECTIONS:
        texts = [section.title["de"], *section.body["de"]]
        if section.kibitz_reading:
            texts.append(section.kibitz_reading["de"])
        for text in texts:
            copied = _runs(_words(text)) & seed
            assert not copied, f"{section.anchor}: {' '.join(sorted(copied)[0])}"
