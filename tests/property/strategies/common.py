"""Hypothesis strategies every game shares (FORMAT.md): random JSON, seat lists, options, whole table files
plausible and malformed, shaken golden files, and the values phones post in forms.

Everything here is driven by the game: its `option_info()`, `min_players` and `max_players`, and its own
strategies module (the package's `for_game`), which gives events that look like the real thing.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from games import registry
from games.base import Game, OptionInfo
from games.cards import CARDS, SYMBOLS
from games.players import MAX_NAME
from games.tablefile import FORMAT
from tests.property.strategies import for_game

JSON = Any
Strategy = st.SearchStrategy

# -- (a) completely random JSON-like values --------------------------------------------------------------

# Text that shows up in real life and text that breaks things: blanks, line breaks, control characters,
# lone surrogates (which a JSON document may spell as an escape), long strings.
AWKWARD_TEXT = (
    "",
    " ",
    "\n",
    "\t",
    "a\nb",
    "a\rb",
    "line\u2028break",
    "nul\x00",
    "\ud83d",
    "\udc00x",
    "Zoë",
    "李雷",
    "👩\u200d👩\u200d👧",
    "x" * (MAX_NAME + 1),
    "y" * MAX_NAME,
    "'\"\\",
    "<b>&amp;</b>",
    "None",
    "null",
    *(f"A{ch}na" for ch in ("\u200b", "\u202e", "\ufeff", "\u00ad", "\u2060")),  # format characters (Cf)
)
# The longest integer Python's json reads (4,300 digits): two of them add up to one that str() refuses.
LONGEST_JSON_INT = int("9" * 4300)
HUGE_NUMBERS = (10**9, 10**30, -(10**30), 2**63, -(2**63) - 1, 10**400, LONGEST_JSON_INT, -LONGEST_JSON_INT)
# Invisible format characters (Unicode Cf) that would make a name pass for another.
FORMAT_CHARACTERS = ("\u200b", "\u200c", "\u200d", "\u200e", "\u202e", "\u2060", "\u2066", "\ufeff", "\u00ad")


def texts(max_size: int = 12) -> Strategy[str]:
    """Any text (st.text makes no lone surrogates) plus the awkward samples (which have some)."""
    return st.text(max_size=max_size) | st.sampled_from(AWKWARD_TEXT)


json_scalars: Strategy[JSON] = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-5, max_value=30),
    st.integers(),
    st.sampled_from(HUGE_NUMBERS),
    st.floats(),
    texts(),
)

json_values: Strategy[JSON] = st.recursive(
    json_scalars,
    lambda children: st.lists(children, max_size=4) | st.dictionaries(texts(8), children, max_size=4),
    max_leaves=12,
)


def json_without(kind: type | tuple[type, ...]) -> Strategy[JSON]:
    """A random JSON value that is not an instance of `kind` (bool counts as int, as in Python)."""
    return json_values.filter(lambda v: not isinstance(v, kind))


# A table file whose end_score has 4,301 digits: more than Python's json reads.
TOO_LONG_NUMBER = (
    '{"format": "kibitz/1", "game": "rickety-kate", "players": ["Ana", "Ben", "Cleo"], '
    '"options": {"end_score": 1' + "0" * 4300 + '}, "events": []}'
)

# Text for the import box: anything at all, JSON-ish fragments, documents nested past the parser's limit.
garbage_text: Strategy[str] = st.one_of(
    st.text(max_size=60),
    st.sampled_from(
        [
            "",
            "{",
            "null",
            "[]",
            '"kibitz/1"',
            "NaN",
            "1e999",
            '{"format": "kibitz/1"',
            '{"format": "kibitz/1", "game": "rickety-kate", "players": ["\\ud800", "B", "C"], "events": []}',
            "[" * 3_000,
            '{"a":' * 3_000,
            "\x00\x01\x02",
            "\ufeff{}",
            TOO_LONG_NUMBER,
            "[" + "9" * 4301 + "]",
        ]
    ),
    json_values.map(lambda v: json.dumps(v)[:-1]),  # a JSON document cut short
)

# -- players ---------------------------------------------------------------------------------------------

NAMES = ("Ana", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hal", "Ida", "Jo", "Kai", "Lu")
STRANGERS = ("Zed", "ana", "ANA", " Ana", "Ana ", "", "Nobody")


def seat_names() -> Strategy[str]:
    """Mostly ordinary names, sometimes odd ones that have no spaces at either end (some are refused)."""
    odd = texts(MAX_NAME).filter(lambda s: s.strip() == s and s != "")
    usual = st.sampled_from(NAMES)
    return st.one_of(usual, usual, usual, odd)


def players_for(game: Game) -> Strategy[list[str]]:
    return st.lists(seat_names(), min_size=game.min_players, max_size=game.max_players, unique=True)


@st.composite
def good_players_for(draw: st.DrawFn, game: Game) -> list[str]:
    """Only ordinary names, most often four of them, for games that should get deep."""
    low, high = game.min_players, min(game.max_players, len(NAMES))
    size = draw(st.integers(low, high) | st.just(min(max(4, low), high)))
    return draw(st.lists(st.sampled_from(NAMES), min_size=size, max_size=size, unique=True))


@st.composite
def bad_players(draw: st.DrawFn, game: Game, players: JSON) -> JSON:
    """A seat list that FORMAT.md does not allow."""
    if not isinstance(players, list) or not players:  # already broken by an earlier mutation
        players = list(NAMES[: game.min_players])
    kinds = ["duplicate", "empty", "blank-edge", "too-many", "too-few", "long", "non-string", "not-a-list", "invisible"]
    kind = draw(st.sampled_from(kinds))
    if kind == "duplicate":
        return [*players, draw(st.sampled_from(players))]
    if kind == "empty":
        out = list(players)
        out[draw(st.integers(0, len(out) - 1))] = draw(st.sampled_from(["", " ", "\t", "\n"]))
        return out
    if kind == "blank-edge":
        out = list(players)
        i = draw(st.integers(0, len(out) - 1))
        out[i] = draw(st.sampled_from([" ", "\n", "\t"])) + out[i]
        return out
    if kind == "too-many":
        extra = [f"{NAMES[i % len(NAMES)]}{i}" for i in range(game.max_players + 1)]
        return extra[: game.max_players + draw(st.integers(1, 3))]
    if kind == "too-few":
        return players[: draw(st.integers(0, game.min_players - 1))]
    if kind == "long":
        out = list(players)
        out[draw(st.integers(0, len(out) - 1))] = "x" * draw(st.integers(MAX_NAME + 1, MAX_NAME + 30))
        return out
    if kind == "invisible":  # "A\u200bna" next to "Ana": a look-alike
        # Plain names only: a joiner between two emoji is a real name (a family emoji), not a look-alike.
        out = [name if isinstance(name, str) and name.isascii() and name.isalpha() else "Ana" for name in players]
        i = draw(st.integers(0, len(out) - 1))
        at = draw(st.integers(0, len(out[i])))
        out[i] = out[i][:at] + draw(st.sampled_from(FORMAT_CHARACTERS)) + out[i][at:]
        return out
    if kind == "non-string":
        out: list[JSON] = list(players)
        out[draw(st.integers(0, len(out) - 1))] = draw(json_without(str))
        return out
    return draw(json_without(list) | st.just(", ".join(players)))


# -- options ---------------------------------------------------------------------------------------------


def plausible_options(game: Game) -> dict[str, Any]:
    """The game's option name -> (players -> strategy), where option_info() alone is not enough."""
    return getattr(for_game(game), "PLAUSIBLE_OPTIONS", {})


