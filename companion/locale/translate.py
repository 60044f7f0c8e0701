"""Fill each language's catalogue after makemessages: python companion/locale/translate.py (needs polib).

The words live in companion/locale/words/<lang>/<area>.py, each a WORDS dictionary from msgid to translation:
one file per area (the core, each game) so that work on one game never edits another's words. The script
writes the .po and the compiled .mo of every language that has a words/ folder, and names every msgid still
without a translation. `bin/translations` runs makemessages and then this, under a lock.
"""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

import polib

HERE = Path(__file__).parent


def words(lang: str) -> dict[str, str]:
    """Every area's dictionary for one language; an msgid given twice must be given the same way."""
    merged: dict[str, str] = {}
    for path in sorted((HERE / "words" / lang).glob("*.py")):
        for msgid, msgstr in runpy.run_path(str(path))["WORDS"].items():
            if merged.setdefault(msgid, msgstr) != msgstr:
                raise SystemExit(f"{path.name}: {msgid!r} is translated differently elsewhere")
    return merged


def fill(lang: str) -> list[str]:
    """Write one language's .po and .mo; returns the msgids still untranslated."""
    path = HERE / lang / "LC_MESSAGES" / "django.po"
    po = polib.pofile(str(path))
    known = words(lang)
    missing = []
    for entry in po:
        if entry.obsolete:  # a msgid no longer in the code (makemessages keeps it as #~)
            continue
        if entry.msgid in known:
            entry.msgstr = known[entry.msgid]
            if "fuzzy" in entry.flags:
                entry.flags.remove("fuzzy")
        else:
            missing.append(entry.msgid)
    po.metadata["Language"] = lang
    po.metadata["Content-Type"] = "text/plain; charset=UTF-8"
    po.save()
    po.save_as_mofile(str(path.with_suffix(".mo")))
    return missing


def main(langs: list[str]) -> None:
    langs = langs or sorted(p.name for p in (HERE / "words").iterdir() if p.is_dir())
    report = [f"{lang}: {msgid}" for lang in langs for msgid in fill(lang)]
    if report:
        raise SystemExit("untranslated:\n" + "\n".join(report))


if __name__ == "__main__":
    main(sys.argv[1:])
