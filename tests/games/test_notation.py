"""Card notation per game (FORMAT.md "Cards", "white-hat", "hats", "hood-politix"): read tolerantly, write
canonically, refuse clearly, and name every card in words with a symbol that does not rely on colour."""

from __future__ import annotations

import pickle
from inspect import isclass
from typing import Any

import pytest

import games.notation as shared
from games.cards import CARDS, Card, parse_card
from games.hats.notation import HatsCard, HatsNotation
from games.hood_politix.notation import HoodCard, HoodNotation
from games.notation import CardError, Notation
from games.rickety_kate.notation import FrenchNotation
from games.text import Text
from games.white_hat.notation import DEFAULT_PURSUIT, WHITE_HAT_CARDS, WhiteHatCard, WhiteHatNotation

GERMAN = {
    "%(rank)s of %(suit)s": "%(suit)s %(rank)s",
    "Queen": "Dame",
    "spades": "Pik",
    "%(colour)s %(face)s": "%(colour)s %(face)s",
    "red": "Rot",
    "%(card)s, framed": "%(card)s, gerahmt",
}

NOTATIONS: list[Notation[Any]] = [
    FrenchNotation(),
    WhiteHatNotation(),
    HatsNotation(),
    HoodNotation(),
    HatsNotation(types=["Teal", "dark-blue"], values=[2, 4]),
    HoodNotation(colours=["red", "light blue"], framed_faces=["deuce"]),
]


@pytest.mark.parametrize("notation", NOTATIONS, ids=lambda n: type(n).__name__)
def test_every_card_round_trips_through_its_canonical_text(notation: Notation[Any]) -> None:
    """Every pickable card is written canonically, and that text reads back as the same card."""
    cards = notation.cards()
    assert len(set(cards)) == len(cards)
    for card in cards:
        text = notation.format(card)
        assert notation.parse(text) == card
        assert notation.format(notation.parse(text)) == text


@pytest.mark.parametrize("notation", NOTATIONS, ids=lambda n: type(n).__name__)
def test_every_card_has_a_name_a_face_and_a_row(notation: Notation[Any]) -> None:
    """Pickers: a spoken name (a Text), a visible face, a row; the rows keep the cards in picker order."""
    rows: list[str] = []
    for card in notation.cards():
        assert isinstance(notation.label(card), Text) and str(notation.label(card))
        assert str(notation.face(card))
        assert notation.copies(card) >= 1
        group = notation.group(card)
        assert str(notation.group_label(group))
        if not rows or rows[-1] != group:
            assert group not in rows, "a row's cards sit together"
            rows.append(group)


@pytest.mark.parametrize("notation", NOTATIONS[2:], ids=lambda n: type(n).__name__)
def test_colours_are_told_apart_by_symbol(notation: Notation[Any]) -> None:
    """Colour-blind players: each colour (or type) has its own symbol, the same on all its cards."""
    symbols: dict[str, set[str]] = {}
    for card in notation.cards():
        symbols.setdefault(notation.tone(card), set()).add(notation.symbol(card).rstrip("✦"))
    assert all(len(s) == 1 for s in symbols.values())
    assert len({next(iter(s)) for s in symbols.values()}) == len(symbols)


@pytest.mark.parametrize("notation", NOTATIONS, ids=lambda n: type(n).__name__)
@pytest.mark.parametrize("value", [None, 7, ["QS"], "", "   "])
def test_no_card_from_nothing_or_from_a_non_text(notation: Notation[Any], value: object) -> None:
    """A card is text; nothing, a number or a list is a CardError (a ValueError) with a sentence."""
    with pytest.raises(CardError) as error:
        notation.parse(value)
    assert isinstance(error.value, ValueError)
    assert isinstance(error.value.text, Text)
    assert str(error.value) == str(error.value.text)
    assert "card" in str(error.value)


