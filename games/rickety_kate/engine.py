"""Rickety Kate replay: fold the events into an immutable State and score it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from types import MappingProxyType
from typing import NamedTuple

from games.base import InvalidOptions, shown
from games.cards import CARDS, Card
from games.phase import Phase, settle
from games.players import left_of
from games.replay import Replayer, refusal
from games.rickety_kate.deck import Deck, deck_for
from games.rickety_kate.events import Deal, Event, Hand, Pass, Penalty, Trick
from games.rickety_kate.options import Options
from games.text import TN, T, Text, join

BONUS_VALUE = -10


class TrickRecord(NamedTuple):
    """One trick as it was played (a named tuple: made for every trick of every replay, and these are made fast)."""

    event: int  # index in the table's event list
    number: int  # 1-based within the hand
    order: tuple[str, ...]  # who played, from the leader
    cards: tuple[Card, ...]
    winner: str | None  # None: every card of the led suit cancelled (double deck)

    @property
    def leader(self) -> str:
        return self.order[0]

    @property
    def plays(self) -> tuple[tuple[str, Card], ...]:
        return tuple(zip(self.order, self.cards, strict=True))


@dataclass(frozen=True)
class PassRecord:
    event: int
    cards: Mapping[str, tuple[Card, ...]]


class HandPlay(NamedTuple):
    """What happened at the table in one hand, before any scoring (a named tuple: made for every hand of every
    replay, and again with its tricks when it ends, several times faster than a frozen dataclass)."""

    number: int  # 1-based, counting playoff hands too
    dealer: str
    direction: str  # left, right, across or hold
    players: tuple[str, ...]  # who plays it: everyone, or the tied players in a playoff
    deck: Deck
    playoff: bool
    passes: PassRecord | None = None
    tricks: tuple[TrickRecord, ...] = ()
    penalties: tuple[Penalty, ...] = ()

    @property
    def complete(self) -> bool:
        return len(self.tricks) == self.deck.hand_size

    def with_tricks(self, tricks: tuple[TrickRecord, ...]) -> HandPlay:
        """self._replace(tricks=tricks), made without _replace's Python calls: once a hand in a replay."""
        number, dealer, direction, players, deck, playoff, passes, _, penalties = self
        return tuple.__new__(HandPlay, (number, dealer, direction, players, deck, playoff, passes, tricks, penalties))

    def played(self) -> Counter[Card]:
        return Counter(card for trick in self.tricks for card in trick.cards)

    def next_leader(self) -> str | None:
        """Who leads the next trick: the last trick's winner (its leader when it cancelled)."""
        if not self.tricks:
            return None
        last = self.tricks[-1]
        return last.winner or last.leader


class HandResult(NamedTuple):
    """One hand as it was scored (a named tuple: made for every hand of every replay)."""

    play: HandPlay
    hearts: Mapping[str, int]
    ladies: Mapping[str, int]
    bonus: Mapping[str, int]  # bonus cards taken
    shooter: str | None
    moon: str | None  # "add" or "subtract" when a moon counted
    points: Mapping[str, int]
    notes: tuple[Text, ...] = ()  # what the points are made of, in order

    @property
    def explain(self) -> str | Text:
        """The notes as one line ("" when there is nothing to explain)."""
        return join(self.notes, "; ") if self.notes else ""


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    options: Options
    hands: tuple[HandResult, ...]
    current: HandPlay | None
    phase: Phase
    next_dealer: str
    early_penalties: tuple[Penalty, ...] = ()
    totals: Mapping[str, int] = field(default_factory=dict)
    # What resume() needs beyond the above: who dealt last, and the phase and totals before the last hand
    # (a penalty between hands scores that hand again).
    last_dealer: str | None = None
    prior: tuple[Phase, Mapping[str, int]] | None = None

    @property
    def next_players(self) -> tuple[str, ...]:
        """Who plays the next (or current) hand."""
        return self.phase.players if self.phase.kind == "tie" else self.players


