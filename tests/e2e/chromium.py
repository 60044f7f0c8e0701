"""Debian's Chromium as the browser tests and bench/page_weight.py launch it: one list of flags, so the page
weight is measured in the browser the tests drive."""

from __future__ import annotations

from pathlib import Path
from typing import Any

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def launch(playwright: Any) -> Any:
    """A headless Chromium from Playwright's sync API (`sync_playwright()`'s object)."""
    return playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
