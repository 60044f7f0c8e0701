"""White Hat events (FORMAT.md "white-hat"): typed, immutable, checked for shape (names come later)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from operator import itemgetter
from types import MappingProxyType
from typing import Any, NamedTuple, TypeVar

from games.base import gettext_noop, shown, whole_number_in
from games.cards import CardError
from games.events import EventFormat, player_name
from games.replay import refusal
from games.text import T, Text
from games.white_hat.box import CROWDED, ROOM, SIGNS, copies, tally_of
from games.white_hat.notation import WHITE_HAT_CARDS, WhiteHatCard, WhiteHatNotation

NOTATION = WhiteHatNotation()
V = TypeVar("V")
MAX_SET = 12  # six of a number, five jokers and the hat: no play can hold more
MAX_HAND_POINTS = 1000  # a hand's pursuit points typed as a sum
FIELD_POINTS = (-99, 99)  # a field's value, as a round_end or a field event gives it
MAX_FIELD_INDEX = 10_000


# What a named tuple's generated __new__ makes, without its Python call, and read once rather than as an attribute
# of tuple on every event: most events of a file are tricks and moves.
_made = tuple.__new__


class RoundStart(NamedTuple):
    dealer: str | None
    hat: str | None


class Play(NamedTuple):
    """One player's cards in a trick (a named tuple: a trick file holds thousands, and these are made fast), with
    what every replay asks of it worked out once, when it is read (play_of): a replay unpacks it in one step."""

    player: str
    cards: tuple[WhiteHatCard, ...]
    size: int  # len(cards)
    number: int  # the set's number (wilds take it); 0 when only wilds; UNEQUAL when its numbers differ
    hat: bool  # the White Hat is among the cards
    tally: int  # how many of each card (box.tally_of)


UNEQUAL = -1
HAT = WHITE_HAT_CARDS["hat"]
HAT_RANK = HAT.rank


def play_of(player: str, cards: tuple[WhiteHatCard, ...]) -> Play:
    """A play with what every trick asks of it worked out once, when the event is read."""
    number = 0
    for card in cards:
        rank = card.rank
        if rank <= 13:
            if number and rank != number:
                number = UNEQUAL
                break
            number = rank
    return Play(player, cards, len(cards), number, any(c.rank == HAT_RANK for c in cards), tally_of(cards))


class Trick(NamedTuple):
    """A trick's plays in the order played. White Hat's events are named tuples, as Play is: most events of a file
    are tricks and moves, and a named tuple is made several times faster than a frozen dataclass."""

    plays: tuple[Play, ...]
    taken: tuple[WhiteHatCard, ...] | None
    hat: bool  # the White Hat lies in the trick
    tally: int  # how many of each card lie in it (box.tally_of): the box checks of the reading and the replay

    @property
    def leader(self) -> str:
        return self.plays[0].player


class Move(NamedTuple):
    player: str
    owner: str
    pawn: int  # 1 or 2
    to: int


class FieldChange(NamedTuple):
    player: str
    field: int
    value: int


class RoundEnd(NamedTuple):
    hands: Mapping[str, tuple[WhiteHatCard, ...] | int]
    fields: Mapping[str, tuple[int, int]] | None
    final: bool


Event = RoundStart | Trick | Move | FieldChange | RoundEnd


def cards_of(value: Any, what: str | Text | Callable[[], Text]) -> tuple[WhiteHatCard, ...]:
    """A list of White Hat cards ("7", "joker", "hat"; a number may be written as one). `what` names the list
    in an error (a function giving the words, so that a good list costs no words)."""
    if not isinstance(value, list):
        raise refusal(T("%(what)s must be a list of cards", what=_words(what)))
    try:  # the canonical texts files and forms carry, each looked up in C (itemgetter makes a tuple of two or more)
        cards = (
            itemgetter(*value)(WHITE_HAT_CARDS) if len(value) > 1 else tuple(map(WHITE_HAT_CARDS.__getitem__, value))
        )
        hats = value.count("hat")  # texts compare in C; cards compare through their class's Python ordering
    except (KeyError, TypeError):
        try:
            cards = tuple(NOTATION.parse(str(v) if type(v) is int else v) for v in value)
        except CardError as exc:
            raise refusal(T("%(what)s: %(why)s", what=_words(what), why=exc.text)) from None
        hats = cards.count(HAT)
    if hats > 1:
        raise refusal(T("%(what)s: there is only one White Hat", what=_words(what)))
    if len(cards) > 5:  # fewer cannot hold six of anything
        _within_the_box(cards, what)
    return cards


def _within_the_box(cards: Sequence[WhiteHatCard], what: str | Text | Callable[[], Text]) -> None:
    """No more copies of a card than the box holds (six of a number, five jokers): a count that cannot be. The hat
    (one) is the callers' to count: each refuses a second one before."""
    if len(cards) <= 5:  # too few to hold six of anything (cards_of tells it before the call)
        return
    # Six of one card leave at most len - 5 distinct ones: with more, every card is within its copies (the hat,
    # which has one, counted before). Told in C, without counting (nor comparing cards, a Python call each): a
    # trick file reads thousands of these, and a hat trick's `taken` as many.
    if len(set(cards)) > len(cards) - 5:
        return
    for card, n in Counter(cards).items():
        if n > NOTATION.copies(card):
            raise refusal(
                T(
                    "%(what)s: %(n)d copies of %(card)s, but the box holds only %(copies)d",
                    what=_words(what),
                    n=n,
                    card=NOTATION.format(card),
                    copies=NOTATION.copies(card),
                )
            )


