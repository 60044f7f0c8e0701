"""Hats end scoring (FORMAT.md "hats"): the counting tea table, each player's lines (collected cards, black
hats, the favourite, the cookie), and the order of players or teams with the game's tie-breaks."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from games.base import Place, Round, Standings
from games.hats.engine import State
from games.hats.notation import HatsCard
from games.text import TN, T, Text, join


@dataclass(frozen=True)
class Line:
    """One line of a player's score: what it is, in words, and the points it brings."""

    kind: str  # "card", "black_hats", "favourite", "cookie"
    text: Text
    points: int


@dataclass(frozen=True)
class Score:
    player: str
    lines: tuple[Line, ...]
    black_hats: int
    cookie: bool

    @property
    def total(self) -> int:
        return sum(line.points for line in self.lines)

    def points(self, kind: str) -> int:
        return sum(line.points for line in self.lines if line.kind == kind)


@dataclass(frozen=True)
class Position:
    """One position of the tea table: its number, value and card, and whether the card counts (the lowest
    position of its type)."""

    number: int
    value: int
    card: HatsCard
    counts: bool


@dataclass(frozen=True)
class HatsStandings(Standings):
    """Standings with the game's own order (total, then black hats, then the cookie), for ranking()."""

    places: tuple[Place, ...] = ()


def tea_table(table: Sequence[HatsCard], values: Sequence[int]) -> tuple[Position, ...]:
    seen: set[str] = set()
    out = []
    for number, (card, value) in enumerate(zip(table, values, strict=True), 1):
        out.append(Position(number, value, card, card.type not in seen))
        seen.add(card.type)
    return tuple(out)


def type_values(positions: Sequence[Position]) -> dict[str, Position]:
    """Each type's counting position: the lowest one its type lies on."""
    return {p.card.type: p for p in positions if p.counts}


def scores(state: State) -> dict[str, Score]:
    """Every player's score lines for the state's tea table as it lies (final once the game is over)."""
    rules = state.rules
    if state.table is None:
        return {}
    counting = type_values(tea_table(state.table, rules.values))
    label = rules.notation.label
    kind_word = rules.notation.group_label
    out = {}
    for player in state.players:
        lines = []
        for card in state.collections.get(player, ()):
            where = counting.get(card.type)
            if where is None:
                text = T("%(card)s (no %(type)s on the tea table)", card=label(card), type=kind_word(card.type))
                lines.append(Line("card", text, 0))
            else:
                text = T(
                    "%(card)s (%(type)s at position %(n)d)",
                    card=label(card),
                    type=kind_word(card.type),
                    n=where.number,
                )
                lines.append(Line("card", text, where.value))
        hats = state.black_hats.get(player, 0)
        if hats:
            each = rules.options.black_hat_points
            lines.append(
                Line(
                    "black_hats",
                    TN("%(n)d black hat × %(each)d", "%(n)d black hats × %(each)d", hats, n=hats, each=each),
                    hats * each,
                )
            )
        favourite = state.favourites.get(player)
        if favourite is not None:
            lines.append(_favourite(state, player, favourite))
        holds = state.cookie == player
        if holds:
            lines.append(Line("cookie", T("the last cookie"), rules.options.cookie_points))
        out[player] = Score(player, tuple(lines), hats, holds)
    return out


def worth(state: State) -> dict[str, int]:
    """Each player's points as the table lies now, the same sum as scores() without the words: collected cards,
    black hats, the favourite once revealed, the cookie."""
    if state.table is None:
        return dict.fromkeys(state.players, 0)
    counting = {t: p.value for t, p in type_values(tea_table(state.table, state.rules.values)).items()}
    options = state.rules.options
    out = {}
    for player in state.players:
        cards = state.collections.get(player, ())
        total = sum(counting.get(c.type, 0) for c in cards) + state.black_hats.get(player, 0) * options.black_hat_points
        favourite = state.favourites.get(player)
        if favourite is not None:
            total += sum(c.value for c in cards if c.type == favourite.type) - favourite.value
        out[player] = total + (options.cookie_points if state.cookie == player else 0)
    return out


def _favourite(state: State, player: str, favourite: HatsCard) -> Line:
    notation = state.rules.notation
    same = [c.value for c in state.collections.get(player, ()) if c.type == favourite.type]
    kind = notation.group_label(favourite.type)
    if same:
        text = T(
            "favourite %(card)s: %(type)s collected %(values)s, minus %(value)d",
            card=notation.label(favourite),
            type=kind,
            values=join([str(v) for v in same], " + "),
            value=favourite.value,
        )
    else:
        text = T(
            "favourite %(card)s: no %(type)s collected, minus %(value)d",
            card=notation.label(favourite),
            type=kind,
            value=favourite.value,
        )
    return Line("favourite", text, sum(same) - favourite.value)


def explain(score: Score) -> Text:
    """One player's lines in a sentence: "Ana 14: red 3 (…) 2, …"."""
    parts = [T("%(what)s: %(points)d", what=line.text, points=line.points) for line in score.lines]
    return T("%(name)s %(total)d — %(lines)s", name=score.player, total=score.total, lines=join(parts, "; "))


def teams(players: Sequence[str]) -> tuple[tuple[str, ...], ...] | None:
    """With four players, the 1st and 3rd against the 2nd and 4th."""
    if len(players) != 4:
        return None
    return ((players[0], players[2]), (players[1], players[3]))


def places(groups: Sequence[tuple[str, ...]], by_player: Mapping[str, Score]) -> tuple[Place, ...]:
    """Best first: the highest total, then more black hats, then the cookie; a tie past both shares a place."""

    def key(names: tuple[str, ...]) -> tuple[int, int, bool]:
        members = [by_player[n] for n in names]
        return (sum(s.total for s in members), sum(s.black_hats for s in members), any(s.cookie for s in members))

    ordered = sorted(groups, key=key, reverse=True)
    out: list[Place] = []
    for i, names in enumerate(ordered):
        shared = bool(out) and key(ordered[i - 1]) == key(names)
        out.append(Place(out[-1].place if shared else i + 1, names, key(names)[0]))
    return tuple(out)


def standings(slug: str, state: State) -> HatsStandings:
    players = state.players
    pairs = teams(players)
    if not state.over:
        return HatsStandings(slug, players, (), False, teams=pairs)
    by_player = scores(state)
    points = {p: by_player[p].total for p in players}
    text = join([explain(by_player[p]) for p in players], " · ")
    groups = pairs or tuple((p,) for p in players)
    order = places(groups, by_player)
    best = {name for place in order if place.place == 1 for name in place.names}
    return HatsStandings(
        slug,
        players,
        (Round(points, text),),
        True,
        winners=tuple(p for p in players if p in best),
        teams=pairs,
        places=order,
    )
