"""`manage.py check` names every piece of a game that is missing and where to add it: a copy of Tally
(tests/toygame) with one piece taken away at a time, registered with the one line a new game needs."""

from __future__ import annotations

import json
import re
import shutil
import sys
from collections.abc import Callable, Iterator
from importlib import import_module
from pathlib import Path

import pytest
from django.core import checks

import tests
from companion import checks as game_checks
from games import registry
from games.base import Game

TOYGAME = Path(__file__).resolve().parents[1] / "toygame"
NAME = "tally_copy"  # imported as tests.tally_copy


class Copy:
    """Tally copied to a temporary folder, importable as tests.tally_copy once `register()` is called."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def path(self, name: str) -> Path:
        return self.folder / name

    def edit(self, name: str, change: Callable[[str], str]) -> None:
        path = self.path(name)
        new = change(path.read_text(encoding="utf-8"))
        assert new != path.read_text(encoding="utf-8"), f"{name} did not change"
        path.write_text(new, encoding="utf-8")

    def register(self) -> Game:
        game: Game = import_module(f"tests.{NAME}").GAME
        registry.register(game)
        return game


@pytest.fixture
def copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Copy]:
    folder = tmp_path / NAME
    shutil.copytree(TOYGAME, folder, ignore=shutil.ignore_patterns("__pycache__"))
    for path in folder.rglob("*.py"):
        path.write_text(path.read_text(encoding="utf-8").replace("tests.toygame", f"tests.{NAME}"), encoding="utf-8")
    monkeypatch.setattr(tests, "__path__", [*tests.__path__, str(tmp_path)])
    yield Copy(folder)
    registry.unregister("tally")
    for name in [m for m in sys.modules if m == f"tests.{NAME}" or m.startswith(f"tests.{NAME}.")]:
        del sys.modules[name]


def problems(copy: Copy) -> list[tuple[str, str]]:
    return game_checks.missing(copy.register())


def test_the_copy_as_shipped_passes(copy: Copy) -> None:
    assert problems(copy) == []


# -- the Game protocol and the web adapter --------------------------------------------------------------------


def test_missing_protocol_methods(copy: Copy) -> None:
    """Tally's own methods without GameBase's defaults and without stats(): each missing method is named."""
    game = copy.register()
    own = {k: v for k, v in vars(type(game)).items() if not k.startswith("__") and k != "stats"}
    bare = type("Bare", (), own | {"__module__": type(game).__module__})
    assert game_checks.missing(bare()) == [
        ("E001", "the game lacks rules, ranking, stats (the Game protocol: games/base.py)")
    ]


def test_a_missing_entry_template(copy: Copy) -> None:
    copy.path("web/templates/entry.html").unlink()
    path = copy.path("web/templates/entry.html")
    assert problems(copy) == [("E003", f"no entry.html: add {path} beside tests.{NAME}.web")]


def test_a_missing_panel_template(copy: Copy) -> None:
    copy.path("web/templates/panel.html").unlink()
    path = copy.path("web/templates/panel.html")
    assert problems(copy) == [("E003", f"no panel.html: add {path} beside tests.{NAME}.web")]


def test_a_missing_demo(copy: Copy) -> None:
    copy.edit("web/__init__.py", lambda text: text.replace("DEMO = [", "_DEMO = ["))
    where = copy.path("web/__init__.py")
    assert problems(copy) == [
        ("W004", f"no DEMO: add DEMO = [(action, post), ...] to {where}, a few entries of a new table")
    ]


def test_a_demo_action_that_is_no_action(copy: Copy) -> None:
    copy.edit("web/__init__.py", lambda text: text.replace('("bonus", {"player"', '("prize", {"player"'))
    where = copy.path("web/__init__.py")
    assert problems(copy) == [
        ("W004", f"its DEMO names 'prize', which is no ACTIONS key: add it to ACTIONS in {where}"),
        (
            "W004",
            f"its DEMO never posts 'bonus': add an entry of that action to DEMO in {where} (or, if a new table "
            "cannot take one, say why in DEMO_LEAVES_OUT)",
        ),
    ]


def test_a_structured_option_without_a_page_that_edits_it(copy: Copy) -> None:
    rounds = '    OptionInfo("rounds",'
    board = '    OptionInfo("board", gettext_noop("Board"), gettext_noop("Fields."), None, kind="json"),\n'
    copy.edit("__init__.py", lambda text: text.replace(rounds, board + rounds, 1))
    where = copy.path("web/__init__.py")
    assert [p for p in problems(copy) if p[0] == "W007"] == [  # (its new words lack translations: W003)
        (
            "W007",
            "its option 'board' is a structured value (json), which the new-table form carries but does not edit: "
            f"give {where} a before_new_table(group, preset) step that opens a page editing it",
        )
    ]


def test_an_action_the_demo_leaves_out_needs_a_reason(copy: Copy) -> None:
    """An action DEMO never posts is named (above) unless DEMO_LEAVES_OUT says why; what that names is an action."""
    leaves_out = '\nDEMO_LEAVES_OUT = {"bonus": "a reason", "prize": "no such action"}\n'
    copy.edit("web/__init__.py", lambda text: text.replace('("bonus", {"player"', '("round", {"player"') + leaves_out)
    where = copy.path("web/__init__.py")
    assert problems(copy) == [
        ("W004", f"its DEMO names 'prize', which is no ACTIONS key: add it to ACTIONS in {where}")
    ]


def test_a_game_base_method_with_neither_its_module_nor_its_own_code(copy: Copy) -> None:
    """GameBase has every method, so only check can tell that one would fail: Tally without its describe()."""
    copy.edit("__init__.py", lambda text: text.replace("    def describe(", "    def _describe("))
    assert problems(copy) == [
        (
            "E001",
            "the game has no describe() (define it, or give the game a describe module defining describe) "
            "(GameBase: games/base.py)",
        )
    ]


# -- rules pages, every language of settings.LANGUAGES ----------------------------------------------------------


def test_a_missing_rules_section_a_flag_links_to(copy: Copy) -> None:
    copy.edit("rules/en.txt", lambda text: text.replace("[tally.cap]", "[tally.cup]"))
    assert ("E004", f"its rules page has no section [tally.cap]: add it to {copy.path('rules/en.txt')}") in problems(
        copy
    )


LANGUAGE_FILES = {  # a file every language but English needs: (check id, check's message)
    "rules/{lang}.txt": ("W001", "no {lang} rules page: add {path}, every section of the English one"),
    "words/{lang}.py": ("W003", "no {lang} words: add {path} (WORDS = {{English: {lang}}})"),
}


@pytest.mark.parametrize("lang", ["de", "fr", "es"])
@pytest.mark.parametrize("name", LANGUAGE_FILES)
def test_a_missing_file_of_a_language(copy: Copy, name: str, lang: str) -> None:
    path = copy.path(name.format(lang=lang))
    path.unlink()
    code, message = LANGUAGE_FILES[name]
    assert problems(copy) == [(code, message.format(lang=lang, path=path))]


# A file of one language, edited: (file, pattern, replacement) -> check's message, {path} the edited file.
LANGUAGE_EDITS = {
    "a section is missing": (
        ("rules/fr.txt", r"(?s)\[bonus\].*?\n\n", ""),
        ("W002", "{path} has no section [bonus]: add it"),
    ),
    "a reading is missing": (
        ("rules/es.txt", r"\n> .*\n", "\n"),
        ("W002", "{path}: [tally.cap] needs a reading ('> ') where English has one, only there"),
    ),
    "a word has no translation": (
        ("words/fr.py", r'    "The tally is done\.": .*\n', ""),
        ("W003", "1 of its words have no fr ('The tally is done.'): add them to {path}"),
    ),
    "a translation changes the placeholders": (
        ("words/es.py", r'"Bonificación: %\(who\)s \+%\(n\)d"', '"Bonificación: %(n)d"'),
        ("W003", "its es words for 'Bonus: %(who)s +%(n)d' change the placeholders: fix them in {path}"),
    ),
}


@pytest.mark.parametrize("case", LANGUAGE_EDITS)
def test_a_file_of_a_language_that_lacks_a_piece(copy: Copy, case: str) -> None:
    (name, pattern, replacement), (code, message) = LANGUAGE_EDITS[case]
    copy.edit(name, lambda text: re.sub(pattern, replacement, text))
    assert problems(copy) == [(code, message.format(path=copy.path(name)))]


def test_a_rules_file_that_breaks_the_format(copy: Copy) -> None:
    copy.edit("rules/de.txt", lambda text: text.replace("[bonus] Bonus", "[bonus]"))
    assert problems(copy) == [
        (
            "E005",
            f"a rules file in {copy.path('rules')} breaks the format of games/rules.py: rules/de.txt line 6: write a "
            "section's first line as [anchor] Title",
        )
    ]


# -- words, every language but English ------------------------------------------------------------------------


def test_a_new_word_the_words_file_lacks(copy: Copy) -> None:
    copy.edit("__init__.py", lambda text: text.replace('T("The tally is done.")', 'T("All rounds are in.")'))
    lacking = [f"1 of its words have no {lang} ('All rounds are in.'): add them to" for lang in ("de", "fr", "es")]
    assert [what.rsplit(" ", 1)[0] for _code, what in problems(copy)] == lacking


def test_a_game_in_games_is_read_through_the_catalogue(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A game in games/ has its words in companion/locale/words/<lang>/<game>.py and compiled by bin/translations:
    a word of its own that the catalogue lacks, or a missing words file, is named with both steps."""
    hats = registry.get("hats")
    msgids = game_checks.msgids
    monkeypatch.setattr(game_checks, "msgids", lambda folder: msgids(folder) | {"Zzz hats": ""})
    assert (
        "W003",
        "1 of its words have no de ('Zzz hats'): add them to companion/locale/words/de/hats.py, then run "
        "bin/translations de",
    ) in game_checks.missing(hats)
    monkeypatch.setattr(game_checks, "WORDS", tmp_path)
    assert (
        "W003",
        f"no fr words: add {tmp_path}/fr/hats.py (WORDS = {{English: fr}}), then run bin/translations fr",
    ) in game_checks.missing(hats)


