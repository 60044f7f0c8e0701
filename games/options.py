"""Reading a table file's options from what a game declares (its OptionInfo list), one wording for every refusal.

A game's options.py keeps only what is its own: the OptionInfo list (made with `declare`, which gives each option
its rules-page anchor), a reader for each value that is a game's thing (cards, colours, a board), its cross-option
checks and its Options dataclass. Booleans, choices and whole numbers are read here from their OptionInfo: its
kind, its `choices`, its `low` and `high`; `whole_number` refuses a number out of its range in the caller's words.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import fields
from typing import Any

from games.base import InvalidOptions, OptionInfo, gettext_noop, shown, whole_number_in
from games.text import T

Reader = Callable[[Any], Any]  # one option's value from its JSON shape; raises InvalidOptions
Writer = Callable[[Any], Any]  # one option's value back into its JSON shape

NO_READERS: Mapping[str, Reader] = {}


def declare(
    name: str,
    label: str,
    help_text: str,
    default: Any,
    choices: tuple[tuple[Any, str], ...] = (),
    *,
    advanced: bool = False,
    kind: str = "",
    span: tuple[int, int] | None = None,
    keys: tuple[str, ...] = (),
) -> OptionInfo:
    """An OptionInfo that links to its rules-page section, opt-<name> with dashes (every game names its sections
    so); `span` is an int or mapping option's (low, high)."""
    low, high = span if span is not None else (None, None)
    rule = "opt-" + name.replace("_", "-")
    return OptionInfo(
        name, label, help_text, default, choices, rule=rule, advanced=advanced, kind=kind, low=low, high=high, keys=keys
    )


def read_values(
    raw: Mapping[str, Any], info: Sequence[OptionInfo], readers: Mapping[str, Reader] = NO_READERS
) -> dict[str, Any]:
    """The options of `raw` by name, in its order, each read by the game's own reader for it or else by its
    OptionInfo; InvalidOptions names the first one that is unknown or wrong."""
    declared = {option.name: option for option in info}
    values: dict[str, Any] = {}
    for name, value in raw.items():
        option = declared.get(name)
        if option is None:
            raise InvalidOptions(T("unknown option %(name)s", name=shown(name)))
        reader = readers.get(name)
        values[name] = reader(value) if reader is not None else read_value(option, value)
    return values


def read_value(option: OptionInfo, value: Any) -> Any:
    """One bool, choice or int option, checked against its OptionInfo."""
    kind = option.field_kind
    if kind == "bool":
        if not isinstance(value, bool):
            raise InvalidOptions(
                T("%(name)s must be true or false, not %(value)s", name=option.name, value=shown(value))
            )
        return value
    if kind == "int":
        if option.low is None or option.high is None:
            raise TypeError(f"option {option.name}: an int option declares its low and high")
        refusal = gettext_noop("%(name)s must be a whole number from %(low)d to %(high)d, not %(value)s")
        return whole_number(value, (option.low, option.high), refusal, name=option.name)
    if kind == "choice":
        allowed = tuple(choice for choice, _label in option.choices)
        if value not in allowed:
            listed = ", ".join(f'"{choice}"' for choice in allowed)
            raise InvalidOptions(
                T(
                    "%(name)s must be one of %(allowed)s, not %(value)s",
                    name=option.name,
                    allowed=listed,
                    value=shown(value),
                )
            )
        return value
    raise TypeError(f"option {option.name}: a {kind} option is read by the game's own reader")


def whole_number(value: Any, span: tuple[int, int], refusal: str, **names: Any) -> int:
    """`value` when it is a JSON whole number within `span`; else InvalidOptions in the words of `refusal`, a
    msgid marked with gettext_noop that takes `names` and then %(low)d, %(high)d and %(value)s."""
    low, high = span
    if not whole_number_in(value, low, high):
        raise InvalidOptions(T(refusal, **names, low=low, high=high, value=shown(value)))
    return value


def written(options: Any, defaults: Any, writers: Mapping[str, Writer] | None = None) -> dict[str, Any]:
    """The fields of an Options dataclass that differ from `defaults`, in a table file's shape: a tuple as a
    list, a mapping as a dict, anything else as it is unless `writers` has its own way for it."""
    out: dict[str, Any] = {}
    for f in fields(options):
        value = getattr(options, f.name)
        if value == getattr(defaults, f.name):
            continue
        writer = writers.get(f.name) if writers else None
        if writer is not None:
            out[f.name] = writer(value)
        elif isinstance(value, tuple):
            out[f.name] = list(value)
        elif isinstance(value, Mapping):
            out[f.name] = dict(value)
        else:
            out[f.name] = value
    return out