class _Replay(Replayer[Options, State]):
    """The mutable fold behind replay(); only State leaves this module's functions."""

    def __init__(self, players: tuple[str, ...], options: Options) -> None:
        super().__init__(players, options)
        self.hands: list[HandResult] = []
        self.phases: list[Phase] = [Phase("play")]
        self.totals: list[dict[str, int]] = [dict.fromkeys(players, 0)]
        # The hand in progress: its fixed parts, and its tricks kept in a list while they come in.
        self.hand: HandPlay | None = None
        self.tricks: list[TrickRecord] = []
        self.early_penalties: list[Penalty] = []
        self.last_dealer: str | None = None
        self.left = {p: left_of(players, p) for p in players}  # who sits to each one's left: the next dealer
        self.decks: dict[int, Deck] = {}  # the deck for each number of players in a hand, asked once a hand
        # Who plays when each player of the hand in progress leads (seat_orders): set with the hand, so that a
        # trick finds its order, and that its leader plays this hand, in one lookup.
        self.orders: Mapping[str, tuple[str, ...]] = {}

    @classmethod
    def from_state(cls, state: State) -> _Replay:
        """A builder that goes on where `state` stopped (only the last two phases and totals matter)."""
        builder = cls(state.players, state.options)
        builder.hands = list(state.hands)
        builder.phases, builder.totals = [state.phase], [dict(state.totals)]
        if state.prior is not None:
            builder.phases.insert(0, state.prior[0])
            builder.totals.insert(0, dict(state.prior[1]))
        if state.current is not None:
            builder.hand, builder.tricks = state.current.with_tricks(()), list(state.current.tricks)
            builder.orders = seat_orders(state.current.players)
        builder.early_penalties = list(state.early_penalties)
        builder.last_dealer = state.last_dealer
        return builder

    def state(self) -> State:
        return State(
            players=self.players,
            options=self.options,
            hands=tuple(self.hands),
            current=self._current(),
            phase=self.phases[-1],
            next_dealer=self._next_dealer(),
            early_penalties=tuple(self.early_penalties),
            totals=MappingProxyType(self.totals[-1]),
            last_dealer=self.last_dealer,
            prior=(self.phases[-2], MappingProxyType(self.totals[-2])) if len(self.phases) > 1 else None,
        )

    def apply(self, index: int, event: Event) -> None:
        if type(event) is Trick:  # most events: told in one step, before the match's class patterns
            self._trick(index, event)
            return
        match event:
            case Hand():
                self._hand(event)
            case Deal():
                self._deal(event)
            case Pass():
                self._pass(index, event)
            case Penalty():
                self._penalty(event)

    def _current(self) -> HandPlay | None:
        return None if self.hand is None else self.hand.with_tricks(tuple(self.tricks))

    # -- starting hands ----------------------------------------------------------------------

    def _active(self) -> tuple[str, ...]:
        phase = self.phases[-1]
        if phase.kind == "over":
            won = _and(phase.players, commas=False)
            raise refusal(T("the game is over (%(names)s won); nothing more can be played at this table", names=won))
        return phase.players if phase.kind == "tie" else self.players

    def _next_dealer(self) -> str:
        if self.last_dealer is None:
            return self.players[0]
        active = self.phases[-1].players if self.phases[-1].kind == "tie" else self.players
        dealer = self.left[self.last_dealer]
        while dealer not in active:
            dealer = self.left[dealer]
        return dealer

    def _start(self, dealer: str | None = None) -> HandPlay:
        active = self._active()
        number = len(self.hands) + 1
        dealer = dealer or self._next_dealer()
        deck = self.decks.get(len(active)) or self._deck(len(active))
        direction = pass_direction(self.options.passing, number, len(active))
        playoff = self.phases[-1].kind == "tie"
        penalties = tuple(self.early_penalties) if not self.hands else ()
        # HandPlay(...) without the Python call of the named tuple's generated __new__: one a hand.
        hand = tuple.__new__(HandPlay, (number, dealer, direction, active, deck, playoff, None, (), penalties))
        self.early_penalties.clear()
        self.last_dealer = dealer
        self.hand, self.tricks, self.orders = hand, [], seat_orders(active)
        return hand

    def _deck(self, players: int) -> Deck:
        """The deck for a hand of `players`, kept for the next hands (deck_for hashes the options to find it)."""
        try:
            deck = self.decks[players] = deck_for(self.options, players, len(self.players))
        except InvalidOptions as exc:
            raise refusal(exc.message) from None
        return deck

    def _seat(self, name: str, hand: HandPlay | None = None) -> str:
        if name not in self.players:
            raise refusal(
                T("%(name)s is not at this table (players: %(players)s)", name=shown(name), players=join(self.players))
            )
        if hand is not None and name not in hand.players:
            raise refusal(T("%(name)s sits out this playoff hand", name=name))
        return name

    # -- events --------------------------------------------------------------------------------

    def _deal(self, event: Deal) -> None:
        self._seat(event.dealer)
        if self.hand is not None and self.tricks:
            raise refusal(
                T(
                    "hand %(hand)d is being played (%(tricks)d tricks so far); finish it before a new deal",
                    hand=self.hand.number,
                    tricks=len(self.tricks),
                )
            )
        if self.hand is not None:  # a misdeal: the hand is dealt again, penalties stay
            penalties = self.hand.penalties
            self.hand = self._start(event.dealer)._replace(penalties=penalties)
        else:
            self._start(event.dealer)

    def _pass(self, index: int, event: Pass) -> None:
        hand = self.hand or self._start()
        if self.tricks:
            raise refusal(
                T("cards are passed before the first trick, and hand %(hand)d has tricks already", hand=hand.number)
            )
        if hand.passes is not None:
            raise refusal(
                T("hand %(hand)d already has its passed cards; undo them to record them again", hand=hand.number)
            )
        for player, cards in event.cards.items():
            self._seat(player, hand)
            for card in cards:
                self._in_deck(card, hand.deck)
        _no_card_passed_twice(event, hand)
        self.hand = hand._replace(passes=PassRecord(index, event.cards))

    def _trick(self, index: int, event: Trick) -> None:
        # The hot path of a replay: most events are tricks, so each check is made in one step when it passes.
        hand = self.hand or self._start()
        tricks = self.tricks
        number = len(tricks) + 1
        leader, cards, moon = event  # unpacked in one step: a named tuple's fields are slower to read by name
        deck = hand.deck
        try:
            order = self.orders[leader]
        except KeyError:  # not playing this hand: _seat says whether the leader is at the table at all
            self._seat(leader, hand)
            raise AssertionError(leader) from None  # not reached: _seat refuses a leader who does not play the hand
        if len(cards) != len(order):
            raise refusal(
                T(
                    "trick %(trick)d has %(cards)d cards, but %(players)d players play",
                    trick=number,
                    cards=len(cards),
                    players=len(order),
                )
            )
        if not deck.cards.issuperset(cards):
            for card in cards:  # names the first card out of the deck
                self._in_deck(card, deck)
        last = number == deck.hand_size
        if moon is not None and not last:
            raise refusal(T("the moon choice belongs on the hand's last trick, not trick %(trick)d", trick=number))
        winner = trick_winner(cards, order, self.options.double_deck, last)
        # TrickRecord(...) without the Python call of the named tuple's generated __new__: one a trick.
        tricks.append(tuple.__new__(TrickRecord, (index, number, order, cards, winner)))
        if last:
            play = hand.with_tricks(tuple(tricks))
            self._finish(play, *taken_from_tricks(play, self.options), moon)

    def _hand(self, event: Hand) -> None:
        if self.hand is not None and self.tricks:
            raise refusal(
                T(
                    "hand %(hand)d is being recorded trick by trick (%(done)d of %(tricks)d tricks); finish its "
                    "tricks or undo them first",
                    hand=self.hand.number,
                    done=len(self.tricks),
                    tricks=self.hand.deck.hand_size,
                )
            )
        hand = self.hand or self._start()
        deck = hand.deck
        for player, count in event.hearts.items():
            if player not in hand.players:  # the usual player plays the hand, so is at the table: both checks pass
                self._seat(player)
                if count:
                    raise refusal(T("%(name)s sits out this playoff hand and cannot take hearts", name=player))
        given, hearts, taken = event.hearts, {}, 0
        for p in hand.players:  # a loop, not a comprehension: that is one more call a hand in a replay
            hearts[p] = count = given.get(p, 0)
            taken += count
        if taken != deck.hearts:
            raise refusal(
                T(
                    "the hearts add up to %(sum)d, but %(hearts)d are in play",
                    sum=taken,
                    hearts=deck.hearts,
                )
            )
        ladies = counted(self._takers(event.lady, deck.ladies, _THE_LADY, hand))
        bonus: dict[str, int] = {}
        wanted = self.options.bonus_cards
        for card in event.bonus:
            if card not in wanted:
                raise refusal(T("%(card)s is not a bonus card at this table", card=card.pretty()))
        for card in self.options.bonus_cards:
            if card not in event.bonus:
                raise refusal(T("who took the %(card)s? a hand needs its bonus cards", card=card.pretty()))
            for name in self._takers(event.bonus[card], deck.counts[card], card.pretty(), hand):
                bonus[name] = bonus.get(name, 0) + 1
        self._finish(hand, hearts, ladies, bonus, event.moon)

    def _takers(self, names: tuple[str, ...], copies: int, what: str | Text, hand: HandPlay) -> tuple[str, ...]:
        if len(names) != copies:
            raise refusal(
                T(
                    "%(what)s was taken %(copies)d times in this hand: name %(players)s, not %(names)d",
                    what=what,
                    copies=copies,
                    players=TN("%(n)d player", "%(n)d players", copies, n=copies),
                    names=len(names),
                )
            )
        for name in names:
            if name not in hand.players:  # the usual name plays the hand, so is at the table: both checks pass
                self._seat(name, hand)
        return names

    def _penalty(self, event: Penalty) -> None:
        self._seat(event.player)
        self._may_be_penalised(event.player)
        points = event.points if event.points is not None else self.options.revoke_points
        event = replace(event, points=points)
        if self.hand is not None:
            self.hand = self.hand._replace(penalties=(*self.hand.penalties, event))
        elif self.hands:  # between hands: it belongs to the hand just completed
            last = self.hands.pop()
            self.phases.pop()
            self.totals.pop()
            self._record(with_penalty(last, event))
        else:
            self.early_penalties.append(event)

    def _may_be_penalised(self, player: str) -> None:
        """No penalty after the end (it would score the last hand again and could reopen the game), and none
        during a playoff for a player who sits it out."""
        phase = self.phases[-1]
        if phase.kind == "over":
            raise refusal(
                T("the game is over (%(names)s won); no penalty can be added after the end", names=_and(phase.players))
            )
        playing = self.hand.players if self.hand is not None else phase.players if phase.kind == "tie" else ()
        if playing and player not in playing:
            raise refusal(
                T(
                    "%(name)s sits out the playoff (%(names)s play it) and cannot be given a penalty",
                    name=player,
                    names=_and(playing),
                )
            )

    def _in_deck(self, card: Card, deck: Deck) -> None:
        if card not in deck:
            raise refusal(
                T("%(card)s is not in the deck with %(players)d players", card=str(card), players=deck.players)
            )

    # -- finishing a hand ---------------------------------------------------------------------------

    def _finish(
        self,
        play: HandPlay,
        hearts: Mapping[str, int],
        ladies: Mapping[str, int],
        bonus: Mapping[str, int],
        choice: str | None,
    ) -> None:
        shooter = moon_shooter(play, hearts, ladies)
        # The usual hand (nobody shot the moon, none chosen) has no moon to tell, and _moon's checks pass.
        moon = None if shooter is None and choice is None else self._moon(play, shooter, choice)
        self.hand, self.tricks = None, []
        self._record(score_hand(play, self.options, hearts, ladies, bonus, moon, shooter))

    def _moon(self, play: HandPlay, shooter: str | None, choice: str | None) -> str | None:
        rule = self.options.moon
        if shooter is None or rule == "none":
            if choice is not None:
                raise refusal(T("nobody shot the moon that counts, so there is no moon choice to make"))
            return None
        points = play.deck.penalty_points
        if rule == "old":
            if choice is not None:
                raise refusal(T("under the old moon rule the shooter has no choice to make; leave moon out"))
            return "add"
        if choice is None:
            raise refusal(
                T(
                    '%(name)s shot the moon: choose "add" (%(points)d to everyone else) or "subtract" (%(points)d off '
                    "%(name)s's score)",
                    name=shooter,
                    points=points,
                )
            )
        return choice

    def _record(self, result: HandResult) -> None:
        self.hands.append(result)
        phase, totals = advance(self.phases[-1], self.totals[-1], result, self.options)
        self.phases.append(phase)
        self.totals.append(totals)


