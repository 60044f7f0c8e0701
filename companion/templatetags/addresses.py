"""`{% url %}` exactly as Django's, but each address reversed once per process (a template builtin: settings.py).

A table page has some 25 `{% url %}` tags, and Django reverses each one anew (25-45 µs: the resolver's candidates,
quoting, thread-locals), a tenth of a first rendering. An address depends only on the view, its arguments, the URL
configuration and the script prefix, so it is kept under exactly those. Arguments that are not plain strings or
numbers are reversed every time, as Django does: how they turn into text is theirs to say."""

from __future__ import annotations

import functools
from typing import Any

from django import template
from django.conf import settings
from django.template import defaulttags
from django.urls import NoReverseMatch, get_script_prefix, get_urlconf, reverse
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
    return address(view, args, kwargs, app, get_urlconf() or settings.ROOT_URLCONF, get_script_prefix())


def _plain(value: Any) -> bool:
    """A string or a whole number, which say what they turn into. Not a bool: True == 1 as a key, not as text."""
    return isinstance(value, str | int) and not isinstance(value, bool)


@functools.lru_cache(maxsize=4096)  # a few dozen addresses a table: the tables of a busy evening
def address(
    view: str, args: tuple[Any, ...], kwargs: tuple[tuple[str, Any], ...], app: str | None, urlconf: Any, prefix: str
) -> str:
    """Django's reverse, kept per view, arguments, namespace, URL configuration and script prefix."""
    return reverse(view, args=args, kwargs=dict(kwargs), current_app=app)


@register.tag("url")
def url(parser: template.base.Parser, token: template.base.Token) -> AddressNode:
    """Django's `{% url %}` syntax, parsed by Django's own tag."""
    node = defaulttags.url(parser, token)
    return AddressNode(node.view_name, node.args, node.kwargs, node.asvar)
