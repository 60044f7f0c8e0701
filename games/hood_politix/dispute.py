"""The dispute referee: a stopped game asks whether one card could be played, and what happens now.

Pure: the play (top card, card played, the draw penalty building before it, jump-in, the Deal's target) and
the seats in order give a Verdict with the deciding rule id (an anchor of the rules page), who draws how many,
whose turn it is and which way play goes. Where a dispute does not say something the answer needs (the
direction of play, who played the card on top), the verdict names what Kibitz assumes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cache

from games.hood_politix.events import FLAGGED_RULES
from games.hood_politix.notation import HoodCard, HoodNotation
from games.hood_politix.options import Options
from games.text import TN, T, Text, join

DEUCE, IN_YO_FACE, FIVE_O, PAYBACK = "deuce", "in-yo-face", "five-o", "payback"
STACK_VALUE = {DEUCE: 2, IN_YO_FACE: 5}
PIMP_SLAP_CARDS = 3
RESPECT_FROM = 5  # drawing this many or more earns the Respect pause
RESPECT_SECONDS = 30

# Every rule a verdict can name: FLAGGED_RULES (events.py, where a penalty may name one) can make a play illegal
# (and so be flagged by the referee).
RULES = (*FLAGGED_RULES, "hp.framed", "hp.five-o", "hp.payback", "hp.pimp-slap", "hp.deal")


@dataclass(frozen=True)
class Play:
    """One disputed play with its cards read."""

    player: str
    top: HoodCard
    played: HoodCard
    deuces: int = 0
    in_yo_faces: int = 0
    jump_in: bool = False
    target: str | None = None
    direction: str | None = None  # None: not said (Kibitz assumes left)

    @property
    def building(self) -> int:
        """The draw penalty building before the card: 2 a Deuce, 5 an In Yo Face."""
        return STACK_VALUE[DEUCE] * self.deuces + STACK_VALUE[IN_YO_FACE] * self.in_yo_faces


@dataclass(frozen=True)
class Verdict:
    legal: bool
    rule: str
    why: Text  # the ruling in one sentence, naming the player
    then: Text  # what happens now
    draws: tuple[tuple[str, int], ...] = ()  # who draws how many now
    turn: str | None = None  # whose turn it is now (None: whoever's it was before a jump-in)
    direction: str = "left"  # which way play goes now
    stack: int = 0  # the draw penalty still building after the play
    assumed: tuple[Text, ...] = ()  # what the dispute did not say and Kibitz took


def step(players: Sequence[str], player: str, direction: str, steps: int = 1) -> str:
    """The player `steps` seats away in `direction` (left is the next name in seat order)."""
    sign = 1 if direction == "left" else -1
    return players[(players.index(player) + sign * steps) % len(players)]


def turned(direction: str) -> str:
    return "right" if direction == "left" else "left"


def rule_on(play: Play, players: Sequence[str], options: Options) -> Verdict:
    """The ruling on one disputed play at a table of `players` (seat order) under `options`."""
    assumed: list[Text] = []
    if play.direction is None:
        assumed.append(T("Play was going left (clockwise): the dispute does not say, and a round starts that way."))
    if play.building and not _carries_stack(play.top, options):
        assumed.append(
            T(
                "Nothing was building on %(top)s (a draw penalty builds only on a Deuce, an In Yo Face, or a Payback "
                "that sent one back), so the stack given is read as the played card's own.",
                top=_label(play.top),
            )
        )
        play = replace(play, deuces=0, in_yo_faces=0)
    if play.jump_in:
        verdict = _jump_in(play, options)
    elif play.building:
        verdict = _on_stack(play, players, options, assumed)
    else:
        verdict = _on_open(play, players, options, assumed)
    if verdict.turn is not None and len(players) > 2:
        assumed.append(T("Every seat still plays this round: skip anyone already out."))
    v = verdict  # built here rather than by dataclasses.replace(), which costs more than the ruling itself
    return Verdict(v.legal, v.rule, v.why, v.then, v.draws, v.turn, v.direction, v.stack, tuple(assumed))


def _carries_stack(top: HoodCard, options: Options) -> bool:
    """Whether a draw penalty can be building with `top` on the pile."""
    return top.face in STACK_VALUE or (top.face == PAYBACK and options.payback_returns)


@cache
def _notation(colour: str) -> HoodNotation:
    return HoodNotation(colours=(colour,))


@cache
def _penalty_cards(n: int) -> Text:
    return TN("%(n)d penalty card", "%(n)d penalty cards", n, n=n)


def _label(card: HoodCard) -> Text:
    return _notation(card.colour).label(card)


def _taken_back(play: Play, options: Options, rule: str, why: Text) -> Verdict:
    """An illegal play in turn: the card goes back, the penalty is drawn, and the move is still to be made."""
    n, name, card = options.penalty_cards, play.player, _label(play.played)
    if play.building:
        then = T(
            "%(name)s takes %(card)s back and draws %(cards)s; it is still %(name)s's turn to answer "
            "the stack of %(stack)d or draw it.",
            name=name,
            card=card,
            cards=_penalty_cards(n),
            stack=play.building,
        )
    else:
        then = T(
            "%(name)s takes %(card)s back and draws %(cards)s; it is still %(name)s's turn.",
            name=name,
            card=card,
            cards=_penalty_cards(n),
        )
    direction = play.direction or "left"
    return Verdict(False, rule, why, then, ((name, n),), name, direction, play.building)


def _jump_in(play: Play, options: Options) -> Verdict:
    top, card, name = play.top, play.played, play.player
    direction = play.direction or "left"
    if (card.colour, card.face) != (top.colour, top.face):  # the frame is no part of being identical
        why = T(
            "%(name)s threw in %(card)s on %(top)s: a jump-in must be the same colour and face as the card on top.",
            name=name,
            card=_label(card),
            top=_label(top),
        )
        then = T(
            "%(name)s takes %(card)s back and draws %(cards)s; play goes on where it stopped.",
            name=name,
            card=_label(card),
            cards=_penalty_cards(options.penalty_cards),
        )
        return Verdict(False, "hp.jump-in", why, then, ((name, options.penalty_cards),), None, direction, play.building)
    why = T(
        "%(name)s threw in %(card)s, identical to %(top)s: a jump-in may come at any time.",
        name=name,
        card=_label(card),
        top=_label(top),
    )
    stack = play.building + STACK_VALUE.get(card.face, 0)
    if card.face in STACK_VALUE:
        then = T(
            "The card stays and the stack now holds %(stack)d; play goes on in the original order, with whoever "
            "was to play next.",
            stack=stack,
        )
    else:
        then = T("The card stays; play goes on in the original order, with whoever was to play next.")
    return Verdict(True, "hp.jump-in", why, then, (), None, direction, stack)


def _answers(options: Options, in_yo_face_stack: bool) -> tuple[str, ...]:
    faces = (IN_YO_FACE, FIVE_O) if in_yo_face_stack else (DEUCE, IN_YO_FACE, FIVE_O)
    return (*faces, PAYBACK) if options.payback_returns else faces


def _on_stack(play: Play, players: Sequence[str], options: Options, assumed: list[Text]) -> Verdict:
    """A Deuce or In Yo Face stack is building: only its answers may come. A card answers by its face alone: a
    framed answer answers as the plain card does, and the frame makes no other card an answer (hp.stack-framed)."""
    card = play.played
    in_yo_face_stack = play.in_yo_faces > 0
    rule = "hp.stack-in-yo-face" if in_yo_face_stack else "hp.stack-deuce"
    if card.face not in _answers(options, in_yo_face_stack):
        refusal = _stack_refusal(play, options, in_yo_face_stack)
        if card.framed:
            why = T("%(refusal)s The frame makes no other card an answer.", refusal=refusal)
            return _taken_back(play, options, "hp.stack-framed", why)
        return _taken_back(play, options, rule, refusal)
    verdict = _answered(play, players, rule, assumed)
    if not card.framed:
        return verdict
    # A framed answer still sets the colour play goes on in.
    then = join([verdict.then, T(" Play goes on in %(colour)s.", colour=_colour(card))], "")
    return replace(verdict, then=then)


def _answered(play: Play, players: Sequence[str], rule: str, assumed: list[Text]) -> Verdict:
    """A legal answer to the building stack: Five-O cancels it, Payback sends it back, the others add to it."""
    card, name, stack = play.played, play.player, play.building
    direction = play.direction or "left"
    after = step(players, name, direction)
    if card.face == FIVE_O:
        why = T("%(name)s escapes the stack of %(stack)d with Five-O.", name=name, stack=stack)
        then = T("The stack is gone: nobody draws it. %(next)s plays next.", next=after)
        return Verdict(True, "hp.five-o", why, then, (), after, direction)
    if card.face == PAYBACK:
        back = step(players, name, direction, -1)
        assumed.append(T("%(back)s, the player before %(name)s, played the stack's last card.", back=back, name=name))
        why = T("%(name)s sends the stack of %(stack)d back with Payback.", name=name, stack=stack)
        then = T(
            "Play turns around; %(back)s answers the stack of %(stack)d or draws it.%(respect)s",
            back=back,
            stack=stack,
            respect=_respect(stack),
        )
        return Verdict(True, "hp.payback", why, then, (), back, turned(direction), stack)
    stack += STACK_VALUE[card.face]
    why = T(
        "%(name)s adds %(card)s to the stack, which now holds %(stack)d.", name=name, card=_label(card), stack=stack
    )
    then = T(
        "%(next)s answers the stack or draws %(stack)d.%(respect)s", next=after, stack=stack, respect=_respect(stack)
    )
    return Verdict(True, rule, why, then, (), after, direction, stack)


def _stack_refusal(play: Play, options: Options, in_yo_face_stack: bool) -> Text:
    name, card = play.player, _label(play.played)
    if in_yo_face_stack:
        if options.payback_returns:
            return T(
                "%(name)s played %(card)s on a building In Yo Face stack: only In Yo Face, Five-O or Payback "
                "answer it.",
                name=name,
                card=card,
            )
        return T(
            "%(name)s played %(card)s on a building In Yo Face stack: only In Yo Face or Five-O answer it (at this "
            "table Payback sends no stack back).",
            name=name,
            card=card,
        )
    if options.payback_returns:
        return T(
            "%(name)s played %(card)s on a building Deuce stack: only Deuce, In Yo Face, Five-O or Payback answer it.",
            name=name,
            card=card,
        )
    return T(
        "%(name)s played %(card)s on a building Deuce stack: only Deuce, In Yo Face or Five-O answer it (at this "
        "table Payback sends no stack back).",
        name=name,
        card=card,
    )


def _respect(cards: int) -> Text | str:
    if cards < RESPECT_FROM:
        return ""
    return T(
        " Whoever draws %(n)d or more may take up to %(s)d seconds to sort them (Respect).",
        n=RESPECT_FROM,
        s=RESPECT_SECONDS,
    )


def _on_open(play: Play, players: Sequence[str], options: Options, assumed: list[Text]) -> Verdict:
    """No stack building: the special answers first, then the frame, then colour, number or action."""
    top, card, name = play.top, play.played, play.player
    direction = play.direction or "left"
    after = step(players, name, direction)
    if top.face == "deal" and card.face == FIVE_O and play.target == name:
        why = T("%(name)s was the Deal's target and blocks it with Five-O.", name=name)
        then = T("The Deal is blocked: nobody swaps hands. %(next)s plays next.", next=after)
        return Verdict(True, "hp.deal", why, then, (), after, direction)
    if top.face == "pimp-slap" and card.face == PAYBACK:
        slapper = step(players, name, direction, -1)
        assumed.append(T("%(slapper)s, the player before %(name)s, played the Pimp Slap.", slapper=slapper, name=name))
        why = T("%(name)s answers the Pimp Slap with Payback.", name=name)
        then = T(
            "%(slapper)s draws %(n)d too; everyone else but %(name)s still draws %(n)d. Play keeps its direction: "
            "%(next)s plays next.",
            slapper=slapper,
            name=name,
            n=PIMP_SLAP_CARDS,
            next=after,
        )
        return Verdict(True, "hp.pimp-slap", why, then, _slapped(players, name), after, direction)
    if top.face == "busted" and card.face == FIVE_O:
        why = T("%(name)s played Five-O on Busted: Five-O does not stop a Busted.", name=name)
        then = T(
            "%(name)s takes %(card)s back, draws %(cards)s and still misses the turn: %(next)s plays next.",
            name=name,
            card=_label(card),
            cards=_penalty_cards(options.penalty_cards),
            next=after,
        )
        return Verdict(False, "hp.busted", why, then, ((name, options.penalty_cards),), after, direction)
    if card.framed:
        rule = "hp.framed"
        why = T("%(name)s played %(card)s: a framed card plays on anything.", name=name, card=_label(card))
    elif card.colour == top.colour:
        rule, why = "hp.match", T("%(card)s matches %(top)s by colour.", card=_label(card), top=_label(top))
    elif card.number is not None and card.number == top.number:
        rule, why = "hp.match", T("%(card)s matches %(top)s by number.", card=_label(card), top=_label(top))
    elif card.action is not None and card.action == top.action:
        rule, why = "hp.match", T("%(card)s matches %(top)s by action.", card=_label(card), top=_label(top))
    else:
        why = T(
            "%(name)s played %(card)s on %(top)s: it matches neither its colour, nor its number, nor its action.",
            name=name,
            card=_label(card),
            top=_label(top),
        )
        return _taken_back(play, options, "hp.match", why)
    if top.face == "busted":
        assumed.append(T("%(name)s was not the player the Busted made miss a turn.", name=name))
    return _effect(play, players, rule, why, direction)


def _effect(play: Play, players: Sequence[str], rule: str, why: Text, direction: str) -> Verdict:
    """What a legally played card does now that no stack was building."""
    card, name = play.played, play.player
    after = step(players, name, direction)
    colour = T(" Play goes on in %(colour)s.", colour=_colour(card)) if card.framed else ""
    if card.face in STACK_VALUE:
        stack = STACK_VALUE[card.face]
        then = T(
            "%(next)s answers the stack or draws %(stack)d.%(respect)s%(colour)s",
            next=after,
            stack=stack,
            respect=_respect(stack),
            colour=colour,
        )
        return Verdict(True, rule, why, then, (), after, direction, stack)
    if card.face == "busted":
        skipped, after = after, step(players, name, direction, 2)
        then = T(
            "%(skipped)s misses a turn: %(next)s plays next.%(colour)s", skipped=skipped, next=after, colour=colour
        )
        return Verdict(True, rule, why, then, (), after, direction)
    if card.face == PAYBACK:
        back = step(players, name, turned(direction))
        then = T("Play turns around: %(next)s plays next.%(colour)s", next=back, colour=colour)
        return Verdict(True, rule, why, then, (), back, turned(direction))
    if card.face == "pimp-slap":
        then = T(
            "Everyone but %(name)s draws %(n)d; %(next)s plays next and may answer with Payback to send the "
            "%(n)d back.%(colour)s",
            name=name,
            n=PIMP_SLAP_CARDS,
            next=after,
            colour=colour,
        )
        return Verdict(True, rule, why, then, _slapped(players, name), after, direction)
    if card.face == "snitch":
        then = T(
            "%(name)s looks at one opponent's hand, then shows one of its cards to everyone or swaps it for one of "
            "%(name)s's own. %(next)s plays next.%(colour)s",
            name=name,
            next=after,
            colour=colour,
        )
    elif card.face == "deal":
        then = T(
            "%(name)s swaps hands with a player of their choice; if that is %(next)s, only %(next)s may block it, "
            "with Five-O. %(next)s plays next.%(colour)s",
            name=name,
            next=after,
            colour=colour,
        )
    else:
        then = T("%(next)s plays next.%(colour)s", next=after, colour=colour)
    return Verdict(True, rule, why, then, (), after, direction)


def _slapped(players: Sequence[str], name: str) -> tuple[tuple[str, int], ...]:
    """The draws of a Pimp Slap: everyone but `name` (who played it, or sent it back with Payback)."""
    return tuple((p, PIMP_SLAP_CARDS) for p in players if p != name)


def _colour(card: HoodCard) -> Text:
    return _notation(card.colour).group_label(card.colour)
