"""White Hat replay: fold the events into an immutable State, score each round, and flag illegal plays.

The referee's checks need the same walk as the scoring (who holds how many cards, who holds the hat, where the
pawns stand), so the fold records each flag as it goes (rules and their ids in referee.py).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from types import MappingProxyType
from typing import NamedTuple, NoReturn

from games.base import Flag
from games.players import left_of
from games.replay import Replayer, refusal
from games.text import T, Text, card_count, join
from games.white_hat.board import Board
from games.white_hat.box import tally_of, within_box
from games.white_hat.events import (
    HAT_RANK,
    NOTATION,
    Event,
    FieldChange,
    Move,
    Play,
    RoundEnd,
    RoundStart,
    Trick,
)
from games.white_hat.notation import WhiteHatCard
from games.white_hat.options import Options
from games.white_hat.tricks import breaches, judge, order_from, taken_breach, why

HAND_SIZE = 10  # everyone, the hat's holder 9 and the hat
RANDOMIZER_FIELDS = 4  # the tile covers four fields

Pawn = tuple[str, int]  # owner, 1 or 2


class TrickRecord(NamedTuple):
    """One trick as it was played (a named tuple: made for every trick of every replay)."""

    event: int
    number: int  # 1-based within the round
    plays: tuple[Play, ...]
    winner: str
    hat: bool  # the White Hat lay in it: the lowest play won
    taken: tuple[WhiteHatCard, ...] = ()

    @property
    def order(self) -> tuple[str, ...]:
        return tuple(p.player for p in self.plays)

    @property
    def why(self) -> Text:
        return why(self.hat)


@dataclass(frozen=True)
class Ability:
    """A field's ability the player who moved a pawn onto it may use now."""

    kind: str  # exploit, randomizer or backflip
    player: str
    left: int  # uses left (the Randomizer's four fields)


@dataclass(frozen=True)
class RoundPlay:
    """The round in progress, before it is scored."""

    number: int
    dealer: str
    hat: str | None  # who holds the White Hat now (None: not recorded)
    dealt_hat: str | None
    tricks: tuple[TrickRecord, ...] = ()
    held: Mapping[str, int] = field(default_factory=dict)  # cards in hand, as far as tricks show
    moved: bool = True  # the last trick's winner has moved (True before any trick)
    ability: Ability | None = None
    goal: str | None = None  # who moved a pawn onto the goal


class _Round:
    """The round in progress while the fold runs (RoundPlay is its frozen form in a State)."""

    __slots__ = ("ability", "dealer", "dealt_hat", "goal", "hat", "moved", "number")

    def __init__(
        self,
        number: int,
        dealer: str,
        hat: str | None,
        dealt_hat: str | None,
        moved: bool = True,
        ability: Ability | None = None,
        goal: str | None = None,
    ) -> None:
        self.number, self.dealer, self.hat, self.dealt_hat = number, dealer, hat, dealt_hat
        self.moved, self.ability, self.goal = moved, ability, goal


class RoundResult(NamedTuple):
    """A round as it was scored (a named tuple: made for every round of every replay, several times faster than a
    frozen dataclass)."""

    event: int
    number: int
    points: Mapping[str, int]
    raw: Mapping[str, int]  # fields + hand, before the floor
    fields: Mapping[str, int]
    hands: Mapping[str, int]
    final: bool
    explain: str | Text


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    options: Options
    rounds: tuple[RoundResult, ...]
    current: RoundPlay | None
    pawns: Mapping[Pawn, int]  # field index under each pawn (empty without a board)
    values: tuple[int, ...]  # each field's pursuit value now (Exploit and the Randomizer change them)
    flags: tuple[Flag, ...]
    next_dealer: str
    totals: Mapping[str, int]
    finished: bool = False
    moves: int = 0  # pawn moves recorded in the game
    goals: tuple[str, ...] = ()  # owners of the pawns that reached the goal

    @property
    def winners(self) -> tuple[str, ...]:
        if not self.finished:
            return ()
        low = min(self.totals.values())
        return tuple(p for p in self.players if self.totals[p] == low)

    @property
    def board(self) -> Board | None:
        return self.options.board


