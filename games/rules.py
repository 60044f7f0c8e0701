"""Rules pages as plain data: sections in several languages, resolved to one language for a template.

Pure standard library, like the rest of games/: a game's rules page is content, not a view.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

DEFAULT_LANG = "en"


@dataclass(frozen=True)
class RuleSection:
    """One anchored section of a rules page.

    `anchor` is a referee rule id ("rk.follow-suit"), an option's rule anchor ("opt-moon") or a plain
    section id ("deal"). `kibitz_reading`, where the rules are ambiguous, says which reading Kibitz takes
    and which option changes it.
    """

    anchor: str
    title: dict[str, str]
    body: dict[str, tuple[str, ...]]
    kibitz_reading: dict[str, str] | None = None

    def resolve(self, lang: str | None) -> dict[str, Any]:
        """This section in one language, falling back to English field by field."""
        code = language(lang)
        body_lang = code if code in self.body else DEFAULT_LANG
        reading = None
        if self.kibitz_reading is not None:
            reading = self.kibitz_reading.get(code) or self.kibitz_reading[DEFAULT_LANG]
        return {
            "anchor": self.anchor,
            "lang": body_lang,
            "title": self.title.get(code) or self.title[DEFAULT_LANG],
            "paragraphs": list(self.body[body_lang]),
            "reading": reading,
        }


def language(lang: str | None) -> str:
    """The bare language code: "de-AT" and "de_at" give "de"; nothing gives English."""
    if not lang:
        return DEFAULT_LANG
    return lang.replace("_", "-").split("-")[0].strip().lower() or DEFAULT_LANG


def resolve(sections: Iterable[RuleSection], lang: str | None) -> list[dict[str, Any]]:
    """Every section in one language (English where a translation is missing), in page order."""
    return [section.resolve(lang) for section in sections]
