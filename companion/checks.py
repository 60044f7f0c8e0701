"""Start-up checks (`manage.py check`): every registered game has every piece docs/games.md lists, or Django
names what is missing and the file to add it to (instead of a 500 at request time, or a test failing later).

Errors (kibitz.E…) are what breaks a page; warnings (kibitz.W…) what the app survives but a test or a reader of
another language finds: a rules file or words in a language of settings.LANGUAGES, the web module's DEMO, the
property-test strategies and the golden cases. The last two are test files: they are checked only where the
tests folder is, since a deployed app has no tests/.
"""

from __future__ import annotations

import ast
import json
import re
import runpy
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

from django.conf import settings
from django.core import checks
from django.urls import URLPattern, URLResolver
from django.utils.translation import trans_real

from companion import entries
from games import registry, rules
from games.base import Game, GameBase, GameError

# What the Game protocol (games/base.py) asks of every game.
ATTRIBUTES = ("slug", "name", "min_players", "max_players", "lowest_wins", "row_label", "rule_ids", "web")
METHODS = (
    "options",
    "option_info",
    "options_dict",
    "parse",
    "replay",
    "resume",
    "standings",
    "review",
    "prompt",
    "describe",
    "rules",
    "ranking",
    "panel",
    "stat_info",
    "stats",
)
ROOT = Path(settings.BASE_DIR)
TESTS = ROOT / "tests"
WORDS = ROOT / "companion" / "locale" / "words"
STRATEGIES = TESTS / "property" / "strategies"  # the contract is CONTRACT in its __init__.py
CASES = TESTS / "cases"
PLACEHOLDER = re.compile(r"%\((\w+)\)")
MARKERS = ("T", "TN", "gettext_noop")  # the calls that mark a game's words (makemessages collects them)

Problem = tuple[str, str]  # (check id, what is missing and where to add it)


@checks.register()
def games_are_complete(app_configs: Any = None, **kwargs: Any) -> list[checks.CheckMessage]:
    problems: list[checks.CheckMessage] = []
    for game in registry.GAMES.values():
        for code, what in missing(game):
            kind = checks.Error if code.startswith("E") else checks.Warning
            problems.append(kind(f"game {game.slug!r}: {what}", id=f"kibitz.{code}"))
    return problems


def missing(game: Game) -> list[Problem]:
    """(check id, what is missing) for one game; empty when it is complete."""
    gone = [n for n in ATTRIBUTES if not hasattr(game, n)]
    gone += [n for n in METHODS if not callable(getattr(game, n, None))]
    if gone:
        return [("E001", "the game lacks " + ", ".join(gone) + " (the Game protocol: games/base.py)")]
    if isinstance(game, GameBase) and (unbacked := game.unbacked()):
        return [("E001", "the game has no " + "; no ".join(unbacked) + " (GameBase: games/base.py)")]
    found = _web(game) + _rules(game) + _words(game)
    if TESTS.is_dir():  # a deployed app has no tests/: nothing there to look for
        found += _strategies(game) + _cases(game)
    return found


# -- where a game's pieces live -------------------------------------------------------------------------------


def package(game: Game) -> tuple[str, Path]:
    """The dotted name and the folder of the package that defines the game's class (games/<game>/, or for a
    game in the tests folder, such as Tally, its own package there)."""
    module = sys.modules[type(game).__module__]
    name = module.__name__ if hasattr(module, "__path__") else (module.__package__ or "")
    return name, Path(module.__file__ or ".").resolve().parent


def in_tests(game: Game) -> bool:
    """A game defined in the tests folder: its words, strategies and golden cases sit in its own package, since
    makemessages and the shared test folders never read it."""
    return package(game)[0].startswith("tests.")


def words_file(game: Game, lang: str) -> Path:
    name, folder = package(game)
    if in_tests(game):
        return folder / "words" / f"{lang}.py"
    return WORDS / lang / f"{name.rpartition('.')[2]}.py"


