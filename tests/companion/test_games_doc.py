"""docs/games.md names only what exists: every path in a code span is a file or folder of the checkout, every
name in one occurs in the code, and every name called in one is defined there. README's "A new game adds" points
at it and names every rules language shipped."""

from __future__ import annotations

import builtins
import re
from functools import cache
from pathlib import Path

from django.conf import settings

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "games.md"
SOURCES = ("games", "companion", "templates", "static", "tests", "bin")
SUFFIXES = {".py", ".html", ".js", ".css", ".txt", ".json", ".md"}
SPAN = re.compile(r"`([^`]+)`")
QUOTED = re.compile(r"\"[^\"]*\"|'[^']*'")
WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
PATH = re.compile(r"[\w.<>-]+(/[\w.<>-]*)+|[\w<>-]+\.(py|html|txt|json|css|js|md)")


def spans(text: str) -> list[str]:
    """The inline code spans, fenced blocks left out (they show a game that does not exist)."""
    return [" ".join(s.split()) for s in SPAN.findall(re.sub(r"```.*?```", "", text, flags=re.S))]


@cache
def source_text() -> str:
    files = (p for folder in SOURCES for p in (ROOT / folder).rglob("*") if p.suffix in SUFFIXES and p.is_file())
    return "\n".join(p.read_text(encoding="utf-8", errors="replace") for p in files if "__pycache__" not in p.parts)


@cache
def source_words() -> frozenset[str]:
    return frozenset(WORD.findall(source_text()))


def exists(path: str) -> bool:
    """A path of the checkout, or of a game's folder (`rules/en.txt`), with <placeholders> and NAME as any name."""
    pattern = re.sub(r"<[^>]+>|NAME", "*", path).rstrip("/")
    return any(ROOT.glob(pattern)) or any(any((ROOT / f).glob(f"**/{pattern}")) for f in SOURCES)


def defined(name: str) -> bool:
    return re.search(rf"(def|class) {name}\b|^\s*{name}\s*[:=]", source_text(), re.M) is not None


def test_every_path_in_a_code_span_exists() -> None:
    paths = [s for s in spans(DOC.read_text(encoding="utf-8")) if PATH.fullmatch(s) and not s.startswith("/")]
    assert len(paths) > 30
    assert [p for p in paths if not exists(p)] == []


def test_every_name_in_a_code_span_is_in_the_code() -> None:
    names = set()
    for span in spans(DOC.read_text(encoding="utf-8")):
        if not PATH.fullmatch(span):
            names |= set(WORD.findall(QUOTED.sub("", span)))
    assert len(names) > 100
    assert sorted(names - source_words()) == []


def test_every_name_called_in_a_code_span_is_defined() -> None:
    called = {m.group(1) for s in spans(DOC.read_text(encoding="utf-8")) for m in re.finditer(r"(\w+)\(", s)}
    assert {"replay", "resume", "form_for", "before_new_table", "whole_number_in", "StatInfo", "Prompt"} <= called
    assert sorted(n for n in called if not hasattr(builtins, n) and not defined(n)) == []


def test_the_protocol_and_the_adapter_are_all_there() -> None:
    """Every Game attribute and method (companion/checks.py keeps the list), and every name the shared code reads
    of a web adapter, has its line."""
    from companion.checks import ATTRIBUTES, METHODS

    names = {WORD.match(s).group(0) for s in spans(DOC.read_text(encoding="utf-8")) if WORD.match(s)}  # type: ignore[union-attr]
    adapter = {"ACTIONS", "context", "DEMO", "FIXABLE", "form_for", "before_new_table"}
    shared = {"dealer", "penalties", "StatInfo", "OptionInfo", "Panel", "Prompt", "Standings", "Flag", "Place"}
    assert sorted({*ATTRIBUTES, *METHODS, *adapter, *shared} - names - set(spans(DOC.read_text()))) == []


def test_the_readme_points_here_with_every_language_and_both_registry_lines() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    paragraph = readme[readme.index("A new game adds") :].split("\n\n")[0]
    assert "[docs/games.md](docs/games.md)" in paragraph
    assert "`from games.<game> import GAME as <GAME>`" in paragraph and "`register(<GAME>)`" in paragraph
    for lang, _name in settings.LANGUAGES:
        assert f"{lang}.txt" in paragraph, lang