replay = _Replay.replay
resume = _Replay.resume


def _no_card_passed_twice(event: Pass, hand: HandPlay) -> None:
    """A pass cannot give away more copies of a card than the deck holds (one, or two with two decks)."""
    passers: dict[Card, list[str]] = {}
    for player in hand.players:  # seat order, for the message
        for card in event.cards.get(player, ()):
            passers.setdefault(card, []).append(player)
    for card, who in passers.items():
        copies = hand.deck.counts[card]
        if len(who) > copies:
            times = T("twice") if len(who) == 2 else T("%(n)d times", n=len(who))
            names = list(dict.fromkeys(who))
            if len(names) > 1:
                by = T("by %(names)s", names=_and(names))
            else:
                by = T("both by %(name)s", name=who[0]) if len(who) == 2 else T("all by %(name)s", name=who[0])
            raise refusal(
                T(
                    "%(card)s is passed %(times)s (%(by)s), but the deck has %(copies)s",
                    card=card.pretty(),
                    times=times,
                    by=by,
                    copies=_COPIES[copies],
                )
            )


def counted(names: Sequence[str]) -> dict[str, int]:
    """How many times each name comes, in the order they first come: what Counter(names) holds, made without
    Counter's Python calls (a quick hand counts its lady's and bonus cards' takers)."""
    counts: dict[str, int] = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    return counts