def strategies_files(game: Game) -> list[Path]:
    """Where its property-test strategies may be (tests/property/strategies/__init__.py, candidates())."""
    own = [package(game)[1] / "strategies.py"] if in_tests(game) else []
    return [STRATEGIES / f"{game.slug.replace('-', '_')}.py", *own]


def cases_folder(game: Game) -> Path:
    return package(game)[1] / "cases" if in_tests(game) else CASES


def shown(path: Path) -> str:
    """A path as the developer types it: from the checkout's root."""
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


# -- the web adapter ------------------------------------------------------------------------------------------


def _web(game: Game) -> list[Problem]:
    try:
        module = entries.module(game.slug)
    except ImportError as exc:
        return [("E002", f"its web module {game.web!r} cannot be imported ({exc})")]
    where = shown(Path(module.__file__ or game.web))
    out = []
    actions = getattr(module, "ACTIONS", None)
    if not isinstance(actions, dict) or not callable(getattr(module, "context", None)):
        out.append(("E002", f"its web module {game.web!r} needs ACTIONS (a dict) and context(): add them to {where}"))
        actions = {}
    out += _pages(game, module) + _structured_options(game, module, where)
    folder = entries.template_dir(game.slug)
    for name in ("entry.html", *_panel_template(game)):
        if not (folder / name).is_file():
            out.append(("E003", f"no {name}: add {shown(folder / name)} beside {game.web}"))
    return out + _demo(module, actions, where)


def _pages(game: Game, module: ModuleType) -> list[Problem]:
    """A game's own pages are optional; when it has `URLS`, it is a list of named Django path()s."""
    pages = getattr(module, "URLS", [])
    named = isinstance(pages, (list, tuple)) and all(
        isinstance(p, URLResolver) or (isinstance(p, URLPattern) and p.name) for p in pages
    )
    if named:
        return []
    return [("E002", f"URLS in {game.web!r} must be a list of Django path()s, each with a name= to reverse() it by")]


def _structured_options(game: Game, module: ModuleType, where: str) -> list[Problem]:
    """A "json" option (a board) is carried unseen by the new-table form: the game's own page edits it."""
    if callable(getattr(module, "before_new_table", None)):
        return []
    return [
        (
            "W007",
            f"its option {info.name!r} is a structured value (json), which the new-table form carries but does not "
            f"edit: give {where} a before_new_table(group, preset) step that opens a page editing it",
        )
        for info in game.option_info()
        if info.field_kind == "json"
    ]


def _panel_template(game: Game) -> list[str]:
    """The template a fresh table's state panel names, if the game shows one (a game whose options need more
    than their defaults is not tried)."""
    players = [f"Player {i + 1}" for i in range(game.min_players)]
    try:
        panel = game.panel(game.replay(players, game.options({}, players), []))
    except GameError:
        return []
    return [panel.template] if panel is not None else []


def _demo(module: ModuleType, actions: dict[str, Any], where: str) -> list[Problem]:
    """DEMO: the entries a scorer makes at a new table with the fewest players, posted by the tests that every
    game passes (tests/companion/test_every_game.py). Each names an ACTIONS key, and each key is posted, or
    DEMO_LEAVES_OUT says why a new table cannot take it ({action: why})."""
    pairs = getattr(module, "DEMO", None)
    if not isinstance(pairs, list) or not pairs or not all(_is_post(p) for p in pairs):
        return [("W004", f"no DEMO: add DEMO = [(action, post), ...] to {where}, a few entries of a new table")]
    posted = {str(action) for action, _post in pairs}
    left_out = getattr(module, "DEMO_LEAVES_OUT", {})
    unknown = sorted((posted | set(left_out)) - set(actions))
    out = [("W004", f"its DEMO names {a!r}, which is no ACTIONS key: add it to ACTIONS in {where}") for a in unknown]
    return out + [
        (
            "W004",
            f"its DEMO never posts {a!r}: add an entry of that action to DEMO in {where} (or, if a new table "
            "cannot take one, say why in DEMO_LEAVES_OUT)",
        )
        for a in sorted(set(actions) - posted - set(left_out))
    ]