def start_pawns(players: Sequence[str], board: Board | None) -> dict[Pawn, int]:
    if board is None:
        return {}
    first, second = board.starts
    return {key: spot for p in players for key, spot in (((p, 1), first), ((p, 2), second))}


class _Replay(Replayer[Options, State]):
    """The mutable fold behind replay(); only State leaves this module."""

    def __init__(self, players: tuple[str, ...], options: Options) -> None:
        super().__init__(players, options)
        self.board = options.board
        self.rounds: list[RoundResult] = []
        self.round: _Round | None = None
        # The event being applied, made into words with where it stands (_where) only when it is flagged: most
        # events are not.
        self.at: Event | None = None
        self.tricks: list[TrickRecord] = []
        self.held: dict[str, int] = {}
        # How many of each card this round's tricks put out (every card lying in them) and a hat trick's winner
        # took back (box.tally_of): the box check at the round's end, without walking the tricks.
        self.out = 0
        self.back = 0
        self.pawns = start_pawns(players, self.board)
        self.values = [f.value for f in self.board.fields] if self.board else []
        self.flags: list[Flag] = []
        self.next_dealer = players[0]
        self.seats = set(players)
        self.pawn_keys = tuple((p, (p, 1), (p, 2)) for p in players)  # each player's two pawns, made once
        self.next_seat = {p: left_of(players, p) for p in players}
        self.turns = {p: order_from(players, p) for p in players}  # who plays when each player leads
        self.totals = dict.fromkeys(players, 0)
        self.finished = False
        self.moves = 0
        self.goals: list[str] = []

    @classmethod
    def from_state(cls, state: State) -> _Replay:
        builder = cls(state.players, state.options)
        builder.rounds = list(state.rounds)
        if state.current is not None:
            c = state.current
            builder.round = _Round(c.number, c.dealer, c.hat, c.dealt_hat, c.moved, c.ability, c.goal)
            builder.tricks = list(state.current.tricks)
            builder.held = dict(state.current.held)
            builder.out = sum(p.tally for record in builder.tricks for p in record.plays)
            builder.back = tally_of(c for record in builder.tricks for c in record.taken)
        builder.pawns = dict(state.pawns)
        builder.values = list(state.values)
        builder.flags = list(state.flags)
        builder.next_dealer = state.next_dealer
        builder.totals = dict(state.totals)
        builder.finished = state.finished
        builder.moves = state.moves
        builder.goals = list(state.goals)
        return builder

    def state(self) -> State:
        current = None
        if self.round is not None:
            current = RoundPlay(
                number=self.round.number,
                dealer=self.round.dealer,
                hat=self.round.hat,
                dealt_hat=self.round.dealt_hat,
                tricks=tuple(self.tricks),
                held=MappingProxyType(dict(self.held)),
                moved=self.round.moved,
                ability=self.round.ability,
                goal=self.round.goal,
            )
        return State(
            players=self.players,
            options=self.options,
            rounds=tuple(self.rounds),
            current=current,
            pawns=MappingProxyType(dict(self.pawns)),
            values=tuple(self.values),
            flags=tuple(self.flags),
            next_dealer=self.next_dealer,
            totals=MappingProxyType(dict(self.totals)),
            finished=self.finished,
            moves=self.moves,
            goals=tuple(self.goals),
        )

    def apply(self, index: int, event: Event) -> None:
        if self.finished:
            raise refusal(T("the game is over: a pawn reached the goal; nothing more can be recorded at this table"))
        self.at = event
        match event:  # the most common first
            case Trick():
                self._trick(index, event)
            case Move():
                self._move(index, event)
            case RoundEnd():
                self._round_end(index, event)
            case RoundStart():
                self._round_start(event)
            case FieldChange():
                self._field(index, event)

    def _seat(self, name: str) -> str:
        if name not in self.players:
            raise refusal(T("%(name)s is not at this table", name=name))
        return name

    def _where(self, event: Event) -> Text | None:
        """Where in the game a trick's or a move's flags stand, as a player finds it: "Round 2, trick 4". Their
        round is open while they are checked, and the event's own trick not yet recorded."""
        number = self.round.number if self.round is not None else len(self.rounds) + 1
        done = len(self.tricks)
        match event:
            case Trick():
                return T("Round %(round)d, trick %(trick)d", round=number, trick=done + 1)
            case Move() | FieldChange() if done:
                return T("Round %(round)d, after trick %(trick)d", round=number, trick=done)
            case Move() | FieldChange():
                return T("Round %(round)d", round=number)
        return None  # a round end's flags name their round themselves

    def _flag(self, index: int, player: str, rule: str, message: Text) -> None:
        at = self._where(self.at) if self.at is not None else None
        where = T("%(where)s: %(message)s", where=at, message=message) if at else message
        self.flags.append(Flag(index, player, rule, where))

    # -- rounds -------------------------------------------------------------------------------------------

    def _round_start(self, event: RoundStart) -> None:
        if self.round is not None:
            raise refusal(T("round %(n)d has not ended yet: record its round_end first", n=self.round.number))
        dealer, hat = event
        if (dealer and dealer not in self.seats) or (hat and hat not in self.seats):
            for name in (dealer, hat):
                if name:
                    self._seat(name)  # says who is not at this table
        self._open(dealer or self.next_dealer, hat or None)

    def _open(self, dealer: str | None = None, hat: str | None = None) -> _Round:
        if self.round is None:
            dealer = dealer or self.next_dealer
            self.round = _Round(len(self.rounds) + 1, dealer, hat, hat)
            self.tricks, self.out, self.back = [], 0, 0
            self.held = dict.fromkeys(self.players, HAND_SIZE)
        return self.round

    def _round_end(self, index: int, event: RoundEnd) -> None:
        play = self._open()
        given, fields_given, final_given = event  # one step: a named tuple's fields read by name are slower
        if not self.seats.issuperset(given):
            for name in given:
                self._seat(name)
        listed = [hand for hand in given.values() if not isinstance(hand, int)]  # the rest typed as sums
        self._check_box(event, listed)
        if listed:  # only hands listed as cards say how many are left, and whether someone went out
            if self.tricks:  # a round with tricks is taken as recorded from its start (a file cannot skip one)
                self._check_left(index, event, play)
            self._check_out(index, event, play)
        if fields_given is not None:
            if not self.seats.issuperset(fields_given):
                for name in fields_given:
                    self._seat(name)
        elif self.board is None:
            raise refusal(
                T(
                    "round_end needs fields (the values under each player's two pawns): this table has no board to "
                    "read them from"
                )
            )
        final = final_given or play.goal is not None
        self._check_final(index, event, play)
        floor = self.options.floor == "round"
        values, pawns, totals = self.values, self.pawns, self.totals
        fields: dict[str, int] = {}
        hands: dict[str, int] = {}
        raw: dict[str, int] = {}
        points: dict[str, int] = {}
        zeroed: list[tuple[str, int]] = []
        for p, one, two in self.pawn_keys:  # one walk for each player's points (a comprehension is a call each)
            if fields_given is None:  # the values under the player's two pawns
                fields[p] = on_board = values[pawns[one]] + values[pawns[two]]
            else:
                fields[p] = on_board = sum(fields_given.get(p, (0, 0)))
            hand = given.get(p, 0)
            hands[p] = in_hand = hand if isinstance(hand, int) else _hand_points(hand, self.options)
            raw[p] = value = on_board + in_hand
            points[p] = scored = 0 if floor and value < 0 else value
            totals[p] += scored
            if scored != value:
                zeroed.append((p, value))
        # RoundResult(...) without the Python call of the named tuple's generated __new__: one a round.
        result = (
            index,
            play.number,
            MappingProxyType(points),
            MappingProxyType(raw),
            MappingProxyType(fields),
            MappingProxyType(hands),
            final,
            _explain(final, tuple(zeroed)) if final or zeroed else "",
        )
        self.rounds.append(tuple.__new__(RoundResult, result))
        self.next_dealer = self.next_seat[play.dealer]
        self.round, self.tricks, self.held, self.out, self.back = None, [], {}, 0, 0
        self.finished = final

    def _check_box(self, event: RoundEnd, listed: list[tuple[WhiteHatCard, ...]]) -> None:
        """The hands left (those `listed` as cards) and the cards this round's tricks put out of play (all but what
        a hat trick's winner took back) come from one box: no more copies of a card than it holds, a count that
        cannot be."""
        out = self.out
        for hand in listed:
            out += tally_of(hand)
        if within_box(out, self.back):  # told in two integer steps: a replay does this each round
            return
        # Counted again as the tricks lie, which names the first card in that order when several are too many.
        cards = [c for hand in event.hands.values() if not isinstance(hand, int) for c in hand]
        for record in self.tricks:
            for p in record.plays:
                cards += p.cards
        box = Counter(cards)
        taken = [c for record in self.tricks for c in record.taken]
        if taken:
            box.subtract(taken)
        for card, n in box.items():
            if n > NOTATION.copies(card):
                raise refusal(
                    T(
                        "the hands left and the cards played this round hold %(n)d copies of %(card)s, but the box "
                        "holds only %(copies)d",
                        n=n,
                        card=NOTATION.format(card),
                        copies=NOTATION.copies(card),
                    )
                )

    def _check_left(self, index: int, event: RoundEnd, play: _Round) -> None:
        """With the round's tricks recorded from its start, Kibitz knows what each player holds at its end: a
        hand listed as cards holds exactly that many (fewer pays fewer points, more cannot be), and the hat only
        in its holder's hand (FORMAT.md's round_end agreement). A hand typed as its sum is the table's word."""
        for p in self.players:
            hand = event.hands.get(p)
            if not isinstance(hand, tuple):
                continue
            have = self.held[p]
            if len(hand) != have:
                self._flag(index, p, "wh.hand-count", _count_message(p, play.number, len(hand), have))
            if play.hat is not None and p != play.hat and any(c.rank == HAT_RANK for c in hand):
                self._flag(
                    index,
                    p,
                    "wh.hat-holder",
                    T(
                        "%(name)s's hand at the end of round %(round)d holds the White Hat, but %(holder)s held it "
                        "by then",
                        name=p,
                        round=play.number,
                        holder=play.hat,
                    ),
                )

    def _check_out(self, index: int, event: RoundEnd, play: _Round) -> None:
        """A round ends when someone has no cards left (or, final, at the goal): a round_end without final whose
        hands are all listed as cards, none of them empty, says nobody went out. The flag names whoever holds
        the fewest (the first in seat order among equals), the one nearest to going out."""
        if event.final:
            return
        sizes: dict[str, int] = {}
        for p in self.players:
            hand = event.hands.get(p)
            if not isinstance(hand, tuple) or not hand:
                return  # someone went out, or a hand typed as its sum (or left out) says nothing
            sizes[p] = len(hand)
        fewest = min(self.players, key=lambda p: sizes[p])
        self._flag(
            index,
            fewest,
            "wh.round-end",
            T(
                "round %(round)d ended, but every hand still holds cards (%(name)s the fewest, %(n)d) and it is not "
                "marked final: a round ends when a player has none left",
                round=play.number,
                name=fewest,
                n=sizes[fewest],
            ),
        )

    def _check_final(self, index: int, event: RoundEnd, play: _Round) -> None:
        if play.goal is not None and not event.final:
            self._flag(
                index,
                play.goal,
                "wh.goal",
                T("a pawn of %(name)s's move reached the goal, so this round is the last one (final)", name=play.goal),
            )
        elif event.final and play.goal is None and self.moves:
            self._flag(
                index, self.players[0], "wh.goal", T("the round is marked final, but no recorded move reached the goal")
            )

    # -- tricks -------------------------------------------------------------------------------------------

    def _trick(self, index: int, event: Trick) -> None:
        play = self.round or self._open()
        plays, taken, hat, tally = event  # one step: a named tuple's fields read by name are slower
        leader = plays[0].player
        tricks = self.tricks
        number = len(tricks) + 1
        # Before the plays take their cards from the hands; the usual trick, led by the last one's winner in a
        # round still going, has nothing to check (told here without a call).
        if play.goal is not None or not tricks or leader != tricks[-1].winner or min(self.held.values()) <= 0:
            self._check_turns(index, leader, play)
        # Who wins, the set rules, the hands and the turns in one walk, which takes each play's cards from its hand.
        try:
            position, regular, hand_breaches, in_order = judge(
                event, self.options, self.held, play.hat, self.turns.get(leader, ())
            )
        except KeyError:  # someone who is not at this table
            self._wrong_players(event)
        if not in_order and (len(plays) != len(self.players) or {p.player for p in plays} != self.seats):
            self._wrong_players(event)
        if hat and taken is None:
            raise refusal(T("the White Hat was played: say what its winner took back (taken)"))
        if not hat and taken is not None:
            raise refusal(T("taken belongs only to a trick with the White Hat in it"))
        if not in_order:
            self._play_order(index, event, number)
        won = plays[position].player
        if not regular:  # a play off the led size, or of unequal numbers: which rules it breaks
            for breach in breaches(event):
                self._flag(index, breach.player, breach.rule, breach.message)
        for breach in hand_breaches:
            self._flag(index, breach.player, breach.rule, breach.message)
        self.out += tally
        if taken is not None:
            problem = taken_breach(event, self.options, won)
            if problem is not None:
                self._flag(index, won, "wh.hat-take", problem)
            self.held[won] += len(taken)
            self.back += tally_of(taken)
            play.hat = won
        # TrickRecord(...) without the Python call of the named tuple's generated __new__: one a trick.
        tricks.append(tuple.__new__(TrickRecord, (index, number, plays, won, hat, taken or ())))
        play.moved, play.ability = False, None

    def _wrong_players(self, event: Trick) -> NoReturn:
        seen: set[str] = set()
        for p in event.plays:
            if self._seat(p.player) in seen:
                raise refusal(T("%(name)s plays twice in one trick", name=p.player))
            seen.add(p.player)
        missing = [p for p in self.players if p not in seen]
        raise refusal(T("every player plays to each trick; %(names)s did not", names=join(missing)))

    def _check_turns(self, index: int, leader: str, play: _Round) -> None:
        if play.goal is not None:
            self._flag(
                index, leader, "wh.goal", T("a pawn reached the goal, so the round stopped at once; no more tricks")
            )
        held = self.held
        if min(held.values()) <= 0:  # the round should have ended: each player out of cards, once
            for out in (p for p in self.players if held[p] <= 0):
                self._flag(
                    index, out, "wh.round-end", T("%(name)s has no cards left, so the round has ended", name=out)
                )
        if self.tricks:
            last = self.tricks[-1]
            if leader != last.winner:
                self._flag(
                    index,
                    leader,
                    "wh.lead-order",
                    T(
                        "%(name)s led, but %(winner)s won trick %(n)d and leads",
                        name=leader,
                        winner=last.winner,
                        n=last.number,
                    ),
                )
        elif self.options.first_lead == "right-of-hat" and play.dealt_hat is not None:
            first = left_of(self.players, play.dealt_hat, -1)
            if leader != first:
                self._flag(
                    index,
                    leader,
                    "wh.first-lead",
                    T(
                        "%(name)s led round %(round)d's first trick, but %(first)s, right of the White Hat's holder "
                        "%(hat)s, leads it",
                        name=leader,
                        round=play.number,
                        first=first,
                        hat=play.dealt_hat,
                    ),
                )

    def _play_order(self, index: int, event: Trick, number: int) -> None:
        leader = event.plays[0].player
        turns = order_from(self.players, leader)
        early = next(p.player for p, due in zip(event.plays, turns, strict=False) if p.player != due)
        expected = join(turns)
        self._flag(
            index,
            early,  # the first to play out of turn
            "wh.play-order",
            T(
                "trick %(n)d was not played in turn from %(name)s (%(order)s)",
                n=number,
                name=leader,
                order=expected,
            ),
        )

    # -- the board ----------------------------------------------------------------------------------------

    def _board(self, what: str) -> Board:
        if self.board is None:
            raise refusal(T("a %(what)s event needs the table's board (the board option)", what=what))
        return self.board

    def _move(self, index: int, event: Move) -> None:
        board = self._board("move")
        play = self.round or self._open()
        player, owner, number, to = event  # one step: a named tuple's fields read by name are slower
        if player not in self.seats or owner not in self.seats:
            self._seat(player)
            self._seat(owner)
        fields = board.fields
        if to >= len(fields):
            raise refusal(T("the board has no field %(n)d (it has %(count)d)", n=to, count=len(fields)))
        pawn = (owner, number)
        pawns = self.pawns
        here = pawns[pawn]
        others = list(pawns.values())  # where the other pawns stand: all but this one's spot, once
        others.remove(here)
        ability = play.ability
        backflip = (
            ability is not None
            and ability.kind == "backflip"
            and ability.player == player
            and to not in board.forward(here, others)
            and to in board.behind(here)
        )
        if play.goal is not None:
            self._flag(index, player, "wh.goal", T("a pawn reached the goal, so the round stopped at once"))
        elif not backflip and self.tricks and (play.moved or player != self.tricks[-1].winner):
            self._check_mover(index, event, play)  # the usual move, the last trick's winner's one, passes
        if (  # what _check_pawn flags, told here without a call for the usual move, one step on one's own pawn
            backflip
            or fields[here].ability == "sticky"
            or (owner != player and self.options.opponent_pawns == "negative" and self.values[here] >= 0)
            or to not in board.forward(here, others)
        ):
            self._check_pawn(index, event, here, others, backflip)
        pawns[pawn] = to
        self.moves += 1
        landed = fields[to].ability
        goal = player if landed == "goal" else play.goal
        if landed == "goal":
            self.goals.append(owner)
        new_ability = None
        if landed in ("exploit", "randomizer", "backflip") and not backflip:
            new_ability = Ability(landed, player, RANDOMIZER_FIELDS if landed == "randomizer" else 1)
        play.moved, play.ability, play.goal = True, new_ability, goal

    def _check_mover(self, index: int, event: Move, play: _Round) -> None:
        """After a trick its winner moves once; a table that records no tricks is not checked for who moves."""
        if not self.tricks:
            return
        last = self.tricks[-1]
        if play.moved:
            self._flag(
                index,
                event.player,
                "wh.one-move",
                T("%(name)s moved a pawn, but trick %(n)d's move was already made", name=event.player, n=last.number),
            )
        elif event.player != last.winner:
            self._flag(
                index,
                event.player,
                "wh.winner",
                T(
                    "%(name)s moved a pawn, but %(winner)s won trick %(n)d (%(why)s) and moves",
                    name=event.player,
                    winner=last.winner,
                    n=last.number,
                    why=last.why,
                ),
            )

    def _check_pawn(self, index: int, event: Move, here: int, others: list[int], backflip: bool) -> None:
        board = self._board("move")
        spot = board.fields[here]
        if spot.ability == "sticky":
            self._flag(
                index,
                event.player,
                "wh.sticky",
                T("%(pawn)s is stuck on %(field)s and cannot move", pawn=_pawn(event), field=spot.name),
            )
        if backflip:
            if event.to not in board.backward(here, others):
                spots = [board.fields[i].name for i in board.backward(here, others)]
                nearest = join(spots) if spots else T("nowhere")
                self._flag(
                    index,
                    event.player,
                    "wh.backflip",
                    T(
                        "Backflip puts %(pawn)s on the nearest free field behind it (%(allowed)s), not on %(to)s",
                        pawn=_pawn(event),
                        allowed=nearest,
                        to=board.fields[event.to].name,
                    ),
                )
            return
        if event.owner != event.player and self.options.opponent_pawns == "negative" and self.values[here] >= 0:
            self._flag(
                index,
                event.player,
                "wh.opponent-pawn",
                T(
                    "%(name)s moved %(pawn)s from %(field)s (%(value)d); another player's pawn moves only from a "
                    "field below zero",
                    name=event.player,
                    pawn=_pawn(event),
                    field=spot.name,
                    value=self.values[here],
                ),
            )
        allowed = board.forward(here, others)
        if event.to not in allowed:
            names = join([board.fields[i].name for i in allowed]) if allowed else T("nowhere")
            self._flag(
                index,
                event.player,
                "wh.step",
                T(
                    "%(pawn)s went from %(from)s to %(to)s; one step forward leads to %(allowed)s",
                    pawn=_pawn(event),
                    **{"from": spot.name},
                    to=board.fields[event.to].name,
                    allowed=names,
                ),
            )

    def _field(self, index: int, event: FieldChange) -> None:
        board = self._board("field")
        play = self._open()
        self._seat(event.player)
        if event.field >= len(board.fields):
            raise refusal(T("the board has no field %(n)d (it has %(count)d)", n=event.field, count=len(board.fields)))
        ability = play.ability
        old = self.values[event.field]
        name = board.fields[event.field].name
        if ability is not None and ability.player == event.player and ability.kind == "exploit":
            if abs(event.value - old) != 1:
                self._flag(
                    index,
                    event.player,
                    "wh.exploit",
                    T(
                        "Exploit changes a field by one, but %(field)s went from %(old)d to %(new)d",
                        field=name,
                        old=old,
                        new=event.value,
                    ),
                )
            ability = None
        elif ability is not None and ability.player == event.player and ability.kind == "randomizer":
            ability = Ability("randomizer", event.player, ability.left - 1) if ability.left > 1 else None
        else:
            self._flag(
                index,
                event.player,
                "wh.field",
                T(
                    "%(name)s changed %(field)s, but only a pawn just moved "
                    "onto Exploit or the Randomizer changes a field",
                    name=event.player,
                    field=name,
                ),
            )
        self.values[event.field] = event.value
        play.ability = ability