_COPIES = {1: T("one"), 2: T("two")}
_THE_LADY = T("the lady")


def _and(names: Sequence[str], commas: bool = True) -> str | Text:
    """ "Ana", "Ana and Ben", "Ana, Ben and Cleo" (without commas: "Ana and Ben and Cleo"), the "and" in the
    reader's language."""
    if len(names) == 1:
        return names[0]
    first = ", ".join(names[:-1]) if commas else _and(names[:-1], commas=False)
    return T("%(first)s and %(last)s", first=first, last=names[-1])


# -- pure helpers, shared with the referee and the tests --------------------------------------------

PASS_CYCLES = {4: ("left", "right", "across", "hold")}
PASS_CYCLE_OTHER = ("left", "right", "hold")


def pass_direction(passing: str, number: int, players: int) -> str:
    """Which way cards go in hand `number` (1-based)."""
    if passing == "none":
        return "hold"
    if passing in ("left", "right"):
        return passing
    cycle = PASS_CYCLES.get(players, PASS_CYCLE_OTHER)
    return cycle[(number - 1) % len(cycle)]


def eldest_hand(seats: Sequence[str], dealer: str, players: Sequence[str]) -> str:
    """The first player left of the dealer among `players`, those who play the hand (all `seats`, or the tied
    players in a playoff): the first lead when the 2♣ is out of the deck."""
    start = seats.index(dealer)
    return next(p for p in (*seats[start + 1 :], *seats[: start + 1]) if p in players)