def _is_post(pair: object) -> bool:
    return isinstance(pair, tuple) and len(pair) == 2 and isinstance(pair[1], dict)


# -- rules pages ----------------------------------------------------------------------------------------------


def _rules(game: Game) -> list[Problem]:
    folder = rules.folder_of(game)
    try:
        english = {s.anchor: s for s in rules.read(folder, rules.DEFAULT_LANG)}
        files = {lang: rules.read(folder, lang) for lang, _name in settings.LANGUAGES}
    except rules.RulesFileError as exc:
        return [("E005", f"a rules file in {shown(folder)} breaks the format of games/rules.py: {exc}")]
    wanted = {*game.rule_ids, *(info.rule for info in game.option_info() if info.rule)}
    path = shown(folder / f"{rules.DEFAULT_LANG}.txt")
    out = [("E004", f"its rules page has no section [{a}]: add it to {path}") for a in sorted(wanted - set(english))]
    for lang, _name in settings.LANGUAGES:
        if lang != rules.DEFAULT_LANG:
            out += _translated_rules(folder / f"{lang}.txt", english, {s.anchor: s for s in files[lang]})
    return out


def _translated_rules(path: Path, english: dict[str, rules.Section], own: dict[str, rules.Section]) -> list[Problem]:
    """One language's rules file has every section English has, with a reading where English has one."""
    if not path.is_file():
        return [("W001", f"no {path.stem} rules page: add {shown(path)}, every section of the English one")]
    out = [("W002", f"{shown(path)} has no section [{a}]: add it") for a in english if a not in own]
    for anchor, section in english.items():
        if anchor in own and (section.reading is None) != (own[anchor].reading is None):
            out.append(("W002", f"{shown(path)}: [{anchor}] needs a reading ('> ') where English has one, only there"))
    return out


# -- words ----------------------------------------------------------------------------------------------------


def words_in(path: Path) -> dict[str, str]:
    """Every T("..."), TN("...", "...") and gettext_noop("...") in one module: msgid -> its plural ("" for none)."""
    found = {}
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") in MARKERS and node.args:
            texts = [a.value for a in node.args[:2] if isinstance(a, ast.Constant) and isinstance(a.value, str)]
            if texts:
                found[texts[0]] = texts[1] if node.func.id == "TN" and len(texts) == 2 else ""  # type: ignore[attr-defined]
    return found


def msgids(folder: Path) -> dict[str, str]:
    """What the web shows of the game: every text of its package (words_in), msgid -> plural."""
    found: dict[str, str] = {}
    for path in sorted(folder.rglob("*.py")):
        found |= words_in(path)
    return found


def translations(catalogue: Any, msgid: str, plural: str) -> list[str] | None:
    """A msgid's translation in a catalogue (a compiled one, or a words file's WORDS), one string per plural form;
    None when it has none. A compiled catalogue keys each plural form by (msgid, index)."""
    if plural and (msgid, 0) in catalogue:
        return [catalogue[(msgid, i)] for i in range(8) if (msgid, i) in catalogue]
    value = catalogue.get(msgid)
    if value is not None and isinstance(value, tuple) == bool(plural):
        return list(value) if plural else [value]
    return None


def same_placeholders(msgid: str, plural: str, forms: list[str]) -> bool:
    """Each form says what the English says: the plural form all of the plural's placeholders, and no form any
    placeholder English lacks (a language's singular may leave the number out: "ein schwarzer Hut")."""
    english = _placeholders(msgid) | _placeholders(plural)
    if not all(_placeholders(f) <= english for f in forms):
        return False
    return _placeholders(forms[-1]) == _placeholders(plural or msgid)


def _words(game: Game) -> list[Problem]:
    wanted = msgids(package(game)[1])
    out = []
    for lang, _name in settings.LANGUAGES:
        if lang != rules.DEFAULT_LANG:
            out += _words_in(game, lang, wanted)
    return out