def _words(what: str | Text | Callable[[], Text]) -> str | Text:
    return what() if callable(what) else what


# The same few plays come again and again (Ana's single 7, Ben's pair of 9s): each is read once per process, and
# the same Play comes back, found by its player's name and then its cards' texts (two lookups of small keys cost
# less than one of a pair; a single card by its text alone, no tuple made), with its tally beside it (unpacked with
# it: reading a named tuple's field by name calls a descriptor). Bounded, so that no file can make it grow without
# end.
_PLAYS: dict[str, dict[str | tuple[str, ...], tuple[Play, int]]] = {}
_PLAYERS_MAX = 64  # names kept (and 1,024 plays a name: _keep)


def _play(player: str, value: Any) -> tuple[Play, int]:
    """A play read for the first time, and its tally: its cards checked, and kept for the next time if they are text
    (1 == True)."""
    cards = cards_of(value, lambda: T("the cards of %(name)s", name=player))
    if not 1 <= len(cards) <= MAX_SET:
        raise refusal(T("%(name)s plays %(n)d cards; a play is 1 to %(max)d", name=player, n=len(cards), max=MAX_SET))
    made = play_of(player, cards)
    read = made, made.tally
    if type(player) is str and type(value) is list and all(type(v) is str for v in value):
        known = _PLAYS.get(player)
        if known is None:
            known = _keep(_PLAYS, player, {}, _PLAYERS_MAX)
        _keep(known, value[0] if len(value) == 1 else tuple(value), read)
    return read


def _keep(memo: dict[Any, V], key: Any, value: V, most: int = 1024) -> V:
    """`value`, kept in `memo` under `key` for the next event that writes the same; cleared when it holds `most`, so
    that no file can make it grow without end."""
    if len(memo) >= most:
        memo.clear()
    memo[key] = value
    return value


# A round's dealer and hat holder as written, and a pawn's text ("Ben:2"), each read once per process (only what
# reads without a word is kept): a file names the same few again and again.
_ROUNDS: dict[tuple[Any, Any], RoundStart] = {}
_PAWNS: dict[str, tuple[str, int]] = {}


def _round(raw: dict[str, Any]) -> RoundStart:
    key = raw.get("dealer"), raw.get("hat")
    try:
        return _ROUNDS[key]
    except (KeyError, TypeError):  # read for the first time, or not names (a list would not hash)
        pass
    # Each name checked in one step when it is one; player_name says what is wrong.
    dealer, hat = key
    if dealer is not None and (type(dealer) is not str or not dealer):
        dealer = player_name(dealer, "dealer")
    if hat is not None and (type(hat) is not str or not hat):
        hat = player_name(hat, "hat")
    return _keep(_ROUNDS, key, _made(RoundStart, (dealer, hat)))


def _trick(raw: dict[str, Any]) -> Trick:
    plays_raw = raw["plays"]
    if not isinstance(plays_raw, list) or not plays_raw:
        raise refusal(T('plays must list each play, like [{"player": "Ana", "cards": ["7"]}]'))
    # The hot path of reading a file: each step below is the cheapest that says the same (measured; a Python
    # call costs as much as a lookup of a play, and map() over a few items more than a loop).
    plays = []
    tally = 0
    for item in plays_raw:
        try:  # a play read before: its player and cards were checked then (only text is kept)
            cards = item["cards"]
            play, play_tally = _PLAYS[item["player"]][cards[0] if len(cards) == 1 else tuple(cards)]
        except (KeyError, TypeError):  # read for the first time, or no play at all
            play, play_tally = _read_play(item)
        else:
            if type(cards) is not list or len(item) != 2:  # "77" is ("7", "7"); a play has no other field
                play, play_tally = _read_play(item)
        plays.append(play)
        tally += play_tally
    # box.within_box(tally), told without a call: every card within its copies.
    if tally & CROWDED and (ROOM - tally) & SIGNS != SIGNS:
        if copies(tally, HAT) > 1:
            raise refusal(T("the White Hat is played twice in one trick, but there is only one"))
        _within_the_box([c for p in plays for c in p.cards], _the_trick)  # which card, in words
    taken = cards_of(raw["taken"], "taken") if "taken" in raw else None
    # Within the box, the hat's field, the tally's highest, is 0 or 1.
    return _made(Trick, (tuple(plays), taken, tally >= HAT_TALLY, tally))


