"""Words for people, kept translatable without Django: a message id and its values, rendered late.

Engine errors, referee messages, log lines, prompts and headlines are `Text`, made with `T("...", name=value)`,
or with `TN("...", "...", n, n=n)` where a number picks the plural form. `str(text)` is the English sentence
(what the commands print); the web app renders the same Text in the reader's language from its message
catalogues (companion/i18n.py), so adding a language adds catalogue files and touches no game code.
`makemessages` is taught the keywords `T` and `TN` (companion/management/commands).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

Translate = Callable[[str], str]
TranslatePlural = Callable[[str, str, int], str]  # ngettext: singular, plural, count


@dataclass(frozen=True, slots=True)
class Text:
    msgid: str  # English, with %(name)s placeholders
    params: tuple[tuple[str, Any], ...] = ()
    plural: str = ""  # the English plural of msgid (TN); `count` picks the language's form
    count: int = 0

    def render(self, translate: Translate | None = None, translate_plural: TranslatePlural | None = None) -> str:
        """The sentence, with `translate` (a gettext) and `translate_plural` (an ngettext) applied to this text
        and every Text inside it."""
        if self.plural:
            if translate_plural:
                template = translate_plural(self.msgid, self.plural, self.count)
            else:
                template = self.msgid if self.count == 1 else self.plural
        else:
            template = translate(self.msgid) if translate else self.msgid
        if not self.params:
            return template
        return template % {name: _render(value, translate, translate_plural) for name, value in self.params}

    def __str__(self) -> str:
        return self.render()


def T(msgid: str, /, **params: Any) -> Text:
    return Text(msgid, tuple(params.items()))


def TN(singular: str, plural: str, count: int, /, **params: Any) -> Text:
    """A sentence with a number in it: "%(n)d black hat" or "%(n)d black hats" by `count`, in each language by its
    own plural forms (ngettext). The number itself is a parameter like any other (n=count)."""
    return Text(singular, tuple(params.items()), plural, count)


def join(parts: Iterable[Any], separator: str = ", ") -> Text:
    """Several values (names, texts) as one, each rendered in the reader's language. Its own template is
    only placeholders, which no catalogue holds, so gettext hands it back unchanged."""
    items = tuple(parts)
    template = separator.replace("%", "%%").join(f"%(p{i})s" for i in range(len(items)))
    return Text(template, tuple((f"p{i}", item) for i, item in enumerate(items)))


def _render(value: Any, translate: Translate | None, translate_plural: TranslatePlural | None) -> Any:
    return value.render(translate, translate_plural) if isinstance(value, Text) else value


def card_count(n: int) -> Text:
    """ "1 card", "3 cards": how many cards, in the reader's plural forms."""
    return TN("%(n)d card", "%(n)d cards", n, n=n)
