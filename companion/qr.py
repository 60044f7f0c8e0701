"""QR codes as inline SVG, drawn on the server (no CDN, no script)."""

from __future__ import annotations

import segno
from django.utils.safestring import SafeString, mark_safe


def qr_svg(text: str, label: str) -> SafeString:
    code = segno.make(text, error="m")
    svg = code.svg_inline(scale=4, dark="#000", light="#fff", title=label, svgclass="qr", omitsize=True)
    return mark_safe(svg)  # segno writes the whole SVG; `text` only decides which modules are dark