# -- the test files: property-test strategies and golden cases ------------------------------------------------


def test_a_missing_strategies_module(copy: Copy) -> None:
    copy.path("strategies.py").unlink()
    [(code, what)] = problems(copy)
    assert code == "W005"
    assert what.startswith(
        f"no property-test strategies: add tests/property/strategies/tally.py or {copy.path('strategies.py')}"
    )
    assert what.endswith(
        "defining SLUG, events, out_of_range_files, OPTION_RANGES, NEW_TABLE, TABLES, random_posts, plausible_posts"
    )


def test_a_strategies_module_that_lacks_part_of_the_contract(copy: Copy) -> None:
    copy.edit(
        "strategies.py", lambda text: text.replace("TABLES:", "_TABLES:").replace("def random_posts(", "def _rp(")
    )
    path = copy.path("strategies.py")
    assert problems(copy) == [
        ("W005", f"{path} lacks TABLES, random_posts (the contract: tests/property/strategies/__init__.py)")
    ]


def test_no_golden_case(copy: Copy) -> None:
    for path in copy.path("cases").glob("*.json"):
        path.unlink()
    folder = copy.path("cases")
    assert problems(copy) == [
        (
            "W006",
            f"no golden case: add a table file of the game to {folder}/ (NAME.json), with NAME.score.json and "
            "NAME.referee.json beside it, worked out by hand (tests/cases/README.md)",
        )
    ]


