"""Hypothesis strategies for table files (FORMAT.md): random JSON, malformed files, and plausible events.

Everything generic is driven by `registry.GAMES` and each game's own `option_info()`, `min_players` and
`max_players`, so a game registered later is covered by the random and malformed parts without changes
here. Events that look like the real thing come from `PLAUSIBLE_EVENTS` (slug -> strategy factory); a game
without an entry gets random event-shaped objects.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from games import registry
from games.base import Game, OptionInfo
from games.cards import CARDS, SYMBOLS
from games.players import MAX_NAME
from games.tablefile import FORMAT

SLUGS = sorted(registry.GAMES)
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
        out = [name if isinstance(name, str) and name else "Ana" for name in players]
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


def _rk_removed(players: list[str]) -> Strategy[JSON]:
    from games.rickety_kate.deck import DEFAULT_REMOVED

    usual = list(DEFAULT_REMOVED.get(len(players), ()))
    others = [[], ["2S"], ["2C", "2S"], ["2C", "2D", "2H", "2S"], ["2c", "2♠"], ["2C", "2D", "2S"], ["2H"]]
    return st.one_of(st.just(usual), st.just(usual), st.just([c.lower() for c in usual]), st.sampled_from(others))


# slug -> option name -> (players -> strategy of plausible values), where option_info() alone is not enough.
PLAUSIBLE_OPTIONS: dict[str, dict[str, Callable[[list[str]], Strategy[JSON]]]] = {
    "rickety-kate": {
        "end_score": lambda _players: st.sampled_from([1, 10, 13, 26, 30, 50]) | st.integers(1, 60) | st.just(100),
        "removed": _rk_removed,
        "double_deck": lambda players: st.just(True) if len(players) > 6 else st.booleans(),
    },
}


def _plausible_value(slug: str, info: OptionInfo, players: list[str]) -> Strategy[JSON] | None:
    special = PLAUSIBLE_OPTIONS.get(slug, {})
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
def options_for(draw: st.DrawFn, slug: str, players: list[str]) -> dict[str, JSON]:
    """A few of the game's options, each with a plausible value."""
    game = registry.GAMES[slug]
    values = {}
    for info in game.option_info():
        value = _plausible_value(slug, info, players)
        if value is not None:
            values[info.name] = value
    if not values:
        return {}
    chosen = draw(st.lists(st.sampled_from(sorted(values)), max_size=3, unique=True))
    chosen += [name for name in PLAUSIBLE_OPTIONS.get(slug, {}) if name not in chosen and draw(st.booleans())]
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
def bad_options(draw: st.DrawFn, slug: str, options: dict[str, JSON]) -> JSON:
    """Options with an unknown key, a value of the wrong kind, or not an object at all."""
    game = registry.GAMES[slug]
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


# rickety-kate ---------------------------------------------------------------------------------------------


def _rk_deck(players: list[str], options: dict[str, JSON]) -> tuple[list[str], int, int, list[str], str]:
    """The cards, hearts and ladies in play, the bonus cards and the moon rule, from the engine's own deck (or
    a full deck when the options cannot be read: the events are only meant to be plausible)."""
    from games.rickety_kate.deck import deck_for
    from games.rickety_kate.options import read_options

    try:
        opts = read_options(options, players)
        deck = deck_for(opts, len(players), len(players))
    except Exception:  # strategies only guess; the tests judge
        return CARD_TEXTS, 13, 1, [], "old"
    cards = [str(c) for c in sorted(deck.counts.elements())]
    return cards, deck.hearts, deck.ladies, [str(c) for c in opts.bonus_cards], opts.moon


def _one_or_list(names: list[JSON]) -> JSON:
    return names[0] if len(names) == 1 else names


@st.composite
def rk_random_event(draw: st.DrawFn, players: list[str]) -> dict[str, JSON]:
    """A hand, trick, deal, pass or penalty event in the right shape, with values that are often wrong."""
    kind = draw(
        st.sampled_from(["hand", "hand", "trick", "trick", "deal", "deal", "pass", "penalty", "penalty", "Hand"])
    )
    name = names_from(players)
    event: dict[str, JSON] = {"type": kind}
    fields: list[str] = []
    if kind in ("hand", "Hand"):  # "Hand" is no event type
        event["hearts"] = draw(st.dictionaries(string_names_from(players), counts(), max_size=len(players) + 1))
        event["lady"] = draw(name | st.lists(name, max_size=3))
        fields = ["hearts", "lady"]
        if draw(st.booleans()):
            event["bonus"] = draw(st.dictionaries(card_texts().filter(lambda c: isinstance(c, str)), name, max_size=2))
            fields.append("bonus")
        if draw(st.booleans()):
            event["moon"] = draw(st.sampled_from(["add", "subtract", "old", "ADD", None, 1]))
            fields.append("moon")
    elif kind == "trick":
        n = len(players)
        event["leader"] = draw(name)
        event["cards"] = draw(st.lists(card_texts(), min_size=max(0, n - 1), max_size=n + 1))
        fields = ["leader", "cards"]
        if draw(st.integers(0, 4)) == 0:
            event["moon"] = draw(st.sampled_from(["add", "subtract", "none", None]))
            fields.append("moon")
    elif kind == "deal":
        event["dealer"] = draw(name)
        fields = ["dealer"]
    elif kind == "pass":
        event["cards"] = draw(
            st.dictionaries(string_names_from(players), st.lists(card_texts(), max_size=4), max_size=len(players))
            | json_values
        )
        fields = ["cards"]
    else:  # penalty
        event["player"] = draw(name)
        fields = ["player"]
        if draw(st.booleans()):
            event["points"] = draw(counts() | st.integers(-200, 200))
            fields.append("points")
        if draw(st.booleans()):
            event["reason"] = draw(st.sampled_from(["revoke", "late", "", "REVOKE", 5, None]))
            fields.append("reason")
    return draw(shuffle_event(event, fields))


