"""The card picker (templates/cards/picker.html, companion/cardpicker.py): one per seat, a card or a set, every
card named in words, played cards disabled, suits and colours told apart by symbol as well as colour."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from html import escape, unescape
from html.parser import HTMLParser

import pytest
from django.http import QueryDict
from django.template.loader import render_to_string
from django.utils import translation

from companion import cardpicker
from games.cards import full_deck
from games.hats.notation import HatsNotation
from games.hood_politix.notation import HoodNotation
from games.rickety_kate.notation import FrenchNotation
from games.white_hat.notation import WhiteHatNotation

FOUR = [(0, "Ana"), (1, "Ben"), (2, "Cleo"), (3, "Dan")]


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    """English unless a test asks for German (a page read earlier in the run may leave German on)."""
    with translation.override("en"):
        yield


@dataclass
class Input:
    attrs: dict[str, str | None]
    name: str = ""  # the accessible name: the text of its label, less what is aria-hidden
    seat: str = ""  # the legend of its fieldset
    row: str = ""  # the aria-label of its row
    classes: str = ""  # the classes of the card around it

    @property
    def checked(self) -> bool:
        return "checked" in self.attrs

    @property
    def disabled(self) -> bool:
        return "disabled" in self.attrs

    @property
    def card(self) -> str:
        """The card it stands for: its value, or for a count the card its name ends with ("play-1:7")."""
        if self.attrs["type"] == "number":
            return str(self.attrs["name"]).partition(":")[2]
        return str(self.attrs["value"])


@dataclass
class Page(HTMLParser):
    """The picker's inputs, each with its accessible name, seat and row, read as a browser would."""

    inputs: list[Input] = field(default_factory=list)
    faces: list[str] = field(default_factory=list)  # what each card shows (aria-hidden)

    def __post_init__(self) -> None:
        super().__init__()
        self._stack: list[tuple[str, dict[str, str | None]]] = []
        self._label: list[Input] = []
        self._legend: str | None = None
        self._seat = self._row = self._card = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        classes = a.get("class") or ""
        if "cp-card" in classes.split():
            self._card = classes
        if a.get("role") == "group":
            self._row = a.get("aria-label") or ""
        if tag == "legend":
            self._legend = ""
        if tag == "label":
            self._label = []
        if tag == "input":
            found = Input(a, seat=self._seat, row=self._row, classes=self._card)
            self.inputs.append(found)
            self._label.append(found)
            return
        if "cp-face" in classes.split():
            self.faces.append("")
        self._stack.append((tag, a))

    def handle_endtag(self, tag: str) -> None:
        if tag == "legend":
            self._seat, self._legend = self._legend or "", None
        while self._stack:
            if self._stack.pop()[0] == tag:
                break

    def handle_data(self, data: str) -> None:
        if self._legend is not None:
            self._legend += data.strip()
        hidden = any(a.get("aria-hidden") == "true" for _tag, a in self._stack)
        if hidden:
            if any("cp-face" in (a.get("class") or "") for _tag, a in self._stack):
                self.faces[-1] += data
        elif any(tag == "label" for tag, _a in self._stack):
            for found in self._label:
                found.name += data

    def posted(self) -> QueryDict:
        """What the form sends: the checked inputs and the counts that are not disabled, as a browser posts them."""
        post = QueryDict(mutable=True)
        for i in self.inputs:
            if not i.disabled and (i.checked or i.attrs["type"] == "number"):
                post.appendlist(str(i.attrs["name"]), str(i.attrs["value"]))
        return post


def render(picker: cardpicker.Picker) -> Page:
    page = Page()
    page.feed(render_to_string("cards/picker.html", {"picker": picker}))
    return page


def parsed(html: str) -> Page:
    page = Page()
    page.feed(html)
    return page


def find(page: Page, seat: str, value: str) -> list[Input]:
    return [i for i in page.inputs if i.seat == seat and i.card == value]