def _plausible_value(game: Game, info: OptionInfo, players: list[str]) -> Strategy[JSON] | None:
    special = plausible_options(game)
    if info.name in special:
        return special[info.name](players)
    if info.choices:
        return st.sampled_from([value for value, _label in info.choices])
    if isinstance(info.default, bool):
        return st.booleans()
    if isinstance(info.default, int):
        return st.integers(1, 200)
    return None


@st.composite
def options_for(draw: st.DrawFn, game: Game, players: list[str]) -> dict[str, JSON]:
    """A few of the game's options, each with a plausible value."""
    values = {}
    for info in game.option_info():
        value = _plausible_value(game, info, players)
        if value is not None:
            values[info.name] = value
    if not values:
        return {}
    chosen = draw(st.lists(st.sampled_from(sorted(values)), max_size=3, unique=True))
    chosen += [name for name in plausible_options(game) if name not in chosen and draw(st.booleans())]
    return {name: draw(values[name]) for name in chosen}


def _wrong_kind(info: OptionInfo) -> Strategy[JSON]:
    if info.choices:
        allowed = [value for value, _label in info.choices]
        return json_values.filter(lambda v: v not in allowed or isinstance(v, bool))
    if isinstance(info.default, bool):
        return json_without(bool)
    if isinstance(info.default, int):
        return st.sampled_from([0, -1, -(10**30), True, False, 1.5, 2.0, "100", None, [100]]) | json_without(int)
    # e.g. a list of cards: not a list, a list of things that are not cards, a card twice, the lady
    return st.one_of(
        json_without(list),
        st.lists(json_values, min_size=1, max_size=3),
        st.sampled_from([["QS"], ["2S", "2s"], ["1X"], ["2S", "2S"], ["JD"], ["10D"], [None]]),
    )