@st.composite
def rk_whole_hand(draw: st.DrawFn, players: list[str], options: dict[str, JSON]) -> list[dict[str, JSON]]:
    """A hand event that adds up (hearts in play, every lady, every bonus card): often accepted."""
    _cards, hearts_in_play, ladies, bonus_cards, moon_rule = _rk_deck(players, options)
    total = draw(st.sampled_from([hearts_in_play] * 6 + [13, 12, 26, 24]))
    takers = draw(st.lists(st.sampled_from(players), min_size=1, max_size=len(players), unique=True))
    event: dict[str, JSON] = {"type": "hand"}
    if draw(st.integers(0, 3)) == 0:  # a moon shot
        shooter = takers[0]
        event["hearts"] = {shooter: total}
        event["lady"] = _one_or_list([shooter] * ladies)
        choice = draw(st.sampled_from(["add", "subtract"] * 3 + [None] if moon_rule == "new" else [None] * 8 + ["add"]))
        if choice:
            event["moon"] = choice
    else:
        cuts = sorted(draw(st.lists(st.integers(0, total), min_size=len(takers) - 1, max_size=len(takers) - 1)))
        shares = [b - a for a, b in zip([0, *cuts], [*cuts, total], strict=True)]
        event["hearts"] = {p: n for p, n in zip(takers, shares, strict=True) if n or draw(st.booleans())}
        event["lady"] = _one_or_list([draw(st.sampled_from(takers)) for _ in range(ladies)])
    if bonus_cards:
        event["bonus"] = {
            card: _one_or_list([draw(st.sampled_from(players)) for _ in range(ladies)]) for card in bonus_cards
        }
    return [event]


@st.composite
def rk_trick_hand(draw: st.DrawFn, players: list[str], options: dict[str, JSON]) -> list[dict[str, JSON]]:
    """A hand recorded trick by trick from a shuffled deck (the engine scores it; the referee judges it),
    sometimes cut short, sometimes after a deal and a pass."""
    cards, _hearts, _ladies, _bonus, moon_rule = _rk_deck(players, options)
    n = len(players)
    shuffled = draw(st.permutations(cards))
    tricks = [shuffled[i : i + n] for i in range(0, len(shuffled) - len(shuffled) % n, n)]
    keep = draw(st.sampled_from([len(tricks)] * 3 + [0, 1, max(0, len(tricks) - 1)]))
    events: list[dict[str, JSON]] = []
    if draw(st.booleans()):
        events.append({"type": "deal", "dealer": draw(st.sampled_from(players))})
    if draw(st.booleans()):
        events.append(
            {"type": "pass", "cards": {p: draw(st.lists(st.sampled_from(cards), max_size=3)) for p in players}}
        )
    for trick in tricks[:keep]:
        events.append({"type": "trick", "leader": draw(st.sampled_from(players)), "cards": list(trick)})
    if events and keep == len(tricks) and draw(st.integers(0, 10 if moon_rule == "new" else 20)) == 0:
        events[-1]["moon"] = draw(st.sampled_from(["add", "subtract"]))
    return events


def rk_events(players: list[str], options: dict[str, JSON]) -> Strategy[list[dict[str, JSON]]]:
    hand = rk_whole_hand(players, options)
    good = st.one_of(hand, hand, hand, rk_trick_hand(players, options))
    bad = rk_random_event(players).map(lambda e: [e])
    parts = st.lists(good, min_size=1, max_size=8) | st.lists(st.one_of(good, good, bad), max_size=8)
    return parts.map(lambda parts: [e for part in parts for e in part])


# slug -> (players, options) -> strategy of event lists that look like that game's events.
PLAUSIBLE_EVENTS: dict[str, Callable[[list[str], dict[str, JSON]], Strategy[list[JSON]]]] = {
    "rickety-kate": rk_events,
}


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


def events_for(slug: str, players: list[str], options: dict[str, JSON]) -> Strategy[list[JSON]]:
    plausible = PLAUSIBLE_EVENTS.get(slug)
    if plausible is None:
        return random_events(players, options)
    own = plausible(players, options)
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
def plausible_files(draw: st.DrawFn, slug: str | None = None) -> dict[str, JSON]:
    """A file in the right shape with the game's own events, often readable, sometimes not."""
    slug = slug or draw(st.sampled_from(SLUGS))
    game = registry.GAMES[slug]
    players = draw(st.one_of(good_players_for(game), good_players_for(game), players_for(game)))
    options = draw(options_for(slug, players))
    events = draw(events_for(slug, players, options))
    data: dict[str, JSON] = {"format": FORMAT, "game": slug, "players": players}
    if options or draw(st.booleans()):
        data["options"] = options
    data["events"] = events
    data.update(draw(meta_fields()))
    if draw(st.integers(0, 4)) == 0:
        undone = draw(events_for(slug, players, options))[:2]
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