def _read_play(item: Any) -> tuple[Play, int]:
    """A play read for the first time (and kept, _play) and its tally, or the reason it is none. A play is whatever
    gives a player and cards and holds nothing else, as a JSON object does (what _trick tells of a play read
    before)."""
    try:
        player, value = item["player"], item["cards"]
        size = len(item)
    except (KeyError, TypeError):  # not an object, or one without them
        raise refusal(_NOT_A_PLAY) from None
    if size != 2:
        raise refusal(_NOT_A_PLAY)
    if type(player) is not str or not player:
        player = player_name(player, "player")  # says what is wrong
    return _play(player, value)


HAT_TALLY = tally_of([HAT])
_NOT_A_PLAY = T('each play must be {"player": ..., "cards": [...]}')


def _the_trick() -> Text:
    return T("the trick")


def _move(raw: dict[str, Any]) -> Move:
    player = raw["player"]
    if type(player) is not str or not player:
        player = player_name(player, "player")  # says what is wrong
    pawn = raw["pawn"]
    try:
        owner, number = _PAWNS[pawn]
    except (KeyError, TypeError):  # read for the first time, or no text (a list would not hash)
        owner, number = _pawn(pawn)
    to = raw["to"]
    if type(to) is not int or not 0 <= to <= MAX_FIELD_INDEX:  # whole_number_in(to, 0, MAX_FIELD_INDEX), inline
        raise refusal(T("to must be a field's index, not %(value)s", value=shown(to)))
    return _made(Move, (player, owner, number, to))


def _pawn(pawn: Any) -> tuple[str, int]:
    """A pawn's owner and number from its text ("Ben:2"), or the reason it is none."""
    owner, _sep, number = pawn.rpartition(":") if isinstance(pawn, str) else ("", "", "")
    if not owner or number not in ("1", "2"):
        raise refusal(T('pawn must be its owner and 1 or 2, like "Ben:2", not %(value)s', value=shown(pawn)))
    return _keep(_PAWNS, pawn, (owner, 1 if number == "1" else 2))


def _field_change(raw: dict[str, Any]) -> FieldChange:
    player = player_name(raw["player"], "player")
    index, value = raw["field"], raw["value"]
    if not whole_number_in(index, 0, MAX_FIELD_INDEX):
        raise refusal(T("field must be a field's index, not %(value)s", value=shown(index)))
    low, high = FIELD_POINTS
    if not whole_number_in(value, low, high):
        raise refusal(
            T("value must be from %(low)d to %(high)d, not %(value)s", low=low, high=high, value=shown(value))
        )
    return FieldChange(player, index, value)


def _round_end(raw: dict[str, Any]) -> RoundEnd:
    hands_raw = raw["hands"]
    if not isinstance(hands_raw, dict):
        raise refusal(T('hands must map players to their cards or points, like {"Ana": ["13", "joker"], "Ben": 7}'))
    hands: dict[str, tuple[WhiteHatCard, ...] | int] = {}
    for player, hand in hands_raw.items():
        if type(hand) is int and 0 <= hand <= MAX_HAND_POINTS:  # whole_number_in, told inline: the usual hand
            hands[player] = hand
        elif isinstance(hand, list):
            hands[player] = cards_of(hand, partial(_hand_of, player))
        else:
            raise refusal(
                T(
                    "the hand of %(name)s must be a list of cards or its points from 0 to %(max)d, not %(value)s",
                    name=shown(player),
                    max=MAX_HAND_POINTS,
                    value=shown(hand),
                )
            )
    fields = None
    if raw.get("fields") is not None:
        fields = _fields(raw["fields"])
    final = raw.get("final", False)
    if not isinstance(final, bool):
        raise refusal(T("final must be true or false, not %(value)s", value=shown(final)))
    return _made(RoundEnd, (MappingProxyType(hands), fields, final))


def _hand_of(player: object) -> Text:
    return T("the hand of %(name)s", name=shown(player))


def _fields(raw: Any) -> Mapping[str, tuple[int, int]]:
    if not isinstance(raw, dict):
        raise refusal(T('fields must map players to the values under their two pawns, like {"Ana": [2, -1]}'))
    low, high = FIELD_POINTS
    out = {}
    for player, values in raw.items():
        if not (isinstance(values, list) and len(values) == 2 and all(whole_number_in(v, low, high) for v in values)):
            raise refusal(
                T(
                    "fields of %(name)s must be two values from %(low)d to %(high)d, not %(value)s",
                    name=shown(player),
                    low=low,
                    high=high,
                    value=shown(values),
                )
            )
        out[player] = (values[0], values[1])
    return MappingProxyType(out)


_EVENTS: EventFormat[Event] = EventFormat(
    gettext_noop('an event must be an object like {"type": "trick", ...}'),
    gettext_noop("unknown event type %(type)s (White Hat knows %(known)s)"),
    {
        "round": (_round, (), {"dealer", "hat"}),
        "trick": (_trick, {"plays"}, {"taken"}),
        "move": (_move, {"player", "pawn", "to"}, ()),
        "field": (_field_change, {"player", "field", "value"}, ()),
        "round_end": (_round_end, {"hands"}, {"fields", "final"}),
    },
)
parse_event = _EVENTS.parse