@st.composite
def bad_options(draw: st.DrawFn, game: Game, options: dict[str, JSON]) -> JSON:
    """Options with an unknown key, a value of the wrong kind, or not an object at all."""
    infos = list(game.option_info())
    kind = draw(st.sampled_from(["unknown", "wrong-kind", "wrong-kind", "not-an-object"]))
    out = dict(options)
    if kind == "unknown" or not infos:
        known = {i.name for i in infos}
        key = draw(texts(16).filter(lambda k: k not in known) | st.sampled_from(["endScore", "Moon", "end score"]))
        out[key] = draw(json_values)
        return out
    if kind == "wrong-kind":
        info = draw(st.sampled_from(infos))
        out[info.name] = draw(_wrong_kind(info))
        return out
    return draw(json_without(dict))


# -- (c) plausible-but-often-wrong events, per game ---------------------------------------------------------

CARD_TEXTS = sorted(CARDS)
_SYMBOL_FORMS = [rank + SYMBOLS[suit] for rank, suit in ((c[:-1], c[-1]) for c in CARD_TEXTS[::5])]
BAD_CARD_TEXTS = ("1X", "♠Q", "11H", "0S", "1H", "Q", "H", "", " ", "QS ", "Q S", "10", "10HH", "JOKER", "QS\n")


def card_texts() -> Strategy[JSON]:
    """Card strings as a person might write them: canonical, lower case, suit symbols, nonsense, not strings."""
    return st.one_of(
        st.sampled_from(CARD_TEXTS),
        st.sampled_from(CARD_TEXTS).map(str.lower),
        st.sampled_from(_SYMBOL_FORMS),
        st.sampled_from(BAD_CARD_TEXTS),
        st.sampled_from([12, None, ["QS"], {"QS": 1}, 1.5]),
    )


def counts() -> Strategy[JSON]:
    return st.one_of(
        st.integers(-3, 15),
        st.integers(0, 13),
        st.sampled_from(HUGE_NUMBERS),
        st.sampled_from([1.5, 3.0, "3", True, False, None, [3]]),
    )


def names_from(players: list[str]) -> Strategy[JSON]:
    """Mostly seated players, sometimes strangers, rarely not a string at all."""
    return st.one_of(
        st.sampled_from(players),
        st.sampled_from(players),
        st.sampled_from(STRANGERS),
        st.sampled_from([None, 0, ["Ana"], {"name": "Ana"}]),
    )


def string_names_from(players: list[str]) -> Strategy[str]:
    return st.sampled_from(players) | st.sampled_from(players) | st.sampled_from(STRANGERS)


@st.composite
def shuffle_event(draw: st.DrawFn, event: dict[str, JSON], fields: list[str]) -> dict[str, JSON]:
    """Leave the event alone, or drop a field, add one, or give one a value of a wrong type."""
    choice = draw(st.sampled_from(["keep", "keep", "keep", "drop", "extra", "retype", "note"]))
    out = dict(event)
    if choice == "drop":
        out.pop(draw(st.sampled_from(["type", *fields])), None)
    elif choice == "extra":
        out[draw(texts(10) | st.sampled_from(["bonus", "moon", "cards", "points", "dealer"]))] = draw(json_values)
    elif choice == "retype":
        out[draw(st.sampled_from(["type", *fields]))] = draw(json_values)
    elif choice == "note":
        out["note"] = draw(st.text(max_size=20) | json_scalars)
    return out


def random_events(players: list[str], options: dict[str, JSON]) -> Strategy[list[JSON]]:
    """For any game: objects with a type and a few fields named after players or anything."""
    event = st.fixed_dictionaries(
        {"type": texts(12)},
        optional={
            "player": names_from(players),
            "players": st.lists(names_from(players), max_size=3),
            "cards": st.lists(card_texts(), max_size=4),
            "points": counts(),
        },
    )
    return st.lists(event | json_values, max_size=6)


