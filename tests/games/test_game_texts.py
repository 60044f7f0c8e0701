"""Every word a game makes for people is a Text: refusals, table-file errors, flags, log lines and round
explanations. str() is the English the commands print; a translate function reaches every level, values that
are words (a suit, the moon choice, "revoke", "and") included, while names and cards stay as they are."""

from __future__ import annotations

import pytest

from games import registry, tablefile
from games.base import InvalidEvent, InvalidOptions
from games.players import InvalidPlayers, check_players
from games.rickety_kate import GAME
from games.rickety_kate.events import parse_event
from games.rickety_kate.options import read_options
from games.text import T, Text, join

PLAYERS = ("Ana", "Ben", "Cleo", "Dan")
# A few entries of a pretend catalogue, marked so that each translated level shows.
CATALOGUE = {
    "event %(index)d: %(message)s": "[E %(index)d] %(message)s",
    "%(what)s: %(why)s": "%(what)s => %(why)s",
    "%(text)s is not a card (write rank then suit, like 10H or QS)": "%(text)s? NO CARD",
    "players: %(why)s": "PLAYERS: %(why)s",
    "%(name)s is seated twice": "%(name)s TWICE",
    "the hearts add up to %(sum)d, but %(hearts)d are in play": "HEARTS %(sum)d/%(hearts)d",
    "Trick %(trick)d of hand %(hand)d: %(message)s": "T%(trick)d H%(hand)d: %(message)s",
    "%(name)s played %(card)s on a %(suit)s lead while holding %(other)s (played later).": (
        "%(name)s %(card)s ON %(suit)s, HELD %(other)s"
    ),
    "club": "CLUB",
    "%(name)s %(points)+d penalty (%(reason)s)": "%(name)s %(points)+d PENALTY (%(reason)s)",
    "revoke": "REVOKE",
    "Trick led by %(name)s: %(cards)s (moon: %(choice)s)": "TRICK %(name)s %(cards)s MOON %(choice)s",
    "subtract": "SUBTRACT",
    "%(card)s is passed %(times)s (%(by)s), but the deck has %(copies)s": "%(card)s %(times)s %(by)s %(copies)s",
    "twice": "TWICE",
    "by %(names)s": "BY %(names)s",
    "%(first)s and %(last)s": "%(first)s AND %(last)s",
    "one": "ONE",
}


def translate(msgid: str) -> str:
    return CATALOGUE.get(msgid, msgid)


def replay(*raw: dict, **options: object) -> object:
    return GAME.replay(PLAYERS, read_options(options, PLAYERS), [parse_event(e) for e in raw])


def test_nested_texts_render_at_every_level() -> None:
    inner = T("%(first)s and %(last)s", first=T("%(first)s and %(last)s", first="Ana", last="Ben"), last="Cleo")
    text = T("Trick %(trick)d of hand %(hand)d: %(message)s", trick=2, hand=1, message=join([inner, T("club")], "; "))
    assert str(text) == "Trick 2 of hand 1: Ana and Ben and Cleo; club"
    assert text.render(translate) == "T2 H1: Ana AND Ben AND Cleo; CLUB"


def test_an_event_error_is_a_text_with_its_index_and_the_card_error_inside() -> None:
    with pytest.raises(InvalidEvent) as caught:
        parse_event({"type": "trick", "leader": "Ana", "cards": ["1C", "2C", "3C", "4C"]})
    error = caught.value.at(4)
    assert isinstance(error.message, Text)
    assert str(error) == "event 4: cards: '1C' is not a card (write rank then suit, like 10H or QS)"
    assert isinstance(error.text, Text) and error.text.render(translate) == "[E 4] cards => '1C'? NO CARD"
    assert error.message.render(translate) == "cards => '1C'? NO CARD"  # the page's refusal: no index


def test_a_replay_refusal_is_a_text() -> None:
    with pytest.raises(InvalidEvent) as caught:
        replay({"type": "hand", "hearts": {"Ana": 12}, "lady": "Dan"})
    assert str(caught.value) == "event 0: the hearts add up to 12, but 13 are in play"
    assert caught.value.message.render(translate) == "HEARTS 12/13"


def test_a_pass_refusal_translates_its_words_but_not_its_names_and_cards() -> None:
    with pytest.raises(InvalidEvent) as caught:
        replay({"type": "pass", "cards": {"Ana": ["KS", "2H", "3H"], "Cleo": ["KS", "4H", "5H"]}})
    assert str(caught.value.message) == "K♠ is passed twice (by Ana and Cleo), but the deck has one"
    assert caught.value.message.render(translate) == "K♠ TWICE BY Ana AND Cleo ONE"


def test_options_players_and_table_file_errors_are_texts() -> None:
    with pytest.raises(InvalidOptions) as options:
        read_options({"removed": ["QS"]}, PLAYERS)
    assert isinstance(options.value.message, Text)
    assert str(options.value) == "the lady (Q♠) cannot be taken out of the deck"
    with pytest.raises(InvalidPlayers) as players:
        check_players(["Ana", "Ana", "Ben"], 3, 6)
    assert isinstance(players.value.message, Text) and str(players.value) == "Ana is seated twice"
    data = {"format": "kibitz/1", "game": "rickety-kate", "players": ["Ana", "Ana", "Ben"], "events": []}
    with pytest.raises(tablefile.TableFileError) as bad_file:
        tablefile.read(data)
    assert str(bad_file.value) == "players: Ana is seated twice"
    assert bad_file.value.message.render(translate) == "PLAYERS: Ana TWICE"
    with pytest.raises(registry.UnknownGame) as unknown:
        registry.get("skat")
    assert isinstance(unknown.value, KeyError) and str(unknown.value).startswith("unknown game 'skat' (known: ")


def test_a_flag_message_is_a_text_naming_the_suit_in_words() -> None:
    state = replay(
        {"type": "trick", "leader": "Ana", "cards": ["2C", "3C", "4C", "5H"]},
        {"type": "trick", "leader": "Dan", "cards": ["6C", "2D", "3D", "4D"]},
    )
    (flag,) = [f for f in GAME.review(state) if f.rule == "rk.follow-suit"]
    assert isinstance(flag.message, Text)
    english = "Trick 1 of hand 1: Dan played 5♥ on a club lead while holding 6♣ (played later)."
    assert flag.as_dict()["message"] == english
    assert flag.message.render(translate) == "T1 H1: Dan 5♥ ON CLUB, HELD 6♣"


def test_round_explanations_and_log_lines_are_texts() -> None:
    penalty = {"type": "penalty", "player": "Ben", "reason": "revoke"}
    state = replay(penalty, {"type": "hand", "hearts": {"Ana": 13}, "lady": "Dan"})
    (first,) = GAME.standings(state).rounds
    assert isinstance(first.explain, Text) and str(first.explain) == "Ben +13 penalty (revoke)"
    assert first.explain.render(translate) == "Ben +13 PENALTY (REVOKE)"
    plain = GAME.standings(replay({"type": "hand", "hearts": {"Ana": 13}, "lady": "Dan"})).rounds[0]
    assert plain.explain == "" and "explain" not in plain.as_dict(PLAYERS)
    line = GAME.describe(
        parse_event({"type": "trick", "leader": "Ana", "cards": ["QS"], "moon": "subtract"}),
        PLAYERS,
        GAME.options({}, PLAYERS),
    )
    assert str(line) == "Trick led by Ana: Q♠ (moon: subtract)"
    assert line.render(translate) == "TRICK Ana Q♠ MOON SUBTRACT"