def test_rickety_kate_trick_one_card_per_seat_with_played_cards_disabled() -> None:
    """A trick: one radio group per seat, every card in its place; cards already played disabled, named so."""
    played = {"2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C"}
    left = [str(c) for c in full_deck() if str(c) not in played]
    picker = cardpicker.build(FrenchNotation(), FOUR, name="card", available=left, required=True)
    page = render(picker)
    assert len(page.inputs) == 4 * 52
    assert {i.attrs["type"] for i in page.inputs} == {"radio"}
    assert {i.attrs["name"] for i in page.inputs} == {"card-0", "card-1", "card-2", "card-3"}
    assert all("required" in i.attrs for i in page.inputs)
    assert [i.seat for i in page.inputs[::52]] == ["Ana", "Ben", "Cleo", "Dan"]
    (two,) = find(page, "Ben", "2C")
    assert two.disabled and two.name == "2 of clubs, played"
    assert "cp-off" in two.classes
    (queen,) = find(page, "Ben", "QS")
    assert not queen.disabled and queen.name == "Queen of spades"
    assert queen.row == "spades" and "tone-S" in queen.classes
    assert sum(i.disabled for i in page.inputs) == 4 * len(played)


def test_every_card_has_an_accessible_name_and_shows_its_symbol() -> None:
    """Every input is named by its label's words; every card face shows its suit symbol beside the rank."""
    page = render(cardpicker.build(FrenchNotation(), FOUR[:1]))
    assert all(i.name.strip() for i in page.inputs)
    assert len({i.name for i in page.inputs}) == 52
    assert "Q♠" in page.faces and "10♥" in page.faces and "J♦" in page.faces and "A♣" in page.faces
    assert all(face[-1] in "♣♦♥♠" for face in page.faces)


def test_rickety_kate_pick_reaches_the_post_and_comes_back() -> None:
    """The picked cards post as card-<seat>; sent back after an error they show picked again."""
    picker = cardpicker.build(FrenchNotation(), FOUR, name="card", chosen={0: ["qs"], 2: ["10H"]})
    page = render(picker)
    post = page.posted()
    assert post.getlist("card-0") == ["QS"]
    assert post.getlist("card-2") == ["10H"]
    assert "card-1" not in post
    again = render(cardpicker.build(FrenchNotation(), FOUR, chosen=cardpicker.picked(post, "card", FOUR)))
    assert again.posted() == post


def test_a_picked_card_that_is_no_longer_there_stays_picked_and_enabled() -> None:
    """A form sent back after an error keeps its value even when the card has just been played meanwhile."""
    page = render(cardpicker.build(FrenchNotation(), FOUR[:1], available=["2C"], chosen={0: ["QS"]}))
    (queen,) = find(page, "Ana", "QS")
    assert queen.checked and not queen.disabled


def test_double_deck_card_with_one_copy_left_stays_pickable() -> None:
    """Two decks: a card played once is still there once (and limited to that, across the seats)."""
    deck = Counter(str(c) for c in full_deck() for _ in range(2))
    deck["QS"] -= 1
    deck["AS"] -= 2
    page = render(cardpicker.build(FrenchNotation(double_deck=True), FOUR, available=deck))
    assert not find(page, "Ana", "QS")[0].disabled
    assert find(page, "Ana", "AS")[0].disabled
    html = render_to_string(
        "cards/picker.html", {"picker": cardpicker.build(FrenchNotation(double_deck=True), FOUR, available=deck)}
    )
    assert 'data-value="QS" data-limit="1"' in html and 'data-value="KS" data-limit="2"' in html
    assert "data-exclusive" in html