# What each notation reads (case, spaces, ♣ ♦ ♥ ♠, the frame) and the canonical text it writes for it.
READS: list[tuple[Notation[Any], dict[str, str]]] = [
    (FrenchNotation(), {"qs": "QS", "Q♠": "QS", " 10h ": "10H", "2♣": "2C", "a\u2666\ufe0f": "AD"}),
    (
        WhiteHatNotation(),
        {"7": "7", " 13 ": "13", "07": "7", "Joker": "joker", "JOKER": "joker", "Hat": "hat", "white hat": "hat"},
    ),
    (HatsNotation(), {"red-3": "red-3", "RED-3": "red-3", "Grey - 4": "grey-4", "blue 12": "blue-12"}),
    (
        HoodNotation(),
        {
            "red-7": "red-7",
            "Red-7": "red-7",
            "blue-pimp-slap": "blue-pimp-slap",
            "Blue Pimp Slap": "blue-pimp-slap",
            "GREEN-FIVE-O": "green-five-o",
            "yellow-in-yo-face*": "yellow-in-yo-face*",
            "red-deuce *": "red-deuce*",
            "red-0": "red-0",
        },
    ),
]
NOT_FRENCH = "is not a card: write rank then suit, like 10H or QS"
NOT_WHITE_HAT = "is not a White Hat card: write 1 to 13, joker or hat"
HOOD_FACES = "the face is 0 to 9 or one of five-o, pimp-slap, snitch, in-yo-face, deal, deuce, busted, payback"
# What each notation refuses, and the reason it gives.
REFUSALS: list[tuple[Notation[Any], dict[str, str]]] = [
    (FrenchNotation(), dict.fromkeys(["1C", "11H", "QX", "Q", "S", "QSS", "red-3", "joker"], NOT_FRENCH)),
    (WhiteHatNotation(), dict.fromkeys(["0", "14", "-1", "1.5", "J", "hats", "7S"], NOT_WHITE_HAT)),
    (
        HatsNotation(),
        {
            "red": "is not a card: write type-value, like red-3",
            "-3": "is not a card: write type-value, like red-3",
            "pink-3": "its type is one of red, orange, yellow, green, blue, purple, grey",
            "red-0": "its value must be a whole number from 1 up",
            "red--2": "is not a card",
            "red-x": "its value must be a whole number from 1 up",
            "red-2.5": "its value must be a whole number from 1 up",
            "red-²": "its value must be a whole number from 1 up",
        },
    ),
    (
        HoodNotation(),
        {
            "red-10": HOOD_FACES,
            "red-skip": "the face is 0 to 9 or one of",
            "pink-3": "its colour is one of red, yellow, green, blue",
            "purple-deuce*": "its colour is one of red, yellow, green, blue",
            "red": "write colour-face, like red-7 or blue-deuce",
            "deuce": "write colour-face, like red-7 or blue-deuce",
        },
    ),
]


def each_text(table: list[tuple[Notation[Any], dict[str, str]]]) -> list[Any]:
    """One test case per text of each notation, named by the notation and the text."""
    return [
        pytest.param(notation, text, expected, id=f"{type(notation).__name__}-{text}")
        for notation, expected_by_text in table
        for text, expected in expected_by_text.items()
    ]


@pytest.mark.parametrize(("notation", "text", "canonical"), each_text(READS))
def test_each_notation_reads_tolerantly_and_writes_canonically(
    notation: Notation[Any], text: str, canonical: str
) -> None:
    assert notation.format(notation.parse(text)) == canonical


@pytest.mark.parametrize(("notation", "text", "message"), each_text(REFUSALS))
def test_each_notation_refuses_with_the_reason(notation: Notation[Any], text: str, message: str) -> None:
    with pytest.raises(CardError, match=message):
        notation.parse(text)


# How each notation names a card in words: in English, and in German through GERMAN's catalogue.
LABELS: list[tuple[Notation[Any], dict[str, str], dict[str, str]]] = [
    (FrenchNotation(), {"QS": "Queen of spades", "10H": "10 of hearts", "AC": "Ace of clubs"}, {"QS": "Pik Dame"}),
    (HatsNotation(), {"red-3": "red 3"}, {"red-3": "Rot 3"}),
    (
        HoodNotation(),
        {"red-3": "red 3", "blue-deuce*": "blue Deuce, framed", "green-in-yo-face": "green In Yo Face"},
        {"red-deuce*": "Rot Deuce, gerahmt"},
    ),
]


@pytest.mark.parametrize(("notation", "english", "german"), LABELS, ids=[type(n).__name__ for n, _, _ in LABELS])
def test_labels_say_the_card_in_words(notation: Notation[Any], english: dict[str, str], german: dict[str, str]) -> None:
    assert {text: str(notation.label(notation.parse(text))) for text in english} == english
    in_german = {text: notation.label(notation.parse(text)).render(lambda m: GERMAN.get(m, m)) for text in german}
    assert in_german == german


