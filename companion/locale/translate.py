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


Words = dict[str, str | tuple[str, ...]]  # msgid -> translation; a plural msgid -> one form per plural form


def words(lang: str) -> Words:
    """Every area's dictionary for one language; an msgid given twice must be given the same way. A plural msgid
    (TN, {% blocktranslate count %}) is keyed by its singular and given as a tuple of the language's forms."""
    merged: Words = {}
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
        value = known.get(entry.msgid)
        if value is None or isinstance(value, tuple) != bool(entry.msgid_plural):
            missing.append(entry.msgid + (" (plural: a tuple of forms)" if entry.msgid_plural else ""))
            continue
        if isinstance(value, tuple):
            if len(value) != plural_forms(po):
                raise SystemExit(f"{lang}: {entry.msgid!r} needs {plural_forms(po)} plural forms, not {len(value)}")
            entry.msgstr_plural = dict(enumerate(value))
        else:
            entry.msgstr = value
        if "fuzzy" in entry.flags:
            entry.flags.remove("fuzzy")
        entry.previous_msgctxt = entry.previous_msgid = entry.previous_msgid_plural = None  # makemessages' guess ("#|")
    po.metadata["Language"] = lang
    po.metadata["Content-Type"] = "text/plain; charset=UTF-8"
    po.save()
    po.save_as_mofile(str(path.with_suffix(".mo")))
    return missing


def plural_forms(po: polib.POFile) -> int:
    """How many plural forms the language has ("nplurals=2; plural=(n != 1);" in the catalogue's header)."""
    header = po.metadata.get("Plural-Forms", "nplurals=2;")
    return int(header.split("nplurals=")[1].split(";")[0])


def main(langs: list[str]) -> None:
    langs = langs or sorted(p.name for p in (HERE / "words").iterdir() if p.is_dir())
    report = [f"{lang}: {msgid}" for lang in langs for msgid in fill(lang)]
    if report:
        raise SystemExit("untranslated:\n" + "\n".join(report))


if __name__ == "__main__":
    main(sys.argv[1:])
