"""`{% url %}` exactly as Django's, but each route reversed once per process (a template builtin: settings.py).

A table page has some 25 `{% url %}` tags, and Django reverses each one anew (25-45 µs: the resolver's candidates,
quoting, thread-locals), a tenth of a first rendering. An address depends only on the view, its arguments, the URL
configuration and the script prefix, so it is kept under exactly those. Arguments that are not plain strings or
numbers are reversed every time, as Django does: how they turn into text is theirs to say.

A table's code is new to a process that never served the table, and its page would reverse each of its addresses
again. So an argument that is a plain word (a slug's letters, digits, - and _: a table's code is one) goes in as a
marker, and the route reversed with the markers is kept for every word: the same text Django's reverse gives, for a
view whose one pattern takes each argument through Django's own str, slug, path or int converter (every word matches
the first three as the marker does, and quoting leaves both as they are; a marker in an int's place finds no route,
and the value is used)."""

from __future__ import annotations

import functools
import re
from typing import Any

from django import template
from django.conf import settings
from django.template import defaulttags
from django.urls import NoReverseMatch, converters, get_resolver, get_script_prefix, get_urlconf, reverse
from django.utils.html import conditional_escape

register = template.Library()


class AddressNode(defaulttags.URLNode):
    def render(self, context: template.Context) -> str:
        args = tuple(arg.resolve(context) for arg in self.args)
        kwargs = tuple(sorted((name, value.resolve(context)) for name, value in self.kwargs.items()))
        url = ""
        try:
            url = _reversed(self.view_name.resolve(context), args, kwargs, _current_app(context))
        except NoReverseMatch:
            if self.asvar is None:
                raise
        if self.asvar:
            context[self.asvar] = url
            return ""
        return conditional_escape(url) if context.autoescape else url


def _current_app(context: template.Context) -> str | None:
    """The namespace Django's tag reverses in: the request's current app, else the namespace it was resolved in."""
    request = getattr(context, "request", None)
    app = getattr(request, "current_app", None)
    if app is None:
        app = getattr(getattr(request, "resolver_match", None), "namespace", None)
    return app


def _reversed(view: Any, args: tuple[Any, ...], kwargs: tuple[tuple[str, Any], ...], app: str | None) -> str:
    plain = isinstance(view, str) and all(_plain(v) for v in (*args, *(v for _, v in kwargs)))
    if not plain:
        return reverse(view, args=args, kwargs=dict(kwargs), current_app=app)
    urlconf, prefix = get_urlconf() or settings.ROOT_URLCONF, get_script_prefix()
    words = [value for value in (*args, *(v for _, v in kwargs)) if _is_word(value)]
    if 0 < len(words) <= len(_MARKS):
        marked = iter(_MARKS)
        shape = tuple(next(marked) if _is_word(a) else a for a in args)
        named = tuple((name, next(marked) if _is_word(v) else v) for name, v in kwargs)
        found = route(view, shape, named, app, urlconf, prefix)
        if found is not None:
            for mark, word in zip(_MARKS, words, strict=False):
                found = found.replace(mark, word, 1)
            return found
    return address(view, args, kwargs, app, urlconf, prefix)


_WORD = re.compile(r"[-A-Za-z0-9_]{1,64}\Z")
_MARK = "kibitzroutemark"
_MARKS = [f"{_MARK}{n}x" for n in range(8)]  # no route's own text holds one, nor does a word (_is_word)
_CONVERTERS = (converters.StringConverter, converters.SlugConverter, converters.PathConverter, converters.IntConverter)


def _is_word(value: Any) -> bool:
    return isinstance(value, str) and _WORD.match(value) is not None and _MARK not in value


def _plain(value: Any) -> bool:
    """A string or a whole number, which say what they turn into. Not a bool: True == 1 as a key, not as text."""
    return isinstance(value, str | int) and not isinstance(value, bool)


@functools.lru_cache(maxsize=4096)  # a few dozen addresses a table: the tables of a busy evening
def address(
    view: str, args: tuple[Any, ...], kwargs: tuple[tuple[str, Any], ...], app: str | None, urlconf: Any, prefix: str
) -> str:
    """Django's reverse, kept per view, arguments, namespace, URL configuration and script prefix."""
    return reverse(view, args=args, kwargs=dict(kwargs), current_app=app)


@functools.lru_cache(maxsize=1024)
def route(
    view: str, args: tuple[Any, ...], kwargs: tuple[tuple[str, Any], ...], app: str | None, urlconf: Any, prefix: str
) -> str | None:
    """The address with markers for words, or None when the view's route is not one path() of Django's own
    converters (then each word is reversed as it is) or takes no marker where one stands."""
    if ":" in view or not _plain_route(view, urlconf):
        return None
    try:
        return reverse(view, args=args, kwargs=dict(kwargs), current_app=app)
    except NoReverseMatch:
        return None


def _plain_route(view: str, urlconf: Any) -> bool:
    """Whether `view` has one pattern, one way of writing it, and Django's own converter for each argument."""
    found = get_resolver(urlconf).reverse_dict.getlist(view)
    if len(found) != 1 or len(found[0][0]) != 1:
        return False
    (_text, params), converted = found[0][0][0], found[0][3]
    return all(type(converted.get(param)) in _CONVERTERS for param in params)


@register.tag("url")
def url(parser: template.base.Parser, token: template.base.Token) -> AddressNode:
    """Django's `{% url %}` syntax, parsed by Django's own tag."""
    node = defaulttags.url(parser, token)
    return AddressNode(node.view_name, node.args, node.kwargs, node.asvar)
