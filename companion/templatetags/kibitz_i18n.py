"""Django's i18n tag library, with `{% translate "a literal" %}` looked up once per language and process.

The app's templates `{% load kibitz_i18n %}` for Django's `{% load i18n %}` (a test keeps it so): the same tags, and
makemessages, which reads the templates' syntax, still finds every message. A table page has over a hundred
`{% translate %}` tags; each made a lazy string, looked the message up through thread-locals and escaped it again, a
twentieth of a first rendering. A literal without filters or a message context gives the same text for the same
language every time, so that text is kept; anything else goes through Django's tag as before.

`{% blocktranslate %}` (a few on a page, 25 µs each) is Django's too, with its message written out once per tag rather
than on every rendering, and the translation of a message without a plural or a context kept per language."""

from __future__ import annotations

from decimal import Decimal
from typing import Any, cast

from django import template
from django.template.base import render_value_in_context
from django.templatetags import i18n as django_i18n
from django.utils import translation
from django.utils.safestring import SafeString
from django.utils.translation import get_language

register = template.Library()
register.tags.update(django_i18n.register.tags)
register.filters.update(django_i18n.register.filters)

# (message, noop, language, autoescape) -> the text: as many as the templates have literals, times the languages
TRANSLATED: dict[tuple[str, bool, str | None, bool], str] = {}
# (a blocktranslate's message, language) -> its translation, still to be filled in
BLOCKS: dict[tuple[str, str | None], str] = {}


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


class KeptBlockTranslateNode(django_i18n.BlockTranslateNode):
    """Django's BlockTranslateNode rendering the same text: its messages written out when parsed (they come from
    the template alone), and a message without plural or context translated once per language."""

    def __init__(self, node: django_i18n.BlockTranslateNode) -> None:
        super().__init__(
            node.extra_context,
            node.singular,
            node.plural,
            node.countervar,
            node.counter,
            node.message_context,
            node.trimmed,
            node.asvar,
            getattr(node, "tag_name", "blocktranslate"),  # the tag's name as written (not in Django's stubs)
        )
        self.singular_message = super().render_token_list(self.singular)
        self.plural_message = super().render_token_list(self.plural) if self.plural else ("", [])

    def render_token_list(self, tokens: Any) -> tuple[str, list[str]]:
        message, names = self.singular_message if tokens is self.singular else self.plural_message
        return message, list(names)  # a copy: the caller adds the plural's names to it

    def render(self, context: template.Context, nested: bool = False) -> str:
        if nested or self.message_context:  # Django's own way, as Django takes it
            return str(super().render(context, nested))
        context.update({var: val.resolve(context) for var, val in self.extra_context.items()})
        singular, names = self.render_token_list(self.singular)
        if self.plural and self.countervar and self.counter:
            count = self.counter.resolve(context)
            if not isinstance(count, Decimal | float | int):
                raise template.TemplateSyntaxError(
                    f"{self.countervar!r} argument to {getattr(self, 'tag_name', '')!r} tag must be a number."
                )
            context[self.countervar] = count
            plural, plural_names = self.render_token_list(self.plural)
            result = translation.ngettext(singular, plural, cast(float, count))  # a Decimal, as Django passes it
            names.extend(plural_names)
        else:
            key = (singular, get_language())
            result = BLOCKS.get(key) or BLOCKS.setdefault(key, translation.gettext(singular))
        engine = context.template.engine if context.template is not None else template.Engine.get_default()
        invalid = engine.string_if_invalid
        data = {}
        for name in names:
            value = context[name] if name in context else invalid % name if "%s" in invalid else invalid
            data[name] = render_value_in_context(value, context)
        context.pop()
        try:
            result %= data
        except (KeyError, ValueError):  # a translation that does not fit its message: Django's own fallback
            with translation.override(None):
                result = str(super().render(context, nested=True))
        if self.asvar:
            context[self.asvar] = SafeString(result)
            return ""
        return result


@register.tag("blocktranslate")
@register.tag("blocktrans")
def block_translate(parser: template.base.Parser, token: template.base.Token) -> KeptBlockTranslateNode:
    """Django's `{% blocktranslate %}` syntax, parsed by Django's own tag."""
    return KeptBlockTranslateNode(django_i18n.do_block_translate(parser, token))
