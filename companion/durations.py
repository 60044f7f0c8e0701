"""How long a table was played: from its first to its last live event, leaving out every gap between two events
longer than GAP (a break for dinner, or the evening a table was left open and went on a week later), so the time
counts play, not the calendar. Derived from the events' own times, like every other number (history.Summary).
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import pairwise

from django.utils.translation import gettext as _

GAP = 30 * 60  # seconds: a longer pause between two entries is a break, not play


def playing_seconds(times: Iterable[float | None]) -> int | None:
    """The seconds between the first and the last of `times` (event times), less every gap over GAP; None when
    that leaves nothing: fewer than two events carry a time, they all carry the same one (an imported table's
    events are all written at once), or every gap was a break. Its playing time is unknown then, not nought."""
    known = sorted(t for t in times if t is not None)
    played = sum(gap for gap in (b - a for a, b in pairwise(known)) if gap <= GAP)
    return round(played) or None


def minutes(seconds: int) -> int:
    """Whole minutes, at least one: a table played for 20 seconds was still played."""
    return max(1, round(seconds / 60))


def text(seconds: int | None) -> str:
    """A playing time as the pages show it, compact: "45 min", "1 h 20 min", "2 h"; "" when unknown."""
    if seconds is None:
        return ""
    hours, mins = divmod(minutes(seconds), 60)
    if not hours:
        return _("%(n)d min") % {"n": mins}
    if not mins:
        return _("%(h)d h") % {"h": hours}
    return _("%(h)d h %(m)d min") % {"h": hours, "m": mins}


def average(durations: Iterable[int | None]) -> int | None:
    """The mean of the known playing times, in seconds; None when none is known."""
    known = [d for d in durations if d is not None]
    return round(sum(known) / len(known)) if known else None
