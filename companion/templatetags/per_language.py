"""`{% per_language %}…{% endper_language %}`: markup that depends on nothing but the reader's language (the page's
head, the offline notice, the language picker's labels), rendered once per language and process.

A first rendering of the table page spent about 0.8 ms on base.html alone: static addresses, translations with
plural forms, the list of languages. Inside the block goes only what every reader of a language sees alike: never
a CSRF token, a table, a path or anything of the request (DEBUG renders it every time and says where it differs).
What is kept is forgotten when a setting changes (tests) or a template is edited under runserver."""

from __future__ import annotations

import itertools
import threading

from django import template
from django.conf import settings
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.urls import get_script_prefix
from django.utils.autoreload import file_changed
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

register = template.Library()

MOST = 4096  # blocks times languages: a few dozen in the app's templates; more only from templates made in tests
KEPT: dict[tuple[int, str | None, str], SafeString] = {}
_numbers = itertools.count()  # each block parsed gets its own: an id() could be reused by a template parsed later
_lock = threading.Lock()


class PerLanguageNode(template.Node):
    def __init__(self, nodelist: template.NodeList, where: str) -> None:
        self.nodelist = nodelist
        self.number = next(_numbers)
        self.where = where

    def render(self, context: template.Context) -> SafeString:
        key = (self.number, get_language(), get_script_prefix())  # the prefix: addresses inside begin with it
        kept = KEPT.get(key)
        if kept is not None and not settings.DEBUG:
            return kept
        made = mark_safe(self.nodelist.render(context))
        if kept is not None and kept != made:
            raise template.TemplateSyntaxError(f"{{% per_language %}} in {self.where} renders differently: {made!r}")
        with _lock:
            if len(KEPT) >= MOST:
                KEPT.clear()
            KEPT[key] = made
        return made


@register.tag
def per_language(parser: template.base.Parser, token: template.base.Token) -> PerLanguageNode:
    nodelist = parser.parse(("endper_language",))
    parser.delete_first_token()
    return PerLanguageNode(nodelist, str(parser.origin.name if parser.origin else "a template"))


@receiver(setting_changed)
@receiver(file_changed)
def _forget(**kwargs: object) -> None:
    KEPT.clear()