def events_for(game: Game, players: list[str], options: dict[str, JSON]) -> Strategy[list[JSON]]:
    """Mostly the game's own events (its strategies module), sometimes random ones."""
    own = for_game(game).events(players, options)
    return st.one_of(own, own, own, random_events(players, options))


# -- (b) whole table files: plausible, and malformed ---------------------------------------------------------


@st.composite
def meta_fields(draw: st.DrawFn) -> dict[str, JSON]:
    """Title, notes and date, sometimes longer than the web app stores or with characters no database takes."""
    text = texts(120) | st.sampled_from(["T" * 101, "Title\nmore", "x" * 5000])
    return draw(
        st.fixed_dictionaries(
            {}, optional={"title": text, "notes": text, "played_on": st.dates().map(lambda d: d.isoformat())}
        )
    )


@st.composite
def plausible_files(draw: st.DrawFn, game: Game) -> dict[str, JSON]:
    """A file in the right shape with the game's own events, often readable, sometimes not."""
    players = draw(st.one_of(good_players_for(game), good_players_for(game), players_for(game)))
    options = draw(options_for(game, players))
    events = draw(events_for(game, players, options))
    data: dict[str, JSON] = {"format": FORMAT, "game": game.slug, "players": players}
    if options or draw(st.booleans()):
        data["options"] = options
    data["events"] = events
    data.update(draw(meta_fields()))
    if draw(st.integers(0, 4)) == 0:
        undone = draw(events_for(game, players, options))[:2]
        afters = sorted(draw(st.lists(st.integers(0, len(events)), min_size=len(undone), max_size=len(undone))))
        data["retracted"] = [{"after": a, "event": e} for a, e in zip(afters, undone, strict=True)]
    return data


MUTATIONS = (
    "format",
    "game",
    "players",
    "options",
    "events",
    "meta",
    "retracted",
    "drop-key",
    "extra-event",
)


# The mutations after which no game can read the file.
FATAL_MUTATIONS = ("format", "game", "players")


def no_game(value: JSON) -> bool:
    """Not the slug of a registered game ("tally".replace("-", "_") is still Tally)."""
    return not (isinstance(value, str) and value in registry.GAMES)


@st.composite
def malformed_files(draw: st.DrawFn, game: Game, mutations: tuple[str, ...] = MUTATIONS) -> JSON:
    """A plausible file with one to three things broken: format, game, players, options, events, meta."""
    data = draw(plausible_files(game))
    for mutation in draw(st.lists(st.sampled_from(mutations), min_size=1, max_size=3)):
        mutate(draw, game, data, mutation)
    return data


def mutate(draw: st.DrawFn, game: Game, data: dict[str, JSON], mutation: str) -> None:
    """Break one thing of `data` in place. An earlier mutation may have dropped or retyped any key, so every
    mutation reads the file with .get() and copes with whatever it finds there."""
    slug = game.slug
    if mutation == "format":
        data["format"] = draw(
            st.sampled_from(["kibitz/2", "Kibitz/1", "kibitz/1 ", "kibitz", "", None, 1, ["kibitz/1"]]) | json_values
        )
    elif mutation == "game":
        wrong = ["skat", slug.upper(), slug.replace("-", "_"), "", None, 7, [slug], {slug: 1}]
        data["game"] = draw(st.sampled_from([g for g in wrong if no_game(g)]) | texts(20).filter(no_game))
    elif mutation == "players":
        data["players"] = draw(bad_players(game, data.get("players")))
    elif mutation == "options":
        options = data.get("options")
        data["options"] = draw(bad_options(game, options if isinstance(options, dict) else {}))
    elif mutation == "events":
        data["events"] = draw(json_without(list) | st.lists(json_values, max_size=4))
    elif mutation == "meta":
        key = draw(st.sampled_from(["title", "notes", "played_on"]))
        data[key] = draw(
            json_without(str) | st.sampled_from(["2026-13-01", "yesterday", "2026-02-30", "", "29.11.2026"])
        )
    elif mutation == "retracted":
        data["retracted"] = draw(
            json_without(list)
            | st.lists(json_values, max_size=2)
            | st.lists(
                st.fixed_dictionaries({"after": counts() | st.integers(-2, 40), "event": json_values}), max_size=2
            )
        )
    elif mutation == "drop-key":
        data.pop(draw(st.sampled_from(["format", "game", "players", "options", "events"])), None)
    else:
        data.setdefault("events", [])
        if isinstance(data["events"], list):
            data["events"].insert(draw(st.integers(0, len(data["events"]))), draw(json_values))