def test_a_golden_case_of_another_game_does_not_count(copy: Copy) -> None:
    case = copy.path("cases/3p-bonus-over-cap.json")
    case.write_text(json.dumps(json.loads(case.read_text(encoding="utf-8")) | {"game": "hats"}), encoding="utf-8")
    assert [code for code, _ in problems(copy)] == ["W006"]


@pytest.mark.parametrize("kind", ["score", "referee"])
def test_a_golden_case_without_its_expected_output(copy: Copy, kind: str) -> None:
    copy.path(f"cases/3p-bonus-over-cap.{kind}.json").unlink()
    case = copy.path("cases/3p-bonus-over-cap.json")
    assert problems(copy) == [("W006", f"{case} has no 3p-bonus-over-cap.{kind}.json beside it: add it")]


def test_without_a_tests_folder_the_test_files_are_not_looked_for(
    copy: Copy, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A deployed app has no tests/: a game is not told to add strategies and golden cases there."""
    copy.path("strategies.py").unlink()
    shutil.rmtree(copy.path("cases"))
    assert {code for code, _ in problems(copy)} == {"W005", "W006"}
    monkeypatch.setattr(game_checks, "TESTS", tmp_path / "no-tests")
    assert problems(copy) == []


# -- as manage.py check shows them ----------------------------------------------------------------------------


def test_check_reports_errors_and_warnings_by_game(copy: Copy) -> None:
    copy.path("web/templates/entry.html").unlink()
    copy.path("rules/es.txt").unlink()
    copy.register()
    found = {(type(m), m.id) for m in game_checks.games_are_complete() if "'tally'" in m.msg}
    assert found == {(checks.Error, "kibitz.E003"), (checks.Warning, "kibitz.W001")}


def test_the_shipped_games_have_every_piece() -> None:
    assert {slug: game_checks.missing(game) for slug, game in registry.GAMES.items()} == {
        slug: [] for slug in registry.GAMES
    }