@st.composite
def malformed_files(draw: st.DrawFn, mutations: tuple[str, ...] = MUTATIONS) -> JSON:
    """A plausible file with one to three things broken: format, game, players, options, events, meta."""
    data = draw(plausible_files())
    slug = data["game"]
    game = registry.GAMES[slug]
    for mutation in draw(st.lists(st.sampled_from(mutations), min_size=1, max_size=3)):
        if mutation == "format":
            data["format"] = draw(
                st.sampled_from(["kibitz/2", "Kibitz/1", "kibitz/1 ", "kibitz", "", None, 1, ["kibitz/1"]])
                | json_values
            )
        elif mutation == "game":
            data["game"] = draw(
                st.sampled_from(["skat", slug.upper(), slug.replace("-", "_"), "", None, 7, [slug], {slug: 1}])
                | texts(20).filter(lambda s: s not in registry.GAMES)
            )
        elif mutation == "players":
            data["players"] = draw(bad_players(game, data["players"]))
        elif mutation == "options":
            options = data.get("options")
            data["options"] = draw(bad_options(slug, options if isinstance(options, dict) else {}))
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
            key = draw(st.sampled_from(["format", "game", "players", "options", "events"]))
            data.pop(key, None)
        else:
            data.setdefault("events", [])
            if isinstance(data["events"], list):
                data["events"].insert(draw(st.integers(0, len(data["events"]))), draw(json_values))
    return data


# -- numbers out of range: each place a Rickety Kate file carries a number, just and far beyond its bounds ------


def outside(low: int, high: int) -> Strategy[int]:
    """Whole numbers below `low` or above `high`: next to the bounds, anywhere, and as long as json reads."""
    return st.one_of(
        st.sampled_from([low - 1, high + 1, -LONGEST_JSON_INT, LONGEST_JSON_INT]),
        st.integers(max_value=low - 1),
        st.integers(min_value=high + 1),
    )


@st.composite
def rk_out_of_range_files(draw: st.DrawFn) -> dict[str, JSON]:
    """A plausible Rickety Kate file with one number outside what the game can mean (docs/format-extensions.md,
    Limits): end_score, revoke_points, a penalty's points, a hearts count or a retracted event's `after`."""
    from games.rickety_kate.events import MAX_HEARTS, PENALTY_POINTS
    from games.rickety_kate.options import NUMBER_RANGES

    data = draw(plausible_files("rickety-kate"))
    events: list[JSON] = data["events"]
    who = data["players"][0]
    place = draw(st.sampled_from(["end_score", "revoke_points", "penalty", "hearts", "after"]))
    if place in NUMBER_RANGES:
        data["options"] = {**data.get("options", {}), place: draw(outside(*NUMBER_RANGES[place]))}
    elif place == "penalty":
        event = {"type": "penalty", "player": who, "points": draw(outside(*PENALTY_POINTS)), "reason": "late"}
        events.insert(draw(st.integers(0, len(events))), event)
    elif place == "hearts":
        event = {"type": "hand", "hearts": {who: draw(outside(0, MAX_HEARTS))}, "lady": who}
        events.insert(draw(st.integers(0, len(events))), event)
    else:
        after = draw(outside(0, len(events)))
        data["retracted"] = [{"after": after, "event": {"type": "deal", "dealer": who}}]
    return data


# -- golden files, shaken: deep states (playoffs, moons, finished games) with one thing changed -----------------

CASES = Path(__file__).resolve().parent.parent / "cases"


def _golden() -> list[dict[str, JSON]]:
    files = []
    for path in sorted(CASES.glob("*.json")):
        if path.name.endswith((".score.json", ".referee.json")):
            continue
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except ValueError:
            continue
        if isinstance(data, dict) and data.get("game") in registry.GAMES and isinstance(data.get("events"), list):
            files.append(data)
    return files


GOLDEN = _golden()


@st.composite
def golden_mutants(draw: st.DrawFn, slug: str | None = None) -> dict[str, JSON]:
    """A golden table file cut short, or with an event dropped, doubled, moved, changed or added."""
    data = copy.deepcopy(draw(st.sampled_from([g for g in GOLDEN if slug in (None, g["game"])])))
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
            new = draw(events_for(data["game"], players, options))
            events[i:i] = new[:2]
    if draw(st.booleans()):
        data.update(draw(meta_fields()))
    return data


def table_files() -> Strategy[JSON]:
    """Everything at once, mostly files in the right shape: random JSON, malformed files, plausible files and
    shaken golden files."""
    plausible, golden = plausible_files(), golden_mutants()
    return st.one_of(json_values, malformed_files(), plausible, plausible, golden, golden, golden)