# -- French ----------------------------------------------------------------------------------------------------


def test_french_is_the_existing_card() -> None:
    """The French notation hands out games.cards.Card, the very objects parse_card gives (hashing by index)."""
    french = FrenchNotation()
    assert french.parse("QS") is CARDS["QS"]
    assert french.parse("q♠") == parse_card("QS") == Card("S", "Q")
    assert french.cards() == tuple(sorted(CARDS.values()))


def test_french_removed_cards_are_out_of_the_deck() -> None:
    """`removed`: the cards taken out are not pickable, and naming one says so."""
    three = FrenchNotation(removed=["2S"])
    assert parse_card("2S") not in three.cards()
    assert len(three.cards()) == 51
    with pytest.raises(CardError, match="2♠ is not in the deck at this table"):
        three.parse("2s")


def test_french_shows_the_suit_symbol_and_rows_by_suit() -> None:
    french = FrenchNotation()
    assert [french.symbol(french.parse(f"2{s}")) for s in "CDHS"] == ["♣", "♦", "♥", "♠"]
    assert [str(french.group_label(g)) for g in "CDHS"] == ["clubs", "diamonds", "hearts", "spades"]
    assert french.face(french.parse("10D")) == "10"


def test_french_double_deck_holds_two_of_each() -> None:
    assert FrenchNotation(double_deck=True).copies(parse_card("QS")) == 2
    assert FrenchNotation().copies(parse_card("QS")) == 1


# -- White Hat -------------------------------------------------------------------------------------------------


def test_white_hat_cards_are_one_to_thirteen_joker_and_hat() -> None:
    notation = WhiteHatNotation()
    assert [notation.format(c) for c in notation.cards()] == [*map(str, range(1, 14)), "joker", "hat"]
    assert sum(notation.copies(c) for c in notation.cards()) == 84  # FORMAT.md: the box holds 84 cards


def test_white_hat_card_knows_numbers_and_wilds() -> None:
    notation = WhiteHatNotation()
    seven, joker, hat = notation.parse("7"), notation.parse("joker"), notation.parse("hat")
    assert (seven.number, seven.wild) == (7, False)
    assert (joker.number, joker.wild, joker.is_joker) == (None, True, True)
    assert (hat.number, hat.wild, hat.is_hat) == (None, True, True)
    assert seven < joker < hat
    assert WhiteHatCard(7) == seven
    with pytest.raises(ValueError, match="no such White Hat card"):
        WhiteHatCard(16)


def test_white_hat_cards_are_one_instance_each_and_order_by_rank() -> None:
    """WhiteHatCard: one instance of each card, however it is made or read (equality and hashing are the
    object's own), pickled and unpickled as that instance; cards still sort by rank."""
    notation = WhiteHatNotation()
    assert WhiteHatCard(7) is notation.parse("7") is notation.parse(" 07 ") is WHITE_HAT_CARDS["7"]
    assert pickle.loads(pickle.dumps(WHITE_HAT_CARDS["hat"])) is WHITE_HAT_CARDS["hat"]
    assert WHITE_HAT_CARDS["7"] != WHITE_HAT_CARDS["8"] and len({WhiteHatCard(7), notation.parse("7")}) == 1
    shuffled = [WHITE_HAT_CARDS[face] for face in ("hat", "13", "joker", "1", "7")]
    assert [str(c) for c in sorted(shuffled)] == ["1", "7", "13", "joker", "hat"]
    assert WHITE_HAT_CARDS["1"] <= WHITE_HAT_CARDS["1"] < WHITE_HAT_CARDS["2"] and WhiteHatCard(15) > WhiteHatCard(14)


def test_white_hat_labels_name_the_card_and_its_pursuit_value() -> None:
    """UI.md: White Hat cards show rank and pursuit value; the hat and the jokers stand out."""
    notation = WhiteHatNotation()
    assert str(notation.label(notation.parse("7"))) == "7, pursuit 2"
    assert str(notation.label(notation.parse("joker"))) == "joker, pursuit 4"
    assert str(notation.label(notation.parse("hat"))) == "White Hat, pursuit 5"
    assert notation.note(notation.parse("13")) == "3"
    assert {notation.tone(notation.parse(t)) for t in ("1", "joker", "hat")} == {"number", "joker", "hat"}
    assert notation.symbol(notation.parse("joker")) and notation.symbol(notation.parse("hat"))