replay = _Replay.replay
resume = _Replay.resume


def _pawn(event: Move) -> Text:
    """The moved pawn in words, for a flag."""
    return T("%(owner)s's pawn %(n)d", owner=event.owner, n=event.pawn)


def _count_message(player: str, round_number: int, n: int, have: int) -> Text:
    """wh.hand-count at a round's end, in words for more cards than the tricks leave and for fewer."""
    if n > have:
        return T(
            "%(name)s is left with %(cards)s at the end of round %(round)d, but after the tricks recorded "
            "%(name)s held only %(have)d",
            name=player,
            cards=card_count(n),
            round=round_number,
            have=have,
        )
    return T(
        "%(name)s is left with %(cards)s at the end of round %(round)d, but after the tricks recorded "
        "%(name)s held %(have)d: a card left out of a hand scores nothing",
        name=player,
        cards=card_count(n),
        round=round_number,
        have=have,
    )


@lru_cache(maxsize=256)
def _explain(final: bool, zeroed: tuple[tuple[str, int], ...]) -> Text:
    """A round's notes: the final round, and who scored below zero and counts as 0. The same few come back round
    after round, and their words, made once for each, cost more than the rest of a round's scoring."""
    notes = [T("final round")] if final else []
    notes += [T("%(name)s %(raw)d counts as 0", name=name, raw=raw) for name, raw in zeroed]
    return join(notes, "; ")


def _hand_points(hand: tuple[object, ...] | int, options: Options) -> int:
    if isinstance(hand, int):
        return hand
    return sum(options.pursuit[str(card)] for card in hand)
