"""Check plays, bounded: a count per rule, then the findings a page at a time (all rules, or one), so the answer
stays small at any length of log: a table at the event cap can hold thousands of flags (issue 16)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from games.base import Flag

from . import services

PAGE = 50  # findings one answer lists


@dataclass(frozen=True)
class RuleCount:
    rule: str  # the rule's id, an anchor of the rules page
    title: str
    count: int


@dataclass(frozen=True)
class Findings:
    """One page of the referee's findings; `total` counts them all (the bar's count), `rules` per rule."""

    shown: list[tuple[Flag, services.LogEntry, str]]  # (flag, its log entry, the rule's title)
    total: int
    rules: list[RuleCount]  # in the order each rule is first broken in the log
    rule: str = ""  # the rule shown alone, or "" for every rule
    page: int = 1
    pages: int = 1

    @property
    def first(self) -> int:
        """The number of the first finding shown (the list's `start`)."""
        return (self.page - 1) * PAGE + 1

    @property
    def last(self) -> int:
        return self.first + len(self.shown) - 1

    @property
    def listed(self) -> int:
        """How many findings the list pages through: those of the chosen rule, or all."""
        return next((r.count for r in self.rules if r.rule == self.rule), self.total)

    @property
    def newer(self) -> int | None:
        return self.page - 1 if self.page > 1 else None

    @property
    def older(self) -> int | None:
        return self.page + 1 if self.page < self.pages else None


def page(snap: services.Snapshot, titles: Mapping[str, str], rule: str = "", raw_page: str = "") -> Findings:
    """The findings of one page: `rule` (a rule the table broke, else every rule) and `raw_page` (as typed in
    the address: a bad or too large one gives the first or the last page)."""
    flags = services.review(snap)  # worked out once per table version
    counts = Counter(flag.rule for flag, _event in flags)
    rules = [RuleCount(r, titles.get(r, r), n) for r, n in counts.items()]  # a Counter keeps first-seen order
    rule = rule if rule in counts else ""
    chosen = [(f, e) for f, e in flags if f.rule == rule] if rule else flags
    pages = max(1, -(-len(chosen) // PAGE))
    number = int(raw_page) if raw_page.isascii() and raw_page.isdigit() and len(raw_page) < 6 else 1
    number = min(max(number, 1), pages)
    start = (number - 1) * PAGE
    shown = [(f, e, titles.get(f.rule, f.rule)) for f, e in chosen[start : start + PAGE]]
    return Findings(shown, len(flags), rules, rule, number, pages)
