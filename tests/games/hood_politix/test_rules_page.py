"""Hood Politix's rules page: an anchor for every rule a ruling names and every option, Kibitz's readings in
every language English gives them, and the German page in our own words (no run of six words from the seed)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from games import rules
from games.hood_politix import GAME
from games.hood_politix.dispute import RULES

SEED = Path(__file__).resolve().parents[3].parent / "shared" / "seeds" / "003_6d7e3d975e1724e4.txt"
RUN = 6


def test_every_rule_and_option_has_its_section() -> None:
    anchors = [section["anchor"] for section in GAME.rules("en")]
    options = [info.rule for info in GAME.option_info()]
    assert set(RULES) | set(options) | set(GAME.rule_ids) <= set(anchors)
    assert len(anchors) == len(set(anchors))


def test_the_ambiguous_rules_say_which_reading_kibitz_takes() -> None:
    readings = {s["anchor"]: s["reading"] for s in GAME.rules("en") if s["reading"]}
    for anchor in ("hp.jump-in", "hp.stack-framed", "hp.five-o", "hp.payback", "politix", "opt-rounds", "opt-tie"):
        assert anchor in readings, anchor
    assert "cancels" in readings["hp.five-o"] and "left (clockwise)" in readings["politix"]


@pytest.mark.parametrize("lang", [lang for lang in rules.languages(rules.folder_of(GAME)) if lang != "en"])
def test_each_language_has_the_english_sections_and_readings(lang: str) -> None:
    english = rules.read(rules.folder_of(GAME), "en")
    own = rules.read(rules.folder_of(GAME), lang)
    assert [s.anchor for s in own] == [s.anchor for s in english]
    assert [s.anchor for s in own if s.reading] == [s.anchor for s in english if s.reading]


def _runs(text: str) -> set[tuple[str, ...]]:
    words = re.findall(r"\w+", text.lower())
    return {tuple(words[i : i + RUN]) for i in range(len(words) - RUN + 1)}


@pytest.mark.skipif(not SEED.exists(), reason="the seed text is not next to the repository")
def test_german_shares_no_run_of_six_words_with_the_seed() -> None:
    seed = _runs(SEED.read_text(encoding="utf-8"))
    for section in rules.read(rules.folder_of(GAME), "de"):
        for text in (section.title, *section.paragraphs, section.reading or ""):
            copied = _runs(text) & seed
            assert not copied, f"{section.anchor}: {' '.join(sorted(copied)[0])}"