def pass_target(players: Sequence[str], player: str, direction: str) -> str | None:
    steps = {"left": 1, "right": -1, "across": 2}.get(direction)
    return None if steps is None else left_of(players, player, steps)


def trick_winner(cards: Sequence[Card], order: Sequence[str], double_deck: bool, last: bool) -> str | None:
    """The highest card of the led suit wins. With two decks, identical cards cancel each other;
    when every card of the led suit cancels, the trick goes to the next trick's winner (None),
    or, on the hand's last trick, to its leader."""
    if len(cards) != len(order):
        raise ValueError(f"a trick of {len(cards)} cards played by {len(order)} players")
    led = cards[0].suit
    counts = Counter(cards) if double_deck else None
    # Within the led suit a card's index orders as its value does (Card.index: suit, then rank). Positions are
    # counted by hand: zip() or enumerate() would cost more than the rest of the loop, run for every trick (and
    # max() with a key, in C, costs more still for four cards: its keyword is parsed on every call).
    best_index, best, position = -1, -1, -1
    for card in cards:
        position += 1
        if card.suit == led and card.index > best_index and (counts is None or counts[card] == 1):
            best_index, best = card.index, position
    if best >= 0:
        return order[best]
    return order[0] if last else None


@cache
def seat_orders(players: tuple[str, ...]) -> Mapping[str, tuple[str, ...]]:
    """Who plays a trick when each of `players` leads: from the leader round the table, in seat order."""
    return MappingProxyType({p: players[i:] + players[:i] for i, p in enumerate(players)})


