"""Seat lists (FORMAT.md "players"): unique, non-empty names of at most 40 characters, 3 to 8 seats."""

from __future__ import annotations

import pytest

from games.players import InvalidPlayers, check_players, left_of
from games.rickety_kate import GAME


def check(names: object) -> tuple[str, ...]:
    return check_players(names, GAME.min_players, GAME.max_players)


def test_players_valid_list_is_kept_in_seat_order() -> None:
    """Players: a valid list comes back as a tuple in the same (clockwise) order."""
    assert check(["Dan", "Ana", "Ben"]) == ("Dan", "Ana", "Ben")


def test_players_must_be_a_list() -> None:
    """Players: the seat list is a JSON list."""
    with pytest.raises(InvalidPlayers, match="list"):
        check("Ana, Ben, Cleo")


def test_players_duplicate_name_is_rejected() -> None:
    """Players: names are unique."""
    with pytest.raises(InvalidPlayers, match="twice"):
        check(["Ana", "Ben", "Ana"])


def test_players_explain_is_not_a_name() -> None:
    """Players: not `explain`, the key of a round's breakdown beside the names in score's output."""
    with pytest.raises(InvalidPlayers, match="explain cannot be a player's name"):
        check(["Ana", "explain", "Ben"])
    assert check(["Ana", "Explain", "Ben"])[1] == "Explain"  # only the exact word is taken


@pytest.mark.parametrize("bad", ["", "   ", None, 7])
def test_players_empty_or_non_text_name_is_rejected(bad: object) -> None:
    """Players: every name is non-empty text."""
    with pytest.raises(InvalidPlayers):
        check(["Ana", "Ben", bad])


def test_players_name_of_40_characters_is_allowed_41_is_not() -> None:
    """Players: a name has at most 40 characters."""
    assert check(["A" * 40, "Ben", "Cleo"])[0] == "A" * 40
    with pytest.raises(InvalidPlayers, match="40"):
        check(["A" * 41, "Ben", "Cleo"])


def test_players_too_few_for_rickety_kate() -> None:
    """Players: Rickety Kate needs at least three players."""
    with pytest.raises(InvalidPlayers, match="3 to"):
        check(["Ana", "Ben"])


def test_players_left_is_the_next_name_wrapping_round() -> None:
    """Players: left of a player is the next name; the last player's left is the first."""
    seats = ("Ana", "Ben", "Cleo", "Dan")
    assert left_of(seats, "Ana") == "Ben"
    assert left_of(seats, "Dan") == "Ana"
    assert left_of(seats, "Ana", -1) == "Dan"


@pytest.mark.parametrize(
    "name",
    ["A\u200bna", "\u202eanA", "\ufeffAna", "Ana\u2060", "An\u00ada", "Ana\u200d"],
    ids=["zero-width-space", "right-to-left-override", "bom", "word-joiner", "soft-hyphen", "zero-width-joiner"],
)
def test_players_name_with_an_invisible_format_character_is_refused(name: str) -> None:
    """Players: a name with a format character (Unicode Cf) would look like another name; it is refused."""
    with pytest.raises(InvalidPlayers, match="invisible") as caught:
        check(["Ana", "Ben", name])
    assert len(str(caught.value).splitlines()) == 1


def test_players_name_with_accents_and_other_scripts_is_allowed() -> None:
    """Players: letters of any script and combining accents are ordinary text, not format characters."""
    assert check(["Zoë", "Zoe\u0308", "李雷"]) == ("Zoë", "Zoe\u0308", "李雷")
