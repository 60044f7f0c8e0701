"""Words for people, kept translatable without Django: a message id and its values, rendered late.

Engine errors, referee messages, log lines, prompts and headlines are `Text`, made with `T("...", name=value)`.
`str(text)` is the English sentence (what the commands print); the web app renders the same Text in the
reader's language from its message catalogues (companion/i18n.py), so adding a language adds catalogue files
and touches no game code. `makemessages` is taught the keyword `T` (companion/management/commands).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

Translate = Callable[[str], str]


@dataclass(frozen=True, slots=True)
class Text:
    msgid: str  # English, with %(name)s placeholders
    params: tuple[tuple[str, Any], ...] = ()

    def render(self, translate: Translate | None = None) -> str:
        """The sentence, with `translate` (a gettext) applied to this text and every Text inside it."""
        template = translate(self.msgid) if translate else self.msgid
        if not self.params:
            return template
        return template % {name: _render(value, translate) for name, value in self.params}

    def __str__(self) -> str:
        return self.render()


def T(msgid: str, /, **params: Any) -> Text:
    return Text(msgid, tuple(params.items()))


def join(parts: Iterable[Any], separator: str = ", ") -> Text:
    """Several values (names, texts) as one, each rendered in the reader's language. Its own template is
    only placeholders, which no catalogue holds, so gettext hands it back unchanged."""
    items = tuple(parts)
    template = separator.replace("%", "%%").join(f"%(p{i})s" for i in range(len(items)))
    return Text(template, tuple((f"p{i}", item) for i, item in enumerate(items)))


def _render(value: Any, translate: Translate | None) -> Any:
    return value.render(translate) if isinstance(value, Text) else value