def taken_from_tricks(play: HandPlay, options: Options) -> tuple[dict[str, int], dict[str, int], dict[str, int]]:
    """Hearts, ladies and bonus cards each player took, trick by trick (cancelled tricks carry over); a player
    comes in each the first time they take one. Plain dicts, not Counters: Counter's `+=` on a new name is a
    Python call (once a hand of tricks in a replay)."""
    hearts: dict[str, int] = {}
    ladies: dict[str, int] = {}
    bonus: dict[str, int] = {}
    takers = (hearts, ladies, bonus)
    scoring = _scoring(options.lady, options.bonus_cards)
    carry: tuple[Card, ...] = ()
    for trick in play.tricks:
        cards, winner = trick[3], trick[4]  # by position: a named tuple's field by name is a call each
        if winner is None:
            carry += cards
            continue
        if carry:
            cards, carry = carry + cards, ()
        for card in cards:  # a plain loop: filter() with a dict's __contains__ costs a wrapped call a card
            if card in scoring:
                taken = takers[scoring[card]]
                taken[winner] = taken.get(winner, 0) + 1
    return hearts, ladies, bonus


@cache
def _scoring(lady: Card, bonus_cards: tuple[Card, ...]) -> dict[Card, int]:
    """The cards that score, each with what it counts as: 0 a heart, 1 the lady, 2 a bonus card (one lookup a card
    when a hand is scored from its tricks; the cards left out score nothing)."""
    return dict.fromkeys(bonus_cards, 2) | {lady: 1} | dict.fromkeys(_HEARTS, 0)


_HEARTS = tuple(card for card in CARDS.values() if card.suit == "H")


def moon_shooter(play: HandPlay, hearts: Mapping[str, int], ladies: Mapping[str, int]) -> str | None:
    """The player who took every heart in play and every lady, if one did."""
    taker = None
    for player in play.players:  # a loop that stops at a second player who took any (most hands)
        if hearts.get(player, 0) or ladies.get(player, 0):
            if taker is not None:
                return None
            taker = player
    deck = play.deck
    for player in play.players if taker is None else (taker,):  # the one who took any, or each in turn
        if hearts.get(player, 0) >= deck.hearts and ladies.get(player, 0) >= deck.ladies:
            return player
    return None


