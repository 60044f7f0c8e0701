"""Hats replay: fold the events into an immutable State (the tea table, collections, black hats, favourites,
the cookie, whose turn it is) and note the illegal plays on the way; the referee reads them off the state."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from games.base import Flag, InvalidEvent, shown
from games.cards import CardError
from games.hats.events import BlackHat, Event, Exchange, Favourite, Final, PartnerSwap, Redraw, Setup
from games.hats.notation import HatsCard
from games.hats.options import Rules
from games.players import left_of
from games.replay import fold
from games.text import TN, T, Text, join

TURNS_EACH = 8


def black_hats_beside(face_up: int) -> int:
    """A player's black hats at the end, from their face-up cards: each plays eight cards in a game, and those not
    face up went face down; 0 when more than eight are face up (a `final` with them is refused by name)."""
    return max(0, TURNS_EACH - face_up)


# Rule ids (FORMAT.md "hats"): each is an anchor of the rules page.
EXCHANGE = "hats.exchange"
TURN_ORDER = "hats.turn-order"
OPTIONAL_ACTION = "hats.optional-action"
TURN_COUNT = "hats.turn-count"
RULES: tuple[str, ...] = (EXCHANGE, TURN_ORDER, OPTIONAL_ACTION, TURN_COUNT)


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    rules: Rules
    table: tuple[HatsCard, ...] | None = None  # position 1 first; None before the setup
    first: str | None = None  # who makes the first turn (the setup's `first`)
    collections: Mapping[str, tuple[HatsCard, ...]] = field(default_factory=dict)  # face-up cards
    black_hats: Mapping[str, int] = field(default_factory=dict)
    favourites: Mapping[str, HatsCard] = field(default_factory=dict)
    turns: Mapping[str, int] = field(default_factory=dict)  # turns made, flagged ones too
    last_actor: str | None = None  # who made the latest turn
    last_had_optional: bool = False  # the latest turn already has its optional action
    early_optional: str | None = None  # who took an optional action before the turn that comes next
    cookie: str | None = None
    quick: bool = False  # the end state was entered at once (`final`)
    over: bool = False
    flags: tuple[tuple[int, str, str, Text], ...] = ()  # (event, player, rule, message): review() makes Flags
    types_seen: frozenset[str] = frozenset()  # two players: at most five types may appear
    events: int = 0  # events folded in
    last_event: int | None = None  # index of the latest turn or entry that changed the table, for the panel

    def distinct(self, player: str) -> int:
        """The player's distinct types: those of the face-up collection, plus one for any black hats."""
        return len({c.type for c in self.collections.get(player, ())}) + (1 if self.black_hats.get(player) else 0)

    @property
    def next_player(self) -> str:
        """Whose turn it is by the order: `first`, then the left neighbour of whoever made the latest turn."""
        if self.last_actor is None:
            return self.first or self.players[0]
        return left_of(self.players, self.last_actor)

    @property
    def turns_done(self) -> bool:
        return all(self.turns.get(p, 0) >= TURNS_EACH for p in self.players)

    def review(self) -> list[Flag]:
        return [Flag(*flag) for flag in self.flags]

    def partner(self, player: str) -> str | None:
        return left_of(self.players, player, 2) if self.rules.teams else None


def replay(players: Sequence[str], rules: Rules, events: Sequence[Event]) -> State:
    return resume(State(tuple(players), rules), events, 0)


def resume(state: State, events: Sequence[Event], start: int) -> State:
    """The state after `events` more, the first of them at index `start` of the table's events."""
    return fold(_Replay(state), events, start)