# -- numbers out of range --------------------------------------------------------------------------------------


def outside(low: int, high: int) -> Strategy[int]:
    """Whole numbers below `low` or above `high`: next to the bounds, anywhere, and as long as json reads."""
    return st.one_of(
        st.sampled_from([low - 1, high + 1, -LONGEST_JSON_INT, LONGEST_JSON_INT]),
        st.integers(max_value=low - 1),
        st.integers(min_value=high + 1),
    )


# -- golden files, shaken: deep states (playoffs, moons, finished games) with one thing changed -----------------

CASES = Path(__file__).resolve().parents[2] / "cases"


def _golden() -> list[dict[str, JSON]]:
    files = []
    for path in sorted(CASES.glob("*.json")):
        if path.name.endswith((".score.json", ".referee.json")):
            continue
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except ValueError:
            continue
        if isinstance(data, dict) and isinstance(data.get("game"), str) and isinstance(data.get("events"), list):
            files.append(data)
    return files


GOLDEN = _golden()


def golden(game: Game) -> list[dict[str, JSON]]:
    """The game's golden table files (tests/cases/), deep states that generated events rarely reach."""
    return [data for data in GOLDEN if data["game"] == game.slug]


@st.composite
def golden_mutants(draw: st.DrawFn, game: Game) -> dict[str, JSON]:
    """A golden table file of the game cut short, or with an event dropped, doubled, moved, changed or added."""
    data = copy.deepcopy(draw(st.sampled_from(golden(game))))
    events: list[JSON] = data["events"]
    players = data["players"] if isinstance(data.get("players"), list) and data["players"] else list(NAMES[:4])
    options = data.get("options") if isinstance(data.get("options"), dict) else {}
    for change in draw(st.lists(st.sampled_from(["cut", "drop", "double", "move", "field", "insert"]), max_size=2)):
        if not events:
            break
        i = draw(st.integers(0, len(events) - 1))
        if change == "cut":
            del events[i:]
        elif change == "drop":
            del events[i]
        elif change == "double":
            events.insert(i, copy.deepcopy(events[i]))
        elif change == "move":
            events.insert(draw(st.integers(0, len(events) - 1)), events.pop(i))
        elif change == "field" and isinstance(events[i], dict) and events[i]:
            key = draw(st.sampled_from(sorted(events[i])))
            events[i][key] = draw(json_values | names_from(players) | counts() | card_texts())
        else:
            new = draw(events_for(game, players, options))
            events[i:i] = new[:2]
    if draw(st.booleans()):
        data.update(draw(meta_fields()))
    return data


def shaken_files(game: Game) -> Strategy[dict[str, JSON]]:
    """Shaken golden files of the game, or plausible files for a game that has none."""
    return golden_mutants(game) if golden(game) else plausible_files(game)


def table_files(game: Game) -> Strategy[JSON]:
    """Everything at once, mostly files of the game in the right shape: random JSON, malformed files, plausible
    files and shaken golden files."""
    plausible, shaken = plausible_files(game), shaken_files(game)
    return st.one_of(json_values, malformed_files(game), plausible, plausible, shaken, shaken, shaken)


# -- what phones post: the entry forms' and the new-table form's values ------------------------------------------

# Digits that str.isdigit() accepts and int() does not, and numbers too long for int(): the form fields that
# hold numbers and seat indices must refuse them, not fail.
ODD_DIGITS = st.sampled_from(["²", "³", "١", "٣", "①", "1_000", "9" * 30, "9" * 5000, " 1", "1 ", "-0", "+1"])
NUMBER_TEXT = st.one_of(
    st.sampled_from(["0", "1", "3", "6", "7", "13", "14", "-1", "-200", "200", "201", " 5 ", "+4", "1e3", "0x1"]),
    st.sampled_from(["", "  ", "abc", "NaN", "None", "3.0", "1\n"]),
    ODD_DIGITS,
    st.integers(-300, 300).map(str),
    st.text(max_size=6),
)