def score_hand(
    play: HandPlay,
    options: Options,
    hearts: Mapping[str, int],
    ladies: Mapping[str, int],
    bonus: Mapping[str, int],
    moon: str | None,
    shooter: str | None,
) -> HandResult:
    """Points for one hand: hearts and ladies (or the moon), bonus cards, then penalties."""
    notes: list[Text] = []
    points: dict[str, int]
    if moon is not None and shooter is not None:
        total = play.deck.penalty_points
        if moon == "add":
            points = {p: 0 if p == shooter else total for p in play.players}
            notes.append(T("%(name)s shot the moon: +%(points)d to everyone else", name=shooter, points=total))
        else:
            points = {shooter: -total}
            notes.append(T("%(name)s shot the moon: −%(points)d for %(name)s", name=shooter, points=total))
    else:
        lady_value = play.deck.lady_value  # the options' (the deck is made with it), without their property
        points = {}
        for p in play.players:  # a loop, not a comprehension: that is one more call a hand in a replay
            points[p] = hearts.get(p, 0) + ladies.get(p, 0) * lady_value
    for player, count in bonus.items():
        if count:
            points[player] = points.get(player, 0) + count * BONUS_VALUE
            notes.append(T("%(name)s %(points)d for bonus cards", name=player, points=count * BONUS_VALUE))
    for penalty in play.penalties:
        points[penalty.player] = points.get(penalty.player, 0) + (penalty.points or 0)
        notes.append(penalty_note(penalty))
    if play.playoff:
        notes.insert(0, T("playoff hand: %(names)s", names=join(play.players)))
    result = (
        play,
        MappingProxyType(dict(hearts)),
        MappingProxyType(dict(ladies)),
        MappingProxyType(dict(bonus)),
        shooter,
        moon,
        MappingProxyType(points),
        tuple(notes) if notes else (),
    )
    return tuple.__new__(HandResult, result)  # HandResult(...) without its Python __new__: one a hand


def with_penalty(result: HandResult, penalty: Penalty) -> HandResult:
    """The hand's result with one more penalty: what score_hand gives with it, without scoring the hand again
    (a table may record thousands of penalties between two hands; scoring anew each time was quadratic)."""
    points = dict(result.points)
    points[penalty.player] = points.get(penalty.player, 0) + (penalty.points or 0)
    return result._replace(
        play=result.play._replace(penalties=(*result.play.penalties, penalty)),
        points=MappingProxyType(points),
        notes=(*result.notes, penalty_note(penalty)),
    )


def penalty_note(penalty: Penalty) -> Text:
    if penalty.reason:
        return T(
            "%(name)s %(points)+d penalty (%(reason)s)",
            name=penalty.player,
            points=penalty.points or 0,
            reason=penalty_reason(penalty.reason),
        )
    return T("%(name)s %(points)+d penalty", name=penalty.player, points=penalty.points or 0)


# The reasons the entry form writes ("revoke" or the chip "Other"), said in the reader's language.
FORM_REASONS = {"revoke": T("revoke"), "other": T("other")}


def penalty_reason(reason: str) -> str | Text:
    """A penalty's reason as people read it: one the entry form writes in their language; any other reason (a
    table file's own) as it was typed."""
    return FORM_REASONS.get(reason, reason)


def advance(
    phase: Phase, totals: Mapping[str, int], hand: HandResult, options: Options
) -> tuple[Phase, dict[str, int]]:
    """The game's phase and totals after one more hand."""
    new = dict(totals)
    end, reached = options.end_score, False
    for player, points in hand.points.items():
        new[player] = total = new[player] + points
        # While the game is played every total is below the end score (else it is over or in a playoff), so only
        # a total this hand changes can reach it: told here, without max() over them all.
        if total >= end:
            reached = True
    if phase.kind == "tie":  # a playoff: fewest points in this hand among the tied wins
        return settle({p: hand.points.get(p, 0) for p in phase.players}, options.tie == "shared"), new
    if reached:
        return settle(new, options.tie == "shared"), new
    return phase, new