def test_white_hat_pursuit_follows_the_table() -> None:
    """`pursuit`: the table's values replace the defaults for the cards it names; unknown cards are refused."""
    notation = WhiteHatNotation(pursuit={"3": 0, "joker": 6})
    assert notation.note(notation.parse("3")) == "0"
    assert notation.note(notation.parse("joker")) == "6"
    assert notation.note(notation.parse("4")) == str(DEFAULT_PURSUIT["4"])
    with pytest.raises(ValueError, match="pursuit names cards that do not exist: 14"):
        WhiteHatNotation(pursuit={"14": 1})


# -- Hats ------------------------------------------------------------------------------------------------------


def test_hats_splits_at_the_last_hyphen_and_writes_the_type_as_the_options_spell_it() -> None:
    notation = HatsNotation(types=["Dark-Blue", "red"])
    assert notation.parse("dark-blue-3") == HatsCard("Dark-Blue", 3)
    assert notation.format(notation.parse("DARK BLUE-3")) == "Dark-Blue-3"


def test_hats_values_are_any_positive_integer() -> None:
    """Cards are not assumed unique and any positive value reads; the picker offers `values`."""
    notation = HatsNotation()
    assert notation.parse("red-40").value == 40
    assert [c.value for c in notation.cards() if c.type == "red"] == [1, 2, 3, 4, 5, 6]
    assert len(HatsNotation(types=["red", "blue"], values=[5, 1]).cards()) == 4


def test_hats_types_come_from_the_options() -> None:
    """With two players the table removes two types: a card of a removed type is an error."""
    five = HatsNotation(types=["red", "orange", "yellow", "green", "blue"])
    with pytest.raises(CardError, match="its type is one of red, orange, yellow, green, blue"):
        five.parse("grey-1")
    with pytest.raises(ValueError, match="types names one twice"):
        HatsNotation(types=["red", "Red"])
    with pytest.raises(ValueError, match="values must be positive"):
        HatsNotation(values=[0])


def test_hats_labels_and_rows_say_the_type() -> None:
    notation = HatsNotation()
    assert str(HatsNotation(types=["teal"]).label(HatsCard("teal", 2))) == "teal 2"
    assert str(notation.group_label("grey")) == "grey"


# -- Hood Politix ----------------------------------------------------------------------------------------------


def test_hood_card_parts() -> None:
    notation = HoodNotation(colours=["light blue", "red"])
    assert notation.parse("light-blue-deuce*") == HoodCard("light blue", "deuce", framed=True)
    assert notation.format(notation.parse("LIGHT BLUE-3")) == "light blue-3"
    card = notation.parse("red-7")
    assert (card.number, card.action, card.framed) == (7, None, False)
    assert notation.parse("red-busted").action == "busted"


def test_hood_framed_cards_sit_in_their_own_row_and_carry_a_mark() -> None:
    notation = HoodNotation(framed_faces=["deuce", "busted"])
    plain, framed = notation.parse("red-deuce"), notation.parse("red-deuce*")
    assert notation.group(plain) != notation.group(framed)
    assert str(notation.group_label(notation.group(framed))) == "red, framed"
    assert notation.symbol(framed) == notation.symbol(plain) + "✦"
    assert len(notation.cards()) == 4 * 18 + 4 * 2
    with pytest.raises(ValueError, match="framed_faces: no such face"):
        HoodNotation(framed_faces=["skip"])


def test_hood_a_framed_card_has_one_star() -> None:
    """FORMAT.md: a trailing `*` marks the framed card; two stars are no card."""
    assert HoodNotation().parse("blue-3*").framed
    with pytest.raises(CardError):
        HoodNotation().parse("blue-3**")


def test_each_game_keeps_its_notation_in_its_own_package() -> None:
    """Issue 17 "Each game in its room": games/notation.py holds the protocol and what several games share, and
    no game's cards; each notation lives in its game's package, beside the rules that use it."""
    assert [n for n, v in vars(shared).items() if isclass(v) and v.__module__ == shared.__name__] == ["Notation"]
    for notation, game in [
        (FrenchNotation, "rickety_kate"),
        (WhiteHatNotation, "white_hat"),
        (HatsNotation, "hats"),
        (HoodNotation, "hood_politix"),
    ]:
        assert notation.__module__ == f"games.{game}.notation"
