"""Numbers the history pages divide: a fraction shown with one decimal, in the reader's language."""

from __future__ import annotations

from fractions import Fraction

from django import template
from django.utils.formats import number_format

register = template.Library()


@register.filter
def decimal(value: Fraction | int | None) -> str:
    """One decimal place ("12.3", in German "12,3"); a dash where nothing was divided."""
    if value is None:
        return "–"
    return number_format(round(float(value), 1), 1, use_l10n=True)


@register.filter
def percent(value: Fraction | None) -> str:
    """A share as a whole percentage ("67 %"); a dash where there is nothing to share."""
    if value is None:
        return "–"
    return f"{round(float(value) * 100)} %"
