"""Rules pages as text files: one file per language in a game's `rules/` folder, read with the standard library.

A game's rules page lives beside its code, in `rules/en.txt`, `rules/de.txt` and so on; adding a language adds
one file per game and touches no code. English is the reference: the page has its sections in its order, and a
language that lacks a file, a section or a section's reading shows the English one there.

The format, line by line:

    # a comment (a line that starts with #)
    [rk.follow-suit] Follow suit
    A paragraph. It may wrap over several lines,
    which are joined with one space.

    Another paragraph (paragraphs are separated by blank lines).

    > How Kibitz reads the rule where the sources disagree, at most one per
    > section, written after a "> " on each of its lines.

`[anchor] Title` starts a section. The anchor is a referee rule id (`rk.follow-suit`), an option's rule anchor
(`opt-moon`) or a plain section id (`deal`): the links of flags and options point at it, so it is the same in
every language; the title and the text are the language's own.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

DEFAULT_LANG = "en"
FOLDER = "rules"  # beside the game's module
_HEADING = re.compile(r"\[([a-z0-9][a-z0-9.-]*)\][ \t]*(.*)")
_LANG = re.compile(r"[a-z]{2,3}")


class RulesFileError(ValueError):
    """A rules file that does not follow the format; the message names the file and the line."""


@dataclass(frozen=True)
class Section:
    """One anchored section of a rules page in one language. `reading`, where the rules are ambiguous, says
    which reading Kibitz takes and which option changes it."""

    anchor: str
    title: str
    paragraphs: tuple[str, ...]
    reading: str | None = None

    def as_dict(self, lang: str) -> dict[str, Any]:
        return {
            "anchor": self.anchor,
            "lang": lang,
            "title": self.title,
            "paragraphs": list(self.paragraphs),
            "reading": self.reading,
        }


def language(lang: str | None) -> str:
    """The bare language code: "de-AT" and "de_at" give "de"; nothing gives English."""
    if not lang:
        return DEFAULT_LANG
    return lang.replace("_", "-").split("-")[0].strip().lower() or DEFAULT_LANG


def parse(text: str, name: str = "rules") -> tuple[Section, ...]:
    """The sections of one rules file, in file order; RulesFileError names the first line that breaks the format."""
    sections: list[Section] = []
    anchor, title, paragraphs, reading = "", "", [], None
    lines: list[str] = []  # the paragraph being read
    quoted: list[str] = []  # the reading being read
    start = 0  # the line the open section started on

    def end_block() -> None:
        nonlocal reading
        if lines:
            paragraphs.append(" ".join(lines))
            lines.clear()
        if quoted:
            reading = " ".join(quoted)
            quoted.clear()

    def end_section() -> None:
        end_block()
        if not anchor:
            return
        if not paragraphs:
            raise RulesFileError(f"{name} line {start}: the section [{anchor}] has no paragraph")
        sections.append(Section(anchor, title, tuple(paragraphs), reading))

    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if line.startswith("#"):
            continue
        if not line:
            end_block()
            continue
        if line.startswith("["):
            heading = _HEADING.fullmatch(line)
            if heading is None or not heading.group(2).strip():
                raise RulesFileError(f"{name} line {number}: write a section's first line as [anchor] Title")
            end_section()
            anchor, title, paragraphs, reading, start = heading.group(1), heading.group(2).strip(), [], None, number
            if any(s.anchor == anchor for s in sections):
                raise RulesFileError(f"{name} line {number}: the section [{anchor}] is there twice")
            continue
        if not anchor:
            raise RulesFileError(f"{name} line {number}: text before the first [anchor] Title line")
        if line.startswith(">"):
            if lines:  # a reading right after a paragraph, with no blank line between
                end_block()
            if not quoted and reading is not None:
                raise RulesFileError(f"{name} line {number}: the section [{anchor}] has a second reading")
            quoted.append(line[1:].strip())
        else:
            if quoted:
                end_block()
            lines.append(line)
    end_section()
    return tuple(sections)


def folder_of(game: object) -> Path:
    """The `rules/` folder beside the module that defines the game's class."""
    module = sys.modules[type(game).__module__]
    return Path(module.__file__ or ".").resolve().parent / FOLDER


def languages(folder: Path) -> tuple[str, ...]:
    """The languages a rules folder has a file for, English first."""
    found = sorted(path.stem for path in folder.glob("*.txt") if _LANG.fullmatch(path.stem))
    return tuple(sorted(found, key=lambda lang: lang != DEFAULT_LANG))


@cache
def read(folder: Path, lang: str) -> tuple[Section, ...]:
    """One language's file of a rules folder, parsed once per process; () when there is none."""
    path = folder / f"{lang}.txt"
    if not _LANG.fullmatch(lang) or not path.is_file():
        return ()
    return parse(path.read_text(encoding="utf-8"), f"{path.parent.name}/{path.name}")


def page(folder: Path, lang: str | None) -> list[dict[str, Any]]:
    """The rules page in one language: English's sections in English's order, each in `lang` where its file
    has it (its reading too), else in English. Each is a dict: anchor, lang, title, paragraphs, reading."""
    code = language(lang)
    english = read(folder, DEFAULT_LANG)
    if code == DEFAULT_LANG:
        return [section.as_dict(DEFAULT_LANG) for section in english]
    translated = {section.anchor: section for section in read(folder, code)}
    out = []
    for section in english:
        own = translated.get(section.anchor)
        if own is None:
            out.append(section.as_dict(DEFAULT_LANG))
        else:
            out.append(own.as_dict(code) | {"reading": own.reading or section.reading})
    return out