def test_white_hat_trick_a_count_per_number_and_a_checkbox_for_the_hat() -> None:
    """White Hat: each seat plays a set; a number the box holds six of is one count (a number input from 0 to
    6), not six checkboxes; the single hat is a checkbox. Posted, a count lists its card that often."""
    seats = FOUR[:3]
    picker = cardpicker.build(WhiteHatNotation(), seats, name="play", multiple=True, chosen={1: ["7", "7", "joker"]})
    page = render(picker)
    assert {i.attrs["type"] for i in page.inputs} == {"number", "checkbox"}
    assert not any("required" in i.attrs for i in page.inputs)
    (sevens,) = find(page, "Ben", "7")
    assert sevens.attrs["name"] == "play-1:7"
    assert (sevens.attrs["value"], sevens.attrs["min"], sevens.attrs["max"]) == ("2", "0", "6")
    assert sevens.name == "7, pursuit 2: how many"
    (joker,) = find(page, "Ben", "joker")
    assert (joker.attrs["value"], joker.attrs["max"]) == ("1", "5")
    (hat,) = find(page, "Ben", "hat")
    assert hat.attrs["type"] == "checkbox" and not hat.checked
    assert hat.name == "White Hat, pursuit 5" and "tone-hat" in hat.classes
    assert sorted(cardpicker.posted(page.posted(), "play-1")) == ["7", "7", "joker"]
    assert cardpicker.picked(page.posted(), "play", seats) == {0: [], 1: ["7", "7", "joker"], 2: []}


def test_a_count_that_is_no_whole_number_is_refused_by_name() -> None:
    post = QueryDict("play-1=hat&play-1:7=2&play-1:joker=")
    assert cardpicker.posted(post, "play-1") == ["hat", "7", "7"]
    for bad in ("-1", "two", "1.5", "100", "²"):
        with pytest.raises(cardpicker.BadCount) as refused:
            cardpicker.posted(QueryDict(f"play-1:7={bad}"), "play-1")
        assert refused.value.card == "7"
    assert cardpicker.picked(QueryDict("play-1=hat&play-1:7=x"), "play", [(1, "Ben")]) == {1: ["hat"]}
    empty = QueryDict("play-1:7=0&play-1:9=&play-1:12=2&version=0")
    assert [k for k in empty if cardpicker.empty_count(empty, k)] == ["play-1:7", "play-1:9"]  # "version" is no count


def test_per_seat_caps_the_copies_one_seat_can_pick() -> None:
    page = render(cardpicker.build(WhiteHatNotation(), FOUR[:1], multiple=True, per_seat=2))
    assert [i.attrs["max"] for i in find(page, "Ana", "7")] == ["2"]
    assert len(find(page, "Ana", "hat")) == 1


def test_hats_and_hood_colours_show_a_shape_and_say_their_colour() -> None:
    """Colours: each colour's cards carry its own shape and are named by colour in words."""
    hats = render(cardpicker.build(HatsNotation(types=["red", "blue"], values=[1, 2, 3]), FOUR[:1]))
    (red3,) = find(hats, "Ana", "red-3")
    assert red3.name == "red 3" and red3.row == "red" and "tone-red" in red3.classes
    assert hats.faces[:3] == ["1●", "2●", "3●"] and hats.faces[3:] == ["1◆", "2◆", "3◆"]

    hood = render(cardpicker.build(HoodNotation(framed_faces=["deuce"]), FOUR[:2], exclusive=False))
    (deuce,) = find(hood, "Ben", "blue-deuce*")
    assert deuce.name == "blue Deuce, framed" and deuce.row == "blue, framed"
    assert "Deuce◆✦" in hood.faces
    assert "Pimp Slap●" in hood.faces
    assert "data-exclusive" not in render_to_string(
        "cards/picker.html", {"picker": cardpicker.build(HoodNotation(), FOUR[:2], exclusive=False)}
    )


def test_a_seat_heading_can_say_what_the_seat_does() -> None:
    picker = cardpicker.build(FrenchNotation(), FOUR[:2], legend=lambda name: f"{name} passed")
    assert [s.legend for s in picker.seats] == ["Ana passed", "Ben passed"]
    assert {i.seat for i in render(picker).inputs} == {"Ana passed", "Ben passed"}