class _Replay:
    """The state being folded, mutable for speed; `freeze()` gives the immutable State."""

    def __init__(self, s: State) -> None:
        self.players = s.players
        self.rules = s.rules
        self.table = list(s.table) if s.table is not None else None
        self.first = s.first
        self.collections = {p: list(s.collections.get(p, ())) for p in s.players}
        self.kinds = {p: {c.type for c in self.collections[p]} for p in s.players}
        self.black_hats = {p: s.black_hats.get(p, 0) for p in s.players}
        self.favourites = dict(s.favourites)
        self.turns = {p: s.turns.get(p, 0) for p in s.players}
        self.last_actor = s.last_actor
        self.last_had_optional = s.last_had_optional
        self.early_optional = s.early_optional
        self.cookie = s.cookie
        self.quick = s.quick
        self.over = s.over
        self.flags = list(s.flags)
        self.types_seen = set(s.types_seen)
        self.events = s.events
        self.last_event = s.last_event
        self.cache: dict[str, HatsCard] = {}
        self.left = {p: left_of(s.players, p) for p in s.players}

    def state(self) -> State:
        return State(
            players=self.players,
            rules=self.rules,
            table=tuple(self.table) if self.table is not None else None,
            first=self.first,
            collections=MappingProxyType({p: tuple(c) for p, c in self.collections.items()}),
            black_hats=MappingProxyType(dict(self.black_hats)),
            favourites=MappingProxyType(dict(self.favourites)),
            turns=MappingProxyType(dict(self.turns)),
            last_actor=self.last_actor,
            last_had_optional=self.last_had_optional,
            early_optional=self.early_optional,
            cookie=self.cookie,
            quick=self.quick,
            over=self.over,
            flags=tuple(self.flags),
            types_seen=frozenset(self.types_seen),
            events=self.events,
            last_event=self.last_event,
        )

    # -- reading ------------------------------------------------------------------------------------------

    def card(self, index: int, text: str, what: str | Text) -> HatsCard:
        card = self.cache.get(text)
        if card is None:
            try:
                card = self.rules.notation.parse(text)
            except CardError as exc:
                raise InvalidEvent(index, T("%(what)s: %(why)s", what=what, why=exc.text)) from None
            self.cache[text] = card
        if card.type not in self.types_seen:
            limit = self.rules.type_limit
            if limit is not None and len(self.types_seen) >= limit:
                raise InvalidEvent(
                    index,
                    T(
                        "%(what)s: with two players only %(n)d types are in play, and %(card)s would be a sixth "
                        "besides %(types)s (set the option types to the five you play with)",
                        what=what,
                        n=limit,
                        card=str(card),
                        types=join(sorted(self.types_seen)),
                    ),
                )
            self.types_seen.add(card.type)
        return card

    def player(self, index: int, name: str, what: str) -> str:
        if name not in self.players:
            raise InvalidEvent(index, T("%(what)s: %(name)s is not at this table", what=what, name=shown(name)))
        return name

    def next_player(self) -> str:
        if self.last_actor is None:
            return self.first or self.players[0]
        return self.left[self.last_actor]

    def distinct(self, player: str) -> int:
        return len(self.kinds[player]) + (1 if self.black_hats[player] else 0)

    def flag(self, index: int, player: str, rule: str, message: Text) -> None:
        self.flags.append((index, player, rule, message))  # a plain tuple: a long log may flag every turn

    # -- events ---------------------------------------------------------------------------------------------

    def apply(self, index: int, event: Event) -> None:
        if self.over:
            raise InvalidEvent(index, T("the game is over: nothing can be recorded after its end"))
        _STEPS[type(event)](self, index, event)
        self.events = index + 1

    def setup(self, index: int, event: Setup) -> None:
        if self.table is not None:
            raise InvalidEvent(index, T("the tea table is already laid out: a game has one setup"))
        if any(self.turns.values()) or self.last_actor is not None:
            raise InvalidEvent(index, T("the setup must come before the first turn"))
        self.table = self.table_cards(index, event.table, "setup")
        self.first = None if event.first is None else self.player(index, event.first, "first")
        self.last_event = index

    def table_cards(self, index: int, cards: Sequence[str], what: str) -> list[HatsCard]:
        n = self.rules.positions
        if len(cards) != n:
            raise InvalidEvent(
                index,
                T(
                    "%(what)s: the tea table has %(n)d positions, so it lists %(n)d cards, not %(m)d",
                    what=what,
                    n=n,
                    m=len(cards),
                ),
            )
        return [self.card(index, text, T("table position %(n)d", n=i)) for i, text in enumerate(cards, 1)]

    def exchange(self, index: int, event: Exchange) -> None:
        player = self.player(index, event.player, "player")
        if self.table is None:
            raise InvalidEvent(index, T("an exchange needs the tea table: record the setup first"))
        if event.position > len(self.table):
            raise InvalidEvent(
                index,
                T(
                    "position %(n)d is not on the tea table, which has positions 1 to %(max)d",
                    n=event.position,
                    max=len(self.table),
                ),
            )
        card = self.card(index, event.card, "card")
        taken = self.table[event.position - 1]
        self.turn(index, player)
        if card.type != taken.type and taken.value >= card.value:
            self.flag(
                index,
                player,
                EXCHANGE,
                T(
                    "%(name)s put %(card)s on position %(n)d and took %(taken)s: an exchange takes a card of the "
                    "same type or a lower one, and %(taken)s is neither",
                    name=player,
                    card=str(card),
                    n=event.position,
                    taken=str(taken),
                ),
            )
        self.table[event.position - 1] = card
        self.collections[player].append(taken)
        self.kinds[player].add(taken.type)
        self.pass_cookie(player)
        self.last_event = index

    def black_hat(self, index: int, event: BlackHat) -> None:
        player = self.player(index, event.player, "player")
        if event.card is not None:
            self.card(index, event.card, "card")
        self.turn(index, player)
        self.black_hats[player] += 1
        self.pass_cookie(player)
        self.last_event = index

    def turn(self, index: int, player: str) -> None:
        """A turn by `player`: flagged when it is someone else's or a ninth, and counted as theirs either way."""
        expected = self.next_player()
        if player != expected:
            self.flag(
                index,
                player,
                TURN_ORDER,
                T("%(name)s took a turn, but it was %(expected)s's turn", name=player, expected=expected),
            )
        self.turns[player] += 1
        if self.turns[player] > TURNS_EACH:
            self.flag(
                index,
                player,
                TURN_COUNT,
                T(
                    "%(name)s took a turn after their eighth: this is turn %(n)d, and each player has eight",
                    name=player,
                    n=self.turns[player],
                ),
            )
        self.last_had_optional = self.early_optional == player
        self.early_optional = None
        self.last_actor = player

    def optional(self, index: int, event: Redraw | PartnerSwap) -> None:
        player = self.player(index, event.player, "player")
        if isinstance(event, Redraw):
            self.card(index, event.discard, "discard")
            self.card(index, event.draw, "draw")
        else:
            if not self.rules.teams:
                raise InvalidEvent(
                    index,
                    T("a partner swap needs four players in two teams; this table has %(n)d", n=len(self.players)),
                )
            self.card(index, event.gave, "gave")
            self.card(index, event.got, "got")
        four = isinstance(event, Redraw) and self.rules.teams
        if player == self.last_actor:  # after the main action of the latest turn
            second = self.last_had_optional
            self.last_had_optional = True
        elif player == self.next_player():  # before the main action of the coming turn
            second = self.early_optional == player
            self.early_optional = player
        else:
            second = False
            self.flag(index, player, TURN_ORDER, self.not_yours(player))
        if four:
            self.flag(
                index,
                player,
                OPTIONAL_ACTION,
                T(
                    "%(name)s discarded and drew, but with four players the deck is dealt out: the optional "
                    "action is the swap with the partner",
                    name=player,
                ),
            )
        elif second:
            self.flag(
                index,
                player,
                OPTIONAL_ACTION,
                T("%(name)s took a second optional action in one turn: a turn allows one", name=player),
            )

    def not_yours(self, player: str) -> Text:
        """Why an optional action by `player` belongs to no turn: only the player who just moved, or the one
        whose turn comes next, may take one."""
        if self.last_actor is None:
            return T(
                "%(name)s took an optional action before the first turn, which is %(next)s's",
                name=player,
                next=self.next_player(),
            )
        return T(
            "%(name)s took an optional action between %(last)s's turn and %(next)s's: only they may take one",
            name=player,
            last=self.last_actor,
            next=self.next_player(),
        )

    def favourite(self, index: int, event: Favourite) -> None:
        player = self.player(index, event.player, "player")
        if player in self.favourites:
            raise InvalidEvent(index, T("%(name)s has already revealed a favourite", name=player))
        if self.turns[player] < TURNS_EACH:
            raise InvalidEvent(
                index,
                T(
                    "%(name)s has had %(n)d of eight turns: the favourite is the last card, revealed after the "
                    "eighth turn",
                    name=player,
                    n=self.turns[player],
                ),
            )
        self.favourites[player] = self.card(index, event.card, "card")
        self.over = len(self.favourites) == len(self.players) and all(n >= TURNS_EACH for n in self.turns.values())
        self.last_event = index

    def final(self, index: int, event: Final) -> None:
        """The whole end state at once (FORMAT.md): for a game never tracked, or after tracked turns (a table that
        stopped tracking), whose end state it replaces; the flags of those turns stay, and the game ends."""
        for what, names in (("collections", event.collections), ("black_hats", event.black_hats)):
            for name in names:
                self.player(index, name, what)
        for name in event.favourites:
            self.player(index, name, "favourites")
        missing = [p for p in self.players if p not in event.favourites]
        if missing:
            raise InvalidEvent(
                index, T("favourites: every player reveals one, and %(names)s has none", names=join(missing))
            )
        table = self.table_cards(index, event.table, "table")
        collections = {
            p: [self.card(index, text, T("%(name)s's collection", name=p)) for text in event.collections.get(p, ())]
            for p in self.players
        }
        black_hats = {p: event.black_hats.get(p, 0) for p in self.players}
        for p in self.players:
            played = len(collections[p]) + black_hats[p]
            if played != TURNS_EACH:
                raise InvalidEvent(
                    index,
                    T(
                        "%(name)s has %(cards)s and %(hats)s, %(n)d in all: each player plays eight cards in a game",
                        name=p,
                        cards=TN(
                            "%(n)d collected card", "%(n)d collected cards", len(collections[p]), n=len(collections[p])
                        ),
                        hats=TN("%(n)d black hat", "%(n)d black hats", black_hats[p], n=black_hats[p]),
                        n=played,
                    ),
                )
        favourites = {p: self.card(index, event.favourites[p], T("%(name)s's favourite", name=p)) for p in self.players}
        if event.cookie is not None:
            self.player(index, event.cookie, "cookie")
        self.table = table
        self.collections = collections
        self.kinds = {p: {c.type for c in cards} for p, cards in collections.items()}
        self.black_hats = black_hats
        self.favourites = favourites
        self.cookie = event.cookie if event.cookie_given else self.most_types()
        self.quick = True
        self.over = True
        self.last_event = index

    # -- the cookie -----------------------------------------------------------------------------------------

    def most_types(self) -> str | None:
        """The one player with strictly more distinct types than every other, or None."""
        counts = {p: self.distinct(p) for p in self.players}
        best = max(counts.values())
        leaders = [p for p, n in counts.items() if n == best]
        return leaders[0] if len(leaders) == 1 else None

    def pass_cookie(self, actor: str) -> None:
        """After a turn: nobody holds it -> the one player with strictly the most types; else it moves to the
        actor only when they now have strictly more types than its holder."""
        if self.cookie is None:
            self.cookie = self.most_types()
        elif actor != self.cookie and self.distinct(actor) > self.distinct(self.cookie):
            self.cookie = actor


_STEPS: dict[type, Callable[[_Replay, int, Any], None]] = {
    Exchange: _Replay.exchange,
    BlackHat: _Replay.black_hat,
    Redraw: _Replay.optional,
    PartnerSwap: _Replay.optional,
    Favourite: _Replay.favourite,
    Setup: _Replay.setup,
    Final: _Replay.final,
}
