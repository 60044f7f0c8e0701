"""The share page's way to the table display (companion/displayviews.py): its link and QR code."""

from __future__ import annotations

from django import template
from django.urls import reverse
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from companion.qr import qr_svg

register = template.Library()


@register.simple_tag(takes_context=True)
def display_link(context: template.Context, code: str) -> dict[str, str | SafeString]:
    """`{% display_link code as display %}`: the display's whole address (`url`, for the QR code another device
    scans) and its QR code (`qr`), drawn as the share page draws its Watch code."""
    url = context["request"].build_absolute_uri(reverse("display", args=[code]))
    return {"url": url, "qr": qr_svg(url, _("Table display"))}