@pytest.mark.parametrize(
    ("notation", "value", "german"),
    [
        (FrenchNotation(), "QS", "Pik Dame"),
        (FrenchNotation(), "10H", "Herz 10"),
        (WhiteHatNotation(), "joker", "Joker, Verfolgung 4"),
        (HatsNotation(), "grey-4", "Grau 4"),
        (HoodNotation(), "blue-deuce*", "Blau Deuce, gerahmt"),
    ],
)
def test_card_names_in_german(notation: object, value: str, german: str) -> None:
    with translation.override("de"):
        page = render(cardpicker.build(notation, FOUR[:1]))  # type: ignore[arg-type]
    (card,) = find(page, "Ana", value)
    assert card.name == german


def test_played_card_is_named_played_in_german() -> None:
    with translation.override("de"):
        page = render(cardpicker.build(FrenchNotation(), FOUR[:1], available=["QS"]))
    (two,) = find(page, "Ana", "2C")
    assert two.disabled and two.name == "Kreuz 2, gespielt"


def test_empty_seats_share_one_copy_of_the_cards_on_a_page_whose_script_runs() -> None:
    """Issue 19: a trick's picker is most of its swap. Seats holding nothing share one <template> of the cards (named
    for no seat), which kibitz.js puts into each (data-field names it); a seat holding a card is rendered whole."""

    picker = cardpicker.build(
        FrenchNotation(), [(0, "Ana"), (1, "Ben"), (2, "Cleo")], name="card", chosen={0: ["2C"]}, required=True
    )
    html = cardpicker.render(picker, shared=True)
    assert html.count("<template data-cp-cards>") == 1 and html.count('name="card-0"') == 52
    assert 'data-field="card-1"' in html and 'data-field="card-2"' in html and 'name="card-1"' not in html
    assert html.count('name=""') == 52 and 'name="card-0" value="2C" checked' in html
    alone = cardpicker.build(FrenchNotation(), [(0, "Ana"), (1, "Ben")], name="card", chosen={0: ["2C"]})
    assert "<template" not in cardpicker.render(alone, shared=True)  # one empty seat: nothing to share
    assert "<template" not in cardpicker.render(picker) and cardpicker.render(picker).count('name="card-2"') == 52


# -- decks (issue 19 §3): the board's pickers leave their cards to a deck a swap keeps ------------------------------


def _counts(text: str) -> dict[str, int]:
    return {value: int(n) for value, _eq, n in (item.rpartition("=") for item in text.split())}


def deal(html: str, decks: dict[str, str]) -> str:
    """What kibitz.js makes of a picker left to a deck (fillSeats and deal): each seat its copy of the deck's cards,
    named for the seat, with the picker's data applied. Written from the script's comments, so a picker's data that
    cannot give back its whole rendering fails here; the browser test (tests/e2e/test_parts.py) checks the script."""
    head = re.search(r'data-deck="(\w+)"(?: data-left="([^"]*)")? data-t-off="([^"]*)"', html)
    assert head is not None
    cards, left, off = decks[head[1]], _counts(unescape(head[2] or "")), unescape(head[3])

    def seat(match: re.Match[str]) -> str:
        field, picks = match[2], _counts(unescape(match[3] or ""))
        return f"{match[1]}>{match[4]}{''.join(card(line, field, picks) for line in cards.splitlines(True))}</fieldset>"

    def card(line: str, field: str, picks: dict[str, int]) -> str:
        found = re.search(r'data-value="([^"]*)"( data-limit="\d+")?', line)
        if found is None:
            return line
        value = unescape(found[1])
        n, limit = picks.get(value, 0), left.get(value, -1)  # -1: as in the deck, every copy still there
        if found[2] and limit >= 0:
            line = line.replace(found[0], f'data-value="{found[1]}" data-limit="{limit}"')
        line = re.sub(r'name="(:?)', lambda m: f'name="{field}{m[1]}', line, count=1)
        if n and 'type="number"' in line:
            line = line.replace('value="0"', f'value="{n}"').replace('data-n="0"', f'data-n="{n}"')
        elif n:
            line = re.sub(r'(<input [^>]*?value="[^"]*")', r"\1 checked", line, count=1)
        if n or limit != 0:
            return line
        plain = re.search(r'data-label="([^"]*)"', line) or re.search(r'"visually-hidden">([^<]*)<', line)
        assert plain is not None
        named = off.replace("{card}", unescape(plain[1]))
        line = re.sub(r'(<label class="[^"]*)"', r'\1 cp-off"', line, count=1).replace(plain[1], escape(named))
        return re.sub(r"(<input [^>]*?)>", r"\1 disabled>", line, count=1)

    shells = (
        r'(<fieldset class="cp-seat"[^>]*?) data-field="([^"]*)"(?: data-picks="([^"]*)")?>'
        r"(\n<legend>.*?</legend>\n)</fieldset>"
    )
    return re.sub(shells, seat, html)


