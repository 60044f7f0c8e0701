"""Django's i18n tag library, with `{% translate "a literal" %}` looked up once per language and process.

The app's templates `{% load kibitz_i18n %}` for Django's `{% load i18n %}` (a test keeps it so): the same tags, and
makemessages, which reads the templates' syntax, still finds every message. A table page has over a hundred
`{% translate %}` tags; each made a lazy string, looked the message up through thread-locals and escaped it again, a
twentieth of a first rendering. A literal without filters or a message context gives the same text for the same
language every time, so that text is kept; anything else goes through Django's tag as before."""

from __future__ import annotations

from django import template
from django.templatetags import i18n as django_i18n
from django.utils.translation import get_language

register = template.Library()
register.tags.update(django_i18n.register.tags)
register.filters.update(django_i18n.register.filters)

# (message, noop, language, autoescape) -> the text: as many as the templates have literals, times the languages
TRANSLATED: dict[tuple[str, bool, str | None, bool], str] = {}


class KeptTranslateNode(django_i18n.TranslateNode):
    def __init__(self, node: django_i18n.TranslateNode) -> None:
        super().__init__(node.filter_expression, node.noop, node.asvar, node.message_context)
        expression = self.filter_expression
        literal = expression.var.literal if not expression.filters and not self.message_context else None
        self.literal: str | None = literal if isinstance(literal, str) else None
        self.plain = django_i18n.TranslateNode(expression, node.noop)  # the same message, rendered, not stored

    def render(self, context: template.Context) -> str:
        if self.literal is None:
            return super().render(context)
        key = (self.literal, self.noop, get_language(), context.autoescape)
        text = TRANSLATED.get(key)
        if text is None:
            text = TRANSLATED[key] = self.plain.render(context)
        if self.asvar:
            context[self.asvar] = text
            return ""
        return text


@register.tag("translate")
@register.tag("trans")
def translate(parser: template.base.Parser, token: template.base.Token) -> KeptTranslateNode:
    """Django's `{% translate %}` syntax, parsed by Django's own tag."""
    return KeptTranslateNode(django_i18n.do_translate(parser, token))