def _words_in(game: Game, lang: str, wanted: dict[str, str]) -> list[Problem]:
    path = words_file(game, lang)
    then = "" if in_tests(game) else f", then run bin/translations {lang}"
    if not path.is_file():
        return [("W003", f"no {lang} words: add {shown(path)} (WORDS = {{English: {lang}}}){then}")]
    own: dict[str, str | tuple[str, ...]] = runpy.run_path(str(path)).get("WORDS", {})
    # A game in games/ is read through the compiled catalogue (its msgids may sit in another area's file); one in
    # the tests folder has no catalogue of its own words but its file.
    catalogue: Any = own if in_tests(game) else trans_real.translation(lang)._catalog  # type: ignore[attr-defined]  # no public reader of the catalogue
    found = {m: translations(catalogue, m, plural) for m, plural in wanted.items()}
    lacking = sorted(m for m, forms in found.items() if forms is None)
    out = []
    if lacking:
        listed = ", ".join(repr(m) for m in lacking[:3]) + (" …" if len(lacking) > 3 else "")
        where = f"run bin/translations {lang}" if set(lacking) <= set(own) else f"add them to {shown(path)}{then}"
        out.append(("W003", f"{len(lacking)} of its words have no {lang} ({listed}): {where}"))
    changed = sorted(m for m, forms in found.items() if forms and not same_placeholders(m, wanted[m], forms))
    out += [("W003", f"its {lang} words for {m!r} change the placeholders: fix them in {shown(path)}") for m in changed]
    return out


def _placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


# -- test files: property-test strategies and golden cases ----------------------------------------------------


def _strategies(game: Game) -> list[Problem]:
    contract = _contract()
    for path in strategies_files(game):
        if path.is_file():
            lacking = [name for name in contract if name not in top_level_names(path)]
            if not lacking:
                return []
            contract_file = shown(STRATEGIES / "__init__.py")
            return [("W005", f"{shown(path)} lacks {', '.join(lacking)} (the contract: {contract_file})")]
    where = " or ".join(shown(p) for p in strategies_files(game))
    return [("W005", f"no property-test strategies: add {where} defining {', '.join(contract)}")]


def _contract() -> tuple[str, ...]:
    """The names a strategies module must define: CONTRACT in tests/property/strategies/__init__.py."""
    tree = ast.parse((STRATEGIES / "__init__.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "CONTRACT" for t in node.targets):
            return tuple(ast.literal_eval(node.value))
    return ()


def top_level_names(path: Path) -> set[str]:
    """What a module defines at its top level (assigned, defined or imported), read without importing it."""
    names: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names |= {t.id for t in targets if isinstance(t, ast.Name)}
        elif isinstance(node, ast.Import | ast.ImportFrom):
            names |= {(a.asname or a.name).partition(".")[0] for a in node.names}
    return names


def _cases(game: Game) -> list[Problem]:
    folder = cases_folder(game)
    mine = list(_table_files(folder, game.slug))
    if not mine:
        return [
            (
                "W006",
                f"no golden case: add a table file of the game to {shown(folder)}/ (NAME.json), with NAME.score.json "
                "and NAME.referee.json beside it, worked out by hand (tests/cases/README.md)",
            )
        ]
    return [
        ("W006", f"{shown(path)} has no {path.stem}.{kind}.json beside it: add it")
        for path in mine
        for kind in ("score", "referee")
        if not path.with_name(f"{path.stem}.{kind}.json").is_file()
    ]


def _table_files(folder: Path, slug: str) -> Iterator[Path]:
    """The good table files of one game in a cases folder (a bad-*.json has a .error instead)."""
    for path in sorted(folder.glob("*.json")):
        if path.name.count(".") != 1 or path.name.startswith("bad-"):
            continue
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except ValueError:
            continue
        if isinstance(data, dict) and data.get("game") == slug:
            yield path