def test_a_picker_left_to_a_deck_carries_what_its_whole_rendering_shows() -> None:
    """On the board of a phone whose script ran, a picker's cards go to a deck (the same for every picker of its kind)
    and only what differs from it comes as data: dealt, it is the picker rendered whole, played cards, picks, counts
    and the words for a card no longer there included, for a card per seat and for counts."""
    decks: dict[str, str] = {}
    trick = cardpicker.build(
        FrenchNotation(), FOUR, available=[c for c in full_deck() if c.suit != "C"], chosen={1: ["AS"]}, required=True
    )
    decked = str(cardpicker.render(trick, shared=True, decks=decks))
    assert 'name="card-' not in decked and decked.count("<fieldset") == 4 and len(decks) == 1
    assert 'data-left="2C=0 3C=0' in decked and 'data-picks="AS=1"' in decked
    assert parsed(deal(decked, decks)) == parsed(str(cardpicker.render(trick)))
    with translation.override("de"):
        german = cardpicker.build(FrenchNotation(), FOUR[:2], available=["QS"])
        assert parsed(deal(str(cardpicker.render(german, decks=decks)), decks)) == parsed(
            str(cardpicker.render(german))
        )
    white = WhiteHatNotation()
    play = cardpicker.build(white, FOUR, name="play", multiple=True, chosen={0: ["7", "7"], 2: ["12"]}, available={})
    decked = str(cardpicker.render(play, decks=decks))
    assert parsed(deal(decked, decks)) == parsed(str(cardpicker.render(play)))
    again = cardpicker.build(white, FOUR, name="play", multiple=True)
    cardpicker.render(again, decks=decks)
    assert len(decks) == 3 and 'data-deck="' in decked  # one deck a kind: a second trick's picker uses the same


def test_a_deck_is_written_once_per_kind_and_language() -> None:
    """Every picker of a kind deals from one deck: its markup is worked out once per notation, kind and language
    (the players' names and picks are no part of it), and a picker in another language gets that language's deck."""
    cardpicker._deck_cards.cache_clear()
    trick = cardpicker.build(FrenchNotation(), FOUR, required=True)
    other = cardpicker.build(FrenchNotation(), [(0, "Zoe"), (1, "Yann")], chosen={0: ["QS"]}, required=True)
    first, second = {}, {}  # type: ignore[var-annotated]
    cardpicker.render(trick, decks=first)
    cardpicker.render(other, decks=second)
    assert first == second and cardpicker._deck_cards.cache_info().misses == 1
    with translation.override("fr"):
        french: dict[str, str] = {}
        cardpicker.render(cardpicker.build(FrenchNotation(), FOUR, required=True), decks=french)
    assert french.keys() != first.keys() and cardpicker._deck_cards.cache_info().misses == 2
